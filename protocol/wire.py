"""The wire: whole lines out (one lock, flushed at once, optionally logged) and lines in (a reader thread).

Part 2 §1: lines are ``\\n``-terminated and flushed at once; stdin is read on its own thread and queued.
"""
from __future__ import annotations

import threading
import time
from typing import Callable, TextIO


class Output:
    """Whole lines to the GUI, flushed at once; one lock so threads never interleave."""

    def __init__(self, stream: TextIO | Callable[[str], None], log: TextIO | None = None) -> None:
        self.stream = stream if hasattr(stream, "write") else LineStream(stream)
        self.log = log
        self.lock = threading.RLock()
        self.t0 = time.perf_counter()

    def __call__(self, line: str) -> None:
        with self.lock:
            try:
                self.stream.write(line + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError, OSError):
                pass
            self.record("<", line)

    def record(self, arrow: str, line: str) -> None:
        if self.log is not None:
            try:
                self.log.write(f"{time.perf_counter() - self.t0:10.3f} {arrow} {line}\n")
                self.log.flush()
            except (ValueError, OSError):
                pass


class LineStream:
    """A ``write``-able wrapper around a function that takes whole lines."""

    def __init__(self, fn: Callable[[str], None]) -> None:
        self.fn = fn

    def write(self, text: str) -> None:
        for line in text.splitlines():
            self.fn(line)

    def flush(self) -> None:
        pass


def read_lines(src: TextIO, put: Callable[[tuple[str, object]], None]) -> None:
    """Queue ``("line", text)`` for each line of ``src``, then ``("eof", None)``."""
    try:
        for line in src:
            put(("line", line.rstrip("\r\n")))
    except (ValueError, OSError):
        pass
    put(("eof", None))


def clean(line: str) -> str:
    """The line with control characters as blanks, stripped."""
    return "".join(ch if ch.isprintable() else " " for ch in line).strip()
