"""The tables a game compiles to: what the shared move generator, the attack test and the evaluation read.

``GameTables.compile`` (a base class of ``Game``) turns a game's data (geometry, army, castling rules,
promotion zones, initial cells) into per-code, per-cell tables, once (sunfish style: precompute, keep the hot
loops flat): each cell's rides, leaps and pawn-like moves as ready-made move tuples, the attack lines and
leap sources ``Position.attacked`` reads, castling and initial-path bits, Zobrist keys, and the piece-square
values (reach on the empty board, or a game's learned ``placement``).
"""
# hyperchess: compiled
from __future__ import annotations

import gc
import random
import re
import zlib
from array import array
from collections import deque
from contextlib import contextmanager
from typing import Iterable, Iterator

from hyperchess.variants.board import tablecache
from hyperchess.variants.board.codes import DOUBLE, EMPTY, NORMAL, TRANSFORM, Move, code_of
from hyperchess.variants.board.geometry import Vector
from hyperchess.variants.board.pieces import Hop, Leap, Mode, Path, PieceType, Slide, lame_steps

PAWN_ADVANCE = 60      # placement bonus of a pawn one step from promotion (quadratic in its progress)
PAWN_CENTRE = 12       # ... plus up to this much for a pushed pawn on a central cell
# what a build keeps in the disk cache (variants/board/tablecache.py): the tables that take its time, all made from
# the game's geometry and army alone (the cheap rest is built again each time). An attribute that
# `_compile_moves`, `_compile_attacks` or `_compile_pst` comes to set belongs here too: tests/test_first_use.py
# compares every attribute of a game read back from the cache with a built one's
CACHED = ("tables", "ray_attacks", "leap_attacks", "hinged_attacks", "lame_attacks", "hop_attacks", "hinged",
          "indirect", "royal_lines", "special_attacks", "attack_lines", "far_leaps", "pst")


@contextmanager
def gc_paused(keep: bool = False) -> Iterator[None]:
    """No cyclic garbage collection inside the block: building a game's tables makes some hundred thousand
    tuples and no reference cycles, and each collection the allocations set off would walk all the tables
    built so far (a third of mixed3d's build time). ``keep``: what the block made lives as long as the
    process (``get_game``'s games), so the collector is told never to look at it again (``gc.freeze``):
    else the first collection after the block, and later ones of the older generations, walk it all."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if keep:
            gc.freeze()
        if enabled:
            gc.enable()


class GameTables:
    """The table building of ``Game`` (it reads the game's class attributes and calls its hooks)."""

    # True: one build shares its rays, moves and code sets among pieces, cells and colours (fast). False: each
    # is computed on its own, straight from the geometry: the same tables, slower (tests compare the two).
    shared_build = True
    # per colour, the cells onto which it may capture en passant (Fairy-Stockfish's enPassantRegion): a double
    # step leaves its passed cell open only where an enemy may capture; None: everywhere
    en_passant_cells: list[frozenset[int]] | None = None
    # (kind, colour) of the pieces whose moves reset the n-move count (Fairy-Stockfish's nMoveRuleTypes), as
    # ``clock_codes``; None: the pawns. A capture or a promotion resets it whatever moved
    clock_pieces: frozenset[tuple[int, int]] | None = None

    def compile(self) -> None:
        with gc_paused():
            self._compile()

    def _compile(self) -> None:
        self._rule_tables = None        # built again from the new tables by the next position
        self._flat = [None, None]       # flat_rays(), flat_attacks(): likewise
        g = self.geometry
        n = g.size
        self._compile_codes()
        ncodes = self.ncodes
        self.tables: list[list | None] = [None] * ncodes
        self.dedupe = g.wraps
        # memos of one compile: many pieces share lines, moves and (turned) vector sets
        self._steps_memo: dict = {}
        self._entry_memo: dict = {}
        self._rays_memo: dict = {}
        self._orient_memo: dict = {}
        self._move_memo: dict = {}
        self._codes_memo: dict = {}
        self._capture_rides: set = set()       # (kind, cell, entry): capture-only rides' lame entries
        key = tablecache.take(self) if self.shared_build else None
        kept = tablecache.load(key) if key else None
        if isinstance(kept, dict) and kept.keys() == {*CACHED, "flat"}:
            self._flat = [tuple(_decoded(x) for x in part) for part in kept.pop("flat")]
            for name, value in kept.items():
                setattr(self, name, value)
        else:
            kept = None
            self._compile_moves()
            self._compile_attacks()
        self._compile_castling()
        rng = random.Random(zlib.crc32(self.name.encode()))     # the same keys in every process
        self.z_piece = [[rng.getrandbits(64) for _ in range(n)] for _ in range(ncodes)]
        for cell in range(n):                       # empty squares hash to 0
            self.z_piece[EMPTY][cell] = 0
        self.z_turn = [rng.getrandbits(64) for _ in range(self.players)]
        self.z_ep = [rng.getrandbits(64) for _ in range(n)]
        self.z_rule = [rng.getrandbits(64) for _ in range(max(1, len(self.castling)))]
        self._compile_path_bits(rng)
        if kept is None:
            self.pst = self._compile_pst()
            if key:
                flat = [tuple(_encoded(x) for x in part) for part in (self._flat_rays(), self._flat_attacks())]
                tablecache.store(key, {**{name: getattr(self, name) for name in CACHED}, "flat": flat})
        del (self._steps_memo, self._entry_memo, self._rays_memo, self._orient_memo, self._move_memo, self._codes_memo,
             self._capture_rides)
        self.team_sign = [1 if self.teams[c] == 0 else -1 for c in range(self.players)]
        self._finish_compile()
        if self.placement:
            self._apply_placement()

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

    def _compile_codes(self) -> None:
        """The piece codes: owner and kind of each, the letters of the position strings, the royal, pawn and
        promotion codes (all a position string needs to be read: ``compile`` starts with this)."""
        ncodes = (len(self.pieces)) << 2
        self.ncodes = ncodes
        self.owner = [-1] * ncodes
        self.kind_of = [0] * ncodes
        for kind in range(1, len(self.pieces)):
            for color in range(self.players):
                code = code_of(kind, color)
                self.owner[code] = color
                self.kind_of[code] = kind
        self.enemy = [[self.owner[c] >= 0 and self.teams[self.owner[c]] != self.teams[us]
                       for c in range(ncodes)] for us in range(self.players)]
        self.enemies = [tuple(c for c in range(self.players) if self.teams[c] != self.teams[us])
                        for us in range(self.players)]
        self.royal_codes = frozenset(c for c in range(ncodes) if self.kind_of[c] and self.pieces[self.kind_of[c]].royal)
        self.pawn_codes = frozenset(c for c in range(ncodes) if self.kind_of[c] and self.pieces[self.kind_of[c]].pawn)
        self.clock_codes = self.pawn_codes if self.clock_pieces is None else frozenset(
            code_of(kind, color) for kind, color in self.clock_pieces if kind < len(self.pieces) and color < self.players)
        self.letters: dict[str, int] = {}
        self.kind_by_letter: dict[str, int] = {}
        for kind in range(1, len(self.pieces)):
            self.kind_by_letter.setdefault(self.pieces[kind].letter.upper(), kind)
            if self.players > 2:
                # more than two colours: a token is the colour letter + the piece letter (``gK``)
                for color in range(self.players):
                    self.letters[self.color_letters[color] + self.pieces[kind].letter.upper()] = code_of(kind, color)
                continue
            self.letters[self.pieces[kind].letter.upper()] = code_of(kind, 0)
            if self.players >= 2:
                self.letters[self.pieces[kind].letter.lower()] = code_of(kind, 1)
        self._promo_codes = []
        self.promo_suffix: dict[int, str] = {}     # promoted code -> the letter written after the move
        for color in range(self.players):
            codes = []
            for ch in self.promotion_letters:
                if ch.upper() not in self.kind_by_letter:
                    continue
                kind = self.kind_by_letter[ch.upper()]
                code = code_of(self.transforms.get(kind, kind), color)
                codes.append(code)
                self.promo_suffix[code] = ch.lower()
            self._promo_codes.append(tuple(codes))
        # a promoted piece's token is "+" and its letter (Fairy-Stockfish's +P; variants/rules/piece_rules.py)
        plus = r"\+?" if any(p is not None and p.letter.startswith("+") for p in self.pieces) else ""
        self.token_re = re.compile(r"\d+|\*|" + plus + "[A-Za-z]" if self.players <= 2 else
                                   r"\d+|\*|[" + "".join(self.color_letters) + "]" + plus + "[A-Z]")

    def flat_rays(self) -> tuple[array, array, array, list, list, array, array, list]:
        """``_flat_rays()``, once per build (kept in the disk cache with the tables)."""
        flat = self.__dict__.get("_flat")
        if flat is None:
            flat = self._flat = [None, None]
        if flat[0] is None:
            flat[0] = self._flat_rays()
        return flat[0]

    def flat_attacks(self) -> tuple[array, array, array, array, array, array, array, array, array, array]:
        """``_flat_attacks()``, once per build (kept in the disk cache with the tables)."""
        flat = self.__dict__.get("_flat")
        if flat is None:
            flat = self._flat = [None, None]
        if flat[1] is None:
            flat[1] = self._flat_attacks()
        return flat[1]

    def _flat_rays(self) -> tuple[array, array, array, list, list, array, array, list]:
        """The ``tables`` again as flat arrays, for the move generator's typed loops (movegen.py), indexed by
        ``k = code * size + cell``:

        - ``first, start, cells, moves``: the rides and leaps. The rays of ``k`` are numbers ``first[k]`` to
          ``first[k + 1] - 1``; ray ``r`` holds ``cells[start[r]:start[r + 1]]`` and their ``moves``, in the
          order of ``tables``: rides, then each leap as a one-cell ray.
        - ``pawnish``: the pawn-like part of ``k`` (or None);
        - ``pawn_first, pawn_cells, pawn_moves``: its capturing leaps, ``pawn_first[k]`` to
          ``pawn_first[k + 1] - 1``."""
        n = self.geometry.size
        first: list[int] = []
        start = [0]
        cells: list[int] = []
        moves: list = []
        pawn_first: list[int] = []
        pawn_cells: list[int] = []
        pawn_moves: list = []
        pawnish_of: list = []
        segments: dict[int, tuple] = {}         # id(table) -> its part (the colours share tables)
        for table in self.tables:
            if table is None:
                first += [len(start) - 1] * n
                pawn_first += [len(pawn_cells)] * n
                pawnish_of += [None] * n
                continue
            seg = segments.get(id(table)) if self.shared_build else None
            if seg is None:
                seg = segments[id(table)] = _flat_segment(table)
            s_first, s_ends, s_cells, s_moves, s_pawn_first, s_pawn_cells, s_pawn_moves = seg
            base = len(start) - 1
            first += [base + x for x in s_first]
            base = len(cells)
            start += [base + x for x in s_ends]
            cells += s_cells
            moves += s_moves
            base = len(pawn_cells)
            pawn_first += [base + x for x in s_pawn_first]
            pawn_cells += s_pawn_cells
            pawn_moves += s_pawn_moves
            pawnish_of += [entry[2] for entry in table]
        first.append(len(start) - 1)
        pawn_first.append(len(pawn_cells))
        return (array("i", first), array("i", start), array("i", cells), moves, pawnish_of, array("i", pawn_first),
                array("i", pawn_cells), pawn_moves)

    def _flat_attacks(self) -> tuple[array, array, array, array, array, array, array, array, array, array]:
        """``attack_lines`` and ``far_leaps`` again as flat int arrays, for ``Position.attacked``'s typed loop
        (compiled only), indexed by ``k = colour * size + cell``:

        - ``line_first``: the lines of ``k`` are numbers ``line_first[k]`` to ``line_first[k + 1] - 1``;
          line ``i`` has its first cell ``line_cell[i]``, the set of codes attacking from there
          ``line_near[i]``, the rest of its cells ``rest[rest_start[i]:rest_start[i + 1]]`` and the set of
          codes attacking along it ``line_codes[i]``;
        - ``far_first``, ``far_cell``, ``far_codes``: the leap sources, likewise;
        - ``member``: set ``s`` holds code ``x`` when ``member[s * ncodes + x]`` is 1 (each distinct set once)."""
        sets = CodeSets(self.ncodes)
        ids, set_id = sets.ids, sets.number
        line_first: list[int] = []
        line_cell: list[int] = []
        line_near: list[int] = []
        line_codes: list[int] = []
        rest_start = [0]
        rest: list[int] = []
        far_first: list[int] = []
        far_cell: list[int] = []
        far_codes: list[int] = []
        known = ids.get          # most sets are known already: looked up here, numbered by set_id
        for color in range(self.players):
            for lines, far in zip(self.attack_lines[color], self.far_leaps[color]):
                line_first.append(len(line_cell))
                for first, near, more, codes in lines:
                    line_cell.append(first)
                    i = known(near)
                    line_near.append(set_id(near) if i is None else i)
                    i = known(codes)
                    line_codes.append(set_id(codes) if i is None else i)
                    rest += more
                    rest_start.append(len(rest))
                far_first.append(len(far_cell))
                for frm, codes in far:
                    far_cell.append(frm)
                    i = known(codes)
                    far_codes.append(set_id(codes) if i is None else i)
        line_first.append(len(line_cell))
        far_first.append(len(far_cell))
        return (array("i", line_first), array("i", line_cell), array("i", line_near), array("i", line_codes),
                array("i", rest_start), array("i", rest), array("i", far_first), array("i", far_cell),
                array("i", far_codes), sets.member())

    def _oriented(self, vecs: Iterable[Vector], basis) -> list[Vector]:
        key = (tuple(vecs), tuple(basis))
        out = self._orient_memo.get(key)
        if out is None:
            out = self._orient_memo[key] = [
                tuple(v[0] * basis[0][i] + v[1] * basis[1][i] + v[2] * basis[2][i] for i in range(3))
                for v in key[0]]
        return out

    def _ray(self, cell: int, d: Vector, limit: int) -> tuple[int, ...]:
        """``geometry.ray``, computed once per compile (many pieces share lines): a limited ray is the start
        of the unlimited one, and without a wrapped axis the ray from a cell is its first step followed by
        the ray from there."""
        if not self.shared_build:
            return self.geometry.ray(cell, d, limit)
        return self._rays(d, limit)[cell]

    def _rays(self, d: Vector, limit: int) -> list[tuple[int, ...]]:
        """``_ray(cell, d, limit)`` for every cell at once, once per compile."""
        n = self.geometry.size
        if not self.shared_build:
            return [self.geometry.ray(cell, d, limit) for cell in range(n)]
        key = (d, limit)
        rays = self._rays_memo.get(key)
        if rays is None:
            if limit:
                rays = [ray[:limit] for ray in self._rays(d, 0)]
            elif self.dedupe:
                rays = [self.geometry.ray(cell, d, 0) for cell in range(n)]
            else:
                steps = self._steps(d)
                rays = [None] * n
                for cell in range(n):
                    # walk on to the line's end or to a cell whose ray is known, then fill in backwards
                    path = [cell]
                    c = cell
                    while rays[c] is None:
                        nxt = steps[c]
                        if nxt is None or nxt == c:
                            rays[c] = ()
                        elif rays[nxt] is not None:
                            rays[c] = (nxt,) + rays[nxt]
                        else:
                            path.append(nxt)
                            c = nxt
                    for c in reversed(path[:-1]):
                        nxt = steps[c]
                        rays[c] = (nxt,) + rays[nxt]
            self._rays_memo[key] = rays
        return rays

    def _steps(self, d: Vector) -> list[int | None]:
        """``geometry.step(cell, d)`` for every cell at once, once per compile."""
        steps = self._steps_memo.get(d)
        if steps is None:
            g = self.geometry
            dx, dy, dz = d
            index = g.index
            if g.wraps or not self.shared_build:
                steps = [g.step(cell, d) for cell in range(g.size)]
            else:
                steps = [index.get((f + dx, r + dy, l + dz)) for f, r, l in g.coords]
            self._steps_memo[d] = steps
        return steps

    def _move(self, cell: int, to: int) -> Move:
        """The plain move from ``cell`` to ``to``, one tuple shared by every table of a compile."""
        if not self.shared_build:
            return (cell, to, 0, NORMAL)
        key = cell << 16 | to
        mv = self._move_memo.get(key)
        if mv is None:
            mv = self._move_memo[key] = (cell, to, 0, NORMAL)
        return mv

    def _entry(self, cell: int, d: Vector, limit: int) -> tuple:
        """A ride's table entry ``((to, move), ...)`` from ``cell`` along ``d`` (shared like ``_ray``)."""
        if not self.shared_build:
            return tuple((to, (cell, to, 0, NORMAL)) for to in self._ray(cell, d, limit))
        return self._entries(d, limit)[cell]

    def _entries(self, d: Vector, limit: int) -> list[tuple]:
        """``_entry(cell, d, limit)`` for every cell at once, once per compile."""
        key = (d, limit)
        entries = self._entry_memo.get(key)
        if entries is None:
            memo = self._move_memo
            entries = []
            for cell, ray in enumerate(self._rays(d, limit)):
                entry = []
                for to in ray:
                    mv = memo.get(cell << 16 | to)
                    if mv is None:
                        mv = memo[cell << 16 | to] = (cell, to, 0, NORMAL)
                    entry.append((to, mv))
                entries.append(tuple(entry))
            self._entry_memo[key] = entries
        return entries

    def _codes(self, codes: Iterable[int]) -> frozenset[int]:
        """``frozenset(codes)``, one object per distinct set in a compile."""
        key = frozenset(codes)
        return self._codes_memo.setdefault(key, key) if self.shared_build else key

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
                    ray = self._ray(cell, d, 0)
                    if len(ray) > 1:
                        entry = self._entry(cell, d, 0)
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
                        hoppers.setdefault(((-d[0], -d[1], -d[2]), atom.style, barred_kinds), set()).add(code)
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
            hop_attacks = [[(ray, style, interned(c - barred[t]), unlike) for (d, style, unlike), c in hoppers.items()
                            for ray in (self._ray(t, d, 0),) if len(ray) > 1 and c - barred[t]]
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
                ray = self._ray(t, (-d[0], -d[1], -d[2]), 0)
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

    def _compile_castling(self) -> None:
        """Castling rights as bits of ``Position.rights``.

        Style "kq": bit i = castling rule i still possible. Style "files": bit j = the j-th castling
        king or rook (``castle_cells[j]``) is unmoved, and a rule needs its king's and its rook's bits,
        so one rook may serve two kings. ``castle_need[i]`` = the bits rule i needs.
        """
        n = self.geometry.size
        self.castle_mask = [0] * n        # rights bits cleared when a move leaves or enters the cell
        if self.castling_style == "files":
            self.castle_cells = sorted({c for r in self.castling for c in (r.king_from, r.rook_from)})
            bit = {c: 1 << j for j, c in enumerate(self.castle_cells)}
            for c, b in bit.items():
                self.castle_mask[c] = b
            self.castle_need = [bit[r.king_from] | bit[r.rook_from] for r in self.castling]
        else:
            self.castle_cells = []
            for i, rule in enumerate(self.castling):
                self.castle_mask[rule.king_from] |= 1 << i
                self.castle_mask[rule.rook_from] |= 1 << i
            self.castle_need = [1 << i for i in range(len(self.castling))]
        self.castle_by_color = [[(i, r) for i, r in enumerate(self.castling) if r.color == c]
                                for c in range(self.players)]
        self._rights_keys: dict[int, int] = {}

    def _compile_path_bits(self, rng: random.Random) -> None:
        """``double_step_once``: one bit of ``Position.rights`` per initial cell (``path_bit[cell]``), set
        while that cell's original piece is untouched and cleared, like a castling bit, by any move that
        leaves or enters the cell."""
        self.path_bit = [0] * self.geometry.size
        self.path_cells: list[int] = []
        if not self.double_step_once:
            return
        low = len(self.castle_cells) if self.castling_style == "files" else len(self.castling)
        self.path_cells = sorted({c for cells in self.initial_cells.values() for c in cells})
        for j, cell in enumerate(self.path_cells):
            self.path_bit[cell] = 1 << (low + j)
            self.castle_mask[cell] |= self.path_bit[cell]
        self.z_path = [rng.getrandbits(64) for _ in self.path_cells]

    def _between(self, a: int, b: int) -> list[int]:
        g = self.geometry
        (fa, ra, la), (fb, rb, lb) = g.coords[a], g.coords[b]
        steps = max(abs(fb - fa), abs(rb - ra), abs(lb - la))
        if steps <= 1:
            return []
        d = ((fb - fa) // steps, (rb - ra) // steps, (lb - la) // steps)
        return list(g.ray(a, d, steps - 1))

    def _compile_pst(self) -> list[list[int]]:
        """Piece value plus a geometry-only placement bonus, per code and cell.

        Pieces: reach on an empty board (centralisation works on any geometry).
        Pawns: closeness to their promotion zone, growing with the square of the progress (a pawn near
        promotion is worth much more, an early flank push little), plus a little centrality (the
        pawn's cell's reach for a queen-like mover, so central pawns are pushed first on any board).
        Royal pieces: a small bonus for staying home.
        """
        n = self.geometry.size
        pst = [[0] * n for _ in range(self.ncodes)]
        centre: list[int] | None = None
        reaches: dict[int, list[int]] = {}      # id(table) -> reach per cell (colours share tables)
        for code in range(self.ncodes):
            kind = self.kind_of[code]
            if not kind or self.owner[code] < 0:
                continue
            piece = self.pieces[kind]
            table = self.tables[code]
            if piece.pawn:
                dist = self._distance_to_zone(code)
                far = max([d for d in dist if d is not None] or [1])
                if centre is None:
                    centre = self._centrality()
                for cell in range(n):
                    d = dist[cell]
                    progress = 0.0 if d is None else (far - d) / max(far, 1)
                    bonus = int(PAWN_ADVANCE * progress * progress) + (centre[cell] * PAWN_CENTRE // 100
                                                                     if d is not None and d < far else 0)
                    pst[code][cell] = piece.value + bonus
                continue
            reach = reaches.get(id(table)) if self.shared_build else None
            if reach is None:
                reach = reaches[id(table)] = [
                    sum(map(len, rides)) + len(leaps) + (
                        len(pawnish[5]) + len(pawnish[6]) + sum(len(h[0]) for h in pawnish[7]) if pawnish else 0)
                    for rides, leaps, pawnish in table]
            lo, hi = min(reach), max(reach)
            span = max(hi - lo, 1)
            weight = -15 if piece.royal else min(40, piece.value // 8)
            for cell in range(n):
                pst[code][cell] = piece.value + int(weight * (reach[cell] - lo) / span)
        return pst

    def _apply_placement(self) -> None:
        """Learned tables (``placement``) replace the geometry-only bonus of the pieces they name."""
        n = self.geometry.size
        mirror = self.mirror_cells()
        if mirror is None:
            raise ValueError(f"{self.name}: a placement table needs two players whose armies mirror each other")
        for code in range(self.ncodes):
            kind = self.kind_of[code]
            table = self.placement.get(self.pieces[kind].letter) if kind and self.owner[code] >= 0 else None
            if table is not None:
                value = self.pieces[kind].value
                own = range(n) if self.owner[code] == 0 else mirror
                self.pst[code] = [value + table[c] for c in own]

    def mirror_cells(self) -> list[int] | None:
        """Per cell, the same cell from the first player's side: the map (a flip of one or more axes, ranks
        first) that takes the second player's start army onto the first player's; None when no flip does."""
        if self.players != 2:
            return None
        g = self.geometry
        size = (g.files, g.ranks, g.levels)
        for axes in ((1,), (1, 2), (0, 1), (0, 1, 2), (2,), (0,), (0, 2)):
            mirror = []
            for f, r, l in g.coords:
                c = [f, r, l]
                for a in axes:
                    c[a] = size[a] - 1 - c[a]
                mirror.append(g.index.get(tuple(c)))
            if None in mirror:
                continue
            board = self.board_from_text(self.start_fen.split()[0])
            if all(not code or self.owner[code] < 0 or (self.kind_of[board[mirror[cell]]] == self.kind_of[code]
                                                         and self.owner[board[mirror[cell]]] == 1 - self.owner[code])
                   for cell, code in enumerate(board)):
                return mirror
        return None

    def _centrality(self) -> list[int]:
        """Per cell, 0 (edge/corner) .. 100 (centre): a queen-like mover's reach on the empty board."""
        dirs = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]
        lines = [self._rays(d, 0) for d in dirs]
        reach = [sum([len(rays[cell]) for rays in lines]) for cell in range(self.geometry.size)]
        lo, hi = min(reach), max(reach)
        return [100 * (r - lo) // max(hi - lo, 1) for r in reach]

    def _distance_to_zone(self, code: int) -> list[int | None]:
        """Pawn pushes needed from each cell to reach the promotion zone (BFS backwards)."""
        n = self.geometry.size
        zone = self.promotion_zone[self.owner[code]]
        preds: list[list[int]] = [[] for _ in range(n)]
        for frm in range(n):
            _, _, pawnish = self.tables[code][frm]
            if pawnish:
                for to, _ in pawnish[0]:
                    preds[to].append(frm)
        dist: list[int | None] = [None] * n
        queue = deque()
        for c in zone:
            dist[c] = 0
            queue.append(c)
        while queue:
            c = queue.popleft()
            for p in preds[c]:
                if dist[p] is None:
                    dist[p] = dist[c] + 1
                    queue.append(p)
        return dist


def _encoded(x: object) -> object:
    """An array as (type code, bytes), for marshal (anything else as it is)."""
    return (x.typecode, x.tobytes()) if isinstance(x, array) else x


def _decoded(x: object) -> object:
    return array(x[0], x[1]) if isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], bytes) else x


def _flat_segment(table: list) -> tuple[list, ...]:
    """One code's part of ``GameTables.flat_rays``, its offsets counted from 0: per cell the number of its
    first ray and first pawn capture, each ray's end, the cells and moves of the rays (rides, then each leap
    as a ray of one cell), and the pawn captures' cells and moves."""
    first: list[int] = []
    ends: list[int] = []
    cells: list[int] = []
    moves: list = []
    pawn_first: list[int] = []
    pawn_cells: list[int] = []
    pawn_moves: list = []
    for rides, leaps, pawnish in table:
        first.append(len(ends))
        pawn_first.append(len(pawn_cells))
        for ray in rides:
            if ray:
                to, mv = zip(*ray)      # the ray's cells, and its moves
                cells += to
                moves += mv
            ends.append(len(cells))
        if leaps:
            at = len(cells)
            to, mv = zip(*leaps)
            cells += to
            moves += mv
            ends += range(at + 1, len(cells) + 1)
        if pawnish and pawnish[1]:
            to, mv = zip(*pawnish[1])
            pawn_cells += to
            pawn_moves += mv
    return first, ends, cells, moves, pawn_first, pawn_cells, pawn_moves


def flat_pawn_steps(pawnish_of: list) -> tuple[array, array, array, list, array, array, list, array, array]:
    """The quiet steps of the plain pawn-like parts of ``flat_rays``' ``pawnish`` (no promotion zone in reach,
    no hinged or lame leap, no hop, no ride) as flat arrays by ``k = code * size + cell``, for the compiled
    generator (movegen.pseudo_legal_moves), which reads them in the order ``pawn_moves`` makes its moves:

    - ``plain[k]``: 1 where ``pawnish[k]`` is such a part;
    - ``step_first, step_cells, step_moves``: its single steps (``step_first[k]`` to ``step_first[k + 1] - 1``);
    - ``path_first, path_to, path_moves``: its double steps, each with the cells it passes,
      ``between[between_first[j]:between_first[j + 1]]``."""
    plain = array("B", bytes(len(pawnish_of)))
    step_first, step_cells, step_moves = array("i"), array("i"), []
    path_first, path_to, path_moves = array("i"), array("i"), []
    between_first, between = array("i", [0]), array("i")
    for k, pawnish in enumerate(pawnish_of):
        step_first.append(len(step_cells))
        path_first.append(len(path_to))
        if pawnish is None or not pawnish[8] or pawnish[3]:
            continue
        plain[k] = 1
        for to, mv in pawnish[0]:
            step_cells.append(to)
            step_moves.append(mv)
        for passed, to, mv in pawnish[2]:
            path_to.append(to)
            path_moves.append(mv)
            between.extend(passed)
            between_first.append(len(between))
    step_first.append(len(step_cells))
    path_first.append(len(path_to))
    return plain, step_first, step_cells, step_moves, path_first, path_to, path_moves, between_first, between


class CodeSets:
    """Sets of piece codes numbered as they are first met, each also as a row of ``ncodes`` bytes: set ``s``
    holds code ``x`` when ``member()[s * ncodes + x]`` is 1 (the flat tables' attacker sets)."""

    def __init__(self, ncodes: int) -> None:
        self.ncodes = ncodes
        self.ids: dict[frozenset, int] = {}
        self.rows = bytearray()

    def number(self, codes: frozenset) -> int:
        i = self.ids.get(codes)
        if i is None:
            i = self.ids[codes] = len(self.ids)
            row = bytearray(self.ncodes)
            for x in codes:
                row[x] = 1
            self.rows.extend(row)
        return i

    def member(self) -> array:
        return array("B", self.rows)


def flat_hinges(hinged_attacks: list, ncodes: int) -> tuple[array, array, array, array, array, array]:
    """``hinged_attacks`` (per colour and cell: (from, hinges, codes)) as flat arrays by ``k = colour * size +
    cell``, for ``Position.attacked``'s typed loop (compiled only): the entries of ``k`` are numbers
    ``first[k]`` to ``first[k + 1] - 1``; entry ``i`` leaps from ``frm[i]`` for the codes of set
    ``codes[i]`` (``member[s * ncodes + x]`` is 1 when set ``s`` holds code ``x``) and passes one of the cells
    ``hinges[hinge_start[i]:hinge_start[i + 1]]``."""
    first, frm, codes, hinge_start, hinges = array("i"), array("i"), array("i"), array("i", [0]), array("i")
    sets = CodeSets(ncodes)
    for per_colour in hinged_attacks:
        for entries in per_colour:
            first.append(len(frm))
            for f, passed, attackers in entries:
                frm.append(f)
                codes.append(sets.number(attackers))
                hinges.extend(passed)
                hinge_start.append(len(hinges))
    first.append(len(frm))
    return first, frm, codes, sets.member(), hinge_start, hinges


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
