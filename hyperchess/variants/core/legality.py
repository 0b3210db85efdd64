"""Which moves are legal, and whether the game is over: the one legality rule of every game (a side with one
royal piece may not leave it attacked; other sides ask the game's ``filter_moves``), the game's own end and its outcome (variants/core/outcome.py). ``Position``'s methods of these names call them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import CASTLE, EMPTY, EN_PASSANT, SPECIAL, Move
from hyperchess.variants.core.attacks import pins as pins_of
from hyperchess.variants.core.outcome import Outcome

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


def legal_moves(pos: Position) -> list[Move]:
    """All legal moves. Empty when the game is over by a game rule (e.g. a king captured). A game with
    the hook ``legal_after`` (``has_legal_after``) has the last word on the list (e.g. a pass allowed
    only when nothing else is)."""
    t = pos.rules
    if t.has_game_over and pos.game_over() is not None:
        return []
    moves = king_safe_moves(pos)
    if t.through_check:
        moves = through_check_moves(pos, moves)
    if t.has_legal_after:
        return pos.game.legal_after(pos, moves)
    return moves


def through_check_moves(pos: Position, safe: list[Move]) -> list[Move]:
    """``Game.through_check`` (variants/core/turns.py): besides the ``safe`` moves, those that leave the mover's
    royal piece attacked but end the game (its move took the enemy's royal piece) or keep its turn going with
    a legal move to follow (a later move of the turn must make the royal piece safe)."""
    us = pos.turn
    known = set(safe)
    out = list(safe)
    for m in pos.pseudo_legal_moves():
        if m in known:
            continue
        pos.push(m)
        ok = pos.game_over() is not None or (pos.turn == us and pos.turn_move > 0 and len(legal_moves(pos)) > 0)
        pos.pop()
        if ok:
            out.append(m)
    return out


def king_safe_moves(pos: Position) -> list[Move]:
    """The pseudo-legal moves that leave the mover's royal piece unattacked (a side without exactly one:
    the game's ``filter_moves``), before the game's own end and its ``legal_after`` hook."""
    t = pos.rules
    g = pos.game
    moves = pos.pseudo_legal_moves()
    us = pos.turn
    k = pos.king_cell(us)
    if k < 0:
        return g.filter_moves(pos, moves) if t.has_filter else moves
    # dead armies (variants/rules/free_for_all.py): only live colours attack
    enemies = g.live_enemies(pos, us) if t.dead_armies else t.enemies[us]
    out: list[Move] = []
    # lame leaps and hoppers (indirect attacks): any move may open or close an attack
    if t.indirect or pos.attacked(k, enemies):
        for m in moves:
            if safe_after(pos, m):
                out.append(m)
        return out
    pins = pins_of(pos, k, us, enemies)
    b = pos.cells
    if not pins and pos.ep < 0 and not pos.windows and t.plain_special:
        # Nothing pinned, no en passant: only king moves can be illegal. Test those alone
        # and keep the generated order (a big board's 300+ moves pass untouched).
        bad: list[Move] = []
        king = b[k]
        b[k] = EMPTY
        for m in moves:
            if m[0] == k and m[3] != CASTLE and pos.attacked(m[1], enemies):
                bad.append(m)
        b[k] = king
        if pos.rights:
            # castling: its passed squares were tested when generated, the king's landing square is
            # tested here after the move, with the rook moved (it may have shielded that square)
            for m in moves:
                if m[3] == CASTLE and not castle_safe(pos, m, enemies):
                    bad.append(m)
        if t.tried_flags:
            for m in moves:
                if m[3] in t.tried_flags and not safe_after(pos, m):
                    bad.append(m)
        if not bad:
            return moves
        bad_set = set(bad)
        for m in moves:
            if m not in bad_set:
                out.append(m)
        return out
    for m in moves:
        frm = m[0]
        to = m[1]
        flag = m[3]
        if frm == k:
            if flag == CASTLE:
                if castle_safe(pos, m, enemies):   # passed squares: at generation; landing: here
                    out.append(m)
                continue
            king = b[k]
            b[k] = EMPTY
            safe = not pos.attacked(to, enemies)
            b[k] = king
            if safe and flag >= SPECIAL:
                safe = safe_after(pos, m)
            if safe:
                out.append(m)
        elif flag == EN_PASSANT or (flag >= SPECIAL and (flag not in g.special_legality
                                                         or flag in t.tried_flags)):
            if safe_after(pos, m):
                out.append(m)
        elif flag >= SPECIAL and g.special_legality[flag] == "stays":
            out.append(m)
        elif frm in pins:
            if to in pins[frm]:
                out.append(m)
        else:
            out.append(m)
    return out


def castle_safe(pos: Position, move: Move, enemies: tuple[int, ...]) -> bool:
    """Is the king's landing square unattacked once king and rook stand on their new squares? (The rook
    may have shielded that square before it moved: Millennium's shared centre rook.)"""
    rule = pos.game.castling[move[2]]
    b = pos.cells
    kf = rule.king_from
    rf = rule.rook_from
    rt = rule.rook_to
    kt = rule.king_to
    king = b[kf]
    rook = b[rf]
    was_rt = b[rt]
    was_kt = b[kt]
    b[kf] = EMPTY
    b[rf] = EMPTY
    b[rt] = rook
    b[kt] = king
    safe = not pos.attacked(kt, enemies)
    b[kt] = was_kt          # in reverse order: the cells may coincide
    b[rt] = was_rt
    b[rf] = rook
    b[kf] = king
    return safe


def ep_legal(pos: Position) -> bool:
    """Can the side to move really capture en passant, not just by the pawn's pattern?

    FIDE counts positions as the same only when the same moves are possible, so an en-passant
    square that no legal capture uses is not part of the position (as in python-chess).
    """
    g = pos.game
    us = pos.turn
    if g.players != 2 or pos.king(us) is None:
        return True
    b = pos.board
    for c, codes in g.pawn_attacks[us][pos.ep]:
        if b[c] in codes and safe_after(pos, (c, pos.ep, pos.ep_victim, EN_PASSANT)):
            return True
    return False


def safe_after(pos: Position, move: Move) -> bool:
    """Is the mover's royal piece safe once ``move`` is made (made and taken back to see)?"""
    us = pos.turn
    before = pos.king(us)
    pos.push(move)
    ok = not pos.king_exposed(move, us, before)
    pos.pop()
    return ok


def outcome(pos: Position, claim_draw: bool = True) -> Outcome | None:
    """The game's result if it is over by rule, else None. With ``claim_draw`` (the engine's and the
    referee's view) the n-move and repetition draws count as soon as they stand; without it only what
    ends the game by itself does: a game whose draws are claimed (``Game.automatic_fifty_plies``,
    ``Game.automatic_repetition``; FIDE 9.6: 75 moves, fivefold) ends at those counts instead."""
    g = pos.game
    special = pos.game_over() if g.has_game_over else None
    if special is not None:
        return special
    if not legal_moves(pos):
        if pos.in_check():
            return g.mate_outcome(pos)
        return g.stalemate_outcome(pos)
    if g.insufficient_material(pos):
        return Outcome("1/2-1/2", "Insufficient material", "insufficient")
    fifty, repetition = g.fifty_plies, g.repetition
    if not claim_draw:
        fifty, repetition = g.automatic_fifty_plies or fifty, g.automatic_repetition or repetition
    if pos.halfmove >= fifty:
        return g.fifty_outcome(pos, fifty)
    if repetition and pos.repetitions() >= repetition:
        return g.repetition_outcome(pos, repetition)
    return None
