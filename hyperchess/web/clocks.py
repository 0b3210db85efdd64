"""The web board's clocks: one time control for every seat, kept by the server.

Each seat's clock holds the seconds it had at the start of its turn; the running one is the side to move's,
counted from ``turn_start`` (``time.monotonic``). Restored from storage, a game's clocks are those after its
last move and the running clock starts again at the restore: clocks do not run while the server is down.

With ``from_first_move`` (games between people by link, as lichess does) a seat's clock starts at that seat's
first move: until then it stands still, and the first move costs nothing and adds no increment.
"""
from __future__ import annotations

import re
import time

MAX_CLOCK = 36000.0       # seconds: the longest base time the board takes (10 hours)


class ClockError(ValueError):
    """A time control the board refuses (one line)."""


# ``[moves/]base[+increment]``: a base without a unit is minutes (lichess and chess GUIs read ``3+2`` as three
# minutes plus two seconds), with ``s`` seconds, ``m`` minutes, or ``m:ss``; an increment is seconds.
_NUMBER = r"\d{1,6}(?:\.\d{1,3})?"
_TC = re.compile(rf"(?:(?P<moves>\d{{1,4}})/)?(?:(?P<mins>\d{{1,4}}):(?P<secs>[0-5]\d(?:\.\d{{1,3}})?)"
                 rf"|(?P<base>{_NUMBER})\s*(?P<unit>s|sec|m|min)?)"
                 rf"(?:\s*\+\s*(?P<inc>{_NUMBER})\s*(?:s|sec)?)?", re.ASCII | re.IGNORECASE)
CLOCK_HELP = "a time control such as 3+2 (minutes + seconds), 45s+1, 1:30+1, 40/90 or none"


def parse_clock(text) -> tuple[int, float, float] | None:
    """A time control for every seat: ``none``/empty, or ``[moves/]base[+inc]`` -> (moves per period, base in
    seconds, increment in seconds). ``3+2``: 3 minutes + 2 s; ``45s+1``: 45 s + 1 s; ``1:30+1``: 90 s + 1 s;
    ``40/90``: 90 minutes per 40 moves; ``0.5+0``: 30 s."""
    if text is None or (isinstance(text, str) and text.strip().lower() in ("", "none", "-")):
        return None
    if not isinstance(text, str) or len(text) > 40:
        raise ClockError(f"clock: {CLOCK_HELP}")
    m = _TC.fullmatch(text.strip())
    if m is None:
        raise ClockError(f"clock: {CLOCK_HELP}; got {text.strip()[:40]!r}")
    moves = int(m["moves"] or 0)
    if m["mins"] is not None:
        base = 60 * int(m["mins"]) + float(m["secs"])
    else:
        base = float(m["base"]) * (1 if (m["unit"] or "m").lower().startswith("s") else 60)
    inc = float(m["inc"] or 0)
    if not (0 < base <= MAX_CLOCK and 0 <= inc <= 600 and moves <= 1000):
        raise ClockError(f"clock: base up to {MAX_CLOCK / 3600:g} hours (and more than 0), increment 0..600 s, "
                         f"got {text.strip()!r}")
    return moves, base, inc


class Clocks:
    """Every seat's clock under the time control ``tc`` (``parse_clock``), or none when ``tc`` is None."""

    def __init__(self, tc: tuple[int, float, float] | None, players: int, from_first_move: bool = False) -> None:
        self.tc = tc
        self.players = players
        self.from_first_move = from_first_move
        self.reset()

    def reset(self) -> None:
        base = self.tc[1] if self.tc else 0.0
        self.left: list[float] = [base] * self.players      # seconds left at the start of each seat's turn
        self.turn_start = time.monotonic()
        self.history: list[list[float]] = []                # the clocks before each move
        self.after: list[float | None] = []                 # the mover's clock after each move
        self.moved_once = [False] * self.players            # per seat: it has made a move (its clock started)

    def time_left(self, color: int, running: bool) -> float | None:
        """Seconds on ``color``'s clock now (``running``: it is that seat's turn in a game not over)."""
        if not self.tc:
            return None
        left = self.left[color]
        if running and self.started(color):
            left -= time.monotonic() - self.turn_start
        return left

    def started(self, color: int) -> bool:
        """Whether ``color``'s clock runs on its turns (always, unless it waits for the seat's first move)."""
        return not self.from_first_move or self.moved_once[color]

    def running(self, turn: int, over: bool) -> int | None:
        """The seat whose clock runs now (``turn`` to move, ``over``: the game has ended), or None."""
        return turn if self.tc and not over and self.started(turn) else None

    def moved(self, mover: int, made: int, out: bool = False) -> None:
        """``mover`` has made its ``made``-th move: its time is charged, the increment (and a new period's
        base) added, and the next seat's clock starts. A clock that had not started charges and adds nothing.
        ``out``: the move was its time-out (a free-for-all): its clock stays at zero."""
        if not self.tc:
            return
        now = time.monotonic()
        self.history.append(list(self.left))
        moves, base, inc = self.tc
        if out:
            self.left[mover] = 0.0
        elif self.started(mover):
            self.left[mover] = max(0.0, self.left[mover] - (now - self.turn_start)) + inc
            if moves and made % moves == 0:
                self.left[mover] += base
        self.moved_once[mover] = True
        self.after.append(self.left[mover])
        self.turn_start = now

    def taken_back(self, movers: list[int]) -> None:
        """The last move is taken back; ``movers``: who made each move still standing."""
        if self.tc and self.history:
            self.left = self.history.pop()
            self.after.pop()
            self.turn_start = time.monotonic()
        self.moved_once = [c in movers for c in range(self.players)]

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
        self.moved_once = [c in movers for c in range(self.players)]
        self.turn_start = time.monotonic()

    def text(self, clock: str | None) -> str | None:
        return clock if self.tc else None

    def pgn_tag(self) -> str | None:
        if not self.tc:
            return None
        moves, base, inc = self.tc
        return f"{moves}/{base:g}" + (f"+{inc:g}" if inc else "") if moves else f"{base:g}+{inc:g}"
