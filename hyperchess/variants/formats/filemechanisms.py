"""The rule mechanisms a game of a variants file may ask for (``MECHANISMS``): for each, the mixin class that
carries it (variants/rules), whether a game's table asks for it, what to read from the table before the game's
tables are built and what to finish after. ``filegame.FileGame`` mixes in those its table asks for."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.fileplayers import DEFAULT_PLAYERS
from hyperchess.variants.formats.gamespec import MAX_SIDE, GameSpec, read_int
from hyperchess.variants.rules import (alignment, blasts, counting, drop_rules, first_moves, flips, free_for_all,
                                       mirror_boards, move_repetition, passing, pawn_rules, piece_rules, walls)
from hyperchess.variants.rules.alignment import Alignment
from hyperchess.variants.rules.blasts import Blasts
from hyperchess.variants.rules.counting import Counting, set_counting
from hyperchess.variants.rules.drop_rules import Drops
from hyperchess.variants.rules.end_rules import END_KEYS, read_end_rules, start_checks
from hyperchess.variants.rules.endings import Endings
from hyperchess.variants.rules.first_moves import FirstMoves, set_first_moves
from hyperchess.variants.rules.flips import Flips
from hyperchess.variants.rules.free_for_all import FreeForAll, read_scoring
from hyperchess.variants.rules.gating import Gating
from hyperchess.variants.rules.hands import HandRules, Hands, hands_picture
from hyperchess.variants.rules.mirror_boards import MirrorBoards
from hyperchess.variants.rules.move_repetition import MoveRepetition
from hyperchess.variants.rules.passing import Passing, read_pass_rules
from hyperchess.variants.rules.pawn_rules import InPlacePromotion, PawnRules
from hyperchess.variants.rules.piece_rules import PieceRules
from hyperchess.variants.rules.walls import Walls

# pieces in hand and drops (variants/rules/hands.py): key -> its HandRules field (Fairy-Stockfish's names, snake_case)
HAND_KEYS = {"piece_drops": "drops", "gating": "", "captures_to_hand": "captures_to_hand", "drop_loop": "drop_loop",
             "first_rank_pawn_drops": "first_rank_pawn_drops",
             "promotion_zone_pawn_drops": "promotion_zone_pawn_drops", "drop_limited_types": "limited",
             "drop_rows": "drop_rows",
             "drop_promoted": "drop_promoted", "drop_no_doubled": "no_doubled",
             "drop_no_doubled_count": "no_doubled_count", "free_drops": "free_drops", "drop_squares": "drop_squares",
             "piece_drop_rows": "piece_drop_rows",
             "two_boards": "two_boards"}
# the keys of every mechanism (a game's table may have them besides the board's, the pieces' and the players')
MECHANISM_KEYS = set(HAND_KEYS) | END_KEYS | piece_rules.KEYS | pawn_rules.KEYS | drop_rules.KEYS | flips.KEYS \
    | walls.KEYS | blasts.KEYS | counting.KEYS | first_moves.KEYS | passing.KEYS | move_repetition.KEYS \
    | alignment.KEYS | mirror_boards.KEYS | free_for_all.KEYS


def _set_hand_rules(game: Any, spec: GameSpec) -> None:
    game.hand_rules = _hand_rules(spec.table, f"[{spec.name}]")


def _set_end_rules(game: Any, spec: GameSpec) -> None:
    """The endings' keys of ``spec`` (variants/rules/end_rules.py), read before the game is built."""
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
    """The wall keys of ``spec`` (variants/rules/walls.py), read before the game is built."""
    t = spec.table
    pieces = t.get("pieces", {})
    letters = {str(k).upper() for k in pieces} if isinstance(pieces, dict) else set()
    players = t.get("players", DEFAULT_PLAYERS)
    game.wall_rules = walls.read_rules(t, f"[{spec.name}]", letters, len(players) if isinstance(players, list) else 2)


def _set_drop_rules(game: Any, spec: GameSpec) -> None:
    """The drop rules of ``spec`` (variants/rules/drop_rules.py): only in a game with drops."""
    t = spec.table
    where = f"[{spec.name}]"
    if t.get("piece_drops") is not True:
        raise VariantsFileError(f"{where}: {', '.join(sorted(drop_rules.KEYS & set(t)))} need piece_drops = true")
    game.drop_rules = drop_rules.read_drop_rules(t, where, _piece_letters(spec))


def _piece_letters(spec: GameSpec) -> set[str]:
    """The piece letters of ``spec``'s table (upper case), read before the game is built."""
    return _table_letters(spec.table)


def _table_letters(t: dict) -> set[str]:
    pieces = t.get("pieces", {})
    return {str(k).upper() for k in pieces} if isinstance(pieces, dict) else set()


def _set_pawn_rules(game: Any, spec: GameSpec) -> None:
    game.pawn_rules = pawn_rules.read_rules(spec.table, f"[{spec.name}]", _piece_letters(spec))


def _set_blast_rules(game: Any, spec: GameSpec) -> None:
    game.blast_rules = blasts.read_rules(spec.table, f"[{spec.name}]", _piece_letters(spec))


def _set_flip_rules(game: Any, spec: GameSpec) -> None:
    game.flip_rules = flips.read_flip_rules(spec.table, f"[{spec.name}]")


def _set_align_rules(game: Any, spec: GameSpec) -> None:
    players = spec.table.get("players", DEFAULT_PLAYERS)
    game.align_rules = alignment.read_align_rules(spec.table, f"[{spec.name}]", _piece_letters(spec),
                                                  len(players) if isinstance(players, list) else 2)


def _set_scoring(game: Any, spec: GameSpec) -> None:
    """``scoring`` (variants/rules/free_for_all.py): every player its own team, with check."""
    t = spec.table
    where = f"[{spec.name}]"
    players = t.get("players", DEFAULT_PLAYERS)
    teams = [p.get("team") for p in players if isinstance(p, dict)] if isinstance(players, list) else []
    if len(teams) < 3 or len(set(teams)) != len(teams) or t.get("check", "check") != "check":
        raise VariantsFileError(f"{where}.scoring: a free-for-all needs three or more players, each its own team "
                                f"(team = 1, 2, 3, 4), and check = \"check\"")
    game.scoring = read_scoring(t["scoring"], where, _piece_letters(spec))


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


# outermost first (a mixin's methods run before those of the mixins after it); gating implies hands. Mirror
# boards come first: their ``restrict_moves`` turns the ordinary moves the others leave into crossing ones
MECHANISMS: tuple[Mechanism, ...] = (
    Mechanism(MirrorBoards, lambda t: t.get("mirror_boards", 1) != 1),
    Mechanism(FreeForAll, lambda t: "scoring" in t, _set_scoring),
    Mechanism(Passing, lambda t: any(t.get(key, False) is not False for key in passing.KEYS), _set_pass_rules),
    Mechanism(MoveRepetition, lambda t: t.get("move_repetition_illegal", False) is not False, _check_move_repetition),
    Mechanism(Counting, lambda t: "counting" in t, set_counting),
    Mechanism(FirstMoves, lambda t: bool(first_moves.KEYS & set(t)), set_first_moves),
    Mechanism(InPlacePromotion, lambda t: t.get("promotion_in_place") is True, _set_pawn_rules),
    Mechanism(PawnRules, lambda t: bool(pawn_rules.KEYS & set(t)), _set_pawn_rules),
    Mechanism(PieceRules, lambda t: t.get("gating") is not True and bool(piece_rules.KEYS & set(t)),
              _set_promotion_rules),
    Mechanism(Blasts, blasts.wanted, _set_blast_rules),
    Mechanism(Walls, lambda t: any(key in t for key in walls.KEYS), _set_wall_rules),
    Mechanism(Alignment, alignment.wanted, _set_align_rules),
    Mechanism(Endings, lambda t: any(key in t for key in END_KEYS), _set_end_rules),
    Mechanism(Flips, flips.wanted, _set_flip_rules),
    Mechanism(Drops, drop_rules.wanted, _set_drop_rules),
    Mechanism(Gating, lambda t: t.get("gating") is True),
    Mechanism(Hands, lambda t: t.get("piece_drops") is True or t.get("gating") is True, _set_hand_rules,
              _hands_picture),
)


def _player_count(t: dict) -> int:
    players = t.get("players", DEFAULT_PLAYERS)
    return len(players) if isinstance(players, list) else 2


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
            values[name] = read_int(t, key, where, 0 if key == "drop_rows" else 1, 0, MAX_SIDE)
        elif key == "drop_squares":
            squares = t[key]
            if not isinstance(squares, list) or len(squares) != _player_count(t) or not all(
                    isinstance(x, list) and all(isinstance(q, str) for q in x) for x in squares):
                raise VariantsFileError(f"{where}.{key}: a list of squares for each player")
            values[name] = tuple(tuple(x) for x in squares)
        elif key == "piece_drop_rows":
            rows = t[key]
            if not isinstance(rows, dict) or not all(isinstance(k, str) and len(k) == 1 and k.isalpha() and
                                                     type(v) is int and 1 <= v <= MAX_SIDE for k, v in rows.items()):
                raise VariantsFileError(f"{where}.{key}: a table of letter = the rows (1-{MAX_SIDE}) it drops on")
            unknown = [k for k in rows if k.upper() not in _table_letters(t)]
            if unknown:
                raise VariantsFileError(f"{where}.{key}: no piece {unknown[0]!r}")
            values[name] = tuple(sorted((k.upper(), v) for k, v in rows.items()))
        elif key == "drop_limited_types":
            letters = _table_letters(t)
            if not isinstance(t[key], str) or not all(ch.upper() in letters for ch in t[key]):
                raise VariantsFileError(f"{where}.{key}: piece letters of this game, got {t[key]!r}")
            values[name] = t[key].upper()
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
