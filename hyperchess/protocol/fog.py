"""Fog of war over UCI: the engine is sent what its side sees, never the position (docs/protocol.md, "Fog of war").

In a game with fog (``Game.fog``) the GUI sends before each ``go`` a view string: ``position fen VIEW``, the
position string of the game with ``?`` for every square the side to move cannot see
(``visibility.view_text``; its castling, en-passant and counter fields as the side knows them). Each view is
added to what the engine has seen this game (``ucinewgame`` forgets it) and ``go`` answers with the move
``engine.fog.FogEngine`` chooses from them. A ``position`` without ``?`` (the whole position, or ``startpos``)
is played as usual.

An engine says that it reads views by the option ``FogViews`` (UCI ``option name FogViews type check default
true``; CECP ``feature option="FogViews -check 1"``): a referee sends views only to an engine that declares it
(``hyperchess match``, docs/match.md). Over UCI (``Randomize`` 0, its default there) the same views give the same
move; with ``Randomize`` above 0, and over CECP by default, the drawn positions vary from game to game.
"""
from __future__ import annotations

from hyperchess.engine.fog import FogEngine
from hyperchess.variants import FenError, Game, Position
from hyperchess.variants.board.codes import Move
from hyperchess.variants.core.visibility import UNSEEN_LETTER, View, read_view, view_position


FOG_OPTION = "FogViews"        # the option that declares that the engine reads views


def fog_option(value: str) -> str | None:
    """Why setting ``FogViews`` to ``value`` is refused (it declares what the engine does: only true stands), or
    None."""
    if value.strip().lower() in ("true", "1"):
        return None
    return f"{FOG_OPTION} is {value.strip()[:20]!r}: it declares that this engine reads views, and stays true"


def seat_seed(randomness: int) -> int | None:
    """The seed of a game's fog engine: 0 (the same views, the same move) unless ``Randomize`` is on."""
    return 0 if randomness == 0 else None


class FogSeat:
    """One game's views, as a UCI engine is sent them, and the engine that plays from them."""

    def __init__(self, game: Game, seed: int | None = 0) -> None:
        self.game = game
        self.seed = seed
        self.engine: FogEngine | None = None
        self.view: View | None = None
        self.pos: Position | None = None        # the view's board with every unseen square empty (move names)

    @staticmethod
    def is_view(game: Game, fen: str | None) -> bool:
        """A position string of a game with fog whose board has unseen squares."""
        return bool(game.fog and fen and UNSEEN_LETTER in fen.split()[0])

    def take(self, text: str) -> None:
        """The next view string (``FenError`` if it is not one)."""
        view = read_view(self.game, text)
        if self.engine is None or self.engine.color != view.color:
            self.engine = FogEngine(self.game, view.color, seed=self.seed)
        self.engine.observe(view)
        self.view, self.pos = view, view_position(self.game, text)

    def choose(self, nodes: int | None = None) -> Move | None:
        """The engine's move from the views so far; ``nodes`` (``go nodes N``): about N nodes in all, a tenth
        for each drawn position's search, a fortieth for each reply (else the engine's defaults)."""
        if self.engine is None:
            return None
        if nodes is not None:
            self.engine.nodes, self.engine.reply_nodes = max(1, nodes // 10), max(1, nodes // 40)
        return self.engine.choose()


__all__ = ["FogSeat", "FenError", "FOG_OPTION", "fog_option", "seat_seed"]
