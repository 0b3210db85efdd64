"""``hyperchess selfplay``: the engine plays a game against itself."""
from __future__ import annotations

import click

from hyperchess.engine.timecontrol import Limits, seconds
from hyperchess.variants import DEFAULT_GAME
from hyperchess.variants.core.san import COORDINATES, write
from hyperchess.variants.core.render import render

from .common import MovesCommand, fail, load, variants_option


def _movetime(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """Seconds per move: positive and finite (as the protocol's ``st``), clamped to a sane maximum."""
    try:
        if not value > 0:
            raise ValueError
        return seconds(value)
    except ValueError:
        raise click.BadParameter(f"must be a positive finite number of seconds, got {value}") from None


@click.command(cls=MovesCommand)
@variants_option
@click.argument("variant", default=DEFAULT_GAME)
@click.option("--movetime", "-t", type=float, default=0.2, show_default=True, callback=_movetime,
              help="Seconds per move.")
@click.option("--max-moves", "-n", type=int, default=0, show_default=True,
              help="Stop after this many moves (plies) even if the game is not over; 0 = play to the end.")
@click.option("--adjudicate/--no-adjudicate", default=True, show_default=True,
              help="End a decided or dead-drawn game early (see docs/engine.md, Adjudication).")
@click.option("--position", "-p", help="Start from this position string instead of the game's start.")
@click.option("--moves", "-m", help="Then play these moves (native notation) before the engine takes over; "
              "all words up to the next option.")
@click.option("--coordinates", is_flag=True, help="Print the moves as coordinates (the native names --moves, "
              "UCI and CECP read) instead of the game's notation (SAN, Western shogi notation, WXF, janggi's).")
def selfplay(variant: str, movetime: float, max_moves: int, adjudicate: bool, position: str | None,
             moves: str | None, coordinates: bool) -> None:
    """The engine plays VARIANT against itself, printing each move as it is played, until the game ends
    (by rule or, by default, by adjudication) or --max-moves plies have been played.

    Each line: move number, side, move (in the notation the game's players read: SAN for chess-like games,
    Western shogi notation, WXF for xiangqi, janggi's numbers; --coordinates: the native names), score (centipawns for the mover; 100000+N = mate in N moves, -100000-N = mated in N, as in CECP),
    depth and nodes. At the end: the board and the result.
    """
    from hyperchess.engine.adjudicate import Adjudicator  # the search loads here, not at start-up
    from hyperchess.engine.search import Searcher

    if max_moves < 0:
        fail(f"max-moves must not be negative, got {max_moves}")
    game, pos = load(variant, position, moves)
    searcher = Searcher()
    judge = Adjudicator(game) if adjudicate else None
    outcome = pos.outcome()
    played = 0
    while outcome is None and (max_moves == 0 or played < max_moves):
        result = searcher.search(pos, Limits(movetime=movetime))
        if result.best is None:
            break
        side = game.color_names[pos.turn]
        text = write(pos, result.best, COORDINATES if coordinates else None)
        click.echo(f"{pos.fullmove:>3}. {side:<7} {text:<10} score {result.score:>+7d}  "
                   f"depth {result.depth:>2}  nodes {result.nodes}")
        mover = pos.turn
        pos.push(result.best)
        played += 1
        outcome = pos.outcome()
        if outcome is None and judge is not None:
            outcome = judge.after_move(pos, mover, result.score)
    click.echo("")
    click.echo(render(pos))
    if outcome is not None:
        click.echo(f"Result: {outcome}")
    else:
        click.echo(f"Result: stopped at the move limit ({played} plies, --max-moves); the game is not over")
