"""capablanca: start-position perft (the counts Fairy-Stockfish and others publish) and castling."""
import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft


def test_start_perft_depth_1_to_3():
    pos = get_game("capablanca").position()
    assert [perft(pos, d) for d in (1, 2, 3)] == [28, 784, 25228]


@pytest.mark.slow
def test_start_perft_depth_4():
    assert perft(get_game("capablanca").position(), 4) == 805128


def test_start_moves_are_pawns_and_knight_archbishop_leaps():
    pos = get_game("capablanca").position()
    names = sorted(pos.move_name(m) for m in pos.legal_moves())
    pawn_moves = [f"{f}2{f}{r}" for f in "abcdefghij" for r in (3, 4)]
    leaps = ["b1a3", "b1c3", "c1b3", "c1d3", "h1g3", "h1i3", "i1h3", "i1j3"]
    assert names == sorted(pawn_moves + leaps)


def test_castling_king_f1_to_i1_and_c1():
    game = get_game("capablanca")
    pos = game.position("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1")
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert {"f1i1", "f1c1"} <= names
    pos.push(pos.parse_move("f1i1"))
    assert pos.fen().startswith("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq ")
    pos.pop()
    pos.push(pos.parse_move("f1c1"))
    assert pos.fen().startswith("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/2KR5R b kq ")


def test_castling_through_attack_refused():
    # a black chancellor on i8 attacks i1 down the open i-file: f1->i1 would end in check
    pos = get_game("capablanca").position("5k2cr/pppppppp1p/10/10/10/10/PPPPPPPP1P/R4K3R w KQ - 0 1")
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert "f1i1" not in names and "f1c1" in names


def test_archbishop_and_chancellor_moves():
    pos = get_game("capablanca").position("4k5/10/10/10/4A5/10/10/K8C w - - 0 1")
    moves = [m for m in pos.legal_moves()]
    from_e4 = sorted(pos.move_name(m)[2:] for m in moves if pos.move_name(m).startswith("e4"))
    bishop = ["d3", "c2", "b1", "f5", "g6", "h7", "i8", "d5", "c6", "b7", "a8", "f3", "g2", "h1"]
    knight = ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]
    assert from_e4 == sorted(bishop + knight)
    from_j1 = [pos.move_name(m)[2:] for m in moves if pos.move_name(m).startswith("j1")]
    # rook: i1..b1 (a1 has our king) and j2..j8; knight: h2, i3
    assert sorted(from_j1) == sorted([f"{f}1" for f in "bcdefghi"] + [f"j{r}" for r in range(2, 9)] + ["h2", "i3"])
