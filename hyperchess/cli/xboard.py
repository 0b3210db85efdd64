"""``hyperchess xboard``: speak CECP v2 on stdin/stdout (protocol.md)."""
from __future__ import annotations

import signal
import sys
from typing import Iterable, TextIO

import click

from .common import fail, tuned_option, variants_option


def run_xboard(notation: str = "flat", log: str | TextIO | None = None, first: Iterable[str] = ()) -> None:
    """Serve XBoard on the process's stdin/stdout. SIGINT is ignored (GUIs send it; Part 2 §1).
    ``log`` is an open stream or a file name (opened here; failing that, one line on stderr, status 2)."""
    log = engine_stdio(log)
    from hyperchess.protocol.xboard import serve
    serve(sys.stdin, sys.stdout, notation=notation, log=log, first=first)


def engine_stdio(log: str | TextIO | None) -> TextIO | None:
    """Ready the process to speak an engine protocol on stdin/stdout (CECP or UCI): SIGINT ignored (GUIs send
    it), whole lines flushed at once, and the log opened (a file name: failing that, one line, status 2)."""
    if isinstance(log, str):
        log = open_log(log)
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):      # not the main thread
        pass
    try:
        # whole lines at once; a character the output encoding lacks never kills a line
        sys.stdout.reconfigure(line_buffering=True, errors="backslashreplace")
    except (AttributeError, ValueError):
        pass
    return log


def open_log(path: str) -> TextIO:
    """The log file, opened for appending, or a one-line error and exit status 2 (before the protocol starts)."""
    try:
        return open(path, "a", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot open log file {path}: {exc.strerror or exc}")
        raise


@click.command()
@variants_option
@tuned_option
@click.option("--notation", type=click.Choice(["flat", "native"]), default="flat", show_default=True,
              help="Square names printed: flat (XBoard's 2D projection, where the game has one) or native.")
@click.option("--log", "log", type=click.Path(dir_okay=False), default=None,
              help="Append every line received and sent to this file.")
def xboard(notation: str, log: str | None) -> None:
    """Run as an XBoard/CECP v2 engine (for XBoard, cutechess, python-chess...).

    A weaker player: `option Skill Level=0..20`, or `option UCI_LimitStrength=1` with `option UCI_Elo=E` in
    the measured levels' range (docs/engine.md, "Levels").
    """
    run_xboard(notation, open_log(log) if log else None)
