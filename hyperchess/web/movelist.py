"""The move list and analysis line as the page shows them: in the notation the game's players read
(``variants/core/san.py``: SAN, Hodges' shogi notation, WXF, janggi's numbers), None in games that keep
their native names (games with levels: the page shows the names it already has). The page's "Coordinates"
switch shows the native names instead."""
from __future__ import annotations

from hyperchess.variants.core.san import COORDINATES, notation_of, write, write_moves


def notation_name(game) -> str | None:
    """The name of the notation the move list is written in, None for the native names."""
    notation = notation_of(game)
    return None if notation == COORDINATES else notation


def notated_list(pos, names: list[str]) -> list[str] | None:
    """``names`` (native notation) played from ``pos`` (not changed), each in the game's notation; None when
    the game keeps its native names."""
    notation = notation_name(pos.game)
    return None if notation is None else write_moves(pos, names, notation)


def move_hint(pos, moves: list) -> dict | None:
    """One of ``moves`` (the legal moves of ``pos``) for the move box's example (not a pass, when there is
    another): its native name and, in a game with a notation, the same move as the move list writes it."""
    plays = [m for m in moves if not pos.game.is_pass(m)] or moves
    if not plays:
        return None
    move = plays[len(plays) // 2]
    notation = notation_name(pos.game)
    return {"move": pos.move_name(move), "notated": None if notation is None else write(pos, move, notation)}
