"""``hyperchess fog-match``: games with fog of war between players that see only their own views
(tournament/fog.py, docs/rules/fogofwar.md)."""
from __future__ import annotations

import time

import click

from .common import fail, variants_option


@click.command("fog-match")
@variants_option
@click.argument("variant")
@click.argument("first", type=click.Choice(["engine", "random", "lastseen"]))
@click.argument("second", type=click.Choice(["engine", "random", "lastseen"]))
@click.option("--games", "-g", type=click.IntRange(1, 100_000), default=10, show_default=True,
              help="Games to play, colours alternating (FIRST is White in the first game).")
@click.option("--samples", type=click.IntRange(1, 1000), default=8, show_default=True,
              help="The engine: positions drawn from what it has seen, searched each move.")
@click.option("--nodes", type=click.IntRange(1, 10 ** 9), default=600, show_default=True,
              help="The engine: nodes searched in each drawn position.")
@click.option("--reply-nodes", type=click.IntRange(1, 10 ** 9), default=150, show_default=True,
              help="The engine: nodes of the reply searched for each candidate move in each drawn position.")
@click.option("--lastseen-nodes", type=click.IntRange(1, 10 ** 9), default=4000, show_default=True,
              help="The last-seen player: nodes searched on its remembered position.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seeds every player's random choices.")
def fog_match(variant: str, first: str, second: str, games: int, samples: int, nodes: int, reply_nodes: int,
              lastseen_nodes: int, seed: int) -> None:
    """FIRST against SECOND in VARIANT, a game with fog (fog = true): "engine" (hyperchess's engine, playing from its views),
    "random" (a legal move at random) or "lastseen" (the ordinary engine on the last seen state of each
    square). The referee gives each player only what its side sees. One line per game, then FIRST's score."""
    from hyperchess.tournament.fog import fog_match as run   # the search loads here, not at start-up
    from hyperchess.variants import UnknownVariant, get_game

    try:
        game = get_game(variant)
    except UnknownVariant as exc:
        fail(str(exc))
    if not game.fog:
        fail(f"{variant} has no fog of war (a game with fog = true)")
    options = {"engine": {"samples": samples, "nodes": nodes, "reply_nodes": reply_nodes},
               "lastseen": {"nodes": lastseen_nodes}}
    start = time.perf_counter()

    def report(i, record, points):
        white = first if i % 2 == 0 else second
        black = second if i % 2 == 0 else first
        click.echo(f"game {i + 1}: {white} - {black} {record.outcome} {len(record.moves)} plies; "
                   f"{first} {points:g}/{i + 1} ({100 * points / (i + 1):.1f}%), {time.perf_counter() - start:.0f} s")

    points, played = run(game, first, second, games, seed=seed, options=options, report=report)
    click.echo(f"{first} against {second}: {points:g}/{played} ({100 * points / played:.1f}%)")
