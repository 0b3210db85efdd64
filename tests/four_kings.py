"""The smallest four-player game, for tests of the match runner and the protocol: four kings on 8x8 (tokens
``wK bK gK sK`` in position strings, as in every game of more than two colours), teams White+Gold against
Black+Silver, capture-the-king; a colour whose king is gone is skipped, and a team with no king left loses.
Importing this module registers nothing (``four_player_toy`` does)."""
from __future__ import annotations

from hyperchess.variants.core.game import Game
from hyperchess.variants.board.geometry import Geometry
from hyperchess.variants.board.notation import SquareNames
from hyperchess.variants.board.pieces import KING
from hyperchess.variants.core.outcome import Outcome

NAME = "four-kings-toy"


class FourKingsToy(Game):
    name = NAME
    players = 4
    color_names = ("white", "black", "gold", "silver")
    color_letters = ("w", "b", "g", "s")
    royal_rule = "none"
    start_fen = "3bK4/8/8/sK6gK/8/8/8/4wK3 w - - 0 1"

    def __init__(self) -> None:
        geo = Geometry(8, 8)
        super().__init__(geo, SquareNames(geo), [KING])
        self.promotion_letters = ""
        self.compile()

    def next_turn(self, pos, color: int) -> int:
        for i in range(1, 5):
            c = (color + i) % 4
            if pos.royals[c]:
                return c
        return color

    def game_over(self, pos):
        for team, result in ((0, "0-1"), (1, "1-0")):
            if not any(pos.royals[c] for c in range(4) if self.teams[c] == team):
                return Outcome(result, "a team lost both kings", "kings")
        return None
