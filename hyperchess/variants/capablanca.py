"""``capablanca``: Capablanca chess, 10x8 with archbishop (B+N) and chancellor (R+N).

Castling as Fairy-Stockfish plays it: the king goes f1->i1 (rook j1->h1) or f1->c1 (rook a1->d1).
"""
from __future__ import annotations

from .fide import FlatChess
from .picture import Picture
from .pieces import ARCHBISHOP, BISHOP, CHANCELLOR, KING, KNIGHT, PAWN, QUEEN, ROOK


class Capablanca(FlatChess):
    name = "capablanca"
    title = "Capablanca Chess"
    description = "10x8; archbishop = bishop+knight, chancellor = rook+knight"
    files = 10
    start_fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    army = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, ARCHBISHOP, CHANCELLOR)
    castlings = (("f", "i", "j", "h", "K"), ("f", "c", "a", "d", "Q"))
    promotion_letters = "qcarbn"
    picture = Picture(legend={"A": "archbishop: bishop + knight", "C": "chancellor: rook + knight"})

    def _cannot_mate(self, pos, color: int) -> bool:
        b = pos.board
        if any(self.pieces[self.kind_of[b[c]]].letter in "AC" for c in pos.occupied[color]):
            return False
        return super()._cannot_mate(pos, color)
