"""``hyperchess match`` and ``hyperchess pgn check``."""
from __future__ import annotations

import shlex
import signal
import sys

import click

from hyperchess.tournament.spec import SpecError, apply_engine_pairs, build_engine, parse_pairs, split_tokens
from hyperchess.variants import DEFAULT_GAME, variant_source
from hyperchess.variants.formats.textfile import FileError, read_text, shorten

from .common import fail, variants_option

# Options that take several key=value words, fastchess style: ``--engine cmd=x name=y tc=10+0.1``.
GROUPED = ("--engine", "--each", "--draw", "--resign", "--sprt", "--openings")


class GroupedCommand(click.Command):
    """Joins the words after a GROUPED option (up to the next ``-option``) into that option's value."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(args):
            a = args[i]
            out.append(a)
            i += 1
            if a in GROUPED:
                words = []
                while i < len(args) and not args[i].startswith("--") and args[i] not in ("-q", "-h"):
                    words.append(args[i])
                    i += 1
                if words:
                    out.append(words[0] if len(words) == 1 else shlex.join(words))
        return super().parse_args(ctx, out)


def _interruptible(run):
    """``run()`` with SIGTERM treated as Ctrl-C: the finished games are kept in the state file and every
    worker and engine ends (``kill`` and ``timeout`` send SIGTERM)."""
    def stop(*_) -> None:
        raise KeyboardInterrupt
    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:              # not the main thread: signals stay as they are
        return run()
    try:
        return run()
    finally:
        signal.signal(signal.SIGTERM, previous)


def dask_executor(scheduler: str):
    """(client, executor) of the Dask cluster at ``scheduler``; a missing Dask or an unreachable scheduler is
    one line and exit status 2."""
    try:
        from dask.distributed import Client
    except ImportError:
        fail("--dask-scheduler needs Dask: pip install 'hyperchess[distributed]'")
    try:
        client = Client(scheduler, timeout=20)
    except Exception as exc:   # noqa: BLE001 - any connection failure is one line
        fail(f"cannot reach the Dask scheduler {scheduler}: {exc}")
    return client, client.get_executor(pure=False)


def _pairs(value: str, what: str) -> dict[str, str]:
    return dict(parse_pairs(split_tokens(value), what))


def _number(d: dict[str, str], key: str, what: str, kind=float, default=None):
    if key not in d:
        if default is None:
            raise SpecError(f"{what}: {key}= is required")
        return default
    try:
        return kind(d[key])
    except ValueError:
        raise SpecError(f"{what}: bad number {key}={d[key]}") from None


def _only(d: dict, keys: tuple[str, ...], what: str) -> None:
    bad = [k for k in d if k not in keys]
    if bad:
        raise SpecError(f"{what}: unknown key {bad[0]!r} (known: {', '.join(keys)})")


@click.command(cls=GroupedCommand)
@click.option("--engine", "engines", multiple=True, metavar="KEY=VALUE...",
              help="An engine: cmd=COMMAND name=NAME arg=ARG dir=DIR proto=xboard|uci|xshogi option.NAME=VALUE "
                   "variant=NAME tc=[MOVES/]SECONDS[+INC] st=SECONDS depth=N nodes=N timemargin=MS timing=auto|clock|st; "
                   "or, in a game with fog, player=random|lastseen [nodes=N] (a player inside the referee). "
                   "Give it twice "
                   "(or 4 times: one per seat of a four-player game, or two teams of two in a two-board game "
                   "such as bughouse). Every key applies to both protocols "
                   "(see above).")
@click.option("--each", "each", multiple=True, metavar="KEY=VALUE...", help="Keys applied to every engine.")
@click.option("--variant", default=DEFAULT_GAME, show_default=True,
              help="The game (see `hyperchess variants`). A game from a --variants file is shipped to every worker, "
                   "and its engines started there find it through HYPERCHESS_VARIANTS.")
@variants_option
@click.option("--games", type=click.IntRange(1), default=2, show_default=True, help="Games per round.")
@click.option("--rounds", type=click.IntRange(1), default=1, show_default=True, help="Rounds.")
@click.option("--concurrency", type=click.IntRange(1), default=None,
              help="Games at once [default: 1; with --dask-scheduler: the cluster's worker threads].")
@click.option("--openings", metavar="FILE | file=FILE order=sequential|random start=N",
              help="Openings, one a line: a position string or a move list in native notation. Each is played "
                   "twice with the colours swapped.")
@click.option("--srand", type=int, default=0, show_default=True, help="Seed for random opening order and games.")
@click.option("--draw", metavar="movenumber=N movecount=M score=CP",
              help="Adjudicate a draw once every engine's score stays within CP of 0 for M moves after move N.")
@click.option("--resign", metavar="movecount=M score=CP",
              help="Adjudicate a loss once an engine's score is CP or more below 0 for M of its moves.")
@click.option("--maxmoves", type=click.IntRange(0), default=0, help="Adjudicate a draw after this many moves per side.")
@click.option("--pgnout", type=click.Path(dir_okay=False), help="Append each finished game to this PGN file.")
@click.option("--state", type=click.Path(dir_okay=False),
              help="JSON state file: written after every game; an interrupted match resumes from it.")
@click.option("--sprt", metavar="elo0=E0 elo1=E1 [alpha=0.05 beta=0.05 model=normalized|logistic]",
              help="Stop when the generalised SPRT accepts H0 or H1.")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Append all engine traffic to this file.")
@click.option("--stall", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="Seconds an engine may think when no clock applies (depth= or nodes= only).")
@click.option("--dask-scheduler", "dask_scheduler", metavar="ADDRESS",
              help="Run the games on a Dask cluster (pip install 'hyperchess[distributed]'), e.g. tcp://host:8786.")
@click.option("--event", default="hyperchess match", show_default=True, help="PGN Event tag.")
@click.option("--quiet", "-q", is_flag=True, help="No progress line on stderr.")
def match(engines, each, variant, games, rounds, concurrency, openings, srand, draw, resign, maxmoves, pgnout,
          state, sprt, log, stall, dask_scheduler, event, quiet) -> None:
    """Play a match between CECP (XBoard) and UCI engines, refereed by hyperchess' own rules.

    An engine speaks CECP unless it is given proto=uci. Every engine key applies to both protocols, sent as each
    one says it: option.NAME=VALUE is `option NAME=VALUE` (CECP) or `setoption name NAME value VALUE` (UCI);
    tc= is `level` and `time`/`otim` (CECP) or wtime/btime/winc/binc/movestogo with `go` (UCI); st= is `st`
    (a fraction of a second: a one-move clock, since engines read `st` in whole seconds, but as given to
    hyperchess, which reads fractions; timing=st or timing=clock decides) or movetime; depth= is `sd` or depth; nodes= is `nps` or nodes. cmd, arg, dir, name and timemargin are the
    referee's own. A UCI engine plays the games of its UCI_Variant option (none: normal only). A CECP engine
    gets XBoard's square names (ranks from 0 on 10-rank boards) and the name it lists for the game (variant=
    names it outright); proto=xshogi is GNU Shogi 1.4.2's protocol (st= in whole seconds). A game with fog of war
    (fog = true) sends each engine only its side's view, and seats only engines that declare the option FogViews
    (hyperchess's do) and the players player=random and player=lastseen. docs/match.md.

    \b
    Examples:
      hyperchess match --variant millennium --engine cmd="hyperchess xboard" name=a \\
        --engine cmd="hyperchess xboard" name=b --each tc=10+0.1 timemargin=200 \\
        --games 2 --rounds 50 --concurrency 2 --pgnout games.pgn --state match.json
      hyperchess match --variant capablanca --engine cmd="hyperchess uci" proto=uci \\
        --engine cmd=/usr/games/fairy-stockfish proto=uci option.Threads=1 --each tc=10+0.1
    hyperchess match --variant fogofwar --engine cmd="hyperchess uci" proto=uci \
      nodes=6000 option.Randomize=10 --engine player=lastseen --games 100

    Results (W/D/L, Elo +/- 95%, LOS, pentanomial, SPRT) go to stdout; progress to stderr.
    """
    from hyperchess.tournament.openings import Opening, OpeningError, load_openings
    from hyperchess.tournament.referee import DrawRule, ResignRule
    from hyperchess.tournament.runner import (
        MatchConfig,
        MatchError,
        MatchInterrupted,
        Progress,
        load_state,
        preflight,
        report,
        run_match,
    )
    from hyperchess.tournament.stats import Sprt
    from hyperchess.variants import UnknownVariant, get_game

    try:
        chosen = get_game(variant)
    except UnknownVariant as exc:
        fail(str(exc))
    two_boards = getattr(getattr(chosen, "hand_rules", None), "two_boards", False)
    try:
        common = apply_engine_pairs({}, [p for e in each for p in parse_pairs(split_tokens(e), "--each")], "--each")
        specs = []
        for n, text in enumerate(engines, 1):
            d = apply_engine_pairs(common, parse_pairs(split_tokens(text), f"--engine {n}"), f"--engine {n}")
            specs.append(build_engine(d, f"--engine {n}"))
        if len(specs) < 2:
            raise SpecError("give at least two --engine")
        if two_boards and len(specs) != 4:
            raise SpecError(f"{variant} is played on two boards by two teams: give four --engine (1 and 2 are "
                            f"one team, 3 and 4 the other)")
        names = [s.name for s in specs]
        if len(set(names)) != len(names):
            raise SpecError(f"engine names must differ (got {', '.join(names)}); use name=")
        opening_list, order, start = [Opening()], "sequential", 1
        if openings:
            words = split_tokens(openings)
            if len(words) == 1 and "=" not in words[0]:
                words = [f"file={words[0]}"]
            od = dict(parse_pairs(words, "--openings"))
            _only(od, ("file", "order", "start"), "--openings")
            if "file" not in od:
                raise SpecError("--openings: file= is required")
            order = od.get("order", "sequential")
            if order not in ("sequential", "random"):
                raise SpecError(f"--openings: order must be sequential or random, got {order!r}")
            start = _number(od, "start", "--openings", int, 1)
            if start < 1:
                raise SpecError("--openings: start must be at least 1")
            opening_list = load_openings(od["file"], variant)
        draw_rule = resign_rule = sprt_test = None
        if draw:
            d = _pairs(draw, "--draw")
            _only(d, ("movenumber", "movecount", "score"), "--draw")
            draw_rule = DrawRule(_number(d, "movenumber", "--draw", int, 0), _number(d, "movecount", "--draw", int),
                                 _number(d, "score", "--draw", int))
        if resign:
            d = _pairs(resign, "--resign")
            _only(d, ("movecount", "score"), "--resign")
            resign_rule = ResignRule(_number(d, "movecount", "--resign", int), _number(d, "score", "--resign", int))
        if sprt:
            d = _pairs(sprt, "--sprt")
            _only(d, ("elo0", "elo1", "alpha", "beta", "model"), "--sprt")
            try:
                sprt_test = Sprt(_number(d, "elo0", "--sprt"), _number(d, "elo1", "--sprt"),
                                 _number(d, "alpha", "--sprt", float, 0.05), _number(d, "beta", "--sprt", float, 0.05),
                                 d.get("model", "normalized"))
            except ValueError as exc:
                raise SpecError(str(exc)) from None
    except (SpecError, OpeningError) as exc:
        fail(str(exc))

    if two_boards:
        _team_match(variant, specs, games * rounds, stall, log, quiet)
        return
    executor = client = None
    if dask_scheduler:
        client, executor = dask_executor(dask_scheduler)
        if concurrency is None:
            concurrency = max(1, sum(client.nthreads().values()))
    cfg = MatchConfig(engines=specs, variant=variant, games=games, rounds=rounds, openings=opening_list,
                      opening_order=order, opening_start=start, srand=srand, maxmoves=maxmoves, draw=draw_rule,
                      resign=resign_rule, stall=stall, concurrency=concurrency or 1, pgnout=pgnout, state=state,
                      log=log, sprt=sprt_test, event=event, variants_text=variant_source(variant))
    try:
        load_state(cfg)                 # a bad state file is named before any engine starts
        if executor is not None:        # the engines must start where the games run: check on a worker
            executor.submit(preflight, cfg).result()
        else:
            preflight(cfg)
        result = _interruptible(lambda: run_match(cfg, executor, Progress(cfg, enabled=not quiet)))
    except MatchError as exc:
        fail(str(exc))
    except KeyboardInterrupt as exc:
        click.echo("", err=True)
        if isinstance(exc, MatchInterrupted) and exc.result.records:     # the games finished so far
            click.echo(report(cfg, exc.result.records, exc.result.elapsed, exc.result.resumed))
        fail("interrupted" + (f"; finished games are in {state} (run the same command to resume)" if state else ""))
    finally:
        if client is not None:
            client.close()
    if result.resumed:
        click.echo(f"Resumed: {result.resumed} games from {state}")
    click.echo(report(cfg, result.records, result.elapsed, result.resumed))
    if result.stopped_by_sprt:
        click.echo(f"SPRT: {result.stopped_by_sprt} accepted; the match stopped early")


def _team_match(variant: str, specs: list, games: int, stall: float, log: str | None, quiet: bool) -> None:
    """Two-board team games (tournament/teamgame.py): engines 1 and 2 against 3 and 4, the seats changing
    colours every game; one line a game, then the first team's score."""
    from hyperchess.tournament.engine import EngineDied
    from hyperchess.tournament.teamgame import play_team_game, seats_of_game, team_score

    records = []
    log_file = open(log, "a", encoding="utf-8") if log else None
    try:
        for n in range(games):
            seats = seats_of_game(specs, n)
            try:
                record = _interruptible(lambda: play_team_game(variant, seats, stall, log_file))
            except EngineDied as exc:
                fail(f"game {n + 1}: {exc}")
            except KeyboardInterrupt:
                fail("interrupted")
            records.append(record)
            drops = sum(1 for m in record.moves if "@" in m[2])
            click.echo(f"Game {n + 1}: A {seats[0].name}-{seats[1].name}, B {seats[2].name}-{seats[3].name}: "
                       f"{record.result} ({record.reason}; {len(record.moves)} moves, {drops} drops)")
    finally:
        if log_file is not None:
            log_file.close()
    w, d, l = team_score(records, (specs[0].name, specs[1].name))
    click.echo(f"Team {specs[0].name}+{specs[1].name} vs {specs[2].name}+{specs[3].name}: "
               f"+{w} ={d} -{l} ({(w + d / 2) / len(records):.1%})")


@click.group()
def pgn() -> None:
    """PGN game records."""


@pgn.command()
@variants_option
@click.argument("file", type=click.Path(dir_okay=False))
def check(file: str) -> None:
    """Replay every game in FILE through the rules; report the first bad move (game, ply) or confirm all.

    Tokens as the PGN standard reads them (comments, variations, which are checked too, NAGs, % lines).
    A game ends by itself only as its rules say: for orthodox chess mate, stalemate, a dead position, the
    fivefold repetition and the 75-move rule (FIDE 9.6); a threefold repetition or 50 moves are claimed,
    so play may go on."""

    from hyperchess.tournament.pgn import check_pgn
    try:
        text = read_text(file)
    except FileError as exc:
        fail(str(exc))
    rep = check_pgn(text)
    if rep.error:
        click.echo(shorten(f"{file}: {rep.error}"))
        sys.exit(1)
    if rep.games == 0:
        fail(f"{file}: no games")
    click.echo(f"{file}: {rep.games} games, {rep.plies} moves, all legal")


@pgn.command()
@variants_option
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--variant", "-v", required=True, help="The four-player game the record is of (fourplayer-teams, "
              "fourplayer-ffa, or one of a variants file).")
def check4(file: str, variant: str) -> None:
    """Replay a PGN4 record (chess.com's four-player game record, docs/rules/fourplayer.md) through the rules
    of VARIANT: its moves, its end, and the final position as FEN4; or the first bad move (ply) in one line."""
    from hyperchess.variants import FenError, MoveError, UnknownVariant, get_game
    from hyperchess.variants.core.fen import write_fen4
    from hyperchess.variants.formats.pgn4 import read_pgn4
    try:
        game = get_game(variant)
        start, moves, tags = read_pgn4(game, read_text(file))
    except (FileError, UnknownVariant, FenError, MoveError) as exc:
        fail(f"{file}: {exc}")
    pos = start.copy()
    for move in moves:
        pos.push(move)
    outcome = pos.outcome()
    click.echo(f"{file}: {len(moves)} moves, all legal; {outcome or 'not over'}")
    click.echo(write_fen4(pos))
