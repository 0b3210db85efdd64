"""What a person clicks for each legal move: a source target, a destination target and, when several moves
share both (promotions, a double knight's split, a platform carrying a pawn), a label to choose by.

Each game declares its clicks (``Game.click_target``, ``variants/presentation.py``): square names (the
``data-square`` of the picture's cells) or other picture ids such as a reserve piece (``data-target``).
"""
from __future__ import annotations


def legal_targets(pos) -> list[dict]:
    """The legal moves of the side to move as click targets, for the page."""
    out = []
    for move in pos.legal_moves():
        src, dst, label = pos.game.click_target(pos, move)
        out.append({"from": src, "to": dst, "label": label, "move": pos.move_name(move)})
    return out
