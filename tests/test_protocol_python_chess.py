"""python-chess as the XBoard client (Part 2 §6): whole games of normal chess with ``play`` and ``analyse``."""
from __future__ import annotations

import random

import chess
import chess.engine
import pytest

from protocol_support import ENGINE_CMD, ROOT

MAX_PLIES = 600       # a safety net only: the 50-move rule and repetition end every game long before


def play_game(engine: chess.engine.SimpleEngine, rng: random.Random, random_side: chess.Color | None,
              limit: chess.engine.Limit, analyse_every: int = 15) -> chess.Board:
    """One game; ``random_side`` plays random legal moves (None = the engine plays both sides).
    Every engine move is checked by python-chess; the game must reach an end by rule or a claim."""
    board = chess.Board()
    game = object()                                # same game id: python-chess sends only the new moves
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        if board.ply() % analyse_every == 7:
            info = engine.analyse(board, chess.engine.Limit(time=0.05), game=game)
            if "pv" in info and info["pv"]:
                assert info["pv"][0] in board.legal_moves
        if board.turn == random_side:
            board.push(rng.choice(list(board.legal_moves)))
            continue
        result = engine.play(board, limit, game=game)
        assert result.move is not None and result.move in board.legal_moves, (board.fen(), result)
        board.push(result.move)
    assert board.is_game_over(claim_draw=True), f"no result after {board.ply()} plies: {board.fen()}"
    return board


@pytest.fixture
def engine():
    eng = chess.engine.SimpleEngine.popen_xboard(ENGINE_CMD, cwd=ROOT)
    yield eng
    eng.quit()


def test_python_chess_handshake_and_options(engine):
    assert engine.protocol.features["ping"] == 1 and engine.protocol.features["setboard"] == 1
    assert engine.options["Notation"].var == ["flat", "native"] and engine.options["Notation"].default == "flat"
    engine.configure({"Notation": "native"})
    r = engine.play(chess.Board(), chess.engine.Limit(time=0.05))
    assert r.move in chess.Board().legal_moves
    board = chess.Board()
    for _ in range(3):                                  # pondering between moves (hard ... easy + ping)
        r = engine.play(board, chess.engine.Limit(time=0.05), ponder=True, game=board)
        board.push(r.move)
        board.push(next(iter(board.legal_moves)))


def test_one_game_against_a_random_mover(engine):
    board = play_game(engine, random.Random(1), chess.BLACK, chess.engine.Limit(time=0.02))
    assert board.outcome(claim_draw=True) is not None


def test_depth_nodes_and_clock_limits(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    for limit in (chess.engine.Limit(depth=2), chess.engine.Limit(nodes=500),
                  chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.1, black_inc=0.1)):
        r = engine.play(board, limit, info=chess.engine.INFO_ALL)
        assert r.move in board.legal_moves
    mate = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    r = engine.play(mate, chess.engine.Limit(time=0.2))
    assert r.move == chess.Move.from_uci("a1a8")
    info = engine.analyse(mate, chess.engine.Limit(depth=3))
    assert info["score"].relative.is_mate() and info["pv"][0] == chess.Move.from_uci("a1a8")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_ten_games(seed):
    """Five games against itself and five against a random mover (both colours), each to its end."""
    rng = random.Random(seed)
    with chess.engine.SimpleEngine.popen_xboard(ENGINE_CMD, cwd=ROOT) as engine:
        random_side = None if seed % 2 == 0 else (chess.WHITE if seed % 4 == 1 else chess.BLACK)
        if random_side is None:
            board = chess.Board()
            for _ in range(4):                     # vary the openings of the self-play games
                board.push(rng.choice(list(board.legal_moves)))
            limit = chess.engine.Limit(time=0.02)
            game = object()
            while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
                if board.ply() % 20 == 9:
                    engine.analyse(board, chess.engine.Limit(time=0.03), game=game)
                result = engine.play(board, limit, game=game)
                assert result.move in board.legal_moves
                board.push(result.move)
            assert board.is_game_over(claim_draw=True)
        else:
            play_game(engine, rng, random_side, chess.engine.Limit(time=0.02))
