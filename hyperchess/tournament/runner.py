"""A match: plan the games, run them through an Executor, keep the state file, PGN and statistics.

Game i of the match: pair i // 2 plays one opening twice with the colours (teams) swapped; round
i // games + 1. Finished records go to the JSON state file after every game, so an interrupted match
resumes without replaying them.
"""
from __future__ import annotations

import json
import math
import os
import random
import signal
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Callable, TextIO

from hyperchess.variants import DEFAULT_GAME, get_game
from hyperchess.variants.formats.textfile import FileError, read_text, shorten

from .dialect import declares_fog, engine_variant, fog_refusal
from .engine import EngineDied, die_with_parent
from .uci import start_engine
from .openings import Opening
from .pgn import NORMAL_TERMINATION, record_to_pgn
from .referee import START_TIMEOUT, DrawRule, GameJob, ResignRule, install_variants, new_record, play_game
from .spec import EngineSpec
from .stats import Sprt, elo_text, format_elo, normalized_elo, pentanomial, summarize

STATE_VERSION = 1


class MatchError(Exception):
    """A match that cannot run (bad set-up, engine that cannot play the game...): one line."""


@dataclass
class MatchConfig:
    engines: list[EngineSpec]
    variant: str = DEFAULT_GAME
    games: int = 2                      # games per round
    rounds: int = 1
    openings: list[Opening] = field(default_factory=lambda: [Opening()])
    opening_order: str = "sequential"   # or "random" (shuffled with srand)
    opening_start: int = 1
    srand: int = 0
    maxmoves: int = 0
    draw: DrawRule | None = None
    resign: ResignRule | None = None
    stall: float = 60.0
    concurrency: int = 1
    pgnout: str | None = None
    state: str | None = None
    log: str | None = None
    sprt: Sprt | None = None
    setup_module: str | None = None
    event: str = "hyperchess match"
    variants_text: tuple[tuple[str, str], ...] = ()    # the user's variants file of the game, shipped to workers

    @property
    def total(self) -> int:
        return self.games * self.rounds

    def fingerprint(self) -> dict:
        """What must be equal for a state file to belong to this match."""
        return {"variant": self.variant, "engines": [e.describe() for e in self.engines], "games": self.games,
                "rounds": self.rounds, "openings": [[o.fen, list(o.moves)] for o in self.openings],
                "opening_order": self.opening_order, "opening_start": self.opening_start, "srand": self.srand,
                "maxmoves": self.maxmoves}


def seat_engines(players: int, n_engines: int, swapped: bool) -> tuple[int, ...]:
    """Engine index for each seat. Two engines in a four-player game: each takes both seats of a team."""
    if players == 2:
        if n_engines != 2:
            raise MatchError(f"a two-player game needs exactly 2 engines, got {n_engines}")
        return (1, 0) if swapped else (0, 1)
    if players == 4 and n_engines in (2, 4):
        base = (0, 1, 0, 1) if n_engines == 2 else (0, 1, 2, 3)
        return tuple(s ^ 1 for s in base) if swapped else base
    raise MatchError(f"a {players}-player game needs 2 engines (one per team) or 4 (one per seat), got {n_engines}")


def plan(cfg: MatchConfig) -> list[GameJob]:
    game = get_game(cfg.variant)
    order = list(range(len(cfg.openings)))
    if cfg.opening_order == "random":
        random.Random(cfg.srand).shuffle(order)
    jobs = []
    for i in range(cfg.total):
        pair = i // 2
        opening = cfg.openings[order[(cfg.opening_start - 1 + pair) % len(order)]]
        jobs.append(GameJob(
            index=i, variant=cfg.variant, engines=tuple(cfg.engines),
            seats=seat_engines(game.players, len(cfg.engines), i % 2 == 1),
            opening_fen=opening.fen, opening_moves=opening.moves, maxmoves=cfg.maxmoves, draw=cfg.draw,
            resign=cfg.resign, seed=random.Random(cfg.srand * 1_000_003 + i).getrandbits(32),
            round=i // cfg.games + 1, pair=pair, log=cfg.log, stall=cfg.stall, setup_module=cfg.setup_module,
            event=cfg.event, variants_text=cfg.variants_text, fog=bool(game.fog)))
    return jobs


def play_job(job: GameJob) -> dict:
    """One game of the match: ``referee.play_game``, or for a game with fog ``fog.play_fog_game``."""
    if job.fog:
        from .fog import play_fog_game      # the in-process players load the search here, not at start-up
        return play_fog_game(job)
    return play_game(job)


def preflight(cfg: MatchConfig) -> None:
    """Start each engine once: it must answer the handshake, play the variant and (for position-string
    openings) have ``setboard``. Raises MatchError with one line."""
    needs_setboard = any(o.fen is not None for o in cfg.openings)
    install_variants(cfg.variants_text)
    game = get_game(cfg.variant)
    if game.fog and needs_setboard:
        raise MatchError(f"{game.name} has fog of war: its games start from its start position, which its players "
                         f"know, so give openings as move lists")
    for spec in cfg.engines:
        if spec.player is not None:
            if not game.fog:
                raise MatchError(f"engine {spec.name}: player={spec.player} plays only games with fog of war "
                                 f"(fog = true), not {game.name}")
            continue
        try:
            e = start_engine(spec)
        except EngineDied as exc:
            raise MatchError(f"engine {spec.name}: {exc}") from None
        try:
            e.handshake(START_TIMEOUT)
            try:
                engine_variant(game, spec, e, DEFAULT_GAME)
            except ValueError as exc:
                raise MatchError(f"engine {exc}") from None
            if game.fog and not declares_fog(e):
                raise MatchError(f"engine {fog_refusal(spec, game.name)}")
            if needs_setboard and e.features.get("setboard") != "1":
                raise MatchError(f"engine {spec.name} has no setboard, so it cannot start from the position "
                                 f"strings in the openings file (use move lists)")
        except EngineDied as exc:
            raise MatchError(f"engine {spec.name} does not start: {exc}") from None
        finally:
            e.close()


# ---------------------------------------------------------------------- statistics of a set of records
@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    penta: list[int] = field(default_factory=lambda: [0] * 5)
    terminations: dict[str, int] = field(default_factory=dict)
    errors: int = 0
    finished: int = 0


def tally(records: list[dict]) -> Tally:
    t = Tally()
    pairs: dict[int, list[float]] = {}
    for r in records:
        t.finished += 1
        key = r["termination"]
        if key not in (NORMAL_TERMINATION, "adjudication", "error"):
            key += f" ({r['players'][_loser_seat(r)]})" if _loser_seat(r) is not None else ""
        t.terminations[key] = t.terminations.get(key, 0) + 1
        if r["errors"] or r["score"] is None:
            t.errors += 1
            continue
        s = r["score"]
        t.wins += s == 1.0
        t.draws += s == 0.5
        t.losses += s == 0.0
        pairs.setdefault(r["pair"], []).append(s)
    t.penta = pentanomial([sum(v) for v in pairs.values() if len(v) == 2])
    return t


def _loser_seat(r: dict) -> int | None:
    result = r["result"]
    if result not in ("1-0", "0-1"):
        return None
    team = 1 if result == "1-0" else 0
    return team if team < len(r["players"]) else None


def rank_lines(records: list[dict]) -> str:
    """Games won on points (a free-for-all): how often each engine's seats finished 1st, 2nd, ...; "" if
    none was."""
    counts: dict[str, list[int]] = {}
    for r in records:
        ranks = r.get("ranks")
        if not ranks or r["errors"]:
            continue
        for seat, rank in enumerate(ranks):
            row = counts.setdefault(r["players"][seat], [0] * len(ranks))
            row[rank - 1] += 1
    parts = []
    for name, row in counts.items():
        places = ", ".join(f"{_ordinal(i + 1)} {n}" for i, n in enumerate(row))
        mean = sum((i + 1) * n for i, n in enumerate(row)) / max(sum(row), 1)
        parts.append(f"{name}: {places} (mean rank {mean:.2f})")
    return "Ranks by points: " + "; ".join(parts) if parts else ""


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def report(cfg: MatchConfig, records: list[dict], elapsed: float | None = None, resumed: int = 0) -> str:
    t = tally(records)
    s = summarize(t.wins, t.draws, t.losses)
    a, b = cfg.engines[0].name, cfg.engines[1].name
    if len(cfg.engines) == 4 and any(r.get("ranks") for r in records):     # every seat for itself
        a, b = f"{a} vs {b}", f"{cfg.engines[2].name} vs {cfg.engines[3].name}"
    elif len(cfg.engines) == 4:
        a, b = f"{a}+{cfg.engines[2].name}", f"{b}+{cfg.engines[3].name}"
    out = [f"Results of {a} vs {b} ({cfg.variant}, {t.finished} of {cfg.total} games):",
           f"Games: {s.games}, Wins: {t.wins}, Draws: {t.draws}, Losses: {t.losses}, Score: {100 * s.score:.1f}%",
           f"Elo: {elo_text(s)}, LOS: {100 * s.los:.1f} %, "
           f"DrawRatio: {100 * t.draws / s.games if s.games else 0:.1f} %"]
    if sum(t.penta):
        ne, nerr = normalized_elo(t.penta)
        nelo = f"{format_elo(ne)} +/- {format_elo(nerr)[1:]}" if math.isfinite(nerr) else "n/a (no spread yet)"
        out.append(f"Ptnml(0-2): {t.penta}, nElo: {nelo}")
    if cfg.sprt is not None:
        llr = cfg.sprt.llr(t.penta)
        verdict = cfg.sprt.decision(llr)
        out.append(f"LLR: {llr:.2f} ({cfg.sprt.lower:.2f}, {cfg.sprt.upper:.2f}) [{cfg.sprt.elo0:g}, "
                   f"{cfg.sprt.elo1:g}] {cfg.sprt.model}" + (f" -> {verdict} accepted" if verdict else ""))
    ranks = rank_lines(records)
    if ranks:
        out.append(ranks)
    out.append("Terminations: " + ", ".join(f"{k} {v}" for k, v in sorted(t.terminations.items())))
    out.append(f"Runner errors: {t.errors}")
    played = t.finished - resumed            # the rate counts only the games played in this run
    if elapsed is not None and played > 0:
        out.append(f"Wall time: {elapsed:.1f} s, {60 * played / elapsed:.2f} games/min"
                   + (f" ({played} games played, {resumed} resumed from the state file)" if resumed else ""))
    return "\n".join(out)


# ---------------------------------------------------------------------- state file
def load_state(cfg: MatchConfig) -> dict[int, dict]:
    if not cfg.state or not os.path.exists(cfg.state):
        return {}
    try:
        data = json.loads(read_text(cfg.state))
    except FileError as exc:
        raise MatchError(f"state file {exc}") from None
    except ValueError as exc:
        raise MatchError(shorten(f"cannot read state file {cfg.state}: {exc}")) from None
    if not isinstance(data, dict):
        raise MatchError(f"cannot read state file {cfg.state}: not a match state (a JSON object)")
    # everything but the number of rounds must be equal: more rounds extend a match (an undecided SPRT)
    stored = data.get("match")
    wanted = json.loads(json.dumps(cfg.fingerprint()))
    if (data.get("version") != STATE_VERSION or not isinstance(stored, dict)
            or {**stored, "rounds": None} != {**wanted, "rounds": None}):
        raise MatchError(f"state file {cfg.state} belongs to a different match (same engines, variant, games "
                         f"and openings are needed to resume)")
    records = {r["index"]: r for r in data.get("records", [])}
    if records and max(records) >= cfg.total:
        raise MatchError(f"state file {cfg.state} already has game {max(records) + 1}, more than --games x "
                         f"--rounds = {cfg.total}: give at least {max(records) // cfg.games + 1} rounds")
    return records


def save_state(cfg: MatchConfig, records: dict[int, dict]) -> None:
    if not cfg.state:
        return
    tmp = cfg.state + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"version": STATE_VERSION, "match": cfg.fingerprint(),
                   "records": [records[i] for i in sorted(records)]}, f)
    os.replace(tmp, cfg.state)


# ---------------------------------------------------------------------- running
def _worker_init() -> None:
    """Pool workers leave Ctrl-C to the runner, and end their game cleanly (engines quit) on SIGTERM.
    They also get SIGTERM when the runner dies (``kill -9``), so none is left behind."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    die_with_parent()


def _play_in_worker(job: GameJob) -> dict:
    """``play_game`` in a pool worker of our own. On SIGTERM the game unwinds (its engines quit) and the
    worker leaves the pool at once: a worker that went back to waiting for work would outlive a runner
    that was killed, as its task pipe never closes."""
    try:
        return play_job(job)
    except SystemExit:
        os._exit(1)


class Progress:
    """A live progress line on stderr (redrawn on a terminal, one line per game otherwise)."""

    def __init__(self, cfg: MatchConfig, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.cfg = cfg
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()
        self.played = 0                 # games finished in this run (a resumed match counts from 0)

    def update(self, records: list[dict], last: dict | None) -> None:
        if not self.enabled:
            return
        t = tally(records)
        s = summarize(t.wins, t.draws, t.losses)
        n, total = t.finished, self.cfg.total
        width = 24
        bar = "#" * (width * n // total) + "." * (width - width * n // total)
        if last is not None:
            self.played += 1
        rate = 60 * self.played / max(1e-9, time.monotonic() - self.start)
        text = (f"[{bar}] {n}/{total}  +{t.wins} ={t.draws} -{t.losses}  Elo {format_elo(s.elo)} "
                f"+/- {format_elo(s.elo_error)[1:]}  {rate:.1f} games/min")
        if self.cfg.sprt is not None:
            text += f"  LLR {self.cfg.sprt.llr(t.penta):.2f}"
        if last is not None and not self.tty:
            text += f"  | game {last['index'] + 1}: {' vs '.join(last['players'][:2])} {last['result']} " \
                    f"{{{last['reason']}}}"
        self.stream.write(("\r" + text + "\033[K") if self.tty else text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty:
            self.stream.write("\n")
            self.stream.flush()


@dataclass
class MatchResult:
    records: list[dict]
    stopped_by_sprt: str | None
    elapsed: float
    resumed: int


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, see hyperchess.cli.match) during a match; ``result`` holds the games finished so far."""

    def __init__(self, result: MatchResult) -> None:
        super().__init__()
        self.result = result


def run_match(cfg: MatchConfig, executor: Executor | None = None, progress: Progress | None = None,
              on_record: Callable[[dict], None] | None = None) -> MatchResult:
    """Run (or resume) the match. ``executor`` defaults to a local process pool of ``cfg.concurrency``."""
    started = time.monotonic()
    jobs = plan(cfg)
    records = load_state(cfg)
    resumed = len(records)
    stopped = None
    if cfg.sprt is not None and records:
        stopped = cfg.sprt.decision(cfg.sprt.llr(tally(list(records.values())).penta))
    pending = iter([j for j in jobs if j.index not in records] if stopped is None else [])
    own = executor is None
    if own:
        executor = ProcessPoolExecutor(max_workers=max(1, cfg.concurrency), initializer=_worker_init)
    in_flight: dict[Future, GameJob] = {}

    def result() -> MatchResult:
        """The games finished so far, in game order."""
        return MatchResult([records[i] for i in sorted(records)], stopped, time.monotonic() - started, resumed)

    def fill() -> None:
        while len(in_flight) < max(1, cfg.concurrency):
            job = next(pending, None)
            if job is None:
                return
            in_flight[executor.submit(_play_in_worker if own else play_job, job)] = job

    try:
        fill()
        while in_flight:
            done, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: in_flight[f].index):
                job = in_flight.pop(fut)
                try:
                    rec = fut.result()
                except Exception as exc:       # the worker itself failed (killed, lost): a runner error
                    rec = new_record(job)
                    rec["errors"].append(f"{type(exc).__name__}: {exc}")
                    rec["reason"] = f"runner error: {exc}"
                records[job.index] = rec
                save_state(cfg, records)
                if cfg.pgnout and rec.get("fen"):
                    with open(cfg.pgnout, "a", encoding="utf-8") as f:
                        f.write(record_to_pgn(rec))
                if on_record is not None:
                    on_record(rec)
                if progress is not None:
                    progress.update(list(records.values()), rec)
                if cfg.sprt is not None and stopped is None:
                    stopped = cfg.sprt.decision(cfg.sprt.llr(tally(list(records.values())).penta))
                    if stopped is not None:
                        pending = iter([])
            fill()
    except KeyboardInterrupt:
        for fut in in_flight:
            fut.cancel()
        if own and isinstance(executor, ProcessPoolExecutor):
            procs = list(getattr(executor, "_processes", {}).values())
            executor.shutdown(wait=False, cancel_futures=True)
            for p in procs:                # SIGTERM: each worker ends its game and its engines
                p.terminate()
            for p in procs:
                p.join(5)
                if p.is_alive():
                    p.kill()
        raise MatchInterrupted(result()) from None
    finally:
        if progress is not None:
            progress.close()
        if own:
            executor.shutdown(wait=True, cancel_futures=True)
    return result()
