"""Piece codes, move flags and the move tuple: the vocabulary every module of the rules shares."""
from __future__ import annotations

EMPTY = 0
HOLE = 1           # a missing cell that appears/vanishes during play: blocks every line
NORMAL, DOUBLE, EN_PASSANT, CASTLE, PROMOTION = 0, 1, 2, 3, 4
TRANSFORM = 5      # a non-pawn piece changes into ``extra`` as it enters its zone (crowned knight)
SPECIAL = 8        # flags >= SPECIAL belong to the game's own hooks (split, drop, platform...)

Move = tuple[int, int, int, int]
"""``(from_cell, to_cell, extra, flag)``. ``extra`` is the promoted piece code (PROMOTION),
the passed cell (DOUBLE), the captured pawn's cell (EN_PASSANT), the castling rule index
(CASTLE), the piece it turns into (TRANSFORM) or game data (flags >= SPECIAL)."""


def code_of(kind: int, color: int) -> int:
    return kind << 2 | color
