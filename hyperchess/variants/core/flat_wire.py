"""Moves and positions written and read in XBoard's square names: the flat 2D projection a game declares (``flat_names``,
``board/flat.py``), shared by our CECP engine (``protocol/``) and the match runner's referee (``tournament/``).

XBoard's names differ from a game's native ones on a board of exactly 10 ranks, whose ranks XBoard counts
from 0 (CECP, engine-intf.html section 8, "Note that on boards with exactly 10 ranks, counting of the ranks
starts at 0"): the native ``b1b10`` is ``b0b9`` there. Games with levels are shown on a projection of their own.
"""
from __future__ import annotations

import re

from hyperchess.variants.board.codes import EMPTY, HOLE, Move
from hyperchess.variants.board.errors import FenError, MoveError
from hyperchess.variants.board.flat import FlatNames
from hyperchess.variants.board.notation import UnknownSquare

_same: dict[tuple[int, int], tuple] = {}


def same_names(game, flat: FlatNames | None) -> bool:
    """True when the flat names are the native names (no conversion needed)."""
    if flat is None:
        return True
    key = (id(game), id(flat))
    hit = _same.get(key)
    if hit is None or hit[0] is not game or hit[1] is not flat:
        hit = _same[key] = (game, flat, _same_names(game, flat))    # keeps both alive: ids stay unique
    return hit[2]


def _same_names(game, flat: FlatNames) -> bool:
    return all(flat.name(c) == game.names.name(c) if flat.xy[c] is not None else False
               for c in range(game.geometry.size))


def same_letters(game) -> bool:
    """True when XBoard is shown the game's own position-string letters."""
    return all(game.flat_letter(code) == game.letter_of(code) for code in range(game.ncodes)
               if game.kind_of[code] and game.owner[code] >= 0)


def convert_squares(text: str, src, dst) -> str:
    """``text`` with every square name of ``src`` rewritten as ``dst`` names (moves, PVs)."""
    return re.sub(src.pattern, lambda m: dst.name(src.parse(m.group())), text)


def flat_move_name(pos, move: Move, flat: FlatNames) -> str:
    """The move as XBoard gets it: flat square names, and a promotion written with the flat letter of
    the new piece. A game's ``flat_move(pos, move, square)`` may write a move its own way (``square(cell)``
    gives the flat name); it returns None for the default."""
    game = pos.game
    text = game.flat_move(pos, move, flat.name)
    if text is not None:
        return text
    return game.move_name(pos, move, flat.name, game.flat_letter)


def parse_flat_move(pos, text: str, flat: FlatNames) -> Move | None:
    """The legal move whose flat name (:func:`flat_move_name`) is ``text`` (case ignored), else None."""
    wanted = text.strip().lower()
    for move in pos.legal_moves():
        try:
            if flat_move_name(pos, move, flat).lower() == wanted:
                return move
        except UnknownSquare:            # a cell the projection does not show
            continue
    return None


def grid_rows(grid: list[list[str]]) -> list[str]:
    """FEN-style rows, top rank first, of a display grid (``grid[y][x]``; "" = empty, counted)."""
    rows = []
    for row in reversed(grid):
        out, empty = [], 0
        for ch in row:
            if not ch:
                empty += 1
                continue
            if empty:
                out.append(str(empty))
                empty = 0
            out.append(ch)
        if empty:
            out.append(str(empty))
        rows.append("".join(out))
    return rows


def flat_fen(pos, flat: FlatNames) -> str:
    """The position as XBoard sees it: the display board (``*`` for squares that are no cell or a
    hole), ``w``/``b`` for the team to move, castling, en passant in flat names, clocks."""
    game = pos.game
    grid = [["*"] * flat.width for _ in range(flat.height)]
    for cell, p in enumerate(flat.xy):
        if p is None:
            continue
        code = pos.board[cell]
        grid[p[1]][p[0]] = "*" if code == HOLE else ("" if code == EMPTY else game.flat_letter(code))
    rows = grid_rows(grid)
    native = pos.fen().split()
    # XBoard's castling letters know two colours only: four-player rights are not shown (our engine judges)
    castling = (native[2] if game.players == 2 and len(native) > 2 and re.fullmatch(r"-|[A-Za-z]+", native[2])
                else "-")
    ep = flat.name(pos.ep) if pos.ep >= 0 and flat.xy[pos.ep] is not None else "-"
    side = "w" if game.teams[pos.turn] == 0 else "b"
    # pieces in hand: XBoard's holdings, ``[...]`` after the board, as the native string has them
    holdings = native[0][native[0].index("["):] if game.flat_holdings and "[" in native[0] else ""
    return f"{'/'.join(rows)}{holdings} {side} {castling} {ep} {pos.halfmove} {pos.fullmove}"


def write_move(pos, move: Move, names) -> str:
    """``move`` in ``names``: the game's own (``pos.move_name``) or a flat projection's."""
    if names is pos.game.names:
        return pos.move_name(move)
    return flat_move_name(pos, move, names)


def read_move(pos, text: str, names) -> Move:
    """The legal move ``text`` names in ``names`` (the game's own or a flat projection's). In flat names the
    exact names :func:`write_move` gives come first, so every move written reads back as itself; then the
    squares are converted and the game's own reader gets the text (SAN, other spellings). Raises MoveError."""
    game = pos.game
    try:
        if names is not game.names:
            move = parse_flat_move(pos, text, names)
            if move is not None:
                return move
            if not same_names(game, names):
                text = convert_squares(text, names, game.names)
        return pos.parse_move(text)
    except (UnknownSquare, FenError, ValueError, KeyError, IndexError) as exc:
        raise MoveError(str(exc) or f"illegal move {text}") from None


def write_position(pos, names) -> str:
    """The position string for ``setboard`` in ``names``: the game's own, or XBoard's (:func:`flat_fen`) where
    the projection's square names or letters differ from the game's."""
    game = pos.game
    if names is game.names or (same_names(game, names) and same_letters(game)):
        return pos.fen()
    return flat_fen(pos, names)
