"""``mixed3d``: Ralph Betza's Mixed 3D Chess on an 8x8x8 cube (contract: shared/rules/mixed3d.md).

A full FIDE army stands on every level; only the kings on 4e1/4e8 are royal, the other 7 kings of
each side are non-royal Commoners (letter ``M``). Square names put the level first: ``4e4``.
Moves are written from-to (``4e24e4``); castling is the king's move (``4e12g1``), and the
contract's ``O-O(2g1)`` is accepted on input.
"""
from __future__ import annotations

import re

from .game import CASTLE, EvalWeights, Game, Move, MoveError
from .geometry import Geometry, symmetric
from .notation import SquareNames
from .picture import Picture
from .pieces import Leap, Mode, Path, PieceType, Slide
from .position import Position

# §B(b): rook lines stay in a file-level or rank-level plane or run straight up/down.
ROOK_3D = symmetric((1, 0, 0)) + tuple((x, 0, z) for x in (-1, 1) for z in (-1, 1)) \
    + tuple((0, y, z) for y in (-1, 1) for z in (-1, 1))
# Bishop lines always change file and rank (so a bishop keeps its colour).
BISHOP_3D = tuple((x, y, 0) for x in (-1, 1) for y in (-1, 1)) + symmetric((1, 1, 1))
KING_3D = ROOK_3D + BISHOP_3D
KNIGHT_3D = symmetric((0, 1, 2))

PAWN_3D = PieceType("P", "pawn", (
    Leap(((0, 1, 0),), Mode.MOVE),
    Path(((0, 1, 0), (0, 2, 0))),
    # §B(b): captures (±1,+1,0) and (0,+1,±1)
    Leap(((-1, 1, 0), (1, 1, 0), (0, 1, 1), (0, 1, -1)), Mode.CAPTURE),
), 100, oriented=True, pawn=True)
KNIGHT_3D_PIECE = PieceType("N", "knight", (Leap(KNIGHT_3D),), 320)
BISHOP_3D_PIECE = PieceType("B", "bishop", (Slide(BISHOP_3D),), 330)
ROOK_3D_PIECE = PieceType("R", "rook", (Slide(ROOK_3D),), 500)
QUEEN_3D_PIECE = PieceType("Q", "queen", (Slide(KING_3D),), 900)
COMMONER_3D = PieceType("M", "commoner", (Leap(KING_3D),), 300)
KING_3D_PIECE = PieceType("K", "king", (Leap(KING_3D),), 0, royal=True)

LEVELS = tuple(str(i) for i in range(1, 9))

# (FEN letter, king to, rook from, rook to, squares that must be empty, squares that must be safe)
# on White's side; Black's are the same with rank 8. §B(b) and §B(c) B3.
CASTLINGS = (
    ("K", "4g1", "4h1", "4f1", ("4f1", "4g1"), ("4e1", "4f1", "4g1")),
    ("Q", "4c1", "4a1", "4d1", ("4d1", "4c1", "4b1"), ("4e1", "4d1", "4c1")),
    ("S", "2g1", "1h1", "3f1", ("3f1", "2g1"), ("4e1", "3f1", "2g1")),
    ("T", "2c1", "1a1", "3d1", ("3d1", "2c1", "1b1"), ("4e1", "3d1", "2c1")),   # rook as if on "0a1"
    ("U", "6g1", "7h1", "5f1", ("5f1", "6g1"), ("4e1", "5f1", "6g1")),
    ("V", "6c1", "8a1", "5d1", ("5d1", "6c1", "7b1"), ("4e1", "5d1", "6c1")),
)


def _start_fen() -> str:
    white_back, black_back = "RNBMKBNR", "rnbmkbnr"
    levels = []
    for level in range(8, 0, -1):                  # top level first
        king = "K" if level == 4 else "M"
        wb = white_back.replace("M", "Q").replace("K", king)
        bb = black_back.replace("m", "q").replace("k", king.lower())
        levels.append(f"{bb}/pppppppp/8/8/8/8/PPPPPPPP/{wb}")
    rights = "".join(c[0] for c in CASTLINGS)
    return "|".join(levels) + f" w {rights}{rights.lower()} - 0 1"


class Mixed3D(Game):
    name = "mixed3d"
    title = "Mixed 3D Chess"
    description = "Betza's 8x8x8 cube: an army on every level, one royal king (4e1/4e8)"
    start_fen = _start_fen()
    level_separator = "|"
    panels_per_row = 4             # render: levels 5-8 above levels 1-4
    picture = Picture(legend={"M": "commoner: moves as a king, not royal"})
    # No piece walk (mobility, attacks on the king zone): over 128 units a side it made a search node 5x
    # dearer (bench/search.py mixed3d d3 28.6k -> 5.6k nodes/s); passed pawns and the king's pawn shelter stay.
    eval_weights = EvalWeights(mobility=0, king_attack=0, king_defence=0)

    def __init__(self) -> None:
        geo = Geometry(8, 8, 8)
        names = SquareNames(geo, level_names=LEVELS)
        army = (PAWN_3D, KNIGHT_3D_PIECE, BISHOP_3D_PIECE, ROOK_3D_PIECE, QUEEN_3D_PIECE, KING_3D_PIECE,
                COMMONER_3D)
        super().__init__(geo, names, army)
        self.promotion_zone = [frozenset(c for c, (f, r, l) in enumerate(geo.coords) if r == 7),
                               frozenset(c for c, (f, r, l) in enumerate(geo.coords) if r == 0)]
        pawn = 1
        self.initial_cells = {(pawn, 0): frozenset(c for c, (f, r, l) in enumerate(geo.coords) if r == 1),
                              (pawn, 1): frozenset(c for c, (f, r, l) in enumerate(geo.coords) if r == 6)}
        for color, rank in ((0, "1"), (1, "8")):
            def sq(name: str) -> str:
                return name[:-1] + rank
            for letter, kt, rf, rt, empty, safe in CASTLINGS:
                self.castling.append(self.castling_rule(
                    color, sq("4e1"), sq(kt), sq(rf), sq(rt), letter if color == 0 else letter.lower(),
                    empty=[sq(s) for s in empty], safe=[sq(s) for s in safe]))
        self.compile()
        self._castle_re = re.compile(r"^(?:O-O(?:-O)?|0-0(?:-0)?)\((" + self.names.pattern + r")\)$")

    def insufficient_material(self, pos: Position) -> bool:
        """Bare royal kings only."""
        return len(pos.occupied[0]) + len(pos.occupied[1]) <= 2

    def parse_move(self, pos: Position, text: str) -> Move:
        """Also accept the contract's castling notation ``O-O(2g1)`` (the king's destination)."""
        m = self._castle_re.match(text.strip())
        if m:
            to = self.names.parse(m.group(1))
            for move in pos.legal_moves():
                if move[3] == CASTLE and move[1] == to:
                    return move
            raise MoveError(f"illegal move {text.strip()}")
        return super().parse_move(pos, text)
