"""A four-player toy game for the match-runner tests until a real four-player game is registered.

Four kings on 8x8 (White K, Black k, Gold G, Silver S in position strings), teams White+Gold against
Black+Silver, capture-the-king, a colour whose king is gone is skipped; a team with no king left loses.
Importing this module registers it as ``four-kings-toy`` (``register``/``unregister`` for tests that must
leave the registry as they found it)."""
from __future__ import annotations

from variants import REGISTRY
from variants.fen import parse_board
from variants.game import Game, code_of
from variants.geometry import Geometry
from variants.notation import SquareNames
from variants.pieces import KING
from variants.position import Outcome

NAME = "four-kings-toy"


class FourKingsToy(Game):
    name = NAME
    players = 4
    color_names = ("white", "black", "gold", "silver")
    color_letters = ("w", "b", "g", "s")
    royal_rule = "none"
    start_fen = "3k4/8/8/S6G/8/8/8/4K3 w - - 0 1"

    def __init__(self) -> None:
        geo = Geometry(8, 8)
        self.start_fen = "8/8/8/8/8/8/8/8 w - - 0 1"      # letters for Gold/Silver are added below
        super().__init__(geo, SquareNames(geo), [KING])
        self.promotion_letters = ""
        self.compile()
        self.letters = {"K": code_of(1, 0), "k": code_of(1, 1), "G": code_of(1, 2), "S": code_of(1, 3)}
        self.start_fen = FourKingsToy.start_fen
        self.start_board = parse_board(self, self.start_fen.split()[0])

    def letter_of(self, code: int) -> str:
        return "KkGS"[self.owner[code]]

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


def register() -> None:
    REGISTRY.setdefault(NAME, "four_player_toy:FourKingsToy")


def unregister() -> None:
    import variants
    REGISTRY.pop(NAME, None)
    variants._cache.pop(NAME, None)


register()
