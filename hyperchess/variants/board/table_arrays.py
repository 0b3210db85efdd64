"""The tables again as flat arrays, for the compiled path's typed loops (the move generator, ``Position.attacked``).

``flat_rays`` (the move tables) and ``flat_attacks`` (the attack lines and leap sources) are made once per
build and kept in the disk cache with the tables; ``flat_pawn_steps`` and ``flat_hinges`` are made by each
position from them. A set of attacker codes is numbered once and kept as a row of bytes (``CodeSets``).
"""
# hyperchess: compiled
from __future__ import annotations

from array import array


class TableArrays:
    """The flat arrays of ``GameTables`` (a base class of it)."""

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

