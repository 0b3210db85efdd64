"""Text pictures of positions: one panel per level, side by side, top rank first."""
from __future__ import annotations

from hyperchess.variants.board.codes import EMPTY, HOLE
from hyperchess.variants.core.position import Position


def render_level(pos: Position, level: int) -> list[str]:
    game = pos.game
    g = game.geometry
    width = len(str(g.ranks))
    files = game.names.file_letters
    base = game.names.rank_base
    cw = 2 if game.players > 2 else 1          # tokens like ``gK`` with more than two colours
    lines = []
    for rank in range(g.ranks - 1, -1, -1):
        row = []
        for f in range(g.files):
            cell = g.index.get((f, rank, level))
            if cell is None or pos.board[cell] == HOLE:
                row.append(" " * cw)
            elif pos.board[cell] == EMPTY:
                row.append(".".rjust(cw))
            else:
                row.append(game.letter_of(pos.board[cell]).rjust(cw))
        lines.append(f"{rank + base:>{width}} " + " ".join(row))
    lines.append(" " * (width + 1) + " ".join(f.rjust(cw) for f in files[:g.files]))
    return lines


def render(pos: Position) -> str:
    """The board as text, levels side by side (lowest level on the left; from the top level, in reading order,
    in games whose picture is ``top_first``), then the position string."""
    game = pos.game
    g = game.geometry
    panels = [render_level(pos, level) for level in range(g.levels)]
    if g.levels > 1:
        names = game.names.level_names or [str(l + 1) for l in range(g.levels)]
        panels = [[f"level {names[l] or l + 1}".ljust(len(p[0]))] + p for l, p in enumerate(panels)]
    width = max(len(line) for p in panels for line in p)
    # A game may ask for at most ``panels_per_row`` panels side by side; further rows hold the
    # higher levels and are printed above (the top level stays on top, as in the position string).
    per_row = game.panels_per_row or len(panels)
    if game.picture.top_first:
        # levels named from the top (A above B): reading order from the top level, as the pictures draw them
        panels.reverse()
        rows = [panels[i:i + per_row] for i in range(0, len(panels), per_row)][::-1]
    else:
        rows = [panels[i:i + per_row] for i in range(0, len(panels), per_row)]
    lines = []
    for r, row in enumerate(reversed(rows)):
        if r:
            lines.append("")
        lines += ["   ".join(p[i].ljust(width) for p in row).rstrip() for i in range(len(row[0]))]
    side = game.color_names[pos.turn]
    lines.append("")
    # a turn of several moves (variants/core/turns.py): which of them is due
    lines.append(f"{side} to move" + (f" (move {pos.turn_move + 1} of the turn)" if pos.turn_move else ""))
    lines.append(pos.fen())
    return "\n".join(lines)
