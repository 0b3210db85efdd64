"""First Contact's hooks' loops over cells (``rules.py`` calls them): the placements, drops and platform moves
there are, and making one. Compiled, ``actions.pxd`` gives them C types (docs/architecture.md); as Python they
run as they are. They read the position's cells and the points' flat tables that ``FirstContact.compile``
builds."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..codes import EMPTY, HOLE, Move
from .notation import DROP, PLACE

if TYPE_CHECKING:
    from ..position import Position


def vacant_points(pos: "Position", a1s, place: list, out: list) -> None:
    """Append ``place[p]`` for each point ``p`` where no platform stands (its a1 cell is a HOLE)."""
    b = pos.cells
    for p in range(len(a1s)):
        if b[a1s[p]] == HOLE:
            out.append(place[p])


def standing_platforms(pos: "Position", a1s) -> int:
    """How many platforms stand."""
    b = pos.cells
    n = 0
    for p in range(len(a1s)):
        if b[a1s[p]] != HOLE:
            n += 1
    return n


def add_drops(pos: "Position", home, rows: list, kinds: list, out: list) -> None:
    """Append ``rows[k][i]`` for each kind ``k`` in ``kinds`` and each vacant home cell ``home[i]``."""
    b = pos.cells
    n = len(home)
    for k in kinds:
        row = rows[k]
        for i in range(n):
            if b[home[i]] == EMPTY:
                out.append(row[i])


def platform_moves(pos: "Position", a1s, corners, last: int, pawn: int, empty_moves: list, carry_moves: list,
                   out: list) -> None:
    """Append the platform moves: ``empty_moves[p]`` for an empty platform on ``p``, ``carry_moves[4 * p + i]``
    for one holding just our pawn on its cell ``i``, each as (target point, move), where the target is vacant.
    The platform moved last (point ``last``) waits."""
    b = pos.cells
    for p in range(len(a1s)):
        if p == last or b[a1s[p]] == HOLE:
            continue
        held = -1                   # the one occupied cell of the platform (-1: none; -2: more than one)
        for i in range(4):
            if b[corners[4 * p + i]] != EMPTY:
                held = i if held == -1 else -2
        if held == -1:
            targets = empty_moves[p]
        elif held >= 0 and b[corners[4 * p + held]] == pawn:
            targets = carry_moves[4 * p + held]
        else:
            continue
        for target in targets:
            t = target[0]
            if b[a1s[t]] == HOLE:
                out.append(target[1])


def make_action(pos: "Position", move: Move, cells_at: list, drop_gain: list) -> None:
    """Make a placement (the point's cells appear), a drop, or a platform move (its cells vanish, the new
    point's appear, and its pawn rides along)."""
    frm, to, code, flag = move
    if flag == DROP:
        pos.put(to, code)
        pos.score -= drop_gain[code]            # it leaves the reserve
    elif flag == PLACE:
        for c in cells_at[to]:
            pos.put(c, EMPTY)
    else:                                       # PLATFORM
        rider = pos.cells[frm]
        for c in cells_at[frm]:
            pos.put(c, HOLE)
        for c in cells_at[to]:
            pos.put(c, EMPTY)
        if rider != EMPTY:
            pos.put(to, rider)
