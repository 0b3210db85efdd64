"""A piece moved back and forth loses (docs/variants-file.md, "Passing"; Fairy-Stockfish's
``moveRepetitionIllegal``, src/position.cpp ``is_optional_game_end``, read at commit c19b5f6c).

The side that just moved loses when its last moves shuttled one piece between two cells: its move, its move
before that the way back (or a pass), and so on, four moves of that piece in all (five with a pass among them),
the piece having come to the first of the two cells by a move that took nothing. None of those moves may
have been made in check or answered by a check, and the piece must be one that may enter the other side's
palace (its region, and the other side's royal piece's region, meet). Only plies since the last capture count.
It is judged before the position's repetitions, in ``game_over``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import NORMAL, Move
from hyperchess.variants.rules.passing import PASS
from hyperchess.variants.core.legality import king_safe_moves
from hyperchess.variants.core.outcome import Outcome

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

KEYS = {"move_repetition_illegal"}


class History:
    """The moves before the current position, each with whether it took a piece and whether the side to
    move stood in check before it, read from a copy taken back move by move as far as asked."""

    def __init__(self, pos: "Position") -> None:
        self.copy = pos.copy()
        self.moves: list[Move] = []            # [j]: the move made j plies before the last one
        self.took: list[bool] = []
        self.checked: list[bool] = [self.copy.in_check()]   # [k]: the side to move in check k plies back

    def _back_to(self, k: int) -> None:
        while len(self.checked) <= k and self.copy.moves_made:
            move = self.copy.pop()
            self.moves.append(move)
            self.took.append(bool(self.copy.board[move[1]]) and move[0] != move[1])
            self.checked.append(self.copy.in_check())

    def move(self, j: int) -> Move | None:
        """The move made ``j`` plies before the last one, None before the first."""
        self._back_to(j + 1)
        return self.moves[j] if j < len(self.moves) else None

    def in_check(self, k: int) -> bool:
        self._back_to(k)
        return k < len(self.checked) and self.checked[k]


def _reverse(move: Move) -> tuple[int, int, int, int]:
    return (move[1], move[0], 0, NORMAL)


class MoveRepetition:
    """Mixin (before the game's class): ``move_repetition_illegal``."""

    def game_over(self, pos: "Position") -> "Outcome | None":
        out = super().game_over(pos)                                       # type: ignore[misc]
        if out is not None:
            return out
        # an end a player claims (FSF's optional end): not where the side to move has no legal move
        if self._shuttled(pos) and self.legal_after(pos, king_safe_moves(pos)):
            return self._win(pos.turn, "move repetition", "moved a piece back and forth")  # type: ignore[attr-defined]
        return None

    def _shuttled(self, pos: "Position") -> bool:
        end = min(pos.halfmove, pos.moves_made)
        last = pos.recent_move(0)
        if end < 4 or last is None or last[3] != NORMAL or len(pos.royals[pos.turn]) != 1:
            return False
        code = pos.board[last[1]]
        kind, them = self.kind_of[code], self.owner[code]                  # type: ignore[attr-defined]
        king = pos.board[next(iter(pos.royals[pos.turn]))]
        region = self.regions.get((kind, them))                            # type: ignore[attr-defined]
        palace = self.regions.get((self.kind_of[king], pos.turn))          # type: ignore[attr-defined]
        if region is not None and palace is not None and not region & palace:
            return False
        before = pos.recent_move(2)
        if before is None:
            return False
        count = 2 if before[:2] == last[1::-1] and before[3] == NORMAL else 1 if before[3] == PASS else 0
        if not count:
            return False
        h = History(pos)
        if h.in_check(1) or h.in_check(3):
            return False
        for i in range(4, end + 1, 2):
            if i + 1 <= end and h.in_check(i + 1):
                return False
            earlier = h.move(i)
            if earlier is None:
                return False
            if count < 4:
                ref = last if count == 1 else h.move(i - 2)
                if ref is None or tuple(earlier) != _reverse(ref):
                    return False
                count += 1
            else:
                back = h.move(i - 2)
                return back is not None and not h.took[i] and back[0] == earlier[1]
        return False
