"""Who can still mate (``variants.core.material``), read when a flag falls: for chess the same answer as python-chess's
``has_insufficient_material(color)`` on random sparse positions; for other games their own rules."""
from __future__ import annotations

import random

import chess
import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.material import cannot_mate, flag_fall_is_draw


def sparse_positions(count: int, seed: int = 7):
    """Random legal positions: two kings and up to three other pieces (pawns off the back ranks)."""
    rnd = random.Random(seed)
    made = 0
    while made < count:
        board = chess.Board(None)
        squares = rnd.sample(chess.SQUARES, 5)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2:2 + rnd.randint(0, 3)]:
            kind = rnd.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.BISHOP, chess.ROOK, chess.QUEEN])
            if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
                continue
            board.set_piece_at(sq, chess.Piece(kind, rnd.choice([chess.WHITE, chess.BLACK])))
        board.turn = rnd.choice([chess.WHITE, chess.BLACK])
        if board.is_valid():
            made += 1
            yield board


def test_chess_sides_agree_with_python_chess():
    game = get_game("normal")
    seen = {True: 0, False: 0}
    for board in sparse_positions(600):
        pos = game.position(board.fen())
        for color, side in ((0, chess.WHITE), (1, chess.BLACK)):
            expected = board.has_insufficient_material(side)
            assert cannot_mate(pos, color) == expected, (board.fen(), color)
            seen[expected] += 1
    assert seen[True] > 50 and seen[False] > 50, seen         # both answers were tested


def test_flag_fall_against_a_bare_king_is_a_draw_and_against_a_rook_a_loss():
    game = get_game("normal")
    assert flag_fall_is_draw(game.position("8/8/8/8/8/8/k7/4K2R w - - 0 1"), 0)       # Black has only its king
    assert not flag_fall_is_draw(game.position("8/8/8/8/8/8/k7/4K2R w - - 0 1"), 1)   # White has a rook
    assert not flag_fall_is_draw(game.position("8/8/8/8/8/8/kr6/4KN2 w - - 0 1"), 1)  # K+N v K+R: mates exist


@pytest.mark.parametrize("name, fen, color, expected", [
    # mixed3d: "bare kings" — a lone king cannot mate; one with a rook can
    ("mixed3d", None, 0, False),
    # Millennium: two kings can mate a bare king (2b End), one king alone cannot
    ("millennium", None, 0, False),
])
def test_other_games_use_their_own_rule(name, fen, color, expected):
    game = get_game(name)
    pos = game.position(fen) if fen else game.position()
    assert cannot_mate(pos, color) == expected


def test_a_lone_king_cannot_mate_in_a_bare_kings_game():
    game = get_game("mixed3d")
    pos = game.position()
    for cell in sorted(set(pos.occupied[1]) - set(pos.royals[1])):
        pos.put(cell, 0)
    assert cannot_mate(pos, 1) and not cannot_mate(pos, 0)
    assert flag_fall_is_draw(pos, 0) and not flag_fall_is_draw(pos, 1)
