"""Setting a position from the GUI: ``setboard`` (native or flat strings), the old ``edit`` mode and a bughouse
server's ``holding``."""
from __future__ import annotations

import re

from hyperchess.variants import FenError
from hyperchess.variants.core.game import EMPTY, HOLE
from hyperchess.variants.core.load import check_position
from hyperchess.variants.board.notation import UnknownSquare

from . import flat as flatmod
from .fog import FogSeat, seat_seed
from .notation import parse_wire_square
from .state import XBoardState
from .wire import error


class PositionRefused(ValueError):
    """A setboard string that gives no legal position of the game (the message is the reason)."""


def read_setboard(game, notation: str, fen: str):
    """``(position, note)`` for a setboard string, ``note`` saying how a relaxed reading was made (or None).
    When the wire speaks flat, the flat reading comes first: a flat string can also be a valid native one
    with another meaning (third-millennium: flat `N` is the double knight, native `N` the single knight).
    Raises PositionRefused."""
    pos = None
    note = None
    err = "empty position string"
    for text in (fen, relaxed_fields(game, fen)):
        if text is None:
            break
        for native, read in position_readers(game, notation):
            try:
                pos = read(text)
                break
            except (FenError, UnknownSquare, ValueError, KeyError, IndexError) as exc:
                if native and text is fen:
                    err = str(exc)
        if pos is not None:
            if text is not fen:
                note = f"castling/e.p. fields not valid here, read as {pos.fen()}"
            break
    if pos is None:
        raise PositionRefused(err)
    try:
        check_position(pos)
    except FenError as exc:
        raise PositionRefused(str(exc)) from None
    return pos, note


def position_readers(game, notation: str) -> list:
    """(is_native, reader) pairs for a setboard string: native, and flat where the projection has
    other names or letters; flat first when Notation=flat."""
    fl = flatmod.flat_names(game)
    readers = [(True, game.position)]
    if fl is None or (flatmod.same_names(game, fl) and flatmod.same_letters(game)):
        return readers
    flat = (False, lambda text: game.position(flatmod.native_fen(game, fl, text)))
    return [flat] + readers if notation == "flat" else readers + [flat]


def relaxed_fields(game, fen: str) -> str | None:
    """XBoard's own FEN writer knows one king and two rooks a side and checks no e.p. square, so the
    `setboard` it sends the second engine of an engine-defined game can carry castling and e.p. fields
    that fit no position of the game (seen with millennium 15x8: `w KQ a6 0 1`). Such a string is read
    again with the castling field of the start position (rights kept only for kings and rooks still on
    their start squares) and no e.p. square. None when there are no such fields."""
    fields = fen.split()
    if len(fields) < 3:
        return None
    start = game.start_fen.split()
    fields[2] = start[2] if len(start) > 2 else "-"
    if len(fields) > 3:
        fields[3] = "-"
    return " ".join(fields)


def set_position(e: XBoardState, fen: str) -> None:
    """``setboard``: the new position, or (refused) no legal position until the next new/setboard; in a game
    with fog a string with ``?`` squares is a view (``set_view``)."""
    e.ensure_game()
    if FogSeat.is_view(e.game, fen):
        set_view(e, fen)
        return
    try:
        pos, note = read_setboard(e.game, e.notation, fen)
    except PositionRefused as exc:
        e.changed()
        e.bad_position = True
        e.out(f"# setboard: {exc}")
        e.out("tellusererror Illegal position")
        return
    if note is not None:
        e.out(f"# setboard: {note}")
    e.changed()
    e.pos = pos
    e.bad_position = False
    e.ended = False


def set_view(e: XBoardState, text: str) -> None:
    """``setboard VIEW`` in a game with fog (protocol/fog.py, shared with UCI): one more view of this game;
    ``go`` then answers from the views alone. A bad view: no legal position until the next new/setboard."""
    if e.fog is None:
        e.fog = FogSeat(e.game, seat_seed(e.thinker.randomness))
    e.changed()
    try:
        e.fog.take(text)
    except (FenError, UnknownSquare, ValueError) as exc:
        e.bad_position = True
        e.out(f"# setboard: bad view ({exc})")
        e.out("tellusererror Illegal position")
        return
    e.pos, e.fog_turn = e.fog.pos, True
    e.bad_position = False
    e.ended = False


def start_edit(e: XBoardState) -> None:
    e.force = True
    e.editing = {"board": list(e.pos.board), "color": 0}


def edit_line(e: XBoardState, text: str) -> None:
    """Old edit mode (setboard=1 makes clients avoid it): ``#`` clears, ``c`` toggles the colour,
    ``Pa4`` puts a piece, ``xa4`` empties a square, ``.`` ends."""
    ed = e.editing
    if text == ".":
        e.editing = None
        board = ed["board"]
        from hyperchess.variants.core.fen import format_board
        side = e.pos.fen().split()[1]
        start = e.game.start_fen.split()
        castling = start[2] if len(start) > 2 else "-"
        set_position(e, " ".join([format_board(e.game, board), side, castling, "-", "0", "1"]))
        return
    if text == "#":
        ed["board"] = [HOLE if c == HOLE else EMPTY for c in ed["board"]]
        return
    if text == "c":
        ed["color"] = 1 - ed["color"]
        return
    try:
        letter, square = text[0], text[1:]
        cell = parse_wire_square(e.game, e.notation, square)
        if letter in "xX":
            ed["board"][cell] = EMPTY
        else:
            ed["board"][cell] = e.game.code_for_letter(letter, ed["color"])
    except (UnknownSquare, KeyError, IndexError, ValueError):
        e.out(error("bad edit command", text))


_HOLDING = re.compile(r"\[([A-Za-z]*)\]\s*\[([A-Za-z]*)\](?:\s+([WBwb])([A-Za-z]))?\s*")


def holding_position(e: XBoardState, arg: str, line: str):
    """``(position, None)`` for ``holding [WHITE] [BLACK]`` (a bughouse server's hands, XBoard's engine-intf.html
    "Bughouse commands"): the position with those hands (each bracket's letters in either case: white's upper,
    black's lower); with a trailing ``<color><piece>`` (``holding [PPR] [] WR``, the piece just gained) that
    piece is added to the current hand instead, as Fairy-Stockfish does, so a ``holding`` crossing a move keeps
    both. ``(None, error line)`` for bad input."""
    e.ensure_game()
    game = e.game
    m = _HOLDING.fullmatch(arg.strip())
    if m is None:
        return None, error("bad holding, give holding [WHITE] [BLACK]", line)
    if getattr(game, "hand_rules", None) is None or e.bad_position:
        return None, error("no pieces in hand in this game", line)
    board, rest = e.pos.fen().split(" ", 1)
    on_board, hand = board[:-1].split("[", 1) if board.endswith("]") else (board, "")
    if m.group(3):
        gained = m.group(4)
        hand += gained.upper() if m.group(3) in "Ww" else gained.lower()
    else:
        hand = m.group(1).upper() + m.group(2).lower()
    try:
        pos = game.position(f"{on_board}[{hand}] {rest}")
        check_position(pos)
    except FenError as exc:
        return None, error(f"bad holding: {exc}", line)
    return pos, None


def set_holdings(e: XBoardState, arg: str, line: str) -> str | None:
    """``holding``: the position gets the server's hands (``holding_position``); the moves so far are kept as
    the new position's start (undo stops there). The error line for bad input, else None."""
    pos, refusal = holding_position(e, arg, line)
    if pos is None:
        return refusal
    e.changed()
    e.pos = pos
    return None
