"""What a game's picture declaration asks for (``Game.picture``, ``variants/core/picture.py``: marked lines, legend
texts, level order, notes, a whole layout for boards whose cells move), and the glyph of every piece."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import code_of
from hyperchess.variants.core.san import notation_letter

from .layout import Layout, level_grid

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

ORTHODOX = "PNBRQK"
ORTHODOX_NAMES = {"pawn": "P", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "king": "K"}

# Glyphs: the filled chess figurines (drawn in the side's colour), or a combination of them with a badge.
FIGURINE = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "N": "\u265e", "P": "\u265f"}


@dataclass(frozen=True)
class Glyph:
    """How a piece is drawn: figurines (char, dx, dy, scale) inside its square, and a small badge text."""
    parts: tuple[tuple[str, float, float, float], ...]
    badge: str = ""


def glyph_for(letter: str, tags: frozenset[str] = frozenset(), name: str = "") -> Glyph:
    """The default glyph of a piece type, chosen by its name: a figurine for the orthodox pieces, a combination
    for the known fairy pieces, else its letter on a disc (explained by the game's legend). A piece with no
    name of its own (its name is its letter) is drawn by its letter."""
    L = letter.upper()
    n = name.lower() if name and name.upper() != L else ""
    if "joined" in tags:                                    # double knight, joined: two knights
        return Glyph(((FIGURINE["N"], -0.17, 0.02, 0.66), (FIGURINE["N"], 0.17, 0.02, 0.66)))
    if "single" in tags:                                    # double knight, split half
        return Glyph(((FIGURINE["N"], 0, 0, 0.8),), "\u00bd")
    if "crowned" in tags or "crowned" in n:                 # crowned knight (knight + king)
        return Glyph(((FIGURINE["N"], 0, 0.05, 0.8),), "+")
    if n.startswith("commoner") or n == "mann" or (not n and L == "M"):     # a non-royal king
        return Glyph(((FIGURINE["K"], 0, 0.03, 0.78),), "c")
    if n.startswith("archbishop") or (not n and L == "A"):
        return Glyph(((FIGURINE["B"], -0.16, 0, 0.66), (FIGURINE["N"], 0.18, 0.04, 0.6)))
    if n.startswith("chancel") or (not n and L == "C"):    # the chancellor: rook + knight
        return Glyph(((FIGURINE["R"], -0.16, 0, 0.62), (FIGURINE["N"], 0.18, 0.04, 0.6)))
    if n in ORTHODOX_NAMES:
        return Glyph(((FIGURINE[ORTHODOX_NAMES[n]], 0, 0, 0.86),))
    if not n and L in FIGURINE:
        return Glyph(((FIGURINE[L], 0, 0, 0.86),))
    return Glyph((), L)                                     # unknown: the letter on a disc


def default_layout(pos: "Position", flip: bool, quarter: int = 0) -> Layout:
    """The game's own layout if it declares one (it turns only by ``flip``), else one panel per level
    (``level_grid``, which also turns by quarters)."""
    h = pos.game.picture
    if h.layout is not None:
        return h.layout(pos, flip)
    lay = level_grid(pos, flip, marked_ranks=h.marked_ranks, marked_files=h.marked_files, top_first=h.top_first,
                     quarter=quarter)
    if h.side is not None:
        lay.side = h.side(pos)
    return lay


def on_show(game) -> set[int]:
    """The kinds a game's players meet: those of the start position (on the board or in hand), the promoted
    kinds and the pawns' promotion choices (a type the game declares only for another's moves is left out)."""
    start = game.position()
    kinds = {game.kind_of[code] for code in start.board if code > 1}
    counts = getattr(start.extra, "counts", None)
    for hand in counts or ():
        kinds |= {k for k, n in enumerate(hand) if n}
    kinds |= set(getattr(game, "promotes_to", {}).values())
    kinds |= {game.kind_by_letter[ch.upper()] for ch in getattr(game, "promotion_letters", "")
              if ch.upper() in game.kind_by_letter}
    return kinds


def legend_entries(game) -> list[tuple[str, str, "Glyph | int | None"]]:
    """(key, text, glyph) for every piece type that is not orthodox, then the game's extra items. The text is
    the name players use (``Game.piece_name``), and, for pieces drawn with characters, the letter the move
    list writes for it (``core/san.py``: ``notation_letter``). A game whose pieces are drawn with characters (discs,
    pentagons) lists every piece, its glyph the piece's code of the first player (drawn as the board draws it)."""
    h = game.picture
    drawn = game.drawing.pieces != "figurines"
    out: list[tuple[str, str, Glyph | int | None]] = []
    seen = set()
    shown = on_show(game) if drawn else None
    for kind, piece in enumerate(game.pieces):
        if piece is None or kind == 0 or (shown is not None and kind not in shown):
            continue
        letter = piece.letter.upper()
        orthodox = ORTHODOX_NAMES.get(piece.name.lower()) == letter or piece.name.upper() == letter
        if not drawn and letter in ORTHODOX and orthodox and not piece.tags and letter not in h.legend \
                and letter not in game.piece_names:
            continue
        key = letter + ":" + ",".join(sorted(piece.tags))
        if key in seen:
            continue
        seen.add(key)
        text = h.legend.get(letter) or game.piece_name(kind)
        if drawn:                                   # the letter the move list writes (xiangqi's horse H)
            text = f"{text} ({notation_letter(game, code_of(kind, 0))})"
        out.append((letter, text, code_of(kind, 0) if drawn else glyph_for(letter, piece.tags, piece.name)))
    for kind, text in h.extra_legend:
        out.append((kind, text, None))
    return out
