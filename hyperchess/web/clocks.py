"""The web board's clocks: one time control for every seat, kept by the server.

Each seat's clock holds the seconds it had at the start of its turn; the running one is the side to move's,
counted from ``turn_start`` (``time.monotonic``). Restored from storage, a game's clocks are those after its
last move and the running clock starts again at the restore: clocks do not run while the server is down.
"""
from __future__ import annotations

import time

from hyperchess.tournament.spec import SpecError, parse_tc

MAX_CLOCK = 36000.0       # seconds: the longest base time the board takes (10 hours)


class ClockError(ValueError):
    """A time control the board refuses (one line)."""


def parse_clock(text) -> tuple[int, float, float] | None:
    """A time control for every seat: ``none``/empty, or ``[moves/]base[+inc]`` (base in seconds or m:ss, as
    the match runner reads it: ``5+0.1``, ``3:00+2``, ``40/5:00``) -> (moves per period, base, increment)."""
    if text is None or (isinstance(text, str) and text.strip().lower() in ("", "none", "-")):
        return None
    if not isinstance(text, str) or len(text) > 40:
        raise ClockError("clock: a time control such as 5+0.1 (seconds + increment), 3:00+2 or 40/5:00")
    try:
        moves, base, inc = parse_tc(text)
    except (SpecError, ValueError, OverflowError) as exc:
        raise ClockError(f"clock: {exc}") from None
    if not (0 < base <= MAX_CLOCK and 0 <= inc <= 600 and moves <= 1000):
        raise ClockError(f"clock: base 0..{MAX_CLOCK:g} s, increment 0..600 s, got {text!r}")
    return moves, base, inc


class Clocks:
    """Every seat's clock under the time control ``tc`` (``parse_clock``), or none when ``tc`` is None."""

    def __init__(self, tc: tuple[int, float, float] | None, players: int) -> None:
        self.tc = tc
        self.players = players
        self.reset()

    def reset(self) -> None:
        base = self.tc[1] if self.tc else 0.0
        self.left: list[float] = [base] * self.players      # seconds left at the start of each seat's turn
        self.turn_start = time.monotonic()
        self.history: list[list[float]] = []                # the clocks before each move
        self.after: list[float | None] = []                 # the mover's clock after each move

    def time_left(self, color: int, running: bool) -> float | None:
        """Seconds on ``color``'s clock now (``running``: it is that seat's turn in a game not over)."""
        if not self.tc:
            return None
        left = self.left[color]
        if running:
            left -= time.monotonic() - self.turn_start
        return left

    def moved(self, mover: int, made: int) -> None:
        """``mover`` has made its ``made``-th move: its time is charged, the increment (and a new period's
        base) added, and the next seat's clock starts."""
        if not self.tc:
            return
        now = time.monotonic()
        self.history.append(list(self.left))
        moves, base, inc = self.tc
        self.left[mover] = max(0.0, self.left[mover] - (now - self.turn_start)) + inc
        if moves and made % moves == 0:
            self.left[mover] += base
        self.after.append(self.left[mover])
        self.turn_start = now

    def taken_back(self) -> None:
        if self.tc and self.history:
            self.left = self.history.pop()
            self.after.pop()
            self.turn_start = time.monotonic()

    def flag(self, mover: int) -> None:
        self.left[mover] = 0.0

    def restore(self, after_each: list[list[float]], movers: list[int]) -> None:
        """Set the clocks from storage: ``after_each`` the clocks after each move, ``movers`` who made it."""
        self.reset()
        if not self.tc:
            return
        for clocks, mover in zip(after_each, movers):
            self.history.append(list(self.left))
            self.left = list(clocks)
            self.after.append(self.left[mover])
        self.turn_start = time.monotonic()

    def text(self, clock: str | None) -> str | None:
        return clock if self.tc else None

    def pgn_tag(self) -> str | None:
        if not self.tc:
            return None
        moves, base, inc = self.tc
        return f"{moves}/{base:g}" + (f"+{inc:g}" if inc else "") if moves else f"{base:g}+{inc:g}"
