"""What every command of the ``hyperchess`` command line shares: one-line errors, loading a game and a
position, and ``--moves M1 M2 ...``."""
from __future__ import annotations

import sys

import click

from hyperchess.variants import FenError, MoveError, UnknownVariant, get_game
from hyperchess.variants.core.load import load_position
from hyperchess.variants.board.notation import UnknownSquare
from hyperchess.variants.formats.textfile import shorten


def fail(message: str) -> None:
    """One line on stderr and exit status 2: the answer to every bad input."""
    click.echo(shorten(f"hyperchess: {message}", 500), err=True)
    sys.exit(2)


def load(variant: str, position: str | None, moves: str | None = None):
    """The game and the checked position (``variants.core.load.load_position``) after ``moves``; bad input
    ends the command with one line."""
    try:
        game = get_game(variant)
    except UnknownVariant as exc:
        fail(str(exc))
    try:
        return game, load_position(game, position, (moves or "").split())
    except (FenError, UnknownSquare) as exc:
        fail(f"bad position for {variant}: {exc}")
    except MoveError as exc:
        fail(f"bad move for {variant}: {exc}")


MOVES_HELP = ("Then play these moves (native notation, e.g. e2e4 e7e5), all words up to the next option. "
              "A refused move is a one-line error naming it and its ply.")


class MovesCommand(click.Command):
    """A command whose ``--moves``/``-m`` takes every following word up to the next option: ``--moves e2e4
    e7e5`` (a quoted ``--moves "e2e4 e7e5"`` works too). Given several times, the moves add up in order:
    ``-m e2e4 -m e7e5`` is ``--moves e2e4 e7e5``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out: list[str] = []
        moves: list[str] = []
        given = False
        i = 0
        while i < len(args):
            if args[i] in ("--moves", "-m") or args[i].startswith("--moves="):
                given = True
                if args[i].startswith("--moves="):
                    moves.append(args[i].split("=", 1)[1])
                    i += 1
                    continue
                j = i + 1
                while j < len(args) and not args[j].startswith("-"):
                    j += 1
                moves += args[i + 1:j]
                i = j
            else:
                out.append(args[i])
                i += 1
        if given:
            out += ["--moves", " ".join(moves)]
        return super().parse_args(ctx, out)


def load_variants_files(paths) -> None:
    """Add the games of each variants file (``--variants``, ``HYPERCHESS_VARIANTS``); a bad file ends the
    command with one line, and the built-in games stay as they are."""
    from hyperchess.variants import load_variants
    from hyperchess.variants.formats.variantsfile import VariantsFileError
    for path in paths:
        try:
            load_variants(path)
        except VariantsFileError as exc:
            fail(str(exc))


def _variants_callback(ctx: click.Context, param: click.Parameter, value) -> tuple:
    load_variants_files(value or ())
    return value


variants_option = click.option(
    "--variants", "variants_files", multiple=True, type=click.Path(dir_okay=False), expose_value=False,
    is_eager=True, callback=_variants_callback,
    help="Also play the games defined in this variants file (docs/variants-file.md); repeatable.")


def _tuned_callback(ctx: click.Context, param: click.Parameter, value) -> None:
    """``--tuned FILE``: the side file of tuned values read instead of the shipped one (``HYPERCHESS_TUNED``,
    so that the search's helper processes read it too); a bad file ends the command with one line."""
    if value is None:
        return
    import os
    from pathlib import Path

    from hyperchess.variants.formats.tuned import TUNED_VARIABLE, read_side
    from hyperchess.variants.formats.variantsfile import VariantsFileError
    if not os.path.isfile(value):
        fail(f"--tuned {value}: no such file")
    try:
        read_side(Path(value))
    except VariantsFileError as exc:
        fail(str(exc))
    os.environ[TUNED_VARIABLE] = value


tuned_option = click.option(
    "--tuned", type=click.Path(dir_okay=False), expose_value=False, is_eager=True, callback=_tuned_callback,
    help="Read the tuned values of games from this side file instead of the shipped one (as HYPERCHESS_TUNED; "
         "`hyperchess tune` writes it, docs/variants-file.md).")
