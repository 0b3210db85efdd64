"""Engine levels (issue 71, docs/engine.md "Levels"): ``Skill Level`` 0..20 over UCI and CECP, a node budget
and a choice among the best lines below the top, the whole engine at 20."""
from __future__ import annotations

import random
from collections import Counter

import chess
import chess.engine
import pytest

from protocol_support import UCI_CMD, EngineProcess
from hyperchess.engine.levels import (SKILL_MAX, choose, level_lines, level_nodes, level_noise,
                                      search_at_level)
from hyperchess.engine.multipv import Line
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import get_game

OPEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
HANGING = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"       # Rxd5 wins the queen; every other move is far worse


def test_the_budget_and_the_noise_fall_with_the_level():
    assert level_nodes(SKILL_MAX) is None and level_noise(SKILL_MAX) == 0
    nodes = [level_nodes(s) for s in range(SKILL_MAX)]
    assert nodes[0] == 64 and nodes == sorted(nodes) and nodes[8] == 16 * nodes[0] and nodes[19] == 46340
    assert [level_noise(s) for s in (0, 10, 19)] == [300, 150, 15]
    assert level_lines(19) == 4 and level_lines(0) == 8


def test_the_choice_is_the_best_line_at_the_top_and_often_not_at_the_bottom():
    lines = [Line(3, v, 0.0, 0, ["m%d" % i], value=v) for i, v in enumerate((120, 60, 0, -200))]
    rng = random.Random(7)
    assert {choose(lines, SKILL_MAX, rng).pv[0] for _ in range(200)} == {"m0"}
    low = Counter(choose(lines, 0, rng).pv[0] for _ in range(2000))
    assert low["m0"] > low["m1"] > low["m2"] > 0 and low["m0"] < 1800, low    # 300 cp of noise
    assert low["m3"] / 2000 < 0.1                                             # 320 cp worse: a rare blunder


def test_a_level_searches_within_its_budget_and_plays_a_legal_move():
    game = get_game("normal")
    pos = game.position(OPEN)
    for skill in (0, 6, 12):
        result = search_at_level(Searcher(hash_mb=4), pos, Limits(movetime=5.0), skill, rng=random.Random(1))
        assert result.best in pos.legal_moves()
        assert result.nodes <= level_nodes(skill) + 200, (skill, result.nodes)     # the last line's overrun
    assert pos.fen() == OPEN


def test_level_zero_varies_its_move_and_level_twenty_does_not():
    with chess.engine.SimpleEngine.popen_uci(UCI_CMD) as engine:
        assert engine.options["Skill Level"].default == SKILL_MAX
        assert (engine.options["Skill Level"].min, engine.options["Skill Level"].max) == (0, SKILL_MAX)
        board = chess.Board(OPEN)
        seen = {}
        for skill in (0, SKILL_MAX):
            engine.configure({"Skill Level": skill})
            seen[skill] = Counter(engine.play(board, chess.engine.Limit(time=0.2)).move.uci() for _ in range(12))
        assert len(seen[0]) >= 2 and len(seen[SKILL_MAX]) == 1, seen
        engine.configure({"Skill Level": 0})
        assert all(engine.play(chess.Board(HANGING), chess.engine.Limit(time=0.2)).move.uci() == "d2d5"
                   for _ in range(4)), "a queen for nothing is taken at every level"


def test_a_bad_level_gets_one_line_and_keeps_the_old_one():
    with EngineProcess(UCI_CMD) as eng:
        eng.send("uci")
        _, lines = eng.expect("uciok")
        assert "option name Skill Level type spin default 20 min 0 max 20" in lines
        eng.send("setoption name Skill Level value 21", "setoption name Skill Level value x", "isready")
        _, lines = eng.expect("readyok")
    assert lines == ["info string Skill Level: 21 is not in 0..20", "info string Skill Level: not a number: x"]


def test_cecp_offers_the_level_and_takes_it():
    with EngineProcess() as eng:
        assert 'feature option="Skill Level -spin 20 0 20"' in eng.handshake()
        eng.send("option Skill Level=25")
        assert [l for l in eng.sync() if l.startswith("Error")] == ["Error (bad option value): option Skill Level=25"]
        eng.send("new", "option Skill Level=0", "st 0.3", "go")
        move, _ = eng.expect(r"move \S+")
        assert chess.Move.from_uci(move.split()[1]) in chess.Board().legal_moves
