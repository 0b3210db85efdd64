"""Pieces as a game's players know them (``Game.drawing.pieces``): chess figurines (``games.glyph_for``),
discs with the characters xiangqi and janggi players read, and shogi's pentagons pointing at the opponent
with their promoted side in red, and a makruk set (``carved.py``). ``latin`` draws the pieces' letters instead of
the characters.

Characters need a font that has them: the pictures name the Noto CJK fonts Debian ships (``fonts-noto-cjk``)
first, then common ones."""
from __future__ import annotations

from xml.sax.saxutils import escape

from hyperchess.variants.core.san import notation_letter

from .games import Glyph, glyph_for
from .layout import SQUARE
from .carved import carved_svg

# Serif faces first: the brush-like strokes of printed xiangqi and shogi pieces
CJK_FONT = ("Noto Serif CJK TC, Noto Serif CJK JP, Noto Sans CJK TC, Noto Sans CJK JP, Source Han Serif, "
            "SimSun, MS Mincho, DejaVu Sans, sans-serif")
FONT = "DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, Arial Unicode MS, sans-serif"
# the ink of each side's characters and rings on a disc, by the drawing's colour name
INK = {"red": "#c0161b", "black": "#1b1b1b", "blue": "#1546a0", "green": "#1f7a32", "white": "#555555"}
DISC = "#f4e3bb"            # a disc's face
WOOD = "#f2cf8b"            # a pentagon's face
WOOD_EDGE = "#6b4a1b"
PROMOTED_INK = "#c8102e"


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def glyph_svg(glyph: Glyph, fill: str, outline: str, size: float = SQUARE) -> str:
    """A chess glyph centred on (0, 0), ``size`` units wide: figurines and a badge, or a letter on a disc."""
    out = []
    if not glyph.parts:           # an unknown piece: its letter on a disc
        out.append(f'<circle r="{_fmt(size * 0.38)}" fill="{fill}" stroke="{outline}" stroke-width="1.5"/>')
        out.append(f'<text text-anchor="middle" dominant-baseline="central" font-size="{_fmt(size * 0.42)}" '
                   f'font-weight="bold" fill="{outline}" font-family="{FONT}">{escape(glyph.badge)}</text>')
        return "".join(out)
    for ch, dx, dy, scale in glyph.parts:
        out.append(f'<text x="{_fmt(dx * size)}" y="{_fmt(dy * size)}" text-anchor="middle" '
                   f'dominant-baseline="central" font-size="{_fmt(size * scale)}" fill="{fill}" '
                   f'stroke="{outline}" stroke-width="{_fmt(size / 30)}" paint-order="stroke" '
                   f'font-family="{FONT}">{ch}</text>')
    if glyph.badge:
        bx, by, r = size * 0.31, -size * 0.31, size * 0.17
        out.append(f'<circle cx="{_fmt(bx)}" cy="{_fmt(by)}" r="{_fmt(r)}" fill="{outline}" stroke="{fill}" '
                   f'stroke-width="1"/>')
        out.append(f'<text x="{_fmt(bx)}" y="{_fmt(by)}" text-anchor="middle" dominant-baseline="central" '
                   f'font-size="{_fmt(r * 1.5)}" font-weight="bold" fill="{fill}" '
                   f'font-family="{FONT}">{escape(glyph.badge)}</text>')
    return "".join(out)


def piece_glyph(game, code: int) -> Glyph:
    """The chess glyph of piece ``code`` (figurines, or its letter on a disc)."""
    piece = game.pieces[game.kind_of[code]]
    return glyph_for(piece.letter, piece.tags, piece.name)


def piece_text(game, code: int, latin: bool = False) -> str:
    """The character drawn on a disc or pentagon for ``code``: the game's glyph for its side, else (or with
    ``latin``) the letter the move list writes for it (a promoted piece's ``+`` kept; xiangqi's horse ``H``)."""
    letter = game.pieces[game.kind_of[code]].letter.upper()
    own = "" if latin else game.drawing.glyph(letter, game.owner[code])
    return own or notation_letter(game, code)


def disc_svg(text: str, ink: str, size: float = SQUARE, letter: str = "") -> str:
    """A xiangqi or janggi piece: a disc with a ring and its character in the side's ink."""
    r = size * 0.43
    latin = text.isascii()
    return (f'<circle r="{_fmt(r)}" fill="{DISC}" stroke="{ink}" stroke-width="{_fmt(size * 0.05)}"/>'
            f'<circle r="{_fmt(r * 0.8)}" fill="none" stroke="{ink}" stroke-width="{_fmt(size * 0.022)}"/>'
            f'<text class="piece-text" data-letter="{escape(letter or text)}" text-anchor="middle" '
            f'dominant-baseline="central" '
            f'font-size="{_fmt(size * (0.42 if latin and len(text) == 1 else 0.3 if latin else 0.5))}" '
            f'font-weight="bold" fill="{ink}" font-family="{FONT if latin else CJK_FONT}">{escape(text)}</text>')


def pentagon_svg(text: str, ink: str, up: bool, size: float = SQUARE, letter: str = "") -> str:
    """A shogi piece: a pentagon pointing away from its owner (``up``: towards the top of the picture), its
    character upright for its owner."""
    s = size
    points = [(0, -0.45), (0.3, -0.31), (0.37, 0.43), (-0.37, 0.43), (-0.3, -0.31)]
    path = " ".join(f"{_fmt(x * s)},{_fmt(y * s)}" for x, y in points)
    latin = text.isascii()
    font_size = s * (0.36 if latin and len(text) > 1 else 0.44 if latin else 0.46)
    turn = "" if up else ' transform="rotate(180)"'
    return (f'<g class="pentagon"{turn}><polygon points="{path}" fill="{WOOD}" stroke="{WOOD_EDGE}" '
            f'stroke-width="{_fmt(s * 0.03)}" stroke-linejoin="round"/>'
            f'<text class="piece-text" data-letter="{escape(letter or text)}" y="{_fmt(s * 0.04)}" '
            f'text-anchor="middle" dominant-baseline="central" '
            f'font-size="{_fmt(font_size)}" font-weight="bold" fill="{ink}" '
            f'font-family="{FONT if latin else CJK_FONT}">{escape(text)}</text></g>')


def piece_svg(game, code: int, fill: str, outline: str, size: float = SQUARE, bottom: int = 0,
              latin: bool = False, plain: bool = False) -> str:
    """Piece ``code`` centred on (0, 0), as the game's drawing says (``fill``/``outline``: the side's chess
    colours, for figurines). ``bottom``: the team whose side is at the bottom of the picture (pentagons point
    away from their owner); ``latin``: letters instead of characters; ``plain``: greyed (an eliminated side)."""
    drawing = game.drawing
    if drawing.pieces == "figurines":
        return glyph_svg(piece_glyph(game, code), fill, outline, size)
    if drawing.pieces == "carved":          # a piece without a figure in the set (ai-wok): its letter on a disc
        shape = drawing.shapes.get(game.pieces[game.kind_of[code]].letter.upper())
        return carved_svg(shape, fill, outline, size) if shape else \
            glyph_svg(Glyph((), piece_text(game, code, True)), fill, outline, size)
    owner = game.owner[code]
    names = drawing.side_colors
    ink = outline if plain else INK.get(names[owner] if owner < len(names) else "", "#1b1b1b")
    text, letter = piece_text(game, code, latin), piece_text(game, code, True)
    if drawing.pieces == "discs":
        return disc_svg(text, ink, size, letter)
    promoted = game.pieces[game.kind_of[code]].letter.startswith("+")
    if promoted and drawing.promoted_red and not plain:
        ink = PROMOTED_INK
    elif not plain:
        ink = "#1b1b1b"
    return pentagon_svg(text, ink, game.teams[owner] == bottom, size, letter)
