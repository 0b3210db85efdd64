"""``hyperchess xboard``: speak CECP v2 on stdin/stdout (protocol.md)."""
from __future__ import annotations

import signal
import sys
from typing import Iterable

import click


def run_xboard(notation: str = "flat", log: str | None = None, first: Iterable[str] = ()) -> None:
    """Serve XBoard on the process's stdin/stdout. SIGINT is ignored (GUIs send it; Part 2 §1)."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):      # not the main thread
        pass
    try:
        sys.stdout.reconfigure(line_buffering=True)
    except (AttributeError, ValueError):
        pass
    from .xboard import serve
    serve(sys.stdin, sys.stdout, notation=notation, log_path=log, first=first)


@click.command()
@click.option("--notation", type=click.Choice(["flat", "native"]), default="flat", show_default=True,
              help="Square names printed: flat (XBoard's 2D projection, where the game has one) or native.")
@click.option("--log", "log", type=click.Path(dir_okay=False), default=None,
              help="Append every line received and sent to this file.")
def xboard(notation: str, log: str | None) -> None:
    """Run as an XBoard/CECP v2 engine (for XBoard, cutechess, python-chess...)."""
    run_xboard(notation, log)
