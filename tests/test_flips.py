"""Flipping enclosed pieces, enclosing drops and the full board (variants/rules/flips.py): Fairy-Stockfish's
flipersi, flipello and ataxx, and a small TOML game; compared with pyffish where it is installed."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants
from test_fsf_reference import our_fen

try:
    import pyffish
except ImportError:
    pyffish = None

TOML = """
[stones]
files = 4
ranks = 4
start = "4/1pP1/1Pp1/4[PPPPPPpppppp] w - - 0 1"
piece_drops = true
captures_to_hand = false
flip_enclosed_pieces = "reversi"
enclosing_drop = "reversi"
adjudicate_full_board = true
stalemate = "loss"
stalemate_piece_count = true
material_counting = "unweighted"
{extra}
[stones.pieces]
P = {{ name = "stone", immobile = true, value = 100 }}
"""


def stones(extra: str = ""):
    return FileGame(read_variants(TOML.format(extra=extra), "stones.toml")[0])


def names(pos) -> list[str]:
    return sorted(pos.move_name(m) for m in pos.legal_moves())


def test_a_drop_must_enclose_and_flips_the_enclosed_line():
    pos = stones().position()
    # White (upper case) drops where a line of black stones ends at a white one
    assert names(pos) == ["P@a3", "P@b4", "P@c1", "P@d2"]
    pos.push(pos.parse_move("P@a3"))
    assert pos.fen().split()[0] == "4/PPP1/1Pp1/4[PPPPPpppppp]"      # b3 turned white
    pos.pop()
    assert pos.fen().split()[0] == "4/1pP1/1Pp1/4[PPPPPPpppppp]"      # and back


def test_a_drop_flips_every_enclosed_line_at_once():
    pos = stones().position("P1P1/1pp1/Pp2/4[PPPPpppp] w - - 0 1")
    pos.push(pos.parse_move("P@c2"))
    # c3 (closed by c4), b2 (by a2) and b3 (by a4) turn white; nothing else
    assert pos.fen().split()[0] == "P1P1/1PP1/PPP1/4[PPPpppp]"


def test_the_start_squares_fill_first():
    game = stones('enclosing_drop_start = ["b2", "c2", "b3", "c3"]')
    pos = game.position("4/4/4/4[PPPPPPpppppp] w - - 0 1")
    assert names(pos) == ["P@b2", "P@b3", "P@c2", "P@c3"]


def test_a_full_board_ends_the_game_by_the_count():
    pos = stones().position("PPPP/PPPP/pppp/pppP[] b - - 0 1")       # 9 white stones, 7 black
    out = pos.outcome()
    assert out is not None and out.result == "1-0" and pos.legal_moves() == []


@pytest.mark.parametrize("extra, words", [('flip_enclosed_pieces = "othello"', "one of"),
                                          ('adjudicate_full_board = 1', "true or false"),
                                          ('enclosing_drop_start = "d4"', "list of squares")])
def test_bad_flip_keys_get_one_line(extra, words):
    key = extra.split(" =")[0]
    text = "\n".join(line for line in TOML.format(extra=extra).splitlines()
                     if not line.startswith(key + " =") or line == extra)
    with pytest.raises(VariantsFileError) as exc:
        read_variants(text, "stones.toml")
    assert words in str(exc.value) and "\n" not in str(exc.value)


@pytest.mark.skipif(pyffish is None, reason="pyffish is not installed")
@pytest.mark.parametrize("variant, moves", [
    ("flipersi", ["P@d4", "P@e4", "P@d5", "P@e5", "P@f6"]),
    ("flipello", ["P@e3", "P@f3", "P@f4", "P@f5"]),
    ("ataxx", ["a7c5", "a1c1", "c5b3", "c1a3", "P@f2"]),
])
def test_flips_and_their_moves_equal_pyffish(variant, moves):
    game = get_game(variant)
    start = pyffish.start_fen(variant)
    pos = game.position(our_fen(game, start))
    for m in moves:
        assert sorted(pos.move_name(x) for x in pos.legal_moves()) == sorted(pyffish.legal_moves(variant, start, moves[:moves.index(m)]))
        pos.push(pos.parse_move(m))
    assert pos.fen().split()[0].split("[")[0] == pyffish.get_fen(variant, start, moves).split()[0].split("[")[0]
    assert perft(pos, 2) == sum(len(pyffish.legal_moves(variant, start, moves + [m]))
                                for m in pyffish.legal_moves(variant, start, moves))


CLONES = """
[clones]
files = 4
ranks = 4
start = "P2p/4/4/p2P w - - 0 1"
piece_drops = true
free_drops = true
flip_enclosed_pieces = "ataxx"
enclosing_drop = "ataxx"
[clones.pieces]
P = { name = "blob", betza = "mDmNmA" }
"""


def test_ataxx_drops_next_to_its_own_and_flips_its_neighbours_and_a_jump_too():
    game = FileGame(read_variants(CLONES, "clones.toml")[0])
    pos = game.position("Pp2/p3/4/3P w - - 0 1")
    moves = names(pos)
    # drops (free: the hand never runs out) only next to a white blob; jumps two cells away
    assert "P@b3" in moves and "P@c2" in moves and "P@d4" not in moves
    assert "a4c4" in moves and "a4c2" in moves and "a4b4" not in moves
    pos.push(pos.parse_move("P@b3"))
    assert pos.fen().split()[0] == "PP2/PP2/4/3P"           # b4 and a3 turned white, no hands written
    pos.pop()
    pos.push(pos.parse_move("d1b2"))                         # a jump: a3 turns white, d1 is left
    assert pos.fen().split()[0] == "Pp2/P3/1P2/4"
    pos.pop()
    assert pos.fen().split()[0] == "Pp2/p3/4/3P"


@pytest.mark.skipif(pyffish is None, reason="pyffish is not installed")
def test_a_side_without_a_drop_passes_and_two_passes_end_the_game_by_the_count():
    # flipello: neither side can enclose; each passes (the square of its first piece twice, as FSF writes it)
    start = "8/8/8/3pp3/3pp3/8/P7/P6p[PPpp] w - - 0 1"
    game = get_game("flipello")
    pos = game.position(our_fen(game, start))
    assert names(pos) == sorted(pyffish.legal_moves("flipello", start, [])) == ["a1a1"]
    pos.push(pos.legal_moves()[0])
    assert names(pos) == sorted(pyffish.legal_moves("flipello", start, ["a1a1"])) == ["h1h1"]
    pos.push(pos.legal_moves()[0])
    assert pyffish.is_immediate_game_end("flipello", start, ["a1a1", "h1h1"])[0]
    assert pos.legal_moves() == [] and pos.outcome().result == "0-1"      # two white stones to five


def test_a_jump_is_clicked_as_a_move_and_a_drop_from_the_hand():
    game = FileGame(read_variants(CLONES, "clones.toml")[0])
    pos = game.position("Pp2/p3/4/3P w - - 0 1")
    targets = {pos.move_name(m): game.click_target(pos, m) for m in pos.legal_moves()}
    assert targets["a4c2"] == ("a4", "c2", "move")
    assert targets["P@b3"][1:] == ("b3", "drop")
