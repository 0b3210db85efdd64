"""A shogi engine that speaks xshogi's protocol (``proto=xshogi``): GNU Shogi 1.4.2, Debian's ``gnushogi``, the
last version before it learned CECP (its git history: "XBoard: ..." commits after v1.4.2). The referee stays
ours, as for CECP and UCI engines; what differs is said here, read from GNU Shogi 1.4.2's sources
(``gnushogi/commondsp.c`` InputCommand, ``rawdsp.c`` Raw_OutputMove and Raw_SelectLevel):

- no handshake: it prints its name (``GNU Shogi 1.4.2``); no list of games (it plays shogi only), no ``ping``,
  no ``setboard``;
- ``new``; ``level 0 0:S`` gives it S whole seconds a move (the referee's ``st=S``); ``white`` makes it play
  the side that moves first (shogi's Black, sente: our first seat), ``black`` the other (both leave force mode
  without starting to think);
- on its turn: ``force``, the moves it has not seen, its side again, ``first`` (think and move now);
- its move: ``N. ... MOVE MS`` (the milliseconds it thinks it has left), which ``dialect.OLD_MOVE_LINE`` reads;
- squares as shogi writes them (XBoard's ``alphaRank``, backend.c AlphaRank): files counted 9..1 from the
  left, ranks a..i from the top (``7g7f`` is our ``c3c4``); a drop ``P*5e``; a promotion ``+`` at the end.
"""
from __future__ import annotations

import time

from hyperchess.variants.board.notation import UnknownSquare

from .engine import EngineProcess

_names: dict[int, "ShogiNames"] = {}      # id(flat projection) -> its shogi names


class ShogiNames:
    """Shogi's square names of a ``files`` x ``ranks`` board: ``9a`` top left (for the first player), ``1i``
    bottom right. Reads and writes like ``FlatNames`` (``name``, ``parse``, ``pattern``)."""

    def __init__(self, flat) -> None:
        self.flat = flat
        w, h = flat.width, flat.height
        self._name = {cell: f"{w - x}{chr(ord('a') + h - 1 - y)}" for (x, y), cell in flat.cell_at.items()}
        self._cell = {n: c for c, n in self._name.items()}
        self.pattern = f"[1-{w}][a-{chr(ord('a') + h - 1)}]"

    def name(self, cell: int) -> str:
        try:
            return self._name[cell]
        except KeyError:
            raise UnknownSquare(f"cell {cell} is not on the shogi board") from None

    def parse(self, text: str) -> int:
        try:
            return self._cell[text]
        except KeyError:
            raise UnknownSquare(f"unknown square {text!r}") from None

    def __contains__(self, text: str) -> bool:
        return text in self._cell


def shogi_names(game) -> ShogiNames:
    """One ``ShogiNames`` per game's flat projection (the referee keys the game's moves by the names object)."""
    flat = game.flat_names
    names = _names.get(id(flat))
    if names is None or names.flat is not flat:             # it keeps its projection alive: ids stay unique
        names = _names[id(flat)] = ShogiNames(flat)
    return names


class XShogiProcess(EngineProcess):
    """A running xshogi engine with the interface the referee uses for CECP engines."""

    proto = "xshogi"
    first_seat = True          # set by the referee: does it play the side that moves first?

    def handshake(self, timeout: float = 10.0) -> None:
        """Its name, the first line it prints (waited for at most 2 s); ``ping`` is not known."""
        item = self.get(time.monotonic() + min(timeout, 2.0))
        if item is not None:
            self.features["myname"] = item[1].strip()

    def variants(self) -> list[str] | None:
        """None: the protocol names no games (GNU Shogi plays shogi only; it is taken to play what it is given)."""
        return None

    def set_up(self, variant: str, default_variant: str, options: tuple[tuple[str, str], ...],
               fen: str | None = None) -> None:
        """``new`` and the seconds a move; options are not known to it."""
        self.send("new")

    def level(self, seconds: float) -> None:
        self.send(f"level 0 0:{int(seconds)}")

    def side(self) -> str:
        return "white" if self.first_seat else "black"     # its "white": the computer takes Black, sente

    def go_with(self, moves: list[str]) -> None:
        """The moves it has not seen (in force mode), then its side and ``first``."""
        self.send("force")
        for text in moves:
            self.send(text.replace("@", "*"))
        self.send(self.side())
        self.send("first")

    @staticmethod
    def incoming(text: str) -> str:
        """Its move as the referee reads it: a drop ``P*5e`` is ``P@5e``."""
        return text.replace("*", "@")
