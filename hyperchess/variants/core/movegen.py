"""Move generation: the pseudo-legal moves of the side to move, read from the game's compiled tables.

One generator for every game (sunfish style: the tables hold each cell's rays, leaps and pawn-like moves as
ready-made move tuples, variants/board/move_tables.py; the loops stay flat). ``Position.pseudo_legal_moves`` and
``Position.capture_moves`` call these; whether a move leaves the mover's king attacked is tested later, by
``Position.legal_moves`` or by the search only for the moves it tries.
"""
from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import CASTLE, EN_PASSANT, EP_PROMOTED, HOLE, PROMOTION, Move
from hyperchess.variants.board.pieces import Mode

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


def pseudo_legal_moves(pos: "Position") -> list[Move]:
    """Every move the pieces' own rules allow (the king's safety untested)."""
    t = pos.rules
    b = pos.cells
    us = pos.turn
    enemy = t.enemy[us]
    tables = t.tables
    moves: list[Move] = []
    if TYPED:
        # Compiled: the rides and leaps from the flat int arrays of Game.flat_rays (a leap is a one-cell
        # ray), the enemy test from bytes; the same moves in the same order as the tuples' loop below.
        first = t.ray_first
        start = t.ray_start
        cells = t.ray_cells
        ray_moves = t.ray_moves
        flag = t.enemy_flag
        base = us * t.ncodes
        n = t.size
        occ = pos.occupied[us]          # a CellSet (movegen.pxd): its cells read as C ints
        for ix in range(occ.n):
            frm = occ.cells[ix]
            k = b[frm] * n + frm
            for r in range(first[k], first[k + 1]):
                for j in range(start[r], start[r + 1]):
                    q = b[cells[j]]
                    if not q:
                        moves.append(ray_moves[j])
                    else:
                        if flag[base + q]:
                            moves.append(ray_moves[j])
                        break
            pawnish = t.pawnish[k]
            if pawnish is None:
                continue
            if not t.pawn_plain[k]:
                pawn_moves(pos, frm, pawnish, moves)
                continue
            # a plain pawn (table_arrays.flat_pawn_steps): pawn_moves' moves in its order, from flat arrays
            for j in range(t.step_first[k], t.step_first[k + 1]):
                if not b[t.step_cells[j]]:
                    moves.append(t.step_moves[j])
            for j in range(t.pawn_first[k], t.pawn_first[k + 1]):
                to = t.pawn_cells[j]
                q = b[to]
                if q:
                    if flag[base + q]:
                        moves.append(t.pawn_moves[j])
                elif to == pos.ep:
                    moves.append((frm, to, pos.ep_victim, EN_PASSANT))
            if t.path_first[k] < t.path_first[k + 1] and (not t.double_step_once or pos.rights & t.path_bit[frm]):
                for j in range(t.path_first[k], t.path_first[k + 1]):
                    if not b[t.path_to[j]]:
                        free = True
                        for x in range(t.between_first[j], t.between_first[j + 1]):
                            if b[t.between[x]]:
                                free = False
                                break
                        if free:
                            moves.append(t.path_moves[j])
    else:
        for frm in pos.occupied[us]:
            p = b[frm]
            rides, leaps, pawnish = tables[p][frm]
            for ray in rides:
                for to, mv in ray:
                    q = b[to]
                    if not q:
                        moves.append(mv)
                    else:
                        if enemy[q]:
                            moves.append(mv)
                        break
            for to, mv in leaps:
                q = b[to]
                if not q or enemy[q]:
                    moves.append(mv)
            if pawnish is not None:
                pawn_moves(pos, frm, pawnish, moves)
    if pos.rights:
        castling_moves(pos, us, moves)
    if pos.windows:
        window_captures(pos, moves)
    if t.has_special:
        pos.game.special_moves(pos, moves)
    if t.dedupe:
        moves = unique_moves(pos, moves)
    if t.has_restrict:
        moves = pos.game.restrict_moves(pos, moves)
    return moves


def capture_moves(pos: "Position") -> list[Move]:
    """The pseudo-legal moves quiescence looks at: captures of an enemy piece, promotions and en
    passant. The same move tuples as :meth:`pseudo_legal_moves`, without generating quiet moves."""
    t = pos.rules
    b = pos.cells
    enemy = t.enemy[pos.turn]
    tables = t.tables
    first = t.ray_first                 # Game.flat_rays, for the compiled loops (one assignment each: typed)
    start = t.ray_start
    cells = t.ray_cells
    ray_moves = t.ray_moves
    pawn_first = t.pawn_first
    pawn_cells = t.pawn_cells
    pawn_captures = t.pawn_moves
    n = t.size
    moves: list[Move] = []
    occ = pos.occupied[pos.turn]        # a CellSet (movegen.pxd): its cells read as C ints
    for ix in range(occ.n):
        frm = occ.cells[ix]
        p = b[frm]
        k = p * n + frm
        # Each ride or leap captures the first piece it meets if that is an enemy. Compiled, the loop reads
        # the flat int arrays of Game.flat_rays; as Python it iterates the move tables' tuples, which is
        # faster there (docs/history/performance-log.md, session 27). Both give the same moves in the same order.
        if TYPED:
            for r in range(first[k], first[k + 1]):
                for j in range(start[r], start[r + 1]):
                    q = b[cells[j]]
                    if q:
                        if enemy[q]:
                            moves.append(ray_moves[j])
                        break
        else:
            rides, leaps, _ = tables[p][frm]
            for ray in rides:
                for to, mv in ray:
                    q = b[to]
                    if q:
                        if enemy[q]:
                            moves.append(mv)
                        break
            for to, mv in leaps:
                q = b[to]
                if q and enemy[q]:
                    moves.append(mv)
        pawnish = t.pawnish[k]
        if pawnish is None:
            continue
        if pawnish[8]:              # no promotion, hinged or lame leap, no hopper: only captures, e.p.
            if TYPED:
                for j in range(pawn_first[k], pawn_first[k + 1]):
                    to = pawn_cells[j]
                    q = b[to]
                    if q:
                        if enemy[q]:
                            moves.append(pawn_captures[j])
                    elif to == pos.ep:
                        moves.append((frm, to, pos.ep_victim, EN_PASSANT))
            else:
                for to, mv in pawnish[1]:
                    q = b[to]
                    if q:
                        if enemy[q]:
                            moves.append(mv)
                    elif to == pos.ep:
                        moves.append((frm, to, pos.ep_victim, EN_PASSANT))
        else:
            pawn_moves(pos, frm, pawnish, moves, False)
    if pos.windows:
        window_captures(pos, moves)
    if t.has_special:
        special: list[Move] = []
        pos.game.special_moves(pos, special)
        for m in special:
            if enemy[b[m[1]]]:
                moves.append(m)
    if t.dedupe:
        moves = unique_moves(pos, moves)
    if t.has_restrict:
        moves = pos.game.restrict_moves(pos, moves)
    return moves


def unique_moves(pos: "Position", moves: list[Move]) -> list[Move]:
    """``moves`` without repeats, each at its first place: on a wrapped board two rays of a piece can reach
    the same cell. Compiled, a stamp per (from, to) pair finds the candidates, and only a pair met before
    compares whole moves (the tuples' hashes cost a fifth of a wrapped game's perft,
    docs/history/performance-log.md, session 35)."""
    if not TYPED:
        return list(dict.fromkeys(moves))
    t = pos.rules
    n = t.size
    seen = t.seen
    where = t.seen_at
    t.stamp += 1
    if t.stamp == 0:                # wrapped around: no old stamp may match
        for i in range(n * n):
            seen[i] = 0
        t.stamp = 1
    stamp = t.stamp
    if len(t.seen_keys) < len(moves):
        t.seen_keys = array("i", bytes(4 * 2 * len(moves)))     # room for twice this list
    keys = t.seen_keys              # the (from, to) of each kept move, by its place in ``out``
    out: list[Move] = []
    odd = None                      # moves whose cells are not two board cells (drops): by hash
    for m in moves:
        frm = m[0]
        to = m[1]
        if frm < 0 or frm >= n or to < 0 or to >= n:
            if odd is None:
                odd = set()
            if m not in odd:
                odd.add(m)
                keys[len(out)] = -1
                out.append(m)
            continue
        key = frm * n + to
        if seen[key] != stamp:
            seen[key] = stamp
            where[key] = len(out)
            keys[len(out)] = key
            out.append(m)
            continue
        fresh = True
        for i in range(where[key], len(out)):
            if keys[i] == key:
                x = out[i]
                if x is m or x == m:
                    fresh = False
                    break
        if fresh:
            keys[len(out)] = key
            out.append(m)
    return out


def pawn_moves(pos: "Position", frm: int, pawnish: tuple, moves: list, quiet: bool = True) -> None:
    """Pawn moves from ``frm``; with ``quiet`` false only captures, en passant and promotions."""
    b = pos.cells
    us = pos.turn
    t = pos.rules
    enemy = t.enemy[us]
    qleaps, cleaps, paths, qrides, zone, hinged, lame, hops, _ = pawnish
    if paths and t.double_step_once and not pos.rights & t.path_bit[frm]:
        paths = ()                      # this cell's original pawn has moved: its double step is spent
    for hinges, to, mv in hinged:
        q = b[to]
        if (q and enemy[q]) or (not q and quiet):
            for h in hinges:
                if b[h] != HOLE:
                    moves.append(mv)
                    break
    promos = None
    for to, mv in qleaps:
        if not b[to]:
            if zone is not None and to in zone:
                promos = promote(pos, frm, to, promos, moves)
            elif quiet:
                moves.append(mv)
    for to, mv in cleaps:
        q = b[to]
        if q:
            if enemy[q]:
                if zone is not None and to in zone:
                    promos = promote(pos, frm, to, promos, moves)
                else:
                    moves.append(mv)
        elif to == pos.ep:
            en_passant(pos, frm, to, pos.ep_victim, moves)
    for between, to, mv in paths:
        if not b[to]:
            for x in between:
                if b[x]:
                    break
            else:
                if zone is not None and to in zone:
                    promos = promote(pos, frm, to, promos, moves)
                elif quiet:
                    moves.append(mv)
    for between, to, mv, mode in lame:
        q = b[to]
        promoting = zone is not None and to in zone
        if (q and enemy[q] and mode is not Mode.MOVE) or (not q and (quiet or promoting) and mode is not Mode.CAPTURE):
            for x in between:
                if b[x]:
                    break
            else:
                if promoting:           # a pawn's lame leap into its zone promotes (FSF's xhess pawn, fhmnN)
                    promos = promote(pos, frm, to, promos, moves)
                else:
                    moves.append(mv)
    for ray, style, mode, unlike in hops:
        i = 0
        n = len(ray)
        while i < n and not b[ray[i][0]]:
            i += 1
        if unlike and i < n and b[ray[i][0]] in unlike:
            continue                    # it may not hop over a piece of its own kind
        for to, mv in (ray[i + 1:i + 2] if style == "g" else ray[i + 1:]):
            q = b[to]
            if q:
                if enemy[q] and mode is not Mode.MOVE and not (unlike and q in unlike):
                    moves.append(mv)
                break
            if quiet and mode is not Mode.CAPTURE:
                moves.append(mv)
    if not quiet:
        return
    for ray in qrides:
        for to, mv in ray:
            if b[to]:
                break
            moves.append(mv)


def promote(pos: "Position", frm: int, to: int, promos, moves: list):
    """A pawn's move from ``frm`` onto its promotion zone at ``to``: one move per choice. ``promos`` is the
    choices if this pawn's generation already asked the game for them, else None; they are returned."""
    if promos is None:
        promos = pos.game.promotion_choices(pos, pos.turn)
    for code in promos:
        moves.append((frm, to, code, PROMOTION))
    return promos


def castling_moves(pos: "Position", us: int, moves: list) -> None:
    """The castlings ``us`` may make now: rights kept, cells between empty, the king's cells not attacked."""
    b = pos.cells
    rights = pos.rights
    t = pos.rules
    checkable = t.castle_safety_always or pos.king_cell(us) >= 0
    enemies = t.enemies[us]
    for need, empty, safe, move in t.castlings[us]:
        if rights & need != need:
            continue
        ok = True
        for c in empty:
            if b[c]:
                ok = False
                break
        if ok and checkable:
            for c in safe:
                if pos.attacked(c, pos.game.castling_threats(pos, us, c) if t.castling_hooked else enemies):
                    ok = False
                    break
        if ok:
            moves.append(move)


def window_captures(pos: "Position", moves: list) -> None:
    """En-passant captures the side to move may make through its open windows."""
    us = pos.turn
    bit = 1 << us
    b = pos.board
    attacks = pos.game.pawn_attacks[us]
    for ep, victim, _, mask in pos.windows:
        if mask & bit:
            for c, codes in attacks[ep]:
                if b[c] in codes:
                    en_passant(pos, c, ep, victim, moves)



def en_passant(pos: "Position", frm: int, to: int, victim: int, moves: list) -> None:
    """The en passant capture from ``frm`` to ``to`` of the pawn on ``victim``. A pawn that lands on its
    promotion zone promotes, whatever move brought it there: one move per choice."""
    zone = pos.rules.tables[pos.board[frm]][frm][2][4]
    if zone is not None and to in zone:
        for code in pos.game.promotion_choices(pos, pos.turn):
            moves.append((frm, to, victim | code << EP_PROMOTED, EN_PASSANT))
    else:
        moves.append((frm, to, victim, EN_PASSANT))
