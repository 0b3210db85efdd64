"""The match runner and a game won on points (a free-for-all): the seats ranked by points, not a draw."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace

from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.tournament.referee import points_ranks, score_for_first
from hyperchess.tournament.runner import MatchConfig, report, tally
from hyperchess.tournament.spec import EngineSpec, TimeControl

ROOT = Path(__file__).resolve().parents[1]
HC = f"{sys.executable} -m hyperchess xboard"


def test_points_rank_the_seats():
    assert points_ranks("25-16-0-3", 4) == [1, 2, 4, 3]
    assert points_ranks("10-10-0-3", 4) == [1, 1, 4, 3]          # equal points share the better rank
    assert points_ranks("1-0", 2) is None and points_ranks("1/2-1/2", 4) is None


def test_a_points_result_scores_first_place_not_a_draw():
    job = SimpleNamespace(seats=(0, 1, 2, 3))
    assert score_for_first({"result": "25-16-0-3"}, job) == 1.0
    assert score_for_first({"result": "3-16-0-25"}, job) == 0.0
    assert score_for_first({"result": "25-25-0-3"}, job) == 0.5
    assert score_for_first({"result": "3-25-0-3"}, SimpleNamespace(seats=(1, 0, 3, 2))) == 1.0


def test_report_ranks_the_engines_by_points():
    names = ["a", "b", "c", "d"]
    spec = [EngineSpec(n, ("x",), tc=TimeControl(depth=1)) for n in names]
    cfg = MatchConfig(engines=spec, games=2, variant="fourplayer-ffa")
    recs = [{"pair": 0, "result": r, "ranks": points_ranks(r, 4), "termination": "normal", "errors": [],
             "players": names, "score": score_for_first({"result": r}, SimpleNamespace(seats=(0, 1, 2, 3)))}
            for r in ("25-16-0-3", "5-16-40-3")]
    text = report(cfg, recs)
    assert (tally(recs).wins, tally(recs).draws, tally(recs).losses) == (1, 0, 1)
    assert "Ranks by points: a: 1st 1, 2nd 0, 3rd 1, 4th 0 (mean rank 2.00); b: 1st 0, 2nd 2" in text
    assert "c: 1st 1, 2nd 0, 3rd 0, 4th 1 (mean rank 2.50)" in text


def test_an_ffa_match_at_the_move_limit_ranks_by_points(tmp_path):
    """Four engines, one a seat; the move limit ends the game by the points as they stand."""
    args = ["match", "--variant", "fourplayer-ffa", "--games", "1", "--maxmoves", "12", "--pgnout", str(tmp_path / "g.pgn"), "-q"]
    for n in "abcd":
        args += ["--engine", f"cmd={HC}", f"name={n}", "depth=1"]
    r = CliRunner().invoke(main, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "Results of a vs b vs c vs d" in r.output and "Runner errors: 0" in r.output
    result = re.search(r'\[Result "([0-9-]+)"\]', (tmp_path / "g.pgn").read_text()).group(1)
    ranks = points_ranks(result, 4)                             # the points of the game as it stood
    assert ranks is not None and sum(map(int, result.split("-"))) > 0
    for name, rank in zip("abcd", ranks):
        assert f"{name}: " + ", ".join(f"{p} {int(rank == i + 1)}" for i, p in enumerate(("1st", "2nd", "3rd", "4th"))) \
            in r.output
