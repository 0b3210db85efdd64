"""Engines from outside (``hyperchess serve --engine NAME=COMMAND [proto=uci]``): an installed UCI or CECP
engine offered as a seat in the games it plays, refereed by hyperchess's own rules as ``hyperchess match``
referees it (the same processes: ``tournament/engine.py``, ``tournament/uci.py``).

At start the server asks each engine which games it plays (UCI: the ``UCI_Variant`` choices, orthodox chess
without them; CECP: ``feature variants``) and offers it for those of its two-player games. A game with such a
seat starts the engine's process at its first turn and ends it with the game. Each of its moves is parsed by
our rules (``pos.parse_move``), so an illegal move, a crash or silence past its time ends the game against it.
"""
from __future__ import annotations

import queue
import re
import threading
import time
from dataclasses import dataclass

from hyperchess.engine.timecontrol import Limits
from hyperchess.tournament.engine import EngineDied, EngineProcess
from hyperchess.tournament.dialect import seconds_a_move
from hyperchess.tournament.spec import (EngineSpec, SpecError, apply_engine_pairs, engine_command, engine_timing,
                                       split_tokens)
from hyperchess.tournament.uci import UCI_CHESS, parse_bestmove, parse_info, start_engine
from hyperchess.variants import DEFAULT_GAME, game_names, get_game

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,19}")
RESERVED = ("human", "link", "engine", "you", "person")
START_SECONDS = 15.0          # for the handshake
GRACE = 5.0                   # seconds past its time before an engine that says nothing loses
_MOVE = re.compile(r"^\s*(?:move|my move is\s*:?)\s+(\S+)", re.IGNORECASE)
_THINKING = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)")       # CECP: depth score time nodes pv


class EngineFailed(Exception):
    """The engine crashed, stalled or could not start (one line): its side loses."""


_launches: "queue.Queue[tuple[EngineSpec, dict, threading.Event]]" = queue.Queue()
_launcher_lock = threading.Lock()
_launcher: threading.Thread | None = None


def launch(spec: EngineSpec) -> EngineProcess:
    """Start the engine's process from one thread that lives as long as the server: on Linux an engine dies
    with the thread that started it (``PR_SET_PDEATHSIG`` names the thread, not the process), and a game's
    engine thread ends at every person's turn."""
    global _launcher
    with _launcher_lock:
        if _launcher is None:
            _launcher = threading.Thread(target=_launch_loop, name="engine-launcher", daemon=True)
            _launcher.start()
    box: dict = {}
    done = threading.Event()
    _launches.put((spec, box, done))
    done.wait()
    if "error" in box:
        raise box["error"]
    return box["proc"]


def _launch_loop() -> None:
    while True:
        spec, box, done = _launches.get()
        try:
            box["proc"] = start_engine(spec, None, spec.name)
        except Exception as exc:          # EngineDied (cannot start), handed to the caller
            box["error"] = exc
        done.set()


@dataclass(frozen=True)
class OutsideEngine:
    """An engine given to ``serve --engine``: how to start it, and the games of ours it plays."""
    spec: EngineSpec
    games: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.spec.name


def parse_engine(words: list[str]) -> EngineSpec:
    """``NAME=COMMAND`` then ``key=value`` words (``proto=uci``, ``arg=``, ``dir=``, ``option.X=``), as one
    string or as several words. SpecError (one line) if it is not that."""
    if len(words) == 1 and " " in words[0].strip():
        words = split_tokens(words[0])
    if not words or "=" not in words[0]:
        raise SpecError("--engine: NAME=COMMAND [proto=uci], e.g. fsf=/usr/games/fairy-stockfish proto=uci")
    name, _, command = words[0].partition("=")
    if not NAME.fullmatch(name) or name.lower() in RESERVED:
        raise SpecError(f"--engine: {name[:30]!r} is not a name for a seat (a letter, then up to 19 letters, "
                        f"digits, _ . -; not {'/'.join(RESERVED)})")
    pairs = [("cmd", command)]
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq:
            pairs[-1] = (pairs[-1][0], pairs[-1][1] + " " + word) if pairs[-1][0] == "cmd" else pairs[-1]
            if pairs[-1][0] != "cmd":
                raise SpecError(f"--engine {name}: expected key=value, got {word[:40]!r}")
            continue
        pairs.append((key.strip(), value))
    d = apply_engine_pairs({}, pairs, f"--engine {name}")
    argv, proto = engine_command(d, f"--engine {name}")
    return EngineSpec(name=name, argv=argv, cwd=d.get("dir"), options=tuple(sorted(d["options"].items())),
                      proto=proto, timing=engine_timing(d, f"--engine {name}"))


def probe(spec: EngineSpec) -> OutsideEngine:
    """Start the engine once to learn the games it plays. EngineFailed if it does not start or plays none."""
    try:
        e = start_engine(spec, None, spec.name)
    except EngineDied as exc:
        raise EngineFailed(f"--engine {spec.name}: {exc}") from None
    try:
        e.handshake(START_SECONDS)
        theirs = e.variants()
    except EngineDied as exc:
        raise EngineFailed(f"--engine {spec.name}: {exc}") from None
    finally:
        e.close(1.0)
    # no list (CECP without ``feature variants``, UCI without ``UCI_Variant``): orthodox chess only
    names = set(theirs or ()) if theirs else {DEFAULT_GAME}
    if UCI_CHESS in names:
        names.add(DEFAULT_GAME)
    games = tuple(g for g in game_names() if g in names and get_game(g).players == 2)
    if not games:
        raise EngineFailed(f"--engine {spec.name}: it plays none of hyperchess's two-player games")
    return OutsideEngine(spec, games)


class OutsidePlayer:
    """The engine's process for one game: told the game so far at each of its turns, asked for a move."""

    def __init__(self, engine: OutsideEngine, variant: str, start_fen: str) -> None:
        self.engine = engine
        self.spec = engine.spec
        self.variant = variant
        self.fen = start_fen
        self.start_fen = None if start_fen == get_game(variant).position().fen() else start_fen
        self.proc: EngineProcess | None = None
        self.known: list[str | None] = []     # CECP: the moves the engine knows (None: its own last one)
        self.timed: list[str] = []            # CECP: the time control last sent (dialect.seconds_a_move)
        self.lock = threading.Lock()

    def _start(self) -> EngineProcess:
        e = launch(self.spec)
        e.handshake(START_SECONDS)
        e.set_up(self.variant, DEFAULT_GAME, self.spec.options, self.start_fen)
        if self.spec.proto != "uci":
            e.send("post")
        if e.sync(START_SECONDS) is None:
            raise EngineDied(f"no answer to {'isready' if self.spec.proto == 'uci' else 'ping'}")
        self.known = []
        self.timed = []
        return e

    def best(self, moves: list[str], limits: Limits, white: bool, clocks: tuple[float | None, float | None],
             stop: threading.Event, on_info=None) -> str | None:
        """The engine's move after ``moves`` (native notation) within ``limits``; None if ``stop`` was set
        first. EngineFailed if it crashes or says nothing past its time."""
        with self.lock:
            try:
                return self._best(moves, limits, white, clocks, stop, on_info)
            except EngineDied as exc:
                self.close()
                raise EngineFailed(f"{self.spec.name} disconnects ({exc})") from None

    def _best(self, moves, limits: Limits, white: bool, clocks, stop, on_info) -> str | None:
        uci = self.spec.proto == "uci"
        if self.known and self.known[-1] is None and moves[:len(self.known) - 1] == self.known[:-1]:
            self.known = list(moves[:len(self.known)])      # its own move, as our rules wrote it
        if self.proc is None or (not uci and self.known != moves[:len(self.known)]):
            self.close()                      # a take-back or a new position: the CECP engine starts again
            self.proc = self._start()
        e = self.proc
        allowed = limits.movetime if limits.movetime is not None else (limits.time_left or 0.0)
        if uci:
            head = "position startpos" if self.start_fen is None else f"position fen {self.start_fen}"
            e.send(head + (" moves " + " ".join(moves) if moves else ""))
            e.send("go " + go_words(limits, white, clocks))
        else:
            for name in moves[len(self.known):]:
                e.send(("usermove " if e.features.get("usermove") == "1" else "") + name)
            self.known = list(moves)
            if limits.movetime is not None:
                once, each = seconds_a_move(limits.movetime, self.spec.timing, e)
                if self.timed != once:
                    self.timed = once
                    for line in once:
                        e.send(line)
                for line in each:
                    e.send(line)
            else:
                mine, theirs = clocks
                e.send(f"time {centis(mine)}")
                e.send(f"otim {centis(theirs)}")
            e.send("go")
        deadline = time.monotonic() + allowed + GRACE
        stopped = False
        while True:
            if stop.is_set() and not stopped:
                stopped = True
                e.send("stop" if uci else "?")
                deadline = min(deadline, time.monotonic() + GRACE)
            item = e.get(min(deadline, time.monotonic() + 0.05))
            if item is None:
                if time.monotonic() >= deadline:
                    e.kill()
                    self.proc = None
                    if stopped:
                        return None
                    raise EngineFailed(f"{self.spec.name} says nothing for {allowed + GRACE:.1f} s")
                continue
            line = item[1]
            if uci:
                info = parse_info(line)
                if info is not None and on_info is not None:
                    on_info(*info)
                played = parse_bestmove(line)
            else:
                th = _THINKING.match(line)
                if th and on_info is not None:
                    on_info(int(th.group(1)), int(th.group(2)))
                m = _MOVE.match(line)
                played = m.group(1) if m else None
            if played is not None:
                if stopped:
                    if not uci:
                        self.close()          # it may have gone on thinking: the next turn starts it again
                    return None
                if not uci:
                    e.send("force")
                    self.known = self.known + [None]
                return played

    def close(self) -> None:
        if self.proc is not None:
            proc, self.proc = self.proc, None
            threading.Thread(target=proc.close, args=(1.0,), daemon=True).start()


def go_words(limits: Limits, white: bool, clocks: tuple[float | None, float | None]) -> str:
    """UCI's ``go`` arguments for the web board's limits: ``movetime``, or both clocks and the increment."""
    if limits.movetime is not None:
        return f"movetime {ms(limits.movetime)}"
    mine, theirs = clocks
    w, b = (mine, theirs) if white else (theirs, mine)
    words = [f"wtime {ms(w)}", f"btime {ms(b)}"]
    if limits.increment:
        words += [f"winc {ms(limits.increment)}", f"binc {ms(limits.increment)}"]
    if limits.moves_to_go:
        words.append(f"movestogo {limits.moves_to_go}")
    return " ".join(words)


def ms(seconds: float | None) -> int:
    return max(1, int(round((seconds or 0.0) * 1000)))


def centis(seconds: float | None) -> int:
    return max(1, int(round((seconds or 0.0) * 100)))
