"""The flat 2D projection a game declares for XBoard (protocol.md Part 1 §1.3, Part 2 §5): each cell placed
on a display board of at most 16x16 squares, named the way XBoard names them.

A game declares its projection with ``Game.flat_names`` (a :class:`FlatNames`, or None for no projection);
the default, :func:`default_flat_names`, exists for flat boards that fit 16x16.
"""
from __future__ import annotations

from typing import Sequence

from hyperchess.variants.board.geometry import Geometry
from hyperchess.variants.board.notation import FILES, UnknownSquare

MAX_FLAT = 16                        # XBoard's BOARD_FILES / playable BOARD_RANKS (common.h)


class FlatNames:
    """XBoard square names of a ``width`` x ``height`` display board; ``xy[cell]`` = (x, y) from 0
    (None for a cell that is not shown)."""

    def __init__(self, width: int, height: int, xy: Sequence[tuple[int, int] | None]) -> None:
        if not (1 <= width <= MAX_FLAT and 1 <= height <= MAX_FLAT):
            raise ValueError(f"a flat board is at most {MAX_FLAT}x{MAX_FLAT}, got {width}x{height}")
        self.width, self.height = width, height
        self.xy = list(xy)
        self.cell_at: dict[tuple[int, int], int] = {p: c for c, p in enumerate(self.xy) if p is not None}
        self._names = [None if p is None else FILES[p[0]] + self.rank_label(p[1]) for p in self.xy]
        self._cells = {n: c for c, n in enumerate(self._names) if n is not None}
        labels = sorted((self.rank_label(y) for y in range(height)), key=lambda s: (-len(s), s), reverse=False)
        self.pattern = f"[{FILES[:width]}](?:{'|'.join(labels)})"

    def rank_label(self, y: int) -> str:
        """XBoard's rank name: ``0..9`` on a board exactly 10 high, else ``1..16`` (Part 2 §5)."""
        return str(y) if self.height == 10 else str(y + 1)

    def square(self, x: int, y: int) -> str:
        return FILES[x] + self.rank_label(y)

    def name(self, cell: int) -> str:
        n = self._names[cell]
        if n is None:
            raise UnknownSquare(f"cell {cell} is not shown on the flat board")
        return n

    def parse(self, text: str) -> int:
        try:
            return self._cells[text]
        except KeyError:
            raise UnknownSquare(f"unknown square {text!r}") from None

    def __contains__(self, text: str) -> bool:
        return text in self._cells


def default_flat_names(geometry: Geometry) -> FlatNames | None:
    """The native layout of a flat board that fits 16x16 (cells keep their files and ranks), else None."""
    if geometry.levels == 1 and geometry.files <= MAX_FLAT and geometry.ranks <= MAX_FLAT:
        return FlatNames(geometry.files, geometry.ranks, [(f, r) for f, r, _ in geometry.coords])
    return None
