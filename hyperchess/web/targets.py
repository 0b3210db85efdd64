"""What a person clicks for each legal move: a source target, a destination target and, when several moves
share both (promotions, a double knight's split, a platform carrying a pawn), a label to choose by.

Targets are square names (the ``data-square`` of the picture's cells) or other picture ids such as a
reserve piece (``data-target``). Games with moves that are not from-square to-square add a small hook here.
"""
from __future__ import annotations

from typing import Callable

from hyperchess.pictures.first_contact import reserve_target
from hyperchess.variants.first_contact import DROP, PLACE, PLATFORM
from hyperchess.variants.game import CASTLE, PROMOTION, SPECIAL, Move

Targets = tuple[str, str, str]          # (source, destination, label)


def default_targets(pos, move: Move) -> Targets:
    game = pos.game
    frm, to, extra, flag = move
    name = game.names.name
    if flag == PROMOTION:
        label = f"promote to {game.pieces[game.kind_of[extra]].name.rstrip('0123456789 ')}"
    elif flag == CASTLE:
        label = "castle"
    elif flag >= SPECIAL:
        label = f"special move {game.move_name(pos, move)}"
    else:
        label = "move"
    return name(frm), name(to), label


def third_millennium_targets(pos, move: Move) -> Targets:
    """A joined double knight moving whole or splitting (one half leaves, the other stays): same squares."""
    game = pos.game
    src, dst, label = default_targets(pos, move)
    if move[3] == SPECIAL:                                   # SPLIT (third_millennium.SPLIT)
        label = "split: one knight half moves, the other stays"
    elif move[3] == SPECIAL + 1:                             # REJOIN
        label = "rejoin the partner half"
    elif pos.board[move[0]] in game.joined_codes:
        label = "move the whole double knight"
    return src, dst, label


def first_contact_targets(pos, move: Move) -> Targets:
    """Drops start at the reserve piece beside the board (``reserve-white-Q``) and end on a cell; a placement is
    one click on a vacant point's a1 cell; a platform moves by its pawn (or, empty, its a1 cell) to the new
    point's matching cell."""
    src, dst, label = default_targets(pos, move)
    flag = move[3]
    if flag == DROP:
        return reserve_target(pos.game, move[2]), dst, "drop"
    if flag == PLACE:
        return src, dst, f"place a platform on {pos.move_name(move).lstrip('@')}"
    if flag == PLATFORM:
        return src, dst, f"move the platform {pos.move_name(move)}"
    return src, dst, label


TARGET_HOOKS: dict[str, Callable[..., Targets]] = {
    "third-millennium": third_millennium_targets,
    "first-contact": first_contact_targets,
}


def legal_targets(pos) -> list[dict]:
    """The legal moves of the side to move as click targets, for the page."""
    hook = TARGET_HOOKS.get(pos.game.name, default_targets)
    out = []
    for move in pos.legal_moves():
        src, dst, label = hook(pos, move)
        out.append({"from": src, "to": dst, "label": label, "move": pos.move_name(move)})
    return out
