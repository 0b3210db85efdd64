"""Square names: how each game writes a cell (``e4``, ``h14``, ``4e4``, ``Aa1``...)."""
from __future__ import annotations

import re

from hyperchess.variants.board.geometry import Geometry

FILES = "abcdefghijklmnopqrstuvwxyz"


class UnknownSquare(ValueError):
    pass


class SquareNames:
    """Names of the form [level prefix] file letter + rank number (``e4``, ``h14``, ``4e4``, ``Aa1``).

    ``level_names`` gives the prefix of each level (empty for flat boards). Pictures and the text board
    label files with ``file_letters`` and ranks from ``rank_base``; a game with other names (its own class
    with ``name``/``parse``/``pattern``) sets them too.
    """

    file_letters = FILES
    rank_base = 1

    def __init__(self, geometry: Geometry, level_names: tuple[str, ...] = ("",), level_at: str = "start") -> None:
        """``level_at``: the level name goes before the file letter ("start": ``Aa1``, ``4e4``) or after the
        rank number ("end": ``a1A``)."""
        self.geometry = geometry
        self.level_names = level_names
        self._names: list[str] = []
        for f, r, l in geometry.coords:
            square = f"{FILES[f]}{r + 1}"
            self._names.append(square + level_names[l] if level_at == "end" else level_names[l] + square)
        self._cells = {name: i for i, name in enumerate(self._names)}
        prefix = "|".join(sorted((re.escape(p) for p in set(level_names) if p), key=len, reverse=True))
        files = FILES[:geometry.files]
        ranks = "|".join(str(r) for r in range(geometry.ranks, 0, -1))
        level = f"(?:{prefix})" if prefix else ""
        self.pattern = f"[{files}](?:{ranks}){level}" if level_at == "end" else f"{level}[{files}](?:{ranks})"

    def name(self, cell: int) -> str:
        return self._names[cell]

    def parse(self, text: str) -> int:
        try:
            return self._cells[text]
        except KeyError:
            raise UnknownSquare(f"unknown square {text!r}") from None

    def __contains__(self, text: str) -> bool:
        return text in self._cells
