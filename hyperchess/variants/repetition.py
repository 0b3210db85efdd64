"""What a repetition is worth when a game's rules say more than "a draw" (docs/variants-file.md,
``repetition_value``, ``repetition_absolute``, ``perpetual_check_loses``).

Read from Fairy-Stockfish (src/position.cpp, ``is_optional_game_end``, commit c19b5f6c): when the position
stands for the n-th time, the positions since its first occurrence decide. If the side to move was in check
in every one of them where it was to move, the other side has been checking perpetually; if the other side
was in check in every one where it was to move, the side to move has. With ``perpetual_check_loses`` the side
that checked perpetually loses (both: a draw). Otherwise the repetition is worth ``repetition_value`` to the
side to move ("draw", "win" or "loss"), or to the first player whoever is to move with ``repetition_absolute``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .position import Outcome

if TYPE_CHECKING:
    from .game import Game
    from .position import Position

VALUES = ("draw", "win", "loss")


def repetition_outcome(game: "Game", pos: "Position", reason: str) -> Outcome:
    """The end of ``pos`` by repetition (``pos`` stands for the ``game.repetition``-th time)."""
    value = game.repetition_value
    mover = pos.turn
    if game.perpetual_check_loses:
        them, us = _perpetual(game, pos)
        if them or us:
            if them and us:
                return Outcome("1/2-1/2", f"{reason}, both sides checking", "repetition")
            loser = 1 - mover if them else mover
            return game._win(1 - loser, "perpetual check", "checks perpetually and loses")
    if value == "draw":
        return Outcome("1/2-1/2", reason, "repetition")
    if game.repetition_absolute:
        winner = 0 if value == "win" else 1
    else:
        winner = mover if value == "win" else 1 - mover
    return game._win(winner, "repetition", f"loses by {reason[:1].lower()}{reason[1:]}")


def _perpetual(game: "Game", pos: "Position") -> tuple[bool, bool]:
    """(the side to move was in check at every one of its turns since the first occurrence, the other side was
    at every one of its turns there), walking back over the moves made (only at the rare repetition)."""
    target = pos.hash
    count = 1
    p = pos.copy()
    checks = [p.in_check()]
    while p.moves_made:
        p.pop()
        checks.append(p.in_check())
        if len(checks) % 2 == 1 and p.hash == target:
            count += 1
            if count >= game.repetition:
                break
    return all(checks[0::2]), all(checks[1::2])
