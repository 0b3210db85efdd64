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
import re
from dataclasses import dataclass, field, fields, replace
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, Callable

from hyperchess.variants.formats.betza import BetzaError, parse_betza, write_betza
from hyperchess.variants.board.codes import CASTLE
from hyperchess.variants.formats import filelimits as limits
from hyperchess.variants.board.errors import FenError, VariantsFileError
from hyperchess.variants.board.flat import MAX_FLAT, FlatNames, default_flat_names
from hyperchess.variants.core.fide import cannot_mate
from hyperchess.variants.core.game import NO_LIMIT, EvalWeights, Game
from hyperchess.variants.rules.gating import Gating
from hyperchess.variants.rules import blasts
from hyperchess.variants.rules.blasts import Blasts
from hyperchess.variants.rules.end_rules import END_KEYS, read_end_rules, start_checks
from hyperchess.variants.rules.endings import Endings
from hyperchess.variants.core.game import _repetition_span as repetition_span
from hyperchess.variants.core.position import Outcome
from hyperchess.variants.rules.hands import HandRules, Hands, hands_picture
from hyperchess.variants.rules import drop_rules, flips, move_repetition, passing, pawn_rules, piece_rules
from hyperchess.variants.rules.drop_rules import Drops
from hyperchess.variants.rules.flips import Flips
from hyperchess.variants.rules.move_repetition import MoveRepetition
from hyperchess.variants.rules.passing import Passing, read_pass_rules
from hyperchess.variants.rules.pawn_rules import PawnRules
from hyperchess.variants.rules.piece_rules import PieceRules
from hyperchess.variants.rules import walls
from hyperchess.variants.rules.walls import Walls
from hyperchess.variants.board.geometry import Geometry, symmetric
from hyperchess.variants.core.load import check_position
from hyperchess.variants.board.notation import FILES, SquareNames
from hyperchess.variants.core.picture import Picture
from hyperchess.variants.board.pieces import Atom, Hop, Leap, Mode, Path, PieceType, Slide, lame_steps
from hyperchess.variants.rules.chasing import chase_result
from hyperchess.variants.rules import counting, first_moves
from hyperchess.variants.rules.counting import Counting, set_counting
from hyperchess.variants.rules.first_moves import FirstMoves, set_first_moves
from hyperchess.variants.rules.regions import set_regions
from hyperchess.variants.formats.textfile import FileError, decode_text

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

EXTINCTION = "extinction"  # a value of `check` (also Fairy-Stockfish's name of a game: hence a name here)
PLACEMENT = "placement"    # the key of learned placement tables (also Fairy-Stockfish's name of a game)
MAX_CELLS = 4096          # a board larger than this is refused (the tables are per cell)
MAX_SIDE = 64             # files, ranks or levels

# pieces in hand and drops (variants/hands.py): key -> its HandRules field (Fairy-Stockfish's names, snake_case)
HAND_KEYS = {"piece_drops": "drops", "gating": "", "captures_to_hand": "captures_to_hand", "drop_loop": "drop_loop",
             "first_rank_pawn_drops": "first_rank_pawn_drops",
             "promotion_zone_pawn_drops": "promotion_zone_pawn_drops", "drop_rows": "drop_rows",
             "drop_promoted": "drop_promoted", "drop_no_doubled": "no_doubled",
             "drop_no_doubled_count": "no_doubled_count", "free_drops": "free_drops"}
GAME_KEYS = {"extends", "title", "description", "files", "ranks", "levels", "wrap_files", "wrap_ranks", "holes",
             "level_names", "start", "pieces", "castling", "promotion", "promotion_ranks", "check",
             "fifty_plies", "panels_per_row", "legend", "stalemate", "bare_king", "repetition", "players",
             "promotion_levels", "level_at", "insufficient_material", "eval", "xboard_pieces",
             "level_order", PLACEMENT, "source", "automatic_fifty_plies", "automatic_repetition",
             "initial_squares", "promotion_squares", "flying_general", "perpetual_check",
             "repetition_value", "chasing", "chess960", "repetition_absolute", "en_passant_squares",
             "lopsided_royals", "n_move_rule_pieces"} | set(HAND_KEYS) | END_KEYS \
    | piece_rules.KEYS | pawn_rules.KEYS | drop_rules.KEYS | flips.KEYS | walls.KEYS | blasts.KEYS | counting.KEYS \
    | first_moves.KEYS | passing.KEYS | move_repetition.KEYS
PLAYER_KEYS = {"name", "letter", "forward", "up", "team", "side"}
DEFAULT_PLAYERS = [{"name": "white", "letter": "w", "forward": [0, 1, 0], "team": 1},
                   {"name": "black", "letter": "b", "forward": [0, -1, 0], "team": 2}]
MOVE_KEYS = {"leap", "slide", "hop", "path", "symmetric", "range", "mode", "move_only", "capture_only", "lame",
             "style", "initial", "en_passant", "from", "to", "unlike"}
PIECE_KEYS = {"name", "value", "betza", "royal", "pawn", "moves", "region", "immobile"} | MOVE_KEYS
CASTLING_KEYS = {"king", "to", "rook", "rook_to", "letter", "empty", "safe"}


@dataclass(frozen=True)
class GameSpec:
    """One game of a variants file, checked: its name, its table (after ``extends``), and the file's text."""
    name: str
    table: dict[str, Any] = field(hash=False)
    source: str = ""                    # the whole file's text (a match ships it to its workers)
    origin: str = ""                    # the file's name
    shipped: bool = False               # one of the files in the package


def _suggest(key: str, known: set[str]) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check_keys(table: dict, known: set[str], where: str) -> None:
    for key in table:
        if key not in known:
            raise VariantsFileError(f"{where}.{key}: unknown key{_suggest(key, known)}")


def read_variants(text: str | bytes, name: str = "<variants>", build: bool = True,
                  shipped: bool = False) -> list[GameSpec]:
    """The games of a variants file, each checked by building it once (``build=False``: the files shipped
    with hyperchess, checked by the tests, are built on first use), within the bounds of ``filelimits``.
    Raises VariantsFileError."""
    if len(text) > limits.MAX_FILE_BYTES:
        raise VariantsFileError(f"{name}: larger than {limits.MAX_FILE_BYTES:,} bytes")
    if name.lower().endswith(".ini"):
        specs, notes = read_ini_variants(text, name, build, shipped)
        if not specs:
            raise VariantsFileError(notes[0] if notes else f"{name}: no sections ([name] or [name:parent])")
        return specs
    import tomllib                              # here: a game's first use reads its table from the cache
    try:
        if isinstance(text, bytes):
            text = decode_text(text, name)
        limits.check_nesting(text, name)
        data = tomllib.loads(text)
    except FileError as exc:
        raise VariantsFileError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantsFileError(f"{name}: not TOML: {exc}") from None
    except RecursionError:                     # a nesting check_nesting did not foresee
        raise VariantsFileError(f"{name}: arrays or tables nested too deeply") from None
    if not data:
        raise VariantsFileError(f"{name}: no games (each game is a [table])")
    limits.check_games(data, name)
    budget = limits.MAX_WORK
    out = []
    for game_name, table in data.items():
        where = f"{name}: [{game_name}]"
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a game is a table ([{game_name}] with its keys)")
        merged = _resolve(data, game_name, name, [])
        spec = GameSpec(game_name, merged, text, name, shipped)
        if not build:
            out.append(spec)
            continue
        try:
            budget -= FileGame(spec, budget).work
        except VariantsFileError as exc:
            text = str(exc)
            raise VariantsFileError(text if text.startswith(name) else f"{name}: {text}") from None
        except (FenError, BetzaError, ValueError, KeyError, TypeError, IndexError) as exc:
            raise VariantsFileError(f"{where}: {exc}") from None
        out.append(spec)
    return out


def read_ini_variants(text: str | bytes, name: str, build: bool = True, shipped: bool = False,
                      taken: frozenset[str] = frozenset(), reasons: bool = True) -> tuple[list[GameSpec], list[str]]:
    """The games of a Fairy-Stockfish ``variants.ini`` (``fsf_ini``) that hyperchess plays, each built once
    within the file's work budget unless ``build`` is False, and one line per note: an option FSF does not
    have, a section that cannot be played yet (the mechanism it needs), a section that fails to build."""
    try:
        if isinstance(text, bytes):
            text = decode_text(text, name)
    except FileError as exc:
        raise VariantsFileError(str(exc)) from None
    from hyperchess.variants.formats.fsf_ini import read_ini               # here: a game's first use reads its table from the cache
    try:
        tables, notes = read_ini(text, name, taken, reasons)
    except ValueError as exc:
        raise VariantsFileError(str(exc)) from None
    budget = limits.MAX_WORK
    specs = []
    for game_name, table in tables:
        spec = GameSpec(game_name, table, text, name, shipped)
        if build:
            try:
                budget -= FileGame(spec, budget).work
            except (VariantsFileError, FenError, BetzaError, ValueError, KeyError, TypeError, IndexError) as exc:
                notes.append(f"{name}: [{game_name}]: {exc}")
                continue
        specs.append(spec)
    return specs, notes


def _resolve(data: dict, game_name: str, name: str, chain: list[str]) -> dict:
    """The game's table with the tables it extends merged under it (its own keys win; ``pieces`` merge by
    letter); a chain of at most ``MAX_EXTENDS`` games."""
    chain = chain + [game_name]
    while True:
        parent = data[chain[-1]].get("extends")
        if parent is None:
            break
        if not isinstance(parent, str) or parent not in data:
            raise VariantsFileError(f"{name}: [{chain[-1]}].extends: no game {parent!r} in this file"
                                    f"{_suggest(str(parent), set(data))}")
        if parent in chain:
            raise VariantsFileError(f"{name}: [{chain[0]}]: extends itself (through {' -> '.join(chain + [parent])})")
        if len(chain) >= limits.MAX_EXTENDS:
            raise VariantsFileError(f"{name}: [{game_name}]: extends a chain of more than {limits.MAX_EXTENDS} games")
        chain.append(parent)
    merged = dict(data[chain[-1]])
    for child in reversed(chain[:-1]):
        table, base = data[child], merged
        # a placement table fits one board and one army, a source names one game: neither is inherited
        merged = {**{k: v for k, v in base.items() if k not in (PLACEMENT, "source")},
                  **{k: v for k, v in table.items() if k != "extends"}}
        if "pieces" in base and "pieces" in table and isinstance(table["pieces"], dict):
            merged["pieces"] = {k: v for k, v in {**base["pieces"], **table["pieces"]}.items() if v is not False}
    return merged


def _int(table: dict, key: str, where: str, default: int, low: int, high: int) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise VariantsFileError(f"{where}.{key}: a whole number from {low} to {high}, got {value!r}")
    return value


def _choice(table: dict, key: str, where: str, choices: dict[str, str]) -> str:
    """A key with a few named values; the first is the default."""
    value = table.get(key, next(iter(choices)))
    if value not in choices:
        raise VariantsFileError(f"{where}.{key}: one of {', '.join(repr(c) for c in choices)}, got {value!r}"
                                f"{_suggest(str(value), set(choices))}")
    return value


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


def _piece(letter: str, table: Any, where: str, dims: int,
           origins: dict[str, list[tuple[int, str, Any]]] | None = None) -> PieceType:
    """The piece of ``table``; the ``from`` regions of its moves go to ``origins`` (letter -> (move index,
    value)), read once the board's squares are known (variants/regions.py)."""
    if not isinstance(table, dict):
        raise VariantsFileError(f"{where}: a piece is a table, e.g. {{ name = \"rook\", betza = \"R\" }}")
    _check_keys(table, PIECE_KEYS, where)
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
        _check_keys(move, MOVE_KEYS, f"{where}.moves[{i}]")
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
        if bound in table and key not in ("leap", "hop"):
            raise VariantsFileError(f"{where}.{bound}: only a leap or a hop may start or end in a region")
    if "unlike" in table and (key != "hop" or not isinstance(table["unlike"], bool)):
        raise VariantsFileError(f"{where}.unlike: true or false, for a hop")
    mode = _choice(table, "mode", where, {"both": "", "move": "", "capture": ""})
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
        return Slide(vecs, _int(table, "range", where, 0, 0, MAX_SIDE), how)
    if key == "hop":
        return Hop(vecs, how, _choice(table, "style", where, {"p": "", "g": ""}), unlike=table.get("unlike", False))
    lame = table.get("lame", False)
    if lame and any(lame_steps(v) is None for v in vecs):
        raise VariantsFileError(f"{where}.lame: a lame leap must be straight, diagonal or knight-like")
    return Leap(vecs, how, lame=bool(lame))


class FileGame(Game):
    """A two-player game built from a variants file's checked table."""

    def __new__(cls, spec: GameSpec, budget: int = limits.MAX_WORK):
        """The game's class is FileGame with the mechanisms its table asks for (``MECHANISMS``) mixed in."""
        t = spec.table
        if cls is FileGame and isinstance(t, dict):
            chosen = tuple(m for m in MECHANISMS if m.wanted(t))
            if chosen:
                return super().__new__(_composed(chosen))
        return super().__new__(cls)

    def __init__(self, spec: GameSpec, budget: int = limits.MAX_WORK) -> None:
        """The game of ``spec``; ``budget``: the most work (``filelimits.work``) its move tables may take."""
        t = spec.table
        where = f"[{spec.name}]"
        self._describe(spec)
        for key in ("piece_drops", "gating"):
            if key in t and not isinstance(t[key], bool):
                raise VariantsFileError(f"{where}.{key}: true or false")
        hand_key = next((k for k in HAND_KEYS if k in t and not (k in ("piece_drops", "gating") and t[k] is False)),
                        None)
        if hand_key is not None and not isinstance(self, Hands):
            raise VariantsFileError(f"{where}.{hand_key}: pieces in hand need piece_drops = true or gating = true, "
                                    f"got piece_drops = {t.get('piece_drops', 'false')!r}")
        files = _int(t, "files", where, 8, 1, 26)
        ranks = _int(t, "ranks", where, 8, 1, MAX_SIDE)
        levels = _int(t, "levels", where, 1, 1, MAX_SIDE)
        if files * ranks * levels > MAX_CELLS:
            raise VariantsFileError(f"{where}: {files}x{ranks}x{levels} = {files * ranks * levels} cells, "
                                    f"more than {MAX_CELLS}")
        holes = limits.check_holes(t.get("holes", []), (files, ranks, levels), where)
        geo = Geometry(files, ranks, levels, wrap_files=bool(t.get("wrap_files", False)),
                       wrap_ranks=bool(t.get("wrap_ranks", False)), holes=holes)
        level_names = t.get("level_names", [str(i + 1) for i in range(levels)] if levels > 1 else [""])
        if (not isinstance(level_names, list) or len(level_names) != levels
                or not all(isinstance(x, str) and (x.isalnum() or levels == 1) for x in level_names)
                or len(set(level_names)) != levels):
            raise VariantsFileError(f"{where}.level_names: {levels} different names of letters or digits, "
                                    f"bottom level first")
        level_at = _choice(t, "level_at", where, {"start": "", "end": ""})
        dims = 3 if levels > 1 else 2
        pieces = t.get("pieces")
        if not isinstance(pieces, dict) or not pieces:
            raise VariantsFileError(f"{where}.pieces: no pieces (a table of letter = {{ ... }})")
        seen: dict[str, str] = {}
        for letter in pieces:
            if str(letter).upper() in seen:
                raise VariantsFileError(f"{where}.pieces: {seen[str(letter).upper()]!r} and {letter!r} are one piece "
                                        f"(a letter names a piece in either case)")
            seen[str(letter).upper()] = letter
        origins: dict[str, list[tuple[int, str, Any]]] = {}
        army = [self._turned(_piece(letter, p, f"{where}.pieces.{letter}", dims, origins))
                for letter, p in pieces.items()]
        promotes = piece_rules.promotion_pairs(t.get("piece_promotion", {}), {p.letter: p for p in army}, where)
        army += piece_rules.promoted_army(army, promotes)
        self.promoted_into = {piece_rules.PREFIX + k: v for k, v in promotes.items()}   # "+G" -> "K"
        self.work = limits.work(files * ranks * levels, max(files, ranks, levels), self.players, army)
        limits.check_work(self.work, budget, where)
        if "start" not in t or not isinstance(t["start"], str):
            raise VariantsFileError(f"{where}.start: the start position string is missing")
        self.start_fen = t["start"]
        check = _choice(t, "check", where, {"check": "check and mate", "capture": "losing a royal piece loses",
                                             EXTINCTION: "losing the last royal piece loses"})
        self.royal_rule = "single" if check == "check" else "none"
        self.royal_loss = {"check": "", "capture": "any", EXTINCTION: "all"}[check]
        if self.players == 4:
            # four players: a colour that loses its royal pieces drops out (its pieces stay, inert), and the
            # team with no colour left loses (the core's elimination)
            if check == "check":
                raise VariantsFileError(f"{where}.check: four players play \"capture\" or \"extinction\" "
                                        f"(checkmate is for two)")
            self.elimination = True
            self.royal_loss = ""
        self.stalemate = _choice(t, "stalemate", where, {"draw": "", "loss": "", "win": ""})
        self.bare_king = _choice(t, "bare_king", where, {"none": "", "loss": "", "reply": "", "draw": ""})
        self.bare_king = self.bare_king.replace("none", "")
        self.fifty_plies = _int(t, "fifty_plies", where, 100, 0, 10_000) or NO_LIMIT
        self.repetition = _int(t, "repetition", where, 3, 0, 100)
        self.repetition_value = _choice(t, "repetition_value", where, {"draw": "", "loss": "", "win": ""})
        self.perpetual_check = _choice(t, "perpetual_check", where, {"draw": "", "loss": ""})
        self.chasing = _choice(t, "chasing", where, {"none": "", "axf": ""}) == "axf"
        self.flying_royals = t.get("flying_general", False)
        if not isinstance(self.flying_royals, bool):
            raise VariantsFileError(f"{where}.flying_general: true or false")
        self.repetition_absolute = t.get("repetition_absolute", False)
        if not isinstance(self.repetition_absolute, bool):
            raise VariantsFileError(f"{where}.repetition_absolute: true or false")
        self.automatic_fifty_plies = _int(t, "automatic_fifty_plies", where, 0, 0, 10_000)
        self.automatic_repetition = _int(t, "automatic_repetition", where, 0, 0, 100)
        # Chess960's way of writing castling (Fairy-Stockfish's chess960 and UCI_Chess960): the king takes its own
        # rook (e1h1), and the castling field names the rooks' files (HAha; K and Q are read too)
        self.castling_by_rook = t.get("chess960", False)
        if not isinstance(self.castling_by_rook, bool):
            raise VariantsFileError(f"{where}.chess960: true or false")
        self._insufficient = _choice(t, "insufficient_material", where, {"none": "", "bare kings": "", "fide": ""})
        self.eval_weights = self._eval(t.get("eval", {}), f"{where}.eval")
        self._xboard_pieces = t.get("xboard_pieces", None)
        if self._xboard_pieces is not None and (not isinstance(self._xboard_pieces, dict) or not all(
                isinstance(k, str) and len(k) == 1 and isinstance(v, str) for k, v in self._xboard_pieces.items())):
            raise VariantsFileError(f"{where}.xboard_pieces: a table of letter = \"Betza\" for XBoard's piece command")
        self.panels_per_row = _int(t, "panels_per_row", where, 0, 0, MAX_SIDE)
        legend = t.get("legend", {})
        if not isinstance(legend, dict) or not all(isinstance(v, str) for v in legend.values()):
            raise VariantsFileError(f"{where}.legend: a table of letter = \"text\"")
        order = _choice(t, "level_order", where, {"bottom first": "", "top first": ""})
        if legend or order == "top first":
            self.picture = Picture(legend={str(k).upper(): v for k, v in legend.items()},
                                   top_first=order == "top first")
        promo_value = t.get("promotion", "".join(p.letter for p in army
                                                 if not p.pawn and not p.royal and len(p.letter) == 1))
        if isinstance(promo_value, list):        # one string a player (Fairy-Stockfish's ...White/...Black)
            if len(promo_value) != self.players or not all(isinstance(x, str) for x in promo_value):
                raise VariantsFileError(f"{where}.promotion: letters, or a list of letters for each player")
            self._player_promotion: list[str] | None = [x.lower() for x in promo_value]
            promo = "".join(dict.fromkeys("".join(self._player_promotion)))
        else:
            self._player_promotion = None
            promo = str(promo_value).lower()
        self.promotion_letters = promo
        super().__init__(geo, SquareNames(geo, level_names=tuple(level_names), level_at=level_at), army)
        self.teams = self._teams
        kind = {p.letter: k for k, p in enumerate(self.pieces) if p is not None}
        plus = piece_rules.PREFIX
        self.promotes_to = {kind[a]: kind[plus + a] for a in promotes}
        self.unpromoted = {kind[plus + a]: kind[a] for a in promotes}
        self.moves_as = {kind[plus + a]: kind[b] for a, b in promotes.items()}
        for ch in promo.upper():
            if ch not in kind:
                raise VariantsFileError(f"{where}.promotion: no piece {ch!r}")
        depth = _int(t, "promotion_ranks", where, 1, 1, MAX_SIDE)
        up_depth = _int(t, "promotion_levels", where, 0, 0, MAX_SIDE)
        self.promotion_zone = [self._zone(color, depth, up_depth) for color in range(self.players)]
        squares = t.get("promotion_squares")
        if squares is not None:                  # any zone, one list of squares a player
            if not isinstance(squares, list) or len(squares) != self.players or not all(
                    isinstance(x, list) and all(isinstance(q, str) for q in x) for x in squares):
                raise VariantsFileError(f"{where}.promotion_squares: a list of squares for each player")
            self.promotion_zone = [frozenset(self.names.parse(q) for q in x) for x in squares]
        clock = t.get("n_move_rule_pieces")
        if clock is not None:                    # whose moves reset the n-move count (nMoveRuleTypes)
            lists = clock if isinstance(clock, list) else [clock] * self.players
            if len(lists) != self.players or not all(isinstance(x, str) and all(ch.upper() in kind for ch in x)
                                                       for x in lists):
                raise VariantsFileError(f"{where}.n_move_rule_pieces: the letters of pieces of this game, or a list "
                                        f"of them for each player")
            self.clock_pieces = frozenset((kind[ch.upper()], color) for color, x in enumerate(lists) for ch in x)
        self._lopsided = t.get("lopsided_royals", False)
        if not isinstance(self._lopsided, bool):
            raise VariantsFileError(f"{where}.lopsided_royals: true or false")
        passant = t.get("en_passant_squares")
        if passant is not None:                  # where each player may capture en passant (enPassantRegion)
            if not isinstance(passant, list) or len(passant) != self.players or not all(
                    isinstance(x, list) and all(isinstance(q, str) for q in x) for x in passant):
                raise VariantsFileError(f"{where}.en_passant_squares: a list of squares for each player")
            self.en_passant_cells = [frozenset(self.names.parse(q) for q in x) for x in passant]
        castlings = t.get("castling", [])
        if not isinstance(castlings, list):
            raise VariantsFileError(f"{where}.castling: a list of {{ king, to, rook, rook_to, letter }}")
        if castlings and self.players != 2:
            raise VariantsFileError(f"{where}.castling: castling is written for two-player games only")
        for color in (0, 1) if castlings else ():   # White's castlings first, then Black's (KQkq)
            for i, c in enumerate(castlings):
                self.castling.append(self._castling(c, f"{where}.castling[{i}]", color, ranks))
        self.placement = self._placement(t.get(PLACEMENT, {}), f"{where}.{PLACEMENT}", geo, army)
        try:
            # a pawn's double step starts where the start position has the pawns (per colour): read the start
            # board with the core's own reader (which needs only the piece codes), then build the tables once
            self._compile_codes()
            for cell, code in enumerate(self.board_from_text(self.start_fen.split()[0])):
                if code in self.pawn_codes and "initial_squares" not in t:
                    key = (self.kind_of[code], self.owner[code])
                    self.initial_cells[key] = self.initial_cells.get(key, frozenset()) | {cell}
            self._initial_squares(t.get("initial_squares", {}), f"{where}.initial_squares", kind)
            set_regions(self, pieces, origins, f"{where}.pieces")
            self.compile()
            if self._player_promotion is not None:
                self._promo_codes = [tuple(c for c in self._promo_codes[color] if self.promo_suffix[c] in letters)
                                     for color, letters in enumerate(self._player_promotion)]
            self._check_royal_start()
            check_position(self.position())           # a start that play can begin from, as load_position checks
        except FenError as exc:
            raise VariantsFileError(f"{where}.start: {exc}") from None
        except ValueError as exc:
            raise VariantsFileError(f"{where}: {exc}") from None


    def _describe(self, spec: GameSpec) -> None:
        """What the game is, read from ``spec`` without building it: name, title, description, source and
        the players."""
        t = spec.table
        where = f"[{spec.name}]"
        _check_keys(t, GAME_KEYS, where)
        self.name = spec.name
        self.title = str(t.get("title", spec.name))
        self.description = str(t.get("description", "a game from a variants file"))
        self.source = t.get("source", "")
        if not isinstance(self.source, str) or len(self.source) > 1000:
            raise VariantsFileError(f"{where}.source: text of at most 1000 characters, got {self.source!r:.60}")
        self._players(t.get("players", DEFAULT_PLAYERS), f"{where}.players")

    def _initial_squares(self, table: Any, where: str, kind: dict[str, int]) -> None:
        """``initial_squares``: letter = [[White's squares], [Black's squares]], where that piece's initial
        paths start (Fairy-Stockfish's double-step region) instead of the start position's cells."""
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a table of letter = [[squares], [squares]], one list a player")
        for letter, lists in table.items():
            if str(letter).upper() not in kind or not isinstance(lists, list) or len(lists) != self.players:
                raise VariantsFileError(f"{where}.{letter}: a piece of this game, with one list of squares a player")
            for color, squares in enumerate(lists):
                if not isinstance(squares, list):
                    raise VariantsFileError(f"{where}.{letter}: a list of squares for each player")
                self.initial_cells[(kind[str(letter).upper()], color)] = frozenset(
                    self.names.parse(str(sq)) for sq in squares)

    def _check_royal_start(self) -> None:
        """Two players with royal pieces in their army both start with them, as many each (the position
        checks of ``load.royal_bounds`` take their bounds from this start)."""
        if self.players != 2 or not self.royal_codes or self._lopsided:
            return
        in_hand = getattr(self, "start_royals_in_hand", lambda color: 0)     # variants/hands.py
        counts = [sum(1 for code in self.start_board if code in self.royal_codes and self.owner[code] == color)
                  + in_hand(color) for color in (0, 1)]
        if 0 in counts or counts[0] != counts[1]:
            raise FenError(f"{self.color_names[0]} starts with {counts[0]} royal pieces and {self.color_names[1]} "
                           f"with {counts[1]}: both sides need a king, as many each")

    def _players(self, players: Any, where: str) -> None:
        """The colours in turn order: names, position-string letters, the way their pawns go, and teams."""
        if not isinstance(players, list) or len(players) not in (2, 4):
            raise VariantsFileError(f"{where}: a list of 2 or 4 players, e.g. [{{ name = \"white\", letter = \"w\", "
                                    f"forward = [0, 1, 0] }}, ...]")
        self.players = len(players)
        names, letters, basis, teams = [], [], [], []
        for i, player in enumerate(players):
            at = f"{where}[{i}]"
            if not isinstance(player, dict):
                raise VariantsFileError(f"{at}: a player is a table {{ name, letter, forward, up, team }}")
            _check_keys(player, PLAYER_KEYS, at)
            default = DEFAULT_PLAYERS[i % 2]
            name = player.get("name", default["name"] if len(players) == 2 else f"player{i + 1}")
            letter = player.get("letter", str(name)[:1])
            if not isinstance(name, str) or not name.isalpha() or not isinstance(letter, str) \
                    or len(letter) != 1 or not letter.islower():
                raise VariantsFileError(f"{at}: a name of letters and a one-letter lower-case 'letter'")
            forward = _unit(player.get("forward", default["forward"]), f"{at}.forward")
            up = _unit(player.get("up", [0, 0, 1]), f"{at}.up")
            if _dot(forward, up):
                raise VariantsFileError(f"{at}: 'forward' and 'up' must lie along different axes")
            side = next(v for v in ((1, 0, 0), (0, 1, 0), (0, 0, 1)) if _dot(v, forward) == 0 and _dot(v, up) == 0)
            if "side" in player:                 # its right hand: [-1, 0, 0] turns Black's moves half round
                side = _unit(player["side"], f"{at}.side")   # (Fairy-Stockfish) instead of mirroring them
                if _dot(side, forward) or _dot(side, up):
                    raise VariantsFileError(f"{at}.side: along the axis that is neither 'forward' nor 'up'")
            team = player.get("team", i % 2 + 1)
            if team not in (1, 2):
                raise VariantsFileError(f"{at}.team: 1 or 2")
            names.append(name.lower())
            letters.append(letter)
            basis.append((side, forward, up))
            teams.append(team - 1)
        if len(set(names)) != len(names) or len(set(letters)) != len(letters) or set(teams) != {0, 1}:
            raise VariantsFileError(f"{where}: names and letters must differ, and both teams (1 and 2) need players")
        self.color_names, self.color_letters, self._basis, self._teams = tuple(names), tuple(letters), basis, tuple(teams)

    @staticmethod
    def _placement(table: Any, where: str, geo: Geometry, army: list) -> dict[str, tuple[int, ...]]:
        """Learned placement tables: letter = "numbers", one a cell laid out like the start position (levels
        top first, each from its top rank down, files left to right; holes left out), from the first
        player's side, in centipawns added to the piece's value."""
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a table of letter = \"numbers, one a cell\"")
        letters = {p.letter for p in army}
        order = [geo.index[(f, r, l)] for l in reversed(range(geo.levels)) for r in reversed(range(geo.ranks))
                 for f in range(geo.files) if (f, r, l) in geo.index]
        out = {}
        for letter, text in table.items():
            if letter not in letters:
                raise VariantsFileError(f"{where}.{letter}: no piece {letter!r} in this game")
            words = str(text).split() if isinstance(text, str) else None
            if words is None or len(words) != len(order) or not all(re.fullmatch(r"-?\d{1,5}", w) for w in words):
                raise VariantsFileError(f"{where}.{letter}: {len(order)} whole numbers (centipawns, one a cell) "
                                        f"in a string")
            cells = [0] * len(order)
            for cell, w in zip(order, words):
                cells[cell] = int(w)
            out[letter] = tuple(cells)
        return out

    @staticmethod
    def _eval(table: Any, where: str) -> EvalWeights:
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a table of the search's weights, e.g. {{ mobility = 0 }}")
        known = {f.name for f in fields(EvalWeights)}
        _check_keys(table, known, where)
        for key, value in table.items():
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
                raise VariantsFileError(f"{where}.{key}: a whole number from 0 to 1000")
        return EvalWeights(**table)

    def move_name(self, pos: "Position", move, square=None, letter=None) -> str:
        """With ``chess960`` a castling is the king's square and its rook's (``e1h1``); else as every game."""
        if move[3] == CASTLE and self.castling_by_rook:
            square = square or self.names.name
            return square(move[0]) + square(self.castling[move[2]].rook_from)
        return super().move_name(pos, move, square, letter)

    def repetition_outcome(self, pos: "Position", count: int) -> Outcome:
        """``chasing = "axf"``: after perpetual check, a side that chased a piece at each of its moves loses
        (variants/chasing.py)."""
        outcome = super().repetition_outcome(pos, count)
        if self.chasing and outcome.termination == "repetition" and "checking" not in outcome.reason:
            verdict = chase_result(pos, repetition_span(pos, count))
            if verdict:
                return self._win(pos.turn if verdict > 0 else 1 - pos.turn, "chasing",
                                 "chased a piece at every move")
        return outcome

    def insufficient_material(self, pos: "Position") -> bool:
        """``insufficient_material``: "bare kings" (nothing but royal pieces left), "fide" (as in FIDE chess,
        read by the letters K, N, B, Q, P: fide.cannot_mate), or "none"."""
        if self._insufficient == "bare kings":
            return all(len(pos.occupied[c]) == len(pos.royals[c]) for c in range(self.players))
        if self._insufficient == "fide":
            return all(cannot_mate(self, pos, c) for c in (0, 1))
        return False

    def side_cannot_mate(self, pos: "Position", color: int) -> bool | None:
        """One side's part of ``insufficient_material`` (read by ``variants.material`` when a flag falls): the FIDE
        rule judges each side (fide.cannot_mate); the other rules judge the whole board (None)."""
        return cannot_mate(self, pos, color) if self._insufficient == "fide" else None

    @property
    def flat_betza(self) -> dict[str, str]:  # type: ignore[override]
        """The file's ``xboard_pieces``: what XBoard is told even for a game it knows by name."""
        return dict(self._xboard_pieces or {})

    def flat_pieces(self) -> dict[str, str]:
        """``piece`` lines for XBoard: ``xboard_pieces``, else each piece's Betza written from its moves (``o`` on
        wrapped files). None on boards with levels: their moves between levels have no Betza."""
        if self._xboard_pieces is not None:
            return dict(self._xboard_pieces)
        if self.geometry.levels > 1:
            return {}
        out = {}
        for piece in self.pieces[1:]:
            text = write_betza(piece.moves, wrap=self.geometry.wrap_files, pawn=piece.pawn)
            if text:
                out[piece.letter] = text
        return out

    @cached_property
    def flat_names(self) -> FlatNames | None:  # type: ignore[override]
        """XBoard's board: the board itself, or its levels side by side (bottom level on the left) when they
        fit in 16x16."""
        g = self.geometry
        if g.levels > 1 and g.files * g.levels <= MAX_FLAT and g.ranks <= MAX_FLAT:
            return FlatNames(g.files * g.levels, g.ranks, [(l * g.files + f, r) for f, r, l in g.coords])
        return default_flat_names(g)

    def _turned(self, piece: PieceType) -> PieceType:
        """A piece whose moves differ between the players (``fR``, a pawn) is oriented: written for the first
        player, turned by each player's ``forward``/``up``."""
        if piece.oriented:
            return piece
        for atom in piece.moves:
            vectors = set(getattr(atom, "vectors", None) or getattr(atom, "directions", None) or atom.offsets)
            for basis in self._basis:
                if {tuple(v[0] * basis[0][i] + v[1] * basis[1][i] + v[2] * basis[2][i] for i in range(3))
                        for v in vectors} != vectors:
                    return replace(piece, oriented=True)
        return piece

    def orientation(self, color: int, cell: int):
        """A pawn's (side, forward, up) for ``color``: the file's ``forward`` and ``up``."""
        return self._basis[color]

    def _zone(self, color: int, depth: int, up_depth: int) -> frozenset[int]:
        """The promotion zone of ``color``: the last ``depth`` rows ahead along its forward axis (and, with
        ``up_depth``, the last ``up_depth`` rows along its up axis too)."""
        _, forward, up = self._basis[color]
        g = self.geometry
        size = (g.files, g.ranks, g.levels)

        def near_end(coord, axis_vector, rows) -> bool:
            axis = next(i for i, x in enumerate(axis_vector) if x)
            x = coord[axis] if axis_vector[axis] > 0 else size[axis] - 1 - coord[axis]
            return x >= size[axis] - rows

        return frozenset(c for c, coord in enumerate(g.coords)
                         if near_end(coord, forward, depth) and (not up_depth or near_end(coord, up, up_depth)))

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
        rook_file = FILES[self.geometry.coords[self.names.parse(sq["rook"])][0]]
        letter = str(c.get("letter", rook_file if self.castling_by_rook else "K" if towards_h else "Q"))
        lists = {}
        for key in ("empty", "safe"):
            value = c.get(key)
            if value is not None:
                if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                    raise VariantsFileError(f"{where}.{key}: a list of squares")
                lists[key] = [_mirror(x, ranks) if color == 1 else x for x in value]
        return self.castling_rule(color, sq["king"], sq["to"], sq["rook"], sq["rook_to"],
                                  letter.upper() if color == 0 else letter.lower(), **lists)


def _unit(value: Any, where: str) -> tuple[int, int, int]:
    """A one-step direction along one axis, e.g. [0, 1, 0]."""
    if (not isinstance(value, list) or len(value) != 3 or not all(isinstance(x, int) and not isinstance(x, bool)
                                                                   for x in value)
            or sorted(abs(x) for x in value) != [0, 0, 1]):
        raise VariantsFileError(f"{where}: one step along one axis, e.g. [0, 1, 0] (file, rank, level)")
    return tuple(value)  # type: ignore[return-value]


def _dot(a, b) -> int:
    return sum(x * y for x, y in zip(a, b))


def _mirror(square: str, ranks: int) -> str:
    i = len(square)
    while i and square[i - 1].isdigit():
        i -= 1
    if i == len(square):
        raise VariantsFileError(f"castling: {square!r} is not a square")
    return square[:i] + str(ranks + 1 - int(square[i:]))


def describe(spec: GameSpec) -> tuple[str, str, int, tuple[str, ...]]:
    """(title, description, players, colour names) of the game of ``spec``, its tables not built."""
    game = object.__new__(FileGame)        # FileGame.__new__ picks the class by the table
    game._describe(spec)
    return game.title, game.description, game.players, game.color_names


def _set_hand_rules(game: Any, spec: GameSpec) -> None:
    game.hand_rules = _hand_rules(spec.table, f"[{spec.name}]")


def _set_end_rules(game: Any, spec: GameSpec) -> None:
    """The endings' keys of ``spec`` (variants/endings.py), read before the game is built."""
    t = spec.table
    players = t.get("players", DEFAULT_PLAYERS)
    rules = read_end_rules(t, f"[{spec.name}]", _piece_letters(spec), len(players) if isinstance(players, list) else 2)
    if rules.check_counting and isinstance(t.get("start"), str):
        rules = replace(rules, start_checks=start_checks(t["start"]))
    game.end_rules = rules


def _check_move_repetition(game: Any, spec: GameSpec) -> None:
    if spec.table["move_repetition_illegal"] is not True:
        raise VariantsFileError(f"[{spec.name}].move_repetition_illegal: true or false")


def _set_pass_rules(game: Any, spec: GameSpec) -> None:
    players = spec.table.get("players", DEFAULT_PLAYERS)
    game.pass_rules = read_pass_rules(spec.table, f"[{spec.name}]", len(players) if isinstance(players, list) else 2)


def _set_promotion_rules(game: Any, spec: GameSpec) -> None:
    game.promotion_rules = piece_rules.read_rules(spec.table, f"[{spec.name}]")


def _set_wall_rules(game: Any, spec: GameSpec) -> None:
    """The wall keys of ``spec`` (variants/walls.py), read before the game is built."""
    t = spec.table
    pieces = t.get("pieces", {})
    letters = {str(k).upper() for k in pieces} if isinstance(pieces, dict) else set()
    players = t.get("players", DEFAULT_PLAYERS)
    game.wall_rules = walls.read_rules(t, f"[{spec.name}]", letters, len(players) if isinstance(players, list) else 2)


def _set_drop_rules(game: Any, spec: GameSpec) -> None:
    """The drop rules of ``spec`` (variants/drop_rules.py): only in a game with drops."""
    t = spec.table
    where = f"[{spec.name}]"
    if t.get("piece_drops") is not True:
        raise VariantsFileError(f"{where}: {', '.join(sorted(drop_rules.KEYS & set(t)))} need piece_drops = true")
    game.drop_rules = drop_rules.read_drop_rules(t, where, _piece_letters(spec))


def _piece_letters(spec: GameSpec) -> set[str]:
    """The piece letters of ``spec``'s table (upper case), read before the game is built."""
    pieces = spec.table.get("pieces", {})
    return {str(k).upper() for k in pieces} if isinstance(pieces, dict) else set()


def _set_pawn_rules(game: Any, spec: GameSpec) -> None:
    game.pawn_rules = pawn_rules.read_rules(spec.table, f"[{spec.name}]", _piece_letters(spec))


def _set_blast_rules(game: Any, spec: GameSpec) -> None:
    game.blast_rules = blasts.read_rules(spec.table, f"[{spec.name}]", _piece_letters(spec))


def _set_flip_rules(game: Any, spec: GameSpec) -> None:
    game.flip_rules = flips.read_flip_rules(spec.table, f"[{spec.name}]")


def _hands_picture(game: Any) -> None:
    game.picture = hands_picture(game.picture)


@dataclass(frozen=True)
class Mechanism:
    """A rule mechanism a game from a file may ask for: the mixin class that carries it, whether a table
    asks for it, what to read before the tables are built and what to finish after."""
    mixin: type
    wanted: Callable[[dict], bool]
    before: Callable[[Any, GameSpec], None] | None = None
    after: Callable[[Any], None] | None = None


# outermost first (a mixin's methods run before those of the mixins after it); gating implies hands
MECHANISMS: tuple[Mechanism, ...] = (
    Mechanism(Passing, lambda t: any(t.get(key, False) is not False for key in passing.KEYS), _set_pass_rules),
    Mechanism(MoveRepetition, lambda t: t.get("move_repetition_illegal", False) is not False, _check_move_repetition),
    Mechanism(Counting, lambda t: "counting" in t, set_counting),
    Mechanism(FirstMoves, lambda t: bool(first_moves.KEYS & set(t)), set_first_moves),
    Mechanism(PawnRules, lambda t: bool(pawn_rules.KEYS & set(t)), _set_pawn_rules),
    Mechanism(PieceRules, lambda t: t.get("gating") is not True and bool(piece_rules.KEYS & set(t)),
              _set_promotion_rules),
    Mechanism(Blasts, blasts.wanted, _set_blast_rules),
    Mechanism(Walls, lambda t: any(key in t for key in walls.KEYS), _set_wall_rules),
    Mechanism(Endings, lambda t: any(key in t for key in END_KEYS), _set_end_rules),
    Mechanism(Flips, flips.wanted, _set_flip_rules),
    Mechanism(Drops, drop_rules.wanted, _set_drop_rules),
    Mechanism(Gating, lambda t: t.get("gating") is True),
    Mechanism(Hands, lambda t: t.get("piece_drops") is True or t.get("gating") is True, _set_hand_rules,
              _hands_picture),
)


@cache
def _composed(chosen: tuple[Mechanism, ...]) -> type:
    """FileGame with the mixins of ``chosen``; built once per combination."""
    def __init__(self, spec: GameSpec, budget: int = limits.MAX_WORK) -> None:
        for m in chosen:
            if m.before is not None:
                m.before(self, spec)
        FileGame.__init__(self, spec, budget)
        for m in chosen:
            if m.after is not None:
                m.after(self)
    bases = tuple(dict.fromkeys(m.mixin for m in chosen)) + (FileGame,)
    name = "".join(m.mixin.__name__ for m in chosen) + "FileGame"
    return type(name, bases, {"__init__": __init__, "__doc__": f"A game from a file with {name[:-8]}.",
                              "__module__": __name__})


def _hand_rules(t: dict, where: str) -> HandRules:
    """The hand keys of a game table: true/false switches and ``drop_rows`` (0 = anywhere)."""
    values: dict[str, Any] = {"drops": t.get("piece_drops") is True}
    for key, name in HAND_KEYS.items():
        if key not in t:
            continue
        if not name:
            if not isinstance(t[key], bool):
                raise VariantsFileError(f"{where}.{key}: true or false")
            continue
        if key in ("drop_rows", "drop_no_doubled_count"):
            values[name] = _int(t, key, where, 0 if key == "drop_rows" else 1, 0, MAX_SIDE)
        elif key == "drop_no_doubled":
            if not isinstance(t[key], str) or not (t[key].isalpha() or not t[key]):
                raise VariantsFileError(f"{where}.{key}: the letters of the pieces not dropped on a line that "
                                        f"holds them already")
            values[name] = t[key].upper()
        elif not isinstance(t[key], bool):
            raise VariantsFileError(f"{where}.{key}: true or false")
        else:
            values[name] = t[key]
    return HandRules(**values)
