"""Pieces and pawn rules of Fairy-Stockfish's games (issue 59): capture-only riders, promotion limits and
optional promotion, pawn types, lopsided armies. Each rule in a position made to show it, compared with
pyffish at every ply, and the same keys in TOML files, checked by their move lists."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants

from test_fsf_reference import game_for, needs_fsf, our_fen, replay

# (game, FSF position string, moves): every ply is compared with pyffish
CASES = [
    # capture-only riders: the knibis (mNcB) checks along an open diagonal from afar, not as a knight; a
    # piece between pins; the king may not step onto a line a capture-only rider sees
    ("hoppelpoppel", "4k3/8/8/8/8/2n5/8/4K3 w - - 0 1", []),
    ("hoppelpoppel", "4k3/8/2b5/8/8/8/8/4K2N w - - 0 1", ["h1f2", "c6d5", "e1d1", "d5e4"]),
    ("hoppelpoppel", "7k/8/8/8/8/2n5/3B4/4K3 w - - 0 1", ["e1f1", "c3a2"]),
    ("newzealand", "4k3/8/8/8/8/8/4R3/n3K3 w - - 0 1", ["e1f2", "a1c2"]),
    ("newzealand", "r3k3/8/8/8/8/8/8/N3K3 b - - 0 1", ["a8a7", "e1d2", "a7h7"]),
    # promotion limits: with every piece on the board a pawn on the 9th rank cannot move (the 10th would leave
    # it immobile); taking White's queen gives the queen back as a choice; promotion on the 8th and 9th is
    # optional
    ("grand", "k9/4P5/10/6P3/10/9r/9Q/10/10/KCARRBBNN1 b - - 0 1", ["j5j4", "g7g8", "a10a9", "g8g9"]),
    ("grand", "k9/4P5/10/10/10/10/10/10/10/KQ8 w - - 0 1", []),
    ("opulent", "k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1", ["e9e10l"]),
    # horde: en passant only onto the 3rd and 6th ranks (a pawn's double step from the first rank is safe), Black
    # castles with no White king on the board, and White with no piece left loses
    ("horde", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", ["a1a3"]),
    ("horde", "4k3/8/8/8/1p6/8/P7/8 w - - 0 1", ["a2a4", "b4a3"]),
    ("horde", "r3k2r/8/8/8/8/8/8/P7 b kq - 0 1", ["e8c8"]),
    ("horde", "8/8/8/8/8/8/1k6/P7 b - - 0 1", ["b2a1"]),
    # pawnback: a pawn's move (it may step back) keeps the n-move count, so the 100th ply without a capture or
    # promotion draws; a promotion resets it
    ("pawnback", "4k3/8/8/8/8/8/4P3/4K3 w - - 99 80", ["e2e3"]),
    ("pawnback", "4k3/P7/8/8/8/8/8/4K3 w - - 99 80", ["a7a8q", "e8d7"]),
    # wolf: a pawn promotes to its choices or, with "+", to the elephant (its promoted form); the sergeant (fK,
    # a pawn too) promotes by moving or capturing; a pawn takes a sergeant's double step en passant, and a
    # sergeant never takes en passant
    ("wolf", "2r4k/1P1S4/8/8/8/8/8/8/8/K7 w - - 0 1", ["b9c10+", "h10g9", "c10e9"]),
    ("wolf", "7k/8/8/8/8/8/1p6/8/S7/7K w - - 0 1", ["a2a4", "b4a3"]),
    ("wolf", "7k/8/1p6/8/S7/8/8/8/8/7K b - - 0 1", ["b8b6"]),
]


@needs_fsf
@pytest.mark.parametrize("variant, fen, moves", CASES)
def test_rules_match_pyffish(variant, fen, moves):
    game = game_for(variant)
    pos = game.position(our_fen(game, fen))
    replay(variant, pos, fen, moves)


def names(pos) -> set[str]:
    return {pos.move_name(m) for m in pos.legal_moves()}


def toml_game(text: str) -> FileGame:
    return FileGame(read_variants(text, "t.toml")[0])


CAPTURE_RIDER = """
[crider]
files = 5
ranks = 5
start = "4k/3p1/2X2/5/K4 w - - 0 1"
[crider.pieces]
K = { name = "king", betza = "K", royal = true }
P = { name = "pawn", betza = "fmWfcF", pawn = true }
X = { name = "knibis", betza = "mNcB" }
"""


def test_a_capture_only_rider_moves_as_a_knight_and_captures_along_its_lines():
    game = toml_game(CAPTURE_RIDER)
    pos = game.position()
    assert names(pos) == {"c3a2", "c3a4", "c3b1", "c3b5", "c3d1", "c3d5", "c3e2", "c3e4", "c3d4",
                          "a1a2", "a1b1", "a1b2"}
    # it gives check along an open diagonal, not a knight's leap away; its line is blocked by a piece between
    assert game.position("4k/5/2X2/5/K4 b - - 0 1").in_check()
    assert not game.position("4k/3p1/2X2/5/K4 b - - 0 1").in_check()
    assert not game.position("5/4k/2X2/5/K4 b - - 0 1").in_check()
    # the same piece in vectors: a capture-only slide
    vectors = CAPTURE_RIDER.replace('betza = "mNcB"', 'moves = [{ leap = [[1, 2]], symmetric = true, mode = "move" }, '
                                    '{ slide = [[1, 1]], symmetric = true, mode = "capture" }]')
    assert names(toml_game(vectors).position()) == names(pos)


def test_a_capture_only_rider_on_a_wrapped_board():
    """On a cylinder the capture line crosses the seam: X on a3 takes the pawn on e4 through the joined files."""
    text = CAPTURE_RIDER.replace("ranks = 5", "ranks = 5\nwrap_files = true")
    pos = toml_game(text).position("k4/4p/X4/5/K4 w - - 0 1")
    assert "a3e4" in names(pos)
    assert pos.game.position("k4/4p/X4/5/K4 b - - 0 1").attacked(pos.game.names.parse("e4"), (0,))


PROMOTION_LIMIT = """
[limited]
files = 5
ranks = 5
start = "k4/2P2/5/5/KQ3 w - - 0 1"
promotion = "qr"
promotion_limit = { Q = 1 }
[limited.pieces]
K = { name = "king", betza = "K", royal = true }
P = { name = "pawn", betza = "fmWfcF", pawn = true }
Q = { name = "queen", betza = "Q" }
R = { name = "rook", betza = "R" }
"""


def test_a_promotion_limit_counts_the_pieces_on_the_board():
    game = toml_game(PROMOTION_LIMIT)
    assert {m for m in names(game.position()) if m.startswith("c4")} == {"c4c5r"}
    assert {m for m in names(game.position("k4/2P2/5/5/K4 w - - 0 1")) if m.startswith("c4")} == {"c4c5q", "c4c5r"}
    # optional promotion: the plain move besides; with immobility_illegal not onto the last rank
    optional = PROMOTION_LIMIT.replace("promotion_limit", "mandatory_pawn_promotion = false\npromotion_limit")
    optional = optional.replace('promotion = "qr"', 'promotion = "qr"\npromotion_ranks = 2')
    pos = toml_game(optional).position("k4/5/2P2/5/KQ3 w - - 0 1")
    assert {m for m in names(pos) if m.startswith("c3")} == {"c3c4", "c3c4r"}
    pos = toml_game(optional.replace("promotion_ranks = 2", "promotion_ranks = 2\nimmobility_illegal = true"))\
        .position("k4/2P2/5/5/KQ3 w - - 0 1")
    assert {m for m in names(pos) if m.startswith("c4")} == {"c4c5r"}
    pos.push(pos.parse_move("c4c5r"))
    assert pos.fen().startswith("k1R2/5/5/5/KQ3 b")


@pytest.mark.parametrize("value, message", [
    ("{ Q = -1 }", "promotion_limit: a table of letter"),
    ('{ Q = "1" }', "promotion_limit: a table of letter"),
    ("{ X = 1 }", "promotion_limit: no piece 'X'"),
    ("3", "promotion_limit: a table of letter"),
])
def test_bad_promotion_limits_are_one_line(value, message):
    with pytest.raises(VariantsFileError, match=message) as info:
        read_variants(PROMOTION_LIMIT.replace("{ Q = 1 }", value), "t.toml")
    assert "\n" not in str(info.value)


EN_PASSANT = """
[passant]
files = 4
ranks = 6
start = "3k/4/4/1p2/4/P2K w - - 0 1"
initial_squares = { P = [["a1", "a2"], ["a5", "b5", "c5", "d5"]] }
en_passant_squares = [["a4", "b4", "c4", "d4"], ["a3", "b3", "c3", "d3"]]
lopsided_royals = true
[passant.pieces]
K = { name = "king", betza = "K", royal = true }
P = { name = "pawn", betza = "fmWfcFifmnD", pawn = true }
"""


def test_en_passant_only_onto_its_squares():
    """A double step leaves its passed cell open only where the other side may capture en passant: from a1 the
    pawn passes a2, outside Black's squares, so b3 cannot take; from a2 it passes a3 and b4 takes."""
    game = toml_game(EN_PASSANT)
    pos = game.position("3k/4/4/1p2/4/P2K w - - 0 1")
    pos.push(pos.parse_move("a1a3"))
    assert pos.fen().split()[3] == "-" and "b3a2" not in names(pos)
    pos = game.position("3k/4/1p2/4/P3/3K w - - 0 1")
    pos.push(pos.parse_move("a2a4"))
    assert pos.fen().split()[3] == "a3" and "b4a3" in names(pos)
    with pytest.raises(VariantsFileError, match="en_passant_squares: a list of squares for each player"):
        read_variants(EN_PASSANT.replace('["a3", "b3", "c3", "d3"]]', '"a3"]'), "t.toml")


def test_lopsided_royals_only_when_asked():
    """Sides may start with different numbers of royal pieces only with lopsided_royals (horde: White has
    none); a side without one is never in check, and loses as the game's other rules say."""
    game = toml_game(EN_PASSANT.replace("3k/4/4/1p2/4/P2K", "3k/4/4/1p2/4/P3"))
    assert not game.position().in_check() and "a1a3" in names(game.position())
    with pytest.raises(VariantsFileError, match="both sides need a king"):
        read_variants(EN_PASSANT.replace("3k/4/4/1p2/4/P2K", "3k/4/4/1p2/4/P3").replace("lopsided_royals = true", ""),
                      "t.toml")


def test_n_move_rule_pieces_say_whose_moves_reset_the_count():
    """Without the pawn among ``n_move_rule_pieces`` its moves count towards the draw; a promotion resets it."""
    text = PROMOTION_LIMIT.replace("promotion_limit = { Q = 1 }", 'n_move_rule_pieces = ""\nfifty_plies = 4')
    game = toml_game(text)
    pos = game.position("k4/5/5/2P2/K4 w - - 3 1")
    pos.push(pos.parse_move("c2c3"))
    assert pos.halfmove == 4 and pos.outcome().result == "1/2-1/2"
    pos = game.position("k4/2P2/5/5/K4 w - - 3 1")
    pos.push(pos.parse_move("c4c5q"))
    assert pos.halfmove == 0 and pos.outcome() is None
    pos = toml_game(text.replace('n_move_rule_pieces = ""', 'n_move_rule_pieces = ["P", ""]')).position(
        "k4/5/5/2P2/K4 w - - 3 1")
    pos.push(pos.parse_move("c2c3"))
    assert pos.halfmove == 0
    with pytest.raises(VariantsFileError, match="n_move_rule_pieces: the letters of pieces of this game"):
        read_variants(text.replace('n_move_rule_pieces = ""', 'n_move_rule_pieces = "X"'), "t.toml")


def test_a_pawn_with_a_promoted_form_and_a_pawn_that_moves_and_captures_alike():
    """``piece_promotion`` of a pawn: beside its choices, ``+`` makes it the promoted kind; a pawn whose step
    moves and captures (``fK``) promotes either way, and never captures en passant."""
    text = PROMOTION_LIMIT.replace("promotion_limit = { Q = 1 }", 'piece_promotion = { P = "Q" }').replace(
        'betza = "fmWfcF", pawn = true', 'betza = "fKifmnD", pawn = true').replace(
        "[limited.pieces]", 'initial_squares = { P = [["a2", "b2"], ["a4", "b4"]] }\n[limited.pieces]')
    game = toml_game(text)
    pos = game.position("k2r1/2P2/5/5/K4 w - - 0 1")
    assert {m for m in names(pos) if m.startswith("c4")} == {
        "c4b5q", "c4b5r", "c4b5+", "c4c5q", "c4c5r", "c4c5+", "c4d5q", "c4d5r", "c4d5+"}
    pos.push(pos.parse_move("c4d5+"))
    assert pos.fen().startswith("k2+P1/5/5/5/K4 b")
    # a double step of Black's next to White's fK pawn leaves no en-passant capture for it
    pos = game.position("k4/1p3/5/P4/K4 b - - 0 1")
    pos.push(pos.parse_move("b4b2"))
    assert "a2b3" not in names(pos)
