"""Shared benchmark helpers: python-chess's own bulk perft as the yardstick measured in the same run."""
from __future__ import annotations

import time

import chess

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def python_chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess perft, bulk-counted at the last ply like ours."""
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += python_chess_perft(board, depth - 1)
        board.pop()
    return n


def timed(fn, *args, repeat: int = 1, clock=time.perf_counter) -> tuple[int, float]:
    """(result, best time in seconds over ``repeat`` runs): wall time, or CPU time with
    ``clock=time.process_time`` (what a shared, loaded machine can still compare)."""
    best = float("inf")
    result = None
    for _ in range(repeat):
        t = clock()
        result = fn(*args)
        best = min(best, clock() - t)
    return result, best


def python_chess_nps(fen: str = chess.STARTING_FEN, depth: int = 4, repeat: int = 1,
                     clock=time.perf_counter) -> float:
    """python-chess perft nodes/second on ``fen`` (the reference every ratio is taken against)."""
    nodes, secs = timed(python_chess_perft, chess.Board(fen), depth, repeat=repeat, clock=clock)
    return nodes / secs
