"""Fairy-Stockfish's model of a game (``fsf_model``) translated into the table a TOML variants file gives
(``filegame.FileGame`` builds it): the board, the pieces and their moves, royalty and extinction, promotion,
the start position, and the keys of the rule mechanisms (``fsf_rules``); or ``NotPlayable``, naming the
mechanisms the core lacks (``needs``)."""
from __future__ import annotations

import re
from typing import Any

from hyperchess.variants.board.pieces import Hop, Leap, Mode, Path, Slide
from hyperchess.variants.formats import fsf_model as fm
from hyperchess.variants.formats import fsf_rules
from hyperchess.variants.formats.fsf_display import add_display
from hyperchess.variants.formats.fsf_betza import FsfBetzaError, atoms
from hyperchess.variants.formats.fsf_model import NotPlayable, square_name, type_letters, type_of
from hyperchess.variants.formats.fsf_start import CHECKS_LEFT, dropped_castlings, start_position

EXTINCTION = "extinction"       # the variants file's `check` value (also the name of one of FSF's games)
# option -> the mechanism it needs when it differs from FSF's default (docs/variants-file.md lists them)
MECHANISMS = {
    "gating, walls and passing": ("petrifyBlastPieces",),
    "chess960": ("castlingKingFile",),
}
MECHANISM_OF = {key: mech for mech, keys in MECHANISMS.items() for key in keys}
ORDER = ("drop rules", "piece promotion", "promotion rules", "regions", "flag region", "n-check",
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
    """The variants-file table of FSF's ``model`` (``filegame.FileGame`` builds it), or NotPlayable
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
    # a type that is a pawn for one colour only (khans's and spartan's black pawns) is a pawn of the file for
    # both, which is FSF's rule as long as the other colour never has one
    by_color = [model[f"promotionPawnTypes{c}"] & present for c in fm.COLORS]
    pawns = by_color[0] | by_color[1]
    if not _pawns_apart(model, by_color):
        missing.setdefault("pawn rules", []).append("promotionPawnTypes (a colour's pawn the other side may get)")
    if not _en_passant_types(model, pawns, present):
        missing.setdefault("pawn rules", []).append("enPassantTypes")
    clock = [model[f"nMoveRuleTypes{c}"] & present for c in fm.COLORS]
    if clock != [pawns, pawns]:
        # (a move the piece could make back keeps the count, in the core as in FSF: src/position.cpp, do_move)
        letters = ["".join(sorted(model["letters"][pt] for pt in types)) for types in clock]
        table["n_move_rule_pieces"] = letters[0] if letters[0] == letters[1] else letters
    ep_regions = [model["enPassantRegionWhite"] & on_board, model["enPassantRegionBlack"] & on_board]
    en_passant = any(ep_regions)
    if en_passant and ep_regions != [on_board, on_board]:
        table["en_passant_squares"] = [sorted(square_name(q) for q in region) for region in ep_regions]
    pieces: dict[str, Any] = {}
    fen_board = model["startFen"].split(" ")[0].split("[")[0]
    initial_region = [model["doubleStepRegionWhite"] & on_board, model["doubleStepRegionBlack"] & on_board]
    if not model["doubleStep"]:
        initial_region = [frozenset(), frozenset()]
    triple_region = [model["tripleStepRegionWhite"] & on_board, model["tripleStepRegionBlack"] & on_board]
    royal = set()
    ext = (model["extinctionValue"], model["extinctionPieceTypes"], model["extinctionPieceCount"],
           model["extinctionOpponentPieceCount"], model["extinctionClaim"])
    bare_king = "none"
    check = "check"
    blasts = model["blastOnCapture"]
    if model["extinctionPseudoRoyal"] and type_letters(model, ext[1]):
        # pseudo-royal pieces are never captured: FSF's extinction does not apply to them unless a blast
        # can remove them (position.cpp, is_immediate_game_end)
        table["pseudo_royal"] = {"pieces": type_letters(model, ext[1]), "count": ext[2] + 1}
        if model["dupleCheck"]:
            table["duple_check"] = True
    if (model["extinctionPseudoRoyal"] and ext[1] and not blasts) or ext[0] == "none" or not ext[1]:
        pass
    elif ext == ("loss", frozenset({"*"}), 1, 2, True):
        bare_king = "reply"
    elif ext[0] == "loss" and not ext[3] and "king" not in model["letters"] and len(ext[1]) == 1 and \
            ext[1] <= set(model["letters"]) and \
            "*" not in ext[1] and ext[2] in (0, _start_count(model, ext[1]) - 1) and not blasts:
        # (with blasts both sides may lose their last one at once: FSF's extinction decides, not the core's)
        royal = set(ext[1])              # losing this type loses (one type: FSF counts each type apart)
        check = EXTINCTION if ext[2] == 0 else "capture"
    else:
        # a type the game no longer has (``king = k`` took the commoner's letter) stays one of FSF's extinction
        # types, of which each side has none: "-"
        absent = "-" if any(pt != "*" and pt not in model["letters"] for pt in ext[1]) else ""
        table[EXTINCTION] = {"value": ext[0], "pieces": type_letters(model, ext[1]) + absent, "count": ext[2],
                               "opponent_count": ext[3], "claim": ext[4]}
    fsf_rules.add_endings(model, table, files, ranks, missing)
    fsf_rules.add_alignment(model, table, on_board, missing)
    if blasts:
        table["blast_on_capture"] = True
        # a blast spares FSF's pawn type only (position.cpp, do_move), not the other pieces of pawnTypes
        pawn = model["letters"].get("pawn")
        if any(pt != "pawn" for pt in pawns):
            table["blast_spared_types"] = pawn.upper() if pawn else ""
    for option, key in (("blastImmuneTypes", "blast_immune_types"), ("mutuallyImmuneTypes", "mutually_immune_types")):
        if model[option]:
            table[key] = type_letters(model, model[option])
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
        if pt == "pawn" and triple_region[0]:
            # FSF's triple step (src/movegen.cpp, generate_pawn_moves): from its own region, which the double
            # step's need not hold, so a move of its own that starts there
            first += (Path(((0, 1, 0), (0, 2, 0), (0, 3, 0)), initial=False),)
        if not en_passant:
            first = tuple(Path(a.offsets, a.initial, en_passant=False) if isinstance(a, Path) else a for a in first)
        elif any(isinstance(a, Leap) for a in first):
            # FSF opens en passant on the cells such a leap jumps over (position.cpp, do_move); the core does not
            missing.setdefault("Betza moves", []).append(f"{pt}: an initial leap where en passant is on")
        if pt in ("pawn",) and not initial_region[0]:
            first = tuple(a for a in first if isinstance(a, Path) and not a.initial)
        if not plain and not first:
            missing.setdefault("gating, walls and passing", []).append(f"{pt} (a piece that never moves)")
            continue
        gaps = _region_gaps(model, pt, plain, on_board)
        if gaps and any(isinstance(a, Hop) for a in plain):
            missing.setdefault("regions", []).extend(f"{key} (a hopper crossing squares outside it)" for key in gaps)
        elif gaps:
            # FSF's slider crosses squares outside its region and stops only inside: each of its steps a lame
            # leap (the cells between empty), which a region may leave gaps between
            plain = _slides_as_leaps(plain, max(files, ranks) - 1)
        pieces[letter] = {"name": pt, "value": VALUES.get(pt, 300), "royal": pt == "king" or pt in royal,
                          "pawn": pt in pawns, "moves": [_move(a) for a in plain + first]}
        for move in pieces[letter]["moves"]:
            if move.get("initial") is False:            # the triple step, from its region
                move["from"] = [sorted(square_name(s) for s in region) for region in triple_region]
                table["en_passant_every_cell"] = en_passant
        for atom, move in zip(plain + first, pieces[letter]["moves"]):
            if atom in first and isinstance(atom, Leap):    # an initial leap: from the double-step region
                move["from"] = [sorted(square_name(s) for s in region) for region in initial_region]
        if pt == "janggiCannon":        # neither hops over nor takes a janggi cannon (src/position.h, moves_from)
            for move in pieces[letter]["moves"]:
                if "hop" in move:
                    move["unlike"] = True
        pieces[letter]["moves"] += _diagonal_lines(model, pt, betza, on_board)
        _regions(model, pt, pieces[letter], on_board)
        if any(isinstance(a, Path) and a.initial for a in first):
            table.setdefault("initial_squares", {})[letter] = [
                sorted(square_name(s) for s in initial_region[0]), sorted(square_name(s) for s in initial_region[1])]
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
        table["promotion_squares"] = [sorted(square_name(q) for q in zone_w), sorted(square_name(q) for q in zone_b)]
    table["pieces"] = pieces
    # FSF's second letters of a type, read in a position's board where no type has that letter (position.cpp, set)
    synonyms = {ch: model["letters"][pt] for pt, ch in model["synonyms"].items()
                if pt in model["letters"] and model["letters"][pt] in pieces and ch not in model["letters"].values()}
    if synonyms:
        table["letter_synonyms"] = synonyms
    table["check"] = check
    table["bare_king"] = bare_king
    table["stalemate"] = model["stalemateValue"] if model["stalemateValue"] != "none" else "draw"
    table["fifty_plies"] = 2 * model["nMoveRule"] if model["nMoveRule"] > 0 else 0
    table["repetition"] = model["nFoldRule"]
    table["repetition_value"] = model["nFoldValue"] if model["nFoldValue"] != "none" else "draw"
    table["perpetual_check"] = "loss" if model["perpetualCheckIllegal"] else "draw"
    table["flying_general"] = model["flyingGeneral"]
    table["chasing"] = model["chasingRule"]
    fsf_rules.add_piece_rules(model, table, pawns, missing)
    for key, option in (("pass", "pass"), ("pass_on_stalemate", "passOnStalemate")):
        value = [model[f"{option}{c}"] for c in fm.COLORS]
        if any(value):
            table[key] = value[0] if value[0] == value[1] else value
    if model["bikjangRule"]:
        table["bikjang_rule"] = True
    if model["moveRepetitionIllegal"]:
        table["move_repetition_illegal"] = True
    fsf_rules.add_pawn_rules(model, table, missing)
    fsf_rules.add_walls(model, table, on_board)
    fsf_rules.add_flips(model, table, files, ranks, missing)
    fsf_rules.add_counting(model, table)
    start, castling = start_position(model, files, ranks, missing)
    if model["pieceDrops"] or model["seirawanGating"]:
        fsf_rules.add_hands(model, table, files, ranks, pawns, missing)
        fen_hand = model["startFen"].split(" ")[0]
        hand = fen_hand.split("[", 1)[1].split("]", 1)[0] if "[" in fen_hand else ""
        board, rest = start.split(" ", 1)
        start = f"{board}[{hand.strip('-')}] {rest}"
    counters = [f for f in model["startFen"].split()[2:] if CHECKS_LEFT.match(f)]
    if model["checkCounting"] and counters:
        fields = start.split(" ")
        start = " ".join(fields[:4] + counters[:1] + fields[4:])
    table["start"] = start
    if model["castlingDroppedPiece"] and model["castling"] and not castling:
        castling = dropped_castlings(model, files)
    table["castling"] = castling
    if model["castlingWins"] != "-":
        # FSF's letters name a side's castling (K, Q: White's king- and queenside); the file names each
        # castling by its letter
        wins = ""
        for ch in model["castlingWins"].split("-")[0]:      # FSF reads up to a "-", skipping other letters
            if ch not in "KQkq":
                continue
            kingside = ch in "Kk"
            found = [c["letter"] for c in castling if (c["to"] > c["king"]) == kingside]
            wins += (found[0].upper() if ch.isupper() else found[0].lower()) if found else ""
            if not found:
                missing.setdefault("other results", []).append("castlingWins (of a castling the start lacks)")
        table["castling_wins"] = wins
    if model["chess960"]:
        table["chess960"] = True
    if model["oppositeCastling"]:
        table["opposite_castling"] = True
    # royal pieces in hand count too (a game of set-up drops, with mustDrop)
    in_hand = model["startFen"].split(" ")[0].partition("[")[2].partition("]")[0] if model["pieceDrops"] else ""
    royal_types = {p for p in model["letters"] if p == "king" or p in royal}
    pieces = [ch for ch in fen_board + in_hand if ch.isalpha()]
    royal_letters = {ch for ch in {ch.upper() for ch in pieces} if type_of(model, ch) in royal_types}
    counts = [sum(1 for ch in pieces if ch.isupper() == (c == 0) and ch.upper() in royal_letters) for c in (0, 1)]
    if counts[0] != counts[1] or (not max(counts) and "pseudo_royal" in table):
        # (no king at the start: pseudo-royal pieces stand in for it until one promotes to a king)
        if max(counts) > 1:
            missing.setdefault("lopsided armies", []).append("startFen (a side with several royal pieces)")
        table["lopsided_royals"] = True
    if missing:
        parts = [f"{m} ({', '.join(dict.fromkeys(missing[m]))})" for m in ORDER if m in missing]
        raise NotPlayable("needs " + "; ".join(parts))
    add_display(name, model, table)
    ours = model.get("ours", {})
    table["source"] = ours.get("source", "")[:1000]
    if "title" in ours:
        table["title"] = ours["title"]
    table["description"] = ours.get("description", f"Fairy-Stockfish's {name}")
    for key, upper in (("values", True), ("eval", False)):     # hyperchess tune's (docs/variants-file.md)
        if key in ours:
            table[key] = our_pairs(ours[key], key, upper)
    return table


def our_pairs(text: str, key: str, upper: bool) -> dict[str, int]:
    """``n:325 b:340`` (``values``, by the section's piece letters) or ``mobility:5 king_attack:3`` (``eval``)
    into a table of whole numbers, checked where the TOML key of the same name is."""
    out: dict[str, int] = {}
    for word in text.split():
        name, colon, number = word.partition(":")
        if not colon or not name or not re.fullmatch(r"-?\d{1,7}", number):
            raise ValueError(f"{key}: {word!r} is not name:number (e.g. {'n:325' if upper else 'mobility:5'})")
        out[name.upper() if upper else name] = int(number)
    return out



def _betza(model: dict, pt: str) -> str:
    """FSF's Betza of piece type ``pt``."""
    return model["custom"].get(pt, "") if pt in fm.CUSTOM else (model["kingBetza"] or "K") if pt == "king" \
        else fm.PIECE_BETZA[pt]


def _pawns_apart(model: dict, by_color: list[frozenset]) -> bool:
    """Can a type that is a pawn for one colour only be a pawn for both? Yes when the other colour neither
    starts with one, nor promotes to one, nor drops one."""
    board = model["startFen"].split(" ")[0]
    for color, (mine, theirs) in enumerate(((by_color[0], by_color[1]), (by_color[1], by_color[0]))):
        other = 1 - color
        for pt in mine - theirs:
            letter = model["letters"][pt]
            if (letter.lower() if other else letter.upper()) in board or model["pieceDrops"] \
                    or pt in model[f"promotionPieceTypes{fm.COLORS[other]}"] \
                    or pt in {b for _, b in model["promotedPieceType"]}:
                return False
    return True


def _en_passant_types(model: dict, pawns: frozenset, present: set) -> bool:
    """Does the core capture en passant as FSF does? FSF lets a type of a colour's ``enPassantTypes`` take en
    passant where it attacks and cannot move (src/movegen.cpp, ``generate_moves``; its pawn always may); the
    core lets a pawn's capture-only leap take en passant. Only a double step opens en passant: without one
    the types do not matter. (A piece whose Betza the core cannot read is refused for that reason.)"""
    moves = {}
    for pt in present:
        try:
            moves[pt] = atoms(_betza(model, pt))
        except FsfBetzaError:
            continue
    if not (model["enPassantRegionWhite"] or model["enPassantRegionBlack"]):
        return True                     # no en passant anywhere
    if not any(first for _, first in moves.values()) and not ("pawn" in present and (
            model["doubleStep"] or model["tripleStepRegionWhite"] or model["tripleStepRegionBlack"])):
        return True                     # no double step, no en passant: the types do not matter
    # a capture one step straight ahead never reaches the cell a straight double step passed (the pawn that
    # passed it stands there): such a capture takes en passant nowhere
    straight = all(all(x == 0 for x, _, _ in getattr(a, "offsets", None) or a.vectors)
                   for _, first in moves.values() for a in first)
    takes = lambda a: isinstance(a, Leap) and a.mode is Mode.CAPTURE and (
        not straight or any(v[:2] != (0, 1) for v in a.vectors))
    for color in fm.COLORS:
        types = model[f"enPassantTypes{color}"] & present
        for pt, (plain, _) in moves.items():
            ours = pt in pawns and any(takes(a) for a in plain)
            theirs = pt in types and (pt == "pawn" or any(getattr(a, "mode", None) is Mode.CAPTURE for a in plain))
            if ours != theirs and pt != "pawn":
                return False
    return True



def _regions(model: dict, pt: str, piece: dict, on_board: frozenset) -> None:
    """FSF's regions of piece type ``pt`` as the piece's keys (variants/rules/regions.py): its mobility region
    (``mobilityRegionWhiteKing``, ...; none for a colour: the whole board) as ``region``, and the soldier's
    sideways step, which FSF allows only from ``soldierPromotionRank`` on (src/position.h, ``moves_from``:
    an unpromoted soldier keeps to its file), as a move with ``from``."""
    name = pt[0].upper() + pt[1:]
    regions = [model[f"mobilityRegion{c}{name}"] for c in fm.COLORS]
    if any(regions):                    # FSF: a colour without a region (none given) has the whole board
        piece["region"] = [sorted(square_name(q) for q in (r & on_board if r else on_board)) for r in regions]
    rank = model["soldierPromotionRank"]
    if pt == "soldier" and rank > 1:
        ranks = model["maxRank"]
        across = [fm._zone(c, rank, ranks) & on_board for c in (0, 1)]
        piece["moves"] = [{"leap": [[0, 1]], "lame": False, "mode": "both"},
                          {"leap": [[1, 0], [-1, 0]], "lame": False, "mode": "both",
                           "from": [sorted(square_name(q) for q in a) for a in across]}]


def _region_gaps(model: dict, pt: str, plain: tuple, on_board: frozenset) -> list[str]:
    """The mobility region options of ``pt`` where a slide or hop starting in the region crosses a square
    outside it before one inside: FSF's slider crosses such squares, the tables cannot
    (variants/board/move_tables.py)."""
    name = pt[0].upper() + pt[1:]
    out = []
    for color, c in enumerate(fm.COLORS):
        region = model[f"mobilityRegion{c}{name}"] & on_board
        if region and _crosses(region, plain, color, on_board):
            out.append(f"mobilityRegion{c}{name}")
    return out


def _slides_as_leaps(plain: tuple, longest: int) -> tuple:
    """``plain`` with each slide written as its lame leaps, one per distance (the same moves and attacks)."""
    out = []
    for atom in plain:
        if isinstance(atom, Slide):
            out += [Leap(tuple((x * i, y * i, z * i) for x, y, z in atom.directions), atom.mode, lame=i > 1)
                    for i in range(1, (atom.limit or longest) + 1)]
        else:
            out.append(atom)
    return tuple(out)


def _crosses(region: frozenset, plain: tuple, color: int, on_board: frozenset) -> bool:
    for atom in plain:
        if not isinstance(atom, (Slide, Hop)):
            continue
        for x, y, _ in atom.directions:
            x, y = (-x, -y) if color else (x, y)        # FSF turns Black's moves half round
            for f, r in region:
                line = []
                for i in range(1, (getattr(atom, "limit", 0) or len(on_board)) + 1):
                    q = (f + x * i, r + y * i)
                    if q not in on_board:
                        break
                    line.append(q in region)
                if True in line and False in line[:len(line) - line[::-1].index(True)]:
                    return True
    return False


# the extra moves a piece type has along the diagonal lines (src/position.h, ``moves_from``: a wazir-like piece
# the fers's step, a soldier the pawn's capture, a rook the bishop's slide, a janggi cannon its diagonal hop),
# as leaps and hops that start and end on those lines; a rook's slide along them is at most two steps
_DIAGONALS = {"wazir": [{"leap": [[1, 1], [1, -1], [-1, 1], [-1, -1]], "lame": False, "mode": "both"}],
              "soldier": [{"leap": [[1, 1], [-1, 1]], "lame": False, "mode": "both"}],
              "rook": [],           # the bishop's slide: written per game, as long as its lines (below)
              "janggiCannon": [{"hop": [[1, 1], [1, -1], [-1, 1], [-1, -1]], "style": "p", "mode": "both",
                                "unlike": True}]}


def _diagonal_lines(model: dict, pt: str, betza: str, on_board: frozenset) -> list[dict]:
    """Piece type ``pt``'s moves along ``diagonalLines`` (FSF reads the king by its king type: a king that
    moves as a wazir, ``k:W``, moves as one there too)."""
    lines = model["diagonalLines"] & on_board
    moves = _DIAGONALS.get("wazir" if pt == "king" and betza == "W" else pt, []) if lines else []
    if pt == "rook":
        # FSF's rook slides as a bishop from a cell of the lines to one, over cells of any kind (src/position.h,
        # moves_from; src/position.cpp, attackers_to): a lame leap for each distance between two of them
        far = sorted({abs(f - g) for f, r in lines for g, q in lines if f != g and abs(f - g) == abs(r - q)})
        moves = [{"leap": [[d, d], [d, -d], [-d, d], [-d, -d]], "lame": d > 1, "mode": "both"} for d in far]
    squares = sorted(square_name(s) for s in lines)
    return [dict(m, **{"from": [squares, squares], "to": [squares, squares]}) for m in moves]


def _start_count(model: dict, types: frozenset) -> int:
    """How many pieces of ``types`` White starts with."""
    board = model["startFen"].split(" ")[0].split("[")[0]
    return sum(1 for ch in board if ch.isupper() and type_of(model, ch) in types)



def _move(atom: Any) -> dict[str, Any]:
    mode = {Mode.BOTH: "both", Mode.MOVE: "move", Mode.CAPTURE: "capture"}[getattr(atom, "mode", Mode.MOVE)]
    vec = lambda vs: [[x, y] for x, y, _ in vs]
    if isinstance(atom, Path):
        return {"path": vec(atom.offsets), "initial": atom.initial, "en_passant": atom.en_passant}
    if isinstance(atom, Slide):
        return {"slide": vec(atom.directions), "range": atom.limit, "mode": mode}
    if isinstance(atom, Hop):
        return {"hop": vec(atom.directions), "style": atom.style, "mode": mode, **({"range": atom.limit} if atom.limit else {})}
    assert isinstance(atom, Leap)
    return {"leap": vec(atom.vectors), "lame": atom.lame, "mode": mode}
