"""Contract A(c) A9 (next- and future-generation): a pawn's double steps only from its untouched original
square. A pawn that left it (up or down a level) and came back has lost them for good, and the position
string says so (docs/rules/future-generation.md, the spent double-step field)."""
from __future__ import annotations

import pytest

from hyperchess.variants import FenError, get_game
from hyperchess.variants.core.load import load_position
from hyperchess.variants.core.perft import perft

NG_BACK_AND_FORTH = ["Ab1Ac3", "Be7Ae7", "Ac3Ab1", "Ae7Be7", "Ab1Ac3"]
FG_BACK_AND_FORTH = ["Ab1Ac3", "Ab8Ac6", "Dg8Cg8", "Da7Dc6", "Ac3Ab1", "Ac6Ab8", "Cg8Dg8", "Dc6Da7", "Ab1Ac3",
                     "Ab8Ac6"]


def names_from(pos, square: str) -> set[str]:
    cell = pos.game.names.parse(square)
    return {pos.move_name(m) for m in pos.legal_moves() if m[0] == cell}


def test_next_generation_pawn_back_on_its_square_has_no_double_step():
    game = get_game("next-generation")
    pos = load_position(game, None, NG_BACK_AND_FORTH)
    assert names_from(pos, "Be7") == {"Be7Be6", "Be7Ae7", "Be7Ae6"}
    assert perft(pos, 1) == 70                       # 72 with the double steps Be7Be5 and Be7Ae5
    # an untouched pawn beside it keeps both
    assert {"Bd7Bd5", "Bd7Ad5"} <= names_from(pos, "Bd7")


def test_future_generation_gold_pawn_back_on_its_square_has_no_double_step():
    game = get_game("future-generation")
    pos = load_position(game, None, FG_BACK_AND_FORTH)
    assert game.color_names[pos.turn] == "gold"
    assert names_from(pos, "Dg8") == {"Dg8Df8", "Dg8Cg8", "Dg8Cf8"}
    assert perft(pos, 1) == 70                       # 72 with the double steps Dg8De8 and Dg8Ce8
    assert {"Dg7De7", "Dg7Ce7"} <= names_from(pos, "Dg7")


@pytest.mark.parametrize("variant, moves, field", [("next-generation", NG_BACK_AND_FORTH, "Be7"),
                                                    ("future-generation", FG_BACK_AND_FORTH, "Dg8")])
def test_the_position_string_keeps_the_rule(variant, moves, field):
    game = get_game(variant)
    pos = load_position(game, None, moves)
    text = pos.fen()
    assert text.split()[-1] == field
    again = load_position(game, text)
    assert again.fen() == text and again.hash == pos.hash
    assert sorted(map(again.move_name, again.legal_moves())) == sorted(map(pos.move_name, pos.legal_moves()))
    # without the field, the same board gives the pawn its double steps back
    bare = load_position(game, text.rsplit(" ", 1)[0])
    assert len(bare.legal_moves()) == len(pos.legal_moves()) + 2


def test_back_to_the_start_board_is_not_a_repetition():
    game = get_game("next-generation")
    start = game.position()
    pos = load_position(game, None, NG_BACK_AND_FORTH[:4])
    assert pos.board == start.board and pos.turn == start.turn
    assert pos.hash != start.hash and pos.repetitions() == 1


@pytest.mark.parametrize("field, reason", [("Zz9", "unknown square"), ("Be6", "no pawn on its initial square"),
                                           ("Be7 x", "unexpected fields")])
def test_a_bad_spent_field_is_one_line(field, reason):
    game = get_game("next-generation")
    with pytest.raises(FenError, match=reason):
        load_position(game, game.start_fen + " " + field)


def test_start_perft_is_unchanged():
    """No pawn has moved yet: the counts of the independent oracles (tests/stacked_oracle.py) stand."""
    assert [perft(get_game("next-generation").position(), d) for d in (1, 2, 3)] == [72, 5172, 392557]
    assert [perft(get_game("future-generation").position(), d) for d in (1, 2)] == [72, 5184]
