"""Standard Algebraic Notation for every flat game, generic over the pieces (as Fairy-Stockfish writes SAN for
all its variants): the piece letter (none for a pawn), the least disambiguation that makes the move unique
(the from-file, else the from-rank, else both), ``x`` for a capture, the destination, ``=`` and the promotion
letter, then ``+`` for check or ``#`` for mate. Castling is ``O-O`` (the king towards the higher files) or
``O-O-O``. A move SAN cannot name apart (a game's special move, such as third-millennium's split, or a
castling that two kings share a name for) is written in the game's native coordinates, which every reader
takes too. Games with levels keep native coordinates (``flat(game)`` is false).

The notations a game's players read in a move list (``write``; a game's ``notation``, ``core/presentation.py``)
are written here too, as Fairy-Stockfish writes them (its ``SAN::move_to_san``, ``src/apiutil.h`` at c19b5f6;
pyffish's ``get_san``), from each move's parts (``Game.move_parts``), whatever mechanism made it:

- ``"san"``: SAN for chess-like games. Beyond the SAN above (what the PGN keeps) it writes every mechanism's
  moves: a drop ``P@e4``, a gating ``Nf3/E`` (a castling ``O-O/Eh1``, with the gate's square), a wall
  ``Nf3,d5``, a piece promotion ``=`` and the new piece's letter; the letters players read where the game has
  a second letter for a piece (xiangqi's horse ``H``); a piece moving as a pawn but not called pawn keeps its
  letter (berolina's ``Pab3``).
- ``"hodges"``: Western shogi notation (``P-7f``, ``Bx2b+``, ``B*5e``, ``G6i-5h``): files counted from the
  right, ranks lettered from the top, ``+`` a promotion, ``=`` a promotion declined, ``-`` a demotion, no mark
  for check, a piece named by its square where another of its kind could go there.
- ``"wxf"``: the World Xiangqi Federation's (``H2+3``, ``C8=5``, ``R1-2``): files counted from each player's
  right, ``+`` forward, ``-`` back, ``=`` along the rank, then the file reached or the ranks moved; two pieces
  of a kind on a file named ``+`` (front) and ``-`` (rear) before the move, three or more by their number from
  the front; no mark for check.
- ``"janggi-numeric"``: janggi's with the points' numbers (``H08-87``; janggi.pl, "Janggi notation"): each
  square as its rank from the top (the tenth ``0``) then its file, the piece's square always given, ``x`` a
  capture, ``+``/``#`` check and mate.

A pass is the word ``pass`` in every notation (Fairy-Stockfish writes the royal piece's move to its own square,
``Ke10``, which reads as a move; docs/variants-file.md, "The notation players read"). A special move no
mechanism describes keeps its native name, and so does every move of a game with levels (``COORDINATES``).
"""
from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

from hyperchess.variants.board.codes import CASTLE, EN_PASSANT, SPECIAL, Move, promoted_code
from hyperchess.variants.board.errors import MoveError
from hyperchess.variants.board.notation import FILES, UnknownSquare
from hyperchess.variants.core.presentation import NOTATIONS, MoveParts

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
        piece = game.letter_synonyms.get(piece, piece) if piece else None       # xiangqi's H for N
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


# --------------------------------------------------------------------------------------- the notations players read
PASS_WORD = "pass"
COORDINATES = "coordinates"        # the native names (``Game.move_name``), the setting that turns notations off


def notation_of(game) -> str:
    """The notation ``game``'s move list is written in: its ``notation`` on a board of one level with the
    standard square names (files from ``a``, ranks from 1), else coordinates (the native names)."""
    names = game.names
    if game.geometry.levels != 1 or names.file_letters != FILES or names.rank_base != 1 \
            or game.notation not in NOTATIONS:
        return COORDINATES
    return game.notation


def edge_labels(game, color: int = 0) -> tuple[list[str], list[str]] | None:
    """The names the move list's notation gives the board's files and ranks (by file, by rank, from 0) as
    player ``color`` reads them, or None where its squares are the coordinates' (SAN): Hodges' files counted
    from the right and ranks lettered from the top, as sente sees the board; WXF's files from each player's
    right, its ranks unnamed (WXF names none); janggi's files from 1 on the left, ranks from the top, the
    tenth ``0``."""
    notation, g = notation_of(game), game.geometry
    if notation == "hodges":
        return [str(g.files - f) for f in range(g.files)], [chr(ord("a") + g.ranks - 1 - r) for r in range(g.ranks)]
    if notation == "wxf":
        return [str(g.files - f if color == 0 else f + 1) for f in range(g.files)], [""] * g.ranks
    if notation == "janggi-numeric":
        return [str(f + 1) for f in range(g.files)], [str((g.ranks - r) % 10) for r in range(g.ranks)]
    return None


def write(pos: "Position", move: Move, notation: str | None = None) -> str:
    """The legal ``move`` of ``pos`` in ``notation`` (default: the game's)."""
    game = pos.game
    notation = notation or notation_of(game)
    parts = game.move_parts(pos, move) if notation != COORDINATES else None
    if parts is None:
        return game.move_name(pos, move)
    if parts.passes:
        return PASS_WORD
    legal = pos.legal_moves()
    text = _WRITERS[notation](pos, move, parts, _rivals(pos, move, parts, legal), legal)
    return text + _check_mark(pos, move) if notation in _CHECK_MARKS else text


def write_moves(pos: "Position", names: list[str], notation: str | None = None) -> list[str]:
    """``names`` (native notation) played from ``pos`` (not changed), each in ``notation``."""
    p = pos.copy()
    out = []
    for name in names:
        move = p.parse_move(name)
        out.append(write(p, move, notation))
        p.push(move)
    return out


# ------------------------------------------------------------------------------------------- shared parts
def _rivals(pos: "Position", move: Move, parts: MoveParts, legal: list[Move],
            known: dict[Move, MoveParts | None] | None = None) -> list[int]:
    """The cells of the other pieces of the same kind that could make the same move to the same cell (the
    same promotion, gate and wall): Fairy-Stockfish's test move with only its from-square changed. ``known``:
    the legal moves' parts, where they are at hand."""
    if parts.drop or parts.castle:
        return []
    game = pos.game
    out = []
    for m in legal:
        if m[1] != move[1] or m[0] == parts.frm:
            continue
        p = known[m] if known is not None else game.move_parts(pos, m)
        if p is not None and p.to == parts.to and p.piece == parts.piece and not (p.drop or p.castle or p.passes) \
                and (p.promotion, p.change, p.gate, p.wall) == (parts.promotion, parts.change, parts.gate, parts.wall):
            out.append(p.frm)
    return out


def _read_letter(game, code: int) -> str:
    """The letter players read for ``code``: the game's second letter for it where it has one (FSF's
    ``pieceToCharSynonyms``: xiangqi's ``H`` and ``E``), else its own, upper case."""
    letter = game.pieces[game.kind_of[code]].letter.upper()
    for synonym, target in game.letter_synonyms.items():
        if synonym.isupper() and target.upper() == letter:
            return synonym
    return letter


def notation_letter(game, code: int) -> str:
    """The letter the move list writes for ``code`` (``_read_letter`` in a game's own notation; its own
    letter, upper case, where the list keeps coordinates): what a picture's legend names a piece by."""
    if notation_of(game) == COORDINATES:
        return game.pieces[game.kind_of[code]].letter.upper()
    return _read_letter(game, code)


def _letterless(game, code: int) -> bool:
    """A piece SAN writes without its letter: a pawn called pawn (Fairy-Stockfish's own pawn type; its
    custom pieces that move as pawns, berolina's, keep their letter: ``Pab3``)."""
    piece = game.pieces[game.kind_of[code]]
    return piece.pawn and piece.name.lower() == "pawn"


def _coords(game, cell: int) -> tuple[int, int]:
    f, r, _ = game.geometry.coords[cell]
    return f, r


def _check_mark(pos: "Position", move: Move) -> str:
    """``+`` for a check, ``#`` for a mate."""
    pos.push(move)
    try:
        if pos.in_check():
            return "#" if not pos.legal_moves() else "+"
        return ""
    finally:
        pos.pop()


def _suffix(game, parts: MoveParts) -> str:
    """A promotion's ``=`` and new letter, then a gate's ``/`` and letter (SAN, janggi's)."""
    text = "=" + _read_letter(game, parts.promotion) if parts.promotion else ""
    if parts.gate and not parts.castle:
        text += "/" + _read_letter(game, parts.gate)
    return text


# ------------------------------------------------------------------------------------------------- SAN
def _san(pos: "Position", move: Move, parts: MoveParts, rivals: list[int], legal: list[Move]) -> str:
    game = pos.game
    name = game.names.name
    if parts.castle:
        text = "O-O" if _coords(game, parts.to)[0] > _coords(game, parts.frm)[0] else "O-O-O"
        if parts.gate:
            text += "/" + _read_letter(game, parts.gate) + name(parts.gate_cell)
    else:
        pawn = _letterless(game, parts.piece) and not parts.drop
        text = "" if pawn else _read_letter(game, parts.piece)
        f, r = _coords(game, parts.frm)
        if parts.drop:
            pass
        elif pawn and parts.capture:
            text += FILES[f]                   # a pawn's capture always names its file
        elif rivals:
            if all(_coords(game, c)[0] != f for c in rivals):
                text += FILES[f]
            elif all(_coords(game, c)[1] != r for c in rivals):
                text += str(r + 1)
            else:
                text += name(parts.frm)
        text += "@" if parts.drop else "x" if parts.capture else ""
        text += name(parts.to) + _suffix(game, parts)
    if parts.wall >= 0:
        text += "," + name(parts.wall)
    return text


# ----------------------------------------------------------------------------------------------- shogi
def _hodges(pos: "Position", move: Move, parts: MoveParts, rivals: list[int], legal: list[Move]) -> str:
    game = pos.game
    text = _read_letter(game, parts.piece)
    if rivals:
        text += _hodges_square(game, parts.frm)
    text += "*" if parts.drop else "x" if parts.capture else "-"
    text += _hodges_square(game, parts.to)
    if parts.change:
        text += "+" if parts.change > 0 else "-"
    elif parts.promotion:
        text += "=" + _read_letter(game, parts.promotion)
    elif not parts.drop and _may_promote(pos, parts, legal):
        text += "="                            # the promotion declined
    return text


def _hodges_square(game, cell: int) -> str:
    """A square as Hodges names it: its file counted from the right, then its rank lettered from the top."""
    f, r = _coords(game, cell)
    return f"{game.geometry.files - f}{chr(ord('a') + game.geometry.ranks - 1 - r)}"


def _may_promote(pos: "Position", parts: MoveParts, legal: list[Move]) -> bool:
    """Could the piece have promoted with this move?"""
    game = pos.game
    for m in legal:
        if m[0] == parts.frm and m[1] == parts.to:
            p = game.move_parts(pos, m)
            if p is not None and p.change > 0 and not p.drop:
                return True
    return False


# --------------------------------------------------------------------------------------------- xiangqi
def _wxf(pos: "Position", move: Move, parts: MoveParts, rivals: list[int], legal: list[Move]) -> str:
    game = pos.game
    us = pos.turn
    ranks = game.geometry.ranks

    def file_number(cell: int) -> str:
        return _wxf_file(game, us, cell)

    def ahead(cell: int) -> int:
        """How far forward ``cell`` lies for the player to move."""
        r = _coords(game, cell)[1]
        return r if us == 0 else ranks - 1 - r

    if parts.drop:
        return _read_letter(game, parts.piece) + "@" + file_number(parts.to) + str(ahead(parts.to) + 1)
    frm, to = parts.frm, parts.to
    same = [c for c in pos.occupied[us] if pos.board[c] == parts.piece]
    column = [c for c in same if _coords(game, c)[0] == _coords(game, frm)[0]]
    by_file: dict[int, int] = {}
    for c in same:
        by_file[_coords(game, c)[0]] = by_file.get(_coords(game, c)[0], 0) + 1
    tandems = sum(1 for n in by_file.values() if n >= 2) >= 2
    in_front = sum(1 for c in column if ahead(c) > ahead(frm))
    text = str(in_front + 1) if len(column) >= 3 - tandems else _read_letter(game, parts.piece)
    if len(column) == 2 and not tandems and _other_could_land(game, us, parts.piece, column, frm, to):
        text += "-" if in_front else "+"
    else:
        text += file_number(frm)
    text += "=" if _coords(game, to)[1] == _coords(game, frm)[1] else "+" if ahead(to) > ahead(frm) else "-"
    if _coords(game, to)[0] == _coords(game, frm)[0]:
        return text + str(abs(_coords(game, to)[1] - _coords(game, frm)[1]))
    return text + file_number(to)


def _wxf_file(game, us: int, cell: int) -> str:
    """A file as WXF numbers it: from 1 on the right of player ``us``."""
    f = _coords(game, cell)[0]
    return str((game.geometry.files - 1 - f if us == 0 else f) + 1)


def _other_could_land(game, us: int, code: int, column: list[int], frm: int, to: int) -> bool:
    """Would the other piece on the file, moved as this one moves, stand on the board and in its region?
    (Fairy-Stockfish names the pair front and rear only then, else by its file.)"""
    other = next(c for c in column if c != frm)
    (f, r), r_from, r_other = _coords(game, to), _coords(game, frm)[1], _coords(game, other)[1]
    cell = game.geometry.index.get((f, r_other + r - r_from, 0))
    region = getattr(game, "regions", {}).get((game.kind_of[code], us))
    return cell is not None and (region is None or cell in region)


# ---------------------------------------------------------------------------------------------- janggi
def _janggi(pos: "Position", move: Move, parts: MoveParts, rivals: list[int], legal: list[Move]) -> str:
    game = pos.game
    square = partial(_janggi_square, game)
    text = _read_letter(game, parts.piece)
    if parts.castle:
        text = "O-O" if _coords(game, parts.to)[0] > _coords(game, parts.frm)[0] else "O-O-O"
    elif parts.drop:
        text += "@" + square(parts.to)
    else:
        text += square(parts.frm) + ("x" if parts.capture else "-") + square(parts.to) + _suffix(game, parts)
    if parts.wall >= 0:
        text += "," + square(parts.wall)
    return text


def _janggi_square(game, cell: int) -> str:
    """A point as janggi numbers it: its rank counted from the top (the tenth ``0``), then its file."""
    f, r = _coords(game, cell)
    return f"{(game.geometry.ranks - r) % 10}{f + 1}"


_WRITERS = dict(zip(NOTATIONS, (_san, _hodges, _wxf, _janggi)))
_CHECK_MARKS = ("san", "janggi-numeric")          # the notations that mark a check (``+``) and a mate (``#``)


# ---------------------------------------------------------------------------------------------- reading
# what a move of each notation looks like (else the text is "malformed", not "illegal")
_SHAPES = {
    "san": re.compile(r"[O0]-[O0].*|\+?[A-Z]?[a-z]?\d*[x:@-]?[a-z]\d+.*"),
    "hodges": re.compile(r"\+?[A-Z](\d+[a-z])?[-x*]\d+[a-z].*"),
    "wxf": re.compile(r"(\+?[A-Z]|\d)[\d+.-]?[-+=]\d+|\+?[A-Z]@\d+"),
    "janggi-numeric": re.compile(r"[O0]-[O0].*|\+?[A-Z]\d*[-x@]\d+.*"),
}


def read(pos: "Position", text: str, notation: str | None = None) -> Move:
    """The legal move written ``text`` in ``notation`` (default: the game's), read back as ``write`` writes it:
    ``!``/``?`` ignored and, where the notation marks them, ``+``/``#``; the word ``pass``. A move named more
    fully than the writer names it is read too, where it names one move: the piece's square (SAN's ``Ng1f3``,
    Hodges' ``G6i-5h``), SAN without its ``x``, WXF's file for a tandem piece (``H2+3`` for ``H+3``); a shogi
    move without its promotion mark is read where the piece could not promote, and is ambiguous where it
    could. Raises MoveError with a one-line reason: malformed, illegal, or ambiguous (naming the moves)."""
    game = pos.game
    notation = notation or notation_of(game)
    if notation == COORDINATES:
        return game.parse_move(pos, text)
    shown = text.strip()
    t = shown.rstrip("!?")
    if notation in _CHECK_MARKS:
        t = t.rstrip("+#")
    legal = pos.legal_moves()
    known = {move: game.move_parts(pos, move) for move in legal}
    exact: list[Move] = []
    loose: dict[Move, str] = {}
    for move, parts in known.items():
        if parts is None:
            continue
        if parts.passes:
            if t == PASS_WORD:
                exact.append(move)
            continue
        if _destination(game, notation, parts) not in t:
            continue
        written = _WRITERS[notation](pos, move, parts, _rivals(pos, move, parts, legal, known), legal)
        if written == t:
            exact.append(move)
        elif t in _fuller(pos, notation, move, parts, legal, written):
            loose[move] = written
    found = exact or list(loose)
    if len(found) == 1:
        return found[0]
    if found:
        names = sorted({loose.get(m) or game.move_name(pos, m) for m in found})
        raise MoveError(f"ambiguous move {shown}: " + " or ".join(names))
    if t != PASS_WORD and not _SHAPES[notation].fullmatch(t):
        raise MoveError(f"malformed move {shown!r} (not {notation} nor coordinates)")
    raise MoveError(f"illegal move {shown}")


def parse_typed(pos: "Position", text: str, native: MoveError) -> Move:
    """The move ``text`` names where the native notation could not read it (``native``, its reason): in SAN
    in a flat game (``parse_san``), else in the notation its players read (``read``). Raises the first
    reason that is not "malformed" (in a SAN game SAN's, not ``read``'s), else the native one."""
    readers = ([parse_san] if flat(pos.game) else []) + ([read] if notation_of(pos.game) != COORDINATES else [])
    reasons = [native]
    for reader in readers:
        try:
            return reader(pos, text)
        except MoveError as exc:
            # ``read`` knows no grammar: in a SAN game its "illegal" for text that SAN and the native
            # notation both call malformed (``e9e4``) would hide the better reason
            if reader is parse_san or notation_of(pos.game) != "san" or not str(exc).startswith("illegal"):
                reasons.append(exc)
    raise next((r for r in reasons if not str(r).startswith("malformed")), native) from None


def _destination(game, notation: str, parts: MoveParts) -> str:
    """A part of the text every spelling of a move with ``parts`` holds: the name of the square it reaches
    (none for a castling, or in WXF, which names a move by how far it goes)."""
    if parts.castle or notation == "wxf":
        return ""
    if notation == "hodges":
        return _hodges_square(game, parts.to)
    if notation == "janggi-numeric":
        return _janggi_square(game, parts.to)
    return game.names.name(parts.to)


def _fuller(pos: "Position", notation: str, move: Move, parts: MoveParts, legal: list[Move],
            written: str) -> set[str]:
    """The other spellings of a move a reader takes (see ``read``), beside ``written``, the writer's."""
    game = pos.game
    if notation == "wxf":
        if parts.drop:
            return set()
        return {_read_letter(game, parts.piece) + _wxf_file(game, pos.turn, parts.frm) + written[-2:]}
    if notation == "janggi-numeric":
        return set()
    named = _WRITERS[notation](pos, move, parts, [parts.frm], legal)    # a rival on its own square: named fully
    out = {named}
    if notation == "san" and parts.capture:
        out |= {named.replace("x", "", 1), written.replace("x", "", 1)}
    if notation == "hodges" and written[-1] in "+=-" and not parts.drop:
        out |= {written[:-1], named[:-1]}                                   # no promotion mark
    return out
