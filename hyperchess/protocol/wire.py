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


MAX_LINE = 1 << 20      # bytes (characters for text sources) in one line from the GUI; a longer one is refused
SKIP_CHUNK = 1 << 16    # an over-long line's rest is read and dropped this much at a time


def read_lines(src, put: Callable[[tuple[str, object]], None]) -> None:
    """Queue ``("line", text)`` for each line of ``src``, ``("long", size)`` instead of a line of more than
    ``MAX_LINE`` bytes (read in bounded pieces and dropped, so it costs no memory), then ``("eof", None)``.

    A real text stream is read through its byte buffer and every line decoded as UTF-8 with replacement,
    so no byte sequence (whatever the locale) can end the loop: a garbled line reaches the engine as an
    unknown command. Sources that yield ``str`` or ``bytes`` lines (tests) work too."""
    stream = getattr(src, "buffer", src)
    try:
        for line in _bounded(stream) if hasattr(stream, "readline") else stream:
            if isinstance(line, int):
                put(("long", line))
                continue
            if isinstance(line, bytes):
                line = line.decode("utf-8", errors="replace")
            line = line.rstrip("\r\n")
            put(("long", len(line)) if len(line) > MAX_LINE else ("line", line))
    except (ValueError, OSError):
        pass
    put(("eof", None))


def _bounded(stream):
    """The lines of ``stream`` (read with ``readline(size)``; bytes or text), or instead of a line longer than
    ``MAX_LINE`` (without its line end) its length, an int, after reading it to its end in pieces."""
    while True:
        line = stream.readline(MAX_LINE + 2)          # room for the line end, "\r\n"
        if not line:
            return
        nl, ends = ("\n", "\r\n") if isinstance(line, str) else (b"\n", b"\r\n")
        size, tail = len(line), line[-2:]
        while size >= MAX_LINE + 2 and not tail.endswith(nl):
            piece = stream.readline(SKIP_CHUNK)       # the rest of an over-long line: dropped
            if not piece:
                break
            size, tail = size + len(piece), (tail + piece)[-2:]
        size -= len(tail) - len(tail.rstrip(ends))    # without its line end
        yield size if size > MAX_LINE else line


def too_long(size: int) -> str:
    """What is said of an over-long line (each protocol wraps it in its own one-line form)."""
    return f"{size} bytes, the limit is {MAX_LINE}"


def decode(data: bytes) -> str:
    """A line of bytes from the GUI as text (bad UTF-8 replaced, never an error)."""
    return data.decode("utf-8", errors="replace").rstrip("\r\n")


def clean(line: str) -> str:
    """The line with control characters as blanks, stripped."""
    return "".join(ch if ch.isprintable() else " " for ch in line).strip()


ECHO_LIMIT = 200     # characters of the GUI's text repeated in an error line


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text``, cut to ``limit`` characters (with ``...``) so that a huge token is not echoed whole."""
    return text if len(text) <= limit else text[:limit] + "..."


def error(kind: str, text: str) -> str:
    """``Error (KIND): TEXT`` with TEXT shortened."""
    return f"Error ({kind}): {shorten(text)}"


def illegal(text: str, why: str | None = None) -> str:
    """``Illegal move: TEXT`` or ``Illegal move (WHY): TEXT``, TEXT shortened."""
    return f"Illegal move ({why}): {shorten(text)}" if why else f"Illegal move: {shorten(text)}"
