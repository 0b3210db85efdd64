"""The search's score of a position where the game has ended: checkmate, stalemate, or a game's own end.

Scores are from the side to move's view, a mate at ply p being ``MATE - p`` (engine/scores.py).
"""
# hyperchess: compiled
from __future__ import annotations

from hyperchess.variants.core.position import Position

from .scores import MATE


def terminal_score(pos: Position, ply: int) -> int:
    """Score of a position without legal moves: mated if in check, else a draw."""
    g = pos.game
    if g.has_game_over:
        o = pos.game_over()
        if o is not None:
            return outcome_score(pos, o, ply)
    return no_moves_score(pos, ply, pos.in_check())


def no_moves_score(pos: Position, ply: int, check: bool) -> int:
    """Mated (``check``) or stalemated: lost, or as ``Game.stalemate`` says; a game with ``terminal_hooks``
    (another value of checkmate, pseudo-royal pieces) through its ``mate_outcome``/``stalemate_outcome``."""
    g = pos.game
    if g.terminal_hooks:
        return outcome_score(pos, g.mate_outcome(pos) if check else g.stalemate_outcome(pos), ply)
    return -(MATE - ply) if check else stalemate_score(pos, ply)


def stalemate_score(pos: Position, ply: int) -> int:
    """A stalemate from the side to move's view, as the game scores it (``Game.stalemate``)."""
    rule = pos.game.stalemate
    return 0 if rule == "draw" else -(MATE - ply) if rule == "loss" else MATE - ply


def outcome_score(pos: Position, outcome, ply: int) -> int:
    """A finished game (``game_over`` hook) from the side to move's view."""
    result = getattr(outcome, "result", None) or outcome[0]
    if result == "1-0":
        winner = 0
    elif result == "0-1":
        winner = 1
    else:
        return 0
    return MATE - ply if pos.game.teams[pos.turn] == winner else -(MATE - ply)
