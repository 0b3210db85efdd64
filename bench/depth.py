"""Depth reached in a fixed time, and time to a fixed depth, on the committed position sets (issue 50).

    python bench/depth.py                                 # every game, this tree only
    python bench/depth.py mixed3d raumschach --baseline /work/base50
    python bench/depth.py --movetime 0.5 --depth mixed3d=3 --skip-fixed
    python bench/depth.py --nps normal mixed3d --baseline /work/base57    # nodes a second at 1 s (issue 57)

For each game, the ten positions of ``bench/positions/<game>.txt`` (the start and nine from self-play,
written by ``bench/make_positions.py``) are searched by a fresh ``Searcher`` (64 MB):

- **depth at a move time**: ``Limits(movetime=T, use_all=True)``, as the web board asks (T = 0.5 s by
  default); the depth of the last completed iteration, averaged over the ten positions. Wall time, as a
  game's clock: on a loaded machine both trees lose alike, which is why they are interleaved.
- **time to a fixed depth**: ``Limits(depth=D)`` (D per game below, or ``--depth game=D``), CPU seconds
  summed over the ten positions, with the nodes and how many best moves the two trees share. Same nodes
  and moves in every position means the same tree was searched.
- **nodes a second** (``--nps``, instead of the two above): each position searched for the move time
  (1 s unless ``--movetime`` is given), the nodes divided by the search's CPU seconds (CPU, not wall: on a
  shared machine the load hits the wall clock of both trees unevenly), per position and over the ten.

``--baseline PATH`` runs the same searches on the checkout at PATH (a worker process with that tree first
on ``sys.path``), position by position in turn with this tree (which one goes first alternates), so that
the machine's load hits both alike. Each tree has one long-lived worker process: a game's tables are
built once.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

POSITIONS = Path(__file__).resolve().parent / "positions"
HERE = str(Path(__file__).resolve().parent.parent)

# the fixed depth per game: what the engine before issue 50 reaches in a fraction of a second or so
FIXED_DEPTH = {"normal": 6, "capablanca": 5, "cylinder": 6, "millennium": 5, "third-millennium": 5,
               "next-generation": 4, "first-contact": 4, "raumschach": 4, "future-generation": 3, "mixed3d": 3}
GAMES = list(FIXED_DEPTH)


def positions(game_name: str) -> list[str]:
    """The position strings of a game's committed set (comment lines skipped)."""
    text = (POSITIONS / f"{game_name}.txt").read_text()
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def worker() -> None:
    """Answer one JSON request a line on stdin: [game, fen, movetime or null, depth or null]."""
    sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or HERE)
    from hyperchess.engine.search import Limits, Searcher
    from hyperchess.variants import get_game
    warm: set[str] = set()
    for line in sys.stdin:
        game_name, fen, movetime, depth = json.loads(line)
        if game_name not in warm:         # the game's search tables are built once, outside the timing
            Searcher(1).search(get_game(game_name).position(), Limits(depth=1))
            warm.add(game_name)
        pos = get_game(game_name).position(fen)
        searcher = Searcher(64)
        limits = Limits(movetime=movetime, use_all=True) if movetime else Limits(depth=depth)
        t, c = time.perf_counter(), time.process_time()
        r = searcher.search(pos, limits)
        c, t = time.process_time() - c, time.perf_counter() - t
        print(json.dumps(dict(depth=r.depth, nodes=r.nodes, cpu=c, wall=t,
                              best=pos.move_name(r.best) if r.best else "-", score=r.score)), flush=True)


class Worker:
    """One long-lived worker process on a tree."""

    def __init__(self, tree: str) -> None:
        env = dict(os.environ, HYPERCHESS_TREE=str(Path(tree).resolve()))
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, *request) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("a worker died (see its traceback above)")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def run_game(game_name: str, workers: dict[str, Worker], movetime: float, depth: int | None) -> dict:
    """Both measures of one game on every tree, position by position, the trees in turn."""
    names = list(workers)
    out: dict[str, dict] = {n: dict(depths=[], cpu=0.0, nodes=0, best=[]) for n in names}
    for i, fen in enumerate(positions(game_name)):
        order = names if i % 2 == 0 else names[::-1]
        for n in order:
            r = workers[n].ask(game_name, fen, movetime, None)
            out[n]["depths"].append(r["depth"])
        if depth:
            for n in order:
                r = workers[n].ask(game_name, fen, None, depth)
                out[n]["cpu"] += r["cpu"]
                out[n]["nodes"] += r["nodes"]
                out[n]["best"].append(r["best"])
    return out


def run_nps(game_name: str, workers: dict[str, Worker], movetime: float) -> dict:
    """Nodes and CPU seconds of a ``movetime`` search of each position on every tree, the trees in turn."""
    names = list(workers)
    out: dict[str, dict] = {n: dict(nps=[], nodes=0, cpu=0.0) for n in names}
    for i, fen in enumerate(positions(game_name)):
        for n in (names if i % 2 == 0 else names[::-1]):
            r = workers[n].ask(game_name, fen, movetime, None)
            out[n]["nps"].append(r["nodes"] / max(r["cpu"], 1e-6))
            out[n]["nodes"] += r["nodes"]
            out[n]["cpu"] += r["cpu"]
    return out


def report_nps(games: list[str], workers: dict[str, Worker], movetime: float) -> None:
    """``--nps``: nodes per CPU second per game (thousands), and the ratio to the baseline."""
    print(f"nodes per CPU second in a {movetime:g} s search (thousands), 10 positions a game; "
          f"load average at start {os.getloadavg()[0]:.1f}")
    for name in games:
        res = run_nps(name, workers, movetime)
        for n, r in res.items():
            total = r["nodes"] / max(r["cpu"], 1e-6)
            print(f"{name:<18} {n:<5} {' '.join(f'{v / 1000:.0f}' for v in r['nps']):<50} "
                  f"all {total / 1000:7.1f}k", flush=True)
        if "base" in res:
            this = res["this"]["nodes"] / max(res["this"]["cpu"], 1e-6)
            base = res["base"]["nodes"] / max(res["base"]["cpu"], 1e-6)
            per = sorted(a / b for a, b in zip(res["this"]["nps"], res["base"]["nps"]))
            print(f"{'':<18} nodes/s x{this / base:.2f} (per position x{per[0]:.2f} .. x{per[-1]:.2f}, "
                  f"median x{per[len(per) // 2]:.2f})", flush=True)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--worker"]:
        worker()
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help=f"only these games (default: {' '.join(GAMES)})")
    ap.add_argument("--baseline", metavar="PATH", help="a checkout of an older tree, measured in the same run")
    ap.add_argument("--movetime", type=float, default=None, help="seconds a search (default 0.5; 1 with --nps)")
    ap.add_argument("--nps", action="store_true", help="nodes a CPU second at the move time, nothing else")
    ap.add_argument("--depth", action="append", default=[], metavar="GAME=D", help="the fixed depth of a game")
    ap.add_argument("--skip-fixed", action="store_true", help="only the depth at the move time")
    args = ap.parse_args(argv)
    if args.movetime is None:
        args.movetime = 1.0 if args.nps else 0.5
    fixed = dict(FIXED_DEPTH)
    for item in args.depth:
        name, _, d = item.partition("=")
        if name not in fixed or not d.isdigit():
            sys.exit(f"--depth: expected GAME=N with GAME one of {', '.join(GAMES)}, got {item!r}")
        fixed[name] = int(d)
    games = args.games or GAMES
    for name in games:
        if not (POSITIONS / f"{name}.txt").is_file():
            sys.exit(f"no position set for {name!r} (bench/positions/{name}.txt)")
    if args.baseline and not (Path(args.baseline) / "hyperchess").is_dir():
        sys.exit(f"--baseline: no hyperchess package under {args.baseline}")
    workers = {"this": Worker(HERE)}
    if args.baseline:
        workers["base"] = Worker(args.baseline)
    if args.nps:
        try:
            report_nps(games, workers, args.movetime)
        finally:
            for w in workers.values():
                w.close()
        print(f"load average at end {os.getloadavg()[0]:.1f}")
        return
    print(f"depth at {args.movetime:g} s (use_all, wall) and time to a fixed depth (CPU s, summed), "
          f"10 positions a game; load average at start {os.getloadavg()[0]:.1f}")
    print(f"{'game':<18} {'tree':<5} {'depths at ' + format(args.movetime, 'g') + ' s':<32} {'mean':>5} "
          f"{'D':>2} {'nodes':>9} {'CPU s':>7} {'same best':>9}")
    try:
        for name in games:
            d = None if args.skip_fixed else fixed[name]
            res = run_game(name, workers, args.movetime, d)
            for n, r in res.items():
                mean = sum(r["depths"]) / len(r["depths"])
                same = ""
                if n == "this" and "base" in res and d:
                    same = f"{sum(a == b for a, b in zip(r['best'], res['base']['best']))}/{len(r['best'])}"
                fixed_part = f"{d:>2} {r['nodes']:>9} {r['cpu']:>7.2f}" if d else f"{'':>2} {'':>9} {'':>7}"
                print(f"{name:<18} {n:<5} {' '.join(map(str, r['depths'])):<32} {mean:>5.1f} {fixed_part} "
                      f"{same:>9}", flush=True)
            if "base" in res and d and res["this"]["cpu"] > 0:
                print(f"{'':<18} time to depth {d}: x{res['base']['cpu'] / res['this']['cpu']:.2f}, "
                      f"nodes x{res['this']['nodes'] / max(1, res['base']['nodes']):.2f}", flush=True)
    finally:
        for w in workers.values():
            w.close()
    print(f"load average at end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
