"""Test clients for the XBoard layer: the engine as a subprocess, or in-process on queues."""
from __future__ import annotations

import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE_CMD = [sys.executable, "-m", "hyperchess", "xboard"]
UCI_CMD = [sys.executable, "-m", "hyperchess", "uci"]
THINKING = re.compile(r"^\d+ -?\d+ \d+ \d+( |\t|$)")


class Client:
    """Lines to the engine with ``send``, lines from it with ``expect``/``until_pong``/``quiet``."""

    lines: "queue.Queue[str | None]"

    def send(self, *lines: str) -> None:
        raise NotImplementedError

    def next_line(self, timeout: float) -> str | None:
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def expect(self, pattern: str, timeout: float = 10.0) -> tuple[str, list[str]]:
        """Read until a line matches ``pattern`` (regex, whole line); return it and the lines before."""
        rx = re.compile(pattern)
        seen: list[str] = []
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            line = self.next_line(max(0.0, left)) if left > 0 else None
            if line is None:
                raise AssertionError(f"no line matching {pattern!r} within {timeout}s; got {seen!r}")
            if rx.fullmatch(line):
                return line, seen
            seen.append(line)

    _ping = 1000

    def sync(self, timeout: float = 10.0) -> list[str]:
        """``ping N``; the lines the engine wrote before ``pong N``."""
        Client._ping += 1
        n = Client._ping
        self.send(f"ping {n}")
        return self.expect(f"pong {n}", timeout)[1]

    def quiet(self, seconds: float) -> list[str]:
        """Every line that arrives within ``seconds``."""
        out = []
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            line = self.next_line(left)
            if line is not None:
                out.append(line)
        return out

    def handshake(self) -> list[str]:
        self.send("xboard", "protover 2")
        return [self.expect("feature done=0", 5)[0]] + self.expect("feature done=1", 5)[1] + ["feature done=1"]


class EngineProcess(Client):
    """``python -m hyperchess xboard`` (the same as ``hyperchess xboard``)."""

    def __init__(self, args: list[str] | None = None) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(args or ENGINE_CMD, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1, env=env)
        self.lines = queue.Queue()
        self.all: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            self.all.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def close(self) -> int:
        try:
            if self.proc.poll() is None:
                self.send("quit")
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            return self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("engine did not exit within 5 s of quit")

    def stderr(self) -> str:
        return self.proc.stderr.read() if self.proc.poll() is not None else ""

    def __enter__(self) -> "EngineProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Sink:
    def __init__(self, q: "queue.Queue[str | None]", record: list[str]) -> None:
        self.q, self.buf, self.record = q, "", record

    def write(self, text: str) -> None:
        self.buf += text
        while "\n" in self.buf:
            line, self.buf = self.buf.split("\n", 1)
            self.record.append(line)
            self.q.put(line)

    def flush(self) -> None:
        pass


class _Source:
    def __init__(self) -> None:
        self.q: "queue.Queue[str | None]" = queue.Queue()

    def __iter__(self):
        while True:
            line = self.q.get()
            if line is None:
                return
            yield line + "\n"


class InProcess(Client):
    """The engine's own loop on queues, in a thread of the test process (``engine`` is inspectable)."""

    def __init__(self, **kwargs) -> None:
        from hyperchess.protocol.xboard import XBoardEngine
        self.lines = queue.Queue()
        self.all: list[str] = []
        self.src = _Source()
        self.engine = XBoardEngine(_Sink(self.lines, self.all), **kwargs)
        self.thread = threading.Thread(target=self.engine.run, args=(self.src,), daemon=True)
        self.thread.start()

    def send(self, *lines: str) -> None:
        for line in lines:
            self.src.q.put(line)

    def close(self) -> None:
        self.send("quit")
        self.thread.join(timeout=5)
        assert not self.thread.is_alive(), "engine loop did not stop on quit"

    def __enter__(self) -> "InProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def xboard_variant(name: str) -> str:
    """What XBoard's StringToVariant makes of an engine's variant name (protocol.md Part 2 §5)."""
    low = name.lower()
    anywhere = ["normal", "wildcastle", "nocastle", "fischerandom", "bughouse", "crazyhouse", "losers", "suicide",
                "giveaway", "twokings", "kriegspiel", "atomic", "3check", "shatranj"]
    prefix = ["shogi", "chu", "courier", "gothic", "capablanca", "knightmate", "fairy", "cylinder", "falcon",
              "caparandom", "berolina", "janus", "super", "great", "twilight", "makruk", "seirawan", "grand",
              "spartan", "xiangqi", "asean", "lion", "elven", "janggi", "duck", "unknown"]
    for v in anywhere:
        if v in low:
            return v
    for v in prefix:
        if low.startswith(v) and not (len(low) > len(v) and low[len(v)].isalpha()):
            return v
    if "960" in low or "frc" in low or "wild" in low or re.search(r"w\d", low):
        return "wild"
    return "unknown"


def engine_move(eng, pos, timeout: float = 30) -> str:
    """Read the engine's next ``move``, check it is legal for us, and play it on ``pos``."""
    line, _ = eng.expect(r"move \S+", timeout=timeout)
    text = line.split()[1]
    legal = {pos.move_name(m): m for m in pos.legal_moves()}
    assert text in legal, f"engine played {text}, not legal in {pos.fen()}"
    pos.push(legal[text])
    return text


FSF_BINARY = next((p for p in ("/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish") if Path(p).exists()), None)


def match_against_fsf(variant: str, pgn: Path, games: int = 2) -> str:
    """``hyperchess match`` of hyperchess over UCI against Debian's Fairy-Stockfish over UCI in ``variant``,
    refereed by our rules; asserts no runner error and every move legal by ``pgn check``; the PGN's text."""
    from click.testing import CliRunner

    from hyperchess.cli import main
    r = CliRunner().invoke(main, ["match", "--variant", variant, "--engine",
                                  f"cmd={sys.executable} -m hyperchess uci", "proto=uci", "name=hyperchess",
                                  f"dir={ROOT}", "--engine", f"cmd={FSF_BINARY}", "proto=uci", "name=fsf",
                                  "option.Threads=1", "option.Hash=16", "--each", "tc=20+0.2", "timemargin=500",
                                  "--games", str(games), "--pgnout", str(pgn), "-q"], catch_exceptions=False)
    assert r.exit_code == 0 and "Runner errors: 0" in r.output, r.output
    check = CliRunner().invoke(main, ["pgn", "check", str(pgn)])
    assert check.exit_code == 0 and "all legal" in check.output, check.output
    return pgn.read_text()


def random_positions(name: str, count: int, seed: int) -> list[str]:
    """Position strings of ``name`` met in random games (cut at a random ply, the middle of a turn too), each
    with a legal move."""
    from hyperchess.variants import get_game
    game = get_game(name)
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        pos = game.position()
        for _ in range(rng.randrange(1, 120)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
        if pos.legal_moves():
            out.append(pos.fen())
    return out


def legal_names(name: str, fen: str) -> set[str]:
    """The native names of the legal moves of ``name`` at ``fen``."""
    from hyperchess.variants import get_game
    pos = get_game(name).position(fen)
    return {pos.move_name(m) for m in pos.legal_moves()}


def uci_legal_moves(name: str, fens: list[str], sent: list[str] | None = None) -> None:
    """Over UCI, at every position of ``fens``: no refusal, and a legal best move. ``sent``: what the engine is
    given instead of each position (a fog seat's view), the move still judged in the position."""
    with EngineProcess(UCI_CMD) as e:
        e.send("uci")
        e.expect("uciok", 10)
        e.send(f"setoption name UCI_Variant value {name}", "isready")
        e.expect("readyok", 30)
        for fen, given in zip(fens, sent or fens):
            e.send(f"position fen {given}", "go depth 1")
            line, before = e.expect(r"bestmove .*", 60)
            assert not [x for x in before if "refused" in x or "bad position" in x], (fen, before)
            assert line.split()[1] in legal_names(name, fen), (fen, line)


def cecp_legal_moves(name: str, fens: list[str], sent: list[str] | None = None) -> None:
    """Over CECP, at every position of ``fens``: no error, and a legal move. CECP's names are read back with the
    game's flat projection (the one the engine announced), then checked as native names; after the move,
    ``force``, so a second move of the same turn (double-move games) is not asked for. ``sent`` as for
    ``uci_legal_moves``."""
    from hyperchess.variants import get_game
    from hyperchess.variants.core.flat_wire import parse_flat_move
    game = get_game(name)
    with EngineProcess() as e:
        e.handshake()
        e.send("new", f"variant {name}", "force", "sd 1")
        for fen, given in zip(fens, sent or fens):
            e.send("force", f"setboard {given}", "go")
            line, before = e.expect(r"move \S+", 60)
            assert not [x for x in before if x.startswith(("Illegal", "Error", "tellusererror"))], (fen, before)
            pos = game.position(fen)
            text = line.split()[1]
            move = parse_flat_move(pos, text, game.flat_names) if game.flat_names is not None else None
            assert (pos.move_name(move) if move is not None else text) in legal_names(name, fen), (fen, line)
            e.send("force")
            e.sync(30)
