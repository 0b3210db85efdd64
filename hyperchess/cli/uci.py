"""``hyperchess uci``: speak UCI on stdin/stdout (docs/protocol.md, "UCI")."""
from __future__ import annotations

import sys
from typing import Iterable, TextIO

import click

from .common import tuned_option, variants_option
from .xboard import engine_stdio, open_log


def run_uci(log: str | TextIO | None = None, first: Iterable[str] = ()) -> None:
    """Serve UCI on the process's stdin/stdout."""
    log = engine_stdio(log)
    from hyperchess.protocol.uci import serve
    serve(sys.stdin, sys.stdout, log=log, first=first)


@click.command()
@variants_option
@tuned_option
@click.option("--log", "log", type=click.Path(dir_okay=False), default=None,
              help="Append every line received and sent to this file.")
def uci(log: str | None) -> None:
    """Run as a UCI engine (for UCI GUIs, lichess-bot, python-chess's popen_uci...).

    Choose the game with `setoption name UCI_Variant value NAME`; moves are in the game's native notation
    (plain UCI in orthodox chess), positions in its own position strings. A weaker player: `Skill Level`
    0..20, or `UCI_LimitStrength` true with `UCI_Elo` in the measured levels' range (docs/engine.md, "Levels").
    """
    run_uci(open_log(log) if log else None)
