"""Rules on drops (variants/rules/drop_rules.py): must drop, bishops on both colours, castling with dropped pieces,
as Fairy-Stockfish's placement plays them; compared with pyffish where it is installed."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants

try:
    import pyffish
except ImportError:
    pyffish = None

START = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"
SETUP = ["K@e1", "K@e8", "R@h1", "R@h8", "B@c1", "B@c8"]


def played(moves: list[str]):
    pos = get_game("placement").position(START)
    for m in moves:
        pos.push(pos.parse_move(m))
    return pos


def names(pos) -> list[str]:
    return sorted(pos.move_name(m) for m in pos.legal_moves())


def test_while_pieces_are_in_hand_only_drops_on_the_first_row():
    moves = names(played([]))
    assert moves and all("@" in m and m.endswith("1") for m in moves)
    assert "e2e4" not in moves
    assert {m[0] for m in moves} == set("KQRBN")


def test_the_second_bishop_goes_on_the_other_colour():
    moves = names(played(SETUP))
    bishops = sorted(m for m in moves if m.startswith("B@"))
    assert bishops == ["B@b1", "B@d1", "B@f1"]          # c1 is dark: the light squares only
    assert "N@a1" in moves and "N@g1" in moves


def test_no_drop_may_take_the_last_square_of_a_colour_the_bishop_needs():
    # white: K, R, B on dark c1 ... leave one light square free for the second bishop
    pos = played(["K@e1", "K@e8", "B@c1", "B@c8", "R@a1", "R@a8", "R@h1", "R@h8", "Q@d1", "Q@d8",
                  "N@b1", "N@b8"])
    # g1 (dark) and f1 (light) remain; the bishop in hand needs f1, so the knight may not take it
    moves = names(pos)
    assert "N@f1" not in moves and "N@g1" in moves and "B@f1" in moves


def test_a_dropped_king_and_rook_gain_castling_and_castle():
    pos = played(SETUP)
    assert pos.fen().split()[2] == "Kk"
    pos = played(["K@e1", "K@e8", "R@a1", "R@a8", "Q@d1", "Q@d8"])
    assert pos.fen().split()[2] == "Qq"                # the rook came first, then the king
    pos = played(["R@a1", "R@a8", "K@e1", "K@e8", "R@h1", "R@h8"])
    assert pos.fen().split()[2] == "KQkq"


def test_after_the_set_up_the_pawns_move():
    setup = ["K@e1", "K@e8", "R@h1", "R@h8", "B@c1", "B@c8", "B@f1", "B@f8", "N@b1", "N@b8", "N@g1", "N@g8",
             "Q@d1", "Q@d8", "R@a1", "R@a8"]
    pos = played(setup)
    assert pos.fen().split()[0] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]"
    assert pos.fen().split()[2] == "KQkq"
    moves = names(pos)
    assert "e2e4" in moves and len(moves) == 20
    pos.push(pos.parse_move("e2e4"))
    pos.push(pos.parse_move("e7e5"))
    pos.push(pos.parse_move("g1f3"))
    pos.push(pos.parse_move("b8c6"))
    pos.push(pos.parse_move("f1c4"))
    pos.push(pos.parse_move("g8f6"))
    assert "e1g1" in names(pos)


@pytest.mark.skipif(pyffish is None, reason="pyffish is not installed")
@pytest.mark.parametrize("moves", [[], SETUP, SETUP[:3], ["R@a1", "R@a8", "K@e1", "K@e8", "R@h1"]])
def test_placement_moves_and_position_strings_equal_pyffish(moves):
    start = pyffish.start_fen("placement")
    pos = played(moves)
    assert names(pos) == sorted(pyffish.legal_moves("placement", start, moves))
    assert pos.fen() == pyffish.get_fen("placement", start, moves)


TOML = """
[setup]
files = 4
ranks = 4
start = "4/pppp/PPPP/4[KRNkrn] w - - 0 1"
piece_drops = true
captures_to_hand = false
drop_rows = 1
must_drop = true
{extra}
[setup.pieces]
P = {{ betza = "fmWfcF", pawn = true }}
K = {{ betza = "K", royal = true, value = 0 }}
R = {{ betza = "R", value = 500 }}
N = {{ betza = "N", value = 300 }}
"""


def test_must_drop_type_asks_that_piece_first():
    game = FileGame(read_variants(TOML.format(extra='must_drop_type = "K"'), "setup.toml")[0])
    pos = game.position()
    assert sorted(pos.move_name(m) for m in pos.legal_moves()) == ["K@a1", "K@b1", "K@c1", "K@d1"]


@pytest.mark.parametrize("extra, words", [('must_drop = 3', "true or false"),
                                          ('must_drop_type = "Q"', "letter"),
                                          ('drop_opposite_colored_bishop = 1', "letter")])
def test_bad_drop_rules_get_one_line(extra, words):
    text = TOML.format(extra=extra).replace("must_drop = true\n", "") if extra.startswith("must_drop =") \
        else TOML.format(extra=extra)
    with pytest.raises(VariantsFileError) as exc:
        read_variants(text, "setup.toml")
    assert words in str(exc.value) and "\n" not in str(exc.value)
