"""What the xboard command handlers read and change of the engine: the ``XBoardState`` protocol.

The handlers (``commands``, ``play``, ``setboard``, ``advice``) take the engine as an ``XBoardState``;
``xboard.XBoardEngine`` is the one class that carries it out. Naming this type instead of the engine's class
keeps the handlers below xboard.py, which imports them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from hyperchess.variants.board.flat import FlatNames
    from hyperchess.variants.core.game import Game, Move
    from hyperchess.variants.core.position import Position

    from .clock import Clock
    from .fog import FogSeat
    from .thinking import Search, Thinker
    from .wire import Output


class XBoardState(Protocol):
    """The xboard engine as its command handlers see it: the game, the wire, the search and the modes."""

    out: Output
    thinker: Thinker
    clock: Clock
    cores: int
    default_notation: str
    notation: str                       # the wire's names of squares (protocol/notation.py)
    done: bool                          # ``quit``: the main loop ends
    post: bool                          # thinking lines on
    ponder: bool
    paused: bool
    analyzing: bool
    editing: dict | None                # ``edit`` mode's state
    version: int                        # changes with the position: a search of an older one is stale
    game_name: str
    game: Game | None                   # None until a command needs the game (start-up stays fast)
    pos: Position | None
    force: bool
    side: int                           # the team the engine plays
    ended: bool                         # after ``result``: silent until new/setboard
    bad_position: bool                  # after an illegal setboard: moves refused until new/setboard
    excluded: set
    null_owed: int | None               # team that owes XBoard a ``@@@@`` (four-player games)
    castle_rook: str | None             # XBoard's rook part of a castling still to come (play.py)
    setscore: tuple[int, int, int] | None
    fog: FogSeat | None                 # a game with fog: the views sent by ``setboard VIEW`` this game
    fog_turn: bool                      # the position is the last view's: ``go`` plays from the views
    last: tuple[int, int, object] | None    # (hash, score, best move) of the last search

    @property
    def search(self) -> Search | None:
        """The running search (move, analysis or ponder), if any."""
        ...

    @property
    def flat(self) -> FlatNames | None:
        """The game's flat projection (None: native notation only)."""
        ...

    def reset_game(self, name: str, lazy: bool = False) -> None:
        ...

    def ensure_game(self) -> None:
        ...

    def changed(self) -> None:
        """The position changed: forget per-position state."""
        ...

    def our_turn(self) -> bool:
        ...

    def abandon(self) -> None:
        """Stop the running search and drop its result."""
        ...

    def flush_deferred(self) -> None:
        ...

    def wire_move(self, pos: Position, move: Move) -> str:
        ...

    def parse_wire_move(self, text: str) -> Move:
        ...

    def parse_wire_square(self, text: str) -> int:
        ...
