"""Opening files: one opening a line, either a position string of the game (it contains ``/``) or a move
list in the game's native notation from the start position. ``#`` starts a comment; blank lines are skipped.
Every opening is checked against the rules when it is loaded."""
from __future__ import annotations

from dataclasses import dataclass

from hyperchess.variants import FenError, MoveError, get_game
from hyperchess.variants.board.notation import UnknownSquare
from hyperchess.variants.formats.textfile import FileError, read_text, shorten


class OpeningError(ValueError):
    """A bad openings file; the message is one line with the file and line number."""


@dataclass(frozen=True)
class Opening:
    fen: str | None = None
    moves: tuple[str, ...] = ()


def parse_opening(variant: str, text: str) -> Opening:
    game = get_game(variant)
    text = text.strip()
    if "/" in text:
        pos = game.position(text)              # FenError for a bad one
        game.validate(pos)
        if pos.outcome() is not None:
            raise FenError("the game is already over in this position")
        return Opening(fen=pos.fen())
    pos = game.position()
    names = []
    for tok in text.split():
        move = pos.parse_move(tok)
        names.append(pos.move_name(move))
        pos.push(move)
        if pos.outcome() is not None:
            raise MoveError(f"the game is over after {tok}")
    return Opening(moves=tuple(names))


def load_openings(path: str, variant: str) -> list[Opening]:
    try:
        lines = read_text(path).splitlines()
    except FileError as exc:
        raise OpeningError(f"openings file {exc}") from None
    out = []
    for n, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            out.append(parse_opening(variant, text))
        except (FenError, MoveError, UnknownSquare) as exc:
            raise OpeningError(shorten(f"{path} line {n}: {exc}")) from None
    if not out:
        raise OpeningError(f"{path}: no openings")
    return out
