"""``hyperchess serve``: the web board; ``hyperchess games export``: the games it kept, as one PGN."""
from __future__ import annotations

import signal
import sqlite3
import sys
from pathlib import Path

import click

from hyperchess._ctrl_c import STATUS, STOPPED

from .common import fail, variants_option

ENGINE_HELP = ("An installed engine offered as a seat in the games it plays: NAME=COMMAND, then proto=uci for a "
               "UCI engine (CECP otherwise), arg=, dir=, option.X=V; all words up to the next option. Repeatable, "
               "e.g. --engine fsf=/usr/games/fairy-stockfish proto=uci.")


class EngineWords(click.Command):
    """``--engine NAME=COMMAND proto=uci`` takes every word up to the next option (quoted as one word too)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(args):
            if args[i] == "--engine":
                j = i + 1
                while j < len(args) and (j == i + 1 or not args[j].startswith("-")):
                    j += 1
                out += ["--engine", "\x00".join(args[i + 1:j])]
                i = j
            else:
                out.append(args[i])
                i += 1
        return super().parse_args(ctx, out)


DB_HELP = "The SQLite file the games are kept in (default: games.sqlite3 in the user's data directory)."


def _db_path(db: str | None) -> Path:
    from hyperchess.web.store import default_path
    return Path(db) if db else default_path()


@click.command(cls=EngineWords)
@variants_option
@click.option("--port", "-p", type=int, default=8000, show_default=True, help="TCP port (0 = any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; the default serves this machine only. Any other address needs the token "
                   "printed at start-up (in the address to open), or a game's seat or spectator link.")
@click.option("--db", "db", default=None, metavar="PATH", help=DB_HELP)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default web browser.")
@click.option("--engine", "engines", multiple=True, metavar="NAME=COMMAND [proto=uci]", help=ENGINE_HELP)
def serve(port: int, host: str, db: str | None, open_browser: bool, engines: tuple[str, ...]) -> None:
    """Serve the web board: play any game against the engine or against people by link, or watch the
    engine play itself. Every game is kept in the database; unfinished games reopen on start.

    Prints the address (`hyperchess web board: http://HOST:PORT/`) and serves until Ctrl-C (then one line
    and exit status 130) or SIGTERM (status 0).
    """
    stopper = Stopper()             # first: a Ctrl-C from here on stops it, whatever it is doing
    from hyperchess.web.server import make_server
    from hyperchess.web.store import DatabaseBusy

    if not 0 <= port <= 65535:
        fail(f"port must be 0..65535, got {port}")
    outside = _engines(engines)
    path = _db_path(db)
    if stopper.asked:
        stopper.finish()
        return
    try:
        server = make_server(host, port, db=path, engines=outside)
    except sqlite3.Error as exc:
        fail(f"cannot open the games database {path}: {exc}")
    except DatabaseBusy as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    shown = server.server_address[0]
    url = f"http://{'[' + shown + ']' if ':' in shown else shown}:{server.server_address[1]}/"
    if server.token:
        url += f"?token={server.token}"
    click.echo(f"hyperchess web board: {url}")
    sys.stdout.flush()
    click.echo(f"Games kept in {path}. Ctrl-C stops it.", err=True)
    if open_browser:
        import webbrowser
        webbrowser.open(url)
    stopper.serving(server)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    stopper.finish()


class Stopper:
    """SIGINT (Ctrl-C) and SIGTERM stop ``serve`` from the moment this is made to its end (before it, from the
    command's first line, ``_ctrl_c`` ends the process at once): asked before the server exists, it is stopped
    as soon as it does (``WebServer.stop``), so no signal of the first moments is lost or lands as a
    KeyboardInterrupt in the middle of the start. A Ctrl-C ends it as ``_ctrl_c`` does, with one line and exit
    status 130; SIGTERM with status 0 (a service manager's stop). A SIGINT the process was started with ignored
    (a job started in the background by a shell) stays ignored, for the whole run: as the match runner does;
    uvicorn's own handlers, which used to take it over only once it served, are not installed
    (``web.server.Uvicorn``)."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.server = None
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                if signal.getsignal(sig) is not signal.SIG_IGN:
                    signal.signal(sig, self.handle)
            except (ValueError, OSError):   # not the main thread (an embedding's): its handlers stay
                pass

    def handle(self, sig: int, frame) -> None:
        self.asked.append(sig)
        if self.server is not None:
            self.server.stop(sig, frame)

    def serving(self, server) -> None:
        """``server`` is made: signals from now on stop it, and so does one that came before."""
        self.server = server
        for sig in self.asked:
            server.stop(sig)

    def finish(self) -> None:
        """Stopped by a Ctrl-C: its one line, and exit status 130."""
        if signal.SIGINT in self.asked:
            click.echo(STOPPED, err=True)
            sys.exit(STATUS)


def _engines(given: tuple[str, ...]) -> list:
    """Each ``--engine``, started once to learn the games it plays; a bad one ends the command with one line."""
    from hyperchess.tournament.spec import SpecError
    from hyperchess.web.outside import EngineFailed, parse_engine, probe

    out = []
    for text in given:
        try:
            engine = probe(parse_engine([w for w in text.split("\x00") if w]))
        except (SpecError, EngineFailed) as exc:
            fail(str(exc))
        if any(e.name == engine.name for e in out):
            fail(f"--engine {engine.name}: given twice")
        click.echo(f"Engine {engine.name} plays: {', '.join(engine.games)}.", err=True)
        out.append(engine)
    return out


@click.group()
def games() -> None:
    """The games the web board kept."""


@games.command()
@click.option("--db", "db", default=None, metavar="PATH", help=DB_HELP)
@click.option("--output", "-o", default="-", metavar="FILE", help="Where to write the PGN (default: stdout).")
@click.option("--all", "everything", is_flag=True,
              help="Also the games without a move (a database written before games were kept at their first move).")
def export(db: str | None, output: str, everything: bool) -> None:
    """Write every game with a move in the database as one PGN file, oldest first."""
    from hyperchess.web.board import export_all
    from hyperchess.web.store import Store

    path = _db_path(db)
    if not path.is_file():
        fail(f"no games database at {path}")
    try:
        store = Store(path)
        text = export_all(store, everything)
        store.close()
    except sqlite3.Error as exc:
        fail(f"cannot read the games database {path}: {exc}")
    if output == "-":
        click.echo(text, nl=False)
    else:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {output}: {exc.strerror or exc}")
