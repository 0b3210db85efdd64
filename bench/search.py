"""Search speed (nodes/second at a fixed depth) per game, next to python-chess's own perft speed.

    python bench/search.py                          # every case below
    python bench/search.py normal                   # only these games
    python bench/search.py --baseline /work/old     # also the same cases on another checkout, same run
    python bench/search.py --pure --deeper 2        # compiled against this tree's pure-Python path, 2 plies deeper

A search node is one call of the alpha-beta or quiescence function. The yardstick is python-chess's bulk
perft (``board.legal_moves.count()`` at the last ply) from the start position at depths 3 and 4, measured
in the same run; the ratio says how our searched nodes/second compare with python-chess's perft leaves/second.

``--baseline PATH`` runs each case on the checkout at PATH too (a subprocess with that tree first on
``sys.path``, using that tree's ``bench.search.search_nps``), alternating with this tree case by case so
that machine load hits both alike, and prints both rates, the ratio of nodes/s and the ratio of the time
to reach the depth (the trees differ when search pruning changed; the node counts are printed).
``--pure`` takes this tree run as Python (``HYPERCHESS_PURE=1``) as the baseline: the compiled path
(setup.py) against the modules it is built from, which search the same tree.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import chess

# The tree measured: this checkout, or the one named by HYPERCHESS_TREE (how --baseline runs an older tree
# with this file's timing code).
sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or str(Path(__file__).resolve().parent.parent))

from bench.common import KIWIPETE, python_chess_nps  # noqa: E402
from hyperchess.engine.search import Limits, Searcher  # noqa: E402
from hyperchess.variants import get_game  # noqa: E402

try:
    from hyperchess.variants.games.first_contact import POSITION_88
except (ImportError, TypeError):        # an older tree (--baseline) without the game
    POSITION_88 = None

# (game, label, position string or None for the start, depth)
CASES: list[tuple[str, str, str | None, int]] = [
    ("normal", "start", None, 6),
    ("normal", "kiwipete", KIWIPETE, 4),
    ("capablanca", "start", None, 5),
    ("third-millennium", "start", None, 5),
    ("cylinder", "start", None, 6),
    ("millennium", "start", None, 5),
    ("mixed3d", "start", None, 3),
    ("first-contact", "88-action", POSITION_88, 3),
    ("next-generation", "start", None, 4),
    ("future-generation", "start", None, 3),
]


def search_nps(game_name: str, fen: str | None, depth: int, hash_mb: int = 64, repeat: int = 2) -> dict:
    """Search ``fen`` (None = start) of ``game_name`` to ``depth`` with a fresh searcher, ``repeat`` times.

    Returns game, depth, nodes, CPU seconds (best run; CPU time, as the machine is shared), nps, best
    move name and score.
    """
    game = get_game(game_name)
    pos = game.position(fen)
    secs = float("inf")
    for _ in range(repeat):
        searcher = Searcher(hash_mb)
        t = time.process_time()
        result = searcher.search(pos, Limits(depth=depth))
        secs = min(secs, time.process_time() - t)
    return dict(game=game_name, depth=depth, nodes=result.nodes, seconds=secs,
                nps=result.nodes / secs if secs > 0 else 0.0,
                best=pos.move_name(result.best) if result.best else "-", score=result.score)


def baseline_nps(path: str, game_name: str, fen: str | None, depth: int, repeat: int = 2,
                 pure: bool = False) -> dict:
    """``search_nps`` on the checkout at ``path``: this file in a fresh interpreter with that tree first
    (``pure``: its modules run as Python, not compiled)."""
    env = dict(os.environ, HYPERCHESS_TREE=str(Path(path).resolve()))
    if pure:
        env["HYPERCHESS_PURE"] = "1"
    out = subprocess.run([sys.executable, __file__, "--worker", game_name, fen or "-", str(depth), str(repeat)],
                         env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(games: list[str] | None = None, baseline: str | None = None,
        repeat: int = 2, pure: bool = False, deeper: int = 0) -> tuple[dict[int, float], list[dict]]:
    reference = {d: python_chess_nps(chess.STARTING_FEN, d, repeat=3 if d == 3 else 2) for d in (3, 4)}
    rows = []
    for i, (game_name, label, fen, depth) in enumerate(CASES):
        if games and game_name not in games:
            continue
        depth += deeper
        base = None
        if baseline and i % 2:
            base = baseline_nps(baseline, game_name, fen, depth, repeat, pure)
        row = search_nps(game_name, fen, depth, repeat=repeat)
        if baseline and not i % 2:
            base = baseline_nps(baseline, game_name, fen, depth, repeat, pure)
        row["position"] = label
        row["base"] = base
        rows.append(row)
    return reference, rows


def main(argv: list[str]) -> None:
    if argv[:1] == ["--worker"]:           # one case for --baseline, as JSON (null: the game is not there)
        game_name, fen, depth, repeat = argv[1:5]
        from hyperchess.variants import game_names
        if game_name not in game_names():
            print("null")
            return
        print(json.dumps(search_nps(game_name, None if fen == "-" else fen, int(depth), repeat=int(repeat))))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="only these games (default: every case)")
    ap.add_argument("--baseline", metavar="PATH", help="a checkout of an older tree to measure in the same run")
    ap.add_argument("--pure", action="store_true",
                    help="the baseline is this tree run as Python (HYPERCHESS_PURE=1): the compiled path's gain")
    ap.add_argument("--deeper", type=int, default=0, metavar="N", help="search every case N plies deeper")
    ap.add_argument("--repeat", type=int, default=2, help="runs per case, the best counts (default 2)")
    args = ap.parse_args(argv)
    if args.pure and args.baseline:
        sys.exit("--pure and --baseline: choose one baseline")
    if args.pure:
        from hyperchess import _compiled
        if not _compiled.describe().startswith("search compiled"):
            sys.exit(f"--pure: this tree is not compiled ({_compiled.describe()})")
        args.baseline = str(Path(__file__).resolve().parent.parent)
    if args.baseline and not (Path(args.baseline) / "bench" / "search.py").is_file():
        sys.exit(f"--baseline: no bench/search.py under {args.baseline}")
    reference, rows = run(args.games or None, args.baseline, args.repeat, args.pure, args.deeper)
    print("python-chess bulk perft, start position: "
          + ", ".join(f"d{d} {nps:,.0f} nodes/s" for d, nps in reference.items()))
    ref = reference[4]
    print(f"{'game':<17} {'position':<9} {'depth':>5} {'nodes':>8} {'seconds':>8} {'nodes/s':>8} "
          f"{'vs perft d4':>11}  {'best':<8} {'score':>7}")
    for r in rows:
        print(f"{r['game']:<17} {r['position']:<9} {r['depth']:>5} {r['nodes']:>8} {r['seconds']:>8.2f} "
              f"{r['nps']:>8.0f} {r['nps'] / ref:>10.3f}x  {r['best']:<8} {r['score']:>+7d}")
        b = r["base"]
        if b:
            print(f"{'  baseline':<27} {b['depth']:>5} {b['nodes']:>8} {b['seconds']:>8.2f} {b['nps']:>8.0f} "
                  f"{b['nps'] / ref:>10.3f}x  {b['best']:<8} {b['score']:>+7d}   "
                  f"nodes/s x{r['nps'] / b['nps']:.2f}  time to depth x{b['seconds'] / r['seconds']:.2f}")
    based = [r for r in rows if r["base"]]
    if based:
        from statistics import geometric_mean
        print(f"geometric mean over {len(based)} cases: nodes/s x"
              f"{geometric_mean([r['nps'] / r['base']['nps'] for r in based]):.2f}, time to depth x"
              f"{geometric_mean([r['base']['seconds'] / r['seconds'] for r in based]):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
