"""Piece codes, move flags and the move tuple: the vocabulary every module of the rules shares."""
from __future__ import annotations

EMPTY = 0
HOLE = 1           # a missing cell that appears/vanishes during play: blocks every line
NORMAL, DOUBLE, EN_PASSANT, CASTLE, PROMOTION = 0, 1, 2, 3, 4
TRANSFORM = 5      # a non-pawn piece changes into ``extra`` as it enters its zone (crowned knight)
SPECIAL = 8        # flags >= SPECIAL belong to the game's own hooks (split, drop, platform...)

EP_PROMOTED = 16   # an en passant capture onto a promotion cell: extra = victim cell | promoted code << 16

Move = tuple[int, int, int, int]
"""``(from_cell, to_cell, extra, flag)``. ``extra`` is the promoted piece code (PROMOTION),
the passed cell (DOUBLE), the captured pawn's cell (EN_PASSANT; with the promoted code above it,
``EP_PROMOTED``, when the capturing pawn lands on its promotion zone), the castling rule index
(CASTLE), the piece it turns into (TRANSFORM) or game data (flags >= SPECIAL)."""


def promoted_code(move: Move) -> int:
    """The code a pawn becomes by ``move`` (a promotion, or an en passant capture onto its promotion
    zone), else 0."""
    if move[3] == PROMOTION:
        return move[2]
    return move[2] >> EP_PROMOTED if move[3] == EN_PASSANT else 0


def ep_victim(move: Move) -> int:
    """The cell of the pawn an en passant ``move`` captures."""
    return move[2] & ((1 << EP_PROMOTED) - 1)


def code_of(kind: int, color: int) -> int:
    return kind << 2 | color
