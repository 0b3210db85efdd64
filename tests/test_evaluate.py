"""The positional evaluation terms (engine/evaluate.py): passed pawns, mobility, king safety.

Each term is isolated by an ``EvalWeights`` with the other terms at 0, and checked on positions where chess
players agree on the answer, on the orthodox board and on other geometries (the cylinder's seam, the 3D cube).
"""
from __future__ import annotations

import chess
import pytest

from hyperchess.engine.evaluate import Evaluator
from hyperchess.engine.search import Limits, Searcher
from hyperchess.variants import get_game
from hyperchess.variants.core.game import EvalWeights, code_of

OFF = dict(mobility=0, king_attack=0, king_defence=0, king_shelter=0, passed_base=0, passed_advance=0)
PASSED = EvalWeights(**{**OFF, "passed_base": 10, "passed_advance": 90})
MOBILITY = EvalWeights(**{**OFF, "mobility": 4})
KING = EvalWeights(**{**OFF, "king_attack": 3, "king_defence": 2, "king_shelter": 6})


def term(game_name: str, fen: str, weights: EvalWeights, king_safety: bool = True) -> int:
    game = get_game(game_name)
    saved = game.eval_weights
    try:
        game.eval_weights = weights
        return Evaluator(game).positional(game.position(fen), king_safety)
    finally:
        game.eval_weights = saved


def mirrored(fen: str) -> str:
    """The same position with the colours swapped (python-chess's mirror: ranks flipped, case swapped)."""
    return chess.Board(fen).mirror().fen()


# ---------------------------------------------------------------- passed pawns
@pytest.mark.parametrize("game_name", ["normal", "cylinder"])
def test_passed_pawn_scores_above_blocked_and_opposed(game_name):
    free = term(game_name, "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", PASSED)
    blocked = term(game_name, "4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1", PASSED)      # same file, ahead
    opposed = term(game_name, "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", PASSED)      # d7 guards e6
    assert free > 0
    assert blocked == 0 and opposed == 0          # and neither black pawn is passed
    # further up scores more; the colour-flipped position scores the same for Black
    assert term(game_name, "4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", PASSED) > free
    assert term(game_name, mirrored("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"), PASSED) == -free


def test_passed_pawn_across_the_cylinder_seam():
    """On the cylinder an h-file pawn guards the a-file (h7xa6 wraps): not passed there, passed on the board."""
    fen = "4k3/7p/8/P7/8/8/8/4K3 w - - 0 1"
    assert term("cylinder", fen, PASSED) == 0
    assert term("normal", fen, PASSED) > 0        # h7 is passed on the flat board, a5 too: +a5 -h7
    assert term("normal", "4k3/8/8/P7/8/8/8/4K3 w - - 0 1", PASSED) > 0


def _mixed3d(pieces: dict[str, str]):
    """A mixed3d position with the two royal kings and ``pieces`` (square -> FEN letter) added."""
    game = get_game("mixed3d")
    empty = "|".join(["8/8/8/8/8/8/8/8"] * 8) + " w - - 0 1"
    pos = game.position(empty)
    for sq, letter in {"4e1": "K", "4e8": "k", **pieces}.items():
        pos.put(game.names.parse(sq), game.code_for_letter(letter, 0 if letter.isupper() else 1))
    return game, pos


def _passed_3d(pieces: dict[str, str]) -> int:
    game, pos = _mixed3d(pieces)
    saved = game.eval_weights
    try:
        game.eval_weights = PASSED
        return Evaluator(game).positional(pos)
    finally:
        game.eval_weights = saved


def test_passed_pawn_in_three_dimensions():
    free = _passed_3d({"4b4": "P"})
    assert free > 0
    assert _passed_3d({"4b4": "P", "4b6": "p"}) == 0      # blocked on its own file and level
    # §B(b) a 3D pawn also captures (0, +1, +-1): a black pawn on 5b6 guards 4b5, so 4b4 is not passed
    assert _passed_3d({"4b4": "P", "5b6": "p"}) == 0
    # a black pawn on another level far away changes nothing for White's pawn (and is passed itself)
    assert _passed_3d({"4b4": "P", "8h6": "p"}) < free
    assert _passed_3d({"4b5": "P"}) > free


# ---------------------------------------------------------------- mobility
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize("fen", [chess.STARTING_FEN, KIWIPETE,
                                 "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"])
def test_mobility_is_symmetric_under_colour_flip(fen):
    assert term("normal", fen, MOBILITY) == -term("normal", mirrored(fen), MOBILITY)


def test_mobility_rewards_open_lines():
    assert term("normal", chess.STARTING_FEN, MOBILITY) == 0
    # 1.e4 frees White's bishop and queen: White is ahead in mobility
    assert term("normal", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", MOBILITY) > 0
    # a bishop in the centre beats a bishop in the corner behind its own pawn
    centre = term("normal", "4k3/8/8/8/3B4/8/6P1/4K3 w - - 0 1", MOBILITY)
    corner = term("normal", "4k3/8/8/8/8/8/6P1/4K2B w - - 0 1", MOBILITY)
    assert centre > corner


def test_mobility_on_the_cylinder_crosses_the_seam():
    """A rook on a4 of an otherwise empty rank reaches 7 cells along it on both boards, but on the
    cylinder a bishop on a4 has diagonals through the seam as well: more mobility than on the flat board."""
    fen = "7k/8/8/8/B7/8/8/7K w - - 0 1"
    assert term("cylinder", fen, MOBILITY) > term("normal", fen, MOBILITY) > 0


# ---------------------------------------------------------------- king safety
ATTACK = "6k1/5ppp/8/6NQ/8/3B4/8/4K3 w - - 0 1"        # knight, queen and bishop on f7/g7/h7
SHELTERED = "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1"


def test_king_safety_sign():
    quiet = "6k1/5ppp/8/8/8/8/1P6/QNB1K3 w - - 0 1"        # the same pieces far from the king
    attack = term("normal", ATTACK, KING)
    assert attack > term("normal", quiet, KING)
    assert term("normal", mirrored(ATTACK), KING) == -attack
    # the shelter of pawns counts for the side that has it
    assert term("normal", SHELTERED, KING) == 0
    assert term("normal", "6k1/5ppp/8/8/8/8/8/6K1 w - - 0 1", KING) < 0     # White's shelter gone
    # off in the endgame (the search decides at the root)
    assert term("normal", ATTACK, KING, king_safety=False) == 0


def test_search_sees_the_terms():
    """The searcher's static evaluation includes the positional terms (from the mover's view)."""
    game = get_game("normal")
    s = Searcher()
    s.search(game.position(), Limits(depth=1))                # sets up the game's tables
    free = game.position("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1")
    blocked = game.position("4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1")
    assert s._eval(free) - free.score > s._eval(blocked) - blocked.score


def test_team_game_evaluates_without_king_safety():
    """Four players: mobility and passed pawns per colour, summed by team; the start is balanced."""
    game = get_game("future-generation")
    assert Evaluator(game).positional(game.position()) == 0


# ---------------------------------------------------------------- castling
CASTLE = EvalWeights(**{**OFF, "castling": 30})


@pytest.mark.parametrize("fen, expected", [
    (chess.STARTING_FEN, 0),
    # 1.e4 e5 2.Ke2: White's king left home and lost both castlings
    ("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2", -30),
    # White castled short: the king on g1 keeps the bonus
    ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4", 0),
    # ... and on h1 or after castling long on c1 or b1
    ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1R1K b kq - 5 4", 0),
    ("r3kbnr/pppqpppp/2n5/3p4/3P4/2N5/PPPQPPPP/1K1R1BNR b kq - 5 4", 0),
    # the king walked e1-f1 instead (the rook still on h1): no castling left, no bonus
    ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1K1R b kq - 5 4", -30),
    # the king is home but both rooks moved: nothing left to castle
    ("rnbqkbnr/pppppppp/8/8/P6P/R6R/1PPPPPP1/1NBQKBN1 b kq - 1 3", -30),
    # one castling left is enough
    ("rnbqkbnr/pppppppp/8/8/7P/7R/PPPPPPP1/RNBQKBN1 b Qkq - 1 2", 0),
])
def test_castling_term(fen, expected):
    assert term("normal", fen, CASTLE) == expected
    assert term("normal", mirrored(fen), CASTLE) == -expected


def test_castling_term_fades_with_the_enemy_pieces():
    """Counted in full while the enemy keeps its pieces, in part in an endgame, not at all against a
    lone king (a king belongs in the centre then)."""
    part = term("normal", "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1", CASTLE)      # Black lost its castling
    assert 0 < part < 30                          # White keeps its castling; Black has only a rook
    assert term("normal", "4k3/pppp4/8/8/8/8/8/R3K3 w Q - 0 1", CASTLE) == 0


def test_castling_term_on_the_wide_board():
    """Capablanca castles f1-i1 and f1-c1: the castled cells come from the game's own rules."""
    start = get_game("capablanca").start_fen
    assert term("capablanca", start, CASTLE) == 0
    # White's king castled short onto i1 (rook on h1; its bishop, chancellor and knight moved out
    # first), or walked to f2
    board, rest = start.split(" ", 1)
    ranks = board.split("/")
    castled = "/".join(ranks[:5] + ["2BCN5", ranks[6], "RNABQ2RK1"]) + " b kq - 0 1"
    walked = "/".join(ranks[:6] + ["PPPPPKPPPP", "RNABQ1BCNR"]) + " b kq - 0 1"
    assert term("capablanca", castled, CASTLE) == 0
    assert term("capablanca", walked, CASTLE) == -30
