"""The move tables: ``tables[code][cell]``, each piece's rides, leaps and pawn-like moves from each cell.

A cell's entry is ``(rides, leaps, pawnish)``: the rides as ready-made ``((to, move), ...)`` lines, the leaps as
``(to, move)`` pairs, and the pawn-like part (quiet and capture-only moves, double steps, hinged and lame
leaps, hops, the promotion zone in reach) or None. A ``_plain`` piece's table is built direction by direction
(``_compile_plain``), every other piece's cell by cell (``_compile_cell``).
"""
# hyperchess: compiled
from __future__ import annotations

from hyperchess.variants.board.codes import DOUBLE, NORMAL, TRANSFORM, Move, code_of
from hyperchess.variants.board.pieces import Hop, Leap, Mode, Path, Slide, lame_steps


class MoveTables:
    """The move tables of ``GameTables`` (a base class of it)."""

    def _compile_moves(self) -> None:
        """``tables[code][cell]``: each piece's rides, leaps and pawn-like moves from each cell."""
        n = self.geometry.size
        coloured = ({k for k, _ in self.regions} | {k for k, _, _ in self.origins}   # moves differ by colour
                    | {k for k, _, _ in self.destinations})
        for code in range(self.ncodes):
            if self.kind_of[code] and self.owner[code] >= 0:
                piece = self.pieces[self.kind_of[code]]
                first = code_of(self.kind_of[code], 0)
                if (self.owner[code] and not piece.oriented and not piece.pawn and self.kind_of[code] not in
                        self.transforms and self.kind_of[code] not in coloured and not piece.atoms(Path)
                        and self.tables[first] is not None):
                    self.tables[code] = self.tables[first]     # the same moves for every colour
                elif self.shared_build and self._plain(code):
                    self.tables[code] = self._compile_plain(code)
                else:
                    self.tables[code] = [self._compile_cell(code, cell) for cell in range(n)]

    def _plain(self, code: int) -> bool:
        """A piece whose moves from every cell are whole rides and leaps that move and capture, the same in
        every direction from every cell (no region, start or end cells, orientation, promotion or pawn
        moves): ``_compile_plain`` builds its table direction by direction."""
        kind, color = self.kind_of[code], self.owner[code]
        piece = self.pieces[kind]
        if piece.pawn or piece.oriented or kind in self.transforms or (kind, color) in self.regions:
            return False
        for i, atom in enumerate(piece.moves):
            if (kind, color, i) in self.origins or (kind, color, i) in self.destinations:
                return False
            if isinstance(atom, Slide):
                if atom.mode is not Mode.BOTH:
                    return False
            elif not isinstance(atom, Leap) or atom.mode is not Mode.BOTH or atom.lame or atom.hinged:
                return False
        return True

    def _compile_plain(self, code: int) -> list[tuple]:
        """``[_compile_cell(code, cell) for cell]`` for a ``_plain`` piece: each direction's entries and each
        vector's steps for all cells at once (``_entries``, ``_steps``), then per cell only the picking."""
        n = self.geometry.size
        rides_of: list[list[tuple]] = []        # per direction, in the order of the atoms: each cell's entry
        steps_of: list[list[int | None]] = []   # per leap vector likewise: each cell's destination
        for atom in self.pieces[self.kind_of[code]].moves:
            if isinstance(atom, Slide):
                rides_of += [self._entries(d, atom.limit) for d in atom.directions]
            else:
                steps_of += [self._steps(v) for v in atom.vectors]
        memo = self._move_memo        # _move(cell, to), inline
        out = []
        for cell in range(n):
            rides = tuple([entries[cell] for entries in rides_of if entries[cell]])
            leaps: dict[int, Move] = {}
            for steps in steps_of:
                to = steps[cell]
                if to is not None and to != cell and to not in leaps:
                    mv = memo.get(cell << 16 | to)
                    if mv is None:
                        mv = memo[cell << 16 | to] = (cell, to, 0, NORMAL)
                    leaps[to] = mv
            if leaps and rides:     # a leap onto the first square of a ride is the same move: the ride only
                firsts = {r[0][0] for r in rides}
                out.append((rides, tuple([(to, mv) for to, mv in leaps.items() if to not in firsts]), None))
            else:
                out.append((rides, tuple(leaps.items()), None))
        return out

    def _compile_cell(self, code: int, cell: int):
        g = self.geometry
        kind, color = self.kind_of[code], self.owner[code]
        piece = self.pieces[kind]
        basis = self.orientation(color, cell) if piece.oriented else ((1, 0, 0), (0, 1, 0), (0, 0, 1))
        rides: list[tuple] = []
        leaps: dict[int, Move] = {}
        qleaps: dict[int, Move] = {}
        cleaps: dict[int, Move] = {}
        qrides: list[tuple] = []
        paths: list[tuple] = []
        hinged: list[tuple] = []      # (hinge cells, to, move): a leap that needs a hinge cell to exist
        lame: list[tuple] = []        # (cells that must be empty, to, move, mode): a lame leap (Betza n)
        hops: list[tuple] = []        # (((to, move), ...), style, mode, unlike codes): a hopper's line (Betza p, g)
        whole = self.regions.get((kind, color))
        for i, atom in enumerate(piece.moves):
            origin = self.origins.get((kind, color, i))
            if origin is not None and cell not in origin:
                continue
            region = whole
            ends = self.destinations.get((kind, color, i))
            if ends is not None:
                region = ends if region is None else region & ends
            if isinstance(atom, Slide):
                for d in self._oriented(atom.directions, basis):
                    entry = self._entry(cell, d, atom.limit)
                    if region is not None:
                        entry = _clipped(entry, region, piece.name, cell in region)
                    if not entry:
                        continue
                    if atom.mode is Mode.BOTH:
                        rides.append(entry)
                    elif atom.mode is Mode.MOVE:
                        qrides.append(entry)
                    else:
                        # a capture-only ride: to each cell of the line a capture whose cells between must be
                        # empty, which the generator makes as a lame leap; it attacks along its line like any
                        # slider (``ray_attacks``), so ``_compile_attacks`` leaves these entries out
                        for i, (to, mv) in enumerate(entry):
                            ride = (tuple(c for c, _ in entry[:i]), to, mv, Mode.CAPTURE)
                            lame.append(ride)
                            self._capture_rides.add((kind, cell, ride))
            elif isinstance(atom, Hop):
                for d in self._oriented(atom.directions, basis):
                    ray = self._ray(cell, d, atom.limit)
                    if len(ray) > 1:
                        entry = self._entry(cell, d, atom.limit)
                        if region is not None:
                            entry = _clipped(entry, region, piece.name, cell in region)
                        if len(entry) > 1:
                            hops.append((entry, atom.style, atom.mode, self._unlike(atom, kind)))
            elif isinstance(atom, Leap) and atom.lame:
                for v in self._oriented(atom.vectors, basis):
                    to = g.step(cell, v)
                    steps = lame_steps(v)
                    if steps is None:
                        raise ValueError(f"{piece.name}: a lame leap {v} has no single path")
                    between = g.path(cell, steps) if steps else ()
                    if to is not None and to != cell and between is not None and cell not in between \
                            and (region is None or to in region):
                        lame.append((between, to, self._move(cell, to), atom.mode))
            elif isinstance(atom, Leap) and piece.pawn and atom.mode is Mode.BOTH and not atom.hinged:
                # a pawn's leap that moves and captures (a sergeant's fK): promotes in the zone both ways, and
                # never captures en passant (FSF lets only capture-only moves do so), so a lame leap with no
                # cell between; it attacks as a plain leap
                for v in self._oriented(atom.vectors, basis):
                    to = self._steps(v)[cell]
                    if to is not None and to != cell and (region is None or to in region):
                        lame.append(((), to, self._move(cell, to), Mode.BOTH))
            elif isinstance(atom, Leap):
                target = {Mode.BOTH: leaps, Mode.MOVE: qleaps, Mode.CAPTURE: cleaps}[atom.mode]
                for v in self._oriented(atom.vectors, basis):
                    to = self._steps(v)[cell]
                    if to is not None and to != cell and (region is None or to in region):
                        if atom.hinged:
                            if atom.mode is not Mode.BOTH:
                                raise ValueError("hinged leaps must move and capture")
                            hinges = self.leap_hinges(cell, to, v)
                            if hinges is not None:
                                if hinges:
                                    hinged.append((hinges, to, self._move(cell, to)))
                                continue
                        target[to] = self._move(cell, to)
            elif isinstance(atom, Path):
                if atom.initial and cell not in self.initial_cells.get((kind, color), ()):
                    continue
                cells = g.path(cell, self._oriented(atom.offsets, basis))
                if cells and (region is None or cells[-1] in region):
                    to = cells[-1]
                    passant = atom.en_passant and len(cells) > 1 and (
                        self.en_passant_cells is None
                        or any(cells[-2] in self.en_passant_cells[e] for e in self.enemies[color]))
                    mv = (cell, to, cells[-2], DOUBLE) if passant else self._move(cell, to)
                    paths.append((cells[:-1], to, mv))
        if kind in self.transforms and not piece.pawn:
            zone = self.promotion_zone[color]
            new = code_of(self.transforms[kind], color)
            rides = [tuple((to, (cell, to, new, TRANSFORM) if to in zone else mv) for to, mv in r) for r in rides]
            leaps = {to: (cell, to, new, TRANSFORM) if to in zone else mv for to, mv in leaps.items()}
        # A leap onto the first square of a ride is the same move: keep the ride only.
        firsts = {r[0][0] for r in rides}
        leap_items = tuple((to, mv) for to, mv in leaps.items() if to not in firsts)
        if piece.pawn:
            # The zone is kept only where a step, capture or double step from this cell can enter it,
            # so the generator tests promotion only for pawns that are about to promote.
            zone = self.promotion_zone[color]
            reach = set(qleaps) | set(cleaps) | {to for _, to, _ in paths} | {to for _, to, _, _ in lame}
            zone = zone if zone & reach else None
            pawnish = (tuple(qleaps.items()), tuple(cleaps.items()), tuple(paths), tuple(qrides), zone,
                       tuple(hinged), tuple(lame), tuple(hops), zone is None and not (hinged or lame or hops))
        elif qleaps or cleaps or paths or qrides or hinged or lame or hops:
            pawnish = (tuple(qleaps.items()), tuple(cleaps.items()), tuple(paths), tuple(qrides), None,
                       tuple(hinged), tuple(lame), tuple(hops), not (hinged or lame or hops))
        else:
            pawnish = None
        return (tuple(rides), leap_items, pawnish)


def _clipped(entry: tuple, region: frozenset[int], name: str, inside: bool) -> tuple:
    """A ride's or hop's cells up to the last one inside ``region`` (the piece may stop only there). A cell
    outside the region before that one would be a cell the line crosses but may not stop on, which the
    tables cannot say: refused for a piece inside its region; a piece set up outside it (``inside`` false)
    goes no further than the first such cell."""
    last = max((i for i, (to, _) in enumerate(entry) if to in region), default=-1)
    if last < 0:
        return ()
    gap = next((i for i, (to, _) in enumerate(entry[:last]) if to not in region), None)
    if gap is not None:
        if inside:
            raise ValueError(f"{name}: its region leaves a gap along one of its lines (only a leaper's region may)")
        return entry[:gap]
    return entry[:last + 1]
