"""The ``hyperchess`` command line."""
from __future__ import annotations

import sys
import time

import click

from variants import FenError, UnknownVariant, game_names, get_game
from variants.notation import UnknownSquare


def fail(message: str) -> None:
    """One line on stderr and exit status 2: the answer to every bad input."""
    click.echo(f"hyperchess: {message}", err=True)
    sys.exit(2)


def load(variant: str, position: str | None):
    try:
        game = get_game(variant)
    except UnknownVariant as exc:
        fail(str(exc))
    try:
        return game, game.position(position)
    except (FenError, UnknownSquare) as exc:
        fail(f"bad position for {variant}: {exc}")


class OneLineErrors(click.Group):
    """A click group whose usage errors are one line on stderr with exit status 2 (no usage dump)."""

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.ClickException as exc:
            fail(exc.format_message().replace("\n", " "))
        except click.exceptions.Abort:
            fail("aborted")


@click.group(cls=OneLineErrors, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.pass_context
def main(ctx: click.Context) -> None:
    """hyperchess: an XBoard/CECP engine for 3D, cylinder, wide and four-player chess.

    Run without a command and with an XBoard GUI on stdin (first line `xboard`), it speaks CECP.
    """
    if ctx.invoked_subcommand is None:
        if not sys.stdin.isatty():
            first = sys.stdin.readline()
            if first.strip() == "xboard":          # a GUI started us without arguments
                from protocol.cli_commands import run_xboard
                run_xboard(first=[first.strip()])
                return
        click.echo(ctx.get_help())


@main.command()
def variants() -> None:
    """List the games: name, board, players and a short description."""
    rows = []
    for name in game_names():
        g = get_game(name)
        geo = g.geometry
        board = f"{geo.files}x{geo.ranks}" + (f"x{geo.levels}" if geo.levels > 1 else "")
        if geo.wraps:
            board += " (wraps)"
        rows.append((name, board, str(g.players), g.description))
    widths = [max(len(r[i]) for r in rows + [("name", "board", "players", "")]) for i in range(3)]
    click.echo(f"{'name':<{widths[0]}}  {'board':<{widths[1]}}  {'players':<{widths[2]}}  description")
    for r in rows:
        click.echo(f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}")


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("variant")
@click.argument("depth", type=int)
@click.option("--position", "-p", help="Start from this position string instead of the game's start.")
@click.option("--divide", is_flag=True, help="Print the leaf count under each root move.")
def perft(variant: str, depth: int, position: str | None, divide: bool) -> None:
    """Count leaf nodes of the legal move tree to DEPTH plies (bulk-counted at the last ply).

    Progress goes to stderr; the last stdout line is exactly `Nodes searched: N`.
    """
    from variants.perft import divide as divide_fn, perft as perft_fn
    if depth < 1:
        fail(f"depth must be at least 1, got {depth}")
    game, pos = load(variant, position)
    start = time.perf_counter()
    show_progress = sys.stderr.isatty() or depth >= 4

    def progress(i: int, n: int, name: str) -> None:
        if show_progress:
            click.echo(f"\r{i}/{n} root moves done ({name})   ", err=True, nl=(i == n))

    results = divide_fn(pos, depth, progress)
    total = sum(n for _, n in results)
    if divide:
        for name, n in results:
            click.echo(f"{name}: {n}")
        click.echo("")
    elapsed = time.perf_counter() - start
    click.echo(f"Time: {elapsed:.3f} s, {int(total / elapsed) if elapsed > 0 else 0} nodes/s", err=True)
    click.echo(f"Nodes searched: {total}")


@main.command()
@click.argument("variant")
@click.option("--position", "-p", help="Show this position string instead of the game's start.")
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, writable=True),
              help="Write an SVG picture to this file ('-' = stdout) instead of the text board.")
@click.option("--lastmove", is_flag=True, help="SVG: highlight the last move played (with --moves).")
@click.option("--flip", is_flag=True, help="SVG: the board seen from the second player's side.")
def show(variant: str, position: str | None, svg_file: str | None, lastmove: bool, flip: bool) -> None:
    """Print the board as text, or write it as an SVG picture (--svg FILE)."""
    from variants.render import render
    game, pos = load(variant, position)
    if svg_file is None:
        click.echo(render(pos))
        return
    from pictures.cli import write_svg
    write_svg(pos, svg_file, lastmove=lastmove, flip=flip, fail=fail)


from engine.cli_commands import selfplay  # noqa: E402
main.add_command(selfplay)
from protocol.cli_commands import xboard  # noqa: E402
main.add_command(xboard)
from web.cli_commands import serve  # noqa: E402
main.add_command(serve)


if __name__ == "__main__":
    main()
