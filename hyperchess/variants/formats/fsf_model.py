"""Fairy-Stockfish's description of a game, as its ``variants.ini`` says it (docs/variants-file.md, "Fairy-Stockfish's
format"): a flat dict of option name -> value, with the defaults of FSF's ``Variant`` (src/variant.h) and the
option names and value types its reader understands (src/parser.cpp), both at Fairy-Stockfish commit
``FSF_COMMIT``. Written from reading those files; no text of theirs.

- ``new_model(pieces=True)``: FSF's defaults (``pieces=False``: a section with no parent, which starts with no
  piece at all);
- ``apply(model, key, value)``: one ``key = value`` line, read as FSF reads it; False when the key is not an
  option of FSF's (then ``check`` names it);
- ``to_lines(model)``: the options that differ from a parentless section, as ``key = value`` lines
  (``apply`` of them rebuilds the model: the shipped catalogue is written so);
- ``type_of``, ``type_letters``, ``square_name``: a letter's piece type, types as letters, a square's name;
- ``read_synonyms``/``write_synonyms``: FSF's second letters of a type (the catalogue's ``synonyms`` line);
  ``NotPlayable``: a model hyperchess cannot play yet (``fsf_table``).

Per-colour options are kept under their ``...White``/``...Black`` names (``promotionRegion`` sets both).
Squares are ``(file, rank)`` from 0 on FSF's largest board (12 files, 10 ranks); a region is a frozenset.
"""
from __future__ import annotations

import re
from typing import Any

from hyperchess.variants.formats.textfile import shorten

FSF_COMMIT = "c19b5f6c66894fdb0e88d0dd100e3885f744760a"
FILES, RANKS = 12, 10                    # FSF's FILE_NB and RANK_NB with large boards
ALL = frozenset((f, r) for f in range(FILES) for r in range(RANKS))
COLORS = ("White", "Black")
DUCK = "duck"                            # a walling rule (also the name of one of FSF's games)
FAIRY = "fairy"                          # FSF's default variantTemplate (also the name of one of its games)

# FSF's piece types in its own order (src/types.h), each with the Betza FSF gives it (src/piece.cpp). The
# option naming a type's letter is its name; custom pieces carry their Betza after the letter ("a:mfWcF").
# (written as one text: several type names are also games' names, which shared code never spells out)
PIECE_BETZA = dict(word.split(":") for word in """pawn:fmWfceF knight:N bishop:B rook:R queen:Q fers:F alfil:A
    fersAlfil:FA silver:FfW aiwok:RNF bers:RF archbishop:BN chancellor:RN amazon:QN knibis:mNcB biskni:mBcN
    kniroo:mNcR rookni:mRcN shogiPawn:fW lance:fR shogiKnight:fN gold:WfF dragonHorse:BW clobber:cW
    breakthrough:fmWfF immobile: cannon:mRcpR janggiCannon:pR soldier:fsW horse:nN elephant:nA janggiElephant:nZ
    banner:RcpRnN wazir:W commoner:K centaur:KN""".split())
CUSTOM = tuple(f"customPiece{i}" for i in range(1, 26))
PIECE_TYPES = (*PIECE_BETZA, *CUSTOM, "king")
CHESS_LETTERS = {"pawn": "P", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "king": "K"}

# option -> (kind, default); per-colour options appear once per colour. Kinds: int, rank (1-based), file
# (letter or 1-based number), bool, value (win/loss/draw/none), text, region, pieces (a set of letters), piece
# (one letter), word (an enumeration), pairs (letter:letter or letter:number pairs).
_W, _B = frozenset((f, 7) for f in range(FILES)), frozenset((f, 0) for f in range(FILES))
OPTIONS: dict[str, tuple[str, Any]] = {
    "variantTemplate": ("text", FAIRY), "pieceToCharTable": ("text", "-"), "pocketSize": ("int", 0),
    "maxRank": ("rank", 8), "maxFile": ("file", 8), "chess960": ("bool", False), "twoBoards": ("bool", False),
    "startFen": ("text", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    "promotionRegionWhite": ("region", _W), "promotionRegionBlack": ("region", _B),
    "promotionPawnTypesWhite": ("pieces", frozenset({"pawn"})), "promotionPawnTypesBlack": ("pieces", frozenset({"pawn"})),
    "promotionPieceTypesWhite": ("pieces", frozenset({"queen", "rook", "bishop", "knight"})),
    "promotionPieceTypesBlack": ("pieces", frozenset({"queen", "rook", "bishop", "knight"})),
    "sittuyinPromotion": ("bool", False), "promotionLimit": ("pairs", ()), "promotedPieceType": ("pairs", ()),
    "piecePromotionOnCapture": ("bool", False), "mandatoryPawnPromotion": ("bool", True),
    "mandatoryPiecePromotion": ("bool", False), "pieceDemotion": ("bool", False), "blastOnCapture": ("bool", False),
    "blastImmuneTypes": ("pieces", frozenset()), "mutuallyImmuneTypes": ("pieces", frozenset()),
    "petrifyOnCaptureTypes": ("pieces", frozenset()), "petrifyBlastPieces": ("bool", False),
    "doubleStep": ("bool", True), "doubleStepRegionWhite": ("region", frozenset((f, 1) for f in range(FILES))),
    "doubleStepRegionBlack": ("region", frozenset((f, 6) for f in range(FILES))),
    "tripleStepRegionWhite": ("region", frozenset()), "tripleStepRegionBlack": ("region", frozenset()),
    "enPassantRegionWhite": ("region", ALL), "enPassantRegionBlack": ("region", ALL),
    "enPassantTypesWhite": ("pieces", frozenset({"pawn"})), "enPassantTypesBlack": ("pieces", frozenset({"pawn"})),
    "castling": ("bool", True), "castlingDroppedPiece": ("bool", False), "castlingKingsideFile": ("file", 7),
    "castlingQueensideFile": ("file", 3), "castlingRank": ("rank", 1), "castlingKingFile": ("file", 5),
    "castlingKingPieceWhite": ("piece", "king"), "castlingKingPieceBlack": ("piece", "king"),
    "castlingRookKingsideFile": ("file", FILES), "castlingRookQueensideFile": ("file", 1),
    "castlingRookPiecesWhite": ("pieces", frozenset({"rook"})), "castlingRookPiecesBlack": ("pieces", frozenset({"rook"})),
    "oppositeCastling": ("bool", False), "checking": ("bool", True), "dropChecks": ("bool", True),
    "mustCapture": ("bool", False), "mustDrop": ("bool", False), "mustDropType": ("piece", "*"),
    "pieceDrops": ("bool", False), "dropLoop": ("bool", False), "capturesToHand": ("bool", False),
    "firstRankPawnDrops": ("bool", False), "promotionZonePawnDrops": ("bool", False),
    "enclosingDrop": ("word", "none"), "enclosingDropStart": ("region", frozenset()),
    "dropRegionWhite": ("region", ALL), "dropRegionBlack": ("region", ALL), "sittuyinRookDrop": ("bool", False),
    "dropOppositeColoredBishop": ("bool", False), "dropPromoted": ("bool", False),
    "dropNoDoubled": ("piece", "-"), "dropNoDoubledCount": ("int", 1), "immobilityIllegal": ("bool", False),
    "gating": ("bool", False), "wallingRule": ("word", "none"), "wallingRegionWhite": ("region", ALL),
    "wallingRegionBlack": ("region", ALL), "wallOrMove": ("bool", False), "seirawanGating": ("bool", False),
    "cambodianMoves": ("bool", False), "diagonalLines": ("region", frozenset()), "passWhite": ("bool", False),
    "passBlack": ("bool", False), "passOnStalemateWhite": ("bool", False), "passOnStalemateBlack": ("bool", False),
    "makpongRule": ("bool", False), "flyingGeneral": ("bool", False), "soldierPromotionRank": ("rank", 1),
    "flipEnclosedPieces": ("word", "none"), "freeDrops": ("bool", False),
    "nMoveRuleTypesWhite": ("pieces", frozenset({"pawn"})), "nMoveRuleTypesBlack": ("pieces", frozenset({"pawn"})),
    "nMoveRule": ("int", 50), "nFoldRule": ("int", 3), "nFoldValue": ("value", "draw"),
    "nFoldValueAbsolute": ("bool", False), "perpetualCheckIllegal": ("bool", False),
    "moveRepetitionIllegal": ("bool", False), "chasingRule": ("word", "none"), "stalemateValue": ("value", "draw"),
    "stalematePieceCount": ("bool", False), "checkmateValue": ("value", "loss"),
    "shogiPawnDropMateIllegal": ("bool", False), "shatarMateRule": ("bool", False), "bikjangRule": ("bool", False),
    "extinctionValue": ("value", "none"), "extinctionClaim": ("bool", False),
    "extinctionPseudoRoyal": ("bool", False), "dupleCheck": ("bool", False),
    "extinctionPieceTypes": ("pieces", frozenset()), "extinctionPieceCount": ("int", 0),
    "extinctionOpponentPieceCount": ("int", 0), "flagPieceWhite": ("piece", "*"), "flagPieceBlack": ("piece", "*"),
    "flagRegionWhite": ("region", frozenset()), "flagRegionBlack": ("region", frozenset()),
    "flagPieceCount": ("int", 1), "flagPieceBlockedWin": ("bool", False), "flagMove": ("bool", False),
    "flagPieceSafe": ("bool", False), "checkCounting": ("bool", False), "connectN": ("int", 0),
    "connectPieceTypes": ("pieces", frozenset({"*"})), "connectHorizontal": ("bool", True),
    "connectVertical": ("bool", True), "connectDiagonal": ("bool", True),
    "connectRegion1White": ("region", frozenset()), "connectRegion2White": ("region", frozenset()),
    "connectRegion1Black": ("region", frozenset()), "connectRegion2Black": ("region", frozenset()),
    "connectNxN": ("int", 0), "collinearN": ("int", 0), "connectValue": ("value", "win"),
    "materialCounting": ("word", "none"), "adjudicateFullBoard": ("bool", False), "countingRule": ("word", "none"),
    "castlingWins": ("text", "-"),
    # the custom royal piece's Betza (``king = k:W``)
    "kingBetza": ("text", ""),
}
for _pt in PIECE_TYPES:
    for _c in COLORS:
        OPTIONS[f"mobilityRegion{_c}{_pt[0].upper()}{_pt[1:]}"] = ("region", frozenset())
POINT_COUNT = "janggi"      # FSF's weighted material count (materialCounting; also the name of one of FSF's games)
# FSF's counting rules, in the order fsf_rules translates them (its words are also the names of FSF's games)
COUNTING_RULES = tuple("makruk cambodian asean".split())
ATAXX = "ataxx"          # a value of enclosingDrop and flipEnclosedPieces (also the name of one of FSF's games)
WORDS = {"enclosingDrop": {"none", "reversi", ATAXX, "quadwrangle", "snort", "anyside", "top"},
         "flipEnclosedPieces": {"none", "reversi", ATAXX, "quadwrangle", "snort", "anyside", "top"},
         "wallingRule": {"none", "arrow", DUCK, "edge", "past", "static"}, "chasingRule": {"none", "axf"},
         "materialCounting": {"none", POINT_COUNT, "unweighted", "whitedrawodds", "blackdrawodds"},
         "countingRule": {"none", *COUNTING_RULES}}
# options that set both colours' options (FSF's short names), and FSF's older names it still reads
BOTH = {k[:-5] for k in OPTIONS if k.endswith("White")} - {"connectRegion1", "connectRegion2"}
BOTH.update({"pawnTypes"})


_DEFAULTS = {k: v for k, (_, v) in OPTIONS.items()}


class ModelError(ValueError):
    """A value FSF would not read; one line."""


class Misread(ModelError):
    """A value FSF reads all the same, as ``value`` (a bool not spelt ``true``: false; a result or a rule's
    word it does not know: none); the message says so."""

    def __init__(self, message: str, value: Any) -> None:
        super().__init__(message)
        self.value = value


class NotPlayable(ValueError):
    """A section hyperchess cannot play yet: the message names the mechanism and the options needing it."""


def new_model(pieces: bool = True) -> dict[str, Any]:
    """FSF's defaults; ``pieces``: with chess's six pieces (a built-in's base), else none (a section without
    parent)."""
    model: dict[str, Any] = dict(_DEFAULTS)
    model["letters"] = dict(CHESS_LETTERS) if pieces else {}
    model["custom"] = {}
    model["synonyms"] = {}           # type -> a second letter the board of a position string may use for it
    if not pieces:
        model["promotionPieceTypesWhite"] = model["promotionPieceTypesBlack"] = frozenset()
    return model


def type_of(model: dict, letter: str) -> str | None:
    """The piece type ``letter`` names (either case), or None."""
    return next((pt for pt, ch in model["letters"].items() if ch == letter.upper()), None)


def type_letters(model: dict, types: frozenset) -> str:
    """FSF's piece types as the game's letters (``*``: every piece)."""
    return "*" if "*" in types else "".join(sorted(model["letters"][pt] for pt in types if pt in model["letters"]))


def square_name(s: tuple[int, int]) -> str:
    """The name of FSF's square ``(file, rank)``: ``a1``."""
    return f"{chr(97 + s[0])}{s[1] + 1}"


def set_piece(model: dict, pt: str, letter: str, betza: str = "", synonym: str = "") -> None:
    """FSF's ``add_piece``: a letter names one type (another type with it loses it); ``synonym``, a second
    letter for the type in a position string's board (only FSF's own code gives one: xiangqi's ``e`` and
    ``h``), is dropped when the type is given again without it."""
    old = type_of(model, letter)
    if old is not None:
        remove_piece(model, old)
    model["letters"][pt] = letter.upper()
    model["synonyms"].pop(pt, None)
    if synonym:
        model["synonyms"][pt] = synonym.upper()
    if pt in CUSTOM:
        model["custom"][pt] = betza


def remove_piece(model: dict, pt: str) -> None:
    model["letters"].pop(pt, None)
    model["synonyms"].pop(pt, None)
    for c in COLORS:
        model[f"promotionPieceTypes{c}"] = model[f"promotionPieceTypes{c}"] - {pt}


_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
_COUNT = re.compile(r"[0-9]{1,9}")


def number(text: str, signed: bool = True) -> int | None:
    """``text`` as a whole number, as FSF reads one (``std::stringstream >> int``, src/parser.cpp): ASCII digits
    and, where ``signed``, one sign; at most 9 digits (FSF's ints are 32 bits). Else None: Python's ``isdigit``
    also takes ``²``, which ``int`` refuses, and ``٣``, which it reads as 3; FSF's reader takes neither."""
    text = text.strip()
    return int(text) if (_NUMBER if signed else _COUNT).fullmatch(text) else None


def _quote(text: str) -> str:
    return repr(shorten(text, 40))


def _region(text: str) -> frozenset:
    out: set[tuple[int, int]] = set()
    for sym in text.split():
        if sym == "-":
            break
        if sym.endswith("*") and len(sym) == 2 and sym[0].isalpha():
            out |= {(ord(sym[0].lower()) - 97, r) for r in range(RANKS)}
        elif sym.startswith("*") and number(sym[1:], signed=False) is not None:
            out |= {(f, int(sym[1:]) - 1) for f in range(FILES)}
        elif sym[0].isalpha() and number(sym[1:], signed=False) is not None:
            out.add((ord(sym[0].lower()) - 97, int(sym[1:]) - 1))
        else:
            raise ModelError(f"{_quote(sym)} is not a square, 'a*' or '*1'")
    if any(not (0 <= f < FILES and 0 <= r < RANKS) for f, r in out):
        raise ModelError(f"{_quote(text)} names a square off FSF's largest board (12x10)")
    return frozenset(out)


def _pieces(model: dict, text: str) -> frozenset:
    out = set()
    for ch in text.replace(" ", ""):
        if ch == "-":
            break
        if ch == "*":
            out.add("*")
            continue
        pt = type_of(model, ch)
        if pt is None:
            raise ModelError(f"no piece {ch!r}")
        out.add(pt)
    return frozenset(out)


def _read(model: dict, key: str, kind: str, text: str) -> Any:
    if kind == "int":
        n = number(text)
        if n is None:
            raise ModelError(f"a whole number (ASCII digits, at most 9), got {_quote(text)}")
        return n
    if kind == "rank":
        n = number(text, signed=False)
        if n is None or not 1 <= n <= RANKS:
            raise ModelError(f"a rank from 1 to {RANKS}, got {_quote(text)}")
        return n
    if kind == "file":
        t = text.strip()
        n = number(t, signed=False)
        if n is None:
            n = ord(t[:1].lower()) - 96 if t[:1].isalpha() else 0
        if not 1 <= n <= FILES:
            raise ModelError(f"a file (a letter or a number up to {FILES}), got {_quote(text)}")
        return n
    # (FSF compares these as they are, trailing spaces included, and sets them whatever the value: parser.cpp's
    # ``set`` for bool, Value and the rules' enumerations)
    if kind == "bool":
        if text not in ("true", "false"):
            raise Misread(f"true or false, got {text!r}: read as false, as Fairy-Stockfish reads all but 'true'",
                          False)
        return text == "true"
    if kind == "value":
        if text not in ("win", "loss", "draw", "none"):
            raise Misread(f"win, loss, draw or none, got {text!r}: read as none, as Fairy-Stockfish reads it", "none")
        return text
    if kind == "word":
        if text not in WORDS[key]:
            raise Misread(f"one of {', '.join(sorted(WORDS[key]))}, got {text!r}: read as none, as Fairy-Stockfish "
                          f"reads it", "none")
        return text
    if kind == "region":
        return _region(text)
    if kind == "pieces":
        return _pieces(model, text)
    if kind == "piece":
        t = text.strip()[:1]
        if t in ("*", "-"):
            return t
        pt = type_of(model, t)
        if pt is None:
            raise ModelError(f"no piece {t!r}")
        return pt
    if kind == "pairs":
        out = dict(model[key])
        words = text.replace(":", " : ").split()
        for i in range(0, len(words) - 2, 3):
            a, b = words[i], words[i + 2]
            pa = type_of(model, a)
            if pa is None:
                raise ModelError(f"no piece {a!r}")
            if key == "promotionLimit":
                out[pa] = number(b, signed=False)
                if out[pa] is None:          # FSF: "Invalid piece count" (read as 0, no limit)
                    raise ModelError(f"a count for {a!r}, got {_quote(b)}")
            else:
                out[pa] = "-" if b == "-" else type_of(model, b)
                if out[pa] is None:
                    raise ModelError(f"no piece {b!r}")
        return tuple(sorted(out.items()))
    return text


EXACT = ("bool", "value", "word")      # the kinds FSF compares as written (trailing spaces count)


def apply(model: dict, key: str, text: str) -> bool:
    """Read one option as FSF does (src/parser.cpp): piece letters and Betza, the per-colour short names,
    the old names FSF still reads. False when ``key`` is not one of FSF's options; raises ModelError for a
    value FSF would not take (``Misread``: one FSF reads all the same, set as FSF sets it)."""
    raw = text.lstrip()                  # FSF's value: from the first non-blank after "=" to the line's end
    text = text.strip()
    if key in PIECE_TYPES:
        if not text or not text[0].isalpha():
            remove_piece(model, key)
            if key == "king":
                model["kingBetza"] = ""
            return True
        if key == "king" and len(text) > 2:
            model["kingBetza"] = text[2:]
        set_piece(model, key, text[0], text[2:] if key in CUSTOM else "")
        return True
    if key in ("promotionRank", "doubleStepRank", "doubleStepRankMin", "whiteFlag", "blackFlag",
               "castlingRookPiece", "whiteDropRegion", "blackDropRegion", "dropOnTop"):
        return _old(model, key, text)
    if key in ("pieceValueMg", "pieceValueEg"):
        return True                      # the engine's own values: read by FSF's evaluation only
    if key in BOTH:
        names = ([f"{n}{c}" for n in ("promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes") for c in COLORS]
                 if key == "pawnTypes" else [key + c for c in COLORS])
    elif key not in OPTIONS or key == "kingBetza":
        return False
    else:
        names = [key]
    kind = OPTIONS[names[0]][0]
    try:
        value = _read(model, names[0], kind, raw if kind in EXACT else text)
    except Misread as exc:
        for name in names:
            model[name] = exc.value
        raise
    for name in names:
        model[name] = value
    return True


def _zone(color: int, rank: int, max_rank: int) -> frozenset:
    """FSF's zone_bb: from ``rank`` (relative to ``color``) to the far end."""
    rows = range(rank - 1, max_rank) if color == 0 else range(0, max_rank - rank + 1)
    return frozenset((f, r) for f in range(FILES) for r in rows)


def _old(model: dict, key: str, text: str) -> bool:
    """The older option names FSF still reads (src/parser.cpp, 'deprecated')."""
    if key == "promotionRank":
        rank = _read(model, key, "rank", text)
        for i, c in enumerate(COLORS):
            model[f"promotionRegion{c}"] = _zone(i, rank, model["maxRank"])
    elif key in ("doubleStepRank", "doubleStepRankMin"):
        rank = _read(model, key, "rank", text)
        for i, c in enumerate(COLORS):
            row = rank - 1 if i == 0 else model["maxRank"] - rank
            model[f"doubleStepRegion{c}"] = frozenset((f, row) for f in range(FILES))
    elif key in ("whiteFlag", "blackFlag"):
        model["flagRegion" + ("White" if key[0] == "w" else "Black")] = _region(text)
    elif key in ("whiteDropRegion", "blackDropRegion"):
        model["dropRegion" + ("White" if key[0] == "w" else "Black")] = _region(text)
    elif key == "castlingRookPiece":
        for c in COLORS:
            model[f"castlingRookPieces{c}"] = _pieces(model, text)
    elif key == "dropOnTop" and _read(model, key, "bool", text):
        model["enclosingDrop"] = "top"
    return True


def _write_region(region: frozenset) -> str:
    if not region:
        return "-"
    out = []
    rows = {r for r in range(RANKS) if all((f, r) in region for f in range(FILES))}
    out += [f"*{r + 1}" for r in sorted(rows)]
    out += [f"{chr(97 + f)}{r + 1}" for f, r in sorted(region, key=lambda s: (s[1], s[0])) if r not in rows]
    return " ".join(out)


def _write(model: dict, key: str, value: Any) -> str:
    kind = OPTIONS[key][0]
    if kind == "bool":
        return "true" if value else "false"
    if kind == "file":
        return chr(96 + value) if value <= 26 else str(value)
    if kind == "region":
        return _write_region(value)
    letter = lambda pt: "*" if pt == "*" else "-" if pt == "-" else model["letters"].get(pt, "?").lower()
    if kind == "pieces":
        return "".join(sorted(letter(pt) for pt in value)) or "-"
    if kind == "piece":
        return letter(value)
    if kind == "pairs":
        return " ".join(f"{letter(a)}:{b if key == 'promotionLimit' else letter(b)}" for a, b in value)
    return str(value)


SYNONYMS = "synonyms"          # the catalogue's own key for FSF's letter synonyms: ``synonyms = horse:h``


def read_synonyms(model: dict, text: str) -> None:
    """The catalogue's ``synonyms = type:letter ...`` line (FSF sets synonyms in its code, never from a file)."""
    for word in text.split():
        pt, _, letter = word.partition(":")
        if pt not in model["letters"] or len(letter) != 1 or not letter.isalpha():
            raise ModelError(f"{word!r} is not a piece type of the game and a letter")
        model["synonyms"][pt] = letter.upper()


def write_synonyms(model: dict) -> str:
    """The ``synonyms`` line's value ("" when the game has none)."""
    return " ".join(f"{pt}:{ch.lower()}" for pt, ch in sorted(model["synonyms"].items()))


def to_lines(model: dict) -> list[str]:
    """The options of ``model`` that differ from a section without parent, in an order ``apply`` reads
    back (board, pieces, then the rest)."""
    base = new_model(pieces=False)
    lines = [f"{k} = {_write(model, k, model[k])}" for k in ("maxRank", "maxFile") if model[k] != base[k]]
    for pt in PIECE_TYPES:
        if pt in model["letters"]:
            ch = model["letters"][pt].lower()
            betza = model["custom"].get(pt, "") if pt in CUSTOM else model["kingBetza"] if pt == "king" else ""
            lines.append(f"{pt} = {ch}:{betza}" if betza or pt in CUSTOM else f"{pt} = {ch}")
    done = {"maxRank", "maxFile", "kingBetza"}
    for key in OPTIONS:
        if key in done or model[key] == base[key]:
            continue
        pair = key[:-5] + "Black" if key.endswith("White") else None
        if pair and key[:-5] in BOTH and model[key] == model[pair]:
            lines.append(f"{key[:-5]} = {_write(model, key, model[key])}")    # FSF's name for both colours
            done.add(pair)
        else:
            lines.append(f"{key} = {_write(model, key, model[key])}")
    return lines
