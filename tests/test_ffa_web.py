"""The web board of a game won on points (a free-for-all): the points as they stand, the ranking at the end."""
from __future__ import annotations

import time

import pytest

from hyperchess.web.session import BadInput, Session

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


def test_a_flag_fall_puts_that_player_out_and_the_others_play_on():
    """chess.com's FFA: "Players are eliminated when their time runs out" (docs/rules/fourplayer.md); not a
    team result. The time-out stands in the move list, and Blue's turns are skipped from then on."""
    s = Session("fourplayer-ffa", ["human"] * 4, clock="5:00+0")
    s.play("h2h3")
    s.clocks.left[1] = 0.05                      # Blue's clock: its flag falls while it thinks
    time.sleep(0.1)
    state = s.state()
    assert state["result"] is None and state["turn"] == "yellow"
    assert state["moves"] == ["h2h3", "timeout"] and state["eliminated"] == ["blue"]
    assert state["notes"][-1] == "blue eliminated"
    # Blue's army grey, its king still in colour: live, worth 20 to whoever takes it
    assert '<g class="piece eliminated" data-square="b7"' in state["svg"]
    assert '<g class="piece" data-square="a7" data-piece="bK"' in state["svg"]
    s.play("g13g12")
    s.play("m8l8")
    assert s.state()["turn"] == "red" and s.time_left(1) == 0
    # the game as the store keeps it replays its time-out (Session.restore)
    from types import SimpleNamespace
    stored = SimpleNamespace(variant=s.variant, seats=s.seats, movetime=s.movetime, clock=s.clock, id=s.id,
                             linked=[], level=s.level, watch_all=False, start_fen=s.start_fen, created=s.created,
                             moves=list(s.names), clocks=[list(c) for c in s.clocks.history[1:]] + [s.clocks.left],
                             result=None, reason=None, termination=None, draw_offer=None, keys={})
    again = Session.restore(stored)
    assert again.pos.fen() == s.pos.fen() and again.state()["eliminated"] == ["blue"]
    with pytest.raises(BadInput):
        s.play("timeout")                        # nobody plays a time-out by hand


def test_an_engine_seat_whose_flag_falls_while_it_thinks_is_out_and_the_next_engine_plays():
    """Blue's engine thinks on its clock; its flag falls meanwhile: its move is not played (it is out), and
    Yellow's and Green's engines play on, each move legal where it was made."""
    from hyperchess.variants.core.load import load_position
    s = Session("fourplayer-ffa", ["human", "engine", "engine", "engine"], clock="0:20+0")
    try:
        s.play("h2h3")
        deadline = time.time() + 60
        while not s.thinking.startswith("blue") and time.time() < deadline:
            time.sleep(0.01)
        s.clocks.left[1] = 0.0                   # while Blue's engine thinks (nothing asks for the state)
        while len(s.names) < 4 and time.time() < deadline:
            time.sleep(0.05)
        names = list(s.names[:4])
        assert names[:2] == ["h2h3", "timeout"], names
        pos = load_position(s.game, s.start_fen)
        for n, text in enumerate(names):
            if text != "timeout":
                assert text in {pos.move_name(m) for m in pos.legal_moves()}, (n, names)
            pos.push(pos.parse_move(text))
        assert [s.game.color_names[c] for c in s.turns[:5]] == ["red", "blue", "yellow", "green", "red"]
    finally:
        s.close()
