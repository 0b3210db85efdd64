"""`fogofwar` in lockstep with the brute-force referee of tests/fog_oracle.py (written from the rules text, not
the core): in every position of random games, the same moves, the same squares seen by each side, the same
pieces on the board and the same winner. The slow run covers 10,000+ positions."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from fog_oracle import FILES, FogChess

from hyperchess.variants import get_game
from hyperchess.variants.board.codes import CASTLE, EN_PASSANT, PROMOTION
from hyperchess.variants.core.visibility import visible_cells


def board_of(pos) -> dict:
    """The core position's pieces as the oracle writes them."""
    g = pos.game
    out = {}
    for cell, code in enumerate(pos.board):
        if code:
            f, r, _ = g.geometry.coords[cell]
            out[(f, r)] = g.letter_of(code)
    return out


def lockstep(games: int, seed: int, max_plies: int = 300, seen: Counter | None = None) -> int:
    """Play ``games`` random games side by side; return the positions compared. Fails on the first mismatch,
    naming the moves that led there. ``seen`` counts the special moves played and the kings captured."""
    seen = Counter() if seen is None else seen
    game = get_game("fogofwar")
    names = game.names
    rng = random.Random(seed)
    compared = 0
    for _ in range(games):
        pos, ref = game.position(), FogChess.start()
        played: list[str] = []
        for _ in range(max_plies):
            where = f"after {' '.join(played) or 'the start'}"
            assert board_of(pos) == ref.board, where
            moves = {pos.move_name(m): m for m in pos.legal_moves()}
            assert sorted(moves) == ref.moves(), where
            for color, white in ((0, True), (1, False)):
                assert {names.name(c) for c in visible_cells(pos, color)} == ref.visible(white), \
                    f"{where}: {'white' if white else 'black'} sees"
            compared += 1
            outcome = pos.outcome()
            if ref.winner is not None:
                assert outcome is not None and outcome.result == ("1-0" if ref.winner == "white" else "0-1"), where
                break
            if outcome is not None or not moves:
                break
            # en passant and castling half the time they may be played, captures (and king captures) a little more
            # often than chance, so that games reach their ends
            captures = [n for n in moves if (FILES.index(n[2]), int(n[3]) - 1) in ref.board]
            special = [n for n in moves if moves[n][3] in (EN_PASSANT, CASTLE)]
            name = rng.choice(special if special and rng.random() < 0.5 else
                              captures if captures and rng.random() < 0.3 else sorted(moves))
            flag = moves[name][3]
            seen[{EN_PASSANT: "en passant", CASTLE: "castling", PROMOTION: "promotion"}.get(flag, "")] += 1
            if ref.board.get((FILES.index(name[2]), int(name[3]) - 1), " ").upper() == "K":
                seen["king captured"] += 1
            pos.push(moves[name])
            ref.push(name)
            played.append(name)
    return compared


def test_fog_reference_short():
    seen: Counter = Counter()
    assert lockstep(12, seed=69, seen=seen) > 500
    assert seen["king captured"] >= 5


@pytest.mark.slow
def test_fog_reference_10000_positions():
    seen: Counter = Counter()
    assert lockstep(220, seed=2026, seen=seen) >= 10_000
    assert min(seen["en passant"], seen["castling"], seen["promotion"], seen["king captured"]) >= 5, seen
