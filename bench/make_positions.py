"""Write the committed depth-bench position sets: ``bench/positions/<game>.txt`` (issue 50).

    python bench/make_positions.py                    # every game of bench/depth.py's list
    python bench/make_positions.py mixed3d raumschach # only these

Each file holds the game's start position and nine positions from self-play, one position string per
line after a ``#`` comment naming where it came from. Self-play game ``i`` (i = 1..9) is the engine
against itself at a fixed node budget with Randomize on (seed ``i``: the opening moves vary, the rest is
deterministic), stopped after full move ``10 + 30 * (i - 1) // 8`` (10, 13, 17, ..., 40). A game that ends
before that is replayed with the next seed. Run it again only to replace the set on purpose: the
figures in docs/performance.md were measured on the committed files.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or str(Path(__file__).resolve().parent.parent))

from hyperchess.engine.search import Limits, Searcher  # noqa: E402
from hyperchess.variants import get_game  # noqa: E402

HERE = Path(__file__).resolve().parent / "positions"
GAMES = ["normal", "capablanca", "cylinder", "millennium", "third-millennium", "next-generation",
         "first-contact", "raumschach", "future-generation", "mixed3d"]
NODES = 1500            # per move of the self-play games
RANDOMNESS = 40         # centipawns of root noise in the first moves (Searcher's RANDOM_MOVES)


def stop_moves() -> list[int]:
    """The full move after which each of the nine self-play positions is taken: 10 .. 40."""
    return [10 + 30 * i // 8 for i in range(9)]


def play_to(game_name: str, full_moves: int, seed: int):
    """Self-play from the start until the position after ``full_moves`` full moves (move number
    ``full_moves + 1`` to play), or None when the game ended first."""
    game = get_game(game_name)
    pos = game.position()
    searcher = Searcher(16, randomness=RANDOMNESS, seed=seed)
    while pos.fullmove <= full_moves:
        if pos.outcome() is not None:
            return None
        result = searcher.search(pos, Limits(nodes=NODES))
        if result.best is None:
            return None
        pos.push(result.best)
    return None if pos.outcome() is not None else pos


def make(game_name: str) -> str:
    game = get_game(game_name)
    lines = [f"# {game_name}: the start and nine self-play positions (bench/make_positions.py,"
             f" {NODES} nodes a move, Randomize {RANDOMNESS})", "# start", game.position().fen()]
    seed = 1
    for full_moves in stop_moves():
        while True:
            pos = play_to(game_name, full_moves, seed)
            seed += 1
            if pos is not None:
                break
            if seed > 100:
                raise SystemExit(f"{game_name}: no self-play game lasted {full_moves} moves")
        lines += [f"# self-play seed {seed - 1}, after move {full_moves}", pos.fen()]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help=f"only these games (default: {' '.join(GAMES)})")
    args = ap.parse_args(argv)
    HERE.mkdir(exist_ok=True)
    for name in args.games or GAMES:
        (HERE / f"{name}.txt").write_text(make(name))
        print(f"wrote {HERE / f'{name}.txt'}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
