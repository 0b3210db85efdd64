"""Moves and squares as written on the wire: flat names where the game has a projection and the
``Notation`` option says flat, else the game's native names. Input is read in either notation."""
from __future__ import annotations

from hyperchess.variants import MoveError
from hyperchess.variants.board.notation import UnknownSquare
from hyperchess.variants.core.flat_wire import read_move, write_move

from . import flat as flatmod

NOTATIONS = ("flat", "native")


def wire_names(game, notation: str):
    """The square names printed now: flat where a projection exists and Notation=flat, else native."""
    fl = flatmod.flat_names(game)
    if notation == "flat" and fl is not None:
        return fl
    return game.names


def convertible(game, names) -> bool:
    return names is not game.names and not flatmod.same_names(game, names)


def wire_move(game, notation: str, pos, move) -> str:
    """The move as printed now: the flat name (``flat_wire.write_move``) when speaking flat, else native."""
    return write_move(pos, move, wire_names(game, notation))


def parse_wire_move(game, notation: str, pos, text: str):
    """The legal move ``text`` names, in the current notation or else the other one (``flat_wire.read_move``:
    in flat notation the exact flat names come first, so every move we print reads back as itself). Raises
    MoveError."""
    names = [wire_names(game, notation)]
    other = game.names if names[0] is not game.names else flatmod.flat_names(game)
    if other is not None and other is not names[0]:
        names.append(other)
    err: Exception | None = None
    for ns in names:
        try:
            return read_move(pos, text, ns)
        except MoveError as exc:
            err = exc
    raise MoveError(str(err) if err else f"illegal move {text}")


def parse_wire_square(game, notation: str, text: str) -> int:
    for ns in (wire_names(game, notation), game.names, flatmod.flat_names(game)):
        if ns is not None and text in ns:
            return ns.parse(text)
    raise UnknownSquare(f"unknown square {text!r}")
