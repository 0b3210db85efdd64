"""``hyperchess serve`` stops on Ctrl-C (SIGINT) and SIGTERM at any moment of its start, and a SIGINT it was
started with ignored stays ignored (cli/serve.py ``Stopper``; before it, hyperchess/_ctrl_c.py). Before, a
Ctrl-C that came before uvicorn installed its handlers (the imports, the database, the games reopening: seconds
under load) was lost in a process started with SIGINT ignored, and the server served on: ``.ci/run`` hung on it
twice; and one during the imports was a KeyboardInterrupt's traceback, or lost (issue 71).

No assertion on speed but the early Ctrl-C's few seconds: only that the process ends, on a Ctrl-C with one line
and exit status 130, on SIGTERM with status 0."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from web_support import call, serve_process, serve_started

ENDS = 60          # seconds a stopped server may take to end on a loaded machine (it takes well under one)
STOPPED = "hyperchess: stopped by Ctrl-C"   # the one line a Ctrl-C leaves (hyperchess/_ctrl_c.py)
NOTICE = "Games kept in "                   # the start-up notice on stderr, once it serves
EARLY_ENDS = 10     # seconds an early Ctrl-C may take to end serve on a loaded machine (it takes well under one)
# ``python -m hyperchess``, with a mark on the file descriptor FD once Python has started and imported the
# package: the moment the command's first line runs. What comes before is Python's own start (40 ms here, up to
# 0.1 s under load), where Python's handler answers a Ctrl-C and no code of ours can (docs/web.md).
FROM_FIRST_LINE = ("import os, runpy, hyperchess; os.write({fd}, b'.'); os.close({fd}); "
                   "runpy.run_module('hyperchess', run_name='__main__', alter_sys=True)")


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
    assert status == 130 and err.splitlines()[-1] == STOPPED and "Traceback" not in err, (status, err)


def test_ctrl_c_while_the_unfinished_games_reopen_stops_serve(tmp_path):
    db = tmp_path / "g.sqlite3"
    unfinished_games(db)
    proc, _ = serve_process(db)       # the games reopen in the background from here (mixed3d's build first)
    status, err = stopped(proc)
    assert status == 130 and err.splitlines()[-1] == STOPPED and "Traceback" not in err, (status, err)


def test_ctrl_c_at_once_ends_serve(tmp_path):
    """A Ctrl-C at once, in Python's own start, before any code of ours, ends the process too (as Python
    answers it: a KeyboardInterrupt, or the signal's default before Python has its handler)."""
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


def serve_at_first_line(db: Path) -> subprocess.Popen:
    """``hyperchess serve`` (as ``python -m hyperchess serve``), returned once its command line starts."""
    read, write = os.pipe()
    try:
        proc = subprocess.Popen([sys.executable, "-c", FROM_FIRST_LINE.format(fd=write), "serve", "--port", "0",
                                 "--db", str(db)], cwd=Path(__file__).resolve().parents[1], pass_fds=(write,),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    finally:
        os.close(write)
    with os.fdopen(read, "rb") as mark:
        assert mark.read(1) == b".", proc.communicate()
    return proc


def early_ctrl_c(db: Path, delay: float) -> str | None:
    """``serve`` sent SIGINT ``delay`` seconds after its command line starts: what is wrong with how it ended,
    or None. Right: within ``EARLY_ENDS`` s, exit status 130 and one line (after the start-up notice, if it
    got that far)."""
    proc = serve_at_first_line(db)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=EARLY_ENDS)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        return f"at {delay:.2f} s: still running {EARLY_ENDS} s after the Ctrl-C; stderr {err[-300:]!r}"
    lines = [line for line in err.splitlines() if not line.startswith(NOTICE)]
    if proc.returncode == 130 and lines == [STOPPED]:
        return None
    return f"at {delay:.2f} s: status {proc.returncode}, {len(lines)} lines: {err[-300:]!r}"


def early_ctrl_c_runs(tmp_path: Path, runs: int) -> list[str]:
    delays = [0.05 + 0.95 * i / (runs - 1) for i in range(runs)]
    return [wrong for i, delay in enumerate(delays) if (wrong := early_ctrl_c(tmp_path / f"g{i}.sqlite3", delay))]


def test_an_early_ctrl_c_stops_serve_with_one_line_and_status_130(tmp_path):
    """Issue 71 (9, 10): a Ctrl-C 0.05-1.0 s into the command. Before, Python's KeyboardInterrupt met the
    imports: a traceback of up to 51 lines with status -2 or 2 ("aborted", from click), or 0 with nothing said
    once serve had its handler; and where it was raised in a weakref's callback (importlib's module locks:
    "Exception ignored in"), the Ctrl-C was lost and the server served on."""
    assert early_ctrl_c_runs(tmp_path, 30) == []


@pytest.mark.slow
def test_many_early_ctrl_cs_stop_serve_with_one_line_and_status_130(tmp_path):
    assert early_ctrl_c_runs(tmp_path, 150) == []


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
