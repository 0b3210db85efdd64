"""Fairy-Stockfish's ``variants.ini`` read as it is (docs/variants-file.md, "Fairy-Stockfish's format").

A section ``[name]`` or ``[name:parent]`` lists ``key = value`` options; lines starting with ``#`` or ``;`` are
comments. A parent is one of FSF's built-in games (the catalogue ``games/fsf.ini``) or a section earlier in
the same file; a section without parent starts with no pieces (src/variant.cpp, ``parse_istream``). Each
section becomes FSF's model (``fsf_model``), then the same table a TOML variants file gives
(``variantsfile.GameSpec``), or a refusal naming the mechanism the core lacks.

``read_ini(text, name)`` -> (specs of the sections hyperchess plays, notes): one line per option it does not
know and per section it cannot play yet, with the reason.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any

from hyperchess.variants.formats import fsf_model as fm
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.formats.fsf_betza import FsfBetzaError, atoms
from hyperchess.variants.board.pieces import Hop, Leap, Mode, Path, Slide

OUR_KEYS = {"source", "title", "description"}          # hyperchess's own keys (FSF skips them with a warning)
MAX_SECTIONS = 1000
_CHECKS = re.compile(r"^\d+\+\d+$")            # n-check's checks left in a position string: "3+3"
EXTINCTION = "extinction"       # the variants file's `check` value (also the name of one of FSF's games)


class NotPlayable(ValueError):
    """A section hyperchess cannot play yet: the message names the mechanism and the options needing it."""


@dataclass
class Section:
    name: str
    parent: str
    lines: list[tuple[int, str, str]]


def parse_sections(text: str) -> list[Section]:
    """The sections of an INI text, as FSF's reader splits them (``key = value``; ``#``/``;`` comment lines)."""
    out: list[Section] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if line.startswith("["):
            head = line[1:line.index("]")] if "]" in line else line[1:]
            name, _, parent = head.partition(":")
            out.append(Section(name.strip(), parent.strip(), []))
        elif out and line and line[0] not in "#;" and "=" in line:
            key, _, value = line.partition("=")
            out[-1].lines.append((number, key.strip(), value.strip()))
    return out


# ---------------------------------------------------------------------- the catalogue of FSF's built-ins
_catalogue: dict[str, Section] = {}
_lock = threading.Lock()


def catalogue() -> dict[str, Section]:
    """FSF's built-in games (``games/fsf.ini``), read once on first use."""
    if not _catalogue:
        with _lock:
            if not _catalogue:
                from importlib import resources
                text = resources.files("hyperchess.variants.games").joinpath("fsf.ini").read_text(encoding="utf-8")
                _catalogue.update({s.name: s for s in parse_sections(text)})
    return _catalogue


def build_model(section: Section, known: dict[str, dict], notes: list[str], where: str) -> dict:
    """FSF's model of ``section``: its parent's (``known`` models, else the catalogue's) with its options."""
    if section.parent:
        if section.parent in known:
            model = _copy(known[section.parent])
        elif section.parent in catalogue():
            model = built_in_model(section.parent)
        else:
            raise NotPlayable(f"{where}: no game {section.parent!r} to start from (FSF's built-in games and the "
                              f"sections above it)")
    else:
        model = fm.new_model(pieces=False)
    # FSF reads the board size first, then the pieces, then the rest (src/parser.cpp), whatever the line order
    order = lambda line: 0 if line[1] in ("maxRank", "maxFile") else 1 if line[1] in fm.PIECE_TYPES else 2
    for number, key, value in sorted(section.lines, key=order):
        if key in OUR_KEYS:
            model.setdefault("ours", {})[key] = value
            continue
        try:
            if not fm.apply(model, key, value):
                notes.append(f"{where}.{key} (line {number}): not an option of Fairy-Stockfish's; ignored")
        except fm.ModelError as exc:
            notes.append(f"{where}.{key} (line {number}): {exc}; ignored")
    return model


_models: dict[str, dict] = {}


def built_in_model(name: str) -> dict:
    if name not in _models:
        _models[name] = build_model(catalogue()[name], {}, [], f"[{name}]")
    return _copy(_models[name])


def _copy(model: dict) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in model.items()}


# ---------------------------------------------------------------------- FSF's model -> hyperchess's table
# option -> the mechanism it needs when it differs from FSF's default (docs/variants-file.md lists them)
MECHANISMS = {
    "drop rules": ("sittuyinRookDrop", "dropChecks"),
    "two boards": ("twoBoards",),
    "promotion rules": ("sittuyinPromotion",),
    "flag region": ("flagPieceBlockedWin",),
    "connect N": ("connectN", "connectNxN", "collinearN", "connectRegion1White", "connectRegion2White",
                  "connectRegion1Black", "connectRegion2Black"),
    "extinction and pseudo-royals": ("dupleCheck",),
    "other results": ("castlingWins",),
    "gating, walls and passing": ("wallOrMove", "petrifyBlastPieces"),
    "chess960": ("castlingKingFile", "oppositeCastling"),
    "double steps from a region": ("tripleStepRegionWhite", "tripleStepRegionBlack"),
}
MECHANISM_OF = {key: mech for mech, keys in MECHANISMS.items() for key in keys}
ORDER = ("drop rules", "two boards", "piece promotion", "promotion rules", "regions", "flag region", "n-check",
         "must capture", "connect N", "extinction and pseudo-royals",
         "other results", "gating, walls and passing", "chess960", "double steps from a region",
         "lopsided armies", "Betza moves", "pawn rules")
VALUES = {k: int(v) for k, v in (w.split(":") for w in """pawn:100 knight:320 bishop:330 rook:500 queen:900
    fers:150 alfil:120 archbishop:850 chancellor:900 amazon:1200 commoner:300 king:0 shogiPawn:50 lance:160
    shogiKnight:170 silver:260 gold:280 dragonHorse:600 bers:700 wazir:160""".split())}


def needs(model: dict) -> dict[str, list[str]]:
    """mechanism -> the options of ``model`` that need it (those differing from FSF's defaults)."""
    base = fm._DEFAULTS
    out: dict[str, list[str]] = {}
    for key, mech in MECHANISM_OF.items():
        if model.get(key) != base.get(key):
            out.setdefault(mech, []).append(key)
    if model["blastOnCapture"] and model["wallingRule"] != "none":      # the two special moves do not compose yet
        out.setdefault("gating, walls and passing", []).append("wallingRule with blastOnCapture")
    board = model["startFen"].split(" ")[0]
    if model["gating"] != model["seirawanGating"] and not (model["gating"] and model["cambodianMoves"]):
        # gates without Seirawan's gating (or its first moves), or the reverse
        out.setdefault("gating, walls and passing", []).append("gating" if model["gating"] else "seirawanGating")
    if "[" in board and board[board.index("[") + 1:board.index("]") if "]" in board else None].strip("-") \
            and not model["pieceDrops"] and not model["seirawanGating"]:
        out.setdefault("gating, walls and passing", []).append("startFen (pieces in hand without drops)")
    if not model["pieceDrops"] and any(model[k] != base[k] for k in ("capturesToHand", "dropLoop")):
        out.setdefault("drop rules", []).append("pieces to hand without drops")
    if "~" in board:
        out.setdefault("piece promotion", []).append("startFen (promoted pieces)")
    fields = model["startFen"].split(" ")
    if any("+" in f for f in fields[1:]) and not model["checkCounting"]:
        out.setdefault("n-check", []).append("startFen (check counts)")
    return out


def to_table(name: str, model: dict, reasons: bool = True) -> dict[str, Any]:
    """The variants-file table of FSF's ``model`` (``variantsfile.FileGame`` builds it), or NotPlayable
    (``reasons`` False: at the first reason found, for a quick listing)."""
    missing = needs(model)
    if missing and not reasons:
        raise NotPlayable("needs " + "; ".join(missing))
    table: dict[str, Any] = {}
    files, ranks = model["maxFile"], model["maxRank"]
    table["files"], table["ranks"] = files, ranks
    # FSF turns Black's moves half round (src/bitboard.cpp: a black piece steps by -d), where a mirror keeps
    # its left and right: the same for symmetric pieces, not for fl-like ones
    table["players"] = [{"name": "white", "letter": "w", "forward": [0, 1, 0]},
                        {"name": "black", "letter": "b", "forward": [0, -1, 0], "side": [-1, 0, 0]}]
    on_board = frozenset((f, r) for f in range(files) for r in range(ranks))
    present = set(model["letters"])
    pawns = model["promotionPawnTypesWhite"] & present
    if model["promotionPawnTypesBlack"] & present != pawns or not _en_passant_types(model, pawns, present):
        missing.setdefault("pawn rules", []).append("promotionPawnTypes/enPassantTypes")
    clock = [model[f"nMoveRuleTypes{c}"] & present for c in fm.COLORS]
    if clock != [pawns, pawns]:
        # FSF resets the count only for a move the piece could not make back (src/position.cpp, do_move)
        if any(_steps_back(model, pt) for pt in clock[0] | clock[1]):
            missing.setdefault("pawn rules", []).append("nMoveRuleTypes (of a piece that can step back)")
        letters = ["".join(sorted(model["letters"][pt] for pt in types)) for types in clock]
        table["n_move_rule_pieces"] = letters[0] if letters[0] == letters[1] else letters
    ep_regions = [model["enPassantRegionWhite"] & on_board, model["enPassantRegionBlack"] & on_board]
    en_passant = any(ep_regions)
    if en_passant and ep_regions != [on_board, on_board]:
        table["en_passant_squares"] = [sorted(_sq(q) for q in region) for region in ep_regions]
    pieces: dict[str, Any] = {}
    fen_board = model["startFen"].split(" ")[0].split("[")[0]
    initial_region = [model["doubleStepRegionWhite"] & on_board, model["doubleStepRegionBlack"] & on_board]
    if not model["doubleStep"]:
        initial_region = [frozenset(), frozenset()]
    royal = set()
    ext = (model["extinctionValue"], model["extinctionPieceTypes"], model["extinctionPieceCount"],
           model["extinctionOpponentPieceCount"], model["extinctionClaim"])
    bare_king = "none"
    check = "check"
    blasts = model["blastOnCapture"]
    if model["extinctionPseudoRoyal"] and ext[1]:
        # pseudo-royal pieces are never captured: FSF's extinction does not apply to them unless a blast
        # can remove them (position.cpp, is_immediate_game_end)
        table["pseudo_royal"] = {"pieces": _letters(model, ext[1]), "count": ext[2] + 1}
    if (model["extinctionPseudoRoyal"] and ext[1] and not blasts) or ext[0] == "none" or not ext[1]:
        pass
    elif ext == ("loss", frozenset({"*"}), 1, 2, True):
        bare_king = "reply"
    elif ext[0] == "loss" and not ext[3] and "king" not in model["letters"] and len(ext[1]) == 1 and \
            "*" not in ext[1] and ext[2] in (0, _start_count(model, ext[1]) - 1) and not blasts:
        # (with blasts both sides may lose their last one at once: FSF's extinction decides, not the core's)
        royal = set(ext[1])              # losing this type loses (one type: FSF counts each type apart)
        check = EXTINCTION if ext[2] == 0 else "capture"
    else:
        table[EXTINCTION] = {"value": ext[0], "pieces": _letters(model, ext[1]), "count": ext[2],
                               "opponent_count": ext[3], "claim": ext[4]}
    _endings(model, table, files, ranks, missing)
    if blasts:
        table["blast_on_capture"] = True
    for option, key in (("blastImmuneTypes", "blast_immune_types"), ("mutuallyImmuneTypes", "mutually_immune_types")):
        if model[option]:
            table[key] = _letters(model, model[option])
    for pt, letter in model["letters"].items():
        betza = model["custom"].get(pt, "") if pt in fm.CUSTOM else (model["kingBetza"] or "K") if pt == "king" \
            else fm.PIECE_BETZA[pt]
        if pt == "immobile":                     # FSF's IMMOBILE_PIECE: it never moves (Reversi's stones)
            pieces[letter] = {"name": pt, "value": 100, "immobile": True}
            continue
        try:
            plain, first = atoms(betza)
        except FsfBetzaError as exc:
            missing.setdefault("Betza moves", []).append(f"{pt}: {exc}")
            continue
        if pt == "pawn" and initial_region[0]:
            first = (Path(((0, 1, 0), (0, 2, 0))),)
        if not en_passant:
            first = tuple(Path(a.offsets, a.initial, en_passant=False) for a in first)
        if pt in ("pawn",) and not initial_region[0]:
            first = ()
        if not plain and not first:
            missing.setdefault("gating, walls and passing", []).append(f"{pt} (a piece that never moves)")
            continue
        pieces[letter] = {"name": pt, "value": VALUES.get(pt, 300), "royal": pt == "king" or pt in royal,
                          "pawn": pt in pawns, "moves": [_move(a) for a in plain + first]}
        if pt == "janggiCannon":        # neither hops over nor takes a janggi cannon (src/position.h, moves_from)
            for move in pieces[letter]["moves"]:
                if "hop" in move:
                    move["unlike"] = True
        pieces[letter]["moves"] += _diagonal_lines(model, pt, betza, on_board)
        _regions(model, pt, pieces[letter], on_board)
        if first:
            table.setdefault("initial_squares", {})[letter] = [
                sorted(_sq(s) for s in initial_region[0]), sorted(_sq(s) for s in initial_region[1])]
    if not pieces:
        missing.setdefault("Betza moves", []).append("no piece the core can move")
    letters = ["".join(model["letters"][pt].lower() for pt in sorted(model[f"promotionPieceTypes{c}"])
                       if pt in model["letters"]) for c in fm.COLORS]
    table["promotion"] = letters[0] if letters[0] == letters[1] else letters
    zone_w, zone_b = model["promotionRegionWhite"] & on_board, model["promotionRegionBlack"] & on_board
    depth = len({r for _, r in zone_w})
    table["promotion_ranks"] = max(depth, 1)
    if zone_w != {(f, r) for f in range(files) for r in range(ranks - depth, ranks)} \
            or zone_b != {(f, r) for f in range(files) for r in range(depth)} or depth == 0:
        table["promotion_squares"] = [sorted(_sq(q) for q in zone_w), sorted(_sq(q) for q in zone_b)]
    table["pieces"] = pieces
    table["check"] = check
    table["bare_king"] = bare_king
    table["stalemate"] = model["stalemateValue"] if model["stalemateValue"] != "none" else "draw"
    table["fifty_plies"] = 2 * model["nMoveRule"] if model["nMoveRule"] > 0 else 0
    table["repetition"] = model["nFoldRule"]
    table["repetition_value"] = model["nFoldValue"] if model["nFoldValue"] != "none" else "draw"
    table["perpetual_check"] = "loss" if model["perpetualCheckIllegal"] else "draw"
    table["flying_general"] = model["flyingGeneral"]
    table["chasing"] = model["chasingRule"]
    _piece_rules(model, table, pawns, missing)
    for key, option in (("pass", "pass"), ("pass_on_stalemate", "passOnStalemate")):
        value = [model[f"{option}{c}"] for c in fm.COLORS]
        if any(value):
            table[key] = value[0] if value[0] == value[1] else value
    if model["bikjangRule"]:
        table["bikjang_rule"] = True
    if model["moveRepetitionIllegal"]:
        table["move_repetition_illegal"] = True
    _pawn_rules(model, table, missing)
    _walls(model, table, on_board)
    _flips(model, table, files, ranks, missing)
    _counting(model, table)
    start, castling = _start(model, files, ranks, missing)
    if model["pieceDrops"] or model["seirawanGating"]:
        _hands(model, table, files, ranks, missing)
        fen_hand = model["startFen"].split(" ")[0]
        hand = fen_hand.split("[", 1)[1].split("]", 1)[0] if "[" in fen_hand else ""
        board, rest = start.split(" ", 1)
        start = f"{board}[{hand.strip('-')}] {rest}"
    counters = [f for f in model["startFen"].split()[2:] if _CHECKS.match(f)]
    if model["checkCounting"] and counters:
        fields = start.split(" ")
        start = " ".join(fields[:4] + counters[:1] + fields[4:])
    table["start"] = start
    if model["castlingDroppedPiece"] and model["castling"] and not castling:
        castling = _dropped_castlings(model, files)
    table["castling"] = castling
    if model["chess960"]:
        table["chess960"] = True
    # royal pieces in hand count too (a game of set-up drops, with mustDrop)
    in_hand = model["startFen"].split(" ")[0].partition("[")[2].partition("]")[0] if model["pieceDrops"] else ""
    royal_types = {p for p in model["letters"] if p == "king" or p in royal}
    pieces = [ch for ch in fen_board + in_hand if ch.isalpha()]
    royal_letters = {ch for ch in {ch.upper() for ch in pieces} if _type(model, ch) in royal_types}
    counts = [sum(1 for ch in pieces if ch.isupper() == (c == 0) and ch.upper() in royal_letters) for c in (0, 1)]
    if counts[0] != counts[1] or (not max(counts) and "pseudo_royal" in table):
        # (no king at the start: pseudo-royal pieces stand in for it until one promotes to a king)
        if max(counts) > 1:
            missing.setdefault("lopsided armies", []).append("startFen (a side with several royal pieces)")
        table["lopsided_royals"] = True
    if missing:
        parts = [f"{m} ({', '.join(dict.fromkeys(missing[m]))})" for m in ORDER if m in missing]
        raise NotPlayable("needs " + "; ".join(parts))
    ours = model.get("ours", {})
    table["source"] = ours.get("source", "")[:1000]
    if "title" in ours:
        table["title"] = ours["title"]
    table["description"] = ours.get("description", f"Fairy-Stockfish's {name}")
    return table


def _betza(model: dict, pt: str) -> str:
    """FSF's Betza of piece type ``pt``."""
    return model["custom"].get(pt, "") if pt in fm.CUSTOM else (model["kingBetza"] or "K") if pt == "king" \
        else fm.PIECE_BETZA[pt]


def _quiet_vectors(model: dict, pt: str) -> set[tuple[int, int]]:
    """The directions of ``pt``'s quiet moves (initial ones aside), or an empty set when unreadable."""
    try:
        plain, _ = atoms(_betza(model, pt))
    except FsfBetzaError:
        return set()
    out: set[tuple[int, int]] = set()
    for a in plain:
        if getattr(a, "mode", Mode.MOVE) is not Mode.CAPTURE:
            out |= {(v[0], v[1]) for v in getattr(a, "vectors", None) or a.directions}
    return out


def _steps_back(model: dict, pt: str) -> bool:
    """Can a quiet move of ``pt`` be undone by another (FSF's reversible move, which keeps the n-move count)?"""
    vectors = _quiet_vectors(model, pt)
    return any((-x, -y) in vectors for x, y in vectors)


def _en_passant_types(model: dict, pawns: frozenset, present: set) -> bool:
    """Are FSF's en-passant types what the core makes of them: the same for both colours, pawns, and exactly
    the pawns that capture somewhere they cannot move (the core lets any capture-only step take en passant)?"""
    types = model["enPassantTypesWhite"] & present
    if types != model["enPassantTypesBlack"] & present or not types <= pawns:
        return False
    moves = {}
    for pt in present:
        try:
            moves[pt] = atoms(_betza(model, pt))
        except FsfBetzaError:
            return False
    if not any(first for _, first in moves.values()) and not ("pawn" in present and model["doubleStep"]):
        return True                     # no double step, no en passant: the types do not matter
    for pt in pawns:
        plain, _ = moves[pt]
        captures_apart = any(isinstance(a, Leap) and a.mode is Mode.CAPTURE for a in plain)
        if captures_apart != (pt in types) and pt != "pawn":     # FSF's pawn always may (movegen.cpp)
            return False
    return True


def _letters(model: dict, types: frozenset) -> str:
    """FSF's piece types as the game's letters (``*``: every piece)."""
    return "*" if "*" in types else "".join(sorted(model["letters"][pt] for pt in types if pt in model["letters"]))


def _endings(model: dict, table: dict, files: int, ranks: int, missing: dict) -> None:
    """FSF's other endings as the keys of variants/endings.py: flag squares, no checks, n-check, must capture,
    what checkmate and stalemate give."""
    board = frozenset((f, r) for f in range(files) for r in range(ranks))
    regions = [model[f"flagRegion{c}"] & board for c in fm.COLORS]
    if any(regions):
        pieces = [model[f"flagPiece{c}"] for c in fm.COLORS]
        table["flag_piece"] = ["" if not region or pt == "-" else "*" if pt == "*" else model["letters"].get(pt, "")
                               for pt, region in zip(pieces, regions)]
        table["flag_squares"] = [sorted(_sq(s) for s in region) for region in regions]
        table["flag_move"] = model["flagMove"]
        table["flag_count"] = max(1, model["flagPieceCount"])
        if model["flagPieceSafe"]:
            table["flag_piece_safe"] = True
    if not model["checking"]:
        table["giving_check"] = False
    if model["checkCounting"]:
        if model["pieceDrops"]:
            missing.setdefault("n-check", []).append("checkCounting with pieceDrops")
        table["check_counting"] = True
    if model["mustCapture"]:
        table["must_capture"] = True
    if model["checkmateValue"] == "none":
        missing.setdefault("other results", []).append("checkmateValue = none")
    elif model["checkmateValue"] != "loss":
        table["checkmate"] = model["checkmateValue"]
    if model["stalematePieceCount"]:
        table["stalemate_piece_count"] = True
    if model["shatarMateRule"]:
        # FSF's rule names its piece types (src/position.h, checkmate_value; shak: position.cpp, set_check_info)
        table["checkmate_not_by"] = _letters(model, frozenset({"knight"}) & set(model["letters"]))
        table["checkmate_check_by"] = _letters(model, frozenset({"knight", "rook", "bers"}) & set(model["letters"]))
    counting = model["materialCounting"]
    if counting in _COUNTING:
        table["material_counting"] = _COUNTING[counting]
    elif counting != "none":
        # FSF's weighted count (src/position.h, material_counting_result): the first player wins when its
        # points less one are above the second's, else the second player wins: 1.5 points to the second
        weights = {model["letters"][pt]: w for pt, w in _COUNTING_WEIGHTS.items() if pt in model["letters"]}
        table["material_counting"] = {"weights": weights, "second_player_points": 1.5}


_COUNTING = {"unweighted": "unweighted", "whitedrawodds": "white_draw_odds", "blackdrawodds": "black_draw_odds"}
_COUNTING_WEIGHTS = {"rook": 13, "janggiCannon": 7, "horse": 5, "janggiElephant": 3, "wazir": 3, "soldier": 2}


def _hands(model: dict, table: dict, files: int, ranks: int, missing: dict) -> None:
    """FSF's drop options as the hands' keys (variants/hands.py): captures to hand, drop loop, pawn drops on
    the first row or in the zone, and a drop region that is the mover's first rows."""
    table["piece_drops"] = model["pieceDrops"]
    table["gating"] = model["seirawanGating"]
    table["captures_to_hand"] = model["capturesToHand"]
    table["drop_loop"] = model["dropLoop"]
    table["first_rank_pawn_drops"] = model["firstRankPawnDrops"]
    table["promotion_zone_pawn_drops"] = model["promotionZonePawnDrops"]
    table["drop_promoted"] = model["dropPromoted"]
    if model["freeDrops"]:
        table["free_drops"] = True
    if model["mustDrop"]:
        table["must_drop"] = True
        if model["mustDropType"] != "*":
            table["must_drop_type"] = model["letters"][model["mustDropType"]]
    if model["dropOppositeColoredBishop"] and "bishop" in model["letters"]:
        table["drop_opposite_colored_bishop"] = model["letters"]["bishop"]
    if model["castlingDroppedPiece"] and model["castling"]:
        rooks = _letters(model, model["castlingRookPiecesWhite"])
        if model["castlingRookPiecesBlack"] != model["castlingRookPiecesWhite"] or rooks == "*" or \
                model["castlingKingPieceWhite"] != "king" or model["castlingKingPieceBlack"] != "king":
            missing.setdefault("drop rules", []).append("castlingDroppedPiece with other castling pieces")
        elif rooks:
            table["castling_dropped_piece"] = rooks
    if model["dropNoDoubled"] in model["letters"]:
        table["drop_no_doubled"] = model["letters"][model["dropNoDoubled"]]
        table["drop_no_doubled_count"] = model["dropNoDoubledCount"]
    board = frozenset((f, r) for f in range(files) for r in range(ranks))
    white, black = model["dropRegionWhite"] & board, model["dropRegionBlack"] & board
    rows = len({r for _, r in white})
    if white == board and black == board:
        return
    if white == {(f, r) for f in range(files) for r in range(rows)} and \
            black == {(f, r) for f in range(files) for r in range(ranks - rows, ranks)}:
        table["drop_rows"] = rows
    else:
        missing.setdefault("drop rules", []).append("dropRegion")


def _flips(model: dict, table: dict, files: int, ranks: int, missing: dict) -> None:
    """FSF's Reversi and Ataxx options as the keys of variants/flips.py."""
    for option, key in (("flipEnclosedPieces", "flip_enclosed_pieces"), ("enclosingDrop", "enclosing_drop")):
        if model[option] in ("reversi", fm.ATAXX):
            table[key] = model[option]
        elif model[option] != "none":
            missing.setdefault("gating, walls and passing", []).append(f"{option} = {model[option]}")
    start = model["enclosingDropStart"] & frozenset((f, r) for f in range(files) for r in range(ranks))
    if start and model["enclosingDrop"] != "none":
        table["enclosing_drop_start"] = sorted(_sq(q) for q in start)
    if model["adjudicateFullBoard"]:
        table["adjudicate_full_board"] = True


def _piece_rules(model: dict, table: dict, pawns: frozenset, missing: dict) -> None:
    """FSF's piece promotion and the shogi family's rules as the keys of variants/piece_rules.py, and a
    repetition value for the first player (``nFoldValueAbsolute``)."""
    letters = model["letters"]
    promo = {a: b for a, b in model["promotedPieceType"] if b != "-" and a in letters and b in letters}
    if promo:
        if "king" in promo or set(promo.values()) & set(promo):
            missing.setdefault("piece promotion", []).append("promotedPieceType (of a king, or promoting twice)")
        table["piece_promotion"] = {letters[a]: letters[b] for a, b in promo.items()}
        for key, option in (("mandatory_piece_promotion", "mandatoryPiecePromotion"),
                            ("piece_promotion_on_capture", "piecePromotionOnCapture"),
                            ("piece_demotion", "pieceDemotion")):
            table[key] = model[option]
    if model["immobilityIllegal"]:
        table["immobility_illegal"] = True
    # FSF's rule names its shogi pawn type (position.h, checkmate_value)
    if model["shogiPawnDropMateIllegal"] and "shogiPawn" in letters and model["pieceDrops"]:
        table["drop_mate_illegal"] = letters["shogiPawn"]
    if model["nFoldValueAbsolute"] and model["nFoldValue"] not in ("draw", "none"):
        table["repetition_absolute"] = True


def _counting(model: dict, table: dict) -> None:
    """FSF's counting rules (src/position.cpp ``count_limit``, ``do_move``) as variants/counting.py's data,
    the first moves of its ``cambodianMoves`` (src/movegen.cpp: the king's knight leap to the next rank,
    the fers's double step; a rook lined up with the king takes the king's) and its ``makpongRule``."""
    letters = model["letters"]
    rule = model["countingRule"]
    if rule in fm.COUNTING_RULES:
        which = fm.COUNTING_RULES.index(rule)
        rook, khon, knight = (letters.get(pt) for pt in ("rook", "silver", "knight"))
        if which == 2:
            honour, moves = [(rook, 1, 16), (khon, 1, 44), (knight, 1, 64)], 0
        else:
            less = which                    # the second rule counts one move fewer throughout
            honour = [(rook, 2, 8 - less), (rook, 1, 16 - less), (khon, 2, 22 - less), (knight, 2, 32 - less),
                      (khon, 1, 44 - less)]
            moves = 64 - less
        table["counting"] = {"board_honour": moves if which < 2 else 0, "board_honour_pieces": 3 if which == 1 else 0,
                             "board_honour_with_pawns": which == 1,
                             "pieces_honour": [[p, n, m] for p, n, m in honour if p], "pieces_honour_else": moves,
                             "pieces_honour_from_count": which < 2, "last_pawn": which < 2}
    if model["cambodianMoves"] and model["gating"]:
        first = {}
        if "king" in letters:
            first[letters["king"]] = [[-2, 1], [2, 1]]
        if "fers" in letters:
            first[letters["fers"]] = [[0, 2]]
        table["first_moves"] = first
        if "rook" in letters:
            table["first_moves_lost"] = letters["rook"]
    if model["makpongRule"]:
        table["makpong_rule"] = True


def _walls(model: dict, table: dict, on_board: frozenset) -> None:
    """FSF's walls as the keys of variants/walls.py: the walling rule, its regions (on the board), and the
    pieces that petrify when they capture."""
    if model["wallingRule"] != "none":
        table["walling_rule"] = model["wallingRule"]
        regions = [model[f"wallingRegion{c}"] & on_board for c in fm.COLORS]
        if any(r != on_board for r in regions):
            table["walling_region"] = [sorted(_sq(q) for q in r) for r in regions]
    if model["petrifyOnCaptureTypes"]:
        table["petrify_on_capture"] = _letters(model, model["petrifyOnCaptureTypes"])


def _pawn_rules(model: dict, table: dict, missing: dict) -> None:
    """FSF's promotion limits and optional pawn promotion as the keys of variants/pawn_rules.py."""
    letters = model["letters"]
    limits = {letters[pt]: n for pt, n in model["promotionLimit"] if n and pt in letters}
    if limits:
        # FSF counts a piece promotion's target too (src/movegen.cpp, generate_moves); ours are kinds apart
        if {letters.get(b) for _, b in model["promotedPieceType"]} & set(limits):
            missing.setdefault("promotion rules", []).append("promotionLimit (of a piece promotion's target)")
        table["promotion_limit"] = limits
    if not model["mandatoryPawnPromotion"]:
        table["mandatory_pawn_promotion"] = False


def _regions(model: dict, pt: str, piece: dict, on_board: frozenset) -> None:
    """FSF's regions of piece type ``pt`` as the piece's keys (variants/regions.py): its mobility region
    (``mobilityRegionWhiteKing``, ...; none for a colour: the whole board) as ``region``, and the soldier's
    sideways step, which FSF allows only from ``soldierPromotionRank`` on (src/position.h, ``moves_from``:
    an unpromoted soldier keeps to its file), as a move with ``from``."""
    name = pt[0].upper() + pt[1:]
    regions = [model[f"mobilityRegion{c}{name}"] for c in fm.COLORS]
    if any(regions):                    # FSF: a colour without a region (none given) has the whole board
        piece["region"] = [sorted(_sq(q) for q in (r & on_board if r else on_board)) for r in regions]
    rank = model["soldierPromotionRank"]
    if pt == "soldier" and rank > 1:
        ranks = model["maxRank"]
        across = [fm._zone(c, rank, ranks) & on_board for c in (0, 1)]
        piece["moves"] = [{"leap": [[0, 1]], "lame": False, "mode": "both"},
                          {"leap": [[1, 0], [-1, 0]], "lame": False, "mode": "both",
                           "from": [sorted(_sq(q) for q in a) for a in across]}]


# the extra moves a piece type has along the diagonal lines (src/position.h, ``moves_from``: a wazir-like piece
# the fers's step, a soldier the pawn's capture, a rook the bishop's slide, a janggi cannon its diagonal hop),
# as leaps and hops that start and end on those lines; a rook's slide along them is at most two steps
_DIAGONALS = {"wazir": [{"leap": [[1, 1], [1, -1], [-1, 1], [-1, -1]], "lame": False, "mode": "both"}],
              "soldier": [{"leap": [[1, 1], [-1, 1]], "lame": False, "mode": "both"}],
              "rook": [{"leap": [[1, 1], [1, -1], [-1, 1], [-1, -1]], "lame": False, "mode": "both"},
                       {"leap": [[2, 2], [2, -2], [-2, 2], [-2, -2]], "lame": True, "mode": "both"}],
              "janggiCannon": [{"hop": [[1, 1], [1, -1], [-1, 1], [-1, -1]], "style": "p", "mode": "both",
                                "unlike": True}]}


def _diagonal_lines(model: dict, pt: str, betza: str, on_board: frozenset) -> list[dict]:
    """Piece type ``pt``'s moves along ``diagonalLines`` (FSF reads the king by its king type: a king that
    moves as a wazir, ``k:W``, moves as one there too)."""
    lines = model["diagonalLines"] & on_board
    moves = _DIAGONALS.get("wazir" if pt == "king" and betza == "W" else pt, []) if lines else []
    squares = sorted(_sq(s) for s in lines)
    return [dict(m, **{"from": [squares, squares], "to": [squares, squares]}) for m in moves]


def _start_count(model: dict, types: frozenset) -> int:
    """How many pieces of ``types`` White starts with."""
    board = model["startFen"].split(" ")[0].split("[")[0]
    return sum(1 for ch in board if ch.isupper() and _type(model, ch) in types)


def _sq(s: tuple[int, int]) -> str:
    return f"{chr(97 + s[0])}{s[1] + 1}"


def _type(model: dict, ch: str) -> str | None:
    return next((pt for pt, c in model["letters"].items() if c == ch.upper()), None)


def _move(atom: Any) -> dict[str, Any]:
    mode = {Mode.BOTH: "both", Mode.MOVE: "move", Mode.CAPTURE: "capture"}[getattr(atom, "mode", Mode.MOVE)]
    vec = lambda vs: [[x, y] for x, y, _ in vs]
    if isinstance(atom, Path):
        return {"path": vec(atom.offsets), "initial": True, "en_passant": atom.en_passant}
    if isinstance(atom, Slide):
        return {"slide": vec(atom.directions), "range": atom.limit, "mode": mode}
    if isinstance(atom, Hop):
        return {"hop": vec(atom.directions), "style": atom.style, "mode": mode}
    assert isinstance(atom, Leap)
    return {"leap": vec(atom.vectors), "lame": atom.lame, "mode": mode}


def _start(model: dict, files: int, ranks: int, missing: dict) -> tuple[str, list]:
    """The start position in hyperchess's form (six fields, no holdings) and White's castlings."""
    board, turn, rights, ep, half, full = position_fields(model["startFen"])
    rows = board.split("/")
    grid = []
    for row in reversed(rows):                  # rank 1 first
        cells: list[str] = []
        num = ""
        for ch in row + "/":                    # "/": the row's end, closing a last run of empties
            if ch == "+":                       # a promoted piece: "+" and its letter fill one cell
                continue
            if ch.isdigit():
                num += ch
                continue
            if num:
                if len(num) > 3 or len(cells) + int(num) > files:
                    raise NotPlayable(f"startFen: a row of more than {files} files")
                cells += [""] * int(num)
                num = ""
            if ch not in "/+~":                 # FSF's promoted-piece marks take no cell
                cells.append(ch)
        grid.append(cells)
    castling: list[dict] = []
    kept = ""
    if model["castling"] and rights != "-":
        rank = model["castlingRank"] - 1
        for letter in "KQ":
            if letter not in rights and letter.lower() not in rights:
                continue
            # White's castling as the variants file writes it, found on Black's side when only Black may castle
            black = letter not in rights
            cas = _castling(model, grid, rank, files, letter == "K", black)
            if cas is None:
                missing.setdefault("chess960", []).append(f"startFen castling {letter}")
                continue
            castling.append(cas)
            kept += (letter if not black else "") + (letter.lower() if letter.lower() in rights else "")
        if any(ch not in "KQkq" for ch in rights) and not model["gating"]:
            missing.setdefault("chess960", []).append("startFen (castling by file)")
    order = "".join(ch for ch in "KQkq" if ch in kept) or "-"
    if model["gating"] and rights != "-":       # the file letters are gates (variants/gating.py): kept as FSF has them
        order = "".join(ch for ch in rights if ch not in "KQkq" or ch in kept) or "-"
    return f"{board} {turn} {order} {ep} {half} {full}", castling


def position_fields(fen: str) -> tuple[str, str, str, str, str, str]:
    """An FSF position string's fields as hyperchess reads them: board (holdings dropped), side, castling,
    en passant, the two clocks (FSF leaves out castling and en passant in games without them)."""
    fields = fen.split()
    board = fields[0].split("[")[0]
    turn = fields[1] if len(fields) > 1 else "w"
    rest = fields[2:]
    clocks = [f for f in rest if f.isdigit()]
    words = [f for f in rest if not f.isdigit() and "+" not in f]
    rights = words[0] if words else "-"
    ep = words[1] if len(words) > 1 else "-"
    clocks = clocks[-2:] if len(clocks) >= 2 else ["0", "1"]
    return board, turn, rights, ep, clocks[0], clocks[1]


def hyperchess_fen(fen: str) -> str:
    """An FSF position string in hyperchess's six fields (and n-check's checks left, ``3+3``, before the
    clocks, as FSF writes them)."""
    fields = position_fields(fen)
    counters = [f for f in fen.split()[2:] if _CHECKS.match(f)]
    return " ".join(fields[:4] + tuple(counters[:1]) + fields[4:])


def _castling(model: dict, grid: list[list[str]], rank: int, files: int, kingside: bool,
              black: bool = False) -> dict | None:
    """White's castling on one side as FSF finds it (src/position.cpp, ``set``): the castling king on the
    castling rank, the first castling rook from the given file inwards (``black``: found on Black's castling
    rank, for a side White cannot castle on)."""
    row = (grid[len(grid) - 1 - rank] if black else grid[rank]) if rank < len(grid) else []
    row = [ch.swapcase() for ch in row] if black else row
    color = "Black" if black else "White"
    king_pt = model[f"castlingKingPiece{color}"]
    rooks = model[f"castlingRookPieces{color}"]
    kings = [f for f, ch in enumerate(row) if ch.isupper() and _type(model, ch) == king_pt]
    if len(kings) != 1:
        return None
    kf = kings[0]
    f = min(model["castlingRookKingsideFile"], files) - 1 if kingside else model["castlingRookQueensideFile"] - 1
    step = -1 if kingside else 1
    while 0 <= f < files and not (row[f].isupper() and _type(model, row[f]) in rooks):
        f += step
    if not 0 <= f < files or (f > kf) != kingside:
        return None
    kto = (model["castlingKingsideFile"] if kingside else model["castlingQueensideFile"]) - 1
    rto = kto - 1 if kingside else kto + 1
    r = rank + 1
    letter = chr(65 + f) if model["chess960"] else "K" if kingside else "Q"    # Shredder-FEN's rook files in 960
    return {"king": f"{chr(97 + kf)}{r}", "to": f"{chr(97 + kto)}{r}", "rook": f"{chr(97 + f)}{r}",
            "rook_to": f"{chr(97 + rto)}{r}", "letter": letter}


def _dropped_castlings(model: dict, files: int) -> list[dict]:
    """White's castlings of a game whose kings and rooks are dropped (``castlingDroppedPiece``): the king on
    ``castlingKingFile`` of the castling rank, the rooks on its first and last files (src/position.cpp,
    ``do_move``)."""
    r = model["castlingRank"]
    king = f"{chr(96 + model['castlingKingFile'])}{r}"
    out = []
    for kingside in (True, False):
        kto = (model["castlingKingsideFile"] if kingside else model["castlingQueensideFile"]) - 1
        rook = files - 1 if kingside else 0
        rto = kto - 1 if kingside else kto + 1
        out.append({"king": king, "to": f"{chr(97 + kto)}{r}", "rook": f"{chr(97 + rook)}{r}",
                    "rook_to": f"{chr(97 + rto)}{r}", "letter": "K" if kingside else "Q"})
    return out


def read_ini(text: str, name: str, taken: frozenset[str] = frozenset(),
             reasons: bool = True) -> tuple[list[tuple[str, dict]], list[str]]:
    """(name, table) for each section hyperchess plays, and one line per note: an option FSF does not have,
    a section that cannot be played yet and why (``reasons`` False: the first reasons only). ``taken``:
    names a section may not use."""
    sections = parse_sections(text)
    if len(sections) > MAX_SECTIONS:
        raise ValueError(f"{name}: more than {MAX_SECTIONS} sections")
    known: dict[str, dict] = {}
    out: list[tuple[str, dict]] = []
    notes: list[str] = []
    for section in sections:
        where = f"{name}: [{section.name}]"
        if not section.name or section.name in known or section.name in taken:
            notes.append(f"{where}: a game of this name exists already; section skipped")
            continue
        try:
            model = build_model(section, known, notes, where)
        except NotPlayable as exc:
            notes.append(str(exc))
            continue
        known[section.name] = model
        try:
            out.append((section.name, to_table(section.name, model, reasons)))
        except NotPlayable as exc:
            notes.append(f"{where}: cannot be played yet: {exc}")
        except (FenError, ValueError, KeyError, IndexError) as exc:
            notes.append(f"{where}: {exc}")
    return out, notes
