"""The engine plays a free-for-all for points (engine/points.py): from the seat to move, its points against the
best other player's, not Red against the other three."""
from __future__ import annotations

from hyperchess.engine.search import Limits, Searcher
from hyperchess.variants import get_game
from hyperchess.variants.core.load import load_position

from test_fourplayer import board


def ffa(pieces, turn="r", dead="-", points="0,0,0,0"):
    game = get_game("fourplayer-ffa")
    return game, load_position(game, f"{board(pieces)} {turn} - - 0 1 {dead} {points}")


def best(game, pos, depth=2) -> str:
    result = Searcher().search(pos, Limits(depth=depth))
    return game.move_name(pos, result.best)


def test_a_mate_for_20_points_before_a_knight():
    """Red mates Blue (+20, Blue out) rather than take Yellow's knight (+3)."""
    game, pos = ffa({"h1": "rK", "a4": "bK", "g14": "yK", "n8": "gK", "b10": "rR", "d11": "rR", "d5": "yN"})
    assert best(game, pos) == "d11a11"


def test_blue_takes_yellows_queen_rather_than_reds_pawn():
    """Blue to move: Yellow's undefended queen (9 points) before Red's pawn (1); Yellow is not Blue's ally."""
    game, pos = ffa({"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "e6": "bR", "e9": "yQ", "h6": "rP"},
                    turn="b")
    assert best(game, pos) == "e6e9"

