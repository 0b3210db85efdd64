"""Fog of war at the web board: what a viewer may see of a game whose rules hide the board (``Game.fog``).

A seat sees the cells its pieces stand on and the cells they may move to (``visible_cells`` of
``variants/core/visibility.py``, docs/rules/fogofwar.md); everything else is fog. The server never sends a
seat anything of a fogged cell: the picture and the position string carry only the pieces on visible cells
(with the fog drawn over the rest), an opponent's move appears only as what became visible of it, the
engine's line and score are not shown, and the PGN waits for the end. A viewer who plays no seat sees the
whole game only when no person plays it (engines alone) or the game lets its spectators see all
(``watch_all``); everyone sees everything once the game is over (docs/web.md, "Fog of war").
"""
from __future__ import annotations

from hyperchess.variants.board.codes import EMPTY, EN_PASSANT, HOLE, ep_victim
from hyperchess.variants.core.visibility import visible_cells

UNSEEN = "?"                 # an opponent's move, or the part of it, that the viewer did not see


def is_fog(game) -> bool:
    """Whether the game hides the board from its players (a rules switch, ``fog = true``)."""
    return bool(getattr(game, "fog", False))


def fog_names() -> set[str]:
    """The games with fog, read from their tables without building them (the list of games)."""
    from hyperchess.variants import FILE_GAMES, game_names
    game_names()                # the shipped files read
    return {name for name, spec in FILE_GAMES.items() if spec.table.get("fog")}


def masked(pos, colors, seen: frozenset[int]):
    """A copy of ``pos`` with every piece not of ``colors`` on an unseen cell taken off."""
    out = pos.copy()
    owner = pos.game.owner
    for cell, code in enumerate(pos.board):
        if code > HOLE and cell not in seen and owner[code] not in colors:
            out.put(cell, EMPTY)
    return out


def fog_fen(pos, shown) -> str:
    """The position string of what a viewer sees: the board ``shown`` (unseen pieces taken off), the side to
    move and the move number; castling, en passant and the halfmove clock (which tell of unseen moves) as
    unknown."""
    fields = pos.fen().split()
    side = fields[1] if len(fields) > 1 else "w"
    full = fields[-1] if len(fields) > 2 and fields[-1].isdigit() else "1"
    return f"{pos.game.board_to_text(shown.board)} {side} - - 0 {full}"


def move_seen(game, move, before: frozenset[int], after: frozenset[int], took_mine: bool = False) -> str:
    """An opponent's ``move`` as a viewer saw it: whole when it saw both its cells (the from-cell before the
    move, the to-cell after); else the cell it saw with ``?`` for the other (``?xe4`` where it took the
    viewer's piece: the viewer knows where it lost it); else ``?``."""
    src, dst = move[0], move[1]
    names = game.names
    size = game.geometry.size
    saw_src = 0 <= src < size and src in before
    saw_dst = 0 <= dst < size and dst in after
    if saw_src and saw_dst:
        return f"{names.name(src)}{names.name(dst)}" if src != dst else names.name(dst)
    if saw_dst:
        return UNSEEN + ("x" if took_mine else "") + names.name(dst)
    if took_mine:           # where it lost its piece (an en passant pawn's cell, not where the taker went)
        lost = ep_victim(move) if move[3] == EN_PASSANT else dst
        return (names.name(src) if saw_src else "") + UNSEEN + "x" + names.name(lost)
    if saw_src:
        return names.name(src) + UNSEEN
    return UNSEEN


def lost_pieces(game, taken: list[tuple[int, tuple[int, ...]]], colors) -> dict[str, list[str]]:
    """Per colour, the pieces it lost that a viewer playing ``colors`` knows of: its own losses, and the
    pieces its own moves took (``taken``: per move, the mover and the codes it took)."""
    out: dict[str, list[str]] = {game.color_names[c]: [] for c in range(game.players)}
    for mover, codes in taken:
        for code in codes:
            owner = game.owner[code]
            if owner in colors or mover in colors:
                out[game.color_names[owner]].append(game.pieces[code >> 2].letter)
    for lost in out.values():
        lost.sort(key=lambda letter: -game.pieces[game.kind_by_letter[letter]].value)
    return out


__all__ = ["is_fog", "fog_names", "visible_cells", "masked", "fog_fen", "move_seen", "lost_pieces", "UNSEEN"]
