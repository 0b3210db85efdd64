"""Board geometry shared by every game: cells, coordinates, directions, rays and leaps.

A cell is a small integer. Its coordinate is ``(file, rank, level)``, counted from 0, which
is the order the rule contracts use for vectors: ``(dx, dy, dz)`` = (file, rank, level).
A geometry is a set of coordinates plus the axes that wrap (a cylinder wraps one axis).
Holes are coordinates left out of the set; moves never enter or cross them.
With ``boards`` > 1 the levels form that many boards of ``levels // boards`` levels each (Alice chess's boards
A and B; docs/variants-file.md, ``mirror_boards``): no step leaves its board.
"""
from __future__ import annotations

from itertools import permutations, product
from typing import Iterable, Sequence

Coord = tuple[int, int, int]
Vector = tuple[int, int, int]


class Geometry:
    """The cells of a board and how to step between them."""

    def __init__(self, files: int, ranks: int, levels: int = 1, *,
                 wrap_files: bool = False, wrap_ranks: bool = False,
                 holes: Iterable[Coord] = (), coords: Sequence[Coord] | None = None, boards: int = 1) -> None:
        self.files, self.ranks, self.levels = files, ranks, levels
        self.boards = boards
        self.board_levels = levels // boards          # the levels of one board
        self.wrap_files, self.wrap_ranks = wrap_files, wrap_ranks
        if coords is None:
            hole_set = set(holes)
            coords = [(f, r, l) for l in range(levels) for r in range(ranks) for f in range(files)
                      if (f, r, l) not in hole_set]
        self.coords: list[Coord] = list(coords)
        self.index: dict[Coord, int] = {c: i for i, c in enumerate(self.coords)}
        self.size = len(self.coords)

    @property
    def wraps(self) -> bool:
        """True when two different paths can join the same two cells (a wrapped axis)."""
        return self.wrap_files or self.wrap_ranks

    def cell(self, file: int, rank: int, level: int = 0) -> int:
        return self.index[(file, rank, level)]

    def step(self, cell: int, v: Vector) -> int | None:
        """The cell reached from ``cell`` by vector ``v``, or None off the board or in a hole."""
        f, r, l = self.coords[cell]
        if self.boards > 1 and v[2] and (l + v[2]) // self.board_levels != l // self.board_levels:
            return None
        f, r, l = f + v[0], r + v[1], l + v[2]
        if self.wrap_files:
            f %= self.files
        if self.wrap_ranks:
            r %= self.ranks
        return self.index.get((f, r, l))

    def ray(self, cell: int, v: Vector, limit: int = 0) -> tuple[int, ...]:
        """Cells met sliding from ``cell`` along ``v`` (``limit`` steps at most, 0 = no limit).

        On a wrapped axis the slide stops before it comes back to its own start square.
        """
        out: list[int] = []
        here = cell
        while not limit or len(out) < limit:
            nxt = self.step(here, v)
            if nxt is None or nxt == cell:
                break
            out.append(nxt)
            here = nxt
        return tuple(out)

    def path(self, cell: int, offsets: Sequence[Vector]) -> tuple[int, ...] | None:
        """Cells at each offset from ``cell``; None if any of them is missing."""
        out = []
        for off in offsets:
            nxt = self.step(cell, off)
            if nxt is None or nxt == cell:
                return None
            out.append(nxt)
        return tuple(out)


def symmetric(*base: Vector, dims: int = 3) -> tuple[Vector, ...]:
    """All vectors made from ``base`` by permuting its first ``dims`` components and flipping signs.

    ``symmetric((1, 2, 0), dims=2)`` is the 8 knight leaps of a flat board;
    ``symmetric((0, 1, 2))`` is the 24 knight leaps of a cube.
    """
    out: set[Vector] = set()
    for b in base:
        head, tail = list(b[:dims]), list(b[dims:])
        for perm in permutations(head):
            for signs in product((1, -1), repeat=dims):
                out.add(tuple([p * s for p, s in zip(perm, signs)] + tail))  # type: ignore[arg-type]
    out.discard((0, 0, 0))
    return tuple(sorted(out))


def all_directions(dims: int = 2) -> tuple[Vector, ...]:
    """Every one-step direction (queen/king lines) in ``dims`` dimensions."""
    rng = [(-1, 0, 1)] * dims + [(0,)] * (3 - dims)
    return tuple(v for v in product(*rng) if v != (0, 0, 0))  # type: ignore[misc]


ORTHOGONAL_2D = symmetric((1, 0, 0), dims=2)
DIAGONAL_2D = symmetric((1, 1, 0), dims=2)
KNIGHT_2D = symmetric((1, 2, 0), dims=2)
KING_2D = ORTHOGONAL_2D + DIAGONAL_2D
