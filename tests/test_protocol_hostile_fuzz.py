"""Hostile protocol input on a real engine process (issue 14, Acceptance).

A seeded generator mixes legal moves in both notations (native and flat, ``usermove`` or bare) with the classes
of input that once killed or silenced the engine: huge, negative and non-finite numbers for every clock
command, lines that are not UTF-8, 1 MB tokens, ``exclude``/``include`` (``all`` too), refused commands
during a search, bad positions and take-backs. A mirror position follows every line the engine accepts.

After every line the engine process is alive; pings come back in order; no ``# internal error`` and no
unasked move ever appear; and whenever the engine owes a move (``go``) it moves within its time limit plus
one second (or claims the result when the game is over), refused commands sent during its search
notwithstanding. CI runs 10,000 lines; the slow suite 100,000.
"""
from __future__ import annotations

import os
import queue
import random
import re
import subprocess
import threading
import time
from collections import deque

import pytest

from hyperchess.protocol.flat import flat_move_name, flat_names
from hyperchess.protocol.notation import parse_wire_move
from hyperchess.protocol.setboard import position_readers
from hyperchess.variants import MoveError
from protocol_support import ENGINE_CMD, ROOT
from hyperchess.variants import BUILT_IN_GAMES, get_game

GAMES = [n for n in BUILT_IN_GAMES if get_game(n).players == 2]   # four-player null moves are not mirrored here
RESULT = re.compile(r"(1-0|0-1|1/2-1/2) \{[^}]*\}")
HUGE = ["1e308", "1e300", "10000000000", "10000000000000", "9" * 400, "1e306", "179769313486231570" + "0" * 292]
NEGATIVE = ["-1", "-100", "-1e9", "-0.5", "-1e308"]
NONFINITE = ["inf", "-inf", "nan", "NaN", "Infinity", "1e400"]
JUNK = ["", "x", "1:2:3", "0x10", "1_0", "--", "5:", ":5", "1e", "٣"]


class RawEngine:
    """The engine as a subprocess, written to in bytes (so invalid UTF-8 can be sent)."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8:strict")
        self.proc = subprocess.Popen(ENGINE_CMD, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.ping = 0

    def _pump(self) -> None:
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8", errors="replace").rstrip("\n"))
        self.lines.put(None)

    def send(self, data: bytes) -> None:
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()
        assert self.proc.poll() is None, f"engine died after {data[:80]!r}: {self.proc.stderr.read()[-2000:]!r}"

    def drain(self) -> list[str]:
        out = []
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return out
            assert line is not None, "engine closed its output"
            out.append(line)

    def until(self, pattern: re.Pattern, timeout: float) -> tuple[str | None, list[str]]:
        seen = []
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            assert line is not None, "engine closed its output"
            if pattern.fullmatch(line):
                return line, seen
            seen.append(line)
        return None, seen

    def sync(self, timeout: float = 20.0) -> list[str]:
        self.ping += 1
        self.send(f"ping {self.ping}".encode())
        line, seen = self.until(re.compile(f"pong {self.ping}"), timeout)
        assert line is not None, f"no pong {self.ping} within {timeout}s: {seen[-5:]!r}"
        return seen

    def close(self) -> int:
        try:
            self.send(b"quit")
        except (BrokenPipeError, OSError, AssertionError):
            pass
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise


def check_quiet(lines: list[str]) -> None:
    """What the engine may say outside a search of its own: no moves, no internal errors."""
    for line in lines:
        assert not line.startswith("move "), f"unasked move: {line}"
        assert "internal error" not in line and "Traceback" not in line, line


class Fuzz:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.eng = RawEngine()
        self.sent = 0
        self.recent: deque = deque(maxlen=30)      # the last lines sent, for failure messages
        self.moves_owed = 0
        self.notation = "flat"
        self.set_game("normal")

    # -------------------------------------------------------------- the mirror
    def set_game(self, name: str) -> None:
        self.game = get_game(name)
        self.pos = self.game.position()
        self.bad = False            # after a refused setboard: no legal position until new/setboard

    def move_text(self, move) -> str:
        fl = flat_names(self.game)
        if fl is not None and self.rng.random() < 0.5:
            return flat_move_name(self.pos, move, fl)
        return self.pos.move_name(move)

    def move_of(self, text: str, pos=None):
        """The move the engine would take ``text`` for now, or in ``pos`` (in either notation), else None."""
        try:
            return parse_wire_move(self.game, self.notation, self.pos if pos is None else pos, text)
        except MoveError:
            return None

    def accepts(self, text: str, pos=None) -> bool:
        """Would the engine take ``text`` as a move now, or in ``pos`` (in either notation)?"""
        return self.move_of(text, pos) is not None

    def never_accepts(self, text: str) -> bool:
        """Is ``text`` refused now and after every reply the engine may play? (An engine with a huge limit may
        still move at once, a mate or its deepest depth found: a move refused before is then the opponent's.)"""
        if self.accepts(text):
            return False
        for reply in self.pos.legal_moves():
            self.pos.push(reply)
            taken = self.accepts(text)
            self.pos.pop()
            if taken:
                return False
        return True

    def line(self, data: bytes | str) -> None:
        data = data if isinstance(data, bytes) else data.encode()
        self.eng.send(data)
        self.recent.append(data[:100])
        self.sent += 1

    # -------------------------------------------------------------- line classes
    def legal_move(self) -> None:
        moves = self.pos.legal_moves()
        if self.bad or not moves:
            return self.junk_move()
        move = self.rng.choice(moves)
        text = self.move_text(move)
        checked = self.rng.random() < 0.05
        if checked:
            check_quiet(self.eng.sync())
        self.line(f"usermove {text}" if self.rng.random() < 0.7 else text)
        self.pos.push(move)
        if checked:
            assert self.eng.sync() == [], f"legal move {text} refused in {self.pos.fen()} after {list(self.recent)}"

    def junk_move(self) -> None:
        """A move text that is mostly no move; where it is a legal one (``e2e5`` of a rook, ``e2-e9`` on 14
        ranks) the engine makes it, and so does the mirror."""
        text = self.rng.choice(["zz9", "a1a1", "e2e5", "@@@@", "e7e8k", "Aa1Bb2", "e2-e9", "x" * 5000])
        move = None if self.bad else self.move_of(text)
        self.line(self.rng.choice(["usermove ", ""]) + text)
        if move is not None:
            self.pos.push(move)

    def number(self) -> None:
        value = self.rng.choice(HUGE + NEGATIVE + NONFINITE + JUNK + ["0", "1", "0.5", "300", "40"])
        word = self.rng.choice(["st", "time", "otim", "sd", "nps", "memory", "cores", "level"])
        if word == "level":
            parts = [self.rng.choice([value, "0", "40", "1", "5"]), self.rng.choice(
                [value, f"{value}:{self.rng.choice(HUGE + NEGATIVE + ['30'])}", "5", "0:30"]),
                self.rng.choice([value, "0", "2"])]
            self.line("level " + " ".join(parts[:self.rng.choice([3, 3, 3, 2, 4])]))
        else:
            self.line(f"{word} {value}")

    def invalid_bytes(self) -> None:
        body = bytes(self.rng.choice([0x80, 0xC3, 0xE9, 0xFF, 0xFE, 0xA0]) for _ in range(self.rng.randint(1, 4)))
        tail = bytes(self.rng.randint(0x20, 0xFF) for _ in range(self.rng.randint(0, 20))).replace(b"\n", b"")
        prefix = self.rng.choice([b"", b"usermove ", b"setboard ", b"exclude "])
        self.line(prefix + body + tail)
        if prefix == b"setboard ":
            self.bad = True                                 # refused: no legal position until the next one
        if self.rng.random() < 0.1:
            self.line(b"ping\xff")

    def exclude(self) -> None:
        moves = self.pos.legal_moves()
        word = self.rng.choice(["exclude", "include"])
        if moves and self.rng.random() < 0.6:
            self.line(f"{word} {self.move_text(self.rng.choice(moves))}")
        else:
            self.line(f"{word} {self.rng.choice(['all', 'all', '', 'zz', 'e2e4'])}".rstrip())

    def position(self) -> None:
        r = self.rng.random()
        if r < 0.35:
            self.setboard()
        elif r < 0.55:
            self.line(self.rng.choice(["setboard 8/8/8 w", "setboard " + "9" * 4400 + "/8/8/8/8/8/8/8 w - - 0 1",
                                       "setboard", "setboard k7/8/8/8/8/8/8/8 w - - 0 1"]))
            self.bad = True
        elif r < 0.75:
            self.line("undo")
            if self.pos.moves_made and not self.bad:
                self.pos.pop()
        elif r < 0.85:
            self.line("remove")
            if self.pos.moves_made >= 2 and not self.bad:
                self.pos.pop()
                self.pos.pop()
        elif r < 0.93:
            name = self.rng.choice(GAMES + ["nosuchgame"])
            self.line(f"variant {name}")
            if name != "nosuchgame":
                self.set_game(name)
        else:
            self.line(self.rng.choice(["new", "new"]))
            self.line("force")
            self.set_game("normal")

    def setboard(self) -> None:
        """The mirror's position (legal) to the engine."""
        if self.notation == "flat" and len(position_readers(self.game, "flat")) > 1:
            self.line("option Notation=native")         # flat is read first then, and may mean another position
            self.notation = "native"
        self.line(f"setboard {self.pos.fen()}")
        self.bad = False
        self.pos = self.game.position(self.pos.fen())

    def option(self) -> None:
        value = self.rng.choice(["flat", "native", "bogus"])
        self.line(f"option Notation={value}")
        if value != "bogus":
            self.notation = value

    def go(self) -> None:
        """The engine owes a move: it must come within the limit + 1 s, refused commands notwithstanding."""
        if self.bad:
            self.setboard()
        huge = self.rng.random() < 0.15
        limit = self.rng.choice([0.05, 0.1, 0.2, 0.3])
        self.line(f"st {self.rng.choice(['1e308', '1e300', '10000000000', '1e306'])}" if huge else f"st {limit}")
        self.line("nps 0")                                  # node clocks off: the limit is in seconds
        check_quiet(self.eng.sync())
        over = self.pos.outcome() is not None or not self.pos.legal_moves()
        start = time.monotonic()
        self.line("go")
        refused = ["usermove zz", "usermove", "usermove a1a1", "variant nosuchgame", "exit",
                   "usermove " + "x" * 100_000]
        # with a huge limit the engine is mostly still thinking, so these meet the position checked here; only
        # moves it would refuse after any reply as well (it may answer at once: one legal move, a mate found, its
        # deepest depth reached, and a usermove after that is the opponent's, owed a reply). Not ``undo``: after
        # such a reply it takes the reply back
        if huge:
            refused += [f"usermove {m}" for m in ("e7e5", "e2e4", "a7a5", "b8c6") if self.never_accepts(m)]
            refused += ["remove"] if not self.pos.moves_made else []
        for _ in range(self.rng.randint(0, 3)):            # refused while it thinks: the search goes on
            self.line(self.rng.choice(refused))
        if self.rng.random() < 0.3:
            self.line(self.rng.choice([b"ping\xff", b"time -5", b"st nan", b"\xff\xfe"]))   # wait for the move
        if huge:
            time.sleep(0.05)
            self.line("?")
            limit = 0.0
        pattern = RESULT if over else re.compile(r"move \S+")
        line, seen = self.eng.until(pattern, limit + 3.0)
        assert line is not None, f"no {'result' if over else 'move'} after go ({self.pos.fen()}): {seen[-6:]!r}"
        elapsed = time.monotonic() - start
        assert elapsed <= limit + 1.0, f"move after {elapsed:.2f}s, limit {limit}s"
        self.moves_owed += 1
        if not over:
            self.pos.push(parse_wire_move(self.game, self.notation, self.pos, line[5:]))
        self.line("force")
        check_quiet(seen)
        check_quiet(self.eng.sync())                        # a game-ending move's result line comes in between

    def run(self, lines: int, go_every: int) -> None:
        self.line("xboard")
        self.line("protover 2")
        self.line("new")
        self.line("force")
        self.eng.sync()
        actions = [(self.legal_move, 30), (self.number, 14), (self.invalid_bytes, 8), (self.exclude, 8),
                   (self.position, 6), (self.junk_move, 6), (self.option, 2)]
        funcs = [f for f, w in actions for _ in range(w)]
        next_go = go_every
        while self.sent < lines:
            self.rng.choice(funcs)()
            if self.sent >= next_go:
                next_go += go_every
                self.go()
            elif self.rng.random() < 0.05:
                check_quiet(self.eng.sync())
            else:
                check_quiet([line for line in self.eng.drain() if not RESULT.fullmatch(line)])
        check_quiet(self.eng.sync())
        assert self.eng.close() == 0


class Picks(random.Random):
    """A generator whose ``choice`` takes one of ``wanted`` wherever it is offered."""

    def __init__(self, *wanted: str) -> None:
        super().__init__(0)
        self.wanted = wanted

    def choice(self, seq):
        return next((x for x in seq if x in self.wanted), None) or super().choice(seq)


def test_junk_move_that_is_legal_moves_the_mirror_too():
    """``e2e5`` is a rook's move here: the engine makes it, so the mirror must (CI at 45b0c01: the bare junk
    ``e2e5`` was a queen's capture in third-millennium, and the mirror's next checked move, one ply behind the
    engine's position, was refused: ``Error (unknown command): h5f4u``)."""
    fuzz = Fuzz(seed=0)
    try:
        for line in ("xboard", "protover 2", "new", "force"):
            fuzz.line(line)
        fuzz.eng.sync()
        fuzz.pos = fuzz.game.position("k7/8/8/8/8/8/4R3/4K3 w - - 0 1")
        fuzz.setboard()
        fuzz.rng = Picks("e2e5", "")                       # the bare junk text e2e5
        fuzz.junk_move()
        assert fuzz.eng.sync() == []
        assert fuzz.pos.fen() == "k7/8/8/4R3/8/8/8/4K3 b - - 1 1"
        fuzz.line("a8b8")                                   # Black's move, in the engine and in the mirror
        assert fuzz.eng.sync() == []
    finally:
        assert fuzz.eng.close() == 0


def test_hostile_protocol_fuzz_ci():
    fuzz = Fuzz(seed=14)
    fuzz.run(10_000, go_every=200)
    assert fuzz.moves_owed >= 45


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_hostile_protocol_fuzz_100k(seed):
    fuzz = Fuzz(seed=seed * 1000)
    fuzz.run(25_000, go_every=150)
    assert fuzz.moves_owed >= 150
