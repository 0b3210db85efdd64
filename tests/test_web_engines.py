"""Engines from outside on the web board (``hyperchess serve --engine NAME=COMMAND [proto=uci]``,
hyperchess/web/outside.py): a UCI or CECP engine offered as a seat in the games it plays, each of its moves
checked by our rules. Fairy-Stockfish (UCI) where it is installed; hyperchess's own CECP engine; and two
misbehaving engines written here (an illegal move, a crash), which lose the game with one line."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyperchess.tournament.pgn import check_pgn
from hyperchess.tournament.spec import SpecError
from hyperchess.web.outside import parse_engine, probe
from hyperchess.web.server import make_server
from web_support import call

ROOT = Path(__file__).resolve().parents[1]
FSF = "/usr/games/fairy-stockfish"
HAVE_FSF = os.path.isfile(FSF) and os.access(FSF, os.X_OK)
needs_fsf = pytest.mark.skipif(not HAVE_FSF, reason="no Fairy-Stockfish at /usr/games/fairy-stockfish")




def wait(url: str, key: str, until, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        _, st = call(url, f"/api/state?key={key}")
        if until(st) or time.monotonic() > deadline:
            return st
        time.sleep(0.05)


def engine_server(tmp_path, *specs: str):
    engines = [probe(parse_engine([s])) for s in specs]
    from contextlib import contextmanager

    @contextmanager
    def run():
        import threading
        server = make_server("127.0.0.1", 0, db=tmp_path / "g.sqlite3", engines=engines)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield server, f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()
            server.server_close()
    return run()


def test_an_engine_spec_is_read_or_refused_with_one_line():
    spec = parse_engine(["fsf=/usr/games/fairy-stockfish", "proto=uci", "option.Hash=16"])
    assert spec.name == "fsf" and spec.argv == ("/usr/games/fairy-stockfish",) and spec.proto == "uci"
    assert spec.options == (("Hash", "16"),)
    assert parse_engine(["hx=python3 -m hyperchess xboard"]).argv == ("python3", "-m", "hyperchess", "xboard")
    for bad in (["fsf"], ["human=/bin/true"], ["=x"], ["a b=c"], ["fsf=x", "proto=telnet"], ["fsf=x", "colour=red"],
                ["1x=/bin/true"]):
        with pytest.raises(SpecError) as exc:
            parse_engine(bad)
        assert "\n" not in str(exc.value)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=30), min_size=0, max_size=4))
def test_any_engine_words_are_a_spec_or_one_line(words):
    try:
        spec = parse_engine(words)
    except SpecError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert spec.argv and spec.name.lower() not in ("human", "link", "engine") and spec.proto in ("uci", "xboard")


def test_serve_refuses_a_bad_engine_with_one_line(tmp_path):
    for extra in (["--engine", "x=/nonexistent/engine"], ["--engine", "human=/bin/true"],
                  ["--engine", "x=/bin/true", "proto=pigeon"]):
        r = subprocess.run([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db",
                            str(tmp_path / "g.sqlite3"), *extra], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and r.stdout == "", (extra, r.stderr)


@needs_fsf
def test_fairy_stockfish_is_a_seat_in_the_games_it_plays(tmp_path):
    with engine_server(tmp_path, f"fsf={FSF} proto=uci") as (server, url):
        _, games = call(url, "/api/games")
        plays = {g["name"] for g in games if "fsf" in g["engines"]}
        assert {"normal", "capablanca", "gothic"} <= plays
        assert not plays & {"raumschach", "mixed3d", "future-generation"}        # no game of ours it lacks
        status, answer = call(url, "/api/new", {"variant": "raumschach", "seats": ["human", "fsf"]})
        assert status == 400 and "fsf" not in answer["error"].split("of ")[1].split(",")[0]
        # a person against it, by link moves: its replies are legal, named in the PGN
        _, st = call(url, "/api/new", {"variant": "capablanca", "seats": ["human", "fsf"], "movetime": 0.05})
        key, watch = st["key"], st["links"]["watch"]
        for turn in range(4):
            st = wait(url, key, lambda s: s["legal"] or s["result"])
            assert st["players"] == ["you", "engine"] and st["result"] is None, st.get("result")
            assert len(st["moves"]) == 2 * turn
            move = st["legal"][turn * 7 % len(st["legal"])]["move"]
            status, st = call(url, "/api/move", {"key": key, "move": move})
            assert status == 200, st
        st = wait(url, key, lambda s: len(s["moves"]) > 7)
        assert len(st["moves"]) == 8 and "score" not in st["thinking"]     # hidden from its opponent in play
        assert "fsf" in call(url, f"/api/state?key={watch}")[1]["thinking"]      # a spectator reads it
        _, pgn = call(url, f"/api/pgn?key={key}")
        assert '[Black "fsf"]' in pgn and check_pgn(pgn).error is None


def test_a_cecp_engine_plays_and_follows_a_take_back(tmp_path):
    cmd = f"hx={sys.executable} -m hyperchess xboard"
    with engine_server(tmp_path, cmd) as (server, url):
        _, games = call(url, "/api/games")
        assert "hx" in next(g for g in games if g["name"] == "normal")["engines"]
        _, st = call(url, "/api/new", {"variant": "normal", "seats": ["human", "hx"], "movetime": 0.1})
        key = st["key"]
        for move in ("e2e4", "d2d4"):
            n = len(st["moves"])
            status, st = call(url, "/api/move", {"key": key, "move": move})
            assert status == 200, st
            st = wait(url, key, lambda s: len(s["moves"]) > n + 1)
            assert len(st["moves"]) == n + 2, st["moves"]
        assert call(url, "/api/undo", {"key": key})[0] == 200            # the engine starts again from the game
        status, st = call(url, "/api/move", {"key": key, "move": "g1f3"})
        assert status == 200
        st = wait(url, key, lambda s: len(s["moves"]) == 4)
        assert len(st["moves"]) == 4 and st["moves"][0] == "e2e4" and st["moves"][2] == "g1f3", st["moves"]
        _, pgn = call(url, f"/api/pgn?key={key}")
        assert check_pgn(pgn).error is None and '[Black "hx"]' in pgn


FAIRYMAX = "/usr/games/fairymax"


@pytest.mark.skipif(not os.path.exists(FAIRYMAX), reason="fairymax is not installed")
def test_a_fairy_max_seat_at_half_a_second_a_move_searches_deep():
    """Fairy-Max reads ``st`` in whole seconds: told ``st 0.5`` it searched one ply (and gave a rook for a
    pawn). A fraction of a second a move is a one-move clock (dialect.seconds_a_move); its ``post`` lines
    show the depths it reaches. Before: depths [1, 1] on both moves."""
    import threading
    from hyperchess.engine.timecontrol import Limits
    from hyperchess.variants import get_game
    from hyperchess.web.outside import OutsidePlayer
    player = OutsidePlayer(probe(parse_engine(["fm=" + FAIRYMAX])), "normal", get_game("normal").position().fen())
    try:
        for moves in ([], ["d2d4", "d7d5"]):
            depths: list[int] = []
            t0 = time.monotonic()
            move = player.best(moves, Limits(movetime=0.5), True, (None, None), threading.Event(),
                               on_info=lambda depth, score: depths.append(depth))
            assert move is not None and time.monotonic() - t0 < 3.0
            assert max(depths) >= 4, depths
    finally:
        player.close()


def test_seconds_a_move_are_whole_for_st_and_a_clock_otherwise():
    from hyperchess.tournament.dialect import seconds_a_move
    assert seconds_a_move(2.0) == (["st 2"], [])
    assert seconds_a_move(0.5) == (["level 1 0:01 0"], ["time 50", "otim 50"])
    assert seconds_a_move(2.25, "clock") == (["level 1 0:03 0"], ["time 225", "otim 225"])
    assert seconds_a_move(0.5, "st") == (["st 0.5"], [])

    class Hyperchess:                   # offers the Notation choice native, as hyperchess's CECP engine does
        def offers_choice(self, option: str, choice: str) -> bool:
            return (option, choice) == ("Notation", "native")
    assert seconds_a_move(0.5, "auto", Hyperchess()) == (["st 0.5"], [])
    assert seconds_a_move(0.5, "clock", Hyperchess()) == (["level 1 0:01 0"], ["time 50", "otim 50"])
    assert parse_engine(["x=/bin/true", "timing=st"]).timing == "st"
    with pytest.raises(SpecError, match="timing= is auto, clock or st"):
        parse_engine(["x=/bin/true", "timing=fast"])


BAD_ENGINE = '''
import sys
for line in sys.stdin:
    line = line.strip()
    if line == "uci":
        print("id name bad"); print("uciok", flush=True)
    elif line == "isready":
        print("readyok", flush=True)
    elif line.startswith("go"):
        if "{mode}" == "crash":
            sys.exit(3)
        print("bestmove e2e5", flush=True)
    elif line == "quit":
        break
'''


@pytest.mark.parametrize("mode, termination, words", [("illegal", "rules infraction", "illegal move"),
                                                      ("crash", "abandoned", "disconnects")])
def test_a_misbehaving_engine_loses_with_one_line(tmp_path, mode, termination, words):
    script = tmp_path / "bad.py"
    script.write_text(BAD_ENGINE.replace("{mode}", mode))
    with engine_server(tmp_path, f"bad={sys.executable} {script} proto=uci") as (server, url):
        _, st = call(url, "/api/new", {"variant": "normal", "seats": ["bad", "human"], "movetime": 0.1})
        st = wait(url, st["key"], lambda s: s["result"] is not None)
        assert st["result"] == "0-1" and words in st["reason"] and "\n" not in st["reason"], st["reason"]
        s = server.board.sessions[st["id"]]
        assert s.ended[2] == termination and s.outside == {}


@needs_fsf
@pytest.mark.browser
@pytest.mark.skipif(__import__("hyperchess.web.testing", fromlist=["chromium_path"]).chromium_path() is None,
                    reason="no chromium on this machine")
def test_a_capablanca_game_against_fairy_stockfish_in_the_browser_to_its_end(tmp_path):
    """The acceptance run: ``serve --engine fsf=/usr/games/fairy-stockfish proto=uci``, a capablanca game in a
    real Chromium, a person's moves by clicks against Fairy-Stockfish, to the game's end; the PGN is legal by
    ``hyperchess pgn check``."""
    pytest.importorskip("playwright")
    from hyperchess.web.testing import BoardPage, browser, running_server
    engine = probe(parse_engine([f"fsf={FSF}", "proto=uci"]))
    with running_server(engines=[engine]) as url, browser() as b:
        view = BoardPage(b, url, "capablanca", ["human", "fsf"], movetime=0.05)
        assert view.page.locator("#seat-black option[value=fsf]").count() == 1
        st = view.state()
        ply = 0
        while st["result"] is None and ply < 150:
            legal = sorted(st["legal"], key=lambda m: (m["from"], m["to"], m["move"]))
            move = legal[(ply * 7919) % len(legal)]
            view.play_by_clicks(move)
            st = view.wait_for_turn(len(st["moves"]), timeout=60)
            ply += 1
        assert st["result"] is not None, f"no end after {ply} clicked moves"
        assert st["players"][1] == "engine" and view.errors == []
        status_text = view.page.inner_text("#status")
        assert st["result"] in status_text
        pgn = view.page.evaluate("fetch(document.getElementById('pgn').href).then(r => r.text())")
    path = tmp_path / "fsf.pgn"
    path.write_text(pgn)
    assert '[Black "fsf"]' in pgn and '[Variant "capablanca"]' in pgn
    r = subprocess.run([sys.executable, "-m", "hyperchess", "pgn", "check", str(path)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    print(f"capablanca against fsf: {st['result']} {st['reason']} after {len(st['moves'])} plies")
