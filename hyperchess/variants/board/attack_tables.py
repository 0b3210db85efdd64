"""The attack tables: for a target cell, where an attacker of each colour could stand.

Made from the move tables (``MoveTables``): the slider rays, leap sources, hinged and lame leaps and hopper
lines back from each cell, with the codes attacking along each, and ``attack_lines`` / ``far_leaps``, the
form ``Position.attacked`` reads (a leaper on a line's first cell folded into that line).
"""
# hyperchess: compiled
from __future__ import annotations

from hyperchess.variants.board.codes import code_of
from hyperchess.variants.board.geometry import Vector
from hyperchess.variants.board.pieces import Hop, Mode, PieceType, Slide


class AttackTables:
    """The attack tables of ``GameTables`` (a base class of it)."""

    def _attack_directions(self, piece: PieceType, directions: tuple[Vector, ...], color: int) -> list[Vector]:
        """A capturing slider's or hopper's directions for ``color`` (turned when the piece is oriented; the
        reverse tables need one turn per colour, so not where a game turns pieces per cell)."""
        if not piece.oriented:
            return list(directions)
        if self.oriented_by_cell:
            raise ValueError(f"{piece.name}: oriented capturing slides are not supported in this game")
        return self._oriented(directions, self.orientation(color, 0))

    def _compile_attacks(self) -> None:
        """Reverse tables: for a target cell, where could an attacker of each colour stand?

        ``ray_attacks[color][t]`` = ((cells outward from t, codes that slide back along them), ...);
        the first occupied cell of a ray attacks t when its code is in the set.
        ``leap_attacks[color][t]`` = ((cell, codes that leap or capture from there onto t), ...).
        """
        g = self.geometry
        n = g.size
        self.ray_attacks = []
        self.leap_attacks = []
        self.hinged_attacks = []
        self.lame_attacks = []         # [color][t] = ((from cell, cells that must be empty, codes), ...)
        self.hop_attacks = []          # [color][t] = ((cells outward from t, style, codes, unlike codes), ...)
        for color in range(self.players):
            sliders: dict[tuple, set[int]] = {}        # (direction, limit) -> codes
            for code in range(self.ncodes):
                if self.owner[code] != color or not self.kind_of[code]:
                    continue
                piece = self.pieces[self.kind_of[code]]
                for atom in piece.atoms(Slide):
                    if atom.mode is Mode.MOVE:
                        continue
                    for d in self._attack_directions(piece, atom.directions, color):
                        back = (-d[0], -d[1], -d[2])
                        sliders.setdefault((back, atom.limit), set()).add(code)
            lines = [(self._rays(d, limit), self._codes(codes)) for (d, limit), codes in sliders.items()]
            barred = self._barred(color)
            self.ray_attacks.append([tuple([(rays[t], codes - barred[t] if barred[t] else codes)
                                            for rays, codes in lines if rays[t] and codes - barred[t]])
                                     for t in range(n)])
            leaps_by_cell: list[dict[int, int]] = [dict() for _ in range(n)]    # from cell -> bits of codes
            hinged_by_cell: list[dict[tuple, set[int]]] = [dict() for _ in range(n)]
            lame_by_cell: list[dict[tuple, set[int]]] = [dict() for _ in range(n)]
            hoppers: dict[tuple, set[int]] = {}       # (direction back, style, codes it may not hop over) -> codes
            bound_hops: list[tuple] = []              # hops with start or end cells: (target, ray, style, barred, code)
            for code in range(self.ncodes):
                if self.owner[code] != color or not self.kind_of[code]:
                    continue
                bit = 1 << code
                kind = self.kind_of[code]
                rides = self._capture_rides
                for frm, (_, leaps, pawnish) in enumerate(self.tables[code]):
                    for to, _ in leaps:
                        per_cell = leaps_by_cell[to]
                        per_cell[frm] = per_cell.get(frm, 0) | bit
                    if pawnish:
                        for to, _ in pawnish[1]:
                            per_cell = leaps_by_cell[to]
                            per_cell[frm] = per_cell.get(frm, 0) | bit
                        for hinges, to, _ in pawnish[5]:
                            hinged_by_cell[to].setdefault((frm, hinges), set()).add(code)
                        for entry in pawnish[6]:
                            between, to, _, mode = entry
                            if mode is Mode.MOVE or (kind, frm, entry) in rides:
                                continue
                            if between:
                                lame_by_cell[to].setdefault((frm, between), set()).add(code)
                            else:               # nothing to block: a plain leap's attack
                                per_cell = leaps_by_cell[to]
                                per_cell[frm] = per_cell.get(frm, 0) | bit
                kind = self.kind_of[code]
                piece = self.pieces[kind]
                for i, atom in enumerate(piece.moves):
                    if not isinstance(atom, Hop) or atom.mode is Mode.MOVE:
                        continue
                    barred_kinds = self._unlike(atom, kind)
                    if (kind, color, i) in self.origins or (kind, color, i) in self.destinations:
                        bound_hops += self._bound_hop_attacks(piece, atom, code, i, barred_kinds)
                        continue
                    for d in self._attack_directions(piece, atom.directions, color):
                        hoppers.setdefault(((-d[0], -d[1], -d[2]), atom.style, barred_kinds, atom.limit),
                                           set()).add(code)
            # A leap square that is also the first cell of a slider ray was dropped from the
            # piece's leaps at compile time; slider rays cover it.
            interned = self._codes
            by_bits: dict[int, frozenset[int]] = {}
            for per_cell in leaps_by_cell:
                for bits in per_cell.values():
                    if bits not in by_bits:
                        by_bits[bits] = interned(c for c in range(self.ncodes) if bits >> c & 1)
            self.leap_attacks.append([tuple([(frm, by_bits[bits]) for frm, bits in per_cell.items()])
                                      for per_cell in leaps_by_cell])
            # ((from cell, hinge cells, codes), ...) per target: read by Position.attacked only when
            # ``self.hinged`` (a game with hinged leaps)
            self.hinged_attacks.append([tuple([(frm, hinges, interned(c)) for (frm, hinges), c in per_cell.items()])
                                        for per_cell in hinged_by_cell])
            self.lame_attacks.append([tuple([(frm, between, interned(c)) for (frm, between), c in per_cell.items()])
                                      for per_cell in lame_by_cell])
            hop_attacks = [[(ray, style, interned(c - barred[t]), unlike) for (d, style, unlike, lim), c in hoppers.items()
                            for ray in (self._ray(t, d, lim),) if len(ray) > 1 and c - barred[t]]
                           for t in range(n)]
            for t, ray, style, unlike, code in bound_hops:
                if code not in barred[t]:
                    hop_attacks[t].append((ray, style, interned((code,)), unlike))
            self.hop_attacks.append([tuple(per_cell) for per_cell in hop_attacks])
        self.hinged = any(any(per_cell) for per_cell in self.hinged_attacks)
        # lame leaps and hoppers attack through cells other than a line from the target: a move anywhere may
        # open or close such an attack, so the shortcuts of pins and "aligned" cells do not hold
        self.indirect = any(any(per_cell) for table in (self.lame_attacks, self.hop_attacks)
                            for per_cell in table)
        # royal pieces facing each other (flying_royals): the orthogonal lines from each cell
        self.royal_lines = [tuple(r for d in self._axes() for r in (self._ray(t, d, 0),) if r)
                            for t in range(n)] if self.flying_royals else []
        self.indirect = self.indirect or self.flying_royals
        self.special_attacks = self.hinged or self.indirect     # Position.attacked looks beyond its lines
        self._compile_attack_lines()

    def _unlike(self, atom: Hop, kind: int) -> frozenset[int]:
        """The codes a hop may neither pass over nor take: its own kind's, of every colour (``Hop.unlike``)."""
        if not atom.unlike:
            return frozenset()
        return self._codes(code_of(kind, c) for c in range(self.players))

    def _bound_hop_attacks(self, piece: PieceType, atom: Hop, code: int, i: int,
                           unlike: frozenset[int]) -> list[tuple]:
        """The attacks of a hop that starts only from some cells (``origins``) or ends only on some
        (``destinations``): (target, cells outward from it, style, unlike, code) per target and direction, each
        line cut after the last cell it may start from. A start cell beyond one it may not start from (a gap the
        attack test cannot see) is refused."""
        color = self.owner[code]
        kind = self.kind_of[code]
        starts = self.origins.get((kind, color, i))
        ends = self.destinations.get((kind, color, i))
        out = []
        for t in range(self.geometry.size):
            if ends is not None and t not in ends:
                continue
            for d in self._attack_directions(piece, atom.directions, color):
                ray = self._ray(t, (-d[0], -d[1], -d[2]), atom.limit)
                if starts is not None:
                    last = max((j for j, x in enumerate(ray) if x in starts), default=0)
                    if any(x not in starts for x in ray[1:last]):
                        raise ValueError(f"{piece.name}: a hop's start cells leave a gap along one of its lines")
                    ray = ray[:last + 1]
                if len(ray) > 1:
                    out.append((t, ray, atom.style, unlike, code))
        return out

    def _barred(self, color: int) -> list[frozenset[int]]:
        """Per target cell, the codes of ``color`` whose region (``regions``) leaves that cell out."""
        n = self.geometry.size
        out: list[set[int]] = [set() for _ in range(n)]
        for (kind, c), cells in self.regions.items():
            if c == color:
                for t in range(n):
                    if t not in cells:
                        out[t].add(code_of(kind, c))
        return [self._codes(x) for x in out]

    def _axes(self) -> list[Vector]:
        """The orthogonal unit steps of the geometry (files, ranks, and levels where there are levels)."""
        dims = 3 if self.geometry.levels > 1 else 2
        return [tuple(s if i == a else 0 for i in range(3)) for a in range(dims) for s in (1, -1)]  # type: ignore

    def _compile_attack_lines(self) -> None:
        """The tables ``Position.attacked`` reads: each slider line from a target cell as
        ``(first cell, codes attacking from the first cell, the rest of the line, slider codes)`` —
        a leaper or pawn standing on the first cell is folded in, so a crowded board answers with
        one look per line — plus ``far_leaps``: the leap sources that are no line's first cell."""
        self.attack_lines = []
        self.far_leaps = []
        unions: dict[tuple, frozenset[int]] = {}      # (slider codes, leaper codes) -> both, interned
        for color in range(self.players):
            lines_c, far_c = [], []
            for t in range(self.geometry.size):
                leaps = dict(self.leap_attacks[color][t])
                lines = []
                for ray, codes in self.ray_attacks[color][t]:
                    near = leaps.pop(ray[0], None)
                    if near:
                        both = unions.get((codes, near))
                        if both is None:
                            both = unions[codes, near] = self._codes(codes | near)
                    else:
                        both = codes
                    lines.append((ray[0], both, ray[1:], codes))
                lines_c.append(tuple(lines))
                far_c.append(tuple(leaps.items()))
            self.attack_lines.append(lines_c)
            self.far_leaps.append(far_c)
