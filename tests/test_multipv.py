"""MultiPV (issue 48, docs/protocol.md "UCI"): N lines from one iterative deepening by root-move exclusion,
sorted best first, with the cumulative nodes and time of the one search; through python-chess's UCI client and
through ``engine.multipv.search_lines`` directly (including searches stopped inside a depth)."""
from __future__ import annotations

import re

import chess
import chess.engine
import pytest

from protocol_support import UCI_CMD, EngineProcess
from hyperchess.engine.multipv import Line, search_lines
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import get_game
from hyperchess.variants.core.load import load_position

TWO_MATES = "6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1"      # Ra8# and Rb8#, nothing else mates


def test_python_chess_gets_five_sorted_lines():
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    with chess.engine.SimpleEngine.popen_uci(UCI_CMD) as engine:
        infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=5)
    assert [info["multipv"] for info in infos] == [1, 2, 3, 4, 5]
    scores = [info["score"].relative.score(mate_score=100000) for info in infos]
    assert scores == sorted(scores, reverse=True), scores
    assert all(info["depth"] == 5 for info in infos)
    firsts = [info["pv"][0] for info in infos]
    assert len(set(firsts)) == 5 and all(m in board.legal_moves for m in firsts)
    for info in infos:                               # every line is a legal continuation
        b = board.copy()
        for m in info["pv"]:
            assert m in b.legal_moves, (info["pv"], b.fen())
            b.push(m)


def test_both_mates_come_first_and_the_rest_is_sorted():
    with chess.engine.SimpleEngine.popen_uci(UCI_CMD) as engine:
        infos = engine.analyse(chess.Board(TWO_MATES), chess.engine.Limit(depth=4), multipv=5)
    assert {infos[0]["pv"][0].uci(), infos[1]["pv"][0].uci()} == {"a1a8", "b1b8"}
    assert [i["score"].relative for i in infos[:2]] == [chess.engine.Mate(1)] * 2
    rest = [i["score"].relative for i in infos[2:]]
    assert len(rest) == 3 and not any(s.is_mate() and s.mate() > 0 for s in rest)
    assert [s.score() for s in rest] == sorted((s.score() for s in rest), reverse=True)


def test_info_lines_count_nodes_and_time_for_the_whole_search():
    eng = EngineProcess(UCI_CMD)
    try:
        eng.send("uci", "setoption name MultiPV value 3", "position startpos moves e2e4 e7e5", "go depth 5")
        _, infos = eng.expect(r"bestmove .*", 30)
    finally:
        eng.close()
    lines = [dict(re.findall(r"(depth|multipv|nodes|time) (\d+)", i)) for i in infos if " multipv " in i]
    assert [(int(x["depth"]), int(x["multipv"])) for x in lines] == [(d, k) for d in range(1, 6) for k in (1, 2, 3)]
    nodes = [int(x["nodes"]) for x in lines]
    times = [int(x["time"]) for x in lines]
    assert nodes == sorted(nodes) and times == sorted(times)        # never restarting at 0 for a line
    for d in range(5):                                               # one count per depth, for all its lines
        assert len(set(nodes[3 * d:3 * d + 3])) == 1


def _final_batch(lines: list[Line]) -> list[Line]:
    """The last reported set of lines (a batch starts at multipv 1)."""
    start = max(i for i, line in enumerate(lines) if line.multipv == 1)
    return lines[start:]


@pytest.mark.parametrize("nodes", [300, 1000, 2500, 4000, 7000])
def test_a_search_stopped_inside_a_depth_still_gives_sorted_distinct_lines(nodes):
    """Node budgets that end the search at various points, often inside a depth's further lines."""
    pos = load_position(get_game("normal"), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    before = pos.fen()
    seen: list[Line] = []
    result = search_lines(Searcher(hash_mb=8), pos, Limits(nodes=nodes), 5, on_info=seen.append)
    assert pos.fen() == before
    batch = _final_batch(seen)
    assert [line.multipv for line in batch] == [1, 2, 3, 4, 5]
    assert len({line.pv[0] for line in batch}) == 5
    values = [line.value for line in batch]
    assert values == sorted(values, reverse=True)
    assert result.best == batch[0].pv[0] and result.score == batch[0].score
    depths = [line.depth for line in batch]          # the last depth's lines, then the previous depth's
    assert depths == sorted(depths, reverse=True) and depths[0] - depths[-1] <= 1
    assert all(line.depth < depths[0] for line in batch if line.upper)   # only a previous depth's are capped


def test_fewer_legal_moves_than_lines_gives_every_move():
    pos = load_position(get_game("normal"), "7k/8/8/8/8/8/6PP/7K w - - 0 1")     # Kg1 and the pawns: 5 moves
    seen: list[Line] = []
    search_lines(Searcher(hash_mb=8), pos, Limits(depth=3), 5, on_info=seen.append)
    batch = _final_batch(seen)
    assert sorted(pos.move_name(line.pv[0]) for line in batch) == sorted(pos.move_name(m) for m in pos.legal_moves())
    seen.clear()
    search_lines(Searcher(hash_mb=8), pos, Limits(depth=3), 5, on_info=seen.append,
                 exclude=[m for m in pos.legal_moves() if pos.move_name(m) != "g2g4"])
    assert {pos.move_name(line.pv[0]) for line in seen} == {"g2g4"}
