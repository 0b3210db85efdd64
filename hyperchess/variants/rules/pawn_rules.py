"""Pawn promotion rules as data (docs/variants-file.md, "Pawn promotion rules").

Read from Fairy-Stockfish (src/movegen.cpp ``make_promotions``, ``generate_pawn_moves`` and
``generate_moves``; src/position.cpp ``pseudo_legal``; commit c19b5f6c), for any game of the shared core:

- ``promotion_limit = { Q = 1, R = 2 }`` (FSF's ``promotionLimit``): a pawn may promote to such a piece only
  while its side has fewer than that many on the board (grand chess: only to a piece it has lost);
- ``mandatory_pawn_promotion = false`` (FSF's ``mandatoryPawnPromotion``): a pawn's move into its promotion
  zone may also leave it a pawn. With ``immobility_illegal`` (variants/rules/piece_rules.py) it may not stay a pawn
  where it could never move again, so on the last rank it must promote, and cannot go there when no choice is
  left.

The mixin :class:`PawnRules` lives in the extension points: ``promotion_choices`` leaves out the pieces at
their limit and, where promotion is optional, adds ``EMPTY``, which ``restrict_moves`` turns into the plain
move (an en passant capture with ``EMPTY`` promotes to nothing: it is the plain capture).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from hyperchess.variants.board.codes import EMPTY, NORMAL, PROMOTION, Move, code_of
from hyperchess.variants.board.errors import VariantsFileError

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


@dataclass(frozen=True)
class PawnPromotionRules:
    """What a game's pawn promotions allow (Fairy-Stockfish's names in brackets)."""
    limits: tuple[tuple[str, int], ...] = ()     # (letter, most on the board) [promotionLimit]
    mandatory: bool = True                       # [mandatoryPawnPromotion]


class PawnRules:
    """Mixin (before ``PieceRules``, whose immobility rule then applies to the plain moves it makes):
    promotion limits and optional pawn promotion, by ``pawn_rules``."""

    pawn_rules = PawnPromotionRules()

    def compile(self) -> None:
        super().compile()                                                           # type: ignore[misc]
        kind = self.kind_by_letter                                                  # type: ignore[attr-defined]
        # per colour: code -> the most of it a side may have for a pawn to promote to it
        self._limits = [{code_of(kind[letter], color): n for letter, n in self.pawn_rules.limits}
                        for color in range(self.players)]                            # type: ignore[attr-defined]

    def promotion_choices(self, pos: "Position", color: int) -> Sequence[int]:
        codes = super().promotion_choices(pos, color)                               # type: ignore[misc]
        limits = self._limits[color]
        if limits:
            b = pos.board
            counts = dict.fromkeys(limits, 0)
            for cell in pos.occupied[color]:
                if b[cell] in counts:
                    counts[b[cell]] += 1
            codes = tuple(c for c in codes if c not in limits or counts[c] < limits[c])
        if not self.pawn_rules.mandatory:
            codes = (*codes, EMPTY)
        return codes

    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        if not self.pawn_rules.mandatory:
            moves = [(m[0], m[1], 0, NORMAL) if m[3] == PROMOTION and m[2] == EMPTY else m for m in moves]
        return super().restrict_moves(pos, moves)                                    # type: ignore[misc]


# the keys of a variants file's game that ask for this mixin (docs/variants-file.md, "Pawn promotion rules")
KEYS = {"promotion_limit", "mandatory_pawn_promotion"}


def read_rules(t: dict, where: str, letters: set[str]) -> PawnPromotionRules:
    """The keys of a game table: ``promotion_limit`` (letter = 1-64 among the game's ``letters``) and
    ``mandatory_pawn_promotion`` (true/false). Raises VariantsFileError."""
    limit: Any = t.get("promotion_limit", {})
    if not isinstance(limit, dict) or not all(isinstance(k, str) and type(v) is int and 0 <= v <= 4096
                                              for k, v in limit.items()):
        raise VariantsFileError(f"{where}.promotion_limit: a table of letter = the most of that piece a side may "
                                f"have for a pawn to promote to it (0: no limit)")
    for k in limit:
        if k.upper() not in letters:
            raise VariantsFileError(f"{where}.promotion_limit: no piece {k!r}")
    mandatory = t.get("mandatory_pawn_promotion", True)
    if not isinstance(mandatory, bool):
        raise VariantsFileError(f"{where}.mandatory_pawn_promotion: true or false")
    return PawnPromotionRules(tuple(sorted((k.upper(), v) for k, v in limit.items() if v)), mandatory)
