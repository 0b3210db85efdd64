"""First Contact's names (contract §C(b)): the global cell name ``b54`` (file z-e, rank 0-9, elevation 1-7)
with Smith's names as aliases, and the written moves: ``@Wa1u`` placement, ``N@a32`` drop, ``Wa1u-Na1u``
platform move, ``a32b54`` piece move."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import SPECIAL, Move
from hyperchess.variants.board.errors import MoveError
from hyperchess.variants.board.geometry import Geometry
from hyperchess.variants.board.notation import UnknownSquare

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

PLACE = SPECIAL          # a platform placed on a vacant point: (a1 cell, a1 cell, 0, PLACE)
DROP = SPECIAL + 1       # a reserve piece dropped: (cell, cell, piece code, DROP)
PLATFORM = SPECIAL + 2   # a platform moved: (pawn cell, pawn's new cell) or (a1 cell, new a1 cell), PLATFORM

GLOBAL_FILES = "zabcde"


def global_name(x: int, y: int, h: int) -> str:
    return f"{GLOBAL_FILES[x]}{y}{h}"


class FirstContactNames:
    """Cell names: the global ``b54`` (file, rank, elevation) is canonical; Smith's ``Nb3`` and ``Wa1u:b2``
    are accepted aliases (``smith(cell)`` gives them)."""

    def __init__(self, geometry: Geometry, smith: list[str]) -> None:
        self.geometry = geometry
        self.level_names = tuple(str(h) for h in range(1, 8))     # elevations (render)
        self.file_letters = GLOBAL_FILES
        self.rank_base = 0
        self._names = [global_name(x, y, l + 1) for x, y, l in geometry.coords]
        self._smith = smith
        self._cells = {name: i for i, name in enumerate(self._names)}
        self._cells.update({name: i for i, name in enumerate(smith)})
        self.pattern = r"(?:[WNB][a-d][1-4][ud]:[ab][12]|[WNB][a-d][1-4]|[zabcde][0-9][1-7])"

    def name(self, cell: int) -> str:
        return self._names[cell]

    def smith(self, cell: int) -> str:
        return self._smith[cell]

    def parse(self, text: str) -> int:
        try:
            return self._cells[text]
        except KeyError:
            raise UnknownSquare(f"unknown cell {text!r}") from None

    def __contains__(self, text: str) -> bool:
        return text in self._cells


class Notation:
    """The move text of :class:`~hyperchess.variants.games.first_contact.rules.FirstContact` (a mixin before
    ``Game``; it reads the game's ``points``, ``point_of`` and ``names``)."""

    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """``@Wa1u`` placement, ``N@a32`` drop, ``Wa1u-Na1u`` platform move, ``a32b54`` piece move."""
        frm, to, extra, flag = move
        square = square or self.names.name
        if flag == PLACE:
            return "@" + self.points[self.point_of[to]].name
        if flag == DROP:
            return self.pieces[self.kind_of[extra]].letter + "@" + square(to)
        if flag == PLATFORM:
            return self.points[self.point_of[frm]].name + "-" + self.points[self.point_of[to]].name
        return square(frm) + square(to)

    _POINT = r"[WNB][ad][14][ud]"

    def parse_move(self, pos: "Position", text: str) -> Move:
        """Canonical names and these aliases: Smith's cell names (``Wa3``, ``Wa1u:b2``) anywhere a cell is
        written, ``-``/``x`` between two cells, a bare point ``Wa1u`` for a placement, two points without
        ``-`` for a platform move, a lower-case drop letter."""
        try:
            return self._parse_move(pos, text)
        except UnknownSquare as exc:
            raise MoveError(str(exc)) from None

    def _parse_move(self, pos: "Position", text: str) -> Move:
        t = text.strip()
        cell = self.names.pattern
        canonical = None
        m = re.fullmatch(f"@?({self._POINT})", t)
        if m:
            canonical = "@" + m.group(1)
        if canonical is None:
            m = re.fullmatch(f"({self._POINT})-?({self._POINT})", t)
            if m:
                canonical = m.group(1) + "-" + m.group(2)
        if canonical is None:
            m = re.fullmatch(f"([KQRBNPkqrbnp])@({cell})", t)
            if m:
                canonical = m.group(1).upper() + "@" + self.names.name(self.names.parse(m.group(2)))
        if canonical is None:
            m = re.fullmatch(f"({cell})[-x]?({cell})", t)
            if m:
                a, b = self.names.parse(m.group(1)), self.names.parse(m.group(2))
                canonical = self.names.name(a) + self.names.name(b)
        if canonical is None:
            raise MoveError(f"malformed move {t!r} (e.g. @Wa1u, K@b22, a32b54, Wa1u-Na1u)")
        for move in pos.legal_moves():
            if self.move_name(pos, move) == canonical:
                return move
        raise MoveError(f"illegal move {t}")
