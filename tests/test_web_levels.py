"""The engine's 8 levels at the web board (issue 71; docs/web.md, docs/engine.md "Levels"): a game's level is
given with the new game or the seats, refused with one line out of 1..8, kept by the store across a restart
(also in a database from before the levels), played by the engine seat, and picked on the page."""
from __future__ import annotations

import re
import sqlite3
import time

import pytest

from hyperchess.engine.levels import BOARD_LEVELS, level_nodes
from web_support import base, call, serving


def wait_moves(url: str, key: str, n: int, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        _, st = call(url, f"/api/state?key={key}")
        if len(st["moves"]) >= n or time.monotonic() > deadline:
            return st
        time.sleep(0.05)


def test_level_one_plays_within_its_node_budget():
    with serving() as server:
        url = base(server)
        status, st = call(url, "/api/new", {"variant": "normal", "seats": ["human", "engine"], "movetime": 2,
                                            "level": 1})
        assert status == 200 and st["level"] == 1
        key, st_new_watch = st["key"], st["links"]["watch"]
        assert call(url, "/api/move", {"key": key, "move": "e2e4"})[0] == 200
        st = wait_moves(url, key, 2)
        assert len(st["moves"]) == 2, st
        # the engine's line, hidden from its opponent in play, as a spectator reads it
        st = call(url, f"/api/state?key={st_new_watch}")[1]
        nodes = [int(n) for n in re.findall(r"nodes (\d+)", st.get("thinking") or "")]
        assert nodes and max(nodes) <= level_nodes(BOARD_LEVELS[0]) + 200, st.get("thinking")


@pytest.mark.parametrize("bad", [0, 9, "x", 2.5, True, None, [3]])
def test_a_bad_level_is_refused_with_one_line(bad):
    with serving() as server:
        url = base(server)
        status, answer = call(url, "/api/new", {"variant": "normal", "seats": ["human", "engine"], "level": bad})
        assert status == 400 and "level must be a whole number from 1 to 8" in answer["error"], answer
        _, st = call(url, "/api/new", {"variant": "normal", "seats": ["human", "human"]})
        status, answer = call(url, "/api/seats", {"key": st["key"], "seats": ["human", "engine"], "level": bad})
        if bad is None:                  # no level given: the game keeps its own
            assert status == 200 and answer["level"] == 8
        else:
            assert status == 400 and "level must be" in answer["error"]
            assert call(url, f"/api/state?key={st['key']}")[1]["seats"] == ["human", "human"]


def test_the_level_survives_a_restart_and_an_old_database(tmp_path):
    db = tmp_path / "games.sqlite3"
    old = sqlite3.connect(db)          # the games table as it was before the levels
    old.executescript("""CREATE TABLE games (
        id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT NULL, seats TEXT NOT NULL,
        linked TEXT NOT NULL DEFAULT '[]', movetime REAL NOT NULL, clock TEXT, created REAL NOT NULL,
        updated REAL NOT NULL, result TEXT, reason TEXT, termination TEXT, draw_offer INTEGER);""")
    old.close()
    with serving(db=db) as server:
        url = base(server)
        _, st = call(url, "/api/new", {"variant": "normal", "seats": ["human", "human"], "level": 3})
        key = st["key"]
        assert call(url, "/api/move", {"key": key, "move": "e2e4"})[0] == 200
        status, st = call(url, "/api/seats", {"key": key, "seats": ["human", "human"], "level": 5})
        assert status == 200 and st["level"] == 5
        assert call(url, "/api/move", {"key": key, "move": "e7e5"})[0] == 200
    with serving(db=db) as server:
        st = call(base(server), f"/api/state?key={key}")[1]
        assert st["level"] == 5 and st["moves"] == ["e2e4", "e7e5"]


@pytest.mark.skipif(__import__("hyperchess.web.testing", fromlist=["chromium_path"]).chromium_path() is None,
                    reason="no Chromium")
def test_the_page_picks_a_level(tmp_path):
    pytest.importorskip("playwright")
    from hyperchess.web.testing import BoardPage, browser, running_server
    with running_server(db=tmp_path / "g.sqlite3") as url, browser() as b:
        page = BoardPage(b, url, "normal", ["human", "engine"], movetime=0.2)
        assert page.state()["level"] == 8
        page.page.select_option("#level", "2")
        page.page.wait_for_function("state && state.level === 2", timeout=20_000)
        old = page.page.evaluate("KEY")
        page.page.click("#new")
        page.page.wait_for_function(f"KEY !== {old!r} && state && state.level === 2", timeout=20_000)
        page.page.reload()
        page.page.wait_for_function("state !== null && state.level === 2", timeout=30_000)
        assert page.page.input_value("#level") == "2"
        assert page.errors == [], page.errors
