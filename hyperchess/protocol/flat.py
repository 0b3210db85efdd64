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

from hyperchess.variants.board.codes import EMPTY, HOLE, Move
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.board.flat import MAX_FLAT, FlatNames  # noqa: F401 (the projection's type, named here too)
from hyperchess.variants.board.notation import FILES, UnknownSquare

XBOARD_ORDER = "PNBRQFEACWMOHIJGDVLSUK"  # piece-to-char order of XBoard's setup command (§5)
_same: dict[tuple[int, int], tuple] = {}


def flat_names(game) -> FlatNames | None:
    """The game's flat projection (None = it is played in native notation only)."""
    return game.flat_names


def same_names(game, flat: FlatNames | None) -> bool:
    """True when the flat names are the native names (no conversion needed)."""
    if flat is None:
        return True
    key = (id(game), id(flat))
    hit = _same.get(key)
    if hit is None or hit[0] is not game or hit[1] is not flat:
        hit = _same[key] = (game, flat, _same_names(game, flat))    # keeps both alive: ids stay unique
    return hit[2]


def _same_names(game, flat) -> bool:
    return all(flat.name(c) == game.names.name(c) if flat.xy[c] is not None else False
               for c in range(game.geometry.size))


def convert_squares(text: str, src, dst) -> str:
    """``text`` with every square name of ``src`` rewritten as ``dst`` names (moves, PVs)."""
    return re.sub(src.pattern, lambda m: dst.name(src.parse(m.group())), text)


def flat_letter(game, code: int) -> str:
    """The FEN letter XBoard shows for ``code`` (``Game.flat_letter``: by default upper case for team 0,
    White, lower case for team 1)."""
    return game.flat_letter(code)


def same_letters(game) -> bool:
    """True when XBoard is shown the game's own position-string letters."""
    return all(game.flat_letter(code) == game.letter_of(code) for code in range(game.ncodes)
               if game.kind_of[code] and game.owner[code] >= 0)


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
        grid[p[1]][p[0]] = "*" if code == HOLE else ("" if code == EMPTY else flat_letter(game, code))
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


def flat_move_name(pos, move: Move, flat: FlatNames) -> str:
    """The move as XBoard gets it: flat square names, and a promotion written with the flat letter of
    the new piece. A game's ``flat_move(pos, move, square)`` may write a move its own way (``square(cell)``
    gives the flat name); it returns None for the default."""
    game = pos.game
    text = game.flat_move(pos, move, flat.name)
    if text is not None:
        return text
    return game.move_name(pos, move, flat.name, lambda code: flat_letter(game, code))


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
