"""The clock: the time-control state set by ``level``/``st``/``sd``/``nps``/``time``/``otim``, and the
search limits it gives for one move."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from hyperchess.engine.timecontrol import MAX_SECONDS, budget, seconds


def parse_float(text: str) -> float:
    """A finite number (``inf``/``nan`` are bad input)."""
    v = float(text)
    if not math.isfinite(v):
        raise ValueError(text)
    return v


def parse_int(text: str) -> int:
    return int(parse_float(text))


def parse_seconds(text: str, scale: float = 1.0) -> float:
    """``text`` x ``scale`` seconds: the one place where a number from the wire becomes a time limit.
    Negative, ``inf`` and ``nan`` are bad input (ValueError); a value too long for any clock (even one that
    overflows to inf once scaled, like ``level 0 1e308 0``) is clamped to MAX_SECONDS: "very long"."""
    v = parse_float(text)
    if v < 0:
        raise ValueError(text)
    return seconds(min(v * scale, MAX_SECONDS))


MAX_NPS = 10 ** 12          # more nodes per second than any machine: clamped ("very fast")


@dataclass
class Clock:
    mps: int = 0                    # moves per time control (0 = sudden death / incremental)
    base: float = 300.0             # seconds per control
    inc: float = 0.0                # seconds added per move
    st: float | None = None         # fixed seconds per move
    sd: int | None = None           # depth limit
    nps: int | None = None          # node-based clock: nodes per second
    time_left: float | None = None  # our clock (``time``), seconds
    otim: float | None = None       # the opponent's clock, seconds

    def new_game(self) -> None:
        """``new`` resets the depth and node limits and the clocks (the time control stays)."""
        self.sd = None
        self.nps = None
        self.time_left = self.otim = None

    # Each setter raises ValueError on bad input; the caller answers ``Error (bad ...)``.
    def set_level(self, arg: str) -> None:
        parts = arg.split()
        if len(parts) != 3:
            raise ValueError(arg)
        mps = parse_int(parts[0])
        if ":" in parts[1]:
            mins, secs = parts[1].split(":", 1)
            base = parse_seconds(mins, 60) + parse_seconds(secs)
        else:
            base = parse_seconds(parts[1], 60)
        inc = parse_seconds(parts[2])
        if mps < 0:
            raise ValueError(arg)
        self.mps, self.base, self.inc = mps, min(base, MAX_SECONDS), inc
        self.st = None
        self.time_left = None

    def set_st(self, arg: str) -> None:
        st = parse_seconds(arg)
        if not st > 0:
            raise ValueError(arg)
        self.st = st

    def set_sd(self, arg: str) -> None:
        sd = parse_int(arg)
        if sd < 1:
            raise ValueError(arg)
        self.sd = sd

    def set_nps(self, arg: str) -> None:
        nps = parse_int(arg)
        if nps < 0:
            raise ValueError(arg)
        self.nps = min(nps, MAX_NPS) or None

    def set_time(self, arg: str) -> None:
        self.time_left = parse_seconds(arg, 0.01)      # centiseconds

    def set_otim(self, arg: str) -> None:
        self.otim = parse_seconds(arg, 0.01)

    def limits(self, purpose: str, fullmove: int):
        """``(Limits, deadline)`` for a search: ``deadline`` is the perf_counter time of the watchdog that
        stops a searcher overrunning its budget (None = no time limit)."""
        from hyperchess.engine.timecontrol import Limits
        if purpose in ("analyze", "ponder"):
            return Limits(infinite=True, depth=None), None
        lim = Limits(depth=self.sd)
        alloc: float
        if self.st is not None:
            alloc = self.st
            lim.movetime = self.st
        else:
            left = self.time_left if self.time_left is not None else self.base
            mtg = None
            if self.mps > 0:
                done = (fullmove - 1) % self.mps
                mtg = self.mps - done
            lim.time_left, lim.opponent_time, lim.increment, lim.moves_to_go = left, self.otim, self.inc, mtg
            alloc = left / (mtg or 30) + self.inc
        if self.nps:
            # node-based clock: the seconds we would spend become nodes (python-chess: nps 1 + st N = N nodes)
            return Limits(depth=self.sd, nodes=max(1, int(self.nps * alloc))), None
        try:
            hard = budget(lim).hard
        except Exception:
            hard = alloc
        deadline = None if hard is None else time.perf_counter() + hard + 0.25 + hard * 0.1
        return lim, deadline
