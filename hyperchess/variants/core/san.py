"""Standard Algebraic Notation for every flat game, generic over the pieces (as Fairy-Stockfish writes SAN for
all its variants): the piece letter (none for a pawn), the least disambiguation that makes the move unique
(the from-file, else the from-rank, else both), ``x`` for a capture, the destination, ``=`` and the promotion
letter, then ``+`` for check or ``#`` for mate. Castling is ``O-O`` (the king towards the higher files) or
``O-O-O``. A move SAN cannot name apart (a game's special move, such as third-millennium's split, or a
castling that two kings share a name for) is written in the game's native coordinates, which every reader
takes too. Games with levels keep native coordinates (``flat(game)`` is false).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import CASTLE, EN_PASSANT, SPECIAL, Move, promoted_code
from hyperchess.variants.board.errors import MoveError
from hyperchess.variants.board.notation import FILES, UnknownSquare

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

_SAN = re.compile(r"^(?:(?P<castle>[O0]-[O0](?:-[O0])?)|(?P<piece>[A-Z])?(?P<file>[a-wyz])?(?P<rank>\d+)?"
                  r"(?P<capture>[x:-])?(?P<to>[a-z]\d+)(?:=?(?P<promo>[A-Za-z]))?)$")


def flat(game) -> bool:
    """SAN is written for games on one level with the standard square names and one-letter pieces (a promoted
    piece written ``+P`` keeps the native moves, as Fairy-Stockfish's UCI writes them)."""
    return game.geometry.levels == 1 and game.names.file_letters == FILES and game.names.rank_base == 1 \
        and all(p is None or len(p.letter) == 1 for p in game.pieces)


def _file(game, cell: int) -> str:
    return FILES[game.geometry.coords[cell][0]]


def _rank(game, cell: int) -> str:
    return str(game.geometry.coords[cell][1] + 1)


def _letter(pos: "Position", cell: int) -> str:
    game = pos.game
    return game.pieces[game.kind_of[pos.board[cell]]].letter.upper()


def _is_pawn(pos: "Position", cell: int) -> bool:
    return pos.board[cell] in pos.game.pawn_codes


def _castle_text(game, move: Move) -> str:
    return "O-O" if game.geometry.coords[move[1]][0] > game.geometry.coords[move[0]][0] else "O-O-O"


def _plain(pos: "Position", move: Move, legal: list[Move]) -> str:
    """SAN without the check suffix."""
    game = pos.game
    frm, to, extra, flag = move
    if flag == CASTLE:
        text = _castle_text(game, move)
        if sum(1 for m in legal if m[3] == CASTLE and _castle_text(game, m) == text) == 1:
            return text
        return game.move_name(pos, move)
    if flag >= SPECIAL:
        return game.move_name(pos, move)
    target = pos.board[to]
    capture = flag == EN_PASSANT or (target and game.owner[target] != game.owner[pos.board[frm]])
    dest = game.names.name(to)
    if _is_pawn(pos, frm):
        # a pawn names its file on a capture, and wherever another pawn reaches the same square with the
        # same promotion (berolina's diagonal steps, sideways pawns); its rank too if the file is not enough
        rivals = [m[0] for m in legal if m[1] == to and m[0] != frm and m[3] < SPECIAL and m[3] != CASTLE
                  and _is_pawn(pos, m[0]) and promoted_code(m) == promoted_code(move)]
        which = _file(game, frm) if capture or rivals else ""
        if any(_file(game, r) == _file(game, frm) for r in rivals):
            which += _rank(game, frm)
        text = which + ("x" if capture else "") + dest
    else:
        letter = _letter(pos, frm)
        rivals = [m[0] for m in legal if m[1] == to and m[0] != frm and m[3] < SPECIAL and m[3] != CASTLE
                  and not _is_pawn(pos, m[0]) and _letter(pos, m[0]) == letter]
        which = ""
        if rivals:
            if all(_file(game, r) != _file(game, frm) for r in rivals):
                which = _file(game, frm)
            elif all(_rank(game, r) != _rank(game, frm) for r in rivals):
                which = _rank(game, frm)
            else:
                which = _file(game, frm) + _rank(game, frm)
        text = letter + which + ("x" if capture else "") + dest
    if promoted_code(move):
        text += "=" + game.pieces[game.kind_of[promoted_code(move)]].letter.upper()
    return text


def san(pos: "Position", move: Move, legal: list[Move] | None = None) -> str:
    """The SAN of the legal ``move`` in ``pos`` (``legal``: the position's legal moves, if known)."""
    legal = pos.legal_moves() if legal is None else legal
    text = _plain(pos, move, legal)
    pos.push(move)
    try:
        if pos.in_check():
            text += "#" if not pos.legal_moves() else "+"
    finally:
        pos.pop()
    return text


def parse_san(pos: "Position", text: str) -> Move:
    """The legal move written ``text`` in SAN (suffixes ``+ # ! ?`` ignored; extra disambiguation, a missing
    ``x``, long algebraic ``Ng1-f3``/``e2-e4`` and a lower-case promotion letter accepted). Raises MoveError."""
    game = pos.game
    t = text.strip().rstrip("+#!?")
    m = _SAN.match(t)
    if not m:
        raise MoveError(f"malformed move {text.strip()!r}")
    legal = pos.legal_moves()
    if m.group("castle"):
        want = "O-O-O" if t.count("-") == 2 else "O-O"
        found = [mv for mv in legal if mv[3] == CASTLE and _castle_text(game, mv) == want]
    else:
        try:
            to = game.names.parse(m.group("to"))
        except UnknownSquare:
            raise MoveError(f"malformed move {text.strip()!r}: no square {m.group('to')}") from None
        piece, file, rank, promo = m.group("piece"), m.group("file"), m.group("rank"), m.group("promo")
        if piece is None and rank and not (file and m.group("capture")):
            # a pawn's SAN never names its rank: this is a coordinate move (long algebraic e2-e4 and
            # e4xd5 name both, with the separator)
            raise MoveError(f"malformed move {text.strip()!r}")
        found = []
        for mv in legal:
            frm, dest, extra, flag = mv
            if dest != to or flag == CASTLE or flag >= SPECIAL:
                continue
            if piece is None and not _is_pawn(pos, frm):
                continue
            if piece is not None and _letter(pos, frm) != piece:     # Fairy-Stockfish writes berolina's Pbc3
                continue
            if (file and _file(game, frm) != file) or (rank and _rank(game, frm) != rank):
                continue
            if promoted_code(mv):
                if not promo or game.pieces[game.kind_of[promoted_code(mv)]].letter.upper() != promo.upper():
                    continue
            elif promo:
                continue
            found.append(mv)
    if not found:
        raise MoveError(f"illegal move {text.strip()}")
    if len(found) > 1:
        raise MoveError(f"ambiguous move {text.strip()}: " + ", ".join(game.move_name(pos, mv) for mv in found))
    return found[0]
