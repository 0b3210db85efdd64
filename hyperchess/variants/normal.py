"""``normal``: FIDE chess, the baseline every tool can check us against."""
from __future__ import annotations

from .fide import FlatChess
from .game import EvalWeights
from .pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK


class NormalChess(FlatChess):
    name = "normal"
    title = "Chess"
    description = "FIDE chess on the 8x8 board"
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    army = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
    castlings = (("e", "g", "h", "f", "K"), ("e", "c", "a", "d", "Q"))
    eval_weights = EvalWeights(castling=30)
