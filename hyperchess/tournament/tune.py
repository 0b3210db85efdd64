"""``hyperchess tune``'s three steps (docs/engine.md, "Tuning a game"): self-play games through the match runner,
a Texel fit of the game's piece values and evaluation weights to their positions (``engine/texel.py``), and
an SPRT of the tuned values against the old ones, again through the runner.

Both steps play our own CECP engine (``python -m hyperchess xboard``) against itself. The tuned side is the
same engine started with ``--tuned FILE``: a side file (``variants/formats/tuned.py``) that holds the fitted
values of the game alone, written where the games run (``install_candidate``; on a Dask cluster, on every
worker).
"""
from __future__ import annotations

import hashlib
import math
import os
import sys
import tempfile
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import Callable, TextIO

from hyperchess.engine.texel import FitReport, samples, texel_fit
from hyperchess.variants import get_game
from hyperchess.variants.formats.tuned import write_toml

from .runner import MatchConfig, MatchResult, Progress, run_match, tally
from .spec import EngineSpec, TimeControl
from .stats import Sprt

RIDGE = 1e-7          # the fit's pull back to the old values: 100 cp of change cost as much as 0.001 of error


@dataclass
class TuneConfig:
    """A tuning run: the game, the games of each step, the engines' limits and the SPRT's test."""
    variant: str
    games: int = 200                                    # self-play games for the fit
    workers: int = 1                                    # games at once
    tc: TimeControl = field(default_factory=lambda: TimeControl(depth=3))
    sprt: Sprt = field(default_factory=lambda: Sprt(0.0, 10.0))
    sprt_games: int = 1000                              # the SPRT's games at most (then undecided)
    maxmoves: int = 150                                 # moves a side before a draw is adjudicated
    srand: int = 0
    ridge: float = RIDGE
    pgnout: str | None = None
    variants_text: tuple[tuple[str, str], ...] = ()     # the user's variants file of the game, for the workers
    stall: float = 60.0
    fit: str = "values"                                 # "values" (the pieces) or "all" (the weights too)
    games_from: tuple[str, ...] = ()                    # PGN files of games already played: no self-play


@dataclass
class TuneOutcome:
    """What a run found: the fit, the SPRT's games and its decision ("H1": the tuned values are accepted,
    "H0": rejected, None: undecided after ``sprt_games``), and the candidate file the tuned engine read."""
    fit: FitReport
    sprt: MatchResult | None = None
    decision: str | None = None
    llr: float = 0.0
    candidate: str = ""
    self_play: list[dict] = field(default_factory=list)


def engine(name: str, tc: TimeControl, tuned: str | None = None) -> EngineSpec:
    """Our CECP engine under ``name``, with the side file ``tuned`` (None: the values as they are)."""
    argv = (sys.executable, "-m", "hyperchess", "xboard") + (("--tuned", tuned) if tuned else ())
    return EngineSpec(name=name, argv=argv, tc=tc)


def candidate_text(variant: str, values: dict[str, int], weights: dict[str, int]) -> str:
    """The side file that gives ``variant`` the tuned values and weights (and nothing else)."""
    return write_toml("", "candidate", variant, values, weights)


def candidate_path(text: str) -> str:
    """Where the candidate side file of ``text`` is kept: named by its hash, in the temporary directory."""
    return os.path.join(tempfile.gettempdir(), f"hyperchess-tuned-{hashlib.sha256(text.encode()).hexdigest()[:16]}.toml")


def install_candidate(path: str, text: str) -> None:
    """Write the candidate side file (a plain function: a Dask client runs it on every worker)."""
    if os.path.exists(path):
        return
    part = f"{path}.{os.getpid()}.part"
    with open(part, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(part, path)


def self_play(cfg: TuneConfig, executor: Executor | None = None, stream: TextIO | None = None,
              quiet: bool = False) -> list[dict]:
    """Step 1: ``cfg.games`` games of the engine against itself (colours swapped each pair), progress on
    ``stream``. Returns the runner's records. No game of tune's is adjudicated by score: its results label
    the fit, and a result the evaluation being fitted decided would only repeat it (an army valued 1,000 cp
    too low would lose every game at move 4: FSF's orda); nor in the SPRT, where both engines agreeing on
    such a verdict would turn every pair into one win each."""
    match = MatchConfig(engines=[engine("old-a", cfg.tc), engine("old-b", cfg.tc)], variant=cfg.variant,
                        games=cfg.games, rounds=1, srand=cfg.srand, maxmoves=cfg.maxmoves, resign=None,
                        stall=cfg.stall, concurrency=cfg.workers, pgnout=cfg.pgnout,
                        event="hyperchess tune: self-play", variants_text=cfg.variants_text)
    return run_match(match, executor, Progress(match, stream, enabled=not quiet)).records


def fit_records(cfg: TuneConfig, records: list[dict]) -> FitReport:
    """Step 2: the Texel fit of the game's values and weights to the quiet positions of ``records``. Raises
    ValueError when the games hold no quiet position."""
    game = get_game(cfg.variant)
    games = [(r.get("fen"), r["moves"], r["result"]) for r in records if not r.get("errors")]
    data = samples(game, games)
    if not data or not any(s.game % 2 for s in data):
        raise ValueError(f"no quiet positions to fit in {len(games)} finished games of {cfg.variant} "
                         f"(play more games: --games)")
    return texel_fit(game, data, cfg.ridge, values_only=cfg.fit == "values")


def pgn_records(variant: str, paths: tuple[str, ...]) -> list[dict]:
    """The games of ``variant`` in the PGN files ``paths`` as self-play records (start, moves, result); the
    games of other variants are left out. Raises ValueError (one line) for a file that cannot be read."""
    from hyperchess.variants import UnknownVariant
    from .pgnreader import game_of, read_pgn

    def plays(tags: dict[str, str]) -> bool:
        try:
            return game_of(tags).name == variant
        except UnknownVariant:
            return False

    out = []
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError as exc:
            raise ValueError(f"{path}: {exc.strerror or exc}") from None
        out += [{"fen": g.tags.get("FEN"), "moves": g.moves, "result": g.result} for g in read_pgn(text)
                if plays(g.tags)]
    return out


def all_weights(variant: str, report: FitReport) -> dict[str, int]:
    """Every weight of the game's ``eval``, the fitted terms at their new values (a variants file's ``eval``
    table gives every weight it leaves out its default, so all are written)."""
    from dataclasses import asdict
    return {**asdict(get_game(variant).eval_weights), **report.after.terms()}


def sprt_match(cfg: TuneConfig, candidate: str, executor: Executor | None = None, stream: TextIO | None = None,
               quiet: bool = False) -> MatchResult:
    """Step 3: the tuned engine against the old one until the SPRT decides or ``cfg.sprt_games`` are played."""
    match = MatchConfig(engines=[engine("tuned", cfg.tc, candidate), engine("old", cfg.tc)], variant=cfg.variant,
                        games=2, rounds=max(1, math.ceil(cfg.sprt_games / 2)), srand=cfg.srand + 1,
                        maxmoves=cfg.maxmoves, resign=None, stall=cfg.stall, concurrency=cfg.workers,
                        sprt=cfg.sprt, event="hyperchess tune: SPRT", variants_text=cfg.variants_text)
    return run_match(match, executor, Progress(match, stream, enabled=not quiet))


def decide(sprt: Sprt, records: list[dict]) -> tuple[str | None, float]:
    """The SPRT's decision on the games ``records`` (the tuned engine first) and its log-likelihood ratio."""
    llr = sprt.llr(tally(records).penta)
    return sprt.decision(llr), llr


def changed(report: FitReport) -> bool:
    """Did the fit move any value or weight?"""
    return report.after.values != [float(round(v)) for v in report.before.values]


def fits_better(report: FitReport) -> bool:
    """Do the fitted values predict the held-out games better than the old ones? (If not, the fit found
    nothing the games support, and an SPRT would spend its games on noise: first-contact, session 43.)"""
    return report.check_error[1] < report.check_error[0]


def run_tune(cfg: TuneConfig, executor: Executor | None = None, stream: TextIO | None = None,
             quiet: bool = False, share: Callable[[str, str], None] | None = None,
             say: Callable[[str], None] = lambda line: None,
             on_fit: Callable[[TuneOutcome], None] = lambda outcome: None) -> TuneOutcome:
    """The three steps. ``share(path, text)`` puts the candidate file where the games run (default: here);
    ``say`` gets a line at the self-play's end, ``on_fit`` the outcome once the fit is done (before the SPRT).
    Raises ValueError (one line) when the games give nothing to fit."""
    if cfg.games_from:
        records = pgn_records(cfg.variant, cfg.games_from)
        say(f"games: {len(records)} of {cfg.variant} in {', '.join(cfg.games_from)}")
    else:
        records = self_play(cfg, executor, stream, quiet)
        say(f"self-play: {len(records)} games, {sum(1 for r in records if r.get('errors'))} with runner errors")
    report = fit_records(cfg, records)
    outcome = TuneOutcome(report, self_play=records)
    on_fit(outcome)
    if not changed(report) or not fits_better(report):
        return outcome
    text = candidate_text(cfg.variant, report.after.piece_values(), all_weights(cfg.variant, report))
    outcome.candidate = candidate_path(text)
    install_candidate(outcome.candidate, text)
    if share is not None:
        share(outcome.candidate, text)
    result = sprt_match(replace(cfg, pgnout=None), outcome.candidate, executor, stream, quiet)
    outcome.sprt = result
    outcome.decision, outcome.llr = decide(cfg.sprt, result.records)
    return outcome
