"""Games from a file: a TOML variants file (docs/variants-file.md) read into games of the shared core.

``read_variants(text, name)`` checks a file's text and returns its games as :class:`GameSpec` (plain data
that pickles, so a match can ship it to its workers); ``FileGame(spec)`` builds the game. Every mistake is a
:class:`VariantsFileError`: one line with the file, the key path and the reason.

This is the first part of the format: two players, boards of any size with levels, wrap and holes, pieces in
Betza (planar) or as explicit 3D vectors, pawns with double steps and promotion, castling by squares, check
or king capture, the n-move rule, a start position, and a game may extend another game of the same files.
"""
from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from typing import Any

from .betza import BetzaError, parse_betza
from .errors import FenError
from .game import Game
from .geometry import Geometry, symmetric
from .notation import SquareNames
from .picture import Picture
from .pieces import Atom, Leap, Mode, PieceType, Slide
from .textfile import FileError, decode_text

MAX_CELLS = 4096          # a board larger than this is refused (the tables are per cell)
MAX_SIDE = 64             # files, ranks or levels

GAME_KEYS = {"extends", "title", "description", "files", "ranks", "levels", "wrap_files", "wrap_ranks", "holes",
             "level_names", "start", "pieces", "castling", "promotion", "promotion_ranks", "check",
             "fifty_plies", "panels_per_row", "legend"}
PIECE_KEYS = {"name", "value", "betza", "leap", "slide", "symmetric", "royal", "pawn", "move_only", "capture_only",
              "range"}
CASTLING_KEYS = {"king", "to", "rook", "rook_to", "letter"}


class VariantsFileError(ValueError):
    """A variants file that cannot be played; the message is one line: the file, the key path, why."""


@dataclass(frozen=True)
class GameSpec:
    """One game of a variants file, checked: its name, its table (after ``extends``), and the file's text."""
    name: str
    table: dict[str, Any] = field(hash=False)
    source: str = ""


def _suggest(key: str, known: set[str]) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check_keys(table: dict, known: set[str], where: str) -> None:
    for key in table:
        if key not in known:
            raise VariantsFileError(f"{where}.{key}: unknown key{_suggest(key, known)}")


def read_variants(text: str | bytes, name: str = "<variants>", build: bool = True) -> list[GameSpec]:
    """The games of a variants file, each checked by building it once (``build=False``: the files shipped
    with hyperchess, checked by the tests, are built on first use). Raises VariantsFileError."""
    try:
        if isinstance(text, bytes):
            text = decode_text(text, name)
        data = tomllib.loads(text)
    except FileError as exc:
        raise VariantsFileError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantsFileError(f"{name}: not TOML: {exc}") from None
    if not data:
        raise VariantsFileError(f"{name}: no games (each game is a [table])")
    out = []
    for game_name, table in data.items():
        where = f"{name}: [{game_name}]"
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a game is a table ([{game_name}] with its keys)")
        merged = _resolve(data, game_name, name, [])
        spec = GameSpec(game_name, merged, text)
        if not build:
            out.append(spec)
            continue
        try:
            FileGame(spec)
        except VariantsFileError as exc:
            text = str(exc)
            raise VariantsFileError(text if text.startswith(name) else f"{name}: {text}") from None
        except (FenError, BetzaError, ValueError, KeyError, TypeError, IndexError) as exc:
            raise VariantsFileError(f"{where}: {exc}") from None
        out.append(spec)
    return out


def _resolve(data: dict, game_name: str, name: str, chain: list[str]) -> dict:
    """The game's table with the tables it extends merged under it (its own keys win; ``pieces`` merge by
    letter)."""
    if game_name in chain:
        raise VariantsFileError(f"{name}: [{chain[0]}]: extends itself (through {' -> '.join(chain + [game_name])})")
    table = data[game_name]
    parent = table.get("extends")
    if parent is None:
        return dict(table)
    if not isinstance(parent, str) or parent not in data:
        raise VariantsFileError(f"{name}: [{game_name}].extends: no game {parent!r} in this file"
                                f"{_suggest(str(parent), set(data))}")
    base = _resolve(data, parent, name, chain + [game_name])
    merged = {**base, **{k: v for k, v in table.items() if k != "extends"}}
    if "pieces" in base and "pieces" in table and isinstance(table["pieces"], dict):
        merged["pieces"] = {k: v for k, v in {**base["pieces"], **table["pieces"]}.items() if v is not False}
    return merged


def _int(table: dict, key: str, where: str, default: int, low: int, high: int) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise VariantsFileError(f"{where}.{key}: a whole number from {low} to {high}, got {value!r}")
    return value


def _vectors(value: Any, where: str, dims: int) -> tuple[tuple[int, int, int], ...]:
    if not isinstance(value, list) or not value:
        raise VariantsFileError(f"{where}: a list of vectors, e.g. [[1, 0, 0]]")
    out = []
    for v in value:
        if not isinstance(v, list) or len(v) != dims or not all(isinstance(x, int) and not isinstance(x, bool)
                                                                 for x in v):
            raise VariantsFileError(f"{where}: {v!r} is not a vector of {dims} whole numbers "
                                    f"(file, rank{', level' if dims == 3 else ''})")
        if not any(v) or max(abs(x) for x in v) > MAX_SIDE:
            raise VariantsFileError(f"{where}: {v!r} does not move, or moves off any board")
        out.append(tuple(v) + (0,) * (3 - dims))
    return tuple(out)  # type: ignore[return-value]


def _piece(letter: str, table: Any, where: str, dims: int) -> PieceType:
    if not isinstance(table, dict):
        raise VariantsFileError(f"{where}: a piece is a table, e.g. {{ name = \"rook\", betza = \"R\" }}")
    _check_keys(table, PIECE_KEYS, where)
    if len(letter) != 1 or not letter.isalpha() or not letter.isascii():
        raise VariantsFileError(f"{where}: a piece's key is one letter A-Z")
    name = table.get("name", letter)
    atoms: list[Atom] = []
    if "betza" in table:
        try:
            atoms += parse_betza(str(table["betza"]))
        except BetzaError as exc:
            raise VariantsFileError(f"{where}.betza: {exc}") from None
    mode = Mode.MOVE if table.get("move_only") else Mode.CAPTURE if table.get("capture_only") else Mode.BOTH
    for key, kind in (("leap", Leap), ("slide", Slide)):
        if key in table:
            vecs = _vectors(table[key], f"{where}.{key}", dims)
            if table.get("symmetric", False):
                vecs = symmetric(*vecs, dims=dims)
            if kind is Slide:
                atoms.append(Slide(vecs, int(table.get("range", 0)), mode))
            else:
                atoms.append(Leap(vecs, mode))
    if not atoms:
        raise VariantsFileError(f"{where}: the piece has no moves (give betza, leap or slide)")
    value = table.get("value", 300)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100_000:
        raise VariantsFileError(f"{where}.value: centipawns from 0 to 100000, got {value!r}")
    pawn = bool(table.get("pawn", False))
    return PieceType(letter.upper(), str(name), tuple(atoms), value, royal=bool(table.get("royal", False)),
                     oriented=pawn, pawn=pawn)


class FileGame(Game):
    """A two-player game built from a variants file's checked table."""

    def __init__(self, spec: GameSpec) -> None:
        t = spec.table
        where = f"[{spec.name}]"
        _check_keys(t, GAME_KEYS, where)
        self.name = spec.name
        self.title = str(t.get("title", spec.name))
        self.description = str(t.get("description", "a game from a variants file"))
        files = _int(t, "files", where, 8, 1, 26)
        ranks = _int(t, "ranks", where, 8, 1, MAX_SIDE)
        levels = _int(t, "levels", where, 1, 1, MAX_SIDE)
        if files * ranks * levels > MAX_CELLS:
            raise VariantsFileError(f"{where}: {files}x{ranks}x{levels} = {files * ranks * levels} cells, "
                                    f"more than {MAX_CELLS}")
        holes = [tuple(h) + (0,) * (3 - len(h)) for h in t.get("holes", [])]
        geo = Geometry(files, ranks, levels, wrap_files=bool(t.get("wrap_files", False)),
                       wrap_ranks=bool(t.get("wrap_ranks", False)), holes=holes)
        level_names = tuple(t.get("level_names", [str(i + 1) for i in range(levels)] if levels > 1 else [""]))
        if len(level_names) != levels:
            raise VariantsFileError(f"{where}.level_names: {len(level_names)} names for {levels} levels")
        dims = 3 if levels > 1 else 2
        pieces = t.get("pieces")
        if not isinstance(pieces, dict) or not pieces:
            raise VariantsFileError(f"{where}.pieces: no pieces (a table of letter = {{ ... }})")
        army = [_piece(letter, p, f"{where}.pieces.{letter}", dims) for letter, p in pieces.items()]
        if "start" not in t or not isinstance(t["start"], str):
            raise VariantsFileError(f"{where}.start: the start position string is missing")
        self.start_fen = t["start"]
        self.royal_rule = {"check": "single", "capture": "none"}.get(t.get("check", "check"), "")
        if not self.royal_rule:
            raise VariantsFileError(f"{where}.check: \"check\" (check and mate) or \"capture\" (kings are taken)")
        self.fifty_plies = _int(t, "fifty_plies", where, 100, 1, 10_000)
        self.panels_per_row = _int(t, "panels_per_row", where, 0, 0, MAX_SIDE)
        if "legend" in t:
            self.picture = Picture(legend={str(k).upper(): str(v) for k, v in t["legend"].items()})
        promo = str(t.get("promotion", "".join(p.letter for p in army if not p.pawn and not p.royal))).lower()
        self.promotion_letters = promo
        super().__init__(geo, SquareNames(geo, level_names=level_names), army)
        kind = {p.letter: k for k, p in enumerate(self.pieces) if p is not None}
        for ch in promo.upper():
            if ch not in kind:
                raise VariantsFileError(f"{where}.promotion: no piece {ch!r}")
        depth = _int(t, "promotion_ranks", where, 1, 1, ranks)
        self.promotion_zone = [frozenset(c for c, (f, r, l) in enumerate(geo.coords) if r >= ranks - depth),
                               frozenset(c for c, (f, r, l) in enumerate(geo.coords) if r < depth)]
        castlings = t.get("castling", [])
        if not isinstance(castlings, list):
            raise VariantsFileError(f"{where}.castling: a list of {{ king, to, rook, rook_to, letter }}")
        for color in (0, 1):                          # White's castlings first, then Black's (KQkq)
            for i, c in enumerate(castlings):
                self.castling.append(self._castling(c, f"{where}.castling[{i}]", color, ranks))
        try:
            self.compile()
            # a pawn's double step starts where the start position has the pawns (per colour): read the start
            # board with the core's own reader, then compile again with those initial cells
            for cell, code in enumerate(self.start_board):
                if code in self.pawn_codes:
                    key = (self.kind_of[code], self.owner[code])
                    self.initial_cells[key] = self.initial_cells.get(key, frozenset()) | {cell}
            if self.initial_cells:
                self.compile()
            self.position()                           # the start position must be a legal one
        except FenError as exc:
            raise VariantsFileError(f"{where}.start: {exc}") from None


    def _castling(self, c: Any, where: str, color: int, ranks: int):
        """One castling of the file (written with White's squares) for ``color``; Black's is the same files
        on the mirrored rank."""
        if not isinstance(c, dict):
            raise VariantsFileError(f"{where}: a castling is a table {{ king, to, rook, rook_to, letter }}")
        _check_keys(c, CASTLING_KEYS, where)
        sq = {k: str(c.get(k, "")) for k in ("king", "to", "rook", "rook_to")}
        if color == 1:
            sq = {k: _mirror(v, ranks) for k, v in sq.items()}
        coords = self.geometry.coords
        towards_h = coords[self.names.parse(sq["to"])][0] > coords[self.names.parse(sq["king"])][0]
        letter = str(c.get("letter", "K" if towards_h else "Q"))
        return self.castling_rule(color, sq["king"], sq["to"], sq["rook"], sq["rook_to"],
                                  letter.upper() if color == 0 else letter.lower())


def _mirror(square: str, ranks: int) -> str:
    i = len(square)
    while i and square[i - 1].isdigit():
        i -= 1
    if i == len(square):
        raise VariantsFileError(f"castling: {square!r} is not a square")
    return square[:i] + str(ranks + 1 - int(square[i:]))

