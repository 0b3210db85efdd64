"""Pieces described as data: leapers, riders, paths and pawns.

A piece type is a list of move atoms. Vectors are ``(file, rank, level)``. For a piece with
``oriented=True`` (pawns) vectors are written for White — ``(side, forward, up)`` — and the game
turns them for each side and square (``Game.orientation``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from hyperchess.variants.board.geometry import Vector


class Mode(Enum):
    BOTH = "both"        # move to an empty square or capture
    MOVE = "move"        # only to an empty square (pawn push)
    CAPTURE = "capture"  # only capturing (pawn capture)


@dataclass(frozen=True)
class Slide:
    """A rider: slides along each direction until blocked; ``limit`` steps at most (0 = unlimited)."""
    directions: tuple[Vector, ...]
    limit: int = 0
    mode: Mode = Mode.BOTH


@dataclass(frozen=True)
class Leap:
    """A leaper: jumps straight to each vector's cell.

    A ``hinged`` leap may need other cells to exist at the moment it is made (not to be a HOLE):
    the game names them per start cell and vector (``Game.leap_hinges``), e.g. First Contact's knight
    changes fixed level only over a platform cell. Pieces on the hinge do not block it."""
    vectors: tuple[Vector, ...]
    mode: Mode = Mode.BOTH
    hinged: bool = False
    lame: bool = False           # Betza ``n``: the cells passed (``lame_steps``) must be empty


def lame_steps(v: Vector) -> tuple[Vector, ...] | None:
    """The offsets a lame leap (Betza ``n``) passes, which must be empty: every cell between on a straight
    or diagonal line (``nD``, ``nA``, ``nH``); for another flat leap of at most three steps the path
    Fairy-Stockfish walks (src/bitboard.cpp, ``lame_leaper_path``): along the longer axis while it is longer,
    then diagonally (the xiangqi horse's leg ``nN``: one orthogonal step; the janggi elephant ``nZ``: one
    orthogonal step, then one diagonal); None for the others (longer ones, or across levels)."""
    size = max(abs(x) for x in v)
    nonzero = [abs(x) for x in v if x]
    if len(set(nonzero)) == 1:                       # straight or diagonal: the cells between
        unit = tuple((x > 0) - (x < 0) for x in v)
        return tuple(tuple(u * i for u in unit) for i in range(1, size))  # type: ignore[misc]
    if v[2] or size > 3:
        return None
    x = y = 0
    out = []
    while True:
        diff = abs(v[0] - x) - abs(v[1] - y)
        x += ((v[0] > x) - (v[0] < x)) if diff >= 0 else 0
        y += ((v[1] > y) - (v[1] < y)) if diff <= 0 else 0
        if (x, y) == (v[0], v[1]):
            return tuple(out)
        out.append((x, y, 0))


@dataclass(frozen=True)
class Hop:
    """A hopper: moves along each direction over a piece (the hurdle, of either side, never taken).
    ``style`` "p" (Betza ``p``, the cannon): over exactly one piece, then to any cell beyond up to and
    including the next piece; "g" (Betza ``g``, the grasshopper): to the cell right behind the first piece."""
    directions: tuple[Vector, ...]
    mode: Mode = Mode.BOTH
    style: str = "p"
    unlike: bool = False         # may neither hop over nor take a piece of its own kind (the janggi cannon)
    limit: int = 0               # "p": lands at most this many cells away (0: no limit; FSF's pB2)


@dataclass(frozen=True)
class Path:
    """A move-only step along fixed offsets; every offset before the last must be empty.

    ``initial`` paths exist only from the piece's start squares (pawn double step); a move
    along a path with ``en_passant`` leaves the passed square open to en-passant capture.
    """
    offsets: tuple[Vector, ...]
    initial: bool = True
    en_passant: bool = True


Atom = Slide | Leap | Path | Hop


@dataclass(frozen=True)
class PieceType:
    """One kind of piece: its FEN letter, name, moves and value in centipawns."""
    letter: str
    name: str
    moves: tuple[Atom, ...]
    value: int
    royal: bool = False          # check and mate apply to it (see Game.royal_rule)
    oriented: bool = False       # vectors are relative to the side's forward direction
    pawn: bool = False           # resets the 50-move clock, may capture en passant, promotes
    tags: frozenset[str] = field(default_factory=frozenset)

    def atoms(self, kind: type) -> list:
        return [a for a in self.moves if isinstance(a, kind)]


# --------------------------------------------------------------------------- the flat chess army
from hyperchess.variants.board.geometry import DIAGONAL_2D, KING_2D, KNIGHT_2D, ORTHOGONAL_2D  # noqa: E402

PAWN = PieceType("P", "pawn", (
    Leap(((0, 1, 0),), Mode.MOVE),
    Path(((0, 1, 0), (0, 2, 0))),
    Leap(((-1, 1, 0), (1, 1, 0)), Mode.CAPTURE),
), 100, oriented=True, pawn=True)
KNIGHT = PieceType("N", "knight", (Leap(KNIGHT_2D),), 320)
BISHOP = PieceType("B", "bishop", (Slide(DIAGONAL_2D),), 330)
ROOK = PieceType("R", "rook", (Slide(ORTHOGONAL_2D),), 500)
QUEEN = PieceType("Q", "queen", (Slide(ORTHOGONAL_2D + DIAGONAL_2D),), 900)
KING = PieceType("K", "king", (Leap(KING_2D),), 0, royal=True)
