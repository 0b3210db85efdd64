"""SVG pictures of any game's position, in the spirit of python-chess's ``chess.svg.board``.

``render_svg(pos, lastmove=..., check=..., arrows=..., fill=..., orientation=..., flipped=...,
coordinates=..., colors=..., size=..., legend=...)`` returns the SVG text (standard library only).

Every drawn cell is a ``<rect class="square ..." data-square="NAME">``; every piece a
``<g class="piece" data-square=... data-piece=LETTER data-color=COLOUR transform="translate(cx,cy)">``
centred on its square. Marks have their own classes (``lastmove``, ``check``, ``arrow``, ``fill``, ``fog``,
``seam``, ``marked``), so tests and the web board can read the picture as data.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable
from xml.sax.saxutils import escape, quoteattr

from hyperchess.variants.core.game import EMPTY, HOLE

from .boards import ZONE, board_svg, promotion_cells
from .games import default_layout, legend_entries
from .layout import GAP, LABEL, SQUARE, Layout, Panel
from .pieces import FONT, glyph_svg, piece_glyph, piece_svg  # noqa: F401  (glyph_svg, piece_glyph: the web's)

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Move
    from hyperchess.variants.core.position import Position

DEFAULT_COLORS = {
    "square light": "#f0d9b5",
    "square dark": "#b58863",
    "square light lastmove": "#cdd16a",
    "square dark lastmove": "#aaa23b",
    "hole": "#8a8f96",
    "check": "#ff2020",
    "coord": "#333333",
    "title": "#222222",
    "seam": "#d01c1c",
    "marked": "#1f5fd1",
    "arrow": "#15781b",
    "background": "#ffffff",
    "dimmed": "#d0d0d0",
    "fog": "#4a525c",
    "note": "#333333",
}

# The colour each side's pieces are drawn in, by the game's colour name: (fill, outline).
SIDE_COLORS = {
    "white": ("#ffffff", "#1b1b1b"),
    "black": ("#1b1b1b", "#f2f2f2"),
    "gold": ("#f0b400", "#3b2a00"),
    "silver": ("#9fb0c2", "#15202b"),
    "red": ("#d42a2a", "#ffffff"),
    "blue": ("#2a5bd7", "#ffffff"),
    "green": ("#2a9d3a", "#ffffff"),
    "yellow": ("#e8c21a", "#3b2a00"),
}


def side_colors(game, color: int, colors: dict[str, str]) -> tuple[str, str]:
    name = game.color_names[color]
    fill, outline = SIDE_COLORS.get(name, ("#888888", "#000000"))
    return colors.get(f"piece {name}", fill), colors.get(f"outline {name}", outline)


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def attacked_royals(pos: "Position") -> list[int]:
    """Cells of royal pieces that an enemy attacks."""
    game = pos.game
    out = []
    for color in range(game.players):
        for cell in pos.royals[color]:
            if pos.attacked(cell, game.enemies[color]):
                out.append(cell)
    return sorted(out)


def render_svg(pos: "Position", *, lastmove: "Move | None" = None, check: "int | Iterable[int] | str | None" = "auto",
               arrows: Iterable[tuple[int, int] | tuple[int, int, str]] = (), fill: dict[int, str] | None = None,
               orientation: int | None = None, flipped: bool = False, coordinates: bool = True,
               colors: dict[str, str] | None = None, size: int | None = None, legend: bool = True,
               caption: str | None = None, layout: Layout | None = None, quarter: int = 0,
               latin: bool = False, fog: Iterable[int] = ()) -> str:
    """The position as SVG text.

    ``lastmove``: a move tuple; its from- and to-cells (those on the board) are highlighted.
    ``check``: "auto" marks every royal piece an enemy attacks; a cell or cells mark those; None nothing.
    ``arrows``: (from, to[, colour]) cells. ``fill``: cell -> colour. ``orientation``: the colour at the
    bottom (0 = first player); ``flipped`` turns the board as well, ``quarter`` by quarter turns further (a
    four-player board seen from a side player's seat). ``colors``: overrides of
    ``DEFAULT_COLORS`` keys (and ``piece <side>``/``outline <side>``). ``size``: width in pixels.
    ``latin``: the pieces' letters instead of the characters of the game's drawing (xiangqi, shogi).
    ``fog``: cells the viewer does not see (fog of war), each covered by a ``rect.fog``.
    """
    game = pos.game
    colors = {**DEFAULT_COLORS, **(colors or {})}
    flip = bool(flipped) ^ bool(orientation not in (None, 0) and game.teams[orientation] == 1)
    lay = layout or default_layout(pos, flip, quarter)
    names = game.names
    if check == "auto":
        checked = set(attacked_royals(pos))
    elif check is None:
        checked = set()
    elif isinstance(check, int):
        checked = {check}
    else:
        checked = set(check)
    fill = fill or {}
    fogged = frozenset(fog)
    last = set()
    if lastmove is not None:
        last = {c for c in (lastmove[0], lastmove[1]) if 0 <= c < game.geometry.size}

    entries = legend_entries(game) if legend else []
    notes = list(lay.notes)
    h = game.picture
    if h.notes is not None:
        notes += h.notes(pos)
    if caption:
        notes.insert(0, caption)
    side_w = 0.0
    if lay.side:
        side_w = 4 * SQUARE + GAP
    notes_h = len(notes) * 20 + (8 if notes else 0)
    text_w = max([36 + 7.3 * len(t) for _, t, _ in entries] + [7.5 * len(t) for t in notes] + [0]) + GAP
    marks_w = 70 if any(p.marked_rows for p in lay.panels) else 0
    width = max(lay.width + marks_w + side_w, text_w)
    # the legend in as many columns as the picture's width holds (a long one otherwise towers over the board)
    column_w = max([36 + 7.3 * len(t) for _, t, _ in entries] + [0]) + GAP
    columns = max(1, min(len(entries) // 3, int(width // column_w))) if entries else 1
    legend_rows = -(-len(entries) // columns)
    legend_h = (legend_rows * 30 + 10) if entries else 0
    height = lay.height + notes_h + legend_h
    px_w = size or int(width)
    px_h = int(px_w * height / width)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="hyperchess-board" '
           f'data-variant={quoteattr(game.name)} viewBox="0 0 {_fmt(width)} {_fmt(height)}" '
           f'width="{px_w}" height="{px_h}">']
    out.append(f'<rect class="background" x="0" y="0" width="{_fmt(width)}" height="{_fmt(height)}" '
               f'fill="{colors["background"]}"/>')
    out.append('<defs><radialGradient id="check_gradient" r="0.5">'
               f'<stop offset="0%" stop-color="{colors["check"]}" stop-opacity="1"/>'
               f'<stop offset="50%" stop-color="{colors["check"]}" stop-opacity="0.6"/>'
               f'<stop offset="100%" stop-color="{colors["check"]}" stop-opacity="0"/></radialGradient>'
               '<marker id="arrowhead" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto">'
               f'<path d="M0,0 L4,2 L0,4 z" fill="{colors["arrow"]}"/></marker></defs>')
    for p in lay.panels:
        out.append(_panel_svg(pos, p, colors, coordinates, last, checked, fill, (int(flip), latin), fogged))
    for a in arrows:
        frm, to = a[0], a[1]
        col = a[2] if len(a) > 2 else colors["arrow"]
        wf, wt = lay.where(frm), lay.where(to)
        if wf is None or wt is None:
            continue
        x1, y1 = wf[1] + SQUARE / 2, wf[2] + SQUARE / 2
        x2, y2 = wt[1] + SQUARE / 2, wt[2] + SQUARE / 2
        out.append(f'<line class="arrow" data-from={quoteattr(names.name(frm))} data-to={quoteattr(names.name(to))} '
                   f'x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" stroke="{col}" '
                   f'stroke-width="{_fmt(SQUARE / 6)}" stroke-opacity="0.75" stroke-linecap="round" '
                   'marker-end="url(#arrowhead)"/>')
    if lay.side:
        out.append(_side_svg(pos, lay, colors, lay.width + marks_w, 0, (int(flip), latin)))
    y = lay.height + 6
    for text in notes:
        y += 20
        out.append(f'<text class="note" x="{GAP / 2}" y="{_fmt(y)}" font-size="14" fill="{colors["note"]}" '
                   f'font-family="{FONT}">{escape(text)}</text>')
    if entries:
        out.append(_legend_svg(game, entries, colors, GAP / 2, lay.height + notes_h + 4, latin,
                               (legend_rows, column_w)))
    out.append("</svg>")
    return "\n".join(out)


def _panel_svg(pos: "Position", p: Panel, colors: dict[str, str], coordinates: bool, last: set[int],
               checked: set[int], fill: dict[int, str], view: tuple[int, bool] = (0, False),
               fog: frozenset[int] = frozenset()) -> str:
    """One panel: its cells (chequered squares, or transparent click targets over the game's own board),
    marks and pieces. ``view``: (the team at the bottom, letters instead of characters)."""
    game = pos.game
    plain_board = game.drawing.board == "squares"
    names = game.names
    g = game.geometry
    out = [f'<g class="panel{" dimmed" if p.dimmed else ""}{(" " + p.css) if p.css else ""}" '
           f'data-title={quoteattr(p.title)}>']
    if p.title:
        out.append(f'<text class="panel-title" x="{_fmt(p.x + p.width / 2)}" y="{_fmt(p.y - 8)}" '
                   f'text-anchor="middle" font-size="15" font-weight="bold" '
                   f'fill="{colors["dimmed"] if p.dimmed else colors["title"]}" font-family="{FONT}">'
                   f'{escape(p.title)}</text>')
    if not plain_board:
        out.append(board_svg(game, p))
    zones = promotion_cells(game) if plain_board and game.drawing.promotion_zones else set()
    still_live = getattr(game, "still_live", None)
    pieces = []
    for cell, (c, r) in p.cells.items():
        x, y = p.x + c * SQUARE, p.y + r * SQUARE
        f, rk, lv = g.coords[cell]
        code = pos.board[cell]
        name = names.name(cell)
        if code == HOLE:        # a cell that does not exist now (a vacant platform point); a platform that
            # just moved away leaves the last move's from-cell here
            lit = cell in last
            out.append(f'<rect class="hole{" lastmove" if lit else ""}" data-square={quoteattr(name)} '
                       f'x="{_fmt(x)}" y="{_fmt(y)}" width="{SQUARE}" height="{SQUARE}" '
                       f'fill="{colors["square light lastmove"] if lit else colors["hole"]}" '
                       f'fill-opacity="{0.6 if lit else 0.25}" stroke="{colors["hole"]}" stroke-dasharray="3,3"/>')
            continue
        shade = "light" if (f + rk) % 2 else "dark"     # a1 dark on every level, as on each real board
        key = f"square {shade}" + (" lastmove" if cell in last else "")
        cls = f"square {shade}" + (" lastmove" if cell in last else "")
        color = colors[key]
        # on a board of lines the cell is a transparent click target, lit when it is the last move's
        see = "" if plain_board else f' fill-opacity="{0.55 if cell in last else 0}"'
        out.append(f'<rect class="{cls}" data-square={quoteattr(name)} x="{_fmt(x)}" y="{_fmt(y)}" '
                   f'width="{SQUARE}" height="{SQUARE}" fill="{color}"{see} stroke="none"/>')
        if cell in zones:         # a promotion zone, shaded (a chessboard's; a grid's are shaded under it)
            out.append(f'<rect class="promotion-zone" x="{_fmt(x)}" y="{_fmt(y)}" width="{SQUARE}" '
                       f'height="{SQUARE}" fill="{ZONE}" fill-opacity="0.3" pointer-events="none"/>')
        if cell in fill:
            out.append(f'<rect class="fill" data-square={quoteattr(name)} x="{_fmt(x)}" y="{_fmt(y)}" '
                       f'width="{SQUARE}" height="{SQUARE}" fill="{fill[cell]}" fill-opacity="0.5"/>')
        if cell in fog:
            out.append(f'<rect class="fog" data-square={quoteattr(name)} x="{_fmt(x)}" y="{_fmt(y)}" '
                       f'width="{SQUARE}" height="{SQUARE}" fill="{colors["fog"]}" fill-opacity="0.72"/>')
        if cell in checked:
            out.append(f'<rect class="check" data-square={quoteattr(name)} x="{_fmt(x)}" y="{_fmt(y)}" '
                       f'width="{SQUARE}" height="{SQUARE}" fill="url(#check_gradient)"/>')
        if code != EMPTY:
            owner = game.owner[code]
            side_fill, outline = side_colors(game, owner, colors)
            if p.dimmed:
                side_fill, outline = colors["dimmed"], "#555555"
            # an eliminated side's pieces stay as inert blockers: grey, faded; but a piece that still counts
            # (the king of a free-for-all player out on time: ``Game.still_live``) keeps its colour
            dead = pos.eliminated(owner) and not (still_live is not None and still_live(pos, code))
            if dead:
                side_fill, outline = colors["dimmed"], "#6e6e6e"
            letter = game.letter_of(code)
            pieces.append(f'<g class="piece{" eliminated" if dead else ""}" data-square={quoteattr(name)} '
                          f'data-piece={quoteattr(letter)} data-color={quoteattr(game.color_names[owner])} '
                          + ('opacity="0.45" ' if dead else "") +
                          f'transform="translate({_fmt(x + SQUARE / 2)},{_fmt(y + SQUARE / 2)})">'
                          f'{piece_svg(game, code, side_fill, outline, SQUARE, view[0], view[1], dead)}</g>')
    # marks over the squares, under the pieces
    if p.cells and p.frame and plain_board:
        out.append(f'<rect class="border" x="{_fmt(p.x)}" y="{_fmt(p.y)}" width="{_fmt(p.width)}" '
                   f'height="{_fmt(p.height)}" fill="none" stroke="#555" stroke-width="1"/>')
    for row, label in p.marked_rows.items():
        y = p.y + row * SQUARE
        out.append(f'<rect class="marked marked-row" data-label={quoteattr(label)} x="{_fmt(p.x + 1)}" '
                   f'y="{_fmt(y + 1)}" width="{_fmt(p.width - 2)}" height="{SQUARE - 2}" fill="none" '
                   f'stroke="{colors["marked"]}" stroke-width="2.5"/>')
        out.append(f'<text class="marked-label" x="{_fmt(p.x + p.width + 4)}" y="{_fmt(y + SQUARE / 2)}" '
                   f'dominant-baseline="central" font-size="11" fill="{colors["marked"]}" '
                   f'font-family="{FONT}">{escape(label.split(" (")[0])}</text>')
    for col, label in p.marked_columns.items():
        x = p.x + col * SQUARE
        out.append(f'<rect class="marked marked-column" data-label={quoteattr(label)} x="{_fmt(x + 1)}" '
                   f'y="{_fmt(p.y + 1)}" width="{SQUARE - 2}" height="{_fmt(p.height - 2)}" fill="none" '
                   f'stroke="{colors["marked"]}" stroke-width="2.5"/>')
    for b in p.blocks:
        if plain_board or "region" not in b.css.split():     # the lines draw a palace
            out.append(_block_svg(p, b, colors))
    for edge in p.seams:
        x1, y1, x2, y2 = {
            "left": (p.x, p.y, p.x, p.y + p.height), "right": (p.x + p.width, p.y, p.x + p.width, p.y + p.height),
            "top": (p.x, p.y, p.x + p.width, p.y), "bottom": (p.x, p.y + p.height, p.x + p.width, p.y + p.height),
        }[edge]
        out.append(f'<line class="seam" data-edge="{edge}" x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" '
                   f'y2="{_fmt(y2)}" stroke="{colors["seam"]}" stroke-width="4" stroke-dasharray="8,5"/>')
    out.extend(pieces)
    if coordinates:
        # the notation's labels, then (hidden until the web board's "Coordinates" switch shows them) the
        # coordinates' own, where the notation names the squares otherwise (shogi's 9..1 and a..i)
        sets = [("", p.column_labels, p.row_labels)]
        if p.native_column_labels:
            sets = [(" notation", p.column_labels, p.row_labels),
                    (" native", p.native_column_labels, p.native_row_labels)]
        for css, columns, rows in sets:
            hidden = ' display="none"' if css == " native" else ""
            for i, label in enumerate(columns):
                out.append(f'<text class="coord file{css}" x="{_fmt(p.x + (i + 0.5) * SQUARE)}"{hidden} '
                           f'y="{_fmt(p.y + p.height + LABEL - 5)}" text-anchor="middle" font-size="12" '
                           f'fill="{colors["coord"]}" font-family="{FONT}">{escape(label)}</text>')
            for i, label in enumerate(rows):
                if not label:
                    continue
                out.append(f'<text class="coord rank{css}" x="{_fmt(p.x - 4)}" y="{_fmt(p.y + (i + 0.5) * SQUARE)}"'
                           f'{hidden} text-anchor="end" dominant-baseline="central" font-size="12" '
                           f'fill="{colors["coord"]}" font-family="{FONT}">{escape(label)}</text>')
    out.append("</g>")
    return "\n".join(out)


BLOCK_STYLES = {       # stroke, width, dash pattern of an outlined cell group, by its class
    "platform": ("#1f5fd1", 3, ""),
    "point": ("#8a8f96", 1.5, "5,4"),
    "moved-last": ("#d01c1c", 4, ""),
    "region": ("#6b3f12", 2.5, ""),
}


def _block_style(css: str) -> tuple[str, float, str]:
    kinds = css.split()
    for kind in ("moved-last", "platform", "point", "region"):
        if kind in kinds:
            return BLOCK_STYLES[kind]
    return BLOCK_STYLES["platform"]


def _block_svg(p: Panel, b, colors: dict[str, str]) -> str:
    """An outlined group of cells (a platform point) with its name; clicks pass through to the cells."""
    x, y = p.x + b.column * SQUARE, p.y + b.row * SQUARE
    w, h = b.columns * SQUARE, b.rows * SQUARE
    stroke, width, dash = _block_style(b.css)
    out = [f'<g class="block {b.css}" data-label={quoteattr(b.label)} pointer-events="none">',
           f'<rect x="{_fmt(x + 1.5)}" y="{_fmt(y + 1.5)}" width="{_fmt(w - 3)}" height="{_fmt(h - 3)}" '
           f'fill="none" stroke="{stroke}" stroke-width="{width}"' + (f' stroke-dasharray="{dash}"' if dash else "")
           + '/>']
    if "point" in b.css.split():      # vacant: the name in the middle
        out.append(f'<text x="{_fmt(x + w / 2)}" y="{_fmt(y + h / 2)}" text-anchor="middle" '
                   f'dominant-baseline="central" font-size="13" fill="#555" font-family="{FONT}">'
                   f'{escape(b.label)}</text>')
    elif b.label:                     # a platform: a small tag on its top edge
        out.append(f'<rect x="{_fmt(x + 3)}" y="{_fmt(y + 3)}" width="{_fmt(7 * len(b.label) + 6)}" height="13" '
                   f'fill="{stroke}" fill-opacity="0.85"/>'
                   f'<text x="{_fmt(x + 6)}" y="{_fmt(y + 10)}" dominant-baseline="central" font-size="10" '
                   f'fill="#fff" font-family="{FONT}">{escape(b.label)}</text>')
    out.append("</g>")
    return "".join(out)


def _side_svg(pos: "Position", lay: Layout, colors: dict[str, str], x0: float, y0: float,
              view: tuple[int, bool] = (0, False)) -> str:
    """Boxes beside the board (reserves): a row of glyphs with counts, each with a click id."""
    game = pos.game
    out = ['<g class="side">']
    y = y0 + GAP
    x = x0 + GAP / 2
    for title, items in lay.side:
        out.append(f'<text class="side-title" x="{_fmt(x)}" y="{_fmt(y)}" font-size="14" font-weight="bold" '
                   f'fill="{colors["title"]}" font-family="{FONT}">{escape(title)}</text>')
        y += 8
        for i, (click_id, code, count) in enumerate(items):
            cx = x + (i % 4) * SQUARE + SQUARE / 2
            cy = y + (i // 4) * SQUARE + SQUARE / 2
            owner = game.owner[code]
            side_fill, outline = side_colors(game, owner, colors)
            out.append(f'<g class="reserve-piece" data-target={quoteattr(click_id)} '
                       f'data-piece={quoteattr(game.letter_of(code))} data-color={quoteattr(game.color_names[owner])} '
                       f'data-count={quoteattr(count)} transform="translate({_fmt(cx)},{_fmt(cy)})">'
                       f'<rect class="reserve-cell" x="{-SQUARE / 2}" y="{-SQUARE / 2}" width="{SQUARE}" '
                       f'height="{SQUARE}" fill="#e8e2d6" stroke="#999"/>'
                       f'{piece_svg(game, code, side_fill, outline, SQUARE * 0.9, view[0], view[1])}'
                       f'<text x="{_fmt(SQUARE / 2 - 3)}" y="{_fmt(SQUARE / 2 - 4)}" text-anchor="end" '
                       f'font-size="11" font-weight="bold" fill="#000" font-family="{FONT}">{escape(count)}</text>'
                       '</g>')
        rows = max(1, (len(items) + 3) // 4)
        y += rows * SQUARE + GAP
    out.append("</g>")
    return "\n".join(out)


def _legend_svg(game, entries, colors: dict[str, str], x: float, y: float, latin: bool = False,
                columns: tuple[int, float] = (0, 0.0)) -> str:
    """The legend's items, column by column (``columns``: items to a column and a column's width)."""
    out = [f'<g class="legend" transform="translate({_fmt(x)},{_fmt(y)})">']
    fill, outline = side_colors(game, 0, colors)
    rows = columns[0] or len(entries)
    for i, (key, text, glyph) in enumerate(entries):
        cy = (i % rows) * 30 + 15
        shift = f' transform="translate({_fmt((i // rows) * columns[1])},0)"' if i >= rows else ""
        out.append(f'<g class="legend-item" data-piece={quoteattr(key)} data-text={quoteattr(text)}{shift}>')
        if isinstance(glyph, int):              # a piece drawn with its character: as on the board
            out.append(f'<g transform="translate(15,{_fmt(cy)})">'
                       f'{piece_svg(game, glyph, fill, outline, 28, 0, latin)}</g>')
        elif glyph is not None:
            out.append(f'<g transform="translate(15,{_fmt(cy)})">{glyph_svg(glyph, fill, outline, 28)}</g>')
        else:                                   # a board mark: drawn as on the board
            stroke, width, dash = _block_style(key)
            swatch = colors["hole"] if key == "point" else colors["square light"]   # as the board draws it
            out.append(f'<rect x="3" y="{_fmt(cy - 11)}" width="24" height="22" fill="{swatch}" '
                       f'fill-opacity="{0.25 if key == "point" else 1}" stroke="{stroke}" stroke-width="{width}"' + (f' stroke-dasharray="{dash}"' if dash else "") + '/>')
        out.append(f'<text x="36" y="{_fmt(cy)}" dominant-baseline="central" font-size="13" '
                   f'fill="{colors["note"]}" font-family="{FONT}">{escape(text)}</text></g>')
    out.append("</g>")
    return "\n".join(out)
