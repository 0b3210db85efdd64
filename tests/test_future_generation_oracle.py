"""Our move generator against an independent plain reading of the contract (tests/stacked_oracle.py):
the same legal moves at every ply of random games, and the same perft counts."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from stacked_oracle import from_position
from hyperchess.variants import get_game
from hyperchess.variants.core.game import CASTLE, EN_PASSANT, PROMOTION, TRANSFORM
from hyperchess.variants.core.perft import perft


def replay(game, seed: int, plies: int, seen: Counter) -> None:
    """A random game (biased toward king and e.p. captures so that eliminations happen) in which both
    generators must list the same moves at every ply; ``seen`` counts the features met."""
    rng = random.Random(seed)
    pos = game.position()
    oracle = from_position(pos)
    for ply in range(plies):
        moves = pos.legal_moves()
        ours = sorted(pos.move_name(m) for m in moves)
        theirs = sorted(oracle.move_name(m) for m in oracle.legal())
        assert ours == theirs, (seed, ply, pos.fen(), set(ours) ^ set(theirs))
        if not moves:
            seen["ended"] += 1
            return
        seen.update(m[3] for m in moves)
        seen["window"] += bool(pos.windows)
        seen["eliminated"] += sum(pos.eliminated(c) for c in range(game.players))
        seen["unlocked"] += bin(pos.extra or 0).count("1")
        seen["check"] += pos.in_check()
        sharp = [m for m in moves if m[3] == EN_PASSANT or pos.board[m[1]] in game.royal_codes]
        move = rng.choice(sharp) if sharp and rng.random() < 0.5 else rng.choice(moves)
        name = pos.move_name(move)
        pos.push(move)
        oracle = oracle.after(next(m for m in oracle.legal() if oracle.move_name(m) == name))


def test_future_generation_random_games_match_the_oracle():
    seen: Counter = Counter()
    for seed in range(6):
        replay(get_game("future-generation"), seed, 500, seen)
    # the games met every rule: eliminations and team results, e.p., castling, promotion, crowning, unlocks
    for feature in ("ended", "eliminated", "unlocked", "window", EN_PASSANT, CASTLE, PROMOTION, TRANSFORM):
        assert seen[feature] > 0, feature


def test_next_generation_random_game_matches_the_oracle():
    seen: Counter = Counter()
    replay(get_game("next-generation"), 3, 24, seen)
    assert seen[0] > 0


def test_next_generation_perft_2_matches_the_oracle():
    pos = get_game("next-generation").position()
    assert perft(pos, 2) == from_position(pos).perft(2) == 5172


@pytest.mark.slow
def test_next_generation_long_random_games_match_the_oracle():
    seen: Counter = Counter()
    for seed in range(2):
        replay(get_game("next-generation"), seed, 300, seen)
    assert seen["check"] > 0 and seen[EN_PASSANT] + seen[CASTLE] > 0


@pytest.mark.slow
@pytest.mark.parametrize("label", ["en-passant", "king-capture"])
def test_midgame_perft_matches_the_oracle(label):
    from test_future_generation import MIDGAME_PERFT
    line, counts = MIDGAME_PERFT[label]
    pos = get_game("future-generation").position()
    oracle = from_position(pos)
    for text in line:
        pos.push(pos.parse_move(text))
        oracle = oracle.after(next(m for m in oracle.legal() if oracle.move_name(m) == text))
    assert oracle.perft(3) == perft(pos, 3) == counts[2]
