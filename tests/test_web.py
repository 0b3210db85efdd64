"""The web board's server and sessions over real HTTP (no browser): moves, engine replies, undo, pasted
positions, PGN, click targets for every game, and bad input answered in one line with the game unchanged."""
from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import chess
import chess.pgn
import pytest

from hyperchess.variants import game_names, get_game
from hyperchess.web.session import Session
from hyperchess.web.targets import legal_targets
from hyperchess.web.testing import running_server
from web_support import call

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def url():
    with running_server() as u:
        yield u




def wait_moves(url: str, sid: str, n: int, timeout: float = 20) -> dict:
    end = time.time() + timeout
    while time.time() < end:
        _, st = call(url, f"/api/state?key={sid}")
        if len(st["moves"]) >= n and not st["engine_to_move"] or st["result"]:
            return st
        time.sleep(0.05)
    raise AssertionError(f"no {n} moves after {timeout} s: {st['moves']}")


def test_page_and_games(url):
    status, page = call(url, "/")
    assert status == 200 and "<title>hyperchess web board</title>" in page
    status, games = call(url, "/api/games")
    assert [g["name"] for g in games] == game_names()
    for path in ("/static/app.js", "/static/style.css"):
        assert call(url, path)[0] == 200


def test_person_moves_engine_replies_undo_and_pgn(url):
    status, st = call(url, "/api/new", {"variant": "normal", "seats": ["human", "engine"], "movetime": 0.05})
    assert status == 200 and st["turn"] == "white" and len(st["legal"]) == 20
    sid, watch = st["key"], st["links"]["watch"]
    status, st = call(url, "/api/move", {"key": sid, "move": "e2e4"})
    assert status == 200 and st["moves"][0] == "e2e4"
    st = wait_moves(url, sid, 2)
    board = chess.Board()
    board.push_uci("e2e4")
    reply = chess.Move.from_uci(st["moves"][1])
    assert reply in board.legal_moves                       # python-chess agrees the engine's reply is legal
    board.push(reply)
    assert st["fen"] == board.fen() and st["turn"] == "white"
    assert st["thinking"] == ""            # the engine's line: hidden from its opponent in play (docs/web.md)
    _, seen = call(url, f"/api/state?key={watch}")           # and a spectator's to read
    assert re.fullmatch(r"black \(engine\): score [+-]\d+\.\d\d for black, depth \d+, nodes \d+  .+",
                        seen["thinking"]), seen["thinking"]
    status, pgn = call(url, f"/api/pgn?key={sid}")
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert [m.uci() for m in game.mainline_moves()] == st["moves"]
    assert game.headers["Variant"] == "normal" and game.headers["Result"] == "*"
    status, st = call(url, "/api/undo", {"key": sid})
    assert status == 200 and st["moves"] == [] and st["fen"] == chess.STARTING_FEN
    status, err = call(url, "/api/undo", {"key": sid})
    assert status == 400 and err["error"] == "no move to take back"


def test_bad_input_leaves_the_game_as_it_was(url):
    _, st = call(url, "/api/new", {"variant": "third-millennium", "seats": ["human", "engine"], "movetime": 0.05})
    sid, fen = st["key"], st["fen"]
    for body, words in (({"move": "e2e5"}, "illegal"), ({"move": "z9z9"}, "refused"), ({"move": ""}, "move"),
                        ({"move": 42}, "move"), ({"move": "e2" * 3000}, "too long"), ({"position": "PPPP/8 w"}, "bad position"),
                        ({"position": "x" * 5000}, "too long"), ({"position": ""}, "empty")):
        path = "/api/move" if "move" in body else "/api/position"
        status, err = call(url, path, {"key": sid, **body})
        assert status == 400 and words in err["error"] and "\n" not in err["error"], (body, err)
        _, now = call(url, f"/api/state?key={sid}")
        assert now["fen"] == fen and now["moves"] == []
    for path, body, code in (("/api/new", {"variant": "nonesuch"}, 400),
                             ("/api/new", {"variant": "normal", "seats": ["human"]}, 400),
                             ("/api/new", {"variant": "normal", "movetime": -1}, 400),
                             ("/api/new", {"variant": "normal", "movetime": "fast"}, 400),
                             ("/api/move", {"key": "nope-not-a-key", "move": "e2e4"}, 403),
                             ("/api/seats", {"key": sid, "seats": ["robot", "human"]}, 400)):
        status, err = call(url, path, body)
        assert status == code and err["error"] and "\n" not in err["error"], (path, body, err)
    status, err = call(url, "/api/move", raw=b"{not json")
    assert status == 400 and "JSON" in err["error"]
    assert call(url, "/nowhere")[0] == 404


def test_pasted_position_is_checked_and_loaded(url):
    _, st = call(url, "/api/new", {"variant": "normal", "seats": ["human", "engine"], "movetime": 0.05})
    sid = st["key"]
    # a position with the side not to move in check is refused by the shared checks
    status, err = call(url, "/api/position", {"key": sid, "position": "4k3/4R3/8/8/8/8/8/6K1 w - - 0 1"})
    assert status == 400 and "check" in err["error"]
    fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
    status, st = call(url, "/api/position", {"key": sid, "position": fen})
    assert status == 200 and st["fen"] == fen and st["start_fen"] == fen
    promos = sorted(m["label"] for m in st["legal"] if m["from"] == "e7" and m["to"] == "e8")
    assert promos == ["promote to bishop", "promote to knight", "promote to queen", "promote to rook"]
    _, st = call(url, "/api/move", {"key": sid, "move": "e7e8q"})
    st = wait_moves(url, sid, 2)
    _, pgn = call(url, f"/api/pgn?key={sid}")
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game.headers["FEN"] == fen and [m.uci() for m in game.mainline_moves()] == st["moves"]


def test_engine_line_shows_a_mate_in_moves(url):
    _, st = call(url, "/api/new", {"variant": "normal", "seats": ["human", "engine"], "movetime": 0.2})
    sid = st["key"]
    call(url, "/api/position", {"key": sid, "position": "1r4k1/8/8/8/8/P7/5PPP/7K w - - 0 1"})
    call(url, "/api/move", {"key": sid, "move": "a3a4"})
    st = wait_moves(url, sid, 2)
    assert st["moves"] == ["a3a4", "b8b1"] and st["result"] == "0-1"
    assert re.match(r"black \(engine\): score \+M1 for black, depth \d+, nodes ", st["thinking"]), st["thinking"]
    # mate in 1, not +100001


def test_engine_against_engine(url):
    _, st = call(url, "/api/new", {"variant": "capablanca", "seats": ["engine", "engine"], "movetime": 0.05})
    st = wait_moves(url, st["key"], 4)
    assert len(st["moves"]) >= 4 and st["legal"] == []
    pos = get_game("capablanca").position()
    for m in st["moves"][:4]:
        pos.push(pos.parse_move(m))          # every move the engines played is legal in order


@pytest.mark.parametrize("name", game_names())
def test_click_targets_cover_every_legal_move(name):
    """Each legal move is one (source, destination) click pair, and moves sharing a pair have distinct labels."""
    game = get_game(name)
    pos = game.position()
    import random
    rng = random.Random(3)
    for _ in range(6):
        targets = legal_targets(pos)
        assert sorted(t["move"] for t in targets) == sorted(pos.move_name(m) for m in pos.legal_moves())
        pairs: dict[tuple[str, str], list[str]] = {}
        for t in targets:
            pairs.setdefault((t["from"], t["to"]), []).append(t["label"])
        assert all(len(set(v)) == len(v) for v in pairs.values()), pairs
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(rng.choice(moves))


def test_third_millennium_split_is_a_choice():
    game = get_game("third-millennium")
    pos = game.position()
    targets = [t for t in legal_targets(pos) if t["from"] == "b1" and t["to"] == "c3"]
    assert sorted(t["label"] for t in targets) == ["move the whole double knight",
                                                   "split: one knight half moves, the other stays"]


def test_session_undo_back_to_the_person():
    s = Session("normal", ["human", "engine"], movetime=0.05)
    s.play("d2d4")
    end = time.time() + 20
    while len(s.names) < 2 and time.time() < end:
        time.sleep(0.02)
    assert len(s.names) == 2
    s.undo()                   # takes back the engine's reply and the person's move
    assert s.names == [] and s.pos.fen() == get_game("normal").start_fen
    s.close()


def test_serve_command(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db",
                             str(tmp_path / "games.sqlite3")], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("hyperchess web board: http://127.0.0.1:")
        address = line.split(": ", 1)[1].strip()
        with urllib.request.urlopen(address, timeout=10) as r:
            assert "hyperchess" in r.read().decode()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    r = subprocess.run([sys.executable, "-m", "hyperchess", "serve", "--port", "70000"], cwd=ROOT, capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "port" in r.stderr
    garbage = tmp_path / "not-a-database"
    garbage.write_bytes(b"\x00hello" * 400)
    for db in (garbage, garbage / "under-a-file.sqlite3"):
        r = subprocess.run([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db", str(db)], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "games database" in r.stderr, r.stderr


def test_a_fixed_move_time_on_the_board_is_the_time_to_spend():
    """The board's "Engine s/move" is spent, not half of it: with ``use_all`` no new iteration is refused
    before the hard limit (``budget``), and the search does not stop early because the next iteration
    looks too long to finish (engine/deepening.py)."""
    from hyperchess.engine.timecontrol import Limits, budget
    fixed = budget(Limits(movetime=2.0, use_all=True))
    assert fixed.soft == fixed.hard and fixed.hard > 1.8
    assert budget(Limits(movetime=2.0)) == fixed       # a move time without a clock is always spent (issue 50)


def test_a_game_closed_as_its_engine_starts_a_search_stops_that_search():
    """``close`` (a server stopping, a game set aside) stops the engine's search. The engine's loop checks
    ``closed`` and makes the new search's stop event under the game's lock; ``close`` set ``closed`` and the
    old event outside it, so a close between the two left the new search running its whole time (here
    10 s) after its server had stopped, in the process every later test server shares. The close is made
    to land there: while the loop holds the lock, just after its check."""
    s = Session("normal", ["engine", "engine"], movetime=10)
    closing = threading.Thread(target=s.close, daemon=True)
    check = s._engine_wanted

    def wanted() -> bool:
        answer = check()
        if threading.current_thread().name.startswith("engine-") and closing.ident is None:
            closing.start()
            closing.join(0.5)         # old code: closed and the old event set meanwhile; now it waits for the lock
        return answer

    s._engine_wanted = wanted
    try:
        s.kick()
        worker = s.worker
        assert worker is not None
        worker.join(5)
        assert not worker.is_alive(), "the search went on after the game was closed"
        closing.join(5)
        assert s.closed and not closing.is_alive()
    finally:
        s.stop.set()
        s.close()
