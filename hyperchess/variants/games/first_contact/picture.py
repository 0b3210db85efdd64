"""The First Contact picture (docs/rules/first-contact.md §C(b)): one panel per elevation 1-7, all on one
shared rank axis 0-9, so the three fixed 4x4 levels W, N and B stand in their offset positions (each level's
rank 1 over rank 3 of the level below) and every platform point sits beside the level it is attached to.

Fixed-level panels show files a-d; platform elevations show the corner files z, a, d and e (no point covers
b or c). A platform standing on a point is drawn with its four cells; a vacant point as a dashed outline with
its name (a click on it places or moves a platform there). Both reserves stand beside the board, the phase and
the platform that may not move (§C(b) Platform moves) under it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.core.picture import GAP, LABEL, SQUARE, TITLE, Block, Layout, Panel, Picture

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

FIXED_FILES = (1, 2, 3, 4)          # a-d
CORNER_FILES = (0, 1, 4, 5)         # z, a, d, e
RANKS = 10
PHASE_TEXT = {
    "place": "phase 1: the four platforms are placed (White, Black, White, Black) on vacant points",
    "kings": "phase 2: each king is dropped on its own fixed level (White on W, Black on B)",
    "play": "phase 3: each turn drops a reserve piece on one's own level, moves a piece or moves a platform",
}


def reserve_target(game, code: int) -> str:
    """The click id of a reserve piece: ``reserve-white-Q``."""
    return f"reserve-{game.color_names[game.owner[code]]}-{game.letter_of(code).upper()}"


def _panel_title(game, elevation: int) -> str:
    for lv, h in _level_elevations(game).items():
        if h == elevation:
            return f"{lv} \u00b7 elevation {elevation}"
    attached = [p.level + ("u" if p.up else "d") for p in game.points
                if _elevation(game, p) == elevation and p.corner == "a1"]
    return f"{' '.join(attached)} \u00b7 elev. {elevation}"


def _level_elevations(game) -> dict[str, int]:
    g = game.geometry
    return {lv: g.coords[cells[0]][2] + 1 for lv, cells in game.fixed_cells.items()}


def _elevation(game, point) -> int:
    return game.geometry.coords[point.cells[0]][2] + 1


def layout(pos: "Position", flip: bool) -> Layout:
    game = pos.game
    g = game.geometry
    fixed = set(_level_elevations(game).values())
    present = {p.index for p in game.platforms(pos)}
    last = game.last_platform(pos)
    panels = []
    x = GAP / 2 + LABEL
    y = GAP / 2 + TITLE
    for level in range(g.levels):
        elevation = level + 1
        files = FIXED_FILES if elevation in fixed else CORNER_FILES
        order = files[::-1] if flip else files
        column_of = {f: i for i, f in enumerate(order)}
        p = Panel(_panel_title(game, elevation), x, y, len(files), RANKS, frame=False)
        used_ranks = set()
        for cell in range(g.size):
            f, r, lv = g.coords[cell]
            if lv != level:
                continue
            p.cells[cell] = (column_of[f], r if flip else RANKS - 1 - r)
            used_ranks.add(r)
        p.column_labels = [game.names.file_letters[f] for f in order]
        # a label beside every row that holds cells of this elevation, blank elsewhere
        p.row_labels = [str(r) if r in used_ranks else "" for r in (range(RANKS) if flip else range(RANKS - 1, -1, -1))]
        for point in game.points:
            if _elevation(game, point) != elevation:
                continue
            spots = [p.cells[c] for c in point.cells]
            css = "platform" if point.index in present else "point"
            if last is not None and point.index == last.index:
                css += " moved-last"
            p.blocks.append(Block(min(c for c, _ in spots), min(r for _, r in spots), 2, 2, point.name, css))
        panels.append(p)
        x += p.width + LABEL + GAP
    width = x - LABEL - GAP / 2
    height = GAP + TITLE + RANKS * SQUARE + LABEL
    side = []
    for color in (0, 1):
        items = []
        for letter, count in game.reserve(pos, color).items():
            code = game.code_for_letter(letter, color)
            items.append((reserve_target(game, code), code, f"\u00d7{count}"))
        side.append((f"{game.color_names[color].capitalize()} reserve", items))
    return Layout(panels, width, height, [], side)


def notes(pos: "Position") -> list[str]:
    game = pos.game
    phase = game.phase(pos)
    out = [PHASE_TEXT[phase]]
    if phase == "place":
        out.append(f"{4 - len(game.platforms(pos))} of the 4 platforms still to place")
    last = game.last_platform(pos)
    if last is not None:
        out.append(f"the platform on {last.name} moved last: it may not move until another platform has")
    out.append("a platform is a 2x2 board one elevation above or below a corner of its level; "
               "a vacant platform point is drawn dashed")
    return out


PICTURE = Picture(
    layout=layout, notes=notes,
    extra_legend=(("platform", "attack platform: 2x2 cells; carries at most one pawn of the mover's, "
                               "which rides along; an empty one may only invert"),
                  ("point", "vacant platform point (dashed): where a platform may be placed or moved"),
                  ("moved-last", "the platform moved last: it may not move until another one has")))
