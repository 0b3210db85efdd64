"""``hyperchess tune``: self-play, a Texel fit and an SPRT; on acceptance the values are written where the game
is defined (docs/engine.md, "Tuning a game"; tournament/tune.py)."""
from __future__ import annotations

import os
import shutil

import click

from .common import fail, load_variants_files
from .match import GroupedCommand, _interruptible, dask_executor


def _variants(ctx: click.Context, param: click.Parameter, value) -> tuple:
    load_variants_files(value or ())
    return value


def _target(variant: str) -> tuple[str, str]:
    """(the file the game's tuned values belong in, its kind: "toml", "ini" or "side")."""
    from hyperchess.variants import FILE_GAMES
    from hyperchess.variants.formats.tuned import side_file
    spec = FILE_GAMES.get(variant)
    if spec is not None and not getattr(spec, "shipped", False):
        origin = getattr(spec, "origin", "")
        return origin, "ini" if origin.lower().endswith(".ini") else "toml"
    return str(side_file()), "side"


def _backup(path: str) -> str:
    """Copy ``path`` to the first free ``path.bak``, ``path.bak.1``, ...; that name."""
    name, n = f"{path}.bak", 0
    while os.path.exists(name):
        n += 1
        name = f"{path}.bak.{n}"
    shutil.copy2(path, name)
    return name


def _writable(path: str) -> bool:
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.isdir(folder):          # a folder still to be made (the shipped side file's)
        folder = os.path.dirname(folder)
    return os.access(folder, os.W_OK) and (not os.path.exists(path) or os.access(path, os.W_OK))


def new_text(variant: str, target: str, kind: str, values: dict[str, int], weights: dict[str, int]) -> str:
    """The target file's text with the tuned values written in, read back as a variants file or a side file
    that gives the game exactly these values. Raises VariantsFileError or FileError (one line)."""
    from hyperchess.variants import check_ini, check_variants
    from hyperchess.variants.formats.filegame import FileGame
    from hyperchess.variants.formats.textfile import read_text
    from hyperchess.variants.formats.tuned import write_ini, write_toml
    from hyperchess.variants.formats.variantsfile import VariantsFileError
    text = read_text(target) if os.path.exists(target) else ""
    if kind == "ini":
        text = write_ini(text, target, variant, values, weights)
        specs = check_ini(text, target)[0]
    else:
        text = write_toml(text, target, variant, values, weights)
        if kind == "side":            # write_toml has read it back: the game's table is these two keys
            return text
        specs = check_variants(text, target)
    game = next((FileGame(s) for s in specs if s.name == variant), None)
    if game is None or any(p.value != values[p.letter] for p in game.pieces if p is not None and p.letter in values) \
            or {k: getattr(game.eval_weights, k) for k in weights} != weights:
        raise VariantsFileError(f"{target}: [{variant}] does not read back with the tuned values")
    return text


@click.command(cls=GroupedCommand)
@click.argument("variant")
@click.option("--variants", "variants_files", multiple=True, type=click.Path(dir_okay=False), is_eager=True,
              callback=_variants, help="The variants file that defines VARIANT (TOML or Fairy-Stockfish's INI); the "
                                       "tuned values are written into it (a backup is kept) unless --out is given.")
@click.option("--games", type=click.IntRange(2), default=200, show_default=True,
              help="Self-play games for the fit.")
@click.option("--games-from", "games_from", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Fit the games of VARIANT in this PGN file (of `hyperchess match`, or an earlier --pgnout) instead "
                   "of playing --games new ones; repeatable.")
@click.option("--fit", "fit_what", type=click.Choice(["values", "all"]), default="values", show_default=True,
              help="What the fit changes: the piece values, or all (the `eval` weights too).")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Games at once [default: 1; with --dask-scheduler: the cluster's worker threads].")
@click.option("--each", "each", metavar="KEY=VALUE...", default="depth=3", show_default=True,
              help="The engines' limits in both steps, as `hyperchess match` reads them: depth=N, nodes=N, st=SECONDS, "
                   "tc=[MOVES/]SECONDS[+INC], timemargin=MS, option.NAME=VALUE.")
@click.option("--sprt", metavar="elo0=E0 elo1=E1 [alpha=0.05 beta=0.05 model=normalized|logistic]",
              default="elo0=0 elo1=10", show_default=True,
              help="The test of the tuned values (first engine) against the old ones.")
@click.option("--sprt-games", "sprt_games", type=click.IntRange(2), default=1000, show_default=True,
              help="The SPRT's games at most; undecided then, and nothing is written.")
@click.option("--maxmoves", type=click.IntRange(0), default=150, show_default=True,
              help="Adjudicate a draw after this many moves a side (0: no limit).")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write the file with the tuned values here (a new file) instead of over the game's own.")
@click.option("--pgnout", type=click.Path(dir_okay=False), help="Append the self-play games to this PGN file.")
@click.option("--srand", type=int, default=0, show_default=True, help="Seed of the games.")
@click.option("--dask-scheduler", "dask_scheduler", metavar="ADDRESS",
              help="Play the games on a Dask cluster (pip install 'hyperchess[distributed]').")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines on stderr.")
def tune(variant, variants_files, games, games_from, fit_what, workers, each, sprt, sprt_games, maxmoves, out,
         pgnout, srand, dask_scheduler, quiet) -> None:
    """Tune VARIANT's piece values and evaluation weights by its own self-play.

    \b
    1. self-play: --games games of our engine against itself (progress on stderr), or the games
       of --games-from;
    2. a Texel fit: the values of the pieces that are neither pawns nor royal (and with --fit all the
       evaluation's weights, the `eval` keys), fitted to the games' quiet positions labelled by their
       results;
    3. an SPRT of the tuned values against the old ones (--sprt, at most --sprt-games games).

    On acceptance (H1) the values are written where the game is defined: into the --variants file (the
    TOML keys `values` and `eval`, or the INI section's `values` and `eval` lines), or for a built-in game
    into the side file hyperchess/variants/games/tuned/values.toml (or the file HYPERCHESS_TUNED names).
    The old file is kept as FILE.bak (or FILE.bak.N); --out writes a new file instead. Otherwise it says
    so and writes nothing. docs/engine.md, "Tuning a game".

    \b
    Example:
      hyperchess tune mygame --variants mine.toml --games 400 --workers 2 --each depth=4
    """
    from hyperchess.tournament.spec import SpecError, apply_engine_pairs, build_engine, parse_pairs, split_tokens
    from hyperchess.tournament.stats import Sprt
    from hyperchess.tournament.tune import TuneConfig, all_weights, changed, install_candidate, run_tune
    from hyperchess.tournament.runner import MatchConfig, MatchError, report
    from hyperchess.variants import UnknownVariant, get_game, variant_source
    from hyperchess.variants.formats.textfile import FileError
    from hyperchess.variants.formats.variantsfile import VariantsFileError

    try:
        game = get_game(variant)
    except (UnknownVariant, VariantsFileError) as exc:
        fail(str(exc))
    variant = game.name
    if len(set(game.teams)) != 2:
        fail(f"{variant} has {len(set(game.teams))} sides; tune plays games of two sides only (two players, or "
             f"two teams: each engine then takes both seats of its team)")
    target, kind = _target(variant)
    dest = out or target
    if out is not None and os.path.exists(out):
        fail(f"--out {out} exists; tune never writes over a file: choose a new name")
    if not _writable(dest):
        fail(f"cannot write {dest}; give --out FILE")
    try:
        pairs = parse_pairs(split_tokens(each), "--each")
        bad = [k for k, _ in pairs if k in ("cmd", "name", "arg", "dir", "proto", "variant")]
        if bad:
            raise SpecError(f"--each: {bad[0]}= is tune's own (it plays hyperchess against itself)")
        tc = build_engine(apply_engine_pairs({"cmd": "hyperchess"}, pairs, "--each"), "--each").tc
        d = dict(parse_pairs(split_tokens(sprt), "--sprt"))
        unknown = set(d) - {"elo0", "elo1", "alpha", "beta", "model"}
        if unknown or "elo0" not in d or "elo1" not in d:
            raise SpecError(f"--sprt: elo0= and elo1= (and alpha=, beta=, model=), got {sprt!r}")
        try:
            test = Sprt(float(d["elo0"]), float(d["elo1"]), float(d.get("alpha", 0.05)), float(d.get("beta", 0.05)),
                        d.get("model", "normalized"))
        except ValueError as exc:
            raise SpecError(str(exc) if str(exc).startswith("sprt") else f"--sprt: bad number in {sprt!r}") from None
    except SpecError as exc:
        fail(str(exc))

    executor = client = share = None
    if dask_scheduler:
        client, executor = dask_executor(dask_scheduler)
        workers = workers or max(1, sum(client.nthreads().values()))
        share = lambda path, text: client.run(install_candidate, path, text)
    cfg = TuneConfig(variant, games=games, workers=workers or 1, tc=tc, sprt=test, sprt_games=sprt_games,
                     maxmoves=maxmoves, srand=srand, pgnout=pgnout, variants_text=variant_source(variant),
                     fit=fit_what, games_from=tuple(games_from))
    say = lambda line: click.echo(line, err=True) if not quiet else None
    try:
        outcome = _interruptible(lambda: run_tune(cfg, executor, quiet=quiet, share=share, say=say, on_fit=_show_fit))
    except (ValueError, MatchError) as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted; nothing written")
    finally:
        if client is not None:
            client.close()
    fit = outcome.fit
    if outcome.sprt is None:
        click.echo("The fit changed nothing; nothing to test, nothing written." if not changed(fit) else
                   "The fitted values predict the held-out games no better than the old ones; nothing to test, "
                   "nothing written (play more games, or deeper ones: --each depth=N).")
        return
    shown = MatchConfig(engines=_engines(cfg, outcome.candidate), variant=variant, sprt=test, games=2,
                        rounds=max(1, (sprt_games + 1) // 2))
    click.echo(report(shown, outcome.sprt.records, outcome.sprt.elapsed))
    if outcome.decision != "H1":
        verdict = "rejected (H0 accepted)" if outcome.decision == "H0" else \
            f"undecided after {len(outcome.sprt.records)} games (LLR {outcome.llr:.2f})"
        click.echo(f"SPRT: the tuned values are {verdict}; nothing written.")
        return
    try:
        text = new_text(variant, target, kind, fit.after.piece_values(), all_weights(variant, fit))
        backup = _backup(target) if dest == target and os.path.exists(target) else None
        os.makedirs(os.path.dirname(os.path.abspath(dest)), exist_ok=True)
        part = f"{dest}.{os.getpid()}.part"
        with open(part, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(part, dest)
    except (VariantsFileError, FileError, OSError) as exc:
        fail(f"the tuned values were accepted but not written: {exc}")
    click.echo(f"SPRT: the tuned values are accepted; written to {dest}"
               + (f" (the old file is {backup})" if backup else "")
               + (f"; HYPERCHESS_TUNED={dest} or --tuned {dest} reads them" if out and kind == "side" else ""))


def _show_fit(outcome) -> None:
    """The fit's result on stdout, as soon as it is known (an SPRT stopped later leaves it on the screen)."""
    fit = outcome.fit
    click.echo(f"Fit: {fit.positions} quiet positions of {len(outcome.self_play)} games, K = {fit.k:.3f}; "
               f"error of the fitted half {fit.fit_error[0]:.5f} -> {fit.fit_error[1]:.5f}, "
               f"of the held-out half {fit.check_error[0]:.5f} -> {fit.check_error[1]:.5f}")
    for name, before, after in zip(fit.before.names, fit.before.values, fit.after.values):
        click.echo(f"  {name:16s} {before:7.0f} -> {after:7.0f}")


def _engines(cfg, candidate: str):
    from hyperchess.tournament.tune import engine
    return [engine("tuned", cfg.tc, candidate), engine("old", cfg.tc)]
