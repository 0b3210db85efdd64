"""First use (issue 57): how long a game's first move and the web board's start take, in fresh processes.

    python bench/first_use.py                                  # every game, this tree only
    python bench/first_use.py --baseline /work/base57          # and the tree at PATH, in turn, with ratios
    python bench/first_use.py mixed3d normal --repeat 3 --no-serve

Three measures, each in a new process per game and tree (the trees take turns, which one goes first
alternating), so nothing is warm but the operating system's file cache:

- **build**: ``get_game(name)`` after the package is imported: the game's tables, read from its module or
  variants file and built (what ``hyperchess`` does on a game's first use), plus the search's per-game tables
  (``game_data``). CPU seconds of that call alone.
- **uci**: ``python -m hyperchess uci`` is sent ``uci``, ``setoption name UCI_Variant value NAME``, ``position
  startpos`` and ``go depth 1`` at once; the seconds from starting the process to its ``bestmove`` line (wall),
  and the CPU seconds the process used up to its exit right after (``quit``).
- **serve**: ``python -m hyperchess serve --port 0`` on a fresh database, then on a copy of one with unfinished
  games to reopen: the seconds until it prints its address (it listens from then on) and until its first
  ``GET /api/games`` is answered, and the process's CPU seconds up to its exit (SIGTERM) right after.

The machine's load (``os.getloadavg``) is printed before and after: on a loaded machine wall seconds grow with
the load while CPU seconds stay nearly the same, so read both.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent)
# the unfinished games of the "reopen" database: (variant, moves played by two people by link)
UNFINISHED = [("normal", ["e2e4", "e7e5", "g1f3"]), ("mixed3d", []), ("raumschach", []),
              ("future-generation", []), ("capablanca", ["e2e4"]), ("first-contact", [])]


def env_for(tree: str) -> dict:
    """The environment of a process on ``tree`` (run with ``cwd=tree`` too: ``python -m`` looks there first)."""
    return dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))


def wait_cpu(proc: subprocess.Popen) -> float:
    """Reap ``proc``; the CPU seconds (user + system) it used."""
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return usage.ru_utime + usage.ru_stime


def build_worker(name: str) -> None:
    """(in a fresh process) time one game's first build."""
    from hyperchess.engine.gamedata import game_data
    from hyperchess.variants import game_names, get_game
    game_names()                              # the games' list (read, not built) is not the build
    c = time.process_time()
    game_data(get_game(name))
    print(json.dumps(time.process_time() - c))


def build(tree: str, name: str) -> float:
    out = subprocess.run([sys.executable, __file__, "--build-worker", name], env=env_for(tree), text=True, cwd=tree,
                         capture_output=True, check=True)
    return json.loads(out.stdout)


def uci(tree: str, name: str) -> tuple[float, float]:
    """(wall seconds to ``bestmove``, CPU seconds of the process)."""
    lines = f"uci\nsetoption name UCI_Variant value {name}\nposition startpos\ngo depth 1\n"
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "uci"], env=env_for(tree), text=True, cwd=tree,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin and proc.stdout
    proc.stdin.write(lines)
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("bestmove"):
            break
    else:
        raise SystemExit(f"{tree}: {name}: no bestmove")
    wall = time.perf_counter() - t
    proc.stdin.write("quit\n")
    proc.stdin.close()
    return wall, wait_cpu(proc)


def serve(tree: str, db: Path) -> tuple[float, float, float]:
    """(seconds to listening, seconds to the first /api/games answer, CPU seconds of the process)."""
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db", str(db)],
                            env=env_for(tree), text=True, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout
    url = proc.stdout.readline().split(": ", 1)[1].strip()
    listening = time.perf_counter() - t
    with urllib.request.urlopen(url + "api/games", timeout=120) as r:
        games = json.loads(r.read())
    answered = time.perf_counter() - t
    assert games, "no games listed"
    proc.send_signal(signal.SIGTERM)
    return listening, answered, wait_cpu(proc)


def unfinished_db(path: Path) -> None:
    """A database with the UNFINISHED games, kept by a server of this tree."""
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db", str(path)],
                            env=env_for(HERE), text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout
    url = proc.stdout.readline().split(": ", 1)[1].strip()

    def call(route: str, body: dict) -> dict:
        req = urllib.request.Request(url + route, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read())
    for variant, moves in UNFINISHED:
        st = call("api/new", {"variant": variant, "seats": ["link", "link"]})
        seats = st["links"]["seats"]
        for i, move in enumerate(moves):
            call("api/move", {"key": seats[["white", "black"][i % 2]], "move": move})
    proc.send_signal(signal.SIGTERM)
    proc.wait(60)


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def row(label: str, ours: list[float], base: list[float] | None) -> str:
    a = min(ours)
    text = f"{label:34} {a:7.3f}"
    if base:
        b = min(base)
        text += f" {b:9.3f} {b / a if a else float('inf'):6.2f}x"
    return text


def main(argv: list[str]) -> None:
    if argv[:1] == ["--build-worker"]:
        build_worker(argv[1])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="games to measure (default: every game `hyperchess variants` lists)")
    ap.add_argument("--baseline", metavar="PATH", help="an older tree (a compiled checkout), measured in turn")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each measure (the best is shown)")
    ap.add_argument("--no-serve", action="store_true", help="skip the web board's start")
    args = ap.parse_args(argv)
    if args.baseline and not (Path(args.baseline) / "hyperchess").is_dir():
        sys.exit(f"--baseline: no hyperchess package under {args.baseline}")
    names = args.games or subprocess.run([sys.executable, "-m", "hyperchess", "variants"], env=env_for(HERE),
                                         text=True, capture_output=True, check=True).stdout.split()
    trees = {"this": HERE, **({"base": args.baseline} if args.baseline else {})}
    print(f"load average before: {load()} ({os.cpu_count()} CPUs); best of {args.repeat}; seconds")
    header = f"{'':34} {'this':>7}" + (f" {'baseline':>9} {'ratio':>7}" if args.baseline else "")
    print(header)
    worst = {"build cpu": 0.0, "uci wall": 0.0, "uci cpu": 0.0}
    for name in names:
        got: dict[str, dict[str, list[float]]] = {t: {"build": [], "wall": [], "cpu": []} for t in trees}
        for i in range(args.repeat):
            for t in (list(trees) if i % 2 == 0 else list(trees)[::-1]):
                got[t]["build"].append(build(trees[t], name))
                wall, cpu = uci(trees[t], name)
                got[t]["wall"].append(wall)
                got[t]["cpu"].append(cpu)
        base = got.get("base")
        print(row(f"{name}: build (CPU)", got["this"]["build"], base and base["build"]))
        print(row(f"{name}: uci to bestmove (wall)", got["this"]["wall"], base and base["wall"]))
        print(row(f"{name}: uci process (CPU)", got["this"]["cpu"], base and base["cpu"]), flush=True)
        worst["build cpu"] = max(worst["build cpu"], min(got["this"]["build"]))
        worst["uci wall"] = max(worst["uci wall"], min(got["this"]["wall"]))
        worst["uci cpu"] = max(worst["uci cpu"], min(got["this"]["cpu"]))
    print("this tree, the slowest game: " + ", ".join(f"{k} {v:.3f}" for k, v in worst.items()))
    if not args.no_serve:
        with tempfile.TemporaryDirectory() as tmp:
            kept = Path(tmp) / "unfinished.sqlite3"
            unfinished_db(kept)
            for case in ("fresh db", "unfinished games"):
                got_s: dict[str, list[tuple[float, float, float]]] = {t: [] for t in trees}
                for i in range(args.repeat):
                    for t in (list(trees) if i % 2 == 0 else list(trees)[::-1]):
                        db = Path(tmp) / f"{t}-{i}-{case[0]}.sqlite3"
                        if case != "fresh db":
                            shutil.copy(kept, db)
                        got_s[t].append(serve(trees[t], db))
                for k, what in enumerate(("listening", "first /api/games", "process (CPU)")):
                    print(row(f"serve, {case}: {what}", [r[k] for r in got_s["this"]],
                              got_s.get("base") and [r[k] for r in got_s["base"]]), flush=True)
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main(sys.argv[1:])
