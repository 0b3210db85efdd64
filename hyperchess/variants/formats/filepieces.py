"""A piece of a variants file: its table (Betza, or moves written as vectors of file, rank and level, with
their switches) read into a :class:`PieceType`."""
from __future__ import annotations

from typing import Any

from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.board.geometry import symmetric
from hyperchess.variants.board.pieces import Atom, Hop, Leap, Mode, Path, PieceType, Slide, lame_steps
from hyperchess.variants.formats import filelimits as limits
from hyperchess.variants.formats.betza import BetzaError, parse_betza
from hyperchess.variants.formats.gamespec import MAX_SIDE, check_keys, read_choice, read_int

MOVE_KEYS = {"leap", "slide", "hop", "path", "symmetric", "range", "mode", "move_only", "capture_only", "lame",
             "style", "initial", "en_passant", "from", "to", "unlike"}
PIECE_KEYS = {"name", "value", "betza", "royal", "pawn", "moves", "region", "immobile"} | MOVE_KEYS


def _vectors(value: Any, where: str, dims: int) -> tuple[tuple[int, int, int], ...]:
    if not isinstance(value, list) or not value:
        raise VariantsFileError(f"{where}: a list of vectors, e.g. [[1, 0, 0]]")
    limits.check_count(value, limits.MAX_VECTORS, "vectors", where)
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


def read_piece(letter: str, table: Any, where: str, dims: int,
               origins: dict[str, list[tuple[int, str, Any]]] | None = None) -> PieceType:
    """The piece of ``table``; the ``from`` regions of its moves go to ``origins`` (letter -> (move index,
    value)), read once the board's squares are known (variants/rules/regions.py)."""
    if not isinstance(table, dict):
        raise VariantsFileError(f"{where}: a piece is a table, e.g. {{ name = \"rook\", betza = \"R\" }}")
    check_keys(table, PIECE_KEYS, where)
    if len(letter) != 1 or not letter.isalpha() or not letter.isascii():
        raise VariantsFileError(f"{where}: a piece's key is one letter A-Z")
    name = table.get("name", letter)
    atoms: list[Atom] = []
    if "betza" in table:
        if not isinstance(table["betza"], str):
            raise VariantsFileError(f"{where}.betza: a text such as \"R\" or \"fmWfcF\"")
        limits.check_betza(table["betza"], where)
        try:
            atoms += parse_betza(table["betza"])
        except BetzaError as exc:
            raise VariantsFileError(f"{where}.betza: {exc}") from None
    if any(key in table for key in MOVE_KEYS):
        if origins is not None:
            origins.setdefault(letter, []).extend((len(atoms), key, table[key]) for key in ("from", "to") if key in table)
        atoms.append(_atom(table, where, dims))
    moves = table.get("moves", [])
    if not isinstance(moves, list):
        raise VariantsFileError(f"{where}.moves: a list of moves, e.g. [{{ slide = [[1, 0, 0]], symmetric = true }}]")
    limits.check_count(moves, limits.MAX_MOVES, "moves", f"{where}.moves")
    for i, move in enumerate(moves):
        if not isinstance(move, dict):
            raise VariantsFileError(f"{where}.moves[{i}]: a move is a table, e.g. {{ leap = [[1, 2, 0]] }}")
        check_keys(move, MOVE_KEYS, f"{where}.moves[{i}]")
        if origins is not None:
            origins.setdefault(letter, []).extend((len(atoms), key, move[key]) for key in ("from", "to") if key in move)
        atoms.append(_atom(move, f"{where}.moves[{i}]", dims))
    immobile = table.get("immobile", False)
    if not isinstance(immobile, bool) or immobile and atoms:
        raise VariantsFileError(f"{where}.immobile: true (a piece that never moves, with no moves) or false")
    if not atoms and not immobile:
        raise VariantsFileError(f"{where}: the piece has no moves (give betza, leap, slide, hop, path or moves, "
                                f"or immobile = true)")
    value = table.get("value", 300)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100_000:
        raise VariantsFileError(f"{where}.value: centipawns from 0 to 100000, got {value!r}")
    pawn = table.get("pawn", False)
    royal = table.get("royal", False)
    if not isinstance(pawn, bool) or not isinstance(royal, bool):
        raise VariantsFileError(f"{where}: 'pawn' and 'royal' are true or false")
    return PieceType(letter.upper(), str(name), tuple(atoms), value, royal=royal, oriented=pawn, pawn=pawn)


def _atom(table: dict, where: str, dims: int) -> Atom:
    """One move of a piece written with vectors: exactly one of leap, slide, hop or path, and its switches."""
    kinds = [key for key in ("leap", "slide", "hop", "path") if key in table]
    if len(kinds) != 1:
        raise VariantsFileError(f"{where}: give exactly one of leap, slide, hop or path in one move")
    key = kinds[0]
    for bound in ("from", "to"):
        if bound in table and key not in ("leap", "hop") and (key, bound) != ("path", "from"):
            raise VariantsFileError(f"{where}.{bound}: only a leap or a hop may start or end in a region (a path "
                                    f"may start in one)")
    if "unlike" in table and (key != "hop" or not isinstance(table["unlike"], bool)):
        raise VariantsFileError(f"{where}.unlike: true or false, for a hop")
    mode = read_choice(table, "mode", where, {"both": "", "move": "", "capture": ""})
    if table.get("move_only"):
        mode = "move"
    if table.get("capture_only"):
        mode = "capture"
    how = {"both": Mode.BOTH, "move": Mode.MOVE, "capture": Mode.CAPTURE}[mode]
    vecs = _vectors(table[key], f"{where}.{key}", dims)
    if key == "path":
        initial = table.get("initial", True)
        if not isinstance(initial, bool) or how is not Mode.MOVE and "mode" in table:
            raise VariantsFileError(f"{where}.path: a move-only step along cells that must be empty "
                                    f"(initial = true or false)")
        return Path(vecs, initial=initial, en_passant=bool(table.get("en_passant", True)) and len(vecs) > 1)
    if table.get("symmetric", False):
        vecs = symmetric(*vecs, dims=dims)
    if key == "slide":
        return Slide(vecs, read_int(table, "range", where, 0, 0, MAX_SIDE), how)
    if key == "hop":
        return Hop(vecs, how, read_choice(table, "style", where, {"p": "", "g": ""}), unlike=table.get("unlike", False),
                   limit=read_int(table, "range", where, 0, 0, MAX_SIDE))
    lame = table.get("lame", False)
    if lame and any(lame_steps(v) is None for v in vecs):
        raise VariantsFileError(f"{where}.lame: a lame leap must be straight, diagonal or knight-like")
    return Leap(vecs, how, lame=bool(lame))
