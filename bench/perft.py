"""perft nodes/second per game, with python-chess's own perft measured in the same run as the yardstick.

    python bench/perft.py                 # every case below
    python bench/perft.py normal mixed3d  # only these games

For `normal` the ratio is against python-chess on the same position and depth; for the other games it
is against python-chess's start-position depth-4 speed (the nearest like-for-like reference).
"""
from __future__ import annotations

import sys
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import KIWIPETE, python_chess_nps, python_chess_perft, timed  # noqa: E402
from hyperchess.variants import get_game  # noqa: E402
from hyperchess.variants.first_contact import POSITION_88  # noqa: E402
from hyperchess.variants.perft import perft  # noqa: E402

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
]


def run(games: list[str] | None = None, repeat: int = 3) -> list[dict]:
    reference = python_chess_nps(chess.STARTING_FEN, 4, repeat=repeat)
    rows = []
    for game_name, label, fen, depth in CASES:
        if games and game_name not in games:
            continue
        game = get_game(game_name)
        pos = game.position(fen)
        nodes, secs = timed(perft, pos, depth, repeat=repeat)
        ours = nodes / secs
        if game_name == "normal":
            board = chess.Board(fen or chess.STARTING_FEN)
            _, ref_secs = timed(python_chess_perft, board, depth, repeat=repeat)
            ref = nodes / ref_secs
        else:
            ref = reference
        rows.append(dict(game=game_name, position=label, depth=depth, nodes=nodes, seconds=secs,
                         nps=ours, reference_nps=ref, ratio=ours / ref))
    return rows


def main(argv: list[str]) -> None:
    rows = run(argv or None)
    print(f"{'game':<17} {'position':<10} {'depth':>5} {'nodes':>10} {'seconds':>8} {'nodes/s':>10} "
          f"{'python-chess':>12} {'ratio':>6}")
    for r in rows:
        print(f"{r['game']:<17} {r['position']:<10} {r['depth']:>5} {r['nodes']:>10} {r['seconds']:>8.3f} "
              f"{r['nps']:>10.0f} {r['reference_nps']:>12.0f} {r['ratio']:>5.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
