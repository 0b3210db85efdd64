"""Games with fog of war between players that see only their own views (docs/rules/fogofwar.md, docs/match.md).

``play_fog_game`` is the referee: it holds the position, gives each player only ``visibility.view`` of it after
every move, asks the player to move for a move and checks it. The players (each with ``observe(view)`` and
``choose() -> move``):
- ``RandomPlayer``: a legal move at random;
- ``LastSeenPlayer``: keeps the last seen state of each cell, treats it as the truth and plays the ordinary
  engine's best move on it (its own pieces it always knows);
- ``engine.fog.FogEngine``: the engine (samples of the hidden position, searched and voted).
``fog_match`` plays a series with colours alternating; ``hyperchess fog-match`` runs it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Protocol

from hyperchess.engine.fog import FogEngine
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import FenError, Game, Outcome, Position
from hyperchess.variants.board.codes import EMPTY, HOLE, Move
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.core.visibility import UNSEEN, View, view

MAX_PLIES = 600      # a game still going after this many moves is a draw (adjudicated)


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

    def __init__(self, game: Game, color: int, nodes: int = 4000, seed: int | None = None, **_: object) -> None:
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


PLAYERS: dict[str, Callable[..., Player]] = {"engine": FogEngine, "random": RandomPlayer, "lastseen": LastSeenPlayer}


@dataclass
class FogGame:
    """One finished game: its outcome, the moves, and whether a player failed (gave no legal move)."""
    outcome: Outcome
    moves: list[str]
    fault: str = ""


def play_fog_game(game: Game, players: list[Player], max_plies: int = MAX_PLIES) -> FogGame:
    """Referee one game: each player sees only its own view, after every move; ``players[c]`` plays colour c."""
    pos = game.position()
    names: list[str] = []
    for c, p in enumerate(players):
        p.observe(view(pos, c))
    while True:
        out = pos.outcome()
        if out is not None:
            return FogGame(out, names)
        if len(names) >= max_plies:
            return FogGame(Outcome("1/2-1/2", f"adjudicated after {max_plies} plies", "adjudication"), names)
        mover = pos.turn
        move = players[mover].choose()
        if move is None or move not in pos.legal_moves():
            loser = game.color_names[mover]
            result = "0-1" if mover == 0 else "1-0"
            return FogGame(Outcome(result, f"{loser} gave no legal move", "rules infraction"), names, loser)
        names.append(pos.move_name(move))
        pos.push(move)
        for c, p in enumerate(players):
            p.observe(view(pos, c))


def fog_match(game: Game, first: str, second: str, games: int, seed: int = 0,
              options: dict[str, dict] | None = None, report: Callable[[int, FogGame, float], None] | None = None
              ) -> tuple[float, int]:
    """``games`` games of ``first`` against ``second`` (names of ``PLAYERS``), colours alternating; returns
    ``first``'s points and the games played. ``options[name]``: keyword arguments of that player;
    ``report(i, game, points so far)`` after each game."""
    options = options or {}
    points = 0.0
    for i in range(games):
        first_color = i % 2
        kinds = [first, second] if first_color == 0 else [second, first]
        players = [PLAYERS[k](game, c, seed=seed * 1000 + i * 2 + c, **options.get(k, {}))
                   for c, k in enumerate(kinds)]
        record = play_fog_game(game, players)
        score = {"1-0": 1.0, "0-1": 0.0}.get(record.outcome.result, 0.5)
        points += score if first_color == 0 else 1.0 - score
        if report:
            report(i, record, points)
    return points, games
