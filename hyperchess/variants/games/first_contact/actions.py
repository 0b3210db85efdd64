"""First Contact's hooks' loops over cells (``rules.py`` calls them): the placements, drops and platform moves
there are, making one, the evaluation's terms and the winning check. Compiled, ``actions.pxd`` gives them and
``PointTables`` C types (docs/architecture.md); as Python they run as they are."""
from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import EMPTY, HOLE, Move
from hyperchess.variants.games.first_contact.notation import DROP, PLACE

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


class PointTables:
    """What the loops read, built once by ``FirstContact.compile``:

    - ``a1[p]``: the a1 cell of point ``p`` (a platform stands there when it is no HOLE); ``corners[4 * p + i]``
      its four cells in local order; ``cells_at[c]``: the four cells of the point of cell ``c`` (None: fixed);
    - ``place[p]``: the placement onto ``p``; ``empty[p]`` and ``carry[4 * p + i]``: the moves of an empty
      platform and of one holding a pawn on its cell ``i``, each as (target point, move);
    - ``home[16 * colour + i]``: the colour's own fixed level; ``drops[colour][kind][i]``: the drop onto it;
      ``drop_gain[code]``: what dropping ``code`` takes off ``pos.score``;
    - the evaluation's: ``bridge[p]``; ``king_cells[king_first[c]:king_first[c + 1]]``, the king's steps;
      ``distance[a * size + c]``; ``tropism[code]``; ``pawns`` (White's, Black's); ``enemies[colour]``."""

    def __init__(self, size: int, a1: list[int], corners: list[int], cells_at: list, place: list, empty: list,
                 carry: list, home: list[int], drops: list, drop_gain: list, bridge: list[int],
                 king_steps: list[tuple[int, ...]], distance: list[int], tropism: list[int], pawns: tuple[int, int],
                 enemies: list) -> None:
        self.size = size
        self.a1 = array("i", a1)
        self.corners = array("i", corners)
        self.cells_at = cells_at
        self.place, self.empty, self.carry = place, empty, carry
        self.home = array("i", home)
        self.drops, self.drop_gain = drops, drop_gain
        self.bridge = array("i", bridge)
        first, cells = [0], []
        for steps in king_steps:
            cells += steps
            first.append(len(cells))
        self.king_first, self.king_cells = array("i", first), array("i", cells)
        self.distance = array("i", distance)
        self.tropism = array("i", tropism)
        self.pawn0, self.pawn1 = pawns
        self.enemies = enemies

    def contents(self) -> list:
        """Every table as plain lists and numbers."""
        return [self.size, self.pawn0, self.pawn1, self.cells_at, self.place, self.empty, self.carry, self.drops,
                self.drop_gain, self.enemies, list(self.a1), list(self.corners), list(self.home), list(self.bridge),
                list(self.king_first), list(self.king_cells), list(self.distance), list(self.tropism)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PointTables) and self.contents() == other.contents()

    __hash__ = None         # type: ignore[assignment]


def vacant_points(pos: "Position", tab: PointTables, out: list) -> None:
    """Append the placement onto each point where no platform stands."""
    b = pos.cells
    for p in range(len(tab.a1)):
        if b[tab.a1[p]] == HOLE:
            out.append(tab.place[p])


def standing_platforms(pos: "Position", tab: PointTables) -> int:
    """How many platforms stand."""
    b = pos.cells
    n = 0
    for p in range(len(tab.a1)):
        if b[tab.a1[p]] != HOLE:
            n += 1
    return n


def add_drops(pos: "Position", tab: PointTables, us: int, kinds: list, out: list) -> None:
    """Append ``us``'s drops of each kind in ``kinds`` onto each vacant cell of its own fixed level."""
    b = pos.cells
    rows = tab.drops[us]
    for k in kinds:
        row = rows[k]
        for i in range(len(row)):
            if b[tab.home[16 * us + i]] == EMPTY:
                out.append(row[i])


def platform_moves(pos: "Position", tab: PointTables, last: int, pawn: int, out: list) -> None:
    """Append the platform moves: an empty platform's, and one's holding just our ``pawn``, onto vacant
    points. The platform moved last (point ``last``) waits."""
    b = pos.cells
    for p in range(len(tab.a1)):
        if p == last or b[tab.a1[p]] == HOLE:
            continue
        held = -1                   # the one occupied cell of the platform (-1: none; -2: more than one)
        for i in range(4):
            if b[tab.corners[4 * p + i]] != EMPTY:
                held = i if held == -1 else -2
        if held == -1:
            targets = tab.empty[p]
        elif held >= 0 and b[tab.corners[4 * p + held]] == pawn:
            targets = tab.carry[4 * p + held]
        else:
            continue
        for target in targets:
            t = target[0]
            if b[tab.a1[t]] == HOLE:
                out.append(target[1])


def make_action(pos: "Position", tab: PointTables, move: Move) -> None:
    """Make a placement (the point's cells appear), a drop, or a platform move (its cells vanish, the new
    point's appear, and its pawn rides along)."""
    frm, to, code, flag = move
    if flag == DROP:
        pos.put(to, code)
        pos.score -= tab.drop_gain[code]        # it leaves the reserve
    elif flag == PLACE:
        for c in tab.cells_at[to]:
            pos.put(c, EMPTY)
    else:                                       # PLATFORM
        rider = pos.cells[frm]
        for c in tab.cells_at[frm]:
            pos.put(c, HOLE)
        for c in tab.cells_at[to]:
            pos.put(c, EMPTY)
        if rider != EMPTY:
            pos.put(to, rider)


def bridges(pos: "Position", tab: PointTables) -> int:
    """The placements' term: the bridge value of each point where a platform stands."""
    b = pos.cells
    v = 0
    for p in range(len(tab.a1)):
        if b[tab.a1[p]] != HOLE:
            v += tab.bridge[p]
    return v


def play_terms(pos: "Position", tab: PointTables) -> int:
    """The play phase's terms for White, over both kings and the standing platforms
    (``FirstContact.evaluate`` states them)."""
    b = pos.cells
    owner = pos.rules.owner_of
    king_first, king_cells, distance, tropism = tab.king_first, tab.king_cells, tab.distance, tab.tropism
    size = tab.size
    v = 0
    for color in range(2):
        sign = 1 if color == 0 else -1
        roy = pos.royals[color]
        them = pos.occupied[1 - color]
        by = tab.enemies[color]
        for i in range(roy.n):
            k = roy.cells[i]
            esc = 0
            for j in range(king_first[k], king_first[k + 1]):
                t = king_cells[j]
                q = b[t]
                if q != HOLE and owner[q] != color and not pos.attacked(t, by):
                    esc += 1
            v += sign * (12 * esc - (40 if esc == 0 else 0))
            base = k * size
            for j in range(them.n):
                c = them.cells[j]
                w = tropism[b[c]]
                if w:
                    v -= sign * w * (9 - distance[base + c])
    corners = tab.corners
    for p in range(len(tab.a1)):
        if b[corners[4 * p]] == HOLE:
            continue
        held = 0                        # pieces on the platform
        last = EMPTY                    # one of them
        for i in range(4):
            q = b[corners[4 * p + i]]
            if q != EMPTY:
                held += 1
                last = q
                v += 10 if owner[q] == 0 else -10
        if held == 1 and (last == tab.pawn0 or last == tab.pawn1):
            v += 15 if last == tab.pawn0 else -15
    return v


def king_attacked(pos: "Position", tab: PointTables) -> bool:
    """Is the side to move's king on the board and attacked?"""
    k = pos.king_cell(pos.turn)
    return k >= 0 and pos.attacked(k, tab.enemies[pos.turn])
