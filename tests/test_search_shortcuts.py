"""The search's shortcuts agree with the full rules in every game (issue 15 speed work).

- legality: a pseudo-legal move skipped by the ``aligned`` test never leaves the own king attacked;
- check detection: ``TreeBase._in_check`` (engine/treebase.py; it skips the attack test after plain moves out
  of reach) equals ``Position.attacked`` on the king;
over random games of every registered game, seeded.
"""
from __future__ import annotations

import random

import pytest

from hyperchess.engine.gamedata import game_data
from hyperchess.engine.search import Searcher
from hyperchess.variants import BUILT_IN_GAMES, get_game
from hyperchess.variants.core.game import EN_PASSANT, SPECIAL


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_shortcuts_match_the_full_tests(name):
    game = get_game(name)
    rng = random.Random(15)
    searcher = Searcher()
    gd = searcher.gd = game_data(game)
    checked_moves = checked_checks = 0
    plies = 40 if game.geometry.size > 200 else 80
    for _ in range(3):
        pos = game.position()
        for _ in range(plies):
            if pos.outcome() is not None:
                break
            us = pos.turn
            k = pos.king(us)
            if k is not None:
                assert searcher._in_check(pos, k) == pos.attacked(k), pos.fen()
                checked_checks += 1
                if gd.single_royal and not game.has_filter:
                    in_check = pos.attacked(k)
                    legal = set(pos.legal_moves())
                    for m in pos.pseudo_legal_moves():
                        mover = pos.board[m[0]]
                        tested = (in_check or m[0] in gd.aligned[us][k] or gd.royal[mover]
                                  or m[3] == EN_PASSANT or m[3] >= SPECIAL)
                        if not tested:            # the search assumes this move legal without a test
                            assert m in legal, (pos.fen(), pos.move_name(m))
                            checked_moves += 1
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
    if name == "normal":                          # the shortcuts were really exercised
        assert checked_checks > 100 and checked_moves > 1000
