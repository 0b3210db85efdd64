"""The endings' rules as data: :class:`EndRules` and their reading from a game's table in a variants file.

The keys are listed in docs/variants-file.md ("Other ways a game ends"); what each rule does, and the mixin that
plays them, is variants/rules/endings.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from hyperchess.variants.board.errors import VariantsFileError

VALUES = ("loss", "win", "draw")
EXTINCTION = "extinction"      # a key of the file and an Outcome's termination (also the name of one of FSF's games)
CHECKS_LEFT = re.compile(r"^(\d{1,2})\+(\d{1,2})$")
MAX_CHECKS = 99


@dataclass(frozen=True)
class EndRules:
    """The endings a game uses (Fairy-Stockfish's option names in brackets). Squares and letters are the
    file's; ``Endings.compile`` turns them into cells and piece codes."""
    flag_pieces: tuple[str, ...] = ()          # per player: a piece letter, "*" any piece, "" none [flagPiece]
    flag_squares: tuple[tuple[str, ...], ...] = ()   # per player: its flag squares [flagRegion]
    flag_move: bool = False                    # the other side gets one reply first [flagMove]
    flag_count: int = 1                        # how many flag pieces must stand there [flagPieceCount]
    flag_safe: bool = False                    # ... not attacked there, or it has not arrived yet [flagPieceSafe]
    giving_check: bool = True                  # False: a move may not give check [checking]
    check_counting: bool = False               # n-check: checks left in the position string [checkCounting]
    must_capture: bool = False                 # a side with a legal capture must capture [mustCapture]
    checkmate: str = "loss"                    # what the checkmated side gets [checkmateValue]
    stalemate_piece_count: bool = False        # the side with fewer pieces gets `stalemate` [stalematePieceCount]
    extinction: str = ""                       # what an extinct side gets: loss, win, draw; "" none [extinctionValue]
    extinction_pieces: str = ""                # letters, or "*" all pieces together, "-" a kind the game has not
                                               # (each side has none of it) [extinctionPieceTypes]
    extinction_count: int = 0                  # extinct with at most this many [extinctionPieceCount]
    extinction_opponent_count: int = 0         # ... while the other side has at least this many
    extinction_claim: bool = False             # ... one more when the extinct side is to move [extinctionClaim]
    pseudo_royal: str = ""                     # letters of pieces that may not be left attacked
    pseudo_royal_count: int = 0                # ... while their side has at most this many of that kind
    checkmate_check_by: str = ""               # letters: a mate needs a check by one in its series [shatarMateRule]
    checkmate_not_by: str = ""                 # letters: a mate given by these alone wins for the mated side
    material_counting: str = ""                # "", or one of COUNTINGS [materialCounting]
    material_weights: tuple[tuple[str, int], ...] = ()   # "weighted": (letter, points) per piece kind
    second_player_points: float = 0            # "weighted": points the second player gets besides its pieces
    castling_wins: str = ""                    # castling letters (White's upper case): making one wins, losing
                                               # the right to every one of a side's loses [castlingWins]
    flag_blocked_win: bool = False             # a side whose flag pieces cannot move may still reach its flag
                                               # squares: FSF's flagPieceBlockedWin (below) [flagPieceBlockedWin]
    duple_check: bool = False                  # a move may not leave every pseudo-royal kind's piece attacked,
                                               # however many [dupleCheck]
    start_checks: tuple[int, int] = field(default=(0, 0), compare=False)

    def any(self) -> bool:
        return self != EndRules()


# ---------------------------------------------------------------------- the keys of a variants file
END_KEYS = {"flag_piece", "flag_squares", "flag_move", "flag_count", "flag_piece_safe", "giving_check", "check_counting",
            "must_capture", "checkmate", "stalemate_piece_count", EXTINCTION, "pseudo_royal", "material_counting",
            "checkmate_check_by", "checkmate_not_by", "castling_wins", "flag_blocked_win", "duple_check"}
# materialCounting's values (FSF's unweighted, whitedrawodds, blackdrawodds; its weighted one is a table)
COUNTINGS = ("unweighted", "white_draw_odds", "black_draw_odds")
WEIGHTED = "weighted"
COUNTING_KEYS = {"weights", "second_player_points"}
EXTINCTION_KEYS = {"value", "pieces", "count", "opponent_count", "claim"}
PSEUDO_ROYAL_KEYS = {"pieces", "count"}


def _bool(t: dict, key: str, where: str, default: bool) -> bool:
    value = t.get(key, default)
    if not isinstance(value, bool):
        raise VariantsFileError(f"{where}.{key}: true or false, got {value!r}")
    return value


def _count(t: dict, key: str, where: str, default: int, high: int = 4096) -> int:
    value = t.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise VariantsFileError(f"{where}.{key}: a whole number from 0 to {high}, got {value!r}")
    return value


def _letters(value: Any, where: str, letters: set[str], star: bool = True) -> str:
    if not isinstance(value, str) or not all(ch.upper() in letters or (star and ch == "*") for ch in value) \
            or ("*" in value and value != "*"):
        also = ' or "*" (every piece)' if star else ''
        raise VariantsFileError(f"{where}: piece letters of this game{also}, got {value!r}")
    return value.upper()


def read_end_rules(t: dict, where: str, letters: set[str], players: int) -> EndRules:
    """The ending keys of a game's table (docs/variants-file.md), checked; one line per mistake."""
    used = sorted(k for k in END_KEYS if k in t)
    if players != 2 and set(used) - {"must_capture"}:
        raise VariantsFileError(f"{where}.{used[0]}: two players only (four players end by elimination)")
    values: dict[str, Any] = {}
    if "flag_squares" in t:
        squares = t["flag_squares"]
        if not isinstance(squares, list) or len(squares) != players or not all(
                isinstance(x, list) and all(isinstance(q, str) for q in x) for x in squares):
            raise VariantsFileError(f"{where}.flag_squares: a list of squares for each player")
        pieces = t.get("flag_piece", "*")
        if isinstance(pieces, str):
            pieces = [pieces] * players
        if not isinstance(pieces, list) or len(pieces) != players:
            raise VariantsFileError(f"{where}.flag_piece: a letter, \"*\" (any piece), or one for each player")
        values["flag_pieces"] = tuple(_letters(p, f"{where}.flag_piece", letters) if p else "" for p in pieces)
        if any(len(p) > 1 for p in values["flag_pieces"]):
            raise VariantsFileError(f"{where}.flag_piece: one letter (or \"*\") for each player")
        values["flag_squares"] = tuple(tuple(x) for x in squares)
        values["flag_move"] = _bool(t, "flag_move", where, False)
        values["flag_count"] = max(1, _count(t, "flag_count", where, 1))
        values["flag_safe"] = _bool(t, "flag_piece_safe", where, False)
    elif any(k in t for k in ("flag_piece", "flag_move", "flag_count", "flag_piece_safe")):
        raise VariantsFileError(f"{where}.flag_piece: flag pieces need flag_squares")
    if "flag_blocked_win" in t and "flag_squares" not in t:
        raise VariantsFileError(f"{where}.flag_blocked_win: flag pieces need flag_squares")
    values["flag_blocked_win"] = _bool(t, "flag_blocked_win", where, False)
    if "duple_check" in t and "pseudo_royal" not in t:
        raise VariantsFileError(f"{where}.duple_check: needs pseudo_royal")
    values["duple_check"] = _bool(t, "duple_check", where, False)
    wins = t.get("castling_wins", "")
    if not isinstance(wins, str) or len(wins) > 16 or not wins.isascii() or not all(ch.isalpha() for ch in wins):
        raise VariantsFileError(f"{where}.castling_wins: castling letters (White's upper case), got {wins!r}")
    values["castling_wins"] = wins
    values["giving_check"] = _bool(t, "giving_check", where, True)
    values["check_counting"] = _bool(t, "check_counting", where, False)
    values["must_capture"] = _bool(t, "must_capture", where, False)
    values["stalemate_piece_count"] = _bool(t, "stalemate_piece_count", where, False)
    checkmate = t.get("checkmate", "loss")
    if checkmate not in VALUES:
        raise VariantsFileError(f"{where}.checkmate: one of 'loss', 'win', 'draw', got {checkmate!r}")
    values["checkmate"] = checkmate
    ext = t.get(EXTINCTION)
    if ext is not None:
        at = f"{where}.extinction"
        if not isinstance(ext, dict) or set(ext) - EXTINCTION_KEYS or "pieces" not in ext:
            raise VariantsFileError(f"{at}: a table {{ pieces = \"KQ\" or \"*\", value = \"loss\", count = 0, "
                                    f"opponent_count = 0, claim = false }}")
        if ext.get("value", "loss") not in VALUES:
            raise VariantsFileError(f"{at}.value: one of 'loss', 'win', 'draw', got {ext.get('value')!r}")
        pieces = ext["pieces"]
        absent = isinstance(pieces, str) and pieces.endswith("-") and "-" not in pieces[:-1]
        if absent:
            pieces = pieces[:-1]            # "-" last: a kind the game has not (a type FSF removed, still listed)
        values.update(extinction=ext.get("value", "loss"),
                      extinction_pieces=_letters(pieces, f"{at}.pieces", letters) + ("-" if absent else ""),
                      extinction_count=_count(ext, "count", at, 0), extinction_claim=_bool(ext, "claim", at, False),
                      extinction_opponent_count=_count(ext, "opponent_count", at, 0))
    royal = t.get("pseudo_royal")
    if royal is not None:
        at = f"{where}.pseudo_royal"
        if not isinstance(royal, dict) or set(royal) - PSEUDO_ROYAL_KEYS or "pieces" not in royal:
            raise VariantsFileError(f"{at}: a table {{ pieces = \"Q\", count = 0 }} (count 0: however many)")
        values.update(pseudo_royal=_letters(royal["pieces"], f"{at}.pieces", letters, star=False),
                      pseudo_royal_count=_count(royal, "count", at, 0))
    for key in ("checkmate_check_by", "checkmate_not_by"):
        if key in t:
            values[key] = _letters(t[key], f"{where}.{key}", letters, star=False)
    if "material_counting" in t:
        values.update(_material_counting(t["material_counting"], f"{where}.material_counting", letters))
    return EndRules(**values)


def _material_counting(value: Any, where: str, letters: set[str]) -> dict[str, Any]:
    """``material_counting``: one of ``COUNTINGS``, or a table ``{ weights = { R = 13, ... },
    second_player_points = 1.5 }``."""
    if isinstance(value, str):
        if value not in COUNTINGS:
            raise VariantsFileError(f"{where}: one of {', '.join(repr(c) for c in COUNTINGS)}, or a table "
                                    f"{{ weights = {{ R = 5, ... }}, second_player_points = 0 }}, got {value!r}")
        return {"material_counting": value}
    weights = value.get("weights") if isinstance(value, dict) else None
    if not isinstance(weights, dict) or set(value) - COUNTING_KEYS or not weights:
        raise VariantsFileError(f"{where}: a table {{ weights = {{ R = 5, ... }}, second_player_points = 0 }}, "
                                f"or one of {', '.join(repr(c) for c in COUNTINGS)}")
    out = []
    for letter, points in weights.items():
        if not isinstance(letter, str) or letter.upper() not in letters:
            raise VariantsFileError(f"{where}.weights: {letter!r} is not a piece of this game")
        if not isinstance(points, int) or isinstance(points, bool) or not -10_000 <= points <= 10_000:
            raise VariantsFileError(f"{where}.weights.{letter}: a whole number from -10000 to 10000, got {points!r}")
        out.append((letter.upper(), points))
    bonus = value.get("second_player_points", 0)
    if not isinstance(bonus, (int, float)) or isinstance(bonus, bool) or not -10_000 <= bonus <= 10_000:
        raise VariantsFileError(f"{where}.second_player_points: a number from -10000 to 10000, got {bonus!r}")
    return {"material_counting": WEIGHTED, "material_weights": tuple(out), "second_player_points": bonus}


def start_checks(fen: str) -> tuple[int, int]:
    """The checks left in a start position string (``W+B`` after the en-passant field), else (1, 1)."""
    fields = fen.split()
    m = CHECKS_LEFT.match(fields[4]) if len(fields) > 4 else None
    return (int(m.group(1)), int(m.group(2))) if m else (1, 1)
