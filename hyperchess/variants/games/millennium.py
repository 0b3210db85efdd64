"""``millennium``: Millennium Chess (1997), 15x8, two kings a side, the first one lost is the Keystone.

Rules contract: ``shared/rules/millennium.md`` Part 2; decisions it leaves open: ``docs/rules/millennium.md``.

- Royalty (2b): the core's ``royal_rule = "single"`` is the rule as written: a side with two kings has
  no check (its kings may be captured, castling ignores attacks); a side with one king plays FIDE rules.
- Castling (2b, B3, B5): four per side, the centre rook h is shared by both kings; rights are the
  unmoved flags of the king and the rook, written as their files (``AEHKOaehko``).
- Promotion (2b, B6, B7): only to a piece type of the side's reserve (its own captured pieces, kings
  and pawns excluded, minus those already reinstated). With an empty reserve the move to the last
  rank is not generated; the pawn's diagonal attacks still count (they come from the attack tables).
"""
# hyperchess: compiled
from __future__ import annotations

from dataclasses import replace

from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.fide import FlatChess
from hyperchess.variants.core.game import PROMOTION, Move
from hyperchess.variants.core.picture import Picture
from hyperchess.variants.board.pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from hyperchess.variants.core.position import Position

# A king is a fighting piece worth protecting while its partner lives, and losing the first one
# also makes the side subject to check and mate (docs/rules/millennium.md, "King value").
MILLENNIUM_KING = replace(KING, value=650)

RESERVE_LETTERS = "QRBN"     # the types a pawn may be reinstated as, in the order moves are listed


class Millennium(FlatChess):
    """Millennium Chess: the mirror array around the shared centre rook on h (2b, B1)."""

    name = "millennium"
    title = "Millennium Chess"
    description = "15x8, two kings a side (the first one lost is the Keystone), promotion to lost pieces"
    source = ("the product rules quoted on chess.com's variants forum (page 22); contract shared/rules/millennium.md, "
              "decisions docs/rules/millennium.md")
    files = 15
    start_fen = "rnbqkbnrnbkqbnr/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/RNBQKBNRNBKQBNR w AEHKOaehko - 0 1"
    army = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, MILLENNIUM_KING)
    castling_style = "files"
    picture = Picture(marked_files={7: "centre rook file (shared by both kings)"})
    # (king_from, king_to, rook_from, rook_to, letter); no castling with a rook beyond the centre rook (B3)
    castlings = (("e", "c", "a", "d", "A"), ("e", "g", "h", "f", "H"),
                 ("k", "i", "h", "j", "H"), ("k", "m", "o", "l", "O"))

    promotion_letters = RESERVE_LETTERS.lower()    # the most a reserve can offer; see promotion_choices

    def __init__(self) -> None:
        super().__init__()
        # reserve codes per colour, in RESERVE_LETTERS order
        self.reserve_codes = [tuple(self.code_for_letter(ch, color) for ch in RESERVE_LETTERS) for color in (0, 1)]
        self.reservable = frozenset(c for codes in self.reserve_codes for c in codes)
        self.z_reserve = [0] * self.ncodes
        # derived from the piece hashes so that it is fixed per game and independent of the board keys
        for code in self.reservable:
            self.z_reserve[code] = (self.z_piece[code][0] * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & (2**64 - 1)
        self.start_counts = self._counts(self.start_board)

    # ------------------------------------------------------------------ the reserve
    # ``pos.extra`` = (hash, counts): counts[code] = how many pieces of that code the code's side may
    # still reinstate; hash = sum of counts[code] * z_reserve[code] (mod 2**64), kept incrementally.

    def _counts(self, board: list[int]) -> list[int]:
        counts = [0] * self.ncodes
        for code in board:
            if code in self.reservable:
                counts[code] += 1
        return counts

    def _make_extra(self, counts) -> tuple[int, tuple[int, ...]]:
        h = sum(n * self.z_reserve[code] for code, n in enumerate(counts)) & (2**64 - 1)
        return (h, tuple(counts))

    def implied_reserve(self, pos: Position) -> tuple[int, tuple[int, ...]]:
        """The reserve the board implies: start army minus the pieces on the board, per type.

        Every position reached from the start satisfies this (a capture adds to the reserve what
        leaves the board; a promotion takes from the reserve what it puts on the board)."""
        on_board = self._counts(pos.board)
        return self._make_extra([max(0, s - b) for s, b in zip(self.start_counts, on_board)])

    def reserve(self, pos: Position, color: int) -> str:
        """The reserve of ``color`` as letters (``QNN``), in RESERVE_LETTERS order."""
        counts = pos.extra[1]
        return "".join(self.letter_of(code).upper() * counts[code] for code in self.reserve_codes[color])

    def promotion_choices(self, pos: Position, color: int) -> tuple[int, ...]:
        """Only types in the side's reserve (2b); none when it is empty, so the pawn may not promote (B6)."""
        counts = pos.extra[1]
        return tuple(code for code in self.reserve_codes[color] if counts[code])

    def extra_after_move(self, pos: Position, move: Move, moved: int, captured: int):
        """A captured queen, rook, bishop or knight joins its owner's reserve; a promotion takes one out."""
        promoted = move[3] == PROMOTION
        if not promoted and captured not in self.reservable:
            return pos.extra
        h, counts = pos.extra
        counts = list(counts)
        if promoted:
            counts[move[2]] -= 1
            h -= self.z_reserve[move[2]]
        if captured in self.reservable:
            counts[captured] += 1
            h += self.z_reserve[captured]
        return (h & (2**64 - 1), tuple(counts))

    def extra_hash(self, extra) -> int:
        return extra[0]

    def parse_extra(self, pos: Position, fields: list[str]):
        """Optional 7th field: the reserves, ``[QNn]`` (upper case White's, lower case Black's) or ``-``.

        Without it the reserve is the one the board implies (see ``implied_reserve``)."""
        if not fields:
            return self.implied_reserve(pos)
        if len(fields) > 1:
            raise FenError(f"unexpected fields after the reserve: {' '.join(fields[1:])}")
        text = fields[0]
        if text == "-":
            text = "[]"
        if not (text.startswith("[") and text.endswith("]")):
            raise FenError(f"bad reserve field {fields[0]!r}: expected letters in brackets like [Nq], or -")
        counts = [0] * self.ncodes
        for ch in text[1:-1]:
            code = self.letters.get(ch)
            if code not in self.reservable:
                raise FenError(f"bad reserve field {fields[0]!r}: {ch!r} is not one of {RESERVE_LETTERS}"
                               f" or {RESERVE_LETTERS.lower()}")
            counts[code] += 1
        return self._make_extra(counts)

    def format_extra(self, pos: Position) -> list[str]:
        """The reserve field, written only when it differs from what the board implies."""
        if pos.extra == self.implied_reserve(pos):
            return []
        text = self.reserve(pos, 0) + self.reserve(pos, 1).lower()
        return [f"[{text}]" if text else "-"]

    # ------------------------------------------------------------------ game end and sanity
    def insufficient_material(self, pos: Position) -> bool:
        """Only K v K: two kings can mate a bare king (2b End)."""
        b = pos.board
        for color in (0, 1):
            if len(pos.occupied[color]) != 1 or len(pos.royals[color]) != 1:
                return False
        return all(b[c] in self.royal_codes for s in pos.occupied for c in s)

    def validate(self, pos: Position) -> None:
        """Each side has one or two kings (B9: a side never loses both); a sole king not to move is not in check."""
        for color in (0, 1):
            n = len(pos.royals[color])
            if not 1 <= n <= 2:
                raise FenError(f"{self.color_names[color]} has {n} kings; each side needs one or two")
        super().validate(pos)

