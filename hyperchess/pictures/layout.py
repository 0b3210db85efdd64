"""Where each cell of a game's board is drawn: panels (one per level, or whatever a game's hook says) of
square cells, with their coordinate labels and marks.

The default layout is derived from the geometry alone: one panel per level, ``game.panels_per_row`` panels
side by side (higher levels in rows above), a seam drawn on a wrapped edge. A game adds what the geometry
does not say in its ``picture`` declaration (``variants/core/picture.py``: marked ranks/files, legend texts, level
order, a custom layout for boards whose cells move); the data model (Layout, Panel, Block) lives there too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.board.notation import FILES
from hyperchess.variants.core.picture import GAP, LABEL, SQUARE, TITLE, Block, Layout, Panel  # noqa: F401
from hyperchess.variants.core.san import edge_labels

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


def level_grid(pos: "Position", flip: bool, *, marked_ranks: dict[int, str] | None = None,
               marked_files: dict[int, str] | None = None, per_row: int | None = None,
               level_title=None, top_first: bool = False, quarter: int = 0) -> Layout:
    """One panel per geometry level, ``per_row`` to a row, higher levels in rows above, each row filled left
    to right from its lowest level; ``top_first`` fills in reading order from the top level instead (boards
    named from the top, A above B).

    ``flip`` turns every panel half a turn (the view from the second player's side); ``quarter`` turns it
    further by quarter turns (1: the view of a player whose forward is towards file a, 3: towards the last file;
    square boards only)."""
    game = pos.game
    g = game.geometry
    turns = ((2 if flip else 0) + quarter) % 4
    if turns % 2 and g.files != g.ranks:
        turns = 2 if flip else 0
    if turns % 2:
        return _quarter_grid(pos, turns, marked_ranks, marked_files, per_row, level_title, top_first)
    flip = turns == 2
    level_names = game.names.level_names or ("",)
    per_row = per_row or game.panels_per_row or g.levels
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
        named = edge_labels(game, 1 if flip else 0)    # the notation's own names (shogi's 9..1 and a..i)
        if named is not None and g.levels == 1:
            p.native_column_labels, p.native_row_labels = p.column_labels, p.row_labels
            p.column_labels = named[0][::-1] if flip else named[0]
            p.row_labels = named[1] if flip else named[1][::-1]
        if g.wrap_files:
            p.seams += ["left", "right"]
        if g.wrap_ranks:
            p.seams += ["top", "bottom"]
        p.blocks += region_blocks(game, p)
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


def region_blocks(game, p: Panel) -> list[Block]:
    """The pieces' regions (``Game.regions``: a palace, one side of a river) that fill a box of the panel,
    each outlined once; a region that is the whole panel, or not a box there, is not drawn."""
    out = []
    for cells in sorted(set(getattr(game, "regions", {}).values()), key=sorted):
        at = [p.cells[c] for c in cells if c in p.cells]
        if not at:
            continue
        cols, rows = [c for c, _ in at], [r for _, r in at]
        w, h = max(cols) - min(cols) + 1, max(rows) - min(rows) + 1
        if len(set(at)) == w * h and w * h < len(p.cells):
            out.append(Block(min(cols), min(rows), w, h, "", "region"))
    return out


def _quarter_grid(pos: "Position", turns: int, marked_ranks, marked_files, per_row, level_title,
                  top_first: bool) -> Layout:
    """``level_grid`` turned a quarter (``turns`` 1: up the screen is towards file a, right is up the ranks;
    3: up is towards the last file, right is down the ranks). Ranks become columns and files rows."""
    game = pos.game
    g = game.geometry
    n = g.files                                   # a square board
    base = level_grid(pos, False, per_row=per_row, level_title=level_title, top_first=top_first)
    for p in base.panels:
        level = next((g.coords[c][2] for c in p.cells), None)
        p.cells = {}
        for f in range(g.files):
            for r in range(g.ranks):
                cell = g.index.get((f, r, level))
                if cell is None:
                    continue
                p.cells[cell] = (r, f) if turns == 1 else (n - 1 - r, n - 1 - f)
        files = [FILES[f] for f in range(g.files)]
        ranks = [str(r + 1) for r in range(g.ranks)]
        p.column_labels = ranks if turns == 1 else ranks[::-1]
        p.row_labels = files if turns == 1 else files[::-1]
        p.seams = (["top", "bottom"] if g.wrap_files else []) + (["left", "right"] if g.wrap_ranks else [])
        p.marked_rows = {(f if turns == 1 else n - 1 - f): label for f, label in (marked_files or {}).items()}
        p.marked_columns = {(r if turns == 1 else n - 1 - r): label for r, label in (marked_ranks or {}).items()}
    return base
