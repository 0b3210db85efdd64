"""Walls (hyperchess/variants/rules/walls.py; docs/variants-file.md, "Walls"): moves that also place a wall, and
petrification, against Fairy-Stockfish's rules (pyffish where it is installed)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import FenError, MoveError, VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fsf_start import hyperchess_fen
from hyperchess.variants.formats.variantsfile import read_ini_variants, read_variants
from hyperchess.variants.rules.walls import WALL, wall_of
from hyperchess.web.targets import legal_targets

try:
    import pyffish
except ImportError:
    pyffish = None

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")


def walls_of(pos) -> list[str]:
    return [pos.game.names.name(c) for c, code in enumerate(pos.board) if code == 1]


def test_a_wall_blocks_a_slider():
    duck = get_game("duck")
    pos = duck.position("4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1")
    rook = {pos.move_name(m).split(",")[0] for m in pos.legal_moves() if pos.move_name(m).startswith("a4")}
    assert {m for m in rook if m[3] == "4"} == {"a4b4", "a4c4"}          # d4 holds the duck: e4-h4 are cut off
    assert "a4d4" not in rook and "a4a8" in rook


def test_the_duck_must_move_and_there_is_one():
    duck = get_game("duck")
    pos = duck.position("4k3/8/8/3*4/8/8/8/R3K3 w - - 0 1")
    d5 = duck.names.parse("d5")
    moves = pos.legal_moves()
    assert moves and all(m[3] == WALL for m in moves)
    assert d5 not in {wall_of(m) for m in moves}                           # it cannot stay put
    assert {wall_of(m) for m in moves if pos.move_name(m).startswith("a1b1,")} == \
        {c for c, code in enumerate(pos.board) if code == 0 and c != duck.names.parse("b1")} | {duck.names.parse("a1")}
    pos.push(pos.parse_move("a1a4,a4h8"))
    assert walls_of(pos) == ["h8"]
    pos.pop()
    assert walls_of(pos) == ["d5"]


def test_past_arrow_and_static_walls():
    snail = get_game("snailtrail").position()
    assert sorted(snail.move_name(m) for m in snail.legal_moves()) == ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]
    amazons = get_game("amazons")
    pos = amazons.position("10/10/10/10/10/10/10/10/**8/Q*8 w - - 0 1")
    assert sorted(pos.move_name(m) for m in pos.legal_moves()) == []        # walled in: no move, no arrow
    pos = amazons.position("10/10/10/10/10/10/10/10/***7/Q1*7 w - - 0 1")
    assert sorted(pos.move_name(m) for m in pos.legal_moves()) == ["a1b1,b1a1"]   # the arrow flies back only
    isolation = get_game("isolation").position()
    walls = {isolation.move_name(m).split(",")[1][2:] for m in isolation.legal_moves() if
             isolation.move_name(m).startswith("c1b1,")}
    assert "c1" not in walls and "d8" not in walls and "b1" not in walls and len(walls) == 48 - 3


def test_walled_double_step_opens_no_en_passant():
    duck = get_game("duck")
    pos = duck.position("4k3/8/8/3*4/4p3/8/3P4/4K3 w - - 0 1")
    pos.push(pos.parse_move("d2d4,d4d3"))
    assert pos.ep < 0 and pos.fen().split()[3] == "-"
    pos.pop()
    pos.push(pos.parse_move("d2d4,d4a1"))
    assert pos.fen().split()[3] == "d3"
    assert {pos.move_name(m) for m in pos.legal_moves() if pos.move_name(m).startswith("e4d3,")} >= {"e4d3,d3d4",
                                                                                                        "e4d3,d3a8"}


def test_promotion_with_a_wall_is_written_as_fsf_writes_it():
    duck = get_game("duck")
    pos = duck.position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    move = pos.parse_move("b7b8q,b8d5")
    assert pos.move_name(move) == "b7b8q,b8d5"
    assert duck.flat_move(pos, move, duck.names.name) == "b7b8,b8d5q"     # XBoard: the letter comes last
    with pytest.raises(MoveError):
        pos.parse_move("b7b8q,b8b8")
    with pytest.raises(MoveError):
        pos.parse_move("b7b8q,")


def test_petrification_and_pseudo_royal_kings():
    petrified = get_game("petrified")
    pos = petrified.position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1")
    pos.push(pos.parse_move("d1d5"))
    assert pos.fen().split()[0] == "4k3/8/8/3*4/8/8/8/4K3"
    pos = petrified.position("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1")
    # the kings stand side by side: a king may not capture (it would petrify), so neither attacks the other
    pos = petrified.position("8/8/8/3k4/3K4/8/8/8 w - - 0 1")
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert "d4d5" not in names and "d4c4" in names


@given(st.one_of(st.text(max_size=30), st.sampled_from(["b8c8,c8", ",", "b8c8,c8c8", "b8c8q,c8a1", "x,y,z"])))
@settings(max_examples=40, deadline=None)
def test_hostile_move_text_is_refused_in_one_line(text):
    pos = get_game("duck").position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    try:
        pos.parse_move(text)
    except (MoveError, FenError) as exc:
        assert "\n" not in str(exc)


def test_position_strings_with_walls_round_trip():
    for name, fen in (("duck", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1"),
                      ("amazons", "3q2q3/3*6/10/q8q/10/3Q6/Q8Q/10/10/6Q3 b - - 1 1"),
                      ("snailtrail", "6p/7/7/7/7/7/*P5 b - - 1 1")):
        assert get_game(name).position(fen).fen() == fen


@needs_fsf
@pytest.mark.parametrize("variant, moves", [
    ("duck", ["e2e4,e4a3", "a7a6,a6h3", "e4e5,e5a4", "f7f5,f5b4"]),
    ("duck", ["e2e4,e4a3", "a7a6,a6h3", "e4e5,e5a4", "f7f5,f5f6"]),
    ("amazons", ["d1d5,d5d9", "g10g5,g5h5"]),
    ("isolation", ["c1b1,b1a1", "d8d7,d7f8"]),
    ("petrified", ["b1c3", "g8f6", "c3d5", "f6d5", "g1f3"]),
    ("joust", ["d4c2,c2d4", "e5f3,f3e5"]),
])
def test_position_strings_as_pyffish_writes_them(variant, moves):
    game = get_game(variant)
    start = pyffish.start_fen(variant)
    pos = game.position(hyperchess_fen(start))
    for i, text in enumerate(moves):
        pos.push(pos.parse_move(text))
        theirs = hyperchess_fen(pyffish.get_fen(variant, start, moves[:i + 1]))
        assert pos.fen() == theirs
        assert game.position(theirs).fen() == theirs


def test_the_keys_in_a_toml_file():
    text = """[walled]
start = "k7/8/8/8/8/8/8/7K w - - 0 1"
check = "capture"
walling_rule = "edge"
walling_region = ["a1", "h8", "a8", "b8"]
pieces.K = { name = "king", betza = "K", royal = true }
"""
    game = FileGame(read_variants(text, "w.toml")[0])
    pos = game.position()
    # the region's empty cells (h1, left empty, is on the edge but not in the region)
    assert {pos.move_name(m) for m in pos.legal_moves()} == {f"h1{to},{to}{w}" for to in ("g1", "g2", "h2")
                                                                for w in ("a1", "b8", "h8")}
    pos.push(pos.parse_move("h1g2,g2b8"))
    assert {pos.move_name(m) for m in pos.legal_moves()} == {f"a8{to},{to}{w}" for to in ("a7", "b7")
                                                                for w in ("a1", "a8", "h8")}
    for old, bad, why in (('walling_rule = "edge"', 'walling_rule = "moat"', "walling_rule: one of"),
                          ('walling_region = ["a1", "h8", "a8", "b8"]', 'walling_region = "a1"',
                           "walling_region: a list of squares"),
                          ('walling_rule = "edge"', 'petrify_on_capture = "Z"', "petrify_on_capture: piece letters"),
                          ('walling_region = ["a1", "h8", "a8", "b8"]', 'walling_region = ["a1", "z9"]', "z9")):
        with pytest.raises(VariantsFileError, match=why):
            read_variants(text.replace(old, bad), "w.toml")


def test_the_web_board_asks_for_the_wall_as_a_third_click():
    pos = get_game("amazons").position()
    targets = [t for t in legal_targets(pos) if t["move"].startswith("d1d5,")]
    assert targets and all(t["from"] == "d1" and t["to"] == "d5" for t in targets)
    assert {t["then"] for t in targets} == {t["move"].split(",")[1][2:] for t in targets}
    assert "d1" in {t["then"] for t in targets}                              # the cell the queen left


def test_ini_sections_read_the_wall_options():
    specs, notes = read_ini_variants("[w:chess]\nwallingRule = arrow\nwallOrMove = true\n", "w.ini", build=False)
    assert specs[0].table["wall_or_move"] is True and not notes
    specs, notes = read_ini_variants("[w:chess]\nwallingRule = past\n", "w.ini", build=False)
    assert specs[0].table["walling_rule"] == "past" and not notes


@needs_fsf
@pytest.mark.parametrize("fen", ["4k3/5r2/8/8/8/8/8/4K2R w K - 0 1", "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1",
                                 "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1"])
def test_a_pseudo_royal_king_castles_across_no_attacked_cell(fen):
    """Petrified's king is pseudo-royal: it may not castle from or across an attacked cell (b1 may be)."""
    pos = get_game("petrified").position(hyperchess_fen(fen))
    assert sorted(pos.move_name(m) for m in pos.legal_moves()) == sorted(pyffish.legal_moves("petrified", fen, []))
