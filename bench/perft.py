"""perft nodes/second per game, with python-chess's own perft measured in the same run as the yardstick.

    python bench/perft.py                 # every case below
    python bench/perft.py normal mixed3d  # only these games
    python bench/perft.py normal --baseline ../old   # and an older checkout, alternating, in the same run
    python bench/perft.py --pure          # compiled (setup.py) against this tree run as Python (HYPERCHESS_PURE=1)
    python bench/perft.py --deeper 1 --baseline ../old   # each case one ply deeper (runs of 0.1-3 s, less noise)

For `normal` the ratio is against python-chess on the same position and depth; for the other games it
is against python-chess's start-position depth-4 speed (the nearest like-for-like reference). Every time is
CPU seconds of this process, the best of three (the machine is shared: wall time swings with its load).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import chess

# The tree measured: this checkout, or the one named by HYPERCHESS_TREE (how --baseline runs an older tree)
sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or str(Path(__file__).resolve().parent.parent))

from bench.common import KIWIPETE, python_chess_nps, python_chess_perft, timed  # noqa: E402
from hyperchess.variants import get_game  # noqa: E402
from hyperchess.variants.games.first_contact import POSITION_88  # noqa: E402
from hyperchess.variants.core.perft import perft  # noqa: E402

# (game, label, position string or None for the start, depth). Games add their own lines here.
CASES: list[tuple[str, str, str | None, int]] = [
    ("normal", "start", None, 4),
    ("normal", "kiwipete", KIWIPETE, 3),
    ("capablanca", "start", None, 3),
    ("third-millennium", "start", None, 3),
    ("cylinder", "start", None, 4),
    ("millennium", "start", None, 3),
    ("mixed3d", "start", None, 2),
    ("first-contact", "start", None, 4),
    ("first-contact", "88-action", POSITION_88, 2),
    ("next-generation", "start", None, 3),
    ("future-generation", "start", None, 3),
    ("raumschach", "start", None, 3),
    # pieces in hand (variants/rules/hands.py): a middle game with hands on both sides (Fairy-Stockfish counts 89377)
    ("crazyhouse", "hands", "2b1kbn1/r1pq3r/np1ppp1p/4nPQ1/pP3P1P/3P4/P1PK2P1/RNB2B1R[P] w - - 1 16", 3),
    # (Fairy-Stockfish: 23897)
    ("crazyhouse", "full hands", "r1b2rk1/ppp2ppp/2n5/3q4/8/2P5/P4PPP/R1BQ1RK1[NBPPPnbp] w - - 0 12", 2),
    # piece promotion and drops (variants/rules/piece_rules.py; the same count as Fairy-Stockfish, tests/test_fsf_reference.py)
    ("shogi", "start", None, 3),
]


def measure(game_name: str, fen: str | None, depth: int, repeat: int) -> tuple[int, float]:
    """Nodes and best seconds of perft ``depth`` from ``fen`` (None = start) in this tree."""
    pos = get_game(game_name).position(fen)
    best = float("inf")
    nodes = 0
    for _ in range(repeat):     # bench.common.timed of this tree's own (the worker may import an older one)
        t = time.process_time()
        nodes = perft(pos, depth)
        best = min(best, time.process_time() - t)
    return nodes, best


def baseline(path: str, game_name: str, fen: str | None, depth: int, repeat: int,
             pure: bool = False) -> tuple[int, float] | None:
    """``measure`` on the checkout at ``path``, in a fresh interpreter with that tree first (``pure``: its
    modules run as Python)."""
    env = dict(os.environ, HYPERCHESS_TREE=str(Path(path).resolve()))
    if pure:
        env["HYPERCHESS_PURE"] = "1"
    out = subprocess.run([sys.executable, __file__, "--worker", game_name, fen or "-", str(depth), str(repeat)],
                         env=env, capture_output=True, text=True, check=True)
    row = json.loads(out.stdout.strip().splitlines()[-1])
    return None if row is None else tuple(row)  # type: ignore[return-value]


def run(games: list[str] | None = None, repeat: int = 3, base: str | None = None, pure: bool = False,
        deeper: int = 0) -> list[dict]:
    reference = python_chess_nps(chess.STARTING_FEN, 4, repeat=repeat, clock=time.process_time)
    rows = []
    for i, (game_name, label, fen, depth) in enumerate(CASES):
        if games and game_name not in games:
            continue
        depth += deeper
        old = baseline(base, game_name, fen, depth, repeat, pure) if base and i % 2 else None
        nodes, secs = measure(game_name, fen, depth, repeat)
        if base and not i % 2:
            old = baseline(base, game_name, fen, depth, repeat, pure)
        ours = nodes / secs
        if game_name == "normal":
            board = chess.Board(fen or chess.STARTING_FEN)
            _, ref_secs = timed(python_chess_perft, board, depth, repeat=repeat, clock=time.process_time)
            ref = nodes / ref_secs
        else:
            ref = reference
        rows.append(dict(game=game_name, position=label, depth=depth, nodes=nodes, seconds=secs,
                         nps=ours, reference_nps=ref, ratio=ours / ref,
                         base=None if old is None else dict(nodes=old[0], seconds=old[1])))
    return rows


def _option(argv: list[str], name: str) -> tuple[str | None, list[str]]:
    """The value after ``name`` in ``argv`` (None without it) and the arguments without the two."""
    if name not in argv:
        return None, argv
    i = argv.index(name)
    if i + 1 >= len(argv):
        sys.exit(f"perft.py: {name} needs a value")
    return argv[i + 1], argv[:i] + argv[i + 2:]


def main(argv: list[str]) -> None:
    if argv[:1] == ["--worker"]:           # one case for --baseline, as JSON (null: the game is not there)
        game_name, fen, depth, repeat = argv[1:5]
        from hyperchess.variants import game_names
        if game_name not in game_names():
            print("null")
            return
        print(json.dumps(measure(game_name, None if fen == "-" else fen, int(depth), int(repeat))))
        return
    base, argv = _option(argv, "--baseline")
    deeper_text, argv = _option(argv, "--deeper")
    deeper = 0
    if deeper_text is not None:
        if not deeper_text.isdigit() or int(deeper_text) > 3:
            sys.exit(f"perft.py: --deeper takes 0 to 3 plies, not {deeper_text!r}")
        deeper = int(deeper_text)
    pure = "--pure" in argv
    if pure:
        argv = [a for a in argv if a != "--pure"]
        base = str(Path(__file__).resolve().parent.parent)
    rows = run(argv or None, base=base, pure=pure, deeper=deeper)
    print(f"{'game':<17} {'position':<10} {'depth':>5} {'nodes':>10} {'seconds':>8} {'nodes/s':>10} "
          f"{'python-chess':>12} {'ratio':>6}" + ("  baseline nodes  seconds  this/baseline" if base else ""))
    for r in rows:
        line = (f"{r['game']:<17} {r['position']:<10} {r['depth']:>5} {r['nodes']:>10} {r['seconds']:>8.3f} "
                f"{r['nps']:>10.0f} {r['reference_nps']:>12.0f} {r['ratio']:>5.2f}x")
        if r["base"]:
            b = r["base"]
            line += f"  {b['nodes']:>14} {b['seconds']:>8.3f} {b['seconds'] / r['seconds']:>13.2f}x"
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
