"""The cells a colour's pieces stand on (``Position.occupied``, ``Position.royals``).

A ``CellSet`` reads like a set of cells (``in``, ``len``, iteration, ``==``, ``&``, ``|``, ``-``), and keeps its
cells in a list with each cell's place in it: adding, removing or moving a piece is a few array writes, and the
move generator's loops read ``cells[0:n]`` as C ints on the compiled path instead of walking a hash table
(docs/history/performance-log.md, session 36).

The order is the order the cells came in, except that a removed cell's place goes to the last cell, and a piece
that moves keeps its place. ``Position.pop`` puts a captured piece back in its old place, so taking back a move
restores the order as well as the cells.
"""
from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator


class CellSet:
    """A set of cells ``0 <= cell < size``."""

    def __init__(self, size: int, cells: Iterable[int] = ()) -> None:
        self.size = size
        self.n = 0
        self._cells = array("i", bytes(4 * size))
        self._index = array("i", [-1]) * size
        self.cells = self._cells        # cells[0:n], in order (the same array, typed when compiled)
        self.index = self._index        # each cell's place in ``cells``, -1 for a cell not in the set
        for cell in cells:
            self.add(cell)

    def add(self, cell: int) -> None:
        if not 0 <= cell < self.size:
            raise ValueError(f"cell {cell} is off a board of {self.size} cells")
        if self.index[cell] < 0:
            self.cells[self.n] = cell
            self.index[cell] = self.n
            self.n += 1

    def discard(self, cell: int) -> None:
        if not 0 <= cell < self.size:
            return
        i = self.index[cell]
        if i >= 0:
            self.n -= 1
            last = self.cells[self.n]
            self.cells[i] = last
            self.index[last] = i
            self.index[cell] = -1

    def place(self, cell: int) -> int:
        """Where ``cell`` stands in the order (-1: not in the set): what ``restore`` needs to put it back."""
        return self.index[cell] if 0 <= cell < self.size else -1

    def restore(self, cell: int, i: int) -> None:
        """Undo ``discard(cell)`` when it stood at place ``i``: the cell that took its place goes back last."""
        if i < self.n:                  # (at i == n it was the last: what the list holds there is stale)
            other = self.cells[i]
            self.cells[self.n] = other
            self.index[other] = self.n
        self.cells[i] = cell
        self.index[cell] = i
        self.n += 1

    def move(self, frm: int, to: int) -> None:
        """The piece on ``frm`` (in the set) moves to ``to`` (not in it), keeping its place. Otherwise it is
        ``discard(frm)`` then ``add(to)``, as on a set (nothing is written outside the list)."""
        i = self.index[frm]
        if i < 0 or self.index[to] >= 0:
            self.discard(frm)
            self.add(to)
            return
        self.index[frm] = -1
        self.cells[i] = to
        self.index[to] = i

    def copy(self) -> "CellSet":
        new = CellSet.__new__(CellSet)
        new.size = self.size
        new.n = self.n
        new._cells = self._cells[:]
        new._index = self._index[:]
        new.cells = new._cells
        new.index = new._index
        return new

    def first(self) -> int:
        """The first cell in the order (-1 when empty): a royal set's one king."""
        return self.cells[0] if self.n else -1

    def __len__(self) -> int:
        return self.n

    def __contains__(self, cell: object) -> bool:
        return type(cell) is int and 0 <= cell < self.size and self.index[cell] >= 0   # type: ignore[operator]

    def __iter__(self) -> Iterator[int]:
        """The cells in order, as they are now (a change while iterating does not disturb the loop)."""
        return iter([self.cells[i] for i in range(self.n)])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CellSet):
            return set(self) == set(other)
        if isinstance(other, (set, frozenset)):
            return set(self) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    __hash__ = None     # type: ignore[assignment]  # changes as pieces move, like a set

    def __and__(self, other: Iterable[int]) -> set[int]:
        return set(self) & set(other)

    def __rand__(self, other: Iterable[int]) -> set[int]:
        return set(other) & set(self)

    def __or__(self, other: Iterable[int]) -> set[int]:
        return set(self) | set(other)

    def __ror__(self, other: Iterable[int]) -> set[int]:
        return set(other) | set(self)

    def __sub__(self, other: Iterable[int]) -> set[int]:
        return set(self) - set(other)

    def __rsub__(self, other: Iterable[int]) -> set[int]:
        return set(other) - set(self)

    def isdisjoint(self, other: Iterable[int]) -> bool:
        return all(cell not in self for cell in other)

    def __repr__(self) -> str:
        return f"CellSet({sorted(self)})"
