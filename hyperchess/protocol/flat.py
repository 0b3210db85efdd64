"""The flat 2D projection a game shows in XBoard (protocol.md Part 1 §1.3, Part 2 §5 and §7).

A game may define ``flat_names``: a :class:`FlatNames` (or anything with ``name``/``parse``/``pattern``
plus ``width``, ``height`` and ``xy``) that places each cell on a board of at most 16x16 display squares.
A game that defines ``flat_names = None`` has no projection (it is played in native notation only).
The default, :func:`flat_names`, exists for flat boards that fit 16x16: the cells keep their files and
ranks, and ranks are named the way XBoard names them (height exactly 10 -> ranks 0..9, else from 1).

Other optional game hooks read here (all data for XBoard; no game is known by name):
``flat_letter(code)`` (the letter XBoard draws), ``flat_parent`` (the XBoard variant named in ``setup``,
default ``fairy``), ``flat_betza`` (``{letter: Betza}`` sent as ``piece X& DESC`` so that XBoard's legality
test knows the game's moves) and ``flat_move(pos, move, square)`` (XBoard's text for a move, or None for
the default).
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from hyperchess.variants.fen import FenError, format_board
from hyperchess.variants.game import EMPTY, HOLE, Move
from hyperchess.variants.notation import FILES, UnknownSquare

MAX_FLAT = 16                        # XBoard's BOARD_FILES / playable BOARD_RANKS (common.h)
XBOARD_ORDER = "PNBRQFEACWMOHIJGDVLSUK"  # piece-to-char order of XBoard's setup command (§5)
_MISSING = object()
_cache: dict[int, tuple] = {}        # id(game) -> (game, FlatNames | None)
_same: dict[tuple[int, int], tuple] = {}


class FlatNames:
    """XBoard square names of a ``width`` x ``height`` display board; ``xy[cell]`` = (x, y) from 0
    (None for a cell that is not shown)."""

    def __init__(self, width: int, height: int, xy: Sequence[tuple[int, int] | None]) -> None:
        if not (1 <= width <= MAX_FLAT and 1 <= height <= MAX_FLAT):
            raise ValueError(f"a flat board is at most {MAX_FLAT}x{MAX_FLAT}, got {width}x{height}")
        self.width, self.height = width, height
        self.xy = list(xy)
        self.cell_at: dict[tuple[int, int], int] = {p: c for c, p in enumerate(self.xy) if p is not None}
        self._names = [None if p is None else FILES[p[0]] + self.rank_label(p[1]) for p in self.xy]
        self._cells = {n: c for c, n in enumerate(self._names) if n is not None}
        labels = sorted((self.rank_label(y) for y in range(height)), key=lambda s: (-len(s), s), reverse=False)
        self.pattern = f"[{FILES[:width]}](?:{'|'.join(labels)})"

    def rank_label(self, y: int) -> str:
        """XBoard's rank name: ``0..9`` on a board exactly 10 high, else ``1..16`` (Part 2 §5)."""
        return str(y) if self.height == 10 else str(y + 1)

    def square(self, x: int, y: int) -> str:
        return FILES[x] + self.rank_label(y)

    def name(self, cell: int) -> str:
        n = self._names[cell]
        if n is None:
            raise UnknownSquare(f"cell {cell} is not shown on the flat board")
        return n

    def parse(self, text: str) -> int:
        try:
            return self._cells[text]
        except KeyError:
            raise UnknownSquare(f"unknown square {text!r}") from None

    def __contains__(self, text: str) -> bool:
        return text in self._cells


def flat_names(game) -> FlatNames | None:
    """The game's flat projection: its own ``flat_names`` if it defines one (None = no projection),
    else the native layout of a flat board that fits 16x16, else None."""
    own = getattr(game, "flat_names", _MISSING)
    if own is not _MISSING:
        return own
    hit = _cache.get(id(game))
    if hit is None or hit[0] is not game:
        geo = game.geometry
        if geo.levels == 1 and geo.files <= MAX_FLAT and geo.ranks <= MAX_FLAT:
            hit = (game, FlatNames(geo.files, geo.ranks, [(f, r) for f, r, _ in geo.coords]))
        else:
            hit = (game, None)
        _cache[id(game)] = hit
    return hit[1]


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
    """The FEN letter XBoard shows for ``code``: upper case for team 0 (White), lower for team 1.
    A game may override it with ``flat_letter(code)`` (e.g. to draw partners with other letters)."""
    own = getattr(game, "flat_letter", None)
    if own is not None:
        return own(code)
    letter = game.pieces[game.kind_of[code]].letter
    return letter.upper() if game.teams[game.owner[code]] == 0 else letter.lower()


def piece_to_char(game) -> str:
    """The ``(PTC)`` of XBoard's setup: 22 letters for White then 22 for Black in XBoard's order,
    ``.`` for unused slots. A piece keeps the slot of its own letter when there is one; royal pieces
    take the king slot; others fill the free slots from the left."""
    white: dict[str, bool] = {}            # upper-case letter -> royal
    # ``flat_royal = False``: XBoard is shown no king (its castling rule would move an edge piece whenever a
    # king steps two or more files along a rank, e.g. between the panels of a stacked game)
    royal_ok = getattr(game, "flat_royal", True)
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
    return f"{'/'.join(rows)} {side} {castling} {ep} {pos.halfmove} {pos.fullmove}"


def flat_parent(game) -> str:
    """The XBoard variant whose rules XBoard applies to the board of ``setup`` (``fairy`` unless the game
    names another one, e.g. ``seirawan`` for its gating moves)."""
    return getattr(game, "flat_parent", None) or "fairy"


def setup_command(pos, flat: FlatNames) -> str:
    """XBoard's ``setup (PTC) WxH+0_PARENT FEN`` for the position (Part 2 §5)."""
    return (f"setup ({piece_to_char(pos.game)}) {flat.width}x{flat.height}+0_{flat_parent(pos.game)} "
            f"{flat_fen(pos, flat)}")


def piece_commands(game) -> list[str]:
    """``piece X& DESC`` lines for the letters the game describes in ``flat_betza`` (Betza notation, as
    XBoard's ``piece`` command takes it; ``&`` = the same moves for the black piece). XBoard uses them in
    its own legality test; it takes them from the first engine only."""
    table: dict[str, str] = getattr(game, "flat_betza", None) or {}
    return [f"piece {letter.upper()}& {desc}" for letter, desc in table.items()]


def flat_move_name(pos, move: Move, flat: FlatNames) -> str:
    """The move as XBoard gets it: flat square names, and a promotion written with the flat letter of
    the new piece. A game's ``flat_move(pos, move, square)`` may write a move its own way (``square(cell)``
    gives the flat name); it returns None for the default."""
    game = pos.game
    own: Callable | None = getattr(game, "flat_move", None)
    if own is not None:
        text = own(pos, move, flat.name)
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
    if game.players != 2 or not getattr(game, "flat_royal", True):
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
