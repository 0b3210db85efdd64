"""Pawn promotion rules as data (docs/variants-file.md, "Pawn promotion rules").

Read from Fairy-Stockfish (src/movegen.cpp ``make_promotions``, ``generate_pawn_moves`` and
``generate_moves``; src/position.cpp ``pseudo_legal``; commit c19b5f6c), for any game of the shared core:

- ``promotion_limit = { Q = 1, R = 2 }`` (FSF's ``promotionLimit``): a pawn may promote to such a piece only
  while its side has fewer than that many on the board (grand chess: only to a piece it has lost), and so may
  a piece whose promoted form (variants/rules/piece_rules.py) moves as it (shogun); a promoted piece counts as
  the piece it moves as;
- ``mandatory_pawn_promotion = false`` (FSF's ``mandatoryPawnPromotion``): a pawn's move into its promotion
  zone may also leave it a pawn. With ``immobility_illegal`` (variants/rules/piece_rules.py) it may not stay a pawn
  where it could never move again, so on the last rank it must promote, and cannot go there when no choice is
  left;
- ``promotion_in_place = true`` (FSF's ``sittuyinPromotion``, src/movegen.cpp ``generate_pawn_moves`` and
  src/position.cpp ``legal``, ``is_optional_game_end``): a pawn does not promote by entering its zone; a pawn
  standing in the zone (any pawn, when it is its side's only one) may instead, as a move of its own, turn into
  one of its choices on its own square or on an empty square the new piece attacks from there, provided the
  new piece then attacks no enemy piece and the move gives no check (``e5e5f``, ``e5d6f``). A side with only
  its royal piece and one pawn, not in check, whose legal moves are all such promotions may claim a draw
  (:class:`InPlacePromotion`, a mixin of its own, so that other games pay nothing for it).

The mixin :class:`PawnRules` lives in the extension points: ``promotion_choices`` leaves out the pieces at
their limit and, where promotion is optional, adds ``EMPTY``, which ``restrict_moves`` turns into the plain
move (an en passant capture with ``EMPTY`` promotes to nothing: it is the plain capture).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from hyperchess.variants.board.codes import EMPTY, NORMAL, PROMOTION, Move, code_of
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.outcome import Outcome

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


@dataclass(frozen=True)
class PawnPromotionRules:
    """What a game's pawn promotions allow (Fairy-Stockfish's names in brackets)."""
    limits: tuple[tuple[str, int], ...] = ()     # (letter, most on the board) [promotionLimit]
    mandatory: bool = True                       # [mandatoryPawnPromotion]
    in_place: bool = False                       # a promotion is a move of its own [sittuyinPromotion]


class PawnRules:
    """Mixin (before ``PieceRules``, whose immobility rule then applies to the plain moves it makes):
    promotion limits and optional pawn promotion, by ``pawn_rules``."""

    pawn_rules = PawnPromotionRules()

    def compile(self) -> None:
        super().compile()                                                           # type: ignore[misc]
        self.pawns_stay_in_zone = not self.pawn_rules.mandatory or self.pawn_rules.in_place
        kind = self.kind_by_letter                                                  # type: ignore[attr-defined]
        # per colour: code -> the most of it a side may have for a pawn to promote to it
        self._limits = [{code_of(kind[letter], color): n for letter, n in self.pawn_rules.limits}
                        for color in range(self.players)]                            # type: ignore[attr-defined]
        # per colour: code -> the limited code it counts as: itself, or a promoted kind (``+N``, piece_rules.py)
        # that moves as that piece, as FSF's promoted piece is of its target's type
        moves_as = getattr(self, "moves_as", {})
        self._counted = [{**{c: c for c in limits},
                          **{code_of(k, color): code_of(t, color) for k, t in moves_as.items()
                             if code_of(t, color) in limits}} for color, limits in enumerate(self._limits)]

    def _count(self, pos: "Position", color: int) -> dict[int, int]:
        """How many pieces of each limited code ``color`` has on the board."""
        counted = self._counted[color]
        counts = dict.fromkeys(self._limits[color], 0)
        b = pos.board
        for cell in pos.occupied[color]:
            if b[cell] in counted:
                counts[counted[b[cell]]] += 1
        return counts

    def promotion_blocked(self, pos: "Position", code: int) -> bool:
        """Is the piece promotion to ``code`` (a promoted kind, piece_rules.py) over the limit of the piece it
        moves as (FSF's ``generate_moves``: not for a pawn's promoted form)?"""
        color = self.owner[code]                                                    # type: ignore[attr-defined]
        target = self._counted[color].get(code)
        return target is not None and self._count(pos, color)[target] >= self._limits[color][target]

    def promotion_choices(self, pos: "Position", color: int) -> Sequence[int]:
        codes = super().promotion_choices(pos, color)                               # type: ignore[misc]
        return self._within_limits(pos, color, codes)

    def _within_limits(self, pos: "Position", color: int, codes: Sequence[int]) -> Sequence[int]:
        limits = self._limits[color]
        if limits:
            counts = self._count(pos, color)
            codes = tuple(c for c in codes if c not in limits or counts[c] < limits[c])
        if not self.pawn_rules.mandatory:
            codes = (*codes, EMPTY)
        return codes

    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        if not self.pawn_rules.mandatory:
            moves = [(m[0], m[1], 0, NORMAL) if m[3] == PROMOTION and m[2] == EMPTY else m for m in moves]
        return super().restrict_moves(pos, moves)                                    # type: ignore[misc]


class InPlacePromotion(PawnRules):
    """Mixin (before ``PawnRules``' other users): ``promotion_in_place``. Entering the zone is a plain move
    (the core's promotions to ``EMPTY``); the promotions are added in ``restrict_moves``, so the search's
    capture lists get them too, as FSF generates them with the captures."""

    def promotion_choices(self, pos: "Position", color: int) -> Sequence[int]:
        return (EMPTY,)

    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        moves = [(m[0], m[1], 0, NORMAL) if m[3] == PROMOTION else m for m in moves]
        return super().restrict_moves(pos, moves + self._promotions(pos))

    def _promotions(self, pos: "Position") -> list[Move]:
        us = pos.turn
        b = pos.board
        pawns = [c for c in pos.occupied[us] if b[c] in self.pawn_codes]          # type: ignore[attr-defined]
        if len(pawns) > 1:
            zone = self.promotion_zone[us]                                          # type: ignore[attr-defined]
            pawns = [c for c in pawns if c in zone]
        if not pawns:
            return []
        kind, owner = self.kind_of, self.owner                                      # type: ignore[attr-defined]
        choices = [c for c in super().promotion_choices(pos, us) if kind[c] and owner[c] == us]
        out = []
        for frm in pawns:
            for code in choices:
                for to in [frm] + [c for c in self._reach(pos, code, frm) if not b[c]]:
                    move = (frm, to, code, PROMOTION)
                    if self._quiet_promotion(pos, move):
                        out.append(move)
        return out

    def _reach(self, pos: "Position", code: int, cell: int) -> list[int]:
        """The cells piece ``code`` on ``cell`` attacks (its lines up to the first piece, its leaps), as FSF's
        ``attacks_from``."""
        b = pos.board
        rides, leaps, pawnish = self.tables[code][cell]                             # type: ignore[attr-defined]
        out = []
        for ray in rides:
            for to, _ in ray:
                out.append(to)
                if b[to]:
                    break
        out += [to for to, _ in leaps]
        if pawnish is not None:
            out += [to for to, _ in pawnish[1]]                 # its capture-only leaps
        return out

    def _quiet_promotion(self, pos: "Position", move: Move) -> bool:
        """After ``move`` the new piece attacks no enemy piece and no enemy royal piece is attacked."""
        us = pos.turn
        them = self.enemies[us]                                                     # type: ignore[attr-defined]
        owner = self.owner                                                          # type: ignore[attr-defined]
        pos.push(move)
        try:
            b = pos.board
            if any(b[c] and owner[b[c]] in them for c in self._reach(pos, move[2], move[1])):
                return False
            return not any(pos.attacked(k, (us,)) for e in them for k in pos.royals[e])
        finally:
            pos.pop()

    def game_over(self, pos: "Position") -> "Outcome | None":
        """FSF's draw of a side whose only moves are such promotions (its royal piece and one pawn)."""
        done = super().game_over(pos)                                               # type: ignore[misc]
        if done is not None:
            return done
        us = pos.turn
        b = pos.board
        if len(pos.occupied[us]) != 2 or sum(1 for c in pos.occupied[us] if b[c] in self.pawn_codes) != 1 \
                or pos.in_check():                                                  # type: ignore[attr-defined]
            return None
        king = pos.king(us)
        for m in pos.pseudo_legal_moves():      # (legal_moves asks this hook first)
            if m[3] != PROMOTION:
                pos.push(m)
                exposed = pos.king_exposed(m, us, king)
                pos.pop()
                if not exposed:
                    return None
        return Outcome("1/2-1/2", "only promotions left, which may not be forced", "stalemate")


# the keys of a variants file's game that ask for this mixin (docs/variants-file.md, "Pawn promotion rules")
KEYS = {"promotion_limit", "mandatory_pawn_promotion", "promotion_in_place"}


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
    switches = {}
    for key in ("mandatory_pawn_promotion", "promotion_in_place"):
        switches[key] = t.get(key, key == "mandatory_pawn_promotion")
        if not isinstance(switches[key], bool):
            raise VariantsFileError(f"{where}.{key}: true or false")
    return PawnPromotionRules(tuple(sorted((k.upper(), v) for k, v in limit.items() if v)),
                              switches["mandatory_pawn_promotion"], switches["promotion_in_place"])
