"""How a game is shown: everything the other layers ask of a game besides its rules, declared on the game
(``Game`` inherits these defaults; a game overrides what it needs). Shared code reads these and never
names a game (docs/architecture.md, "What shared code may ask of a game").

- the picture (``picture``, ``panels_per_row``): read by ``hyperchess.pictures`` and the text board;
- how the board and pieces are drawn (``drawing``) and the names players use (``piece_names``,
  ``piece_name``, ``side_name``): read by the pictures, the web board and the command line;
- the click targets of the web board (``click_target``): read by ``hyperchess.web``;
- the notation players read (``notation``) and a move's parts as notations write them (``move_parts``): read
  by ``core/san.py``;
- the flat XBoard projection (``flat_names``, ``flat_letter``, ``flat_parent``, ``flat_betza``,
  ``flat_royal``, ``flat_move``; protocol.md Part 1 §1.3, Part 2 §5): read by ``hyperchess.protocol.flat``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Callable

from hyperchess.variants.board.codes import CASTLE, EN_PASSANT, SPECIAL, Move, ep_victim, promoted_code
from hyperchess.variants.board.flat import FlatNames, default_flat_names
from hyperchess.variants.core.picture import Drawing, Picture

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

Target = tuple[str, str, str]
"""What a person clicks for a move on the web board: (source, destination, label). Targets are square
names (the ``data-square`` of the picture's cells) or other picture ids such as a reserve piece
(``data-target``); the label tells apart the moves that share both clicks (promotions, splits...)."""

FAIRY = "fairy"     # XBoard's variant of any pieces (also the name of one of Fairy-Stockfish's games)
# the notations of core/san.py: SAN; Western shogi notation (Hodges'); xiangqi's of the World Xiangqi
# Federation; janggi's of the points' numbers (janggi.pl, "Janggi notation")
NOTATIONS = ("san", "hodges", "wxf", "janggi-numeric")


@dataclass(frozen=True)
class MoveParts:
    """A move as a notation writes it (``core/san.py``), whatever mechanism made it."""
    frm: int                   # the cell it leaves (a drop's or a pass's: its own cell)
    to: int                    # the cell it reaches (a castling: the king's)
    piece: int                 # the code of the piece that moves, or is dropped
    capture: bool = False
    castle: bool = False
    promotion: int = 0         # the code the piece becomes (a pawn's promotion, a piece promotion or demotion)
    change: int = 0            # a piece promotion (+1) or demotion (-1), the shogi family's; 0: none
    drop: bool = False
    gate: int = 0              # the code of a piece gated (Seirawan), on ``gate_cell``
    gate_cell: int = -1
    wall: int = -1             # the cell of a wall placed with the move (duck chess)
    passes: bool = False       # a pass


class Presentation:
    """The defaults: the geometry's own picture, from-square/to-square clicks, and the native layout of a
    flat board that fits 16x16 as XBoard's board."""

    picture: Picture = Picture()
    panels_per_row = 0             # panels side by side in pictures and the text board (0 = all levels)
    drawing: Drawing = Drawing()
    notation = "san"               # the notation its players read: one of NOTATIONS (core/san.py)
    piece_names: dict[str, str] = {}   # piece letter (upper case, "+P" for a promoted one) -> its players' name

    def piece_name(self, kind: int) -> str:
        """The name players use for piece ``kind``: the game's ``piece_names``, else its type's own name
        (without the number of a double knight's half)."""
        piece = self.pieces[kind]                              # type: ignore[attr-defined]
        return self.piece_names.get(piece.letter.upper()) or piece.name.rstrip("0123456789 ")

    def side_name(self, color: int) -> str:
        """The colour ``color`` as players name it (xiangqi's red and black), else its own name."""
        names = self.drawing.side_names
        return names[color] if color < len(names) else self.color_names[color]   # type: ignore[attr-defined]

    # ---------------------------------------------------------------- the flat XBoard projection
    flat_parent = FAIRY            # the XBoard variant whose rules XBoard applies to the board of `setup`
    flat_betza: dict[str, str] = {}   # letter -> Betza, sent as `piece X& DESC` for XBoard's legality test
    flat_royal = True              # False: XBoard is shown no king (its castling rule would misfire)
    flat_holdings = 0              # the size of XBoard's holdings (pieces in hand; 0: none)

    def flat_pieces(self) -> dict[str, str]:
        """The ``piece`` lines for a game XBoard does not know by name (its board comes from ``setup``):
        by default ``flat_betza``; a game may describe every piece (games from a file do)."""
        return self.flat_betza

    @cached_property
    def flat_names(self) -> FlatNames | None:
        """Each cell's place on XBoard's board of at most 16x16 squares, or None (native notation only).
        Default: a flat board that fits keeps its files and ranks."""
        return default_flat_names(self.geometry)            # type: ignore[attr-defined]

    def flat_letter(self, code: int) -> str:
        """The letter XBoard draws for ``code``: upper case for team 0 (White), lower for team 1."""
        letter = self.pieces[self.kind_of[code]].letter     # type: ignore[attr-defined]
        return letter.upper() if self.teams[self.owner[code]] == 0 else letter.lower()  # type: ignore[attr-defined]

    def flat_move(self, pos: "Position", move: Move, square: Callable[[int], str]) -> str | None:
        """XBoard's text for ``move`` when the game writes it its own way (``square(cell)`` gives the flat
        name), else None for the default (flat squares, then the promotion's flat letter)."""
        return None

    def move_parts(self, pos: "Position", move: Move) -> MoveParts | None:
        """``move`` (legal in ``pos``) as notations write it; None for a special move no mechanism describes
        (it keeps its native name). A mechanism describes its own special moves and passes the rest on."""
        frm, to, extra, flag = move
        if flag >= SPECIAL:
            return None
        b = pos.board
        capture = flag == EN_PASSANT or (flag != CASTLE and b[to] != 0 and
                                         self.owner[b[to]] != self.owner[b[frm]])   # type: ignore[attr-defined]
        return MoveParts(frm, to, b[frm], capture=capture, castle=flag == CASTLE, promotion=promoted_code(move))

    # ---------------------------------------------------------------- the web board's clicks
    def click_target(self, pos: "Position", move: Move) -> Target:
        """The two clicks that make ``move`` (from-square, to-square) and the label that tells it apart."""
        frm, to, extra, flag = move
        name = self.names.name                                # type: ignore[attr-defined]
        if promoted_code(move):
            label = f"promote to {self.piece_name(self.kind_of[promoted_code(move)])}"   # type: ignore[attr-defined]
        elif flag == CASTLE:
            label = "castle"
        elif flag >= SPECIAL:
            label = f"special move {pos.move_name(move)}"
        else:
            label = "move"
        return name(frm), name(to), label

    def is_pass(self, move: Move) -> bool:
        """Whether ``move`` is a pass (the side to move moves nothing; variants/rules/passing.py): the web board
        offers it as a Pass button. Default: no game passes."""
        return False

    third_click_prompt = "Place a wall"
    """What the web board asks for the third click of a move (``click_target``'s fourth item: where the move
    also places a wall), e.g. "Place the duck"."""


def two_leg_en_passant(game: "Presentation", move: Move, square: Callable[[int], str]) -> str:
    """An en passant capture as XBoard's two-leg move (``flat_move``), for games whose e.p. XBoard's own rule
    gets wrong: to the captured pawn, then on to the passed cell, with the promotion's letter if it lands on
    its zone."""
    victim = square(ep_victim(move))
    new = promoted_code(move)
    return f"{square(move[0])}{victim},{victim}{square(move[1])}" + (game.flat_letter(new).lower() if new else "")
