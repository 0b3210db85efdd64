"""Mixed 3D Chess speed: compile, perft and search on the 8x8x8 cube, next to python-chess's own bulk perft
(normal start position, depth 4, ``board.legal_moves.count()`` at the last ply) measured in the same run.

    python bench/mixed3d.py            # compile, perft 2 and 3, search depth 3 and 4
    python bench/mixed3d.py --quick    # compile, perft 2, search depth 3
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import python_chess_nps, timed  # noqa: E402
from bench.search import search_nps  # noqa: E402
from hyperchess.variants import FILE_GAMES, get_game  # noqa: E402
from hyperchess.variants.formats.filegame import FileGame  # noqa: E402
from hyperchess.variants.core.perft import perft  # noqa: E402


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    get_game("normal")                    # the shipped files read first: the timing is the game's construction
    t = time.process_time()
    game = FileGame(FILE_GAMES["mixed3d"])
    compile_cpu = time.process_time() - t
    reference = python_chess_nps(chess.STARTING_FEN, 4, repeat=2)
    print(f"python-chess bulk perft, normal start d4: {reference:,.0f} nodes/s")
    print(f"mixed3d compile (Game construction): {compile_cpu:.3f} s CPU")
    pos = game.position()
    print(f"{'what':<18} {'nodes':>9} {'seconds':>8} {'nodes/s':>9} {'vs python-chess':>15}")
    for depth in ((2,) if quick else (2, 3)):
        nodes, secs = timed(perft, pos, depth, repeat=3 if depth == 2 else 1)
        nps = nodes / secs
        print(f"{'perft ' + str(depth):<18} {nodes:>9} {secs:>8.3f} {nps:>9.0f} {nps / reference:>14.2f}x")
    for depth in ((3,) if quick else (3, 4)):
        row = search_nps("mixed3d", None, depth, repeat=1)
        label = f"search d{depth} ({row['best']})"
        print(f"{label:<18} {row['nodes']:>9} {row['seconds']:>8.3f} {row['nps']:>9.0f} "
              f"{row['nps'] / reference:>14.3f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
