"""Engine levels (issue 71, docs/engine.md "Levels"): ``Skill Level`` 0..20 over UCI and CECP, a node budget
and, low down, a choice among the best lines, the whole engine at 20; ``UCI_LimitStrength``/``UCI_Elo`` read
against the measured table (``LEVEL_ELO``)."""
from __future__ import annotations

import random
from collections import Counter

import chess
import chess.engine
import pytest

from protocol_support import UCI_CMD, EngineProcess
from hyperchess.engine.levels import (BOARD_LEVELS, CLEAN, ELO_MAX, ELO_MIN, LEVEL_ELO, SKILL_ELO, SKILL_MAX, choose,
                                      level_lines, level_nodes, level_noise, line_nodes, search_at_level,
                                      skill_for_elo)
from hyperchess.engine.multipv import Line
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import get_game

OPEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
HANGING = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"       # Rxd5 wins the queen; every other move is far worse


def test_the_budget_grows_and_the_noise_falls_with_the_level():
    assert level_nodes(SKILL_MAX) is None and level_noise(SKILL_MAX) == 0
    per_line = [line_nodes(s) for s in range(SKILL_MAX)]
    assert per_line[0] == 32 and per_line == sorted(per_line)
    # a third of a doubling a level up to CLEAN, then one and a half doublings a level (docs/engine.md, "Levels")
    assert [per_line[s] for s in (3, 6, CLEAN, 16, 17, 18, 19)] == [64, 128, 1024, 2896, 8192, 23170, 65536]
    assert [level_nodes(s) for s in (0, 10, 12, 13, 18)] == [32 * 7, 322 * 4, 512 * 2, 645, 23170]
    assert [level_noise(s) for s in (0, 6, 10, 12, CLEAN, 19)] == [2700, 583, 100, 21, 0, 0]
    lines = [level_lines(s) for s in range(SKILL_MAX)]
    assert lines[0] == 7 and lines[9] == 5 and lines[12] == 2 and lines[13:] == [1] * 7 and lines == sorted(lines)[::-1]


def test_a_clean_level_is_one_search_within_its_budget():
    """From level 13 up a level is the search's own move at its node budget: the same move as a plain search of
    that many nodes (before, every level searched 4 lines and drew noise, so its budget bought far less)."""
    game = get_game("normal")
    for skill in (13, CLEAN, 18):
        pos = game.position(OPEN)
        level = search_at_level(Searcher(hash_mb=4), pos, Limits(movetime=30.0), skill, rng=random.Random(1))
        plain = Searcher(hash_mb=4).search(pos, Limits(nodes=level_nodes(skill)))
        assert (level.best, level.score, level.nodes) == (plain.best, plain.score, plain.nodes), skill


def test_the_choice_is_the_best_line_at_the_top_and_often_not_at_the_bottom():
    lines = [Line(3, v, 0.0, 0, ["m%d" % i], value=v) for i, v in enumerate((120, 60, 0, -200))]
    rng = random.Random(7)
    assert {choose(lines, SKILL_MAX, rng).pv[0] for _ in range(200)} == {"m0"}
    low = Counter(choose(lines, 0, rng).pv[0] for _ in range(2000))            # 2,700 cp of noise
    assert low["m0"] > low["m1"] > low["m2"] > low["m3"] > 300, low            # near a random choice, in order
    mid = Counter(choose(lines, 10, rng).pv[0] for _ in range(2000))           # 100 cp
    assert mid["m0"] > 1500 and mid["m1"] > 0 and mid["m2"] == mid["m3"] == 0, mid   # only the near ones


def test_a_level_searches_within_its_budget_and_plays_a_legal_move():
    game = get_game("normal")
    pos = game.position(OPEN)
    for skill in (10, 13, 18):
        result = search_at_level(Searcher(hash_mb=4), pos, Limits(movetime=5.0), skill, rng=random.Random(1))
        assert result.best in pos.legal_moves()
        assert result.nodes <= level_nodes(skill) + 200, (skill, result.nodes)     # the last line's overrun
    assert pos.fen() == OPEN


def test_the_bottom_levels_choose_among_whole_lines_of_depth_one():
    """Levels 0, 3 and 6 have budgets (32-128 nodes) smaller than one depth of their 6-7 lines: they search
    depth 1 whole, then draw their noise among those lines (before, they played the best of the first few root
    moves looked at: one move, always the same)."""
    game = get_game("normal")
    pos = game.position(OPEN)
    for skill in (0, 3, 6):
        moves = Counter(search_at_level(Searcher(hash_mb=4), pos, Limits(movetime=30.0), skill,
                                        rng=random.Random(seed)).best for seed in range(24))
        assert len(moves) >= 3 and max(moves.values()) < 20, (skill, moves)
        assert set(moves) <= set(pos.legal_moves())


def test_level_zero_varies_its_move_and_level_twenty_does_not():
    with chess.engine.SimpleEngine.popen_uci(UCI_CMD) as engine:
        assert engine.options["Skill Level"].default == SKILL_MAX
        assert (engine.options["Skill Level"].min, engine.options["Skill Level"].max) == (0, SKILL_MAX)
        board = chess.Board(OPEN)
        seen = {}
        for skill in (0, SKILL_MAX):
            engine.configure({"Skill Level": skill})
            # a fixed depth, so that the whole engine is not varied by the load on the machine: level 0's node
            # budget (64) ends its search long before
            seen[skill] = Counter(engine.play(board, chess.engine.Limit(depth=4)).move.uci() for _ in range(12))
        assert len(seen[0]) >= 2 and len(seen[SKILL_MAX]) == 1, seen
        engine.configure({"Skill Level": BOARD_LEVELS[1]})
        assert all(engine.play(chess.Board(HANGING), chess.engine.Limit(time=0.2)).move.uci() == "d2d5"
                   for _ in range(4)), "a queen for nothing is taken from web level 2 up"


def test_the_beginner_usually_takes_a_free_queen_but_not_always():
    """Level 0 chooses almost at random among its 7 best moves of depth 1 (2,700 cp of noise): a free queen,
    900 cp above the rest, is taken in most games, not all; level 3 misses it rarely."""
    pos = get_game("normal").position(HANGING)
    taken = {skill: sum(pos.san(search_at_level(Searcher(hash_mb=4), pos, Limits(movetime=30.0), skill,
                                                rng=random.Random(seed)).best) == "Rxd5" for seed in range(60))
             for skill in (0, 3)}
    assert 30 <= taken[0] < 55 and taken[3] >= 55, taken


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


def test_each_measured_skill_is_the_skill_of_its_measured_elo():
    assert list(LEVEL_ELO) == sorted(set(LEVEL_ELO)) and (ELO_MIN, ELO_MAX) == (LEVEL_ELO[0], LEVEL_ELO[-1])
    assert [skill_for_elo(e) for e in LEVEL_ELO] == list(BOARD_LEVELS)
    assert all(skill_for_elo(e) == s for s, e in SKILL_ELO.items()), "a measured skill's Elo plays that skill"
    assert skill_for_elo(ELO_MIN - 500) == BOARD_LEVELS[0] and skill_for_elo(ELO_MAX + 1) == SKILL_MAX
    between = [skill_for_elo(e) for e in range(ELO_MIN, ELO_MAX + 1, 7)]
    assert between == sorted(between) and set(between) == set(range(SKILL_MAX + 1)), "every skill, in order"
    # halfway between two measured skills' Elo (8 and 10): the skill halfway between theirs
    assert skill_for_elo((SKILL_ELO[8] + SKILL_ELO[10]) // 2) == 9


def _nodes(engine, options: dict, limit) -> int:
    engine.configure(options)
    # a new game each time (ucinewgame): a table warm from the search before would reach depth 10 in far fewer nodes
    return engine.play(chess.Board(OPEN), limit, info=chess.engine.INFO_ALL, game=object()).info["nodes"]


def test_uci_elo_plays_the_level_measured_at_that_elo():
    """UCI_LimitStrength + UCI_Elo through python-chess's client: the Elo of a board level plays that level's
    node budget; off, Skill Level rules again (20: the whole engine, whose depth 10 costs far more)."""
    with chess.engine.SimpleEngine.popen_uci(UCI_CMD) as engine:
        assert engine.options["UCI_LimitStrength"].default is False
        assert (engine.options["UCI_Elo"].min, engine.options["UCI_Elo"].max) == (ELO_MIN, ELO_MAX)
        depth10 = chess.engine.Limit(depth=10)       # about 68,000 nodes: past the budgets of levels 4 and 5
        for k in (3, 4):            # board levels 4 and 5: one clean search each, stopped by its budget
            nodes = _nodes(engine, {"UCI_LimitStrength": True, "UCI_Elo": LEVEL_ELO[k]}, depth10)
            assert nodes <= level_nodes(BOARD_LEVELS[k]) + 200, (k, nodes)
        assert _nodes(engine, {"UCI_LimitStrength": False}, depth10) > 2 * level_nodes(BOARD_LEVELS[4])
        # Skill Level waits while UCI_LimitStrength is on, as in Fairy-Stockfish
        nodes = _nodes(engine, {"Skill Level": 0, "UCI_LimitStrength": True, "UCI_Elo": LEVEL_ELO[4]}, depth10)
        assert level_nodes(BOARD_LEVELS[0]) + 200 < nodes <= level_nodes(BOARD_LEVELS[4]) + 200, nodes


def test_bad_strength_options_get_one_line():
    with EngineProcess(UCI_CMD) as eng:
        eng.send("uci")
        _, lines = eng.expect("uciok")
        assert "option name UCI_LimitStrength type check default false" in lines
        assert f"option name UCI_Elo type spin default {ELO_MIN} min {ELO_MIN} max {ELO_MAX}" in lines
        eng.send(f"setoption name UCI_Elo value {ELO_MAX + 1}", "setoption name UCI_Elo value strong",
                 "setoption name UCI_LimitStrength value yes", "isready")
        _, lines = eng.expect("readyok")
    assert lines == [f"info string UCI_Elo: {ELO_MAX + 1} is not in {ELO_MIN}..{ELO_MAX}",
                     "info string UCI_Elo: not a number: strong",
                     "info string UCI_LimitStrength: true or false, not yes"]


def test_cecp_offers_the_elo_under_the_uci_names():
    with EngineProcess() as eng:
        lines = eng.handshake()
        assert 'feature option="UCI_LimitStrength -check 0"' in lines
        assert f'feature option="UCI_Elo -spin {ELO_MIN} {ELO_MIN} {ELO_MAX}"' in lines
        eng.send(f"option UCI_Elo={ELO_MIN - 1}", "option UCI_LimitStrength=2")
        assert [l for l in eng.sync() if l.startswith("Error")] == [
            f"Error (bad option value): option UCI_Elo={ELO_MIN - 1}",
            "Error (bad option value): option UCI_LimitStrength=2"]
        eng.send("new", "option UCI_LimitStrength=1", f"option UCI_Elo={LEVEL_ELO[0]}", "st 5", "post", "go")
        move, lines = eng.expect(r"move \S+")
        nodes = [int(l.split()[3]) for l in lines if l[:1].isdigit()]
        assert nodes and max(nodes) <= level_nodes(BOARD_LEVELS[0]) + 200, lines
