"""The match runner drives UCI engines (``proto=uci``; docs/match.md): hyperchess over UCI against itself over
CECP, misbehaving UCI engines lose with the right termination, and (slow) 20 games against Fairy-Max and 8
against Debian's Fairy-Stockfish over UCI in capablanca, every move refereed and ``pgn check`` clean."""
from __future__ import annotations

import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.tournament.pgn import read_pgn
from hyperchess.tournament.referee import play_game
from hyperchess.tournament.runner import MatchConfig, plan
from hyperchess.tournament.spec import EngineSpec, TimeControl

ROOT = Path(__file__).resolve().parents[1]
UCI = f"{sys.executable} -m hyperchess uci"
HC = f"{sys.executable} -m hyperchess xboard"
TOY = str(ROOT / "tests" / "engines" / "uci_toy.py")


def invoke(args):
    return CliRunner().invoke(main, args, catch_exceptions=False)


def test_hyperchess_over_uci_against_itself_over_cecp(tmp_path):
    pgn = tmp_path / "games.pgn"
    r = invoke(["match", "--variant", "mixed3d", "--engine", f"cmd={UCI}", "proto=uci", "name=uci", "depth=1",
                f"dir={ROOT}", "--engine", f"cmd={HC}", "name=cecp", "depth=1", f"dir={ROOT}", "--games", "2",
                "--maxmoves", "4", "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.output, r.output
    games = list(read_pgn(pgn.read_text()))
    assert len(games) == 2 and all(len(g.moves) == 8 for g in games)
    check = invoke(["pgn", "check", str(pgn)])
    assert check.exit_code == 0 and "all legal" in check.output


@pytest.mark.parametrize("mode, termination, reason", [
    ("illegal", "illegal move", "makes an illegal move: a1a1"),
    ("crash", "disconnect", "disconnects"),
    ("hang", "stall", "connection stalls"),
])
def test_a_misbehaving_uci_engine_loses_with_its_termination(mode, termination, reason):
    good = EngineSpec("good", (sys.executable, TOY, "normal"), tc=TimeControl(st=0.3, margin=0.2), proto="uci")
    bad = EngineSpec(mode, (sys.executable, TOY, mode), tc=TimeControl(st=0.3, margin=0.2), proto="uci")
    cfg = MatchConfig(engines=[good, bad], games=2, maxmoves=10, concurrency=2)
    jobs = [replace(j, ping_timeout=1.5) for j in plan(cfg)]
    with ThreadPoolExecutor(2) as pool:
        records = list(pool.map(play_game, jobs))
    for r in records:
        assert r["termination"] == termination and reason in r["reason"], r
        assert r["score"] == 1.0 and r["errors"] == []


def test_uci_scores_reach_the_pgn_and_adjudication(tmp_path):
    """``score mate -2`` from a UCI engine is the CECP scale's -100002: the resign rule adjudicates."""
    pgn = tmp_path / "games.pgn"
    r = invoke(["match", "--engine", f"cmd={sys.executable} {TOY} mated", "proto=uci", "name=mated", "st=0.3",
                "--engine", f"cmd={sys.executable} {TOY} normal", "proto=uci", "name=good", "st=0.3",
                "--resign", "movecount=2 score=500", "--games", "1", "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0, r.output
    game = list(read_pgn(pgn.read_text()))[0]
    assert game.tags["Result"] == "0-1" and "adjudicated lost" in pgn.read_text()
    assert "-M2/1" in pgn.read_text()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/usr/games/fairymax").exists(), reason="Debian's fairymax is not installed")
def test_twenty_games_of_capablanca_against_fairy_max_over_uci(tmp_path):
    pgn = tmp_path / "games.pgn"
    r = invoke(["match", "--variant", "capablanca", "--engine", f"cmd={UCI}", "proto=uci", "name=hyperchess",
                f"dir={ROOT}", "--engine", "cmd=/usr/games/fairymax", "name=fairymax", "--each", "tc=40/10",
                "timemargin=200", "--games", "2", "--rounds", "10", "--concurrency", "2", "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.output, r.output
    assert "Games: 20," in r.output
    check = invoke(["pgn", "check", str(pgn)])
    assert check.exit_code == 0 and "20 games" in check.output and "all legal" in check.output, check.output


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("fairy-stockfish") is None and not Path("/usr/games/fairy-stockfish").exists(),
                    reason="Debian's fairy-stockfish is not installed")
def test_eight_games_against_fairy_stockfish_over_uci(tmp_path):
    fsf = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    pgn = tmp_path / "games.pgn"
    r = invoke(["match", "--variant", "capablanca", "--engine", f"cmd={UCI}", "proto=uci", "name=hyperchess",
                f"dir={ROOT}", "--engine", f"cmd={fsf}", "proto=uci", "name=fairy-stockfish", "option.Threads=1",
                "--each", "tc=10+0.1", "--games", "2", "--rounds", "4", "--concurrency", "2", "--pgnout", str(pgn),
                "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.output, r.output
    check = invoke(["pgn", "check", str(pgn)])
    assert check.exit_code == 0 and "8 games" in check.output and "all legal" in check.output, check.output
