"""The web board of a game won on points (a free-for-all): the points as they stand, the ranking at the end."""
from __future__ import annotations

from hyperchess.web.session import Session

from test_fourplayer import board


def test_the_board_shows_the_points_and_the_final_ranking():
    s = Session("fourplayer-ffa", ["human"] * 4)
    pieces = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "e5": "rQ", "e9": "gQ"}
    s.set_position(f"{board(pieces)} r - - 0 1 by 15,0,0,0")
    state = s.state()
    assert state["points"] == {"points": {"red": 15, "blue": 0, "yellow": 0, "green": 0}, "ranking": []}
    s.play("e5e9")                      # +9: Red 24, Green 0, the two left 24 apart: the game ends
    state = s.state()
    assert state["result"] == "24-0-0-0"
    assert state["points"]["ranking"] == ["1st Red 24", "2nd Blue 0", "2nd Yellow 0", "2nd Green 0"]


def test_a_game_not_for_points_has_none():
    assert Session("normal", ["human", "human"]).state()["points"] is None
