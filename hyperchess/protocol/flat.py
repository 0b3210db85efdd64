"""The flat 2D projection a game shows in XBoard (protocol.md Part 1 §1.3, Part 2 §5 and §7).

Everything here is read from what the game declares (``variants/core/game.py``, "the flat XBoard projection"):
``flat_names`` (a :class:`FlatNames` placing each cell on a board of at most 16x16 display squares, or None
for no projection; the default exists for flat boards that fit 16x16), ``flat_letter(code)`` (the letter
XBoard draws), ``flat_parent`` (the XBoard variant named in ``setup``), ``flat_betza`` (``{letter: Betza}``
sent as ``piece X& DESC`` so that XBoard's legality test knows the game's moves), ``flat_royal`` and
``flat_move(pos, move, square)`` (XBoard's text for a move, or None for the default). No game is known by
name.
"""
from __future__ import annotations

import re

from hyperchess.variants.board.codes import EMPTY, HOLE
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.board.flat import MAX_FLAT, FlatNames  # noqa: F401 (the projection's type, named here too)
from hyperchess.variants.board.notation import FILES, UnknownSquare
# moves and positions in flat names live in the core, shared with the match runner's referee
from hyperchess.variants.core.flat_wire import (  # noqa: F401 (named here too)
    convert_squares, flat_fen, flat_move_name, grid_rows, parse_flat_move, same_letters, same_names)

XBOARD_ORDER = "PNBRQFEACWMOHIJGDVLSUK"  # piece-to-char order of XBoard's setup command (§5)


def flat_names(game) -> FlatNames | None:
    """The game's flat projection (None = it is played in native notation only)."""
    return game.flat_names


def flat_letter(game, code: int) -> str:
    """The FEN letter XBoard shows for ``code`` (``Game.flat_letter``: by default upper case for team 0,
    White, lower case for team 1)."""
    return game.flat_letter(code)


def piece_to_char(game) -> str:
    """The ``(PTC)`` of XBoard's setup: 22 letters for White then 22 for Black in XBoard's order,
    ``.`` for unused slots. A piece keeps the slot of its own letter when there is one; royal pieces
    take the king slot; others fill the free slots from the left."""
    white: dict[str, bool] = {}            # upper-case letter -> royal
    # ``flat_royal = False``: XBoard is shown no king (its castling rule would move an edge piece whenever a
    # king steps two or more files along a rank, e.g. between the panels of a stacked game)
    royal_ok = game.flat_royal
    for code in range(game.ncodes):
        if game.kind_of[code] and game.owner[code] >= 0:
            letter = flat_letter(game, code).upper()
            white[letter] = white.get(letter, False) or (royal_ok and game.pieces[game.kind_of[code]].royal)
    slots = ["."] * len(XBOARD_ORDER)
    king = XBOARD_ORDER.index("K")
    rest = []
    for letter, royal in white.items():
        if royal and slots[king] == ".":
            slots[king] = letter
        elif letter in XBOARD_ORDER and letter != "K" and slots[XBOARD_ORDER.index(letter)] == ".":
            slots[XBOARD_ORDER.index(letter)] = letter
        else:
            rest.append(letter)
    for letter in rest:
        free = [i for i, s in enumerate(slots) if s == "." and i != king] or ([king] if slots[king] == "." else [])
        if not free:
            raise ValueError(f"{game.name}: more piece types than XBoard has slots")
        slots[free[0]] = letter
    w = "".join(slots)
    return w + w.lower()


def flat_parent(game) -> str:
    """The XBoard variant whose rules XBoard applies to the board of ``setup`` (``fairy`` unless the game
    names another one, e.g. ``seirawan`` for its gating moves)."""
    return game.flat_parent


def setup_command(pos, flat: FlatNames) -> str:
    """XBoard's ``setup (PTC) WxH+S_PARENT FEN`` for the position (Part 2 §5; S: the holdings' size)."""
    return (f"setup ({piece_to_char(pos.game)}) {flat.width}x{flat.height}+{pos.game.flat_holdings}_"
            f"{flat_parent(pos.game)} "
            f"{flat_fen(pos, flat)}")


def piece_commands(game, known: bool = False) -> list[str]:
    """``piece X& DESC`` lines for the letters the game describes (Betza notation, as XBoard's ``piece``
    command takes it; ``&`` = the same moves for the black piece): ``flat_betza`` for a game XBoard ``known``s
    by name, else ``flat_pieces()``. XBoard uses them in its own legality test; it takes them from the first
    engine only."""
    described = game.flat_betza if known else game.flat_pieces()
    return [f"piece {letter.upper()}& {desc}" for letter, desc in described.items()]


_TOKEN = re.compile(r"\d+|\*|[A-Za-z]")


def native_fen(game, flat: FlatNames, text: str) -> str:
    """A flat (XBoard) position string turned into the game's native one (two-team games whose
    teams are the two colours). Raises FenError."""
    fields = text.split()
    if not fields:
        raise FenError("empty position string")
    rows = fields[0].split("/")
    if len(rows) != flat.height:
        raise FenError(f"expected {flat.height} ranks, got {len(rows)}")
    letters = {flat_letter(game, code): code for code in range(game.ncodes)
               if game.kind_of[code] and game.owner[code] >= 0}
    board = [EMPTY] * game.geometry.size
    for i, row in enumerate(rows):
        y = flat.height - 1 - i
        x, at = 0, 0
        for m in _TOKEN.finditer(row):
            if m.start() != at:
                raise FenError(f"bad character {row[at]!r}")
            at = m.end()
            tok = m.group()
            if tok.isdigit():
                x += int(tok)
                continue
            cell = flat.cell_at.get((x, y))
            if tok == "*":
                if cell is not None:
                    board[cell] = HOLE
            elif tok in letters:
                if cell is None:
                    raise FenError(f"a piece stands on a square that is not on the board ({FILES[x]})")
                board[cell] = letters[tok]
            else:
                raise FenError(f"unknown piece letter {tok!r}")
            x += 1
        if at != len(row) or x != flat.width:
            raise FenError(f"rank {flat.rank_label(y)} does not have {flat.width} files")
    out = [format_board(game, board)]
    rest = fields[1:]
    if game.players != 2 or not game.flat_royal:
        # XBoard's side letter is a team: the first colour of that team in the turn order. XBoard's castling
        # and e.p. fields know two colours and real kings only: the start position's castling (kept where
        # kings and rooks still stand at home), no e.p. chance; the game's own fields take their defaults.
        if rest and rest[0] not in ("w", "b"):
            raise FenError(f"side to move must be w or b, got {rest[0]!r}")
        team = 1 if rest and rest[0] == "b" else 0
        side = game.color_letters[next(c for c in range(game.players) if game.teams[c] == team)]
        start = game.start_fen.split()
        clocks = rest[3:5] if len(rest) >= 5 else ["0", "1"]
        return " ".join([out[0], side, start[2] if len(start) > 2 else "-", "-", *clocks])
    if rest:
        out.append(rest[0])
    if len(rest) > 1:
        out.append(rest[1])
    if len(rest) > 2:
        try:
            out.append("-" if rest[2] == "-" else game.names.name(flat.parse(rest[2])))
        except UnknownSquare as exc:
            raise FenError(f"bad en-passant square: {exc}") from None
    out += rest[3:]
    return " ".join(out)
