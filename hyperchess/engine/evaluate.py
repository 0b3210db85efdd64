"""Positional terms beyond material and placement, built from each game's own move tables.

``Evaluator(game).positional(pos, king_safety)`` returns mobility + king safety + pawns + pairs in
centipawns, team 0 minus team 1 (like ``Position.score``). Every table below is derived from the
game's compiled move tables (``Game.tables``), its pawn tables and its geometry, so the same code serves
flat boards, the cylinder, the stacked levels and the 512-cell cube; the weights are data in each game
module (``Game.eval_weights``, ``variants.core.game.EvalWeights``).

- **Mobility**: for every piece that is neither a pawn nor royal, the cells its slides reach up to and
  including the first occupied cell, plus its leaps to cells not held by its own side, times a per-piece
  weight of ``mobility * 10 / (its largest reach on the empty board)`` centipawns a cell (kept in
  sixteenths): at the default 4 a knight (8 cells) counts 5 cp a cell, a bishop 3, a rook 2.9, a queen (27)
  1.5, a 3D queen far less per cell, so a piece with its full reach gains 40 cp over a piece with none.
- **King safety** (two-player games, colours with exactly one royal piece, middlegame only; the
  four-player game has its own king-danger hook): the same walk counts the enemy
  pieces' attacks on the cells next to the royal piece (its "zone": one king step in every direction of
  the geometry): ``king_attack * units * attackers // 4`` (one lone attacker is no attack), minus
  ``king_defence`` for each zone cell our own pieces attack (capped at the zone's size), and
  ``king_shelter`` for each own pawn in the zone.
- **Passed pawns**: a pawn none of whose forward cells (the cells its pushes reach on the way to its
  promotion zone) holds an enemy pawn or is attacked by a cell holding one — the usual "no enemy pawn in
  front on this or an adjacent file", built from the pawn tables so that it means the same on every board.
  Bonus ``passed_base + passed_advance * progress**2`` (progress 0..1 toward the zone, from the same
  distance table as the placement bonus).
- **Pawn structure**: ``doubled`` for a pawn with an own pawn ahead on its push line (the cells its pushes
  reach, however far), ``isolated`` for a pawn no own pawn supports: none stands where a pawn's capture
  reaches a cell of its push line, back or forth (on a chessboard: no own pawn on a neighbouring file).
- **Pair** (``pair``): per colour-bound kind (no move of it changes the colour of its cell: the bishop),
  a side that has it on cells of both colours.
- **Castling** (two-player games with castling rules): ``castling`` for a royal piece on its home cell
  while one of its castlings is still allowed, or on a castled cell (a castling's landing cell, or a cell
  only the rook crosses or starts from: g1 h1, c1 b1 a1), so that walking the king off early costs what
  castling keeps. Scaled by the enemy's remaining pieces (not pawns), so it fades in the endgame.
"""
from __future__ import annotations

from array import array
from typing import Sequence
from hyperchess.variants.core.game import EvalWeights
from hyperchess.variants.core.position import Position

try:
    import cython
    TYPED = cython.compiled         # true in the compiled module (setup.py), false when run as Python
except ImportError:                 # no Cython installed: always Python
    TYPED = False

PAWN_CACHE = 1 << 16     # pawn-term values kept per game, by the pawn key's low 16 bits (the newest kept)
NO_VALUE = -(1 << 40)    # no pawn terms cached for a key
KEY_BITS = (1 << 64) - 1
SKIPPED_KEY = 0x9E3779B97F4A7C15     # eliminated colours mixed into the pawn key (a 64-bit odd constant)
STEPS = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]


def _pairs(colours: dict[int, int]) -> int:
    """How many colour-bound kinds stand on cells of both colours (``colours``: kind -> colour bits)."""
    n = 0
    for bits in colours.values():
        if bits == 3:
            n += 1
    return n


class Evaluator:
    """Per-game tables for the positional terms (built once per game object)."""

    def __init__(self, game) -> None:
        self.game = game
        w: EvalWeights = game.eval_weights
        self.weights = w
        g = game.geometry
        n = g.size
        ncodes = game.ncodes
        self.players = game.players
        self.team_sign = game.team_sign
        self.enemy = [bytes(row) for row in game.enemy]     # per colour, per code: 1 for an enemy piece
        # walk[code][cell] = rays as cell tuples (leaps as one-cell rays) for non-pawn non-royal pieces, else None
        self.walk: list[list | None] = [None] * ncodes
        mob_weight = [0] * ncodes
        # per code, as typed arrays (read as C numbers by the compiled walk): pawn or not, the weights below
        self.pawn = array("B", [c in game.pawn_codes for c in range(ncodes)])
        self.mobility_on = w.mobility > 0
        # the piece walk is needed for mobility and for the attacks on the king zones (built only then)
        self.walk_on = self.mobility_on or (game.players == 2 and (w.king_attack > 0 or w.king_defence > 0))
        # the pieces the walk would hold: neither pawns nor royal
        walked = [False] * ncodes
        for code in range(ncodes):
            kind = game.kind_of[code]
            if not kind or game.owner[code] < 0:
                continue
            piece = game.pieces[kind]
            if piece.pawn or piece.royal:
                continue
            walked[code] = True
            if not self.walk_on:
                continue
            shared = None
            for other in range(code):          # colours with the same tables share the walk
                if game.tables[other] is game.tables[code] and self.walk[other] is not None:
                    shared = self.walk[other]
            if shared is None:
                shared = []
                for cell in range(n):
                    rides, leaps, pawnish = game.tables[code][cell]
                    # a leap counts as a ray of one cell: reached when empty or enemy, not past it
                    shared.append(tuple(tuple(to for to, _ in r) for r in rides) + tuple((to,) for to, _ in leaps))
            self.walk[code] = shared
            top = max(sum(len(r) for r in rays) for rays in shared) or 1
            mob_weight[code] = max(1, round(w.mobility * 160 / top)) if w.mobility else 0
        self.mob_weight = array("q", mob_weight)
        self.walked = array("B", [x is not None for x in self.walk])    # per code: has a walk
        self.acc = array("q", bytes(8 * 5 * game.players))     # positional's sums (compiled board pass)
        # king zone: one king step in every direction of the geometry
        self.zone = [tuple(sorted({x for d in STEPS for x in (g.step(cell, d),) if x is not None and x != cell}))
                     for cell in range(n)]
        # the same zones flat (the cells of cell c's zone: zone_cells[zone_first[c]:zone_first[c + 1]])
        zone_first = array("i", [0])
        zone_cells = array("i")
        for z in self.zone:
            zone_cells.extend(z)
            zone_first.append(len(zone_cells))
        self.zone_first = zone_first
        self.zone_cells = zone_cells
        # per cell, the colours whose king zone holds it (a bit each): all 0 between evaluations, marked
        # and cleared again by each ``positional`` (one buffer, no copy per evaluation)
        self.mark = array("i", [0]) * n
        # the weights ``positional`` reads on every call, as plain ints (typed fields when compiled)
        self.w_pair, self.w_castling = w.pair, w.castling
        self.w_king_attack, self.w_king_defence, self.w_king_shelter = w.king_attack, w.king_defence, w.king_shelter
        self.king_on = (w.king_attack > 0 or w.king_defence > 0 or w.king_shelter > 0)
        # passed pawns: per pawn code and cell, the cells an enemy pawn must avoid, and the bonus
        self.passed_span: list[list | None] = [None] * ncodes
        self.passed_bonus: list[list | None] = [None] * ncodes
        self.passed_on = w.passed_base > 0 or w.passed_advance > 0
        # castling: per colour, home cell -> the rights masks of its castlings, and the castled cells
        self.piece_value = array("q", [game.pieces[game.kind_of[c]].value if walked[c] else 0 for c in range(ncodes)])
        self.castle_on = w.castling > 0 and game.players == 2 and bool(game.castling)
        self.castle_home: list[dict[int, list[int]]] = [{} for _ in range(game.players)]
        self.castled: list[frozenset] = [frozenset()] * game.players
        self.start_pieces = [0] * game.players     # each colour's pieces (not pawns or royals) at the start
        self.castle_cells: dict[int, list[frozenset]] = {}     # rights -> _castle_cells(rights)
        if self.castle_on:
            for color in range(game.players):
                cells: set[int] = set()
                for i, rule in game.castle_by_color[color]:
                    self.castle_home[color].setdefault(rule.king_from, []).append(game.castle_need[i])
                    cells |= {rule.king_to, rule.rook_from} | (set(rule.empty) - set(rule.safe))
                self.castled[color] = frozenset(cells - {r.king_from for _, r in game.castle_by_color[color]})
            for code in game.start_board:
                if code:
                    self.start_pieces[game.owner[code]] += self.piece_value[code]
        if self.passed_on:
            for code in game.pawn_codes:
                self._compile_passed(code)
        # pawn structure: per pawn code and cell, the cells of its push line ahead, and the cells from which
        # an own pawn supports the line (attacks a cell of it)
        self.structure_on = w.doubled > 0 or w.isolated > 0
        self.pawn_ahead: list[list | None] = [None] * ncodes
        self.pawn_support: list[list | None] = [None] * ncodes
        if self.structure_on:
            for code in game.pawn_codes:
                self._compile_structure(code)
        # the pair: kinds whose every move keeps the colour of the cell (parity of file + rank + level)
        self.parity = array("B", [sum(g.coords[cell]) & 1 for cell in range(n)])
        self.bound = array("B", [walked[code] and self._colour_bound(code) for code in range(ncodes)])
        self.pair_on = w.pair > 0 and any(self.bound)
        self.pawns_on = self.structure_on or self.passed_on
        # pawn key -> _pawn_terms, one entry a slot (shared by every search of the game)
        self.pawn_keys = array("Q", bytes(8 * PAWN_CACHE))
        self.pawn_values = array("q", bytes(8 * PAWN_CACHE))
        self.pawn_used = array("B", bytes(PAWN_CACHE))
        self.signs = array("q", game.team_sign)             # team_sign as machine integers
        self.elimination = bool(game.elimination)
        self.bound_codes = array("i", [code for code in range(ncodes) if self.bound[code]])
        self.pairbits = array("i", [0]) * ncodes     # the compiled pair: per code, its cells' colours as bits

    def _castle_cells(self, rights: int) -> list[frozenset]:
        """Per colour, the cells where a royal piece earns the castling term under these ``rights``: the
        castled cells, and the home cells from which a castling is still allowed."""
        return [self.castled[c] | {k for k, needs in self.castle_home[c].items()
                                   if any(rights & need == need for need in needs)}
                for c in range(self.players)]

    def _colour_bound(self, code: int) -> bool:
        """True when no move of the piece changes the colour of its cell (a bishop, not a knight)."""
        parity = self.parity
        for cell, (rides, leaps, pawnish) in enumerate(self.game.tables[code]):
            if pawnish or any(parity[to] != parity[cell] for ray in rides for to, _ in ray) or \
                    any(parity[to] != parity[cell] for to, _ in leaps):
                return False
        return True

    def _compile_structure(self, code: int) -> None:
        game = self.game
        n = game.geometry.size
        color = game.owner[code]
        pushes = [[to for to, _ in game.tables[code][c][2][0]] if game.tables[code][c][2] else [] for c in range(n)]
        back: list[list[int]] = [[] for _ in range(n)]
        for frm in range(n):
            for to in pushes[frm]:
                back[to].append(frm)

        def closure(cell: int, step: list[list[int]]) -> set[int]:
            seen: set[int] = set()
            todo = [cell]
            while todo:
                for to in step[todo.pop()]:
                    if to not in seen and to != cell:
                        seen.add(to)
                        todo.append(to)
            return seen

        attacks = game.pawn_attacks[color]
        ahead: list = [frozenset()] * n
        support: list = [frozenset()] * n
        for cell in range(n):
            front = closure(cell, pushes)
            line = front | closure(cell, back) | {cell}
            ahead[cell] = frozenset(front)
            support[cell] = frozenset(frm for t in line for frm, _ in attacks[t]) - line
        self.pawn_ahead[code] = ahead
        self.pawn_support[code] = support

    def _compile_passed(self, code: int) -> None:
        game = self.game
        n = game.geometry.size
        color = game.owner[code]
        dist = game._distance_to_zone(code)
        known = [d for d in dist if d is not None]
        far = max(known or [1]) or 1
        w = self.weights
        spans: list = [None] * n
        bonus = [0] * n
        enemy_pawn_attacks = [game.pawn_attacks[e] for e in game.enemies[color]]
        for cell in range(n):
            d = dist[cell]
            if d is None or d == 0:
                continue
            # forward cells: reached by single pushes that get nearer to the zone
            front: set[int] = set()
            todo = [cell]
            while todo:
                c = todo.pop()
                pawnish = game.tables[code][c][2]
                if not pawnish:
                    continue
                for to, _ in pawnish[0]:
                    if to not in front and dist[to] is not None and dist[to] < dist[c]:
                        front.add(to)
                        todo.append(to)
            if not front:
                continue
            span = set(front)
            for t in front | {cell}:
                for attacks in enemy_pawn_attacks:
                    for frm, _ in attacks[t]:
                        span.add(frm)
            span.discard(cell)
            spans[cell] = frozenset(span)
            progress = (far - d) / far
            bonus[cell] = int(w.passed_base + w.passed_advance * progress * progress)
        self.passed_span[code] = spans
        self.passed_bonus[code] = bonus

    def _pawn_terms(self, b: Sequence[int], pawns: list) -> int:
        """Pawn structure and passed pawns, team 0 minus team 1: a function of where the pawns stand
        (``pawns[c]``: the cells of colour c's pawns), cached by ``Position.pawn_hash``."""
        players = self.players
        sign = self.team_sign
        w = self.weights
        total = 0
        if self.structure_on:
            ahead = self.pawn_ahead
            support = self.pawn_support
            for c in range(players):
                own = set(pawns[c])
                doubled = isolated = 0
                for cell in pawns[c]:
                    code = b[cell]
                    if not ahead[code][cell].isdisjoint(own):
                        doubled += 1
                    if support[code][cell].isdisjoint(own):
                        isolated += 1
                total -= sign[c] * (w.doubled * doubled + w.isolated * isolated)
        if self.passed_on:
            spans = self.passed_span
            bonus = self.passed_bonus
            for c in range(players):
                if not pawns[c]:
                    continue
                theirs = set()
                for e in range(players):
                    if sign[e] != sign[c]:
                        theirs.update(pawns[e])
                v = 0
                for cell in pawns[c]:
                    code = b[cell]
                    span = spans[code][cell]
                    if span is not None and span.isdisjoint(theirs):
                        v += bonus[code][cell]
                total += sign[c] * v
        return total

    def _walk_sets(self, pos: Position, mark, skipped: int, gather: bool, pawns: list | None, acc) -> int:
        """The Python path of ``positional``'s piece walk (the same sums as its compiled board pass): each
        colour's pieces from its set, their mobility, the attacks on the king zones marked in ``mark``,
        material, the pair; writes each colour's sums into ``acc`` as the compiled pass does (5 a colour:
        mobility, attacks on the enemy zone, pieces attacking it, defences of its own zone, material),
        gathers the pawns' cells when ``gather``, returns the mobility and pair terms."""
        b = pos.cells
        occupied = pos.occupied
        sign = self.team_sign
        walk = self.walk
        mw = self.mob_weight
        pawn = self.pawn
        value = self.piece_value
        pair_on = self.pair_on
        bound = self.bound
        parity = self.parity
        players = self.players
        total = 0
        for c in range(players):
            if (skipped >> c) & 1:
                continue
            colours: dict[int, int] = {}    # colour-bound kinds: the colours of their cells, as bits
            en = self.enemy[c]
            ebit = 2 >> c               # the enemy's zone bit (two-player games)
            mob = att_units = att_pieces = dfn = material = 0
            for cell in occupied[c]:
                code = b[cell]
                if pawn[code]:
                    if gather:
                        pawns[c].append(cell)
                    continue
                material += value[code]
                if pair_on and bound[code]:
                    colours[code] = colours.get(code, 0) | (1 << parity[cell])
                tables = walk[code]
                if not self.walk_on or tables is None:
                    continue
                cnt = att = 0
                for ray in tables[cell]:
                    for to in ray:
                        zm = mark[to]
                        if zm:
                            if zm & ebit:
                                att += 1
                            else:
                                dfn += 1
                        q = b[to]
                        if q:
                            if en[q]:
                                cnt += 1
                            break
                        cnt += 1
                mob += cnt * mw[code]
                if att:
                    att_units += att
                    att_pieces += 1
            if self.walk_on:
                total += sign[c] * (mob >> 4)
            if colours:
                total += sign[c] * self.w_pair * _pairs(colours)
            acc[5 * c] = mob
            acc[5 * c + 1] = att_units
            acc[5 * c + 2] = att_pieces
            acc[5 * c + 3] = dfn
            acc[5 * c + 4] = material
        return total

    def _pawn_value(self, key: int) -> int:
        """The cached pawn terms of pawn key ``key``, or ``NO_VALUE``."""
        slot = key & (PAWN_CACHE - 1)
        if self.pawn_used[slot] and self.pawn_keys[slot] == key:
            return self.pawn_values[slot]
        return NO_VALUE

    def positional(self, pos: Position, king_safety: bool = True) -> int:
        """Mobility, king safety, pawns and pairs: team 0 minus team 1, in centipawns."""
        b = pos.cells
        t = pos.rules
        n = t.size
        first = t.ray_first
        start = t.ray_start
        ray_cells = t.ray_cells
        players = self.players
        sign = self.signs
        mw = self.mob_weight
        pawn = self.pawn
        royals = pos.royals
        # king zones (two-player games, colours with one royal piece, middlegame only): the royal cells
        # (-1: no zone), and per cell the colours whose zone holds it, marked in ``mark`` (cleared below)
        kz0 = kz1 = -1
        if king_safety and self.king_on and players == 2:
            r = royals[0]
            if r.n == 1:
                kz0 = r.first()
            r = royals[1]
            if r.n == 1:
                kz1 = r.first()
        zone_first = self.zone_first
        zone_cells = self.zone_cells
        mark = self.mark
        acc = self.acc
        if not TYPED:       # as Python another thread may run inside this call: buffers of its own
            mark = mark[:]
            acc = array("q", bytes(8 * 5 * players))
        allzones = False
        if kz0 >= 0:
            for j in range(zone_first[kz0], zone_first[kz0 + 1]):
                mark[zone_cells[j]] |= 1
                allzones = True
        if kz1 >= 0:
            for j in range(zone_first[kz1], zone_first[kz1 + 1]):
                mark[zone_cells[j]] |= 2
                allzones = True
        value = self.piece_value
        total = 0
        pair_on = self.pair_on
        bound = self.bound
        parity = self.parity
        skipped = 0                 # eliminated colours (inert blockers; their pawns count for nothing)
        if self.elimination:
            for c in range(players):
                if not royals[c]:
                    skipped |= 1 << c
        # the pawn terms are cached by where the pawns stand: the pawns' cells are gathered only on a miss
        key = 0
        cached = NO_VALUE
        if self.pawns_on:
            key = pos.pawn_hash
            if skipped:
                key ^= (skipped * SKIPPED_KEY) & KEY_BITS
            cached = self._pawn_value(key)
        gather = self.pawns_on and cached == NO_VALUE
        pawns = [[] for _ in range(players)] if gather else None
        if TYPED:
            # compiled: one pass over each colour's pieces (its CellSet's cells), its sums in the kept buffer
            # ``acc`` (5 a colour: mobility, zone attacks, zone attackers, zone defences, material); the
            # rays from the flat int arrays of Game.flat_rays (rides, then each leap as a one-cell ray: the
            # order of ``walk``), as movegen.capture_moves reads them; the pair's cell colours per code in
            # ``pairbits`` (all 0 between calls)
            nc = t.ncodes
            walk_on = self.walk_on
            pairbits = self.pairbits
            for j in range(5 * players):
                acc[j] = 0
            for c in range(players):         # each colour's pieces from its CellSet, as C ints
                if (skipped >> c) & 1:
                    continue
                occ = pos.occupied[c]
                for ix in range(occ.n):
                    cell = occ.cells[ix]
                    code = b[cell]
                    if pawn[code]:
                        if gather:
                            pawns[c].append(cell)
                        continue
                    acc[5 * c + 4] += value[code]
                    if pair_on and bound[code]:
                        pairbits[code] |= 1 << parity[cell]
                    if not walk_on or not self.walked[code]:
                        continue
                    ebit = 2 >> c               # the enemy's zone bit (two-player games)
                    cnt = att = dfn = 0
                    slot = code * n + cell
                    for ri in range(first[slot], first[slot + 1]):
                        for j in range(start[ri], start[ri + 1]):
                            to = ray_cells[j]
                            zm = mark[to]
                            if zm:
                                if zm & ebit:
                                    att += 1
                                else:
                                    dfn += 1
                            q = b[to]
                            if q:
                                if t.enemy_flag[c * nc + q]:
                                    cnt += 1
                                break
                            cnt += 1
                    acc[5 * c] += cnt * mw[code]
                    acc[5 * c + 3] += dfn
                    if att:
                        acc[5 * c + 1] += att
                        acc[5 * c + 2] += 1
            if pair_on:
                bound_codes = self.bound_codes
                for j in range(len(bound_codes)):
                    code = bound_codes[j]
                    if pairbits[code] == 3:
                        total += sign[t.owner_of[code]] * self.w_pair
                    pairbits[code] = 0
            if walk_on:
                for c in range(players):
                    if not (skipped >> c) & 1:
                        total += sign[c] * (acc[5 * c] >> 4)
        else:
            total = self._walk_sets(pos, mark, skipped, gather, pawns, acc)
        if allzones:
            for c in (0, 1):
                k = kz0 if c == 0 else kz1
                if k < 0:
                    continue
                shelter = 0
                nz = zone_first[k + 1] - zone_first[k]
                en = self.enemy[c]
                for j in range(zone_first[k], zone_first[k + 1]):
                    x = zone_cells[j]
                    mark[x] = 0             # the buffer is left all 0 for the next evaluation
                    if self.w_king_shelter:
                        q = b[x]
                        if q and pawn[q] and not en[q]:
                            shelter += 1
                # our defences of our zone; the enemy's attacks on it and its pieces that attack it
                v = self.w_king_defence * min(acc[5 * c + 3], nz) + self.w_king_shelter * shelter
                attackers = acc[5 * (1 - c) + 2]
                if attackers > 1:
                    v -= self.w_king_attack * acc[5 * (1 - c) + 1] * attackers >> 2
                total += sign[c] * v
        if self.castle_on:
            good = self.castle_cells.get(pos.rights)
            if good is None:
                good = self.castle_cells[pos.rights] = self._castle_cells(pos.rights)
            for c in (0, 1):
                full = self.start_pieces[1 - c]
                kept = 0
                home = good[c]
                for k in royals[c]:
                    if k in home:
                        kept += 1
                if kept and full:
                    # scaled by the enemy's material (its pieces, not pawns or royals)
                    total += sign[c] * (self.w_castling * kept * min(acc[5 * (1 - c) + 4], full) // full)
        if self.pawns_on:
            if cached == NO_VALUE:
                cached = self._pawn_terms(b, pawns)
                slot = key & (PAWN_CACHE - 1)
                self.pawn_keys[slot] = key
                self.pawn_values[slot] = cached
                self.pawn_used[slot] = 1
            total += cached
        return total
