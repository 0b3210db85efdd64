"""Fairy-Stockfish's rule options translated into the keys of hyperchess's rule mechanisms (variants/rules):
endings, pieces in hand and drops, flipping, piece promotion and the shogi family's rules, counting and first
moves, walls, pawn rules. Each ``add_...`` writes its keys into the table ``fsf_table.to_table`` builds and
names in ``missing`` what the core cannot play yet."""
from __future__ import annotations

from hyperchess.variants.formats import fsf_model as fm
from hyperchess.variants.formats.fsf_model import square_name, type_letters
from hyperchess.variants.rules.flips import DROP_RULES, FLIP_RULES


def add_endings(model: dict, table: dict, files: int, ranks: int, missing: dict) -> None:
    """FSF's other endings as the keys of variants/rules/end_rules.py: flag squares, no checks, n-check, must capture,
    what checkmate and stalemate give."""
    board = frozenset((f, r) for f in range(files) for r in range(ranks))
    regions = [model[f"flagRegion{c}"] & board for c in fm.COLORS]
    if any(regions):
        pieces = [model[f"flagPiece{c}"] for c in fm.COLORS]
        table["flag_piece"] = ["" if not region or pt == "-" else "*" if pt == "*" else model["letters"].get(pt, "")
                               for pt, region in zip(pieces, regions)]
        table["flag_squares"] = [sorted(square_name(s) for s in region) for region in regions]
        table["flag_move"] = model["flagMove"]
        table["flag_count"] = max(1, model["flagPieceCount"])
        if model["flagPieceSafe"]:
            table["flag_piece_safe"] = True
        if model["flagPieceBlockedWin"]:
            table["flag_blocked_win"] = True
    if not model["checking"]:
        table["giving_check"] = False
    if model["checkCounting"]:
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
        table["checkmate_not_by"] = type_letters(model, frozenset({"knight"}) & set(model["letters"]))
        table["checkmate_check_by"] = type_letters(model, frozenset({"knight", "rook", "bers"}) & set(model["letters"]))
    counting = model["materialCounting"]
    if counting in _COUNTING:
        table["material_counting"] = _COUNTING[counting]
    elif counting != "none":
        # FSF's weighted count (src/position.h, material_counting_result): the first player wins when its
        # points less one are above the second's, else the second player wins: 1.5 points to the second
        weights = {model["letters"][pt]: w for pt, w in _COUNTING_WEIGHTS.items() if pt in model["letters"]}
        table["material_counting"] = {"weights": weights, "second_player_points": 1.5}


def add_alignment(model: dict, table: dict, on_board: frozenset, missing: dict) -> None:
    """FSF's connect options as the keys of variants/rules/alignment.py (none when the game has no alignment
    rule: FSF then counts no piece, src/variant.cpp ``conclude``)."""
    regions = [[model[f"connectRegion{i}{c}"] & on_board for i in (1, 2)] for c in fm.COLORS]
    if not (model["connectN"] or model["connectNxN"] or model["collinearN"]
            or model["connectRegion1White"] or model["connectRegion1Black"]):
        return
    for option, key in (("connectN", "connect_n"), ("connectNxN", "connect_nxn"), ("collinearN", "collinear_n")):
        if model[option] > 0:
            table[key] = model[option]
    if any(r for pair in regions for r in pair):
        table["connect_regions"] = [[sorted(square_name(q) for q in r) for r in pair] for pair in regions]
    types = model["connectPieceTypes"]
    if "*" not in types:
        table["connect_pieces"] = type_letters(model, types & set(model["letters"])) or "-"
    for option, key in (("connectHorizontal", "connect_horizontal"), ("connectVertical", "connect_vertical"),
                        ("connectDiagonal", "connect_diagonal")):
        if not model[option]:
            table[key] = False
    if model["connectValue"] == "none":
        missing.setdefault("other results", []).append("connectValue = none")
    elif model["connectValue"] != "win":
        table["connect_value"] = model["connectValue"]


_COUNTING = {"unweighted": "unweighted", "whitedrawodds": "white_draw_odds", "blackdrawodds": "black_draw_odds"}
_COUNTING_WEIGHTS = {"rook": 13, "janggiCannon": 7, "horse": 5, "janggiElephant": 3, "wazir": 3, "soldier": 2}


def add_hands(model: dict, table: dict, files: int, ranks: int, pawns: frozenset, missing: dict) -> None:
    """FSF's drop options as the hands' keys (variants/rules/hands.py) and the rules on drops
    (variants/rules/drop_rules.py): captures to hand, drop loop, pawn drops on the first row or in the zone (of
    the types ``pawns`` of the table's pawns), the drop region (the mover's first rows, or any squares), the
    rook's first-row drops, no checking drops."""
    table["piece_drops"] = model["pieceDrops"]
    table["gating"] = model["seirawanGating"]
    table["captures_to_hand"] = model["capturesToHand"]
    table["drop_loop"] = model["dropLoop"]
    table["first_rank_pawn_drops"] = model["firstRankPawnDrops"]
    table["promotion_zone_pawn_drops"] = model["promotionZonePawnDrops"]
    # FSF keeps its pawn type alone off the first rank and out of the zone (src/position.h, drop_region), not
    # the other pieces of the table's pawns
    if pawns != frozenset({"pawn"}) & set(model["letters"]):
        table["drop_limited_types"] = model["letters"]["pawn"].upper() if "pawn" in model["letters"] else ""
    table["drop_promoted"] = model["dropPromoted"]
    if model["freeDrops"]:
        table["free_drops"] = True
    if model["twoBoards"]:
        table["two_boards"] = True
    if model["mustDrop"]:
        table["must_drop"] = True
        if model["mustDropType"] != "*":
            table["must_drop_type"] = model["letters"][model["mustDropType"]]
    if model["dropOppositeColoredBishop"] and "bishop" in model["letters"]:
        table["drop_opposite_colored_bishop"] = model["letters"]["bishop"]
    if model["castlingDroppedPiece"] and model["castling"]:
        rooks = type_letters(model, model["castlingRookPiecesWhite"])
        if model["castlingRookPiecesBlack"] != model["castlingRookPiecesWhite"] or rooks == "*" or \
                model["castlingKingPieceWhite"] != "king" or model["castlingKingPieceBlack"] != "king":
            missing.setdefault("drop rules", []).append("castlingDroppedPiece with other castling pieces")
        elif rooks:
            table["castling_dropped_piece"] = rooks
    if not model["dropChecks"] and model["pieceDrops"]:
        table["drop_checks"] = False
    if model["sittuyinRookDrop"] and "rook" in model["letters"]:
        # FSF's rook type drops only on its first rank (src/position.h, drop_region)
        table["piece_drop_rows"] = {model["letters"]["rook"]: 1}
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
        table["drop_squares"] = [sorted(square_name(q) for q in region) for region in (white, black)]


def add_flips(model: dict, table: dict, files: int, ranks: int, missing: dict) -> None:
    """FSF's Reversi and Ataxx options as the keys of variants/rules/flips.py."""
    # (FSF reads every rule's word for both options, but flips only by reversi, ataxx and quadwrangle and
    # drops by these, src/position.cpp do_move, src/position.h drop_region; the other pairs stay refused)
    for option, key, rules in (("flipEnclosedPieces", "flip_enclosed_pieces", FLIP_RULES),
                               ("enclosingDrop", "enclosing_drop", DROP_RULES)):
        if model[option] in rules:
            table[key] = model[option]
        elif model[option] != "none":
            missing.setdefault("gating, walls and passing", []).append(f"{option} = {model[option]}")
    start = model["enclosingDropStart"] & frozenset((f, r) for f in range(files) for r in range(ranks))
    if start and model["enclosingDrop"] != "none":
        table["enclosing_drop_start"] = sorted(square_name(q) for q in start)
    if model["adjudicateFullBoard"]:
        table["adjudicate_full_board"] = True


def add_piece_rules(model: dict, table: dict, pawns: frozenset, missing: dict) -> None:
    """FSF's piece promotion and the shogi family's rules as the keys of variants/rules/piece_rules.py, and a
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


def add_counting(model: dict, table: dict) -> None:
    """FSF's counting rules (src/position.cpp ``count_limit``, ``do_move``) as variants/rules/counting.py's data,
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


def add_walls(model: dict, table: dict, on_board: frozenset) -> None:
    """FSF's walls as the keys of variants/rules/walls.py: the walling rule, its regions (on the board), a wall
    instead of a move, and the pieces that petrify when they capture (``wallOrMove`` without a walling rule
    does nothing in FSF)."""
    if model["wallingRule"] != "none":
        table["walling_rule"] = model["wallingRule"]
        regions = [model[f"wallingRegion{c}"] & on_board for c in fm.COLORS]
        if any(r != on_board for r in regions):
            table["walling_region"] = [sorted(square_name(q) for q in r) for r in regions]
        if model["wallOrMove"]:
            table["wall_or_move"] = True
    if model["petrifyOnCaptureTypes"]:
        table["petrify_on_capture"] = type_letters(model, model["petrifyOnCaptureTypes"])


def add_pawn_rules(model: dict, table: dict, missing: dict) -> None:
    """FSF's promotion limits, optional pawn promotion and promotion in place (``sittuyinPromotion``) as the keys
    of variants/rules/pawn_rules.py."""
    letters = model["letters"]
    limits = {letters[pt]: n for pt, n in model["promotionLimit"] if n and pt in letters}
    if limits:
        table["promotion_limit"] = limits
    if not model["mandatoryPawnPromotion"]:
        table["mandatory_pawn_promotion"] = False
    if model["sittuyinPromotion"]:
        table["promotion_in_place"] = True

