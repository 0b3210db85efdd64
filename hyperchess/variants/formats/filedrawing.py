"""A variants file's ``drawing``, ``names`` and ``notation`` keys: how the game's board and pieces are drawn, the
names its players use for the pieces and the notation they read (``core.picture.Drawing``,
``Presentation.piece_names``, ``Presentation.notation``; docs/variants-file.md, "How a game is drawn").
Fairy-Stockfish's games get the first two from ``fsf_display``, and their notation by how they are drawn."""
from __future__ import annotations

from typing import Any

from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.picture import CARVED_SHAPES, Drawing
from hyperchess.variants.core.presentation import NOTATIONS
from hyperchess.variants.formats.gamespec import check_keys

BOARDS = ("squares", "grid", "intersections")
PIECES = ("figurines", "discs", "pentagons", "carved")
DRAWING_KEYS = {"board", "river", "river_text", "palace_diagonals", "pieces", "glyphs", "side_names", "side_colors",
                "promoted_red", "promotion_zones", "shapes"}
MAX_TEXT = 40          # a name or a glyph's characters


def read_drawing(t: dict[str, Any], where: str, players: int) -> Drawing:
    """The table's ``drawing`` (or the default: a chessboard with figurines)."""
    d = t.get("drawing")
    if d is None:
        return Drawing()
    at = f"{where}.drawing"
    if not isinstance(d, dict):
        raise VariantsFileError(f"{at}: a table {{ board, river, palace_diagonals, pieces, glyphs, ... }}")
    check_keys(d, DRAWING_KEYS, at)
    for key, choices in (("board", BOARDS), ("pieces", PIECES)):
        if key in d and d[key] not in choices:
            raise VariantsFileError(f"{at}.{key}: one of {', '.join(choices)}")
    for key in ("river", "palace_diagonals", "promoted_red", "promotion_zones"):
        if key in d and not isinstance(d[key], bool):
            raise VariantsFileError(f"{at}.{key}: true or false")
    river_text = d.get("river_text", "")
    if not isinstance(river_text, str) or len(river_text) > MAX_TEXT:
        raise VariantsFileError(f"{at}.river_text: a few words")
    sides = {}
    for key in ("side_names", "side_colors"):
        value = d.get(key, [])
        if not isinstance(value, list) or (value and len(value) != players) or \
                not all(isinstance(x, str) and x.isalpha() and len(x) <= MAX_TEXT for x in value):
            raise VariantsFileError(f"{at}.{key}: a name of letters for each of the {players} players")
        sides[key] = tuple(x.lower() for x in value)
    glyphs = d.get("glyphs", {})
    if not isinstance(glyphs, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and 1 <= len(v) <= players
            and all(isinstance(c, str) and 0 < len(c) <= 3 for c in v) for k, v in glyphs.items()):
        raise VariantsFileError(f"{at}.glyphs: a table of letter = [\"character\", ...] (one for each player, "
                                "or one for all)")
    shapes = d.get("shapes", {})
    if not isinstance(shapes, dict) or not all(isinstance(k, str) and v in CARVED_SHAPES for k, v in shapes.items()):
        raise VariantsFileError(f"{at}.shapes: a table of letter = one of {', '.join(CARVED_SHAPES)}")
    return Drawing(board=d.get("board", "squares"), river=d.get("river", False), river_text=river_text,
                   palace_diagonals=d.get("palace_diagonals", False), pieces=d.get("pieces", "figurines"),
                   glyphs={k.upper(): tuple(v) for k, v in glyphs.items()}, side_names=sides["side_names"],
                   side_colors=sides["side_colors"], promoted_red=d.get("promoted_red", False),
                   promotion_zones=d.get("promotion_zones", False),
                   shapes={k.upper(): v for k, v in shapes.items()})


def read_names(t: dict[str, Any], where: str) -> dict[str, str]:
    """The table's ``names``: piece letter (``+P`` for a promoted one) -> the name its players use."""
    names = t.get("names", {})
    if not isinstance(names, dict) or not all(isinstance(v, str) and 0 < len(v) <= MAX_TEXT for v in names.values()):
        raise VariantsFileError(f"{where}.names: a table of letter = \"name players use\"")
    return {str(k).upper(): v for k, v in names.items()}


def read_notation(t: dict[str, Any], where: str, drawing: Drawing) -> str:
    """The table's ``notation`` (one of ``NOTATIONS``), else the one of the family the game is drawn as: shogi's
    (Hodges') for pentagons, xiangqi's (WXF) for intersections with a river, janggi's for intersections without,
    else SAN."""
    notation = t.get("notation")
    if notation is None:
        san, hodges, wxf, numeric = NOTATIONS
        if drawing.pieces == "pentagons":
            return hodges
        if drawing.board == "intersections":
            return wxf if drawing.river else numeric
        return san
    if notation not in NOTATIONS:
        raise VariantsFileError(f"{where}.notation: one of {', '.join(NOTATIONS)}")
    return notation
