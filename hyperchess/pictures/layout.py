"""Where each cell of a game's board is drawn: panels (one per level, or whatever a game's hook says) of
square cells, with their coordinate labels and marks.

The default layout is derived from the geometry alone: one panel per level, ``game.panels_per_row`` panels
side by side (higher levels in rows above), a seam drawn on a wrapped edge. Games add small hooks in
``pictures/games.py`` (marked ranks/files, legend texts, a custom layout for boards whose cells move).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hyperchess.variants.notation import FILES

if TYPE_CHECKING:
    from hyperchess.variants.position import Position

SQUARE = 45          # one cell, in SVG user units
LABEL = 18           # room for coordinates beside a panel
TITLE = 24           # room for a panel's title above it
GAP = 26             # between panels


@dataclass
class Block:
    """An outlined group of cells drawn over a panel (a platform point): its top-left cell, size in cells,
    a label and extra classes (``platform``, ``point``, ``moved-last``)."""
    column: int
    row: int
    columns: int
    rows: int
    label: str
    css: str = ""


@dataclass
class Panel:
    """A rectangle of cells. ``cells`` maps cell -> (column, row) inside the panel, row 0 at the top."""
    title: str
    x: float
    y: float
    columns: int
    rows: int
    cells: dict[int, tuple[int, int]] = field(default_factory=dict)
    column_labels: list[str] = field(default_factory=list)     # under each column
    row_labels: list[str] = field(default_factory=list)        # left of each row, top row first
    seams: list[str] = field(default_factory=list)             # edges joined to the opposite one: left/right/top/bottom
    marked_rows: dict[int, str] = field(default_factory=dict)  # row -> label (e.g. a king line)
    marked_columns: dict[int, str] = field(default_factory=dict)
    dimmed: bool = False                                        # e.g. an eliminated side's level
    blocks: list[Block] = field(default_factory=list)           # outlined cell groups (platform points)
    frame: bool = True                                          # a border around the whole panel
    css: str = ""                                               # extra class on the panel's group

    @property
    def width(self) -> float:
        return self.columns * SQUARE

    @property
    def height(self) -> float:
        return self.rows * SQUARE

    def origin(self, cell: int) -> tuple[float, float]:
        """Top-left corner of ``cell``'s square."""
        c, r = self.cells[cell]
        return self.x + c * SQUARE, self.y + r * SQUARE


@dataclass
class Layout:
    panels: list[Panel]
    width: float
    height: float
    notes: list[str] = field(default_factory=list)       # lines of text under the board (phase, seam meaning...)
    side: list[tuple[str, list[tuple[str, int, str]]]] = field(default_factory=list)
    """Boxes beside the board (e.g. reserves): (title, [(click id, piece code, count text)])."""

    def where(self, cell: int) -> tuple[Panel, float, float] | None:
        """The panel drawing ``cell`` and the top-left corner of its square, or None."""
        for p in self.panels:
            if cell in p.cells:
                x, y = p.origin(cell)
                return p, x, y
        return None


def level_grid(pos: "Position", flip: bool, *, marked_ranks: dict[int, str] | None = None,
               marked_files: dict[int, str] | None = None, per_row: int | None = None,
               level_title=None, top_first: bool = False) -> Layout:
    """One panel per geometry level, ``per_row`` to a row, higher levels in rows above, each row filled left
    to right from its lowest level; ``top_first`` fills in reading order from the top level instead (boards
    named from the top, A above B).

    ``flip`` turns every panel half a turn (the view from the second player's side)."""
    game = pos.game
    g = game.geometry
    level_names = getattr(game.names, "level_names", ("",))
    per_row = per_row or getattr(game, "panels_per_row", 0) or g.levels
    title_room = TITLE if g.levels > 1 else 6
    width = LABEL + g.files * SQUARE
    height = title_room + g.ranks * SQUARE + LABEL
    rows_needed = (g.levels + per_row - 1) // per_row
    panels = []
    for level in range(g.levels):
        if top_first:
            row_of_panel, col_of_panel = divmod(g.levels - 1 - level, per_row)
        else:
            row_of_panel = rows_needed - 1 - level // per_row
            col_of_panel = level % per_row
        x = GAP / 2 + col_of_panel * (width + GAP) + LABEL
        y = GAP / 2 + row_of_panel * (height + GAP) + title_room
        name = level_names[level] if level < len(level_names) else str(level + 1)
        if level_title is not None:
            title = level_title(level, name)
        else:
            title = f"level {name}" if g.levels > 1 else ""
        p = Panel(title, x, y, g.files, g.ranks)
        for f in range(g.files):
            for r in range(g.ranks):
                cell = g.index.get((f, r, level))
                if cell is None:
                    continue
                col = g.files - 1 - f if flip else f
                row = r if flip else g.ranks - 1 - r
                p.cells[cell] = (col, row)
        files = [FILES[f] for f in range(g.files)]
        ranks = [str(r + 1) for r in range(g.ranks)]
        p.column_labels = files[::-1] if flip else files
        p.row_labels = ranks if flip else ranks[::-1]
        if g.wrap_files:
            p.seams += ["left", "right"]
        if g.wrap_ranks:
            p.seams += ["top", "bottom"]
        for r, label in (marked_ranks or {}).items():
            p.marked_rows[r if flip else g.ranks - 1 - r] = label
        for f, label in (marked_files or {}).items():
            p.marked_columns[g.files - 1 - f if flip else f] = label
        panels.append(p)
    total_w = GAP + min(per_row, g.levels) * (width + GAP) - GAP
    total_h = GAP + rows_needed * (height + GAP) - GAP
    notes = []
    if g.wrap_files:
        notes.append(f"files {FILES[0]} and {FILES[g.files - 1]} are joined (the dashed seam)")
    if g.wrap_ranks:
        notes.append(f"ranks {g.ranks} and 1 are joined (the dashed seam)")
    return Layout(panels, total_w, total_h, notes)
