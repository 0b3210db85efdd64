"""Protocol speed: CECP start-up to ``feature done=1``, UCI start-up to ``uciok``, idle ``ping`` latency, and a
full python-chess game.

    python bench/protocol.py            # 5 start-ups, 200 pings
    python bench/protocol.py 10 500     # start-ups, pings

python-chess's perft speed is measured in the same run; the ratio lines express each time in
"python-chess perft nodes" (time x python-chess nodes/s), which stays comparable across machines.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import python_chess_nps  # noqa: E402

CMD = [sys.executable, "-m", "hyperchess", "xboard"]
UCI_CMD = [sys.executable, "-m", "hyperchess", "uci"]


def _read_until(proc: subprocess.Popen, wanted: str) -> float:
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"engine exited before {wanted!r}")
        if line.rstrip("\n") == wanted:
            return time.perf_counter()


def startup(runs: int) -> tuple[list[float], list[float]]:
    """(process start -> done=1, protover sent -> done=1) in seconds, per run."""
    total, after_protover = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(CMD, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        proc.stdin.write("xboard\n")
        proc.stdin.flush()
        time.sleep(0.0)
        t1 = time.perf_counter()
        proc.stdin.write("protover 2\n")
        proc.stdin.flush()
        t2 = _read_until(proc, "feature done=1")
        total.append(t2 - t0)
        after_protover.append(t2 - t1)
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait(timeout=5)
    return total, after_protover


def uci_startup(runs: int) -> list[float]:
    """Process start -> ``uciok`` (``uci`` sent at once), in seconds, per run."""
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(UCI_CMD, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        proc.stdin.write("uci\n")
        proc.stdin.flush()
        out.append(_read_until(proc, "uciok") - t0)
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait(timeout=5)
    return out


def ping_latency(n: int) -> list[float]:
    """Idle round trips ``ping i`` -> ``pong i`` after ``new`` (seconds)."""
    proc = subprocess.Popen(CMD, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    proc.stdin.write("xboard\nprotover 2\nnew\nforce\nping 0\n")
    proc.stdin.flush()
    _read_until(proc, "pong 0")
    out = []
    for i in range(1, n + 1):
        t = time.perf_counter()
        proc.stdin.write(f"ping {i}\n")
        proc.stdin.flush()
        out.append(_read_until(proc, f"pong {i}") - t)
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait(timeout=5)
    return out


def python_chess_game(seconds_per_move: float = 0.02) -> tuple[int, float, str]:
    """One self-play game through python-chess's XBoard client: (plies, seconds, result)."""
    import chess.engine
    t = time.perf_counter()
    with chess.engine.SimpleEngine.popen_xboard(CMD, cwd=ROOT) as engine:
        board = chess.Board()
        game = object()
        while not board.is_game_over(claim_draw=True) and board.ply() < 600:
            board.push(engine.play(board, chess.engine.Limit(time=seconds_per_move), game=game).move)
    return board.ply(), time.perf_counter() - t, board.result(claim_draw=True)


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))]


def main(argv: list[str]) -> None:
    runs = int(argv[0]) if argv else 5
    pings = int(argv[1]) if len(argv) > 1 else 200
    ref = python_chess_nps(chess.STARTING_FEN, 4, repeat=1)
    total, after = startup(runs)
    uci = uci_startup(runs)
    lat = ping_latency(pings)
    plies, secs, result = python_chess_game()
    print(f"python-chess perft (start, depth 4): {ref:,.0f} nodes/s")
    print(f"start-up to done=1 ({runs} runs): median {statistics.median(total) * 1000:.0f} ms, "
          f"max {max(total) * 1000:.0f} ms (limit 2000 ms); protover -> done=1 median "
          f"{statistics.median(after) * 1000:.1f} ms")
    print(f"UCI start-up to uciok ({runs} runs): median {statistics.median(uci) * 1000:.0f} ms, "
          f"max {max(uci) * 1000:.0f} ms (limit 300 ms); = {statistics.median(uci) * ref:,.0f} python-chess perft nodes")
    print(f"idle ping ({pings}): median {statistics.median(lat) * 1e6:.0f} us, p95 {pct(lat, 0.95) * 1e6:.0f} us, "
          f"max {max(lat) * 1e6:.0f} us (limit 1 s)")
    print(f"ratio: start-up = {statistics.median(total) * ref:,.0f} python-chess perft nodes; "
          f"median ping = {statistics.median(lat) * ref:,.0f} python-chess perft nodes")
    print(f"python-chess self-play at 0.02 s/move: {plies} plies in {secs:.1f} s, result {result}")


if __name__ == "__main__":
    main(sys.argv[1:])
