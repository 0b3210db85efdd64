"""Engine-vs-engine matches over CECP with our own referee (until the project's match runner lands).

    python bench/match.py --game normal --tc 10+0.1 --games 20 new base
    python bench/match.py --game normal --tc 40/60 --games 20 new fairymax
    python bench/match.py --game mixed3d --tc 10+0.1 --games 4 --concurrency 2 new base

Engines: ``new`` = this tree's (or ``--new PATH``'s) ``python -m cli xboard``; ``base`` = the same on ``--baseline`` (default
/work/h15-base); ``fairymax`` = /usr/games/fairymax; anything else is a command line. Games come in pairs
with the colours swapped. The referee is this tree's own Position (python-chess's rules are the same for
``normal``): illegal move = loss, a flag (clock below zero, measured by wall time between sending ``go`` and
reading ``move``) = loss, rule ends (mate, stalemate, 50 moves, threefold, material) as the game defines,
and a draw at ``--max-plies``. Prints each game, then score, Elo with its 95% error, and duplicate games.
"""
from __future__ import annotations

import argparse
import math
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from variants import get_game  # noqa: E402


NEW_TREE = str(ROOT)


def engine_command(name: str, baseline: str) -> tuple[list[str], dict, str]:
    """(argv, environment, working directory) for an engine name."""
    if name in ("new", "base"):
        tree = NEW_TREE if name == "new" else str(Path(baseline).resolve())
        return [sys.executable, "-m", "cli", "xboard"], dict(os.environ, PYTHONPATH=tree), tree
    if name == "fairymax":
        return ["/usr/games/fairymax"], dict(os.environ), "/tmp"
    return name.split(), dict(os.environ), "/tmp"


class Engine:
    """One CECP engine process, driven in force mode: each move is asked for with time/otim/go."""

    def __init__(self, name: str, baseline: str) -> None:
        self.name = name
        argv, env, cwd = engine_command(name, baseline)
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1, env=env, cwd=cwd)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.features: dict[str, str] = {}
        self.send("xboard", "protover 2")
        end = time.monotonic() + 10
        while time.monotonic() < end:
            line = self.read(end - time.monotonic())
            if line is None:
                break
            if line.startswith("feature"):
                for item in line.split()[1:]:
                    k, _, v = item.partition("=")
                    self.features[k] = v
                if "done=1" in line:
                    break
        self.usermove = self.features.get("usermove") == "1"

    def _pump(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self, timeout: float) -> str | None:
        try:
            return self.lines.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return None

    def move(self, text: str) -> None:
        self.send(("usermove " if self.usermove else "") + text)

    def think(self, mine: float, theirs: float, limit: float) -> tuple[str | None, float]:
        """Ask for a move; (its text or None on timeout/crash, wall seconds)."""
        self.send(f"time {max(0, int(mine * 100))}", f"otim {max(0, int(theirs * 100))}", "go")
        t = time.monotonic()
        while True:
            line = self.read(limit - (time.monotonic() - t))
            if line is None:
                return None, time.monotonic() - t
            if line.startswith("move "):
                spent = time.monotonic() - t
                self.send("force")
                return line.split()[1], spent

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=3)
        except Exception:
            self.proc.kill()


def play(game_name: str, white: str, black: str, tc: tuple[int, float, float], baseline: str,
         max_plies: int) -> tuple[str, str, list[str]]:
    """One game: (result '1-0'/'0-1'/'1/2-1/2', reason, moves)."""
    moves_per, base, inc = tc
    engines = [Engine(white, baseline), Engine(black, baseline)]
    pos = get_game(game_name).position()
    clocks = [base, base]
    try:
        for e in engines:
            e.send("new", "force", "easy")
            if game_name != "normal":
                e.send(f"variant {game_name}")
            if e.name in ("new", "base"):
                e.send("option Notation=native")
            e.send(f"level {moves_per} {int(base // 60)}:{int(base % 60):02d} {inc:g}", "force")
        played: list[str] = []
        while True:
            o = pos.outcome()
            if o is not None:
                return o.result, o.reason, played
            if len(played) >= max_plies:
                return "1/2-1/2", f"adjudicated at {max_plies} plies", played
            side = pos.turn
            e, other = engines[side], engines[1 - side]
            text, spent = e.think(clocks[side], clocks[1 - side], clocks[side] + 5)
            lose = "0-1" if side == 0 else "1-0"
            if text is None:
                return lose, f"{e.name} gave no move", played
            clocks[side] -= spent
            if clocks[side] < 0:
                return lose, f"{e.name} lost on time", played
            clocks[side] += inc
            try:
                m = pos.parse_move(text)
                if m not in pos.legal_moves():
                    raise ValueError(text)
            except Exception:
                return lose, f"{e.name} illegal move {text}", played
            name = pos.move_name(m)
            pos.push(m)
            played.append(name)
            other.move(text)
            if moves_per and (len(played) + 1) // 2 % moves_per == 0 and len(played) % 2 == 0:
                clocks = [c + base for c in clocks]   # both sides made moves_per moves: the control resets
    finally:
        for e in engines:
            e.close()


def elo(score: float, n: int, sd_game: float) -> tuple[float, float]:
    """Elo of a score fraction and its 95% error (normal approximation on the per-game scores)."""
    s = min(max(score, 1e-3), 1 - 1e-3)
    e = -400 * math.log10(1 / s - 1)
    err = 1.96 * sd_game / math.sqrt(max(n, 1))
    lo, hi = min(max(s - err, 1e-3), 1 - 1e-3), min(max(s + err, 1e-3), 1 - 1e-3)
    return e, (-400 * math.log10(1 / hi - 1) + 400 * math.log10(1 / lo - 1)) / 2


def parse_tc(text: str) -> tuple[int, float, float]:
    """'10+0.1' -> (0, 10, 0.1); '40/60' -> (40, 60, 0)."""
    if "/" in text:
        n, secs = text.split("/")
        return int(n), float(secs), 0.0
    base, _, inc = text.partition("+")
    return 0, float(base), float(inc or 0)


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--game", default="normal")
    ap.add_argument("--tc", default="10+0.1", help="'BASE+INC' seconds or 'MOVES/SECONDS'")
    ap.add_argument("--games", type=int, default=10, help="games (rounded up to pairs)")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--baseline", default="/work/h15-base", help="the tree of engine 'base'")
    ap.add_argument("--new", default=str(ROOT), help="the tree of engine 'new' (default: this checkout)")
    ap.add_argument("--max-plies", type=int, default=400)
    args = ap.parse_args(argv)
    global NEW_TREE
    NEW_TREE = str(Path(args.new).resolve())
    tc = parse_tc(args.tc)
    pairs = (args.games + 1) // 2
    jobs: queue.Queue = queue.Queue()
    for i in range(pairs * 2):
        jobs.put(i)
    results: list = []
    lock = threading.Lock()

    def worker() -> None:
        while True:
            try:
                i = jobs.get_nowait()
            except queue.Empty:
                return
            first_white = i % 2 == 0
            w, b = (args.first, args.second) if first_white else (args.second, args.first)
            res, why, moves = play(args.game, w, b, tc, args.baseline, args.max_plies)
            pts = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
            first_pts = pts if first_white else 1 - pts
            with lock:
                results.append((i, first_pts, tuple(moves)))
                print(f"game {i + 1:>3}: {w} - {b}  {res:<7} {why:<34} {len(moves):>3} plies  "
                      f"{' '.join(moves[:6])}", flush=True)

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    n = len(results)
    pts = [p for _, p, _ in results]
    score = sum(pts) / n
    sd = math.sqrt(sum((p - score) ** 2 for p in pts) / max(n - 1, 1))
    e, err = elo(score, n, sd)
    w = sum(p == 1 for p in pts)
    d = sum(p == 0.5 for p in pts)
    dups = n - len({m for _, _, m in results})
    print(f"{args.first} vs {args.second}, {args.game} at {args.tc}: {n} games, +{w} ={d} -{n - w - d}, "
          f"score {100 * score:.1f}%, Elo {e:+.0f} +- {err:.0f} (95%), duplicate games {dups}")


if __name__ == "__main__":
    main(sys.argv[1:])
