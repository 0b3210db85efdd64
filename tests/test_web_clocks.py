"""The web board's clocks and rematches without a browser (web/clocks.py, session.py, rematch.py): the clock
field's time controls read as lichess reads them (``3+2`` is 3 minutes + 2 s), clocks that wait for each
seat's first move in games by link, and a rematch asked for by one person and agreed by the other."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from hyperchess.web import clocks as clocks_module
from hyperchess.web.board import Board
from hyperchess.web.clocks import ClockError, Clocks, parse_clock
from hyperchess.web.errors import BadInput, NotAllowed
from hyperchess.web.rematch import next_key, offer
from hyperchess.web.session import Session
from hyperchess.web.store import Store


@pytest.mark.parametrize("text, tc", [
    ("3+2", (0, 180.0, 2.0)),           # minutes + seconds, as lichess and every GUI read it
    ("1+0", (0, 60.0, 0.0)),
    ("5", (0, 300.0, 0.0)),
    ("0.5+0", (0, 30.0, 0.0)),
    ("45s+1", (0, 45.0, 1.0)),          # seconds only with a unit
    ("45s", (0, 45.0, 0.0)),
    ("90 sec + 2s", (0, 90.0, 2.0)),
    ("10m+5", (0, 600.0, 5.0)),
    ("3:00+2", (0, 180.0, 2.0)),        # m:ss
    ("1:30+1", (0, 90.0, 1.0)),
    ("5+0.1", (0, 300.0, 0.1)),
    ("40/90", (40, 5400.0, 0.0)),       # moves per period
    ("40/5:00", (40, 300.0, 0.0)),
    (" 2 + 1 ", (0, 120.0, 1.0)),
])
def test_time_controls_read_as_players_write_them(text, tc):
    assert parse_clock(text) == pytest.approx(tc)


@pytest.mark.parametrize("text", [None, "", "none", "None", "-", "  "])
def test_no_clock(text):
    assert parse_clock(text) is None


@pytest.mark.parametrize("text", ["0+1", "0s+0", "601+0", "3+601", "3+", "+2", "3++2", "abc", "3:75+0", "1e3+0",
                                  "3h+0", "-3+2", "3+2s+1", "1/", "9" * 41, "²+1", "3 + 2m"])
def test_bad_time_controls_get_one_line(text):
    with pytest.raises(ClockError) as err:
        parse_clock(text)
    assert "\n" not in str(err.value) and str(err.value).startswith("clock: ")


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=50), st.integers(), st.floats(), st.lists(st.integers(), max_size=3)))
def test_hostile_clock_text_is_a_clock_or_one_line(text):
    try:
        tc = parse_clock(text)
    except ClockError as exc:
        assert "\n" not in str(exc)
        return
    assert tc is None or (0 < tc[1] <= clocks_module.MAX_CLOCK and 0 <= tc[2] <= 600)


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def fake_time(monkeypatch):
    t = FakeTime()
    monkeypatch.setattr(clocks_module.time, "monotonic", t.monotonic)
    return t


def test_clocks_by_link_start_at_each_seats_first_move(fake_time):
    c = Clocks((0, 60.0, 2.0), 2, from_first_move=True)
    fake_time.now += 30                              # nobody has moved: nothing runs
    assert c.time_left(0, running=True) == 60.0 and c.running(0, over=False) is None
    c.moved(0, 1)                                    # White's first move costs nothing and adds nothing
    assert c.left == [60.0, 60.0]
    fake_time.now += 20
    assert c.time_left(1, running=True) == 60.0 and c.running(1, over=False) is None
    c.moved(1, 1)
    assert c.left == [60.0, 60.0] and c.running(0, over=False) == 0
    fake_time.now += 5                               # now White's clock runs, and the increment counts
    assert c.time_left(0, running=True) == 55.0
    c.moved(0, 2)
    assert c.left == [57.0, 60.0]
    c.taken_back([0, 1])                             # a take-back keeps the started clocks
    assert c.left == [60.0, 60.0] and c.started(0) and c.started(1)
    c.taken_back([0])
    assert not c.started(1) and c.started(0)


def test_clocks_at_one_board_run_from_the_start(fake_time):
    c = Clocks((0, 60.0, 0.0), 2)
    fake_time.now += 7
    assert c.time_left(0, running=True) == 53.0 and c.running(0, over=False) == 0
    c.moved(0, 1)
    assert c.left == [53.0, 60.0]


def test_a_game_by_link_shows_no_running_clock_before_the_first_moves(fake_time):
    s = Session("normal", ["human", "human"], clock="1+0", linked=[0, 1])
    s.make_keys()
    fake_time.now += 10
    st = s.state(mine=[0], role="seat")
    assert st["clocks"] == [60.0, 60.0] and st["clock_running"] is None
    s.play("e2e4", [0])
    fake_time.now += 10
    assert s.update()["clocks"] == [60.0, 60.0] and s.update()["clock_running"] is None
    s.play("e7e5", [1])
    fake_time.now += 10
    u = s.update()
    assert u["clocks"] == [50.0, 60.0] and u["clock_running"] == "white"
    s.close()


def test_draw_offers_read_as_english():
    s = Session("normal", ["human", "human"], linked=[0, 1])
    s.make_keys()
    s.play("e2e4", [0])
    s.offer_draw([1])
    assert s.message == "Black offers a draw"
    s.close()


@pytest.fixture
def board():
    b = Board(Store(":memory:"))
    yield b
    b.close()
    b.store.close()


def keys_of(s) -> dict:
    return {(role, tuple(colors)): k for k, (role, colors) in s.keys.items()}


def test_a_rematch_between_people_is_asked_agreed_and_keeps_the_clock(board):
    s, owner = board.new({"variant": "normal", "seats": ["link", "link"], "clock": "3+2"})
    k = keys_of(s)
    white, black, watch = k[("seat", (0,))], k[("seat", (1,))], k[("spectator", ())]
    with pytest.raises(BadInput, match="when the game is over"):
        offer(board, s, white, "seat", [0])
    s.play("e2e4", [0])
    s.resign([1])
    with pytest.raises(NotAllowed):
        offer(board, s, watch, "spectator", [])
    with pytest.raises(NotAllowed):
        offer(board, s, owner, "owner", [])       # the owner gave both seats away: the players decide
    offer(board, s, white, "seat", [0])
    assert s.rematch_info() == {"offered": ["white"], "waiting": ["black"], "made": False}
    assert s.update()["rematch"]["offered"] == ["white"]       # every page is told
    assert next_key(s, black) is None
    offer(board, s, black, "seat", [1])
    assert s.rematch_info()["made"]
    new_white, new_black = next_key(s, black), next_key(s, white)   # the colours are swapped
    new, role, colors = board.find(new_white)
    assert new.id != s.id and (role, colors) == ("seat", [0]) and board.find(new_black)[2] == [1]
    assert new.clock == "3+2" and new.clocks.tc == (0, 180.0, 2.0) and new.linked == {0, 1}
    assert board.find(next_key(s, watch))[1] == "spectator" and board.find(next_key(s, owner))[1] == "owner"
    offer(board, s, white, "seat", [0])          # asked again: the same rematch
    assert next_key(s, black) == new_white


def test_a_rematch_at_one_board_is_made_at_once_with_the_colours_swapped(board):
    s, owner = board.new({"variant": "normal", "seats": ["human", "engine"], "clock": "1+1", "movetime": 0.05})
    offer(board, s, owner, "owner", None)
    new = board.find(next_key(s, owner))[0]
    assert new.seats == ["engine", "human"] and new.clock == "1+1"
