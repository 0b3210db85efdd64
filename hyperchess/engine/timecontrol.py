"""How long to think: a pure function from the limits to a soft and a hard time budget.

- ``movetime`` (xboard ``st``, UCI ``movetime``): the hard limit is ~95% of it minus a small safety margin.
  Time not spent on such a move is lost, so without a clock the whole of it is used: new iterations start
  until the hard limit (``Budget.use_all``), and an unfinished last iteration still counts (the previous
  best move is searched first; a move that beats it replaces it). Before issue 50 the search stopped when
  the next iteration looked unlikely to finish, and mixed3d at 0.5 s stopped after 0.16 s at depth 3.
- A clock (xboard ``time``/``level``): the remaining time, less a reserve that is never touched, is
  shared over ``moves_to_go`` moves (about 30 when sudden death or incremental), plus most of the
  increment. The reserve grows with the number of moves still to play before the clock is topped up
  (``PER_MOVE_RESERVE`` each, less half the increment but at least half of it): every move also costs time outside the search
  (process start-up of the reply, pipes, a loaded machine), and at 40 moves a minute a flat reserve
  was eaten by the last few moves of a control. It never takes more than a quarter of the clock. The hard limit lets one move take up to 3x its share, but never more than 40% of
  what is left (all but the reserve on the last move before the time control).
- The soft limit (half the target) is when no new iteration is started. On a clock the search also stops
  early when the next iteration (about 3x the last one) could not finish before the hard limit: the time
  saved stays on the clock.
- Inside the reserve the hard limit is 0: the search returns its first choice (hash move, best capture)
  at once, so that a sudden-death game with a few tens of milliseconds left still lasts many moves.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

MOVES_LEFT_GUESS = 30      # sudden death / incremental: assume this many moves still to play
RESERVE = 0.05             # seconds never spent (process and pipe latency)
RESERVE_FRACTION = 0.02    # ... plus this share of the clock
PER_MOVE_RESERVE = 0.04   # seconds kept back for each move still to play in this control
HARD_FACTOR = 3.0           # one move may take this many times its share (a hard position)
LAST_MOVE_SHARE = 0.7      # the last move before the control: at most this share of what is usable
RESERVE_CAP = 0.25         # the per-move part takes at most this share of the clock
MOVETIME_SAFETY = 0.02     # seconds kept back from a fixed move time
MIN_THINK = 0.001          # the least time given: the search still returns a move (hash move, best capture)
MAX_SECONDS = 10.0 ** 7    # any time limit longer than this (~116 days) means "very long": clamped here


def seconds(value: float) -> float:
    """A time limit given from outside (XBoard's ``st``/``time``/``level``, ``selfplay --movetime``) as
    seconds: a finite number >= 0, clamped to MAX_SECONDS so that deadlines and waits never overflow.
    Raises ValueError for negatives and for ``inf``/``nan``."""
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"not a finite number of seconds >= 0: {value}")
    return min(value, MAX_SECONDS)


@dataclass
class Limits:
    """What ends a search; all given limits apply together (see ``timecontrol.budget`` for the clock)."""
    depth: int | None = None          # max depth (xboard sd)
    movetime: float | None = None     # seconds for this move (xboard st; may be fractional)
    nodes: int | None = None          # node budget (xboard nps-based clocks)
    time_left: float | None = None    # our clock in seconds
    opponent_time: float | None = None
    increment: float = 0.0            # seconds per move
    moves_to_go: int | None = None    # moves until the next time control, None = sudden death/incremental
    infinite: bool = False            # analyze mode: until stopped
    use_all: bool = False             # new iterations until the time is up (always so for a movetime without a clock)


@dataclass(frozen=True)
class Budget:
    """Seconds from the start of the search: ``soft`` = start no new iteration after, ``hard`` = stop."""
    soft: float | None
    hard: float | None
    use_all: bool = False      # start new iterations until ``hard`` even if they cannot finish


def budget(limits: Limits) -> Budget:
    """The time budget for one search (None = no time limit: depth, nodes or the stop event end it)."""
    if limits.infinite:
        return Budget(None, None)
    hard: float | None = None
    soft: float | None = None
    use_all = limits.use_all or (limits.movetime is not None and limits.time_left is None)
    if limits.movetime is not None:
        mt = max(0.0, limits.movetime)
        hard = max(mt * 0.95 - MOVETIME_SAFETY, mt * 0.5, MIN_THINK)
        soft = hard if use_all else hard * 0.6
    if limits.time_left is not None:
        left = max(0.0, limits.time_left)
        inc = max(0.0, limits.increment)
        mtg = limits.moves_to_go
        usable = left - reserve(left, mtg, inc)
        if usable <= 0:
            c_hard = c_soft = 0.0          # inside the reserve: answer at once (hash move / best capture)
        else:
            moves = MOVES_LEFT_GUESS if not mtg or mtg <= 0 else min(mtg, MOVES_LEFT_GUESS)
            target = usable / moves + 0.8 * inc
            cap = usable * (LAST_MOVE_SHARE if mtg == 1 else 0.4)
            target = min(target, cap)
            c_hard = min(max(target * HARD_FACTOR, MIN_THINK), cap)
            c_soft = min(target * 0.5, c_hard)
        hard = c_hard if hard is None else min(hard, c_hard)
        soft = c_soft if soft is None else min(soft, c_soft)
    if soft is not None and hard is not None:
        soft = min(soft, hard)
    return Budget(soft, hard, use_all and hard is not None and soft == hard)


def reserve(left: float, moves_to_go: int | None, increment: float = 0.0) -> float:
    """Seconds of ``left`` never spent: a fixed part, a share of the clock, and a part per move still
    to play before the next time control (``MOVES_LEFT_GUESS`` when sudden death or incremental)."""
    moves = MOVES_LEFT_GUESS if not moves_to_go or moves_to_go <= 0 else moves_to_go
    per_move = max(PER_MOVE_RESERVE - increment / 2, PER_MOVE_RESERVE / 2) * (moves - 1)
    return RESERVE + RESERVE_FRACTION * left + min(per_move, RESERVE_CAP * left)
