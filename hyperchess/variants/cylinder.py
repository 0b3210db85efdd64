"""``cylinder``: XBoard's built-in Cylinder Chess: FIDE chess on an 8x8 board whose a- and h-files are
joined, so every line and leap may cross the a/h seam.

Decisions (``docs/rules/cylinder.md``): every piece wraps, pawn captures included (a2xh3);
castling is FIDE castling on the usual squares, never across the seam.
"""
from __future__ import annotations

from .fide import FlatChess
from .pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK


class CylinderChess(FlatChess):
    name = "cylinder"
    title = "Cylinder Chess"
    description = "FIDE chess with files a and h joined (left-right wrap)"
    wrap_files = True
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    army = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
    castlings = (("e", "g", "h", "f", "K"), ("e", "c", "a", "d", "Q"))
    # XBoard's own cylinder rules know no seam pawn captures, so with legality testing on it forfeits them.
    # These Betza descriptions (sent as `piece X& DESC`) make it judge our rules instead: `o` = the move
    # wraps around the a/h seam. The king has no `O` atom, so XBoard keeps its usual castling (docs/gui.md).
    flat_betza = {
        "P": "fmWfceoFifmnD",   # step forward; capture or e.p. diagonally forward (wrapping); first move 2, not jumping
        "N": "oN", "B": "oB", "R": "oR", "Q": "oQ", "K": "oK",
    }
