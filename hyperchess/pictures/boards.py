"""Boards that are not chequered (``Game.drawing.board``): "grid", plain cells between lines (shogi), and
"intersections", pieces on the crossings of lines (xiangqi, janggi), with a river across the middle
(``drawing.river``) and the palaces' diagonals (``drawing.palace_diagonals``: the royal pieces' regions that
are square boxes). Each cell stays a transparent ``rect.square`` centred on its crossing, for the clicks."""
from __future__ import annotations

from xml.sax.saxutils import escape

from hyperchess.variants.core.picture import SQUARE, Panel

BOARD = "#eccb8a"           # the board's wood
LINE = "#5a3d16"
ZONE = "#c99a4e"            # a promotion zone's shade
RIVER_TEXT = "#7a5a2a"


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def palaces(game, p: Panel) -> list[tuple[int, int, int, int]]:
    """The palaces drawn on panel ``p``: (first column, first row, last column, last row) of each royal piece's
    region that is a square box of at least 3x3 crossings, once each."""
    out = []
    regions = getattr(game, "regions", {})
    for (kind, _color), cells in regions.items():
        if not game.pieces[kind].royal:
            continue
        at = [p.cells[c] for c in cells if c in p.cells]
        if not at:
            continue
        cols, rows = [c for c, _ in at], [r for _, r in at]
        box = (min(cols), min(rows), max(cols), max(rows))
        w, h = box[2] - box[0] + 1, box[3] - box[1] + 1
        if w == h >= 3 and len(set(at)) == w * h and box not in out:
            out.append(box)
    return sorted(out)


def promotion_cells(game) -> set[int]:
    """Every player's promotion zone (``Game.promotion_zone``), the cells a drawing shades."""
    zones = getattr(game, "promotion_zone", ())
    return set().union(*zones) if zones else set()


def board_svg(game, p: Panel) -> str:
    """The board under the cells: its wood, its lines, river, palaces and shaded promotion zones."""
    d = game.drawing
    if d.board == "intersections":
        return _intersections(game, p)
    return _grid(game, p)


def _intersections(game, p: Panel) -> str:
    """Lines through the cells' centres; the river breaks the files' inner lines between the two middle ranks."""
    d = game.drawing
    half = SQUARE / 2
    x0, y0 = p.x + half, p.y + half
    x1, y1 = p.x + p.width - half, p.y + p.height - half
    out = [f'<g class="board intersections" pointer-events="none">',
           f'<rect class="board-wood" x="{_fmt(p.x)}" y="{_fmt(p.y)}" width="{_fmt(p.width)}" '
           f'height="{_fmt(p.height)}" fill="{BOARD}"/>']
    lines = []
    for r in range(p.rows):
        y = y0 + r * SQUARE
        lines.append(f'<line class="rank-line" x1="{_fmt(x0)}" y1="{_fmt(y)}" x2="{_fmt(x1)}" y2="{_fmt(y)}"/>')
    river = p.rows // 2 if d.river and p.rows % 2 == 0 else None
    for c in range(p.columns):
        x = x0 + c * SQUARE
        if river is not None and 0 < c < p.columns - 1:
            ya, yb = y0 + (river - 1) * SQUARE, y0 + river * SQUARE
            lines.append(f'<line class="file-line" x1="{_fmt(x)}" y1="{_fmt(y0)}" x2="{_fmt(x)}" y2="{_fmt(ya)}"/>')
            lines.append(f'<line class="file-line" x1="{_fmt(x)}" y1="{_fmt(yb)}" x2="{_fmt(x)}" y2="{_fmt(y1)}"/>')
        else:
            lines.append(f'<line class="file-line" x1="{_fmt(x)}" y1="{_fmt(y0)}" x2="{_fmt(x)}" y2="{_fmt(y1)}"/>')
    if d.palace_diagonals:
        for c0, r0, c1, r1 in palaces(game, p):
            xa, ya, xb, yb = x0 + c0 * SQUARE, y0 + r0 * SQUARE, x0 + c1 * SQUARE, y0 + r1 * SQUARE
            lines.append(f'<line class="palace-diagonal" x1="{_fmt(xa)}" y1="{_fmt(ya)}" x2="{_fmt(xb)}" '
                         f'y2="{_fmt(yb)}"/>')
            lines.append(f'<line class="palace-diagonal" x1="{_fmt(xb)}" y1="{_fmt(ya)}" x2="{_fmt(xa)}" '
                         f'y2="{_fmt(yb)}"/>')
    out.append(f'<g stroke="{LINE}" stroke-width="1.3" stroke-linecap="square">' + "".join(lines) + "</g>")
    out.append(f'<rect class="board-edge" x="{_fmt(x0 - 4)}" y="{_fmt(y0 - 4)}" width="{_fmt(x1 - x0 + 8)}" '
               f'height="{_fmt(y1 - y0 + 8)}" fill="none" stroke="{LINE}" stroke-width="2.5"/>')
    if river is not None and d.river_text:
        y = y0 + (river - 0.5) * SQUARE
        out.append(f'<text class="river" x="{_fmt((x0 + x1) / 2)}" y="{_fmt(y)}" text-anchor="middle" '
                   f'dominant-baseline="central" font-size="{_fmt(SQUARE * 0.42)}" '
                   f'letter-spacing="{_fmt(SQUARE * 0.3)}" '
                   f'fill="{RIVER_TEXT}" font-family="Noto Serif CJK TC, Noto Sans CJK TC, serif">'
                   f'{escape(d.river_text)}</text>')
    out.append("</g>")
    return "\n".join(out)


def _grid(game, p: Panel) -> str:
    """Plain cells between lines, the promotion zones shaded (``drawing.promotion_zones``)."""
    d = game.drawing
    out = [f'<g class="board grid" pointer-events="none">',
           f'<rect class="board-wood" x="{_fmt(p.x)}" y="{_fmt(p.y)}" width="{_fmt(p.width)}" '
           f'height="{_fmt(p.height)}" fill="{BOARD}"/>']
    if d.promotion_zones:
        shaded = promotion_cells(game)
        for cell, (c, r) in p.cells.items():
            if cell in shaded:
                out.append(f'<rect class="promotion-zone" x="{_fmt(p.x + c * SQUARE)}" y="{_fmt(p.y + r * SQUARE)}" '
                           f'width="{SQUARE}" height="{SQUARE}" fill="{ZONE}" fill-opacity="0.55"/>')
    lines = []
    for r in range(p.rows + 1):
        y = p.y + r * SQUARE
        lines.append(f'<line x1="{_fmt(p.x)}" y1="{_fmt(y)}" x2="{_fmt(p.x + p.width)}" y2="{_fmt(y)}"/>')
    for c in range(p.columns + 1):
        x = p.x + c * SQUARE
        lines.append(f'<line x1="{_fmt(x)}" y1="{_fmt(p.y)}" x2="{_fmt(x)}" y2="{_fmt(p.y + p.height)}"/>')
    out.append(f'<g stroke="{LINE}" stroke-width="1.2">' + "".join(lines) + "</g>")
    out.append(f'<rect class="board-edge" x="{_fmt(p.x)}" y="{_fmt(p.y)}" width="{_fmt(p.width)}" '
               f'height="{_fmt(p.height)}" fill="none" stroke="{LINE}" stroke-width="2.5"/>')
    out.append("</g>")
    return "\n".join(out)
