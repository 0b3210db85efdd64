"""Opening variety (issue 15): root noise on -> different games across seeds; off -> identical games."""
from __future__ import annotations

import chess

from hyperchess.engine.deepening import RANDOM_MOVES
from hyperchess.engine.search import Limits, Searcher
from protocol_support import InProcess
from hyperchess.variants import get_game


def opening(game_name: str, randomness: int, seed: int, plies: int = 8, depth: int = 2) -> list[str]:
    """The first ``plies`` moves of a self-play game at a fixed depth."""
    pos = get_game(game_name).position()
    searcher = Searcher(randomness=randomness, seed=seed)
    line = []
    for _ in range(plies):
        r = searcher.search(pos, Limits(depth=depth))
        line.append(pos.move_name(r.best))
        pos.push(r.best)
    return line


def test_randomness_off_is_deterministic():
    lines = {tuple(opening("normal", 0, seed)) for seed in range(4)}
    assert len(lines) == 1


def test_randomness_on_varies_across_seeds_with_legal_games():
    lines = [opening("normal", 30, seed) for seed in range(6)]
    assert len({tuple(l) for l in lines}) >= 4
    for line in lines:                                 # every game is a legal one (python-chess referees)
        board = chess.Board()
        for uci in line:
            board.push_uci(uci)
    assert opening("normal", 30, 3) == lines[3]      # the same seed replays the same game


def test_randomness_varies_other_geometries_too():
    assert len({tuple(opening("cylinder", 30, seed, plies=4)) for seed in range(5)}) >= 2


def test_randomness_never_spoils_a_mate_nor_the_late_game():
    pos = get_game("normal").position("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1")
    for seed in range(5):
        r = Searcher(randomness=100, seed=seed).search(pos, Limits(depth=4))
        assert r.score == 100002                       # still mate in 2, reported unchanged
    late = get_game("normal").position(f"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 "
                                       f"{RANDOM_MOVES + 1}")
    moves = {Searcher(randomness=100, seed=s).search(late, Limits(depth=2)).best for s in range(4)}
    assert len(moves) == 1                             # past the opening the noise is off


def test_xboard_option_randomize_default_on_and_off():
    with InProcess() as eng:
        feats = " ".join(eng.handshake())
        assert 'feature option="Randomize -spin 10 0 100"' in feats
        eng.send("option Randomize=abc", "option Randomize=101")
        assert eng.sync() == ["Error (bad option value): option Randomize=abc",
                              "Error (bad option value): option Randomize=101"]
        first = set()
        for _ in range(24):                            # on by default: the engine's first move varies
            eng.send("new", "force", "sd 2", "go")
            first.add(eng.expect(r"move \S+")[0])
            if len(first) >= 2:                        # (8 tries were all g1f3 once: p^7 is not small enough)
                break
        assert len(first) >= 2
        eng.send("option Randomize=0")
        assert eng.sync() == []
        first = set()
        for _ in range(4):
            eng.send("new", "force", "sd 2", "go")
            first.add(eng.expect(r"move \S+")[0])
        assert len(first) == 1
