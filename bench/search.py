"""Search speed (nodes/second at a fixed depth) per game, next to python-chess's own perft speed.

    python bench/search.py                  # every case below
    python bench/search.py normal           # only these games

A search node is one call of the alpha-beta or quiescence function. The yardstick is python-chess's bulk
perft (``board.legal_moves.count()`` at the last ply) from the start position at depths 3 and 4, measured
in the same run; the ratio says how our searched nodes/second compare with python-chess's perft leaves/second.
Other games add a line to ``CASES`` or call ``search_nps`` themselves.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import KIWIPETE, python_chess_nps  # noqa: E402
from engine.search import Limits, Searcher  # noqa: E402
from variants import get_game  # noqa: E402
from variants.first_contact import POSITION_88  # noqa: E402

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

    Returns game, depth, nodes, seconds (best run), nps, best move name and score.
    """
    game = get_game(game_name)
    pos = game.position(fen)
    secs = float("inf")
    for _ in range(repeat):
        searcher = Searcher(hash_mb)
        t = time.perf_counter()
        result = searcher.search(pos, Limits(depth=depth))
        secs = min(secs, time.perf_counter() - t)
    return dict(game=game_name, depth=depth, nodes=result.nodes, seconds=secs,
                nps=result.nodes / secs if secs > 0 else 0.0,
                best=pos.move_name(result.best) if result.best else "-", score=result.score)


def run(games: list[str] | None = None) -> tuple[dict[int, float], list[dict]]:
    reference = {d: python_chess_nps(chess.STARTING_FEN, d, repeat=3 if d == 3 else 2) for d in (3, 4)}
    rows = []
    for game_name, label, fen, depth in CASES:
        if games and game_name not in games:
            continue
        row = search_nps(game_name, fen, depth)
        row["position"] = label
        rows.append(row)
    return reference, rows


def main(argv: list[str]) -> None:
    reference, rows = run(argv or None)
    print("python-chess bulk perft, start position: "
          + ", ".join(f"d{d} {nps:,.0f} nodes/s" for d, nps in reference.items()))
    ref = reference[4]
    print(f"{'game':<17} {'position':<9} {'depth':>5} {'nodes':>8} {'seconds':>8} {'nodes/s':>8} "
          f"{'vs perft d4':>11}  {'best':<8} {'score':>7}")
    for r in rows:
        print(f"{r['game']:<17} {r['position']:<9} {r['depth']:>5} {r['nodes']:>8} {r['seconds']:>8.2f} "
              f"{r['nps']:>8.0f} {r['nps'] / ref:>10.3f}x  {r['best']:<8} {r['score']:>+7d}")


if __name__ == "__main__":
    main(sys.argv[1:])
