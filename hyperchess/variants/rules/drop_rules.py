"""Rules on drops, as data for any game with hands (docs/variants-file.md, "Rules on drops").

The rules follow Fairy-Stockfish (src/position.cpp ``legal`` and ``do_move``, src/position.h ``drop_region``;
read at commit c19b5f6c), each a switch that costs nothing when off:

- **must drop** (``mustDrop``, ``mustDropType``): while a side holds a piece of that kind in hand (any kind with
  ``*``), a drop of another kind is illegal, and so is every move that is not a drop as long as one of those
  drops is legal: the set-up phase of a game that starts with its armies in hand;
- **bishops on both colours** (``dropOppositeColoredBishop``): a drop may not leave too few free drop squares
  of either colour for the bishops still in hand, nor put more than half of a side's bishops (on the board and
  in hand, rounded up) on one colour;
- **no checking drops** (``dropChecks = false``): a drop may not give check, by the dropped piece or (with
  hoppers) by a line it opens as a screen (FSF's ``gives_check`` for a drop);
- **castling with a dropped piece** (``castlingDroppedPiece``): a royal piece dropped on a castling's king
  square gains that castling when its rook stands on the rook square, and a rook dropped on the rook square
  gains it when the royal piece stands on its square.

Enclosing drops (Reversi's) are ``variants/rules/flips.py``'s.

A mixin :class:`Drops` (before ``Hands`` among the bases) with its :class:`DropRules`, through ``restrict_moves``
and ``make_special``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import Move, code_of
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.rules.hands import DROP

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

KEYS = {"must_drop", "must_drop_type", "drop_opposite_colored_bishop", "castling_dropped_piece", "drop_checks"}


@dataclass(frozen=True)
class DropRules:
    """The drop rules a game uses (Fairy-Stockfish's names in brackets); letters are the file's."""
    must_drop: bool = False                 # [mustDrop]
    must_drop_type: str = "*"               # a letter, or "*" any piece [mustDropType]
    opposite_bishops: str = ""              # the letter of the bishop [dropOppositeColoredBishop]
    castling_rooks: str = ""                # letters of the rooks a dropped castling needs [castlingDroppedPiece]
    checks: bool = True                     # a drop may give check [dropChecks]


def read_drop_rules(t: dict, where: str, letters: set[str]) -> DropRules:
    """The drop rules of a game table (keys of ``KEYS``); ``letters``: the game's piece letters."""
    values: dict[str, Any] = {}

    def letter(key: str, star: bool) -> str:
        value = t[key]
        if not isinstance(value, str) or not (value == "*" and star or value and all(ch.upper() in letters
                                                                                       for ch in value)):
            raise VariantsFileError(f"{where}.{key}: the letter{'s' if key == 'castling_dropped_piece' else ''} "
                                    f"of a piece of this game{' or *' if star else ''}")
        return value.upper()

    for key, name in (("must_drop", "must_drop"), ("drop_checks", "checks")):
        if key in t:
            if not isinstance(t[key], bool):
                raise VariantsFileError(f"{where}.{key}: true or false")
            values[name] = t[key]
    if "must_drop_type" in t:
        values["must_drop_type"] = letter("must_drop_type", True)
    if "drop_opposite_colored_bishop" in t:
        values["opposite_bishops"] = letter("drop_opposite_colored_bishop", False)[:1]
    if "castling_dropped_piece" in t:
        values["castling_rooks"] = letter("castling_dropped_piece", False)
    return DropRules(**values)


def wanted(t: dict) -> bool:
    return bool(KEYS & set(t))


class Drops:
    """Mixin (before ``Hands`` among the bases): the drop rules of ``drop_rules``."""

    drop_rules = DropRules()

    def compile(self) -> None:
        super().compile()                                     # type: ignore[misc]
        r = self.drop_rules
        kind = self.kind_by_letter                            # type: ignore[attr-defined]
        colors = range(self.players)                          # type: ignore[attr-defined]
        g = self.geometry                                     # type: ignore[attr-defined]
        self._must_kind = 0 if r.must_drop_type == "*" else kind[r.must_drop_type]
        self._bishop = [code_of(kind[r.opposite_bishops], c) for c in colors] if r.opposite_bishops else []
        self._shade = [sum(g.coords[c]) & 1 for c in range(g.size)]
        rooks = [frozenset(code_of(kind[ch], c) for ch in r.castling_rooks) for c in colors]
        # castling with a dropped piece: (rule index, king cell, rook cell, rook codes) by colour
        self._drop_castlings = [[(i, rule.king_from, rule.rook_from, rooks[c])
                                 for i, rule in enumerate(self.castling) if rule.color == c]  # type: ignore[attr-defined]
                                for c in colors] if r.castling_rooks else []
        self.__dict__.pop("_rule_tables", None)

    # ------------------------------------------------------------------ which drops are legal
    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        moves = super().restrict_moves(pos, moves)            # type: ignore[misc]
        r = self.drop_rules
        if self._bishop:
            moves = [m for m in moves if m[3] != DROP or self._bishops_fit(pos, m)]
        if not r.checks:
            moves = [m for m in moves if m[3] != DROP or not self._drop_checks(pos, m)]
        if r.must_drop:
            moves = self._must_drop(pos, moves)
        return moves

    def _bishops_fit(self, pos: "Position", move: Move) -> bool:
        """FSF's ``dropOppositeColoredBishop`` for one drop: the bishops can still stand on both colours."""
        us = pos.turn
        bishop = self._bishop[us]
        b = pos.board
        shade = self._shade
        on_board = [c for c in pos.occupied[us] if b[c] == bishop]
        total = len(on_board) + pos.extra.counts[us][self.kind_of[bishop]]   # type: ignore[attr-defined]
        to = move[1]
        if move[2] == bishop:
            same = sum(1 for c in on_board if shade[c] == shade[to])
            return same + 1 <= (total + 1) // 2
        room = [0, 0]
        for c in on_board:
            room[shade[c]] += 1
        for c in self.drop_cells[bishop]:                     # type: ignore[attr-defined]
            if not b[c] and c != to:
                room[shade[c]] += 1
        return room[0] >= total // 2 and room[1] >= total // 2

    @staticmethod
    def _drop_checks(pos: "Position", move: Move) -> bool:
        """Does the drop ``move`` give check (FSF's ``gives_check``): a royal piece of the other side attacked
        afterwards by a piece that did not attack it before: the dropped one, or one the drop serves as a
        screen. (A royal piece may stand attacked where check does not apply: atomic's touching kings.)"""
        us = pos.turn
        them = pos.game.enemies[us][0]
        k = pos.king(them)
        if k is None:
            return False
        pos.push(move)
        after = pos.attackers(k, (us,))
        pos.pop()
        if move[1] in after:
            return True
        if not pos.game.indirect:               # without hoppers a drop opens no line
            return False
        before = pos.attackers(k, (us,))
        return any(c not in before for c in after)

    def _must_drop(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """FSF's ``mustDrop``: with a piece of the must-drop kind in hand, only drops of that kind, if one is
        legal. (The capture lists of the search hold no drops: the drops are generated here to know.)"""
        us = pos.turn
        counts = pos.extra.counts[us]
        kind_of = self.kind_of                                # type: ignore[attr-defined]
        unpromoted = self.unpromoted                          # type: ignore[attr-defined]
        must = self._must_kind
        if not (counts[must] if must else any(counts)):
            return moves

        def hand_kind(m: Move) -> int:
            k = kind_of[m[2]]
            return unpromoted.get(k, k)

        if must:
            moves = [m for m in moves if m[3] != DROP or hand_kind(m) == must]
        drops = [m for m in moves if m[3] == DROP]
        if not drops:
            found: list[Move] = []
            self.special_moves(pos, found)                    # type: ignore[attr-defined]
            drops = [m for m in self._restricted_drops(pos, found) if not must or hand_kind(m) == must]
        if any(self._drop_legal(pos, m) for m in drops):
            return [m for m in moves if m[3] == DROP]
        return moves

    def _restricted_drops(self, pos: "Position", found: list[Move]) -> list[Move]:
        """The drops of ``found`` the rules before must-drop allow."""
        found = [m for m in found if m[3] == DROP]
        if self._bishop:
            found = [m for m in found if self._bishops_fit(pos, m)]
        if not self.drop_rules.checks:
            found = [m for m in found if not self._drop_checks(pos, m)]
        return found

    @staticmethod
    def _drop_legal(pos: "Position", move: Move) -> bool:
        """A drop never exposes the mover's royal piece; in check it must cover it."""
        us = pos.turn
        k = pos.king(us)
        if k is None or not pos.in_check():
            return True
        pos.push(move)
        exposed = pos.king_exposed(move, us, k)
        pos.pop()
        return not exposed

    # ------------------------------------------------------------------ castling with a dropped piece
    def make_special(self, pos: "Position", move: Move) -> int:
        done = super().make_special(pos, move)                # type: ignore[misc]
        if move[3] == DROP and self._drop_castlings:
            self._castling_gained(pos, move[1], move[2])
        return done

    def _castling_gained(self, pos: "Position", cell: int, code: int) -> None:
        """FSF's ``castlingDroppedPiece`` (do_move): the castlings a drop on ``cell`` completes."""
        color = self.owner[code]                              # type: ignore[attr-defined]
        b = pos.board
        royal = code in self.royal_codes                      # type: ignore[attr-defined]
        gained = 0
        for i, king_cell, rook_cell, rooks in self._drop_castlings[color]:
            if royal and cell == king_cell and b[rook_cell] in rooks:
                gained |= self.castle_need[i]                 # type: ignore[attr-defined]
            elif code in rooks and cell == rook_cell and b[king_cell] in self.royal_codes \
                    and self.owner[b[king_cell]] == color:    # type: ignore[attr-defined]
                gained |= self.castle_need[i]                 # type: ignore[attr-defined]
        if gained & ~pos.rights:
            # undone with the move: Position.push saved the rights and the key before this hook, and leaves
            # them alone for a move that starts where it ends (a drop), as FSF's do_move
            new = pos.rights | gained
            pos.hash ^= self.rights_key(pos.rights) ^ self.rights_key(new)   # type: ignore[attr-defined]
            pos.rights = new
