"""``hyperchess serve`` stops on Ctrl-C (SIGINT) and SIGTERM at any moment of its start, and a SIGINT it was
started with ignored stays ignored (cli/serve.py ``Stopper``). Before, a Ctrl-C that came before uvicorn
installed its handlers (the imports, the database, the games reopening: seconds under load) was lost in a
process started with SIGINT ignored, and the server served on: ``.ci/run`` hung on it twice.

No assertion on speed: only that the process ends, cleanly once it has printed its address."""
from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from web_support import call, serve_process, serve_started

ENDS = 60          # seconds a stopped server may take to end on a loaded machine (it takes well under one)


def stopped(proc: subprocess.Popen, sig: int = signal.SIGINT) -> tuple[int, str]:
    """Send ``sig``; (exit status, stderr) once the process has ended (a hang fails the test)."""
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=ENDS)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        pytest.fail(f"serve did not end within {ENDS} s of the signal: {err}")
    return proc.returncode, err


def unfinished_games(db: Path) -> None:
    """A database with unfinished games that the next server reopens as it starts (building their games)."""
    from hyperchess.variants import get_game
    from web_support import base, serving
    with serving(db=db) as server:
        url = base(server)
        for variant in ("mixed3d", "raumschach", "normal"):
            status, state = call(url, "/api/new", {"variant": variant, "seats": ["human", "human"]})
            assert status == 200, state
            pos = get_game(variant).position()
            status, state = call(url, "/api/move", {"key": state["key"], "move": pos.move_name(pos.legal_moves()[0])})
            assert status == 200, state


@pytest.mark.parametrize("moment", ["address printed", "first answer"])
def test_ctrl_c_in_the_first_moments_stops_serve_cleanly(tmp_path, moment):
    proc, url = serve_process(tmp_path / "g.sqlite3")
    if moment == "first answer":
        assert call(url, "/api/games")[0] == 200
    status, err = stopped(proc)
    assert status == 0 and "Traceback" not in err, (status, err)


def test_ctrl_c_while_the_unfinished_games_reopen_stops_serve(tmp_path):
    db = tmp_path / "g.sqlite3"
    unfinished_games(db)
    proc, _ = serve_process(db)       # the games reopen in the background from here (mixed3d's build first)
    status, err = stopped(proc)
    assert status == 0 and "Traceback" not in err, (status, err)


def test_ctrl_c_at_once_ends_serve(tmp_path):
    """A Ctrl-C before the command runs (Python's start, the imports) ends the process too (as a
    KeyboardInterrupt, or the signal's default before Python has its handler)."""
    proc = serve_started(tmp_path / "g.sqlite3")
    stopped(proc)                                       # any exit status: it ended


def test_an_ignored_sigint_stays_ignored_and_sigterm_stops_it(tmp_path):
    """Started with SIGINT ignored, the server ignores it once serving too (uvicorn's handlers used to take
    it over then, and only then); SIGTERM stops it, cleanly."""
    proc, url = serve_process(tmp_path / "g.sqlite3", sigint=signal.SIG_IGN)
    try:
        proc.send_signal(signal.SIGINT)
        assert call(url, "/favicon.ico")[0] == 204
        time.sleep(0.3)
        assert proc.poll() is None and call(url, "/favicon.ico")[0] == 204
    except BaseException:
        proc.kill()
        proc.communicate()
        raise
    status, err = stopped(proc, signal.SIGTERM)
    assert status == 0 and "Traceback" not in err, (status, err)


@pytest.mark.slow
@pytest.mark.parametrize("sigint", [signal.SIG_DFL, signal.SIG_IGN], ids=["default", "ignored"])
def test_a_signal_at_any_early_moment_stops_serve(tmp_path, sigint):
    """SIGINT (SIGTERM where SIGINT is ignored) at delays from 0 to 3 s after the start: the process ends."""
    stop = signal.SIGINT if sigint == signal.SIG_DFL else signal.SIGTERM
    for i, delay in enumerate((0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0, 3.0)):
        proc = serve_started(tmp_path / f"g{i}.sqlite3", sigint=sigint)
        time.sleep(delay)
        status, err = stopped(proc, stop)
        assert status is not None, (delay, err)
