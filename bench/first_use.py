"""First use (issue 57): how long a game's first move and the web board's start take, in fresh processes.

    python bench/first_use.py                                  # every game, this tree only
    python bench/first_use.py --baseline /work/base57          # and the tree at PATH, in turn, with ratios
    python bench/first_use.py mixed3d normal --repeat 3 --no-serve

Each measure runs in a new process per game and tree (the trees take turns, which one goes first
alternating), so nothing is warm but the operating system's file cache, the Python bytecode of the package
(as an installed package has it: written once to a directory of this run, ``PYTHONPYCACHEPREFIX``;
``--no-bytecode`` compiles every module from its source in every process instead) and, where it says so,
the disk cache of built tables (``HYPERCHESS_CACHE``, variants/board/tablecache.py; a tree without one ignores it):

- **build**: ``get_game(name)`` and the search's per-game tables (``game_data``) after the package is
  imported and the games listed: CPU seconds of that call alone, with the table cache off.
- **uci**: ``python -m hyperchess uci`` is sent ``uci``; after its ``uciok``, ``setoption name UCI_Variant
  value NAME``, ``position startpos`` and ``go depth 1``. Wall seconds from starting the process to
  ``bestmove`` and from ``uciok`` to ``bestmove``, and the CPU seconds the process used up to its exit right
  after (``quit``); "uncached" with the table cache off (``HYPERCHESS_CACHE=off``: the catalogue and the
  game built in the process, as without a cache), "first" with an empty table cache (a game's very first
  use: built, then kept), "cached" with the cache the first run filled.
- **serve**: ``python -m hyperchess serve --port 0`` on a fresh database, then on a copy of one with unfinished
  games to reopen (with a table cache the first server fills; ``--uncached``: none): the seconds until it prints its address (it listens from then on) and until its first
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
import urllib.error
import urllib.request
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent)
# the unfinished games of the "reopen" database: (variant, its colours, moves played by people by link)
UNFINISHED = [("normal", 2, ["e2e4", "e7e5", "g1f3"]), ("mixed3d", 2, []), ("raumschach", 2, []),
              ("future-generation", 4, []), ("capablanca", 2, ["e2e4"]), ("first-contact", 2, [])]


RUN_DIR = Path(tempfile.gettempdir()) / f"hyperchess-first-use-{os.getpid()}"   # bytecode and caches of a run
BYTECODE = True          # --no-bytecode: every process compiles the modules from their sources


def env_for(tree: str, cache: Path | None = None) -> dict:
    """The environment of a process on ``tree`` (run with ``cwd=tree`` too: ``python -m`` looks there first):
    its bytecode in a directory of this run, the table cache ``cache`` (None: off)."""
    env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()), HYPERCHESS_CACHE=str(cache) if cache else "off")
    if BYTECODE:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(RUN_DIR / "bytecode" / Path(tree).resolve().name)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


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


def uci(tree: str, name: str, cache: Path | None) -> tuple[float, float, float]:
    """(wall seconds from the start to ``bestmove``, from ``uciok`` to ``bestmove``, CPU seconds of the
    process)."""
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "uci"], env=env_for(tree, cache), text=True,
                            cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin and proc.stdout

    def until(word: str) -> float:
        for line in proc.stdout:                                # type: ignore[union-attr]
            if line.startswith(word):
                return time.perf_counter()
        raise SystemExit(f"{tree}: {name}: no {word}")
    proc.stdin.write("uci\n")
    proc.stdin.flush()
    ready = until("uciok")
    proc.stdin.write(f"setoption name UCI_Variant value {name}\nposition startpos\ngo depth 1\n")
    proc.stdin.flush()
    done = until("bestmove")
    proc.stdin.write("quit\n")
    proc.stdin.close()
    return done - t, done - ready, wait_cpu(proc)


def serve(tree: str, db: Path, cached: bool = True) -> tuple[float, float, float]:
    """(seconds to listening, seconds to the first /api/games answer, CPU seconds of the process); ``cached``:
    with a table cache of this run (filled by the first server), else with none."""
    t = time.perf_counter()
    cache = RUN_DIR / f"serve-cache-{Path(tree).resolve().name}" if cached else None
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db", str(db)],
                            env=env_for(tree, cache), text=True,
                            cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
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
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            raise SystemExit(f"unfinished games: {route} {body}: {exc.code} {exc.read().decode()[:200]}") from None
    try:
        for variant, colours, moves in UNFINISHED:
            st = call("api/new", {"variant": variant, "seats": ["link"] * colours})
            seats = st["links"]["seats"]
            for i, move in enumerate(moves):
                call("api/move", {"key": seats[["white", "black"][i % 2]], "move": move})
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)


def listed_games(tree: str) -> list[str]:
    """The games ``hyperchess variants`` lists in ``tree`` (first word of each line after the header)."""
    out = subprocess.run([sys.executable, "-m", "hyperchess", "variants"], env=env_for(tree), cwd=tree, text=True,
                         capture_output=True, check=True).stdout.splitlines()
    return [line.split()[0] for line in out[1:] if line.strip()]


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def row(label: str, ours: list[float], base: list[float] | None) -> str:
    a = min(ours)
    text = f"{label:40} {a:7.3f}"
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
    ap.add_argument("--uncached", action="store_true",
                    help="only the build and the uncached process, and the server with no table cache either")
    ap.add_argument("--no-bytecode", action="store_true",
                    help="compile every module from its source in every process (PYTHONDONTWRITEBYTECODE=1)")
    args = ap.parse_args(argv)
    global BYTECODE
    BYTECODE = not args.no_bytecode
    if args.baseline and not (Path(args.baseline) / "hyperchess").is_dir():
        sys.exit(f"--baseline: no hyperchess package under {args.baseline}")
    trees = {"this": HERE, **({"base": args.baseline} if args.baseline else {})}
    listed = {t: listed_games(tree) for t, tree in trees.items()}
    names = args.games or listed["this"]
    if BYTECODE:                     # the bytecode an installed package has, written before anything is timed
        for tree in trees.values():
            subprocess.run([sys.executable, "-m", "compileall", "-q", "hyperchess"], env=env_for(tree), cwd=tree,
                           check=True, stdout=subprocess.DEVNULL)
    print(f"load average before: {load()} ({os.cpu_count()} CPUs); best of {args.repeat}; seconds; "
          f"bytecode {'kept' if BYTECODE else 'compiled in every process'}")
    header = f"{'':40} {'this':>7}" + (f" {'baseline':>9} {'ratio':>7}" if args.baseline else "")
    print(header)
    measures = ("build (CPU)", "uncached: start to bestmove", "uncached: uciok to bestmove", "uncached: process CPU",
                "first: start to bestmove", "first: uciok to bestmove", "first: process CPU",
                "cached: start to bestmove", "cached: uciok to bestmove", "cached: process CPU")
    worst = dict.fromkeys(measures, 0.0)
    for name in names:
        got: dict[str, dict[str, list[float]]] = {t: {m: [] for m in measures} for t in trees}
        for i in range(args.repeat):
            for t in (list(trees) if i % 2 == 0 else list(trees)[::-1]):
                if name not in listed[t]:
                    continue                # a game the baseline does not have: this tree only
                cache = RUN_DIR / f"cache-{t}-{name}-{i}"
                values = (build(trees[t], name), *uci(trees[t], name, None))
                if not args.uncached:
                    values += (*uci(trees[t], name, cache), *uci(trees[t], name, cache))
                for m, v in zip(measures, values):
                    got[t][m].append(v)
        base = got.get("base") if "base" in got and got["base"][measures[0]] else None
        for m in measures[:len(values)]:
            print(row(f"{name}: {m}", got["this"][m], base and base[m]), flush=True)
            worst[m] = max(worst[m], min(got["this"][m]))
    print("this tree, the slowest game of each measure: " + ", ".join(f"{k} {v:.3f}" for k, v in worst.items()
                                                                     if got["this"][k]))
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
                        got_s[t].append(serve(trees[t], db, cached=not args.uncached))
                for k, what in enumerate(("listening", "first /api/games", "process (CPU)")):
                    print(row(f"serve, {case}: {what}", [r[k] for r in got_s["this"]],
                              got_s.get("base") and [r[k] for r in got_s["base"]]), flush=True)
    print(f"load average after: {load()}")
    shutil.rmtree(RUN_DIR, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
