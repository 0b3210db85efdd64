"""The match runner: every landed game end to end, broken engines, resume, statistics, PGN checking.

Engines here are real processes: ``hyperchess xboard`` at depth 1 and the small CECP scripts in
``tests/engines/`` (``toy_engine.py MODE`` misbehaves on purpose)."""
from __future__ import annotations

import json
import math
import os
import signal
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.tournament.pgn import check_pgn, read_pgn, record_to_pgn
from hyperchess.tournament.runner import MatchConfig, plan, report, run_match, tally
from hyperchess.tournament.spec import EngineSpec, TimeControl
from hyperchess.tournament.openings import Opening
from hyperchess.variants import BUILT_IN_GAMES, get_game

ROOT = Path(__file__).resolve().parents[1]
TOY = str(ROOT / "tests" / "engines" / "toy_engine.py")
HC_TOY = str(ROOT / "tests" / "engines" / "hyperchess_toy.py")
HC = f"{sys.executable} -m hyperchess xboard"      # flat notation by default: the runner asks for native itself
TOY_GAME = "four-kings-toy"                 # tests/four_player_toy.py, registered only inside its test
LANDED = sorted(BUILT_IN_GAMES)


def toy(name: str, mode: str = "normal", at: int = 3, **tc) -> EngineSpec:
    return EngineSpec(name, (sys.executable, TOY, mode, str(at)), tc=TimeControl(**(tc or {"st": 0.5, "margin": 0.2})))


def hc(name: str, depth: int = 1) -> EngineSpec:
    return EngineSpec(name, tuple(HC.split()), cwd=str(ROOT), tc=TimeControl(depth=depth))


def invoke(args: list[str]):
    return CliRunner().invoke(main, args, catch_exceptions=False)


# ---------------------------------------------------------------------- every landed game, end to end
@pytest.mark.parametrize("variant", LANDED)
def test_short_match_of_every_game_replays_cleanly(variant, tmp_path):
    pgn = tmp_path / "games.pgn"
    r = invoke(["match", "--variant", variant, "--engine", f"cmd={HC}", "name=one", "depth=1",
                "--engine", f"cmd={HC}", "name=two", "depth=1", "--games", "1", "--maxmoves", "3",
                "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0, r.output
    assert "Runner errors: 0" in r.output
    games = list(read_pgn(pgn.read_text()))
    assert len(games) == 1 and games[0].tags["Variant"] == variant
    assert len(games[0].moves) == 3 * get_game(variant).players or games[0].tags["Termination"] == "normal"
    check = invoke(["pgn", "check", str(pgn)])
    assert check.exit_code == 0 and "1 games" in check.output and "all legal" in check.output


@pytest.mark.slow
@pytest.mark.parametrize("variant", LANDED)
def test_longer_match_of_every_game(variant, tmp_path):
    pgn = tmp_path / "games.pgn"
    """40 moves a side on a real clock (tc=10+0.1, 1 s margin): no time losses, a clean PGN."""
    r = invoke(["match", "--variant", variant, "--engine", f"cmd={HC}", "name=one", "--engine", f"cmd={HC}",
                "name=two", "--each", "tc=10+0.1", "timemargin=1000", "--games", "2", "--maxmoves", "40",
                "--concurrency", "2", "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.stdout, r.output
    assert "time forfeit" not in r.stdout and "stall" not in r.stdout
    assert invoke(["pgn", "check", str(pgn)]).exit_code == 0


# ---------------------------------------------------------------------- four players
@pytest.fixture
def four_player_toy():
    import four_player_toy as module
    module.register()
    yield module
    module.unregister()


def test_four_player_teams_seats_and_elimination(four_player_toy):
    """Two engines, each on both seats of its team; an opening where White takes Black's king at once, so
    Black is skipped from then on; the score counts for the team. The PGN replays through the rules."""
    a = EngineSpec("a", (sys.executable, HC_TOY), tc=TimeControl(depth=1))
    b = EngineSpec("b", (sys.executable, HC_TOY), tc=TimeControl(depth=1))
    opening = Opening(fen="8/8/8/sK6gK/8/8/8/3bKwK3 w - - 0 1")
    cfg = MatchConfig(engines=[a, b], variant=four_player_toy.NAME, games=2, maxmoves=12, openings=[opening],
                      setup_module="four_player_toy", concurrency=2)
    records = run_match(cfg).records
    assert [r["players"] for r in records] == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]
    game = get_game(four_player_toy.NAME)
    for r in records:
        assert r["errors"] == [] and r["warnings"] == []
        assert r["moves"][0] == "e1d1"                  # White's king takes Black's
        pos = game.position(r["fen"])
        movers = []
        for m in r["moves"]:
            movers.append(pos.turn)
            pos.push(pos.parse_move(m))
        assert movers[:4] == [0, 2, 3, 0] and 1 not in movers     # Black never moves again
        team_of_a = game.teams[r["players"].index("a")]
        expected = {"1/2-1/2": 0.5, "1-0": float(team_of_a == 0), "0-1": float(team_of_a == 1)}[r["result"]]
        assert r["score"] == expected
    text = "".join(record_to_pgn(r) for r in records)
    assert '[Gold "a"]' in text and '[Silver "b"]' in text
    assert check_pgn(text).error is None


# ---------------------------------------------------------------------- broken engines
@pytest.mark.parametrize("mode, termination, reason", [
    ("illegal", "illegal move", "makes an illegal move: a1a1"),
    ("crash", "disconnect", "disconnects"),
    ("hang", "stall", "connection stalls"),
    ("false-claim", "false claim", "makes a false claim: "),
    ("slow", "time forfeit", "loses on time"),
    ("no-pong", "stall", "connection stalls (no pong)"),
])
def test_broken_engine_loses_with_its_termination(mode, termination, reason):
    cfg = MatchConfig(engines=[toy("good"), toy(mode, mode, st=0.3, margin=0.1)], games=2, maxmoves=10,
                      concurrency=2)
    from concurrent.futures import ThreadPoolExecutor
    from dataclasses import replace
    from hyperchess.tournament.referee import play_game
    jobs = [replace(j, ping_timeout=1.5) for j in plan(cfg)]
    with ThreadPoolExecutor(2) as pool:                    # both games at once
        records = list(pool.map(play_game, jobs))
    assert len(records) == 2                               # the match goes on after the first loss
    for r in records:
        assert r["termination"] == termination and reason in r["reason"], r
        assert r["score"] == 1.0                           # the good engine (engine 0) wins both colours
        assert r["errors"] == []
    # the broken engine lost as White and as Black
    assert [r["result"] for r in records] == ["1-0", "0-1"]


def test_clock_with_increment_is_enforced_from_real_response_times():
    """tc=1+0.1: after each move the clock is (clock − the move's measured time) + 0.1. The toy that
    sleeps 0.9 s on its 3rd move survives on a 1 s base (about 1.2 s left), and loses on time on 0.5 s."""
    fast = dict(base=1.0, inc=0.1, margin=0.05)
    ok = run_match(MatchConfig(engines=[toy("good", **fast), toy("slow", "slow", at=3, **fast)], games=1,
                               maxmoves=4)).records[0]
    assert ok["termination"] == "adjudication" and len(ok["moves"]) == 8
    for side in (0, 1):
        clock = 1.0
        for comment in ok["comments"][side::2]:
            elapsed = float(comment.split()[1].rstrip("s"))
            shown = float(comment.split("[%clk 0:00:")[1].rstrip("]"))
            clock = max(0.0, clock - elapsed) + 0.1
            assert shown == pytest.approx(clock, abs=0.003)
    black = [float(c.split()[1].rstrip("s")) for c in ok["comments"][1::2]]
    assert black[2] >= 0.85                                # the slow move was measured as slow
    tight = dict(base=0.5, inc=0.1, margin=0.05)
    lost = run_match(MatchConfig(engines=[toy("good", **tight), toy("slow", "slow", at=3, **tight)], games=1,
                                 maxmoves=4)).records[0]
    assert lost["termination"] == "time forfeit" and lost["result"] == "1-0" and len(lost["moves"]) == 5


def test_resign_and_draw_adjudication():
    from hyperchess.tournament.referee import DrawRule, ResignRule
    r = run_match(MatchConfig(engines=[toy("good"), toy("loser", "losing")], games=1, maxmoves=20,
                              resign=ResignRule(movecount=3, score=500))).records[0]
    # Black reports -900 on every move: after its 3rd move (ply 6) Black's team loses
    assert (r["result"], r["termination"], len(r["moves"])) == ("1-0", "adjudication", 6)
    r = run_match(MatchConfig(engines=[toy("a", "drawish"), toy("b", "drawish")], games=1, maxmoves=20,
                              draw=DrawRule(movenumber=3, movecount=2, score=10))).records[0]
    # scores are 0: the draw comes once move 3 is complete (fullmove 4 > 3) and both sides have 2 scores
    assert (r["result"], r["termination"], len(r["moves"])) == ("1/2-1/2", "adjudication", 6)
    assert r["reason"] == "Draw by adjudication (scores)"


def test_mate_scores_show_as_mate_in_moves_in_the_pgn_comments():
    """CECP reports mate in N moves as 100000 + N (mated: -100000 - N); the PGN comment says +MN / -MN
    as cutechess writes it, and other scores stay in pawns."""
    r = run_match(MatchConfig(engines=[toy("w", "mating", at=5), toy("b", "mated", at=5)], games=1,
                              maxmoves=3)).records[0]
    assert [c.split()[0] for c in r["comments"]] == ["+M4/1", "-M4/1", "+M3/1", "-M3/1", "+M2/1", "-M2/1"]
    r = run_match(MatchConfig(engines=[toy("a"), toy("b")], games=1, maxmoves=2)).records[0]
    assert [c.split()[0] for c in r["comments"]] == ["+0.01/1", "+0.01/1", "+0.02/1", "+0.02/1"]


def test_garbage_between_moves_is_ignored(tmp_path):
    log = tmp_path / "traffic.log"
    cfg = MatchConfig(engines=[toy("good"), toy("noisy", "garbage", at=1)], games=2, maxmoves=6, concurrency=2,
                      log=str(log))
    records = run_match(cfg).records
    traffic = log.read_text().splitlines()                 # --log: every line both ways, per game and engine
    assert any(line.endswith("g1 noisy < this is not a protocol line") for line in traffic)
    assert any(line.endswith("g2 good > go") for line in traffic)
    for r in records:
        assert r["termination"] == "adjudication" and r["result"] == "1/2-1/2" and len(r["moves"]) == 12
        assert r["garbage"] >= 6 * 3 - 1 and r["errors"] == [] and r["warnings"] == []
    assert check_pgn("".join(record_to_pgn(r) for r in records)).error is None


def test_match_with_a_crashing_engine_completes_every_game(tmp_path):
    """The engine that crashes is started afresh for every game: all four games are played."""
    pgn = tmp_path / "m.pgn"
    marker = f"h12crash{os.getpid()}"
    r = invoke(["match", "--engine", f"cmd={sys.executable} {TOY} normal 3 {marker}", "name=good", "st=0.5",
                "--engine", f"cmd={sys.executable} {TOY} crash 2 {marker}", "name=crasher", "st=0.5",
                "--games", "4", "--concurrency", "2", "--pgnout", str(pgn)])
    assert r.exit_code == 0, r.output
    assert "Wins: 4, Draws: 0, Losses: 0" in r.stdout and "disconnect (crasher) 4" in r.stdout
    assert "Runner errors: 0" in r.stdout
    progress = r.stderr.splitlines()                        # one progress line per finished game
    assert len(progress) == 4 and progress[-1].startswith("[########################] 4/4  +4 =0 -0")
    assert len(list(read_pgn(pgn.read_text()))) == 4
    assert _count(marker) == 0                              # every engine process has ended


def test_seats_of_two_and_four_player_games():
    from hyperchess.tournament.runner import MatchError, seat_engines
    assert seat_engines(2, 2, False) == (0, 1) and seat_engines(2, 2, True) == (1, 0)
    assert seat_engines(4, 2, False) == (0, 1, 0, 1) and seat_engines(4, 2, True) == (1, 0, 1, 0)
    assert seat_engines(4, 4, False) == (0, 1, 2, 3) and seat_engines(4, 4, True) == (1, 0, 3, 2)
    with pytest.raises(MatchError):
        seat_engines(2, 3, False)


# ---------------------------------------------------------------------- resume
def test_resumed_match_plays_exactly_the_planned_games(tmp_path):
    state, pgn = tmp_path / "state.json", tmp_path / "games.pgn"
    cfg = MatchConfig(engines=[toy("a"), toy("b")], games=2, rounds=3, maxmoves=4, state=str(state),
                      pgnout=str(pgn), openings=[Opening(moves=("e2e4",)), Opening(moves=("d2d4", "d7d5"))])
    seen = []

    def stop_after_two(rec):
        seen.append(rec["index"])
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_match(cfg, on_record=stop_after_two)
    saved = _state_records(state)
    assert [r["index"] for r in saved] == [0, 1]
    result = run_match(cfg)
    assert result.resumed == 2
    assert [r["index"] for r in result.records] == list(range(6))
    assert result.records[:2] == saved                      # finished games were not replayed
    games = list(read_pgn(pgn.read_text()))
    assert sorted(g.tags["Round"] for g in games) == ["1.1", "1.2", "2.3", "2.4", "3.5", "3.6"]
    # openings in pairs, colours swapped: games 1-2 open e2e4, 3-4 d2d4 d7d5, 5-6 e2e4 again
    assert [r["opening_moves"] for r in result.records] == [["e2e4"]] * 2 + [["d2d4", "d7d5"]] * 2 + [["e2e4"]] * 2
    assert [r["players"][0] for r in result.records] == ["a", "b"] * 3
    assert check_pgn(pgn.read_text()).error is None
    assert run_match(cfg).resumed == 6                       # a finished match plays nothing more


def test_more_rounds_extend_a_resumed_match(tmp_path):
    """An undecided match is extended by running it again with more rounds; fewer rounds than the state
    file already holds are refused."""
    state = tmp_path / "state.json"
    first = MatchConfig(engines=[toy("a"), toy("b")], games=2, rounds=1, maxmoves=3, state=str(state))
    assert [r["index"] for r in run_match(first).records] == [0, 1]
    longer = MatchConfig(engines=[toy("a"), toy("b")], games=2, rounds=2, maxmoves=3, state=str(state))
    result = run_match(longer)
    assert result.resumed == 2
    assert [r["index"] for r in result.records] == [0, 1, 2, 3]
    assert [r["players"][0] for r in result.records] == ["a", "b", "a", "b"]
    assert json.loads(state.read_text())["match"]["rounds"] == 2
    from hyperchess.tournament.runner import MatchError
    with pytest.raises(MatchError, match="give at least 2 rounds"):
        run_match(first)


def test_resumed_match_rate_counts_only_the_games_played(tmp_path):
    state = tmp_path / "s.json"
    base = ["match", "--engine", f"cmd={sys.executable} {TOY}", "name=a", "st=0.5", "--engine",
            f"cmd={sys.executable} {TOY}", "name=b", "st=0.5", "--maxmoves", "2", "--state", str(state), "-q"]
    first = invoke(base)
    assert first.exit_code == 0 and "resumed" not in first.output
    r = invoke(base + ["--rounds", "3"])
    assert r.exit_code == 0, r.output
    assert "Games: 6," in r.output and "(4 games played, 2 resumed from the state file)" in r.output


def test_progress_line_rate_counts_only_the_games_played(tmp_path, monkeypatch):
    import io
    from hyperchess.tournament import runner
    cfg = MatchConfig(engines=[toy("a"), toy("b")], games=2, rounds=2, maxmoves=2)
    records = run_match(cfg).records
    clock = iter([0.0, 60.0, 120.0])
    monkeypatch.setattr(runner.time, "monotonic", lambda: next(clock))
    out = io.StringIO()
    progress = runner.Progress(cfg, stream=out)          # resumed with records 0-1 already finished
    progress.update(records[:3], records[2])             # one game played in the first minute
    progress.update(records, records[3])                 # two in two minutes
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("[" + "#" * 18) and " 3/4 " in lines[0] and " 1.0 games/min" in lines[0]
    assert " 4/4 " in lines[1] and " 1.0 games/min" in lines[1]


def test_state_file_of_another_match_is_refused(tmp_path):
    state = tmp_path / "s.json"
    base = ["match", "--engine", f"cmd={sys.executable} {TOY}", "name=a", "st=0.5", "--engine",
            f"cmd={sys.executable} {TOY}", "name=b", "st=0.5", "--maxmoves", "2", "--state", str(state), "-q"]
    assert invoke(base).exit_code == 0
    r = invoke(base[:-3] + ["--games", "4", "--state", str(state)])
    assert r.exit_code == 2 and "belongs to a different match" in r.output


# ---------------------------------------------------------------------- Ctrl-C
def _ctrl_c_as_in_a_terminal() -> None:
    """SIGINT back to its default in the child, as a terminal's foreground job has it: a test run started in
    the background (``pytest &`` from a script) ignores SIGINT, the child would inherit that, and Python then
    installs no KeyboardInterrupt handler, so the runner would rightly ignore the Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _match_process(args: list[str]) -> subprocess.Popen:
    """``hyperchess match ARGS`` in its own session, SIGINT at its default, output captured as text."""
    return subprocess.Popen([sys.executable, "-m", "hyperchess", "match", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_ctrl_c_as_in_a_terminal)


def _start_hanging_match(state: Path, marker: str) -> subprocess.Popen:
    """A match in its own session, two games at once with toy engines tagged ``marker``, one of which
    never moves; returns once all four engines run."""
    proc = _match_process(["--engine", f"cmd={sys.executable} {TOY} hang 2 {marker}", "name=a", "st=30",
                           "--engine", f"cmd={sys.executable} {TOY} normal 3 {marker}", "name=b", "st=30",
                           "--games", "4", "--concurrency", "2", "--state", str(state), "-q"])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and _count(marker) < 4:     # two games, two engines each
        time.sleep(0.2)
    assert _count(marker) >= 4
    return proc


def test_ctrl_c_ends_every_engine_process(tmp_path):
    marker = f"h12marker{os.getpid()}"
    proc = _start_hanging_match(tmp_path / "s.json", marker)
    os.killpg(proc.pid, signal.SIGINT)                 # Ctrl-C goes to the whole foreground group
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 2 and "interrupted" in err
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _count(marker):
        time.sleep(0.2)
    assert _count(marker) == 0


def test_an_interrupted_match_reports_the_games_it_finished(tmp_path):
    """SIGTERM after some games: the report of the finished games (as many as the state file keeps) goes
    to stdout before the one-line "interrupted" on stderr."""
    state = tmp_path / "s.json"
    proc = _match_process(["--engine", f"cmd={sys.executable} {TOY}", "name=a", "--engine",
                           f"cmd={sys.executable} {TOY}", "name=b", "--each", "st=1", "--maxmoves", "3",
                           "--games", "2", "--rounds", "500", "--state", str(state), "-q"])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _finished(state) < 2:
            time.sleep(0.2)
        os.kill(proc.pid, signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    finished = _finished(state)
    assert proc.returncode == 2 and "interrupted" in err and str(state) in err
    assert finished >= 2
    assert f"Results of a vs b (normal, {finished} of 1000 games):" in out
    assert f"Games: {finished}," in out


@pytest.mark.parametrize("to_group, sig", [(True, signal.SIGTERM), (False, signal.SIGTERM), (False, signal.SIGKILL)],
                         ids=["kill-group", "kill-runner", "kill-9-runner"])
def test_sigterm_stops_the_match_like_ctrl_c(tmp_path, to_group, sig):
    """``kill`` (SIGTERM) to the runner alone or to its whole group: the runner says where the finished
    games are, and no pool worker or engine is left behind (a worker that went back to waiting for work
    used to outlive a killed runner forever). After ``kill -9`` of the runner the workers and engines end too."""
    marker = f"h15term{os.getpid()}{int(to_group)}{int(sig)}"
    state = tmp_path / f"{marker}.json"
    proc = _start_hanging_match(state, marker)
    assert _runners(str(state)) == 3                  # the runner and its two workers
    try:
        if to_group:
            os.killpg(proc.pid, sig)
        else:
            os.kill(proc.pid, sig)
        out, err = proc.communicate(timeout=20)      # leftover workers would hold its pipes open
        if sig == signal.SIGTERM:
            assert proc.returncode == 2 and "interrupted" in err and str(state) in err
        else:
            assert proc.returncode == -signal.SIGKILL
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (_count(marker) or _runners(str(state))):
            time.sleep(0.2)
        assert _count(marker) == 0 and _runners(str(state)) == 0
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)          # whatever a failure left behind
        except ProcessLookupError:
            pass


def _processes(wanted) -> int:
    """Running processes whose argument list (bytes) satisfies ``wanted``."""
    n = 0
    for pid in os.listdir("/proc"):
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        n += bool(wanted(args))
    return n


def _state_records(state: Path) -> list[dict]:
    """The game records a match's state file holds."""
    return json.loads(state.read_text())["records"]


def _finished(state: Path) -> int:
    """Games in a match's state file (0 before the first is written)."""
    try:
        return len(_state_records(state))
    except (OSError, ValueError):
        return 0


def _runners(state: str) -> int:
    """Processes of ``hyperchess match`` (the runner and its pool workers) run with this state file."""
    return _processes(lambda args: b"match" in args and state.encode() in args)


def _count(marker: str) -> int:
    """Running toy engines whose arguments end with ``marker``."""
    return _processes(lambda args: len(args) > 2 and args[-2] == marker.encode()
                      and args[1].endswith(b"toy_engine.py"))


# ---------------------------------------------------------------------- Dask
def test_dask_local_cluster_gives_the_local_pool_records(tmp_path):
    """The same match through ``--dask-scheduler`` (a 2-worker LocalCluster) and through the local pool:
    the same games (moves, results, terminations) in the same order."""
    distributed = pytest.importorskip("dask.distributed")
    openings = tmp_path / "openings.txt"
    openings.write_text("e2e4 e7e5\nd2d4\n")
    # option.Randomize=0: deterministic engines, so both executors must produce the very same games
    args = ["match", "--engine", f"cmd={HC}", "name=one", "depth=1", f"dir={ROOT}", "--engine", f"cmd={HC}",
            "name=two", "depth=2", f"dir={ROOT}", "--each", "option.Randomize=0", "--games", "2", "--rounds", "2", "--maxmoves", "6",
            "--openings", str(openings), "-q"]
    r = invoke(args + ["--concurrency", "2", "--state", str(tmp_path / "local.json")])
    assert r.exit_code == 0, r.output
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster:
        r = invoke(args + ["--dask-scheduler", cluster.scheduler_address, "--state", str(tmp_path / "dask.json")])
        missing = invoke(["match", "--engine", "cmd=/no/such/engine", "name=a", "depth=1", "--engine",
                          f"cmd={HC}", "name=b", "depth=1", "--dask-scheduler", cluster.scheduler_address])
    assert r.exit_code == 0, r.output
    assert missing.exit_code == 2 and "cannot start /no/such/engine" in missing.output   # checked on a worker

    def games(name):
        records = _state_records(tmp_path / name)
        return [(x["index"], x["players"], x["moves"], x["result"], x["termination"], x["score"], x["errors"])
                for x in records]

    local = games("local.json")
    assert len(local) == 4 and games("dask.json") == local
    assert [g[2][0] for g in local] == ["e2e4", "e2e4", "d2d4", "d2d4"]     # openings in colour-swapped pairs


# ---------------------------------------------------------------------- statistics
def test_sprt_and_normalized_elo_reproduce_the_regression_vector():
    from hyperchess.tournament.stats import Sprt, normalized_elo
    penta = [379, 10170, 21828, 10640, 343]
    assert Sprt(0, 2, model="normalized").llr(penta) == pytest.approx(2.9455, abs=5e-4)
    nelo, err = normalized_elo(penta)
    assert nelo == pytest.approx(3.05, abs=5e-3) and err == pytest.approx(2.31, abs=5e-3)
    s = Sprt(0, 2)
    assert (s.lower, s.upper) == (pytest.approx(-2.944, abs=1e-3), pytest.approx(2.944, abs=1e-3))
    assert s.decision(2.9455) == "H1" and s.decision(0.0) is None and s.decision(-3.0) == "H0"


def test_logistic_sprt_is_the_likelihood_ratio_of_the_constrained_fits():
    """For a sample whose mean score equals score(elo1) exactly, the elo1 fit is the sample itself, so
    the LLR is the Kullback-Leibler divergence of the elo0 fit, times N: positive; and it grows with N."""
    from hyperchess.tournament.stats import Sprt
    s = Sprt(-5, 5, model="logistic")
    small, big = s.llr([10, 20, 40, 20, 10]), s.llr([100, 200, 400, 200, 100])   # mean exactly 0.5 (0 Elo)
    assert small == pytest.approx(0.0, abs=1e-6) and big == pytest.approx(0.0, abs=1e-6)  # halfway: LLR 0
    assert Sprt(0, 10, model="logistic").llr([5, 20, 40, 25, 10]) > 0
    assert Sprt(0, 10, model="logistic").llr([10, 25, 40, 20, 5]) < 0


def test_hand_worked_wdl_table():
    """6 wins, 2 draws, 2 losses. Score 7/10 = 0.7; Elo = -400 log10(1/0.7 - 1) = 147.19.
    Per-game variance: (6·0.3² + 2·0.2² + 2·0.7²)/10 = 0.16; standard error sqrt(0.16/10) = 0.12649;
    95%: 0.7 ± 1.95996·0.12649 = [0.45208, 0.94792] -> Elo [-33.39, +504.00], half-width 268.69.
    LOS = ½(1 + erf((6-2)/sqrt(2·8))) = ½(1 + erf(1)) = 0.92135."""
    from hyperchess.tournament.stats import summarize
    s = summarize(6, 2, 2)
    assert s.score == pytest.approx(0.7)
    assert s.elo == pytest.approx(147.19, abs=0.01)
    assert s.elo_error == pytest.approx(268.69, abs=0.05)
    assert s.los == pytest.approx(0.92135, abs=1e-4)
    even = summarize(5, 10, 5)
    assert even.elo == pytest.approx(0.0) and even.los == pytest.approx(0.5)
    assert summarize(3, 0, 0).elo == math.inf


def test_tally_counts_wdl_and_pentanomial_per_pair():
    def rec(pair, score, result="1-0"):
        return {"pair": pair, "score": score, "result": result, "termination": "normal", "errors": [],
                "players": ["a", "b"]}
    records = [rec(0, 1.0), rec(0, 1.0), rec(1, 0.5, "1/2-1/2"), rec(1, 0.0), rec(2, 1.0), rec(2, 0.0),
               rec(3, 0.5, "1/2-1/2")]                   # pair 3 unfinished: not in the pentanomial
    t = tally(records)
    assert (t.wins, t.draws, t.losses) == (3, 2, 2)
    assert t.penta == [0, 1, 1, 0, 1]


def test_report_prints_the_table():
    cfg = MatchConfig(engines=[toy("a"), toy("b")], games=2)
    recs = [{"pair": 0, "score": s, "result": "1-0", "termination": "normal", "errors": [], "players": ["a", "b"]}
            for s in (1.0, 1.0)]
    text = report(cfg, recs)
    assert "Wins: 2, Draws: 0, Losses: 0" in text and "Ptnml(0-2): [0, 0, 0, 0, 1]" in text


# ---------------------------------------------------------------------- pgn check and the command line
def test_pgn_check_reports_the_first_bad_move(tmp_path):
    good = tmp_path / "good.pgn"
    r = invoke(["match", "--engine", f"cmd={sys.executable} {TOY}", "name=a", "st=0.5", "--engine",
                f"cmd={sys.executable} {TOY}", "name=b", "st=0.5", "--games", "2", "--maxmoves", "5",
                "--pgnout", str(good), "-q"])
    assert r.exit_code == 0
    games = list(read_pgn(good.read_text()))
    bad_move = games[1].moves[4]
    text = good.read_text()
    second = text.index('[Round "1.2"]')
    broken = text[:second] + text[second:].replace(f" {bad_move} ", " a1a8 ", 1)
    bad = tmp_path / "bad.pgn"
    bad.write_text(broken)
    out = invoke(["pgn", "check", str(bad)])
    assert out.exit_code == 1
    assert "game 2" in out.output and "ply 5" in out.output and "a1a8" in out.output


def test_pgn_check_refuses_a_wrong_result(tmp_path):
    # Fool's mate: the rules say 0-1
    text = ('[Variant "normal"]\n[Result "1-0"]\n\n1. f2f3 e7e5 2. g2g4 d8h4 1-0\n')
    f = tmp_path / "r.pgn"
    f.write_text(text)
    out = invoke(["pgn", "check", str(f)])
    assert out.exit_code == 1 and "Black mates" in out.output


@pytest.mark.parametrize("args, message", [
    (["--engine", "cmd=x", "name=a", "depth=1", "--engine", "cmd=y", "colour=red"], "unknown key 'colour'"),
    (["--engine", "cmd=x", "name=a", "--engine", "cmd=y", "name=b", "depth=1"], "no time control"),
    (["--engine", "cmd=x", "name=a", "tc=fast"], "bad time control"),
    (["--variant", "chesss", "--engine", "cmd=x", "depth=1", "--engine", "cmd=y", "depth=1"], "unknown variant"),
    (["--engine", "cmd=/no/such/engine", "name=a", "depth=1", "--engine", "cmd=/no/such/engine", "name=b",
      "depth=1"], "cannot start"),
    (["--engine", "cmd=x", "name=a", "depth=1", "--engine", "cmd=y", "name=b", "depth=1",
      "--sprt", "elo0=5", "elo1=0"], "elo0 must be less than elo1"),
])
def test_bad_match_options_give_one_line(args, message):
    r = invoke(["match", *args])
    assert r.exit_code == 2 and message in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_engine_options_fastchess_style_and_each():
    """``--each`` keys apply to every engine; ``cmd=`` may be followed by its arguments as bare words."""
    from hyperchess.cli.match import GroupedCommand
    import click
    seen = {}

    @click.command(cls=GroupedCommand)
    @click.option("--engine", multiple=True)
    @click.option("--each", multiple=True)
    def cmd(engine, each):
        seen["engine"], seen["each"] = engine, each

    CliRunner().invoke(cmd, ["--engine", "cmd=hyperchess", "xboard", "name=a", "option.Notation=native",
                             "--engine", "cmd=fairymax name=b", "--each", "tc=40/60", "timemargin=50"])
    from hyperchess.tournament.spec import apply_engine_pairs, build_engine, parse_pairs, split_tokens
    each = apply_engine_pairs({}, parse_pairs(split_tokens(seen["each"][0]), "each"), "each")
    a = build_engine(apply_engine_pairs(each, parse_pairs(split_tokens(seen["engine"][0]), "a"), "a"), "a")
    b = build_engine(apply_engine_pairs(each, parse_pairs(split_tokens(seen["engine"][1]), "b"), "b"), "b")
    assert a.argv == ("hyperchess", "xboard") and a.options == (("Notation", "native"),)
    assert b.argv == ("fairymax",) and b.name == "b"
    assert a.tc == b.tc == TimeControl(moves=40, base=60.0, margin=0.05)


def test_sprt_stops_the_match_early():
    """A toy that plays illegally on its first move loses every game: the SPRT accepts H1 well before
    the 40 planned games: with elo1 = 400, 4 won pairs give LLR 2.39 (below the bound 2.94), 5 give 2.99."""
    from hyperchess.tournament.stats import Sprt
    cfg = MatchConfig(engines=[toy("good"), toy("bad", "illegal", at=1)], games=40, concurrency=2,
                      sprt=Sprt(0, 400, 0.05, 0.05, "logistic"))
    result = run_match(cfg)
    assert result.stopped_by_sprt == "H1"
    assert 10 <= len(result.records) <= 12         # stops at the 5th pair; a running game may still finish


def test_random_opening_order_keeps_pairs_and_start():
    cfg = MatchConfig(engines=[toy("a"), toy("b")], games=2, rounds=6, srand=7, opening_order="random",
                      openings=[Opening(moves=(m,)) for m in ("e2e4", "d2d4", "c2c4", "g1f3", "b2b3", "f2f4")])
    jobs = plan(cfg)
    firsts = [j.opening_moves[0] for j in jobs]
    assert firsts[0::2] == firsts[1::2]                    # each pair shares its opening
    assert sorted(firsts[0::2]) == sorted(["e2e4", "d2d4", "c2c4", "g1f3", "b2b3", "f2f4"])   # a permutation
    assert [j.seats for j in jobs[:2]] == [(0, 1), (1, 0)]
    assert [j.opening_moves[0] for j in plan(cfg)] == firsts                # --srand makes it repeatable
    shifted = MatchConfig(**{**cfg.__dict__, "opening_start": 2})
    assert [j.opening_moves[0] for j in plan(shifted)][0::2] == firsts[2::2] + firsts[:1]


FAIRYMAX = "/usr/games/fairymax"


@pytest.mark.skipif(not os.path.exists(FAIRYMAX), reason="fairymax is not installed")
def test_short_match_against_fairymax(tmp_path):
    """Fairy-Max: bare moves (no usermove=1), no setboard, its own claims and debug lines."""
    pgn = tmp_path / "fm.pgn"
    r = invoke(["match", "--engine", f"cmd={HC}", "name=hyperchess", "depth=1", "--engine", f"cmd={FAIRYMAX}",
                "name=fairymax", "st=0.05", "--games", "2", "--maxmoves", "8", "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.stdout, r.output
    assert invoke(["pgn", "check", str(pgn)]).exit_code == 0
    openings = tmp_path / "fen.txt"
    openings.write_text("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n")
    r = invoke(["match", "--engine", f"cmd={HC}", "name=hyperchess", "depth=1", "--engine", f"cmd={FAIRYMAX}",
                "name=fairymax", "st=0.05", "--openings", str(openings)])
    assert r.exit_code == 2 and "fairymax has no setboard" in r.output


@pytest.mark.skipif(not os.path.exists(FAIRYMAX), reason="fairymax is not installed")
def test_fairy_max_at_half_a_second_a_move_searches_deep(tmp_path):
    """``st=0.5`` reaches Fairy-Max as a one-move clock, not as ``st 0.5`` (which it reads as 0 seconds: one
    ply). The PGN's comments give each move's depth (``+0.12/6 0.41s``). Before: every depth 1."""
    pgn = tmp_path / "fm.pgn"
    r = invoke(["match", "--engine", f"cmd={HC}", "name=hyperchess", "depth=1", "--engine", f"cmd={FAIRYMAX}",
                "name=fairymax", "st=0.5", "--games", "1", "--maxmoves", "6", "--pgnout", str(pgn), "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.stdout, r.output
    games = list(read_pgn(pgn.read_text()))
    depths = [int(d) for d in re.findall(r"/(\d+) [\d.]+s", pgn.read_text())]
    assert len(games) == 1 and len(depths) == 12, pgn.read_text()
    assert min(depths[1::2]) >= 4, depths          # Black: Fairy-Max


def test_hyperchess_gets_its_fraction_of_a_second_as_st(tmp_path):
    """hyperchess reads ``st 0.3`` and spends it all; as a one-move clock of 0.05 s it answered at once (its
    reserve), losing every game of a self-play at ``st=0.05``. So ``timing=auto`` keeps ``st`` for it."""
    log = tmp_path / "traffic.log"
    r = invoke(["match", "--engine", f"cmd={HC}", "name=a", "--engine", f"cmd={HC}", "name=b", "timing=clock",
                "--each", "st=0.3", "--games", "1", "--maxmoves", "1", "--log", str(log), "-q"])
    assert r.exit_code == 0 and "Runner errors: 0" in r.stdout, r.output
    sent = [line.split(None, 1)[1] for line in log.read_text().splitlines() if "st 0.3" in line or "level 1" in line]
    assert sent == ["g1 a > st 0.3", "g1 b > level 1 0:01 0"], sent


def test_pgn_reader_skips_comments_variations_and_nags():
    text = ('[Event "x"]\n[White "the \\"best\\" engine"]\n[Variant "normal"]\n[Result "*"]\n\n'
            '1.e2e4 $1 {a {comment} e7e5 (1... d7d5 2. e4d5) 2. g1f3 ; to the end of the line e1e2\n'
            'b8c6 *\n\n[Event "y"]\n\n1. d2d4 *\n')
    games = list(read_pgn(text))
    assert [g.moves for g in games] == [["e2e4", "e7e5", "g1f3", "b8c6"], ["d2d4"]]
    assert games[0].tags["White"] == 'the "best" engine' and games[0].result == "*"
    assert check_pgn(text).error is None and check_pgn(text).plies == 5


def test_record_to_pgn_round_trip():
    rec = {"index": 0, "round": 1, "variant": "normal", "players": ['say "hi"', "b"], "result": "0-1",
           "fen": get_game("normal").start_fen, "termination": "normal", "reason": "Black mates",
           "moves": ["f2f3", "e7e5", "g2g4", "d8h4"], "comments": ["book", "+0.10/3 0.100s", "", "+M/1 0.1s}"],
           "tc": ["st=1"], "date": "2026.11.23", "event": "e"}
    text = record_to_pgn(rec)
    [g] = read_pgn(text)
    assert g.tags["White"] == 'say "hi"' and g.tags["Termination"] == "normal" and g.tags["PlyCount"] == "4"
    assert g.moves == ["f3", "e5", "g4", "Qh4"] and g.result == "0-1"      # SAN; the reader drops the "#"
    assert "1. f3 {book} e5 {+0.10/3 0.100s} 2. g4 Qh4# {+M/1 0.1s)}" in text
    assert check_pgn(text).error is None


def test_claim_after_a_partner_move_that_is_taken_back_is_not_a_false_claim():
    """future-generation, Black already eliminated: after White's move an engine (like hyperchess, whose
    team moves again) at once plays Gold's move too, capturing Silver's king, and claims 1-0 before the
    referee's ``pong`` (seen in a `hyperchess match` game at depth 1). The referee takes the partner move
    back (``undo``) and must drop the claim that came with it; Gold's seat then replays it and the game ends
    normally, 1-0 (before the fix: "White makes a false claim", 0-1)."""
    fen = ("8/8/8/8/2wP1wP3/8/wP6wP/4wK3|8/6sK1/3gN3wR/3gQgQ3/3gQ1gN2/7wP/8/8|8/8/6wC1/3gBgQ3/3gQ4/8/8/8|"
           "8/8/8/8/7gK/8/8/8 w - - 0 99 wbgs b")
    partner = str(ROOT / "tests" / "engines" / "partner_engine.py")
    engines = [EngineSpec(n, (sys.executable, partner), tc=TimeControl(depth=1)) for n in "ab"]
    cfg = MatchConfig(engines=engines, variant="future-generation", games=1,
                      openings=[Opening(fen=fen)], concurrency=1)
    r = run_match(cfg).records[0]
    assert r["termination"] == "normal" and r["result"] == "1-0", r
    assert len(r["moves"]) == 2                     # White's move, then Gold's king capture (replayed)
    game = get_game("future-generation")
    pos = game.position(fen)
    for m in r["moves"]:
        pos.push(pos.parse_move(m))
    assert pos.eliminated(3) and pos.outcome().result == "1-0"
