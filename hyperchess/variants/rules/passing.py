"""Passing as data (docs/variants-file.md, "Passing"), and the rule of royal pieces facing each other that
passing serves (Fairy-Stockfish's ``bikjangRule``).

The rules are Fairy-Stockfish's (src/movegen.cpp ``generate_all``, src/position.cpp ``legal``, ``do_move``,
``set_check_info``, ``is_immediate_game_end``; src/uci.cpp ``move``; read at commit c19b5f6c):

- **pass** (``passWhite``/``passBlack``): a side may pass instead of moving. A pass is the move of its royal
  piece onto its own cell (``e2e2`` in UCI; a side without one "moves" the piece on its first cell, the
  lowest rank, then the lowest file). It is illegal while the side is in check, and two passes in a row end
  the game: a draw, or the point count (variants/rules/endings.py) where the game counts material;
- **pass on stalemate** (``passOnStalemateWhite``/``...Black``): the side may pass only when it has no other
  legal move;
- **facing royal pieces** (``bikjangRule``): royal pieces facing each other on an open file or rank (neither
  attacks the other). The side to move then must break the line or pass, and may pass even in check; a pass
  that leaves them facing ends the game like two passes.

Everything lives in the core's hooks (``special_moves``, ``make_special``, ``legal_after``, ``game_over``,
``move_name``); a pass is the special move ``(cell, cell, 0, PASS)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import EMPTY, SPECIAL, Move
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.core.presentation import MoveParts

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

PASS = SPECIAL + 5          # the side to move passes: (cell, cell, 0, PASS), the cell its royal piece's
KEYS = {"pass", "pass_on_stalemate", "bikjang_rule"}


@dataclass(frozen=True)
class PassRules:
    """Who may pass, and when (Fairy-Stockfish's option names in brackets)."""
    always: tuple[bool, ...] = (False, False)       # per player: may pass at any move [passWhite, passBlack]
    on_stalemate: tuple[bool, ...] = (False, False)  # per player: only without another legal move [passOnStalemate...]
    facing: bool = False                            # royal pieces facing on an open line [bikjangRule]

    def passes(self, color: int) -> bool:
        return self.always[color] or self.on_stalemate[color]


def read_pass_rules(t: dict, where: str, players: int) -> PassRules:
    """The passing keys of a game table: ``pass`` and ``pass_on_stalemate`` (true, false, or one of them a
    player), ``bikjang_rule`` (true or false)."""
    def per_player(key: str) -> tuple[bool, ...]:
        value = t.get(key, False)
        if isinstance(value, bool):
            return (value,) * players
        if isinstance(value, list) and len(value) == players and all(isinstance(x, bool) for x in value):
            return tuple(value)
        raise VariantsFileError(f"{where}.{key}: true, false, or one of them a player (e.g. [true, false])")
    facing = t.get("bikjang_rule", False)
    if not isinstance(facing, bool):
        raise VariantsFileError(f"{where}.bikjang_rule: true or false")
    if players != 2 and facing:
        raise VariantsFileError(f"{where}.bikjang_rule: for two players")
    return PassRules(per_player("pass"), per_player("pass_on_stalemate"), facing)


class Passing:
    """Mixin (before the game's class and the other mechanisms): passing and facing royal pieces by
    ``pass_rules``. ``special_legality`` gets ``PASS: "stays"`` (a pass moves nothing: it is illegal only in
    check, which the core tests first)."""

    pass_rules = PassRules()

    def compile(self) -> None:
        self.special_legality = {**self.special_legality, PASS: "stays"}   # type: ignore[has-type]
        super().compile()                                                  # type: ignore[misc]

    # ------------------------------------------------------------------ moves
    def pass_move(self, pos: "Position") -> Move | None:
        """The pass of the side to move (whether it may pass or not), or None for a side without pieces."""
        us = pos.turn
        royals = pos.royals[us]
        if len(royals) == 1:
            cell = next(iter(royals))
        elif pos.occupied[us]:
            coords = self.geometry.coords                                   # type: ignore[attr-defined]
            cell = min(pos.occupied[us], key=lambda c: (coords[c][2], coords[c][1], coords[c][0]))
        else:
            return None
        return (cell, cell, 0, PASS)

    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        super().special_moves(pos, moves)                                  # type: ignore[misc]
        if self.pass_rules.passes(pos.turn):
            move = self.pass_move(pos)
            if move is not None:
                moves.append(move)

    def is_pass(self, move: Move) -> bool:
        return move[3] == PASS

    def make_special(self, pos: "Position", move: Move) -> int:
        if move[3] == PASS:
            return EMPTY
        return super().make_special(pos, move)                             # type: ignore[misc]

    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """A pass is its cell twice (``e2e2``, Fairy-Stockfish's UCI)."""
        if move[3] == PASS:
            square = square or self.names.name                             # type: ignore[attr-defined]
            return square(move[0]) + square(move[1])
        return super().move_name(pos, move, square, letter)                # type: ignore[misc]

    def move_parts(self, pos: "Position", move: Move) -> MoveParts | None:
        """A pass: nothing moves (notations write it as a word)."""
        if move[3] == PASS:
            return MoveParts(move[0], move[1], pos.board[move[0]], passes=True)
        return super().move_parts(pos, move)                               # type: ignore[misc]

    def legal_after(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """Royal pieces facing: every move but a pass must break the line, and a pass is legal even in check.
        Passing on stalemate: a pass only when nothing else is legal."""
        moves = super().legal_after(pos, moves)                            # type: ignore[misc]
        rules = self.pass_rules
        us = pos.turn
        if rules.facing and self.royals_facing(pos):
            kept = [m for m in moves if m[3] != PASS and not self._facing_after(pos, m)]
            move = self.pass_move(pos) if rules.passes(us) else None
            moves = kept + [move] if move is not None else kept
        if rules.on_stalemate[us] and not rules.always[us] and any(m[3] != PASS for m in moves):
            moves = [m for m in moves if m[3] != PASS]
        return moves

    def royals_facing(self, pos: "Position") -> bool:
        """The two sides' royal pieces (one each) on one file or rank with nothing between."""
        if len(pos.royals[0]) != 1 or len(pos.royals[1]) != 1:
            return False
        g = self.geometry                                                  # type: ignore[attr-defined]
        a, b = g.coords[next(iter(pos.royals[0]))], g.coords[next(iter(pos.royals[1]))]
        if a[2] != b[2] or (a[0] != b[0] and a[1] != b[1]):
            return False
        axis = 0 if a[1] == b[1] else 1
        low, high = sorted((a[axis], b[axis]))
        board = pos.board
        for x in range(low + 1, high):
            at = (x, a[1], a[2]) if axis == 0 else (a[0], x, a[2])
            if board[g.index[at]]:
                return False
        return True

    def _facing_after(self, pos: "Position", move: Move) -> bool:
        pos.push(move)
        facing = self.royals_facing(pos)
        pos.pop()
        return facing

    # ------------------------------------------------------------------ the end
    def game_over(self, pos: "Position") -> "Outcome | None":
        """Two passes in a row, or a pass that leaves the royal pieces facing, end the game."""
        out = super().game_over(pos)                                       # type: ignore[misc]
        if out is not None:
            return out
        last = pos.recent_move(0)
        if last is None or last[3] != PASS:
            return None
        if self.pass_rules.facing and self.royals_facing(pos):
            return self.passed_outcome(pos, "the royal pieces face each other", "bikjang")
        before = pos.recent_move(1)
        if before is not None and before[3] == PASS:
            return self.passed_outcome(pos, "both sides passed", "passes")
        return None

    def passed_outcome(self, pos: "Position", reason: str, termination: str) -> Outcome:
        """What ends a game by passing gives: a draw, or the point count where the game counts material
        (``material_counting``, variants/rules/endings.py: ``counted``)."""
        draw = Outcome("1/2-1/2", reason[0].upper() + reason[1:], termination)
        counted = getattr(self, "counted", None)
        return counted(pos, draw) if counted is not None else draw

