"""One game between CECP engines, refereed by our own rules: ``play_game(job) -> record``.

``play_game`` is a plain picklable function of a :class:`GameJob` (engine specs, variant, opening, time
controls, adjudication, seed), so any ``concurrent.futures.Executor`` can run it: a local process pool or
a Dask cluster. The record is a JSON-ready dict (moves in the game's native notation, result, termination).

Protocol (docs/match.md): each engine is kept in force mode and gets the moves it has not seen, then
``time``/``otim`` and ``go`` for the seat to move; after its ``move`` it gets ``force`` and ``ping`` — the
lines before ``pong`` (a result claim, a second move for a partner seat) belong to that move.
"""
from __future__ import annotations

import hashlib
import importlib
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import IO

from hyperchess.variants import DEFAULT_GAME, MoveError, add_variants, get_game
from hyperchess.variants.core.flat_wire import read_move, write_move, write_position

from .dialect import MOVE_LINE, OLD_MOVE_LINE, engine_names, engine_variant, seconds_a_move
from .engine import EngineDied, EngineProcess
from .uci import parse_bestmove, parse_info, start_engine
from .pgn import NORMAL_TERMINATION, clk, score_text
from .spec import EngineSpec, TimeControl

GRACE = 1.0           # s after the deadline: a move in this window is a time forfeit, none at all a stall
PING_TIMEOUT = 15.0   # s for ``pong`` after a move or at set-up (cutechess allows 15 s)
START_TIMEOUT = 15.0  # s for the ``feature done=1`` of a v2 engine

_RESULT = re.compile(r"^\s*(1-0|0-1|1/2-1/2|\*)(\s|$)")
_THINKING = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)")


@dataclass(frozen=True)
class DrawRule:
    movenumber: int = 0
    movecount: int = 1
    score: int = 0


@dataclass(frozen=True)
class ResignRule:
    movecount: int = 1
    score: int = 0


@dataclass(frozen=True)
class GameJob:
    index: int                          # 0-based game number in the match
    variant: str
    engines: tuple[EngineSpec, ...]     # the match's engines; index 0 is the first engine (side A)
    seats: tuple[int, ...]              # engine index per colour (seat) of this game
    opening_fen: str | None = None      # None = the game's start position
    opening_moves: tuple[str, ...] = ()
    maxmoves: int = 0                   # moves per side before a draw is adjudicated (0 = no limit)
    draw: DrawRule | None = None
    resign: ResignRule | None = None
    seed: int = 0
    round: int = 1
    pair: int = 0
    log: str | None = None              # append engine traffic here
    stall: float = 60.0                 # s allowed per move when no clock applies (depth/nodes only)
    setup_module: str | None = None     # imported first (a module that registers extra games)
    # the variants files that define the game when it exists only in a user's file: ((name, text), ...)
    variants_text: tuple[tuple[str, str], ...] = ()
    ping_timeout: float = PING_TIMEOUT  # s for ``pong`` (an engine that does not answer stalls)
    event: str = "hyperchess match"
    fog: bool = False                   # a game with fog of war: refereed by fog.FogReferee (runner.play_job)


class GameOver(Exception):
    def __init__(self, result: str, termination: str, reason: str) -> None:
        super().__init__(reason)
        self.result, self.termination, self.reason = result, termination, reason


@dataclass
class _Seat:
    clock: float | None
    moves_made: int = 0
    scores: list = field(default_factory=list)


def _cs(seconds: float) -> int:
    return max(0, int(round(seconds * 100)))


def _level(tc: TimeControl) -> str:
    base = tc.base or 0.0
    minutes, seconds = divmod(base, 60)
    sec = f"{seconds:g}" if seconds != int(seconds) else f"{int(seconds):02d}"
    return f"level {tc.moves} {int(minutes)}:{sec} {tc.inc:g}"


class Referee:
    sends_views = False               # a game with fog needs the referee that sends each seat its view (fog.py)

    def __init__(self, job: GameJob, record: dict, log: IO[str] | None) -> None:
        self.job = job
        self.record = record
        self.log = log
        self.game = get_game(job.variant)
        if self.game.fog and not self.sends_views:
            raise RuntimeError(f"{job.variant} has fog of war: its seats must be sent views (tournament/fog.py)")
        self.pos = self.game.position(job.opening_fen)
        self.moves: list[str] = []
        self.comments: list[str] = []
        self.played: list = []                # the moves (tuples), book moves included
        # each set of square names an engine speaks (dialect.engine_names), by id: (the names, every move of
        # the game in them); the native names' list is ``moves``, the record's
        self.spoken: dict[int, tuple[object, list[str]]] = {id(self.game.names): (self.game.names, self.moves)}
        self.names: dict[int, object] = {}    # engine slot -> the square names it speaks
        self.engines: dict[int, EngineProcess] = {}
        self.known: dict[int, int] = {}
        self.last_mover = 0
        self.seats = [_Seat(job.engines[e].tc.base) for e in job.seats]
        for text in job.opening_moves:        # checked when the openings were loaded; checked again here
            move = self.pos.parse_move(text)
            self.comments.append("book")
            self.push(move)
        record["book"] = len(self.moves)

    # ------------------------------------------------------------------ helpers
    def color(self, seat: int) -> str:
        return self.game.color_names[seat].capitalize()

    def loss(self, seat: int) -> str:
        return "0-1" if self.game.teams[seat] == 0 else "1-0"

    def slot_seat(self, slot: int) -> int:
        return self.job.seats.index(slot)

    def push(self, move) -> None:
        """Make ``move``, written first in every set of square names in use."""
        for names, texts in self.spoken.values():
            texts.append(write_move(self.pos, move, names))
        self.played.append(move)
        self.pos.push(move)

    def speak(self, slot: int, names) -> None:
        """Engine ``slot`` speaks ``names``: the game so far is written in them once."""
        self.names[slot] = names
        if id(names) in self.spoken:
            return
        pos = self.game.position(self.job.opening_fen)
        texts = []
        for move in self.played:
            texts.append(write_move(pos, move, names))
            pos.push(move)
        self.spoken[id(names)] = (names, texts)

    def warn(self, text: str) -> None:
        if len(self.record["warnings"]) < 50:
            self.record["warnings"].append(text)

    # ------------------------------------------------------------------ set-up
    def start(self) -> None:
        for slot in dict.fromkeys(self.job.seats):
            self.start_slot(slot)

    def check_engine(self, spec: EngineSpec, e: EngineProcess) -> None:
        """Refuse (ValueError, one line) an engine that cannot play this game; every engine may here."""

    def start_slot(self, slot: int) -> None:
        """Start engine ``slot``: its handshake, the game and its limits."""
        job = self.job
        spec = job.engines[slot]
        seat = self.slot_seat(slot)
        try:
            e = start_engine(spec, self.log, f"g{job.index + 1} {spec.name}")
            self.engines[slot] = e
            e.handshake(START_TIMEOUT)
        except EngineDied as exc:
            raise GameOver(self.loss(seat), "disconnect", f"{self.color(seat)} ({spec.name}) fails to start: {exc}")
        try:
            variant = engine_variant(self.game, spec, e, DEFAULT_GAME)
            self.check_engine(spec, e)
        except ValueError as exc:
            raise RuntimeError(str(exc)) from None
        self.speak(slot, engine_names(self.game, e, spec.options))
        if job.opening_fen is not None and e.features.get("setboard") != "1":
            raise RuntimeError(f"{spec.name} has no setboard, so it cannot start from a position string")
        self.known[slot] = 0
        if spec.proto == "uci":
            try:
                e.set_up(variant, DEFAULT_GAME, spec.options)
                lines = e.sync(self.job.ping_timeout)
            except EngineDied as exc:
                raise GameOver(self.loss(seat), "disconnect",
                               f"{self.color(seat)} ({spec.name}) disconnects: {exc}")
            if lines is None:
                e.kill()
                raise GameOver(self.loss(seat), "stall", f"{self.color(seat)}'s connection stalls at the start")
            return
        if spec.proto == "xshogi":
            if job.opening_fen is not None:
                raise RuntimeError(f"{spec.name} has no setboard, so it cannot start from a position string")
            try:
                e.first_seat = seat == 0
                e.set_up(variant, DEFAULT_GAME, spec.options)
                e.level(spec.tc.st)
            except EngineDied as exc:
                raise GameOver(self.loss(seat), "disconnect",
                               f"{self.color(seat)} ({spec.name}) disconnects: {exc}")
            return
        try:
            fen = None if job.opening_fen is None else write_position(
                self.game.position(job.opening_fen), self.names[slot])
            e.set_up(variant, DEFAULT_GAME, spec.options, fen)
            tc = spec.tc
            if tc.base is not None:
                e.send(_level(tc))
            if tc.st is not None:
                for line in seconds_a_move(tc.st, spec.timing, e)[0]:
                    e.send(line)
            if tc.depth is not None:
                e.send(f"sd {tc.depth}")
            if tc.nodes is not None:
                e.send(f"nps {tc.nodes}")      # with st 1: N nodes a move (python-chess, cutechess)
                if tc.st is None and tc.base is None:
                    e.send("st 1")
            e.send("post")
            e.send("easy")
            lines = e.sync(self.job.ping_timeout)
        except EngineDied as exc:
            raise GameOver(self.loss(seat), "disconnect", f"{self.color(seat)} ({spec.name}) disconnects: {exc}")
        if lines is None:
            e.kill()
            raise GameOver(self.loss(seat), "stall", f"{self.color(seat)}'s connection stalls at the start")
        for line in lines:
            if line.startswith(("Error", "Illegal", "tellusererror")):
                self.warn(f"{spec.name} at set-up: {line}")

    # ------------------------------------------------------------------ the game
    def run(self) -> None:
        job = self.job
        players = self.game.players
        while True:
            outcome = self.pos.outcome()
            if outcome is not None:
                raise GameOver(outcome.result, NORMAL_TERMINATION, outcome.reason)
            if job.maxmoves and len(self.moves) >= job.maxmoves * players:
                if getattr(self.game, "scoring", None) is not None:     # a game for points: as they stand
                    points = "-".join(str(p) for p in self.game.points(self.pos))
                    raise GameOver(points, "adjudication", f"Points as they stand at the move limit ({job.maxmoves} moves)")
                raise GameOver("1/2-1/2", "adjudication", f"Draw by move limit ({job.maxmoves} moves)")
            self.play_one()
            self.adjudicate()

    def allowance(self, seat: int) -> float:
        tc = self.job.engines[self.job.seats[seat]].tc
        limits = []
        if tc.base is not None:
            limits.append(max(0.0, self.seats[seat].clock or 0.0) + tc.margin)
        if tc.st is not None:
            limits.append(tc.st + tc.margin)
        return min(limits) if limits else self.job.stall

    def play_one(self) -> None:
        pos, job = self.pos, self.job
        seat = pos.turn
        slot = job.seats[seat]
        e = self.engines[slot]
        tc = job.engines[slot].tc
        state = self.seats[seat]
        usermove = "usermove " if e.features.get("usermove") == "1" else ""
        proto = job.engines[slot].proto
        uci = proto == "uci"
        try:
            opp = (seat + 1) % self.game.players
            other = self.seats[opp].clock
            unseen = self.spoken[id(self.names[slot])][1][self.known[slot]:]
            if uci:
                t0 = time.monotonic()
                e.go(job.opening_fen, self.moves, tc, (state.clock, other if other is not None else state.clock),
                     self.game.teams[seat] == 0, state.moves_made)
            elif proto == "xshogi":
                t0 = time.monotonic()
                e.go_with(unseen)
            else:
                for name in unseen:
                    e.send(usermove + name)
                if tc.base is not None:
                    e.send(f"time {_cs(state.clock or 0)}")
                    e.send(f"otim {_cs(other if other is not None else state.clock or 0)}")
                elif tc.st is not None:
                    for line in seconds_a_move(tc.st, job.engines[slot].timing, e)[1]:
                        e.send(line)
                t0 = time.monotonic()
                e.send("go")
            self.known[slot] = len(self.moves)
        except EngineDied as exc:
            raise GameOver(self.loss(seat), "disconnect", f"{self.color(seat)} disconnects ({exc})")
        self.await_move(seat, slot, t0)

    def await_move(self, seat: int, slot: int, t0: float) -> None:
        """Read engine ``slot``'s lines until its move (asked for at ``t0``), which is then made; its thinking
        lines, claims and other words on the way; a stall, a time forfeit or a crash ends the game."""
        e = self.engines[slot]
        uci = self.job.engines[slot].proto == "uci"
        move_line = OLD_MOVE_LINE if e.protover == 1 else MOVE_LINE     # dialect.py: older forms of a move
        try:
            allowed = self.allowance(seat)
            deadline = t0 + allowed
            late = False
            score = depth = None
            while True:
                item = e.get(deadline)
                if item is None:
                    if not late:
                        late, deadline = True, deadline + GRACE
                        continue
                    e.kill()
                    raise GameOver(self.loss(seat), "stall",
                                   f"{self.color(seat)}'s connection stalls (no move in {allowed + GRACE:.1f} s)")
                t, line = item
                m = move_line.match(line)
                played = parse_bestmove(line) if uci else m.group(1) if m else None
                if played is not None and t < t0:
                    # printed before ``go``, so no answer to it: an engine without ``ping`` that wrote its last
                    # move twice (GNU Chess: "1. ... e7e5", then "My move is : e7e5")
                    self.record["garbage"] += 1
                    continue
                if played is not None:
                    elapsed = t - t0
                    if elapsed > allowed:
                        raise GameOver(self.loss(seat), "time forfeit",
                                       f"{self.color(seat)} loses on time ({elapsed:.3f} s > {allowed:.3f} s)")
                    self.apply(seat, slot, played, elapsed, score, depth)
                    return
                if uci:
                    info = parse_info(line)
                    if info is not None:
                        depth, score = info
                    if line.startswith("info"):
                        continue
                th = None if uci else _THINKING.match(line)
                if th:
                    depth, score = int(th.group(1)), int(th.group(2))
                    continue
                self.other_line(seat, line)
        except EngineDied as exc:
            raise GameOver(self.loss(seat), "disconnect", f"{self.color(seat)} disconnects ({exc})")

    def other_line(self, seat: int, line: str) -> None:
        """A line that is not a move or thinking output, from the engine of ``seat``."""
        text = line.strip()
        if not text or text.startswith("#") or text.startswith(("feature ", "pong ", "tellics", "telluser ",
                                                                "tellopponent", "tellothers", "tellall")):
            return
        r = _RESULT.match(text)
        if r or text == "resign":
            self.claim(seat, r.group(1) if r else self.loss(seat), text)
            return
        if text.startswith("offer draw"):
            return                      # draw offers are not acted on (docs/match.md)
        if text.startswith(("Illegal move", "Error", "tellusererror")):
            self.warn(f"{self.color(seat)}: {text}")
            return
        self.record["garbage"] += 1

    def claim(self, seat: int, token: str, text: str) -> None:
        if token == "*":
            self.warn(f"{self.color(seat)} claims an unfinished result: {text}")
            return
        if token == self.loss(seat):
            raise GameOver(token, "resign", f"{self.color(seat)} resigns")
        outcome = self.pos.outcome()
        if outcome is not None and outcome.result == token:
            raise GameOver(token, NORMAL_TERMINATION, outcome.reason)
        raise GameOver(self.loss(seat), "false claim", f"{self.color(seat)} makes a false claim: {text}")

    def apply(self, seat: int, slot: int, text: str, elapsed: float, score, depth) -> None:
        """Engine ``slot``'s move ``text`` for ``seat``: read in the real position (not legal there: the game
        is lost), made, and, for a CECP engine, followed by ``force`` and ``ping``."""
        pos = self.pos
        e = self.engines[slot]
        try:
            move = read_move(pos, e.incoming(text), self.names[slot])
        except MoveError as exc:
            raise GameOver(self.loss(seat), "illegal move",
                           f"{self.color(seat)} makes an illegal move: {text} ({exc})") from None
        self.make(seat, slot, move, elapsed, score, depth)
        if pos.outcome() is not None or self.job.engines[slot].proto != "xboard":
            return                  # a UCI engine is told the whole game again with its next ``go``; xshogi: no ping
        self.after_move(seat, e, text)

    def make(self, seat: int, slot: int, move, elapsed: float, score=None, depth=None) -> None:
        """Make ``seat``'s ``move``, thought on ``elapsed`` seconds: its clock, its comment."""
        state = self.seats[seat]
        tc = self.job.engines[slot].tc
        state.moves_made += 1
        if state.clock is not None:
            state.clock = max(0.0, state.clock - elapsed) + tc.inc
            if tc.moves and state.moves_made % tc.moves == 0:
                state.clock += tc.base or 0.0
        state.scores.append(score)
        self.last_mover = seat
        comment = (f"{score_text(score)}/{depth} " if score is not None else "") + f"{elapsed:.3f}s"
        if state.clock is not None:
            comment += f" [%clk {clk(state.clock)}]"
        self.comments.append(comment)
        self.push(move)
        self.known[slot] = len(self.moves)

    def after_move(self, seat: int, e: EngineProcess, text: str) -> None:
        """``force`` and ``ping`` after a CECP engine's move ``text``; what it printed before ``pong``."""
        e.send("force")
        lines = e.sync(self.job.ping_timeout)
        if lines is None:
            e.kill()
            raise GameOver(self.loss(seat), "stall", f"{self.color(seat)}'s connection stalls (no pong)")
        undone = False
        for line in lines:
            again = (OLD_MOVE_LINE if e.protover == 1 else MOVE_LINE).match(line)
            if again and not undone and again.group(1) == text:
                continue                # the same move once more (GNU Chess: "1. ... e7e5", "My move is : e7e5")
            if again:
                e.send("undo")          # it went on to play its partner's seat: take that back
                undone = True
                continue
            if _THINKING.match(line):
                continue
            if undone and _RESULT.match(line):
                continue                # its claim after that taken-back move: judged when the move is replayed
            self.other_line(seat, line)

    def adjudicate(self) -> None:
        job, pos = self.job, self.pos
        mover = self.last_mover
        if job.resign is not None:
            recent = self.seats[mover].scores[-job.resign.movecount:]
            if len(recent) == job.resign.movecount and all(s is not None and s <= -job.resign.score for s in recent):
                raise GameOver(self.loss(mover), "adjudication", f"{self.color(mover)} is adjudicated lost (score)")
        if job.draw is not None and pos.fullmove > job.draw.movenumber:
            n = job.draw.movecount
            if all(len(s.scores) >= n and all(x is not None and abs(x) <= job.draw.score for x in s.scores[-n:])
                   for s in self.seats):
                raise GameOver("1/2-1/2", "adjudication", "Draw by adjudication (scores)")

    def finish(self, result: str, reason: str) -> None:
        for e in self.engines.values():
            if not e.dead and getattr(e, "proto", "xboard") == "xboard":
                try:
                    e.send("force")
                    e.send(f"result {result} {{{reason}}}")
                except EngineDied:
                    pass


def new_record(job: GameJob) -> dict:
    return {
        "index": job.index, "round": job.round, "pair": job.pair, "variant": job.variant, "seed": job.seed,
        "event": job.event, "players": [job.engines[s].name for s in job.seats], "seats": list(job.seats),
        "tc": [job.engines[s].tc.describe() for s in job.seats], "fen": None, "opening_moves": list(job.opening_moves),
        "moves": [], "comments": [], "book": 0, "result": "*", "termination": "error", "reason": "",
        "score": None, "ranks": None, "garbage": 0, "warnings": [], "errors": [],
        "date": datetime.now(timezone.utc).strftime("%Y.%m.%d"), "duration": 0.0,
    }


def install_variants(files: tuple[tuple[str, str], ...]) -> None:
    """Make the games of shipped variants files known here (a pool or Dask worker) and to the engines this
    process starts: the text is written once to a file named by its hash, which joins HYPERCHESS_VARIANTS."""
    if not files:
        return
    paths = [p for p in os.environ.get("HYPERCHESS_VARIANTS", "").split(os.pathsep) if p]
    for name, text in files:
        suffix = ".ini" if name.lower().endswith(".ini") else ".toml"      # read by the format its name says
        path = os.path.join(tempfile.gettempdir(), f"hyperchess-{hashlib.sha256(text.encode()).hexdigest()[:16]}{suffix}")
        if not os.path.exists(path):
            part = f"{path}.{os.getpid()}.part"
            with open(part, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(part, path)
        add_variants(text, name)
        if path not in paths:
            paths.append(path)
    os.environ["HYPERCHESS_VARIANTS"] = os.pathsep.join(paths)


def play_game(job: GameJob, referee: type[Referee] = Referee) -> dict:
    """Play one game and return its record, refereed by ``referee`` (a game with fog: ``fog.FogReferee``).
    Engine processes are started here and always ended here."""
    started = time.monotonic()
    record = new_record(job)
    log = None
    ref = None
    try:
        if job.setup_module:
            importlib.import_module(job.setup_module)
        install_variants(job.variants_text)
        if job.log:
            log = open(job.log, "a", buffering=1, encoding="utf-8")
        ref = referee(job, record, log)
        record["fen"] = ref.game.position(job.opening_fen).fen()
        try:
            ref.start()
            ref.run()
        except GameOver as over:
            record.update(result=over.result, termination=over.termination, reason=over.reason)
            ref.finish(over.result, over.reason)
    except Exception as exc:          # a runner error: the game is recorded as unfinished
        record["errors"].append(f"{type(exc).__name__}: {exc}")
        record.update(result="*", termination="error", reason=str(exc))
    finally:
        if ref is not None:
            for e in ref.engines.values():
                e.close()
            record["moves"], record["comments"] = ref.moves, ref.comments
        if log is not None:
            log.close()
    record["duration"] = round(time.monotonic() - started, 3)
    record["ranks"] = points_ranks(record["result"], len(job.seats))
    record["score"] = score_for_first(record, job)
    return record


def points_ranks(result: str, players: int) -> list[int] | None:
    """Each seat's rank (1 = the most points; equal points share the better rank) of a game won on points,
    whose result is the seats' points (``25-16-0-3``, docs/rules/fourplayer.md); None for another result."""
    parts = result.split("-")
    if players <= 2 or len(parts) != players or not all(p.isdigit() for p in parts):
        return None
    points = [int(p) for p in parts]
    return [1 + sum(q > p for q in points) for p in points]


def score_for_first(record: dict, job: GameJob) -> float | None:
    """Points of engine 0's team in this game (1, 0.5, 0) or None for an unfinished game. A game won on
    points: 1 when a seat of engine 0 ranks first alone, 0.5 when it shares first place with another engine's
    seat, 0 otherwise (the ranks themselves are in ``record["ranks"]``)."""
    result = record["result"]
    ranks = points_ranks(result, len(job.seats))
    if ranks is not None:
        firsts = {job.seats[s] for s, r in enumerate(ranks) if r == 1}
        return 0.0 if 0 not in firsts else 1.0 if len(firsts) == 1 else 0.5
    if result not in ("1-0", "0-1", "1/2-1/2"):
        return None
    if result == "1/2-1/2":
        return 0.5
    game = get_game(job.variant)
    team = game.teams[job.seats.index(0)]
    return 1.0 if (result == "1-0") == (team == 0) else 0.0
