"""One CECP engine process seen from the referee: start, handshake, lines in and out, clean exit.

A reader thread turns the engine's stdout into (arrival time, line) items on a queue; ``None`` marks
end of file (the engine died or closed its output). Every line in both directions can go to a log.
"""
from __future__ import annotations

import ctypes
import os
import queue
import re
import shlex
import signal
import subprocess
import threading
import time
from typing import IO

from .spec import EngineSpec

_FEATURE = re.compile(r'(\w+)=("[^"]*"|\S+)')
# what XBoard tells an engine that asks with ``memory=1`` / ``smp=1`` (its defaults: defaultHashSize 64 MB plus
# defaultCacheSizeEGTB 4 MB, smpCores 1; backend.c InitChessProgram). HaChu allocates its hash table only then.
MEMORY_MB = 68
CORES = 1

try:                                    # Linux: the engine dies with its parent (Ctrl-C, kill -9)
    _prctl = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError):       # pragma: no cover - not Linux
    _prctl = None


def die_with_parent() -> None:
    """Linux: this process gets SIGTERM when its parent dies (PR_SET_PDEATHSIG); elsewhere nothing."""
    if _prctl is not None:
        _prctl(1, signal.SIGTERM)


class EngineDied(Exception):
    """The engine's output ended (crash, exit) or it could not be written to."""


class EngineProcess:
    """A running engine. ``label`` names it in the log (e.g. ``g12 hyperchess``)."""

    def __init__(self, spec: EngineSpec, log: IO[str] | None = None, label: str = "") -> None:
        self.spec = spec
        self.log = log
        self.label = label or spec.name
        self.features: dict[str, str] = {}
        self.options: list[str] = []      # the engine's ``feature option="..."`` descriptions
        self.lines: "queue.Queue[tuple[float, str] | None]" = queue.Queue()
        self.dead = False
        self._held: tuple[float, str] | None = None     # a line that arrived after the last deadline
        self.protover = 1                 # 2 once the engine has sent a ``feature``
        self._ping = 0
        self.garbage = 0
        try:
            self.proc = subprocess.Popen(
                list(spec.argv), cwd=spec.cwd or None, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1, errors="replace",
                start_new_session=True,              # Ctrl-C reaches the runner, which ends the engines
                preexec_fn=die_with_parent if _prctl is not None else None,
                env=dict(os.environ, PYTHONUNBUFFERED="1"))
        except OSError as exc:
            raise EngineDied(f"cannot start {shlex.join(spec.argv)}: {exc.strerror or exc}") from None
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        out = self.proc.stdout
        assert out is not None
        try:
            for line in out:
                line = line.rstrip("\r\n")
                self._log("<", line)
                self.lines.put((time.monotonic(), line))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _log(self, direction: str, line: str) -> None:
        if self.log is not None:
            try:
                self.log.write(f"{time.time():.3f} {self.label} {direction} {line}\n")
            except (OSError, ValueError):
                pass

    # ------------------------------------------------------------------ I/O
    def send(self, line: str) -> None:
        if self.dead:
            raise EngineDied("the engine has exited")
        self._log(">", line)
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            self.dead = True
            raise EngineDied("the engine closed its input") from None

    def get(self, deadline: float) -> tuple[float, str] | None:
        """The next (time, line) that arrived by ``deadline`` (monotonic), or None when there is none by then:
        a line that arrives later waits for the next call, so an engine that never stops printing cannot hold
        the referee past a deadline. EngineDied at EOF."""
        if self.dead:
            raise EngineDied("the engine has exited")
        item = self._held
        self._held = None
        if item is None:
            try:
                item = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return None
        if item is None:
            self.dead = True
            raise EngineDied("the engine exited" if self.proc.poll() is not None else "the engine closed its output")
        if item[0] > deadline:
            self._held = item
            return None
        return item

    def sync(self, timeout: float) -> list[str] | None:
        """``ping N`` and the lines before ``pong N``; None if no pong within ``timeout`` s.
        Engines without ``ping=1`` get no ping (an empty list is returned)."""
        if self.features.get("ping") != "1":
            return []
        self._ping += 1
        n = self._ping
        self.send(f"ping {n}")
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            item = self.get(deadline)
            if item is None:
                return None
            if item[1].strip() == f"pong {n}":
                return seen
            seen.append(item[1])

    # ------------------------------------------------------------------ life cycle
    def handshake(self, timeout: float = 10.0) -> None:
        """``xboard``/``protover 2`` and the features up to ``done=1`` (``done=0`` extends the wait to
        60 s). An engine that never says ``done`` is taken as ready after ``timeout`` s; one that sends no
        feature speaks protocol version 1 (``protover`` stays 1), and one that refuses ``protover`` as an
        unknown command or move (GNU Chess 4's "Illegal move (no match) protover") is not waited for."""
        self.send("xboard")
        self.send("protover 2")
        deadline = time.monotonic() + timeout
        while True:
            item = self.get(deadline)
            if item is None:
                return
            line = item[1].strip()
            if not line.startswith("feature "):
                if self.protover == 1 and "protover" in line and line.lower().startswith(("error", "illegal move")):
                    return
                continue
            self.protover = 2
            for name, value in _FEATURE.findall(line[8:]):
                value = value[1:-1] if value.startswith('"') else value
                if name == "done":
                    if value == "1":
                        return
                    deadline = time.monotonic() + 60.0
                    continue
                self.features[name] = value
                if name == "option":
                    self.options.append(value)
                if name in ("ping", "setboard", "usermove", "san", "time", "reuse", "sigint", "sigterm",
                            "variants", "myname", "colors", "draw", "playother", "name", "debug",
                            "analyze", "nps", "memory", "smp", "exclude", "setscore", "pause", "ics",
                            "highlight", "xedit", "egt", "option"):
                    if name != "option":
                        self.send(f"accepted {name}")
                else:
                    self.send(f"rejected {name}")

    def set_up(self, variant: str, default_variant: str, options: tuple[tuple[str, str], ...],
               fen: str | None = None) -> None:
        """A new game of ``variant`` in force mode, from ``fen`` if given, with the options. ``memory`` and
        ``cores`` go first and last to an engine that asked for them, as XBoard sends them (``cores`` 1, or the
        value of an option named ``cores``). hyperchess (and any
        engine with the same option) is asked for native notation, the referee's; an explicit
        ``option.Notation=`` wins."""
        if self.features.get("memory") == "1":         # the first of the settings before ``new`` (section 8)
            self.send(f"memory {MEMORY_MB}")
        if self.offers_choice("Notation", "native") and "Notation" not in dict(options):
            self.send("option Notation=native")
        cores = CORES
        for name, value in options:
            if name.lower() == "cores":                 # ``option.cores=N``: XBoard's cores command, not an option
                cores = value
                continue
            self.send(f"option {name}={value}")
        if self.features.get("smp") == "1":            # the last of them
            self.send(f"cores {cores}")
        self.send("new")
        if variant != default_variant:
            self.send(f"variant {variant}")
        self.send("force")
        if fen is not None:
            self.send(f"setboard {fen}")

    @staticmethod
    def incoming(text: str) -> str:
        """A move the engine printed, as the referee reads it (xshogi's engines differ)."""
        return text

    def offers_choice(self, option: str, choice: str) -> bool:
        """Does the engine declare a combo ``option`` with ``choice`` among its values?"""
        for text in self.options:
            name, _, rest = text.partition(" -combo ")
            if name.strip() == option and choice in [c.strip().lstrip("*") for c in rest.split("///")]:
                return True
        return False

    def declares(self, option: str) -> bool:
        """Does the engine declare an option of this name (``feature option="NAME -TYPE ..."``)?"""
        return any(text.split(" -", 1)[0].strip() == option for text in self.options)

    def variants(self) -> list[str] | None:
        v = self.features.get("variants")
        return None if v is None else [x.strip() for x in v.split(",") if x.strip()]

    def close(self, grace: float = 2.0) -> None:
        """``quit``, then terminate and kill if it is still there after ``grace`` seconds."""
        if self.proc.poll() is None:
            try:
                if not self.dead:
                    self.send("quit")
            except EngineDied:
                pass
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                self.kill()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self.dead = True

    def kill(self) -> None:
        """End the engine and its process group at once."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.proc.poll() is not None:
                break
            try:
                os.killpg(self.proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                try:
                    self.proc.send_signal(sig)
                except ProcessLookupError:
                    pass
            try:
                self.proc.wait(1.0)
            except subprocess.TimeoutExpired:
                pass
        self.dead = True
