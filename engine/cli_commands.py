"""Engine commands for the ``hyperchess`` command line (registered in ``cli.py``)."""
from __future__ import annotations

import click


@click.command()
@click.argument("variant", default="normal")
@click.option("--movetime", "-t", type=float, default=0.2, show_default=True, help="Seconds per move.")
@click.option("--max-moves", "-n", type=int, default=60, show_default=True,
              help="Stop after this many moves (plies) if the game is not over.")
@click.option("--position", "-p", help="Start from this position string instead of the game's start.")
def selfplay(variant: str, movetime: float, max_moves: int, position: str | None) -> None:
    """The engine plays VARIANT against itself, printing each move as it is played.

    Each line: move number, side, move, score (centipawns for the mover; 100000+N = mate in N moves, -100000-N = mated in N, as in CECP),
    depth and nodes. At the end: the board and the result.
    """
    from cli import fail, load
    from engine.search import Limits, Searcher
    from variants.render import render

    if movetime <= 0:
        fail(f"movetime must be positive, got {movetime}")
    if max_moves < 0:
        fail(f"max-moves must not be negative, got {max_moves}")
    game, pos = load(variant, position)
    searcher = Searcher()
    outcome = pos.outcome()
    played = 0
    while outcome is None and played < max_moves:
        result = searcher.search(pos, Limits(movetime=movetime))
        if result.best is None:
            break
        side = game.color_names[pos.turn]
        click.echo(f"{pos.fullmove:>3}. {side:<7} {pos.move_name(result.best):<10} score {result.score:>+7d}  "
                   f"depth {result.depth:>2}  nodes {result.nodes}")
        pos.push(result.best)
        played += 1
        outcome = pos.outcome()
    click.echo("")
    click.echo(render(pos))
    click.echo(f"Result: {outcome}" if outcome is not None else f"Result: unfinished after {played} moves")
