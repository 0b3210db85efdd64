"""Cylinder chess (XBoard's built-in ``cylinder``; docs/rules/cylinder.md): FIDE chess with files a and h
joined. Geometry counts, perft cross-checked with an independent naive generator, castling, pawns."""
from __future__ import annotations

import random

import pytest

import wrapped_oracle as oracle
from hyperchess.variants import get_game
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.board.geometry import ORTHOGONAL_2D, Geometry
from hyperchess.variants.core.perft import perft

PERFT_START = {1: 20, 2: 392, 3: 9162, 4: 211036}


@pytest.fixture(scope="module")
def game():
    return get_game("cylinder")


def fen_of(game, pieces: dict[str, str], rest: str = "w - - 0 1") -> str:
    board = [0] * game.geometry.size
    for sq, letter in pieces.items():
        board[game.names.parse(sq)] = game.letters[letter]
    return f"{format_board(game, board)} {rest}"


def from_square(pos, square: str) -> list[str]:
    frm = pos.game.names.parse(square)
    return sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == frm)


def test_rook_reaches_exactly_14_cells_from_every_square():
    geo = Geometry(8, 8, wrap_files=True)
    for cell in range(geo.size):
        reach = [x for d in ORTHOGONAL_2D for x in geo.ray(cell, d)]
        assert len(set(reach)) == 14, geo.coords[cell]
        assert cell not in reach


def test_rook_moves_on_an_empty_board_are_14_distinct(game):
    pos = game.position(fen_of(game, {"c3": "R", "h8": "K", "e6": "k"}))
    moves = [m for m in pos.legal_moves() if m[0] == game.names.parse("c3")]
    assert len(moves) == len(set(moves)) == 14
    assert from_square(pos, "c3") == sorted([f"c3{f}3" for f in "abdefgh"] + [f"c3c{r}" for r in (1, 2, 4, 5, 6, 7, 8)])


def test_knight_bishop_and_pawn_cross_the_seam(game):
    pos = game.position(fen_of(game, {"a2": "P", "h3": "n", "b1": "N", "e1": "K", "e8": "k", "h2": "B"}))
    assert from_square(pos, "a2") == ["a2a3", "a2a4", "a2h3"]           # a2 takes h3 across the seam
    assert "b1h2" not in from_square(pos, "b1") and "b1h3" not in from_square(pos, "b1")
    assert sorted(from_square(pos, "b1")) == ["b1a3", "b1c3", "b1d2"]   # h2 is our own bishop
    # the h2 bishop goes g1, g3 and across the seam a1, a3, b4 ...
    assert {"h2a1", "h2a3", "h2b4", "h2g1", "h2g3"} <= set(from_square(pos, "h2"))


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_start(game, depth):
    assert perft(game.position(), depth) == PERFT_START[depth]


def test_perft_start_matches_the_naive_generator():
    st = oracle.State(oracle.CYLINDER, oracle.parse_board(oracle.CYLINDER, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"))
    assert [oracle.perft(st, d) for d in (1, 2, 3)] == [PERFT_START[d] for d in (1, 2, 3)]


@pytest.mark.slow
def test_perft_start_depth_4_both_generators(game):
    assert perft(game.position(), 4) == PERFT_START[4]
    st = oracle.State(oracle.CYLINDER, oracle.parse_board(oracle.CYLINDER, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"))
    assert oracle.perft(st, 4) == PERFT_START[4]


def test_c3_pins_f7_across_the_seam(game):
    """Why depth 2 is 392, not 400: 1.c3 and 1.c4 open d1-c2-b3-a4-h5-g6-f7-e8, 1.g3/g4 open
    f1-g2-h3-a4-b5-c6-d7-e8; the pinned pawn has no move (2 moves fewer for each)."""
    for first, pinned in (("c2c3", "f7"), ("c2c4", "f7"), ("g2g3", "d7"), ("g2g4", "d7")):
        pos = game.position()
        pos.push(pos.parse_move(first))
        assert len(pos.legal_moves()) == 18
        assert from_square(pos, pinned) == []


def test_castling_both_sides_and_attacks_across_the_seam(game):
    pos = game.position(fen_of(game, {"e1": "K", "h1": "R", "a1": "R", "e8": "k"}, "w KQ - 0 1"))
    assert {"e1g1", "e1c1"} <= set(from_square(pos, "e1"))
    pos.push(pos.parse_move("e1g1"))
    assert game.letter_of(pos.board[game.names.parse("f1")]) == "R"
    # c1 is attacked from f6 only across the seam (f6-g5-h4-a3-b2-c1); a pawn on a3 shuts it
    pos = game.position(fen_of(game, {"e1": "K", "a1": "R", "f6": "b", "e8": "k"}, "w Q - 0 1"))
    assert pos.attacked(game.names.parse("c1"))
    assert "e1c1" not in from_square(pos, "e1")
    pos = game.position(fen_of(game, {"e1": "K", "a1": "R", "f6": "b", "e8": "k", "a3": "P"}, "w Q - 0 1"))
    assert "e1c1" in from_square(pos, "e1")


def test_king_steps_across_the_seam(game):
    pos = game.position(fen_of(game, {"a4": "K", "h8": "k"}))
    assert from_square(pos, "a4") == sorted(f"a4{t}" for t in ("a3", "a5", "b3", "b4", "b5", "h3", "h4", "h5"))
    pos = game.position(fen_of(game, {"a4": "K", "h8": "k", "h2": "r"}))       # the rook holds the h-file
    assert from_square(pos, "a4") == sorted(f"a4{t}" for t in ("a3", "a5", "b3", "b4", "b5"))


def _walk(game, seed: int, plies: int) -> None:
    pos = game.position()
    rng = random.Random(seed)
    for _ in range(plies):
        ours = sorted(pos.move_name(m) for m in pos.legal_moves())
        assert ours == sorted(oracle.legal_moves(oracle.from_position(oracle.CYLINDER, pos))), pos.fen()
        if not ours:
            break
        pos.push(rng.choice(pos.legal_moves()))


def test_random_games_match_the_naive_generator(game):
    for seed in range(2):
        _walk(game, seed, 120)


@pytest.mark.slow
def test_many_random_games_match_the_naive_generator(game):
    for seed in range(2, 30):
        _walk(game, seed, 300)
