"""Can a side still mate? Read when a flag falls: FIDE Laws 6.9 (and lichess, python-chess's
``is_insufficient_material`` per side) score a game whose flag fell as a draw when the opponent "cannot checkmate
the player's king by any possible series of legal moves".

Each game answers by its own rule. A game that can judge one side alone declares the hook
``side_cannot_mate(pos, color) -> bool | None`` (FIDE chess read by letters: ``fide.cannot_mate``); None, or no
hook, falls back on its whole-board rule ``insufficient_material``: a side left with royal pieces only cannot
mate when the game calls bare royal pieces on both sides a dead draw (a lone king never gives check, so the
other side's pieces cannot change that).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import EMPTY

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position


def cannot_mate(pos: "Position", color: int) -> bool:
    """``color`` cannot checkmate by any series of legal moves, by the game's own rule."""
    game = pos.game
    own = getattr(game, "side_cannot_mate", None)
    verdict = own(pos, color) if own is not None else None
    if verdict is not None:
        return verdict
    if len(pos.occupied[color]) != len(pos.royals[color]):
        return False
    bare = pos.copy()
    for c in range(game.players):
        for cell in set(bare.occupied[c]) - set(bare.royals[c]):
            bare.put(cell, EMPTY)
    return game.insufficient_material(bare)


def flag_fall_is_draw(pos: "Position", flagged: int) -> bool:
    """The flag of ``flagged`` fell: a draw when no colour of the other teams can mate."""
    game = pos.game
    enemies = [c for c in range(game.players) if game.teams[c] != game.teams[flagged]]
    return all(cannot_mate(pos, c) for c in enemies)
