"""The search's tree on the committed bench positions (bench/positions/, issue 50).

Changes that only make a node cheaper (caches, typed data, fewer allocations) must search the very same
tree: the same nodes, best move and score at a fixed depth as the engine before them. The figures were
first recorded with the tree at bd22513 (before issue 50: the pawn-term cache and the history's int keys
searched exactly those trees), then recorded again for late move reductions at the root (issue 50), and for the
frontier pruning of games whose own endings need a capture, deeper move-count pruning, the null move's
depth-scaled reduction and quiescence's recaptures-only plies (issue 50, session 26), and for the harder pruning
of a wide search (mixed3d's roots of 180 moves or more; issue 50, session 28: recorded deeper, at depth 5,
so that the root's two-ply reductions are in the tree), and for millennium's tuned values (issue 72). A change
that means to alter the tree (pruning, reductions, move order, evaluation) records its new figures here,
with its measurements in docs/performance.md.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from hyperchess.engine.search import Limits, Searcher
from hyperchess.variants import get_game

POSITIONS = Path(__file__).resolve().parent.parent / "bench" / "positions"

# (game, index in its position file, depth, nodes, best move, score)
RECORDED = [
    ("normal", 4, 5, 4348, "f3e4", -102),
    ("normal", 9, 5, 2658, "h5h6", 795),
    ("capablanca", 4, 4, 3221, "f2d4", 8),
    ("capablanca", 9, 4, 1456, "e3f3", -2340),
    ("cylinder", 4, 5, 2896, "h4a5", 137),
    ("cylinder", 9, 5, 853, "h3a3", 210),
    ("millennium", 4, 4, 2806, "g5f6", 194),         # with its tuned values (games/tuned/values.toml)
    ("millennium", 9, 4, 10331, "h1j1", 198),
    ("third-millennium", 4, 4, 1438, "e1f14", -2107),
    ("third-millennium", 9, 4, 2663, "c8c9", 643),
    ("next-generation", 4, 3, 1247, "Aa1Aa5", 263),
    ("next-generation", 9, 3, 2272, "Ag6Ag7", 1535),
    ("first-contact", 4, 3, 669, "e55d44", 111),
    ("first-contact", 9, 3, 1546, "a34a64", 671),
    ("raumschach", 4, 3, 3633, "Ac1Ac2", -130),
    ("raumschach", 9, 3, 1077, "Be3Ce3", -11),
    ("future-generation", 0, 3, 606, "Ah1Bh1", 30),
    ("future-generation", 4, 3, 1378, "Bd2Cd2", 988),
    ("mixed3d", 0, 5, 4197, "6g16f3", 10),
    ("mixed3d", 4, 3, 3422, "3g35g4", -92),
]


def bench_positions(game_name: str) -> list[str]:
    text = (POSITIONS / f"{game_name}.txt").read_text()
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_every_bench_game_has_ten_positions_that_load():
    for game_name in {g for g, *_ in RECORDED}:
        fens = bench_positions(game_name)
        assert len(fens) == 10
        game = get_game(game_name)
        assert fens[0] == game.position().fen()
        for fen in fens:
            pos = game.position(fen)
            assert pos.outcome() is None and pos.legal_moves()


@pytest.mark.parametrize("game_name,index,depth,nodes,best,score", RECORDED,
                         ids=[f"{g}-{i}" for g, i, *_ in RECORDED])
def test_search_tree_is_the_recorded_one(game_name, index, depth, nodes, best, score):
    pos = get_game(game_name).position(bench_positions(game_name)[index])
    result = Searcher().search(pos, Limits(depth=depth))
    assert (result.nodes, pos.move_name(result.best), result.score) == (nodes, best, score)


def _pawn_key(pos) -> int:
    """The pawn key recomputed from the board: the Zobrist keys of the pawns alone."""
    game = pos.game
    key = 0
    for cell, code in enumerate(pos.board):
        if code in game.pawn_codes:
            key ^= game.z_piece[code][cell]
    return key


@pytest.mark.parametrize("game_name", ["normal", "mixed3d", "future-generation", "first-contact",
                                       "third-millennium"])
def test_pawn_hash_follows_every_move_and_take_back(game_name):
    """``Position.pawn_hash`` equals the key recomputed from the board after random moves (captures,
    promotions, en passant, the games' special moves) and after taking them back."""
    rng = random.Random(5)
    game = get_game(game_name)
    for fen in bench_positions(game_name)[::3]:
        pos = game.position(fen)
        assert pos.pawn_hash == _pawn_key(pos)
        keys = [pos.pawn_hash]
        for _ in range(60):
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            captures = [m for m in moves if pos.board[m[1]] or m[3] != 0]
            pos.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))
            assert pos.pawn_hash == _pawn_key(pos)
            assert pos.copy().pawn_hash == pos.pawn_hash
            keys.append(pos.pawn_hash)
        while pos.moves_made:
            assert pos.pawn_hash == keys.pop()
            pos.pop()
        assert pos.pawn_hash == keys.pop()
