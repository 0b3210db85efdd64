"""`normal` agrees with python-chess move for move and on game-end verdicts, on positions from random play."""
import random

import chess
import pytest

from hyperchess.variants import get_game

STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",            # rook endgame: fifty-move draws and mates
    "8/8/4k3/8/2p5/8/B7/4K3 w - - 0 1",          # bishop v pawn: insufficient material after captures
    "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",             # promotion races
    "3k4/8/8/2pP4/8/8/8/4K3 w - c6 0 2",          # en passant available
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",     # back-rank mates
    "7k/8/8/8/8/8/8/KQ6 w - - 0 1",              # queen v king: mates and stalemates
    "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",            # bare king with bishop
    "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1",           # X-FEN-ish castling on the queen side only
]


def verdict_python_chess(board: chess.Board) -> str | None:
    """The first rule that ends the game, in the order hyperchess checks them."""
    if board.is_checkmate():
        return "checkmate"
    if board.is_insufficient_material():
        return "insufficient"
    if board.is_stalemate():
        return "stalemate"
    if board.halfmove_clock >= 100:
        return "fifty"
    if board.is_repetition(3):
        return "repetition"
    return None


def random_positions(n_games: int, max_plies: int, seed: int):
    """Yield (python-chess board, our position) pairs along random games, both fed the same moves."""
    rng = random.Random(seed)
    game = get_game("normal")
    for g in range(n_games):
        fen = STARTS[g % len(STARTS)]
        board = chess.Board(fen)
        pos = game.position(fen)
        for _ in range(max_plies):
            yield board, pos
            if verdict_python_chess(board) is not None or board.is_game_over():
                break
            legal = list(board.legal_moves)
            move = rng.choice(legal)
            if g % 3 == 0 and len(board.move_stack) >= 2 and rng.random() < 0.6:
                # every third game shuffles back and forth, so that repetitions happen
                back = board.move_stack[-2]
                undo = chess.Move(back.to_square, back.from_square)
                if undo in legal:
                    move = undo
            pos.push(pos.parse_move(move.uci()))
            board.push(move)


def test_legal_moves_and_verdicts_match_python_chess():
    game = get_game("normal")
    compared = 0
    verdicts: dict[str | None, int] = {}
    for board, pos in random_positions(n_games=100, max_plies=250, seed=2026):
        ours = sorted(pos.move_name(m) for m in pos.legal_moves())
        theirs = sorted(m.uci() for m in board.legal_moves)
        assert ours == theirs, board.fen()
        outcome = pos.outcome()
        v = outcome.termination if outcome else None
        assert v == verdict_python_chess(board), board.fen()
        verdicts[v] = verdicts.get(v, 0) + 1
        # the same position read from python-chess's FEN generates the same moves and the same FEN
        fresh = game.position(board.fen())
        assert fresh.fen() == board.fen()
        assert sorted(fresh.move_name(m) for m in fresh.legal_moves()) == theirs
        compared += 1
    assert compared >= 2000
    # the random games really reached the endings being compared
    for kind in ("checkmate", "stalemate", "insufficient", "fifty", "repetition"):
        assert verdicts.get(kind, 0) > 0, verdicts


def test_incremental_hash_equals_fresh_hash():
    """Zobrist hash kept up by push/pop equals the hash of the same position read from its FEN."""
    game = get_game("normal")
    n = 0
    for board, pos in random_positions(n_games=20, max_plies=120, seed=7):
        assert game.position(pos.fen()).hash == pos.hash, pos.fen()
        n += 1
    assert n > 500


@pytest.mark.slow
def test_many_more_random_positions():
    n = 0
    for board, pos in random_positions(n_games=400, max_plies=300, seed=99):
        assert sorted(pos.move_name(m) for m in pos.legal_moves()) == sorted(m.uci() for m in board.legal_moves)
        outcome = pos.outcome()
        assert (outcome.termination if outcome else None) == verdict_python_chess(board), board.fen()
        n += 1
    assert n > 20000
