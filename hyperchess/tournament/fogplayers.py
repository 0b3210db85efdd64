"""The players of a game with fog that run inside the referee (``--engine player=KIND``; docs/match.md, "Fog of
war"): each is given ``visibility.view`` of the position for its side after every move and nothing else, and
asked for a move on its turn.

- ``RandomPlayer`` (``random``): a legal move at random;
- ``LastSeenPlayer`` (``lastseen``): keeps the last seen state of each cell, treats it as the truth and plays
  the ordinary engine's best move on it (its own pieces it always knows).
"""
from __future__ import annotations

import random
from typing import Callable, Protocol

from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import FenError, Game, Position
from hyperchess.variants.board.codes import EMPTY, HOLE, Move
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.core.visibility import UNSEEN, View

LASTSEEN_NODES = 4000     # the last-seen player's search a move, unless nodes= says


class Player(Protocol):
    def observe(self, view: View) -> None: ...
    def choose(self) -> Move | None: ...


class RandomPlayer:
    """A legal move at random."""

    def __init__(self, game: Game, color: int, seed: int | None = None, **_: object) -> None:
        self.rng = random.Random(seed)
        self.last: View | None = None

    def observe(self, view: View) -> None:
        self.last = view

    def choose(self) -> Move | None:
        return self.rng.choice(list(self.last.moves)) if self.last and self.last.moves else None


class LastSeenPlayer:
    """Plays as if it saw everything from the last seen position: each cell holds what it held when last seen
    (the start position at first), its own pieces are where they are; the ordinary engine searches that
    position ``nodes`` nodes and its best move among the legal ones is played."""

    def __init__(self, game: Game, color: int, nodes: int = LASTSEEN_NODES, seed: int | None = None, **_: object) -> None:
        self.game = game
        self.color = color
        start = game.position()
        self.start = tuple(start.board)
        self.memory = list(start.board)
        self.rights = start.rights
        self.last: View | None = None
        self.nodes = nodes
        self.rng = random.Random(seed)
        self.searcher = Searcher(hash_mb=8)

    def observe(self, view: View) -> None:
        for c, code in enumerate(view.board):
            if code != UNSEEN:
                self.memory[c] = code
                if code != self.start[c]:
                    self.rights &= ~self.game.castle_mask[c]
            elif self.memory[c] > HOLE and self.game.owner[self.memory[c]] == self.color:
                self.memory[c] = EMPTY          # an own piece it does not see any more was taken
        self.last = view

    def choose(self) -> Move | None:
        view = self.last
        if view is None or not view.moves:
            return None
        g = self.game
        castling = "-"
        if g.castling_style != "files":
            castling = "".join(r.fen_char for i, r in enumerate(g.castling) if self.rights >> i & 1
                               and self.memory[r.king_from] == self.start[r.king_from]
                               and self.memory[r.rook_from] == self.start[r.rook_from]) or "-"
        try:
            pos = Position(g, f"{format_board(g, self.memory)} {g.color_letters[view.turn]} {castling} - 0 1")
        except (FenError, ValueError):      # a memory the position string refuses: play at random
            return self.rng.choice(list(view.moves))
        allowed = set(view.moves)
        legal = pos.legal_moves()
        if not allowed & set(legal):
            return self.rng.choice(list(view.moves))
        self.searcher.new_game()
        result = self.searcher.search(pos, Limits(nodes=self.nodes), exclude=[m for m in legal if m not in allowed])
        return result.best if result.best in allowed else self.rng.choice(list(view.moves))


PLAYER_CLASSES: dict[str, Callable[..., Player]] = {"random": RandomPlayer, "lastseen": LastSeenPlayer}


def make_player(kind: str, game: Game, color: int, seed: int, nodes: int | None = None) -> Player:
    """The player ``kind`` (one of ``spec.PLAYERS``) of ``color``; ``nodes``: the last-seen player's search."""
    if kind == "lastseen":
        return LastSeenPlayer(game, color, nodes=nodes or LASTSEEN_NODES, seed=seed)
    return PLAYER_CLASSES[kind](game, color, seed=seed)
