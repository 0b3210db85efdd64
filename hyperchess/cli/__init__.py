"""The ``hyperchess`` command line."""
from __future__ import annotations

import os
import sys
import threading
import time

import click

import hyperchess
from hyperchess import _compiled, _ctrl_c
from hyperchess.variants import game_names, get_game
from hyperchess.variants.core.perft import divide as divide_fn
from hyperchess.variants.core.perft import perft as perft_count
from hyperchess.variants.core.render import render

from .common import MOVES_HELP, MovesCommand, fail, load, load_variants_files, variants_option
from .uci import run_uci, uci
from .xboard import run_xboard, xboard

# the commands whose modules load more (the match runner, the web board's database, the search's limits):
# imported when the command is run or listed, so that ``hyperchess uci`` starts without them
LAZY_COMMANDS = {"selfplay": "selfplay:selfplay", "match": "match:match", "pgn": "match:pgn",
                 "serve": "serve:serve", "games": "serve:games", "fog-match": "fog:fog_match",
                 "tune": "tune:tune"}

# the commands that handle Ctrl-C themselves from their first line (serve's ``Stopper``); every other command gets
# Python's KeyboardInterrupt back once it runs (``_ctrl_c.hand_over``)
OWN_CTRL_C = {"serve"}

MAX_PERFT_DEPTH = 30     # deeper would never finish on any game (and would exhaust Python's recursion)


class OneLineErrors(click.Group):
    """A click group whose usage errors are one line on stderr with exit status 2 (no usage dump), and whose
    ``LAZY_COMMANDS`` are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            from importlib import import_module
            module, attr = LAZY_COMMANDS[cmd_name].split(":")
            self.add_command(getattr(import_module(f"{__name__}.{module}"), attr), cmd_name)
        return super().get_command(ctx, cmd_name)

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
@click.version_option(hyperchess.__version__, "--version", message=f"%(prog)s %(version)s, {_compiled.describe()}")
@click.pass_context
def main(ctx: click.Context) -> None:
    """hyperchess: an XBoard/CECP and UCI engine for 3D, cylinder, wide and four-player chess.

    Run without a command and with a GUI on stdin, it speaks CECP (first line `xboard`) or UCI (`uci`).
    The variants files named in HYPERCHESS_VARIANTS (separated by ':') add their games to every command.
    """
    load_variants_files(p for p in os.environ.get("HYPERCHESS_VARIANTS", "").split(os.pathsep) if p)
    if ctx.invoked_subcommand not in OWN_CTRL_C:
        _ctrl_c.hand_over()
    if ctx.invoked_subcommand is None:
        if not sys.stdin.isatty():
            from hyperchess.protocol.wire import decode
            first = decode(sys.stdin.buffer.readline(64))  # bytes: the protocol reads stdin's buffer too
            if first.strip() == "xboard":          # a GUI started us without arguments
                run_xboard(first=[first.strip()])
                return
            if first.strip() == "uci":
                run_uci(first=[first.strip()])
                return
        click.echo(ctx.get_help())


def board_text(game) -> str:
    """``8x8``, ``8x8x8``, ``8x14 (wraps)``: the board as the game tables write it."""
    geo = game.geometry
    text = f"{geo.files}x{geo.ranks}" + (f"x{geo.levels}" if geo.levels > 1 else "")
    return text + (" (wraps)" if geo.wraps else "")


@main.command()
@variants_option
@click.option("--long", "-l", "long_", is_flag=True,
              help="Also print each game's title and the source of its rules (a book, a page, another "
                   "program's definition; docs/rules/ has the details), each game a block.")
def variants(long_: bool) -> None:
    """List the games: name, board, players and a short description (--long: title and source too)."""
    rows = []
    for name in game_names():
        g = get_game(name)
        rows.append((name, board_text(g), str(g.players), g.description))
    if long_:
        for name, board, players, description in rows:
            g = get_game(name)
            pieces = ", ".join(f"{p.letter} {g.piece_name(k)}" for k, p in enumerate(g.pieces) if k and p)
            sides = " and ".join(g.side_name(c) for c in range(g.players))
            click.echo(f"{name}: {g.title} ({board}, {players} players: {sides})\n  {description}\n"
                       f"  pieces: {pieces}\n  source: {g.source or 'none given'}\n")
        return
    widths = [max(len(r[i]) for r in rows + [("name", "board", "players", "")]) for i in range(3)]
    click.echo(f"{'name':<{widths[0]}}  {'board':<{widths[1]}}  {'players':<{widths[2]}}  description")
    for r in rows:
        click.echo(f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}")


@main.command(cls=MovesCommand, context_settings={"ignore_unknown_options": True})
@variants_option
@click.argument("variant")
@click.argument("depth", type=int)
@click.option("--position", "-p", help="Start from this position string instead of the game's start.")
@click.option("--moves", "-m", help=MOVES_HELP)
@click.option("--divide", is_flag=True, help="Print the leaf count under each root move.")
def perft(variant: str, depth: int, position: str | None, moves: str | None, divide: bool) -> None:
    """Count leaf nodes of the legal move tree to DEPTH plies (bulk-counted at the last ply), from the start
    position or --position, after --moves.

    DEPTH is 1 to 30. Progress goes to stderr from the start (each root move, and the time every few
    seconds); the last stdout line is exactly `Nodes searched: N`.
    """
    if not 1 <= depth <= MAX_PERFT_DEPTH:
        fail(f"depth must be between 1 and {MAX_PERFT_DEPTH}, got {depth}")
    game, pos = load(variant, position, moves)
    start = time.perf_counter()
    nroot = len(pos.legal_moves())
    done = [0]
    click.echo(f"perft {variant} depth {depth}: {nroot} root moves", err=True)

    each_root = sys.stderr.isatty() or depth >= 4

    def progress(i: int, n: int, name: str) -> None:
        done[0] = i
        if each_root:
            click.echo(f"{i}/{n} root moves done ({name}), {time.perf_counter() - start:.1f} s", err=True)

    finished = threading.Event()

    def ticker() -> None:           # long root moves: say we are alive every few seconds
        while not finished.wait(2.0):
            click.echo(f"... {time.perf_counter() - start:.0f} s, {done[0]}/{nroot} root moves done", err=True)

    threading.Thread(target=ticker, daemon=True).start()
    try:
        results = divide_fn(pos, depth, progress)
    finally:
        finished.set()
    total = sum(n for _, n in results)
    if divide:
        for name, n in results:
            click.echo(f"{name}: {n}")
        click.echo("")
    elapsed = time.perf_counter() - start
    click.echo(f"Time: {elapsed:.3f} s, {int(total / elapsed) if elapsed > 0 else 0} nodes/s", err=True)
    click.echo(f"Nodes searched: {total}")


@main.command(cls=MovesCommand)
@variants_option
@click.argument("variant")
@click.option("--position", "-p", help="Show this position string instead of the game's start.")
@click.option("--moves", "-m", help=MOVES_HELP)
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, writable=True),
              help="Write an SVG picture to this file ('-' = stdout) instead of the text board.")
@click.option("--lastmove", is_flag=True, help="SVG: highlight the last move played (with --moves).")
@click.option("--flip", is_flag=True, help="SVG: the board seen from the second player's side.")
@click.option("--letters", is_flag=True, help="SVG: the pieces' Latin letters instead of the characters players "
              "read (xiangqi, janggi and shogi are drawn with characters).")
@click.option("--fen4", is_flag=True, help="Also print the position as chess.com's FEN4 (four players on 14x14; "
              "--position reads FEN4 too).")
def show(variant: str, position: str | None, moves: str | None, svg_file: str | None, lastmove: bool,
         flip: bool, letters: bool, fen4: bool) -> None:
    """Print the board as text (the start position, or --position, after --moves), or write it as an SVG
    picture (--svg FILE)."""
    game, pos = load(variant, position, moves)
    if fen4:
        from hyperchess.variants.core.fen import fits, write_fen4
        if not fits(game):
            fail(f"--fen4: {variant} is not a game of four players on a 14x14 board")
    if svg_file is None:
        click.echo(render(pos))
        if fen4:
            click.echo(write_fen4(pos))
        return
    from .svg_file import write_svg
    write_svg(pos, svg_file, lastmove=lastmove, flip=flip, fail=fail, letters=letters)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
def check(file: str) -> None:
    """Check a variants file (docs/variants-file.md) as --variants and VariantPath load it: every mistake
    is one line (the file, the key path, the reason) and exit status 2; a good file prints each game it
    defines with perft 1 and 2 from its start."""
    from hyperchess.variants import check_ini, check_variants
    from hyperchess.variants.formats.filelimits import MAX_FILE_BYTES
    from hyperchess.variants.formats.textfile import FileError, read_text
    from hyperchess.variants.formats.filegame import FileGame
    from hyperchess.variants.formats.variantsfile import VariantsFileError
    try:
        text = read_text(file, limit=MAX_FILE_BYTES)
        if file.lower().endswith(".ini"):         # Fairy-Stockfish's format: a line per note, then the games
            specs, notes = check_ini(text, file)
            for note in notes:
                click.echo(note)
            if not specs:
                fail(f"{file}: no section hyperchess can play")
        else:
            specs = check_variants(text, file)
    except (FileError, VariantsFileError) as exc:
        fail(str(exc))
    for spec in specs:
        game = FileGame(spec)
        pos = game.position()
        click.echo(f"{spec.name}: {board_text(game)}, {len(game.pieces) - 1} piece types, "
                   f"perft 1 = {perft_count(pos, 1)}, perft 2 = {perft_count(pos, 2)}")


main.add_command(xboard)
main.add_command(uci)


if __name__ == "__main__":
    main()
