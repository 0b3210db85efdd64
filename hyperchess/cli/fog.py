"""``hyperchess fog-match``: a short way to run ``hyperchess match`` between the players of a game with fog of war
(tournament/fog.py, docs/match.md "Fog of war")."""
from __future__ import annotations

import shlex
import sys
import time

import click

from .common import fail, variants_option

KINDS = ("engine", "random", "lastseen")
ENGINE_NODES = 6000     # go nodes N: eight drawn positions of N/10 nodes, replies of N/40 (protocol/fog.py)


def seat_spec(kind: str, name: str, nodes: int, lastseen_nodes: int):
    """The runner's spec of a seat: ``engine`` is ``hyperchess uci`` (a process, sent views), the others run in
    the referee."""
    from hyperchess.tournament.spec import apply_engine_pairs, build_engine
    if kind == "engine":
        command = shlex.join([sys.executable, "-m", "hyperchess", "uci"])
        pairs = [("cmd", command), ("proto", "uci"), ("nodes", str(nodes)), ("option.Randomize", "10")]
    else:
        pairs = [("player", kind)] + ([("nodes", str(lastseen_nodes))] if kind == "lastseen" else [])
    return build_engine(apply_engine_pairs({}, pairs + [("name", name)], kind), kind)


@click.command("fog-match")
@variants_option
@click.argument("variant")
@click.argument("first", type=click.Choice(KINDS))
@click.argument("second", type=click.Choice(KINDS))
@click.option("--games", "-g", type=click.IntRange(1, 100_000), default=10, show_default=True,
              help="Games to play, colours alternating (FIRST is White in the first game).")
@click.option("--nodes", type=click.IntRange(40, 10 ** 9), default=ENGINE_NODES, show_default=True,
              help="The engine: nodes a move (`go nodes N`: eight drawn positions of N/10 nodes, replies of N/40).")
@click.option("--lastseen-nodes", type=click.IntRange(1, 10 ** 9), default=4000, show_default=True,
              help="The last-seen player: nodes searched on its remembered position.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seeds the players' random choices.")
def fog_match(variant: str, first: str, second: str, games: int, nodes: int, lastseen_nodes: int, seed: int) -> None:
    """FIRST against SECOND in VARIANT, a game with fog (fog = true): "engine" (`hyperchess uci`, sent only its
    views), "random" (a legal move at random) or "lastseen" (the ordinary engine on the last seen state of each
    square). The same as `hyperchess match --variant VARIANT` with these seats (docs/match.md): one line per
    game, then FIRST's score."""
    from hyperchess.tournament.runner import MatchConfig, MatchError, preflight, run_match
    from hyperchess.variants import UnknownVariant, get_game, variant_source

    try:
        game = get_game(variant)
    except UnknownVariant as exc:
        fail(str(exc))
    if not game.fog:
        fail(f"{variant} has no fog of war (a game with fog = true)")
    names = (first, second) if first != second else (f"{first}1", f"{second}2")
    specs = [seat_spec(kind, name, nodes, lastseen_nodes) for kind, name in zip((first, second), names)]
    cfg = MatchConfig(engines=specs, variant=game.name, games=games, srand=seed, maxmoves=300,
                      variants_text=variant_source(game.name))
    start = time.perf_counter()
    points = 0.0

    def report(record: dict) -> None:
        nonlocal points
        i = record["index"]
        points += record["score"] if record["score"] is not None else 0.0
        click.echo(f"game {i + 1}: {' - '.join(record['players'])} {record['result']} {{{record['reason']}}} "
                   f"{len(record['moves'])} plies; {names[0]} {points:g}/{i + 1} ({100 * points / (i + 1):.1f}%), "
                   f"{time.perf_counter() - start:.0f} s")

    try:
        preflight(cfg)
        result = run_match(cfg, on_record=report)
    except MatchError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted")
    played = len(result.records)
    click.echo(f"{names[0]} against {names[1]}: {points:g}/{played} ({100 * points / max(1, played):.1f}%)")
