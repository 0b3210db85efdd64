"""chess.com's PGN4, the game record of four-player chess (en.wikibooks.org/wiki/Four-Player_Chess/Notation),
read (``read_pgn4``) and written (``write_pgn4``) for any game of four players on a 14x14 board.

Tags as PGN's (``[Variant "Teams"]``, ``[StartFen4 "..."]``, ``[Red "..."]`` ... ``[Result "..."]``), then the
moves by rounds: ``1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8 2. ...``, each move in long algebraic notation: the
piece's letter (none for a pawn), its square, ``-`` or ``x`` with the taken piece's letter, the square it goes
to, ``=Q`` for a promotion; castling ``O-O`` (kingside) and ``O-O-O``. A player who is out has no move in a
round. Check marks (``+``, ``#``) and comments are read past and not written."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable

from hyperchess.variants.board.codes import CASTLE, PROMOTION, Move
from hyperchess.variants.board.errors import FenError, MoveError
from hyperchess.variants.core.fen import fen4_to_native, fits, write_fen4
from hyperchess.variants.core.load import check_position

if TYPE_CHECKING:
    from hyperchess.variants.core.game import Game
    from hyperchess.variants.core.outcome import Outcome
    from hyperchess.variants.core.position import Position

SEATS = ("Red", "Blue", "Yellow", "Green")
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_MOVE = re.compile(r"^([A-Z]?)([a-n]\d{1,2})([-x])([A-Z]?)([a-n]\d{1,2})(?:=([A-Z]))?$")
_CASTLE = re.compile(r"^O-O(-O)?$")
_SKIP = re.compile(r"^(\d+\.+|\.\.|[-+#!?]*|\*|1-0|0-1|1/2-1/2|\d+(-\d+){3})$")


def move_text(pos: "Position", move: Move) -> str:
    """``move`` of the side to move in PGN4's long algebraic notation."""
    game = pos.game
    if move[3] == CASTLE:
        rule = game.castling[move[2]]
        return "O-O" if rule.fen_char.endswith("K") else "O-O-O"
    name = game.names.name
    piece = game.pieces[game.kind_of[pos.board[move[0]]]]
    letter = "" if piece.pawn else piece.letter.upper()
    taken = pos.board[move[1]]
    link = "x" + ("" if game.pieces[game.kind_of[taken]].pawn else game.pieces[game.kind_of[taken]].letter.upper()) \
        if taken else "-"
    text = f"{letter}{name(move[0])}{link}{name(move[1])}"
    if move[3] == PROMOTION:
        text += "=" + game.pieces[game.kind_of[move[2]]].letter.upper()
    return text


def parse_move_text(pos: "Position", text: str) -> Move:
    """The legal move written ``text`` in PGN4 (check marks allowed). Raises MoveError."""
    game = pos.game
    bare = text.rstrip("+#!?")
    legal = pos.legal_moves()
    castle = _CASTLE.match(bare)
    if castle:
        wing = "Q" if castle.group(1) else "K"
        for m in legal:
            if m[3] == CASTLE and game.castling[m[2]].fen_char.endswith(wing):
                return m
        raise MoveError(f"illegal castling {text}")
    m = _MOVE.match(bare)
    if not m:
        raise MoveError(f"not a PGN4 move: {text!r}")
    for move in legal:
        if move[3] != CASTLE and move_text(pos, move) == bare:
            return move
    # a capture written without the taken piece's letter, or a pawn's letter given: from, to, promotion decide
    frm, to, promo = m.group(2), m.group(5), (m.group(6) or "").upper()
    for move in legal:
        if move[3] != CASTLE and game.names.name(move[0]) == frm and game.names.name(move[1]) == to and (
                promo == (game.pieces[game.kind_of[move[2]]].letter.upper() if move[3] == PROMOTION else "")):
            return move
    raise MoveError(f"illegal move {text}")


def write_pgn4(start: "Position", moves: Iterable[Move], tags: dict[str, str] | None = None,
               outcome: "Outcome | None" = None) -> str:
    """The PGN4 record of ``moves`` played from ``start`` (a copy is played through)."""
    game = start.game
    if not fits(game):
        raise FenError("PGN4 records four players on a 14x14 board")
    head = {"Variant": "FFA" if game.dead_armies else "Teams", **(tags or {}),
            "StartFen4": write_fen4(start), "Result": outcome.result if outcome else "*"}
    if outcome:
        head["Termination"] = outcome.reason
    lines = [f'[{k} "{str(v).replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'
             for k, v in head.items()]
    pos = start.copy()
    words: list[str] = []
    number = 1
    last = game.players
    for move in moves:
        if pos.turn <= last:                     # a new round (the first move, or the turn came round)
            words.append(f"{number}.")
            number += 1
        else:
            words.append("..")
        words.append(move_text(pos, move))
        last = pos.turn
        pos.push(move)
    rows, row = [], []
    for w in words:                              # a round a line
        if w.endswith(".") and w != ".." and row:
            rows.append(" ".join(row))
            row = []
        row.append(w)
    if row:
        rows.append(" ".join(row))
    return "\n".join(lines) + "\n\n" + "\n".join(rows) + ("\n" if rows else "")


def read_pgn4(game: "Game", text: str) -> tuple["Position", list[Move], dict[str, str]]:
    """The start, the moves and the tags of a PGN4 record. Raises FenError or MoveError (one line)."""
    if not fits(game):
        raise FenError("PGN4 records four players on a 14x14 board")
    tags: dict[str, str] = {}
    body = []
    for line in text.splitlines():
        tag = _TAG.match(line.strip())
        if tag:
            tags[tag.group(1)] = re.sub(r"\\(.)", r"\1", tag.group(2))
        elif line.strip():
            body.append(line)
    start = game.position(fen4_to_native(game, tags["StartFen4"]) if "StartFen4" in tags else None)
    check_position(start)
    pos = start.copy()
    moves: list[Move] = []
    movetext = re.sub(r"\{[^}]*\}|;[^\n]*", " ", "\n".join(body))
    for word in movetext.split():
        if _SKIP.match(word):
            continue
        word = re.sub(r"^\d+\.+", "", word)
        try:
            move = parse_move_text(pos, word)
        except MoveError as exc:
            raise MoveError(f"move {word!r} at ply {len(moves) + 1} refused: {exc}") from None
        pos.push(move)
        moves.append(move)
    return start, moves, tags
