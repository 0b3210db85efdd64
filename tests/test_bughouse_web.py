"""Bughouse on the web board (web/team_session.py, team_view.py): a game of a ``two_boards`` game has two
boards and four seats, each by its own link; a seat's key moves only its own pieces on its own board; a capture
on one board goes to the partner's hand on the other, and is dropped from there; the game ends when a board
ends; the store keeps the game (one move list, each move with its board) over a restart."""
from __future__ import annotations

import pytest

from web_support import base, call, serving

# Board A: White takes Black's queen (3. Qxg5), which goes to B's Black (A's White's partner); board B: Black
# drops it on f2, protected by the bishop on c5: a contact mate no drop can parry (docs/rules/bughouse.md).
GAME = [("A", 0, "e2e3"), ("A", 1, "e7e5"), ("B", 2, "f2f3"), ("B", 3, "e7e5"), ("A", 0, "d1h5"),
        ("A", 1, "d8g5"), ("B", 2, "a2a3"), ("B", 3, "f8c5"), ("A", 0, "h5g5"), ("B", 2, "a3a4"),
        ("B", 3, "Q@f2")]


def seat_keys(st: dict) -> list[str]:
    links = st["links"]["seats"]
    return [links[name] for name in ("A white", "A black", "B white", "B black")]


def new_game(url: str, seats=None, clock: str = "none") -> tuple[dict, list[str]]:
    status, st = call(url, "/api/new", {"variant": "bughouse", "seats": seats or ["link"] * 4, "clock": clock})
    assert status == 200, st
    return st, seat_keys(st) if seats is None else []


def test_the_catalog_offers_four_seats_for_two_board_games(tmp_path):
    with serving() as server:
        status, games = call(base(server), "/api/games")
    two = {g["name"]: g for g in games if g["two_boards"]}
    assert set(two) == {"bughouse", "koedem", "supply"}
    assert two["bughouse"]["colors"] == ["A white", "A black", "B white", "B black"]
    assert next(g for g in games if g["name"] == "crazyhouse")["players"] == 2


def test_four_people_by_link_play_to_a_mate_with_a_dropped_piece_and_a_restart_keeps_it(tmp_path):
    db = tmp_path / "games.sqlite3"
    with serving(db=db) as server:
        url = base(server)
        st, keys = new_game(url, clock="5+0")
        assert st["two_boards"] and len(st["boards"]) == 2 and st["players"] == ["person"] * 4
        assert st["legal"] == []                     # the owner's page gave every seat away
        watch = st["links"]["watch"]
        for n, (board, seat, move) in enumerate(GAME):
            # every other seat's key is refused this move (403), and the game is unchanged
            for other in range(4):
                if other != seat:
                    status, err = call(url, "/api/move", {"key": keys[other], "move": f"{board}:{move}"})
                    assert status in (400, 403), (other, err)
            status, err = call(url, "/api/move", {"key": watch, "move": f"{board}:{move}"})
            assert status == 403, err
            status, mine = call(url, f"/api/state?key={keys[seat]}")
            assert {t["move"] for t in mine["legal"]} >= {f"{board}:{move}"}
            assert all(t["move"].startswith(board + ":") for t in mine["legal"])     # its own board only
            if n == len(GAME) - 1:
                # the queen A's White took is in B's Black's hand, and a drop target of its page
                assert mine["boards"][1]["hands"]["black"] == {"Q": 1}
                drops = [t for t in mine["legal"] if t["from"] == "B:reserve-black-Q"]
                empty = sum(int(c) for c in mine["boards"][1]["fen"].split("[")[0] if c.isdigit())
                assert len(drops) == empty == 32
                assert "B:Q@f2" in {t["move"] for t in drops}
            status, st = call(url, "/api/move", {"key": keys[seat], "move": f"{board}:{move}"})
            assert status == 200, st
        assert st["result"] == "1-0" and st["reason"] == "board B: Black mates"
        assert st["moves"] == [f"{b}:{m}" for b, _, m in GAME]
        assert st["notated"][-1] == "B Q@f2#"
        assert st["boards"][1]["hands"]["black"] == {}
        status, late = call(url, "/api/move", {"key": keys[1], "move": "A:b8c6"})
        assert status == 400 and "over" in late["error"]
        status, pgn = call(url, f"/api/pgn?key={watch}")
        assert "[WhiteA \"Human\"]" in pgn and "3A. Qxg5" in pgn and "3b. Q@f2#" in pgn and pgn.rstrip().endswith("1-0")
    with serving(db=db) as server:               # a restart: the same game from its links
        url = base(server)
        status, again = call(url, f"/api/state?key={keys[3]}")
        assert status == 200, again
        assert again["moves"] == st["moves"] and again["result"] == "1-0"
        assert [b["fen"] for b in again["boards"]] == [b["fen"] for b in st["boards"]]
        assert again["players"] == ["person", "person", "person", "you"]
        listed = server.board.store.listing()
        assert listed[0]["variant"] == "bughouse" and listed[0]["moves"] == len(GAME)
        status, page = call(url, "/games")
        assert status == 200 and "B black: person (link)" in page, page[:200]


def test_both_boards_move_at_once_and_a_move_names_its_board(tmp_path):
    with serving() as server:
        url = base(server)
        st, keys = new_game(url)
        # A's White and B's White both to move: each plays on its own board, in any order
        status, st = call(url, "/api/move", {"key": keys[2], "move": "d2d4"})       # no board: its own
        assert status == 200 and st["moves"] == ["B:d2d4"]
        status, err = call(url, "/api/move", {"key": keys[2], "move": "A:e2e4"})   # not its board
        assert status == 403 and "A white" in err["error"]
        status, err = call(url, "/api/move", {"key": keys[0], "move": "A:e2e5"})
        assert status == 400 and "refused" in err["error"]
        status, st = call(url, "/api/move", {"key": keys[0], "move": "A:e2e4"})
        assert status == 200 and st["moves"] == ["B:d2d4", "A:e2e4"]
        for action in ("undo", "position", "seats"):
            status, err = call(url, f"/api/{action}", {"key": keys[0]})
            assert status == 400 and "two boards" in err["error"], err


def test_both_clocks_run_at_once(tmp_path):
    with serving() as server:
        url = base(server)
        st, _ = new_game(url, seats=["human"] * 4, clock="1+0")
        assert st["clock_running"] == ["A white", "B white"]
        status, st = call(url, "/api/move", {"key": st["key"], "move": "A:e2e4"})
        assert st["clock_running"] == ["A black", "B white"]
        assert st["clocks"][2] < 60 and st["clocks"][0] <= 60


def test_a_flag_on_either_board_loses_for_its_team(tmp_path):
    import time
    with serving() as server:
        url = base(server)
        st, _ = new_game(url, seats=["human"] * 4, clock="1s+0")
        key = st["key"]
        call(url, "/api/move", {"key": key, "move": "A:e2e4"})       # A's Black's clock runs, and B's White's
        call(url, "/api/move", {"key": key, "move": "A:e7e5"})       # A's White's again
        call(url, "/api/move", {"key": key, "move": "A:g1f3"})       # now A's Black's; B's White's still runs
        time.sleep(1.2)
        status, st = call(url, f"/api/state?key={key}")
        assert st["result"] == "1-0" and st["reason"] == "board B: white lost on time", st["reason"]
        assert st["termination"] == "time forfeit" and st["clock_running"] == []


def test_our_engine_plays_its_own_board_only(tmp_path):
    """A's Black is our engine: it answers on board A; board B's people are not played for."""
    import time
    with serving() as server:
        url = base(server)
        status, st = call(url, "/api/new", {"variant": "bughouse", "seats": ["human", "engine", "human", "human"],
                                            "movetime": 0.05})
        key = st["key"]
        status, st = call(url, "/api/move", {"key": key, "move": "A:e2e4"})
        deadline = time.monotonic() + 30
        while len(st["moves"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
            status, st = call(url, f"/api/state?key={key}")
        assert len(st["moves"]) == 2 and st["moves"][1].startswith("A:"), st["moves"]
        assert st["move_colors"] == ["A white", "A black"]
        time.sleep(0.3)
        status, st = call(url, f"/api/state?key={key}")
        assert len(st["moves"]) == 2 and {t["move"][:2] for t in st["legal"]} == {"A:", "B:"}


def test_a_move_on_the_other_board_does_not_cut_the_engines_search_short(tmp_path):
    """B's White is our engine with 1 s a move; a move on board A meanwhile (no piece passed) leaves its search
    alone: its move comes after its second, not at A's move."""
    import time
    with serving() as server:
        url = base(server)
        status, st = call(url, "/api/new", {"variant": "bughouse", "seats": ["human", "human", "engine", "human"],
                                            "movetime": 1.0})
        key, t0 = st["key"], time.monotonic()
        time.sleep(0.2)
        status, st = call(url, "/api/move", {"key": key, "move": "A:e2e4"})
        assert st["moves"] == ["A:e2e4"]
        while not any(m.startswith("B:") for m in st["moves"]) and time.monotonic() - t0 < 30:
            time.sleep(0.02)
            status, st = call(url, f"/api/state?key={key}")
        # t0 is taken after the game's start, when the engine's second has already begun; a search cut short
        # would answer at A's move (0.2 s)
        assert st["moves"][1].startswith("B:") and time.monotonic() - t0 >= 0.7


@pytest.mark.slow
def test_our_engine_plays_three_seats_on_its_own_boards(tmp_path):
    """One person (A's White) against three engine seats: the engines move on both boards, each its own seat."""
    import time
    with serving() as server:
        url = base(server)
        status, st = call(url, "/api/new", {"variant": "bughouse", "seats": ["human", "engine", "engine", "engine"],
                                            "movetime": 0.05})
        key = st["key"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status, st = call(url, f"/api/state?key={key}")
            if st["result"] or len([m for m in st["moves"] if m.startswith("B:")]) >= 6:
                break
            if st["legal"]:
                call(url, "/api/move", {"key": key, "move": st["legal"][0]["move"]})
            time.sleep(0.1)
        moves = st["moves"]
        assert sum(m.startswith("B:") for m in moves) >= 6 or st["result"], moves
        assert any(m.startswith("A:") for m in moves[1:])


def test_outside_engines_are_not_offered_as_two_board_seats(tmp_path):
    """An engine from outside that plays bughouse (Fairy-Stockfish's one board) is offered for crazyhouse, not
    as a seat of the two-board game, which the server would refuse."""
    import threading
    from types import SimpleNamespace

    from hyperchess.web.server import make_server
    server = make_server("127.0.0.1", 0, engines=[SimpleNamespace(name="fsf", games={"bughouse", "crazyhouse"})])
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        status, games = call(base(server), "/api/games")
        offered = {g["name"]: g["engines"] for g in games}
        assert offered["crazyhouse"] == ["fsf"] and offered["bughouse"] == []
        status, err = call(base(server), "/api/new", {"variant": "bughouse", "seats": ["human", "fsf", "link", "link"]})
        assert status == 400 and "seats" in err["error"]
    finally:
        server.shutdown()
        server.server_close()


def test_a_restart_in_the_middle_keeps_the_hands_and_the_clocks(tmp_path):
    """The game is stopped after the queen passed to B's Black's hand; after the restart the hand still holds it,
    the clocks are as they were, and the game is played on to its mate."""
    db = tmp_path / "games.sqlite3"
    with serving(db=db) as server:
        url = base(server)
        st, keys = new_game(url, clock="5+3")
        for board, seat, move in GAME[:9]:
            status, st = call(url, "/api/move", {"key": keys[seat], "move": f"{board}:{move}"})
            assert status == 200, st
        before = st["clocks"]
    with serving(db=db) as server:
        url = base(server)
        status, st = call(url, f"/api/state?key={keys[3]}")
        assert st["moves"] == [f"{b}:{m}" for b, _, m in GAME[:9]] and st["result"] is None
        assert st["boards"][1]["hands"]["black"] == {"Q": 1}
        # each seat's first move by link is free and adds nothing (as lichess), then 3 s a move: A white 300 + 2 x 3;
        # none has lost time over the restart
        assert [round(c) for c in st["clocks"]] == [round(c) for c in before] and round(st["clocks"][0]) == 306
        for board, seat, move in GAME[9:]:
            status, st = call(url, "/api/move", {"key": keys[seat], "move": f"{board}:{move}"})
            assert status == 200, st
        assert st["result"] == "1-0" and st["notated"][-1] == "B Q@f2#"
