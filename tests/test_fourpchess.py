"""4pchess as the outside reference for fourplayer-teams (tools/build_4pchess.sh, tools/fourpchess/): the build
script's refusals, the wrapper's translation and UCI session, and the lockstep of the legal moves against
4pchess's own generator (docs/rules/fourplayer.md, "4pchess"). The tests that need 4pchess are skipped where it
is not built."""
from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading

import pytest

from fourpchess_support import CLI, GAME, MOVEGEN, ROOT, Driver, lockstep, wrapper
from hyperchess.variants import get_game
from hyperchess.variants.board.codes import CASTLE, PROMOTION
from hyperchess.variants.core.load import load_position

BUILD = ROOT / "tools" / "build_4pchess.sh"
needs_movegen = pytest.mark.skipif(not MOVEGEN.is_file(), reason="4pchess is not built (tools/build_4pchess.sh)")
needs_cli = pytest.mark.skipif(not CLI.is_file(), reason="4pchess is not built (tools/build_4pchess.sh)")


def test_build_script_skips_in_one_line_without_a_compiler(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("dirname", "sed"):                 # what the script runs before it looks for g++
        os.symlink(shutil.which(tool), bin_dir / tool)
    run = subprocess.run(["/bin/sh", str(BUILD)], capture_output=True, text=True,
                         env={"PATH": str(bin_dir), "HOME": str(tmp_path)})
    assert run.returncode == 0
    assert run.stdout == "build_4pchess: skipped: g++ is not installed\n"
    assert not (tmp_path / ".cache").exists()


@pytest.mark.skipif(not (shutil.which("g++") and shutil.which("make") and shutil.which("git")),
                    reason="needs g++, make and git")
def test_build_script_refuses_a_source_that_is_not_4pchess(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "README").write_text("not an engine\n")
    git = ["git", "-C", str(other), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "README"], check=True)
    subprocess.run(git + ["commit", "-qm", "x"], check=True)
    run = subprocess.run([str(BUILD), str(other)], capture_output=True, text=True,
                         env={**os.environ, "HYPERCHESS_4PCHESS_DIR": str(tmp_path / "build")})
    assert run.returncode == 1
    assert run.stderr == f"build_4pchess: {other} has no Makefile: not 4pchess's source\n"
    assert not (tmp_path / "build" / "src").exists()


def _play(pos, *names):
    for name in names:
        pos.push(pos.parse_move(name))
    return pos


def test_moves_translate_both_ways_castling_and_promotion_included():
    g = get_game(GAME)
    # Red castles king side: the king two squares towards the rook (4pchess's GetKingMoves2)
    pos = _play(load_position(g), "j1k3", "b7c7", "i13i12", "m8l8", "j2j3", "b8c8", "h13h12", "m4l4", "i1j2",
                "b9c9", "j14k12", "m6l6")
    castle = next(m for m in pos.legal_moves() if m[3] == CASTLE and m[1] > m[0])
    assert wrapper.engine_name(pos, castle) == "h1-j1"
    assert wrapper.from_engine(pos, "h1-j1") == castle
    # a promotion names its piece, and each of 4pchess's four promotions is one of ours
    fen = "***3yK4***/***8***/***8***/14/7rP6/14/bK13/13gK/14/14/14/***8***/***8***/***3rK4*** r - - 0 1"
    pos = load_position(g, fen)
    promotions = [m for m in pos.legal_moves() if m[3] == PROMOTION]
    assert sorted(wrapper.engine_name(pos, m) for m in promotions) == ["h10-h11=B", "h10-h11=N", "h10-h11=Q",
                                                                      "h10-h11=R"]
    for m in promotions:
        assert wrapper.from_engine(pos, wrapper.engine_name(pos, m)) == m
    assert wrapper.from_engine(pos, "h10-h11") is None          # no promotion named: not a move here
    assert wrapper.from_engine(pos, "h10-h12") is None


def test_a_clock_becomes_a_time_for_the_move():
    # the mover's team's clock: a share of it plus most of the increment, less the pipes' overhead
    assert wrapper.movetime("go wtime 60000 btime 1000 winc 1000 binc 1000".split(), True) == \
        ("go movetime 2770", pytest.approx(2.77))
    assert wrapper.movetime("go wtime 60000 btime 1000 winc 1000 binc 1000".split(), False) == \
        ("go movetime 470", pytest.approx(0.47))
    assert wrapper.movetime("go movetime 250".split(), True)[0] == "go movetime 220"
    assert wrapper.movetime("go depth 6".split(), True) == ("go depth 6", None)


def _session(lines: list[str], timeout: float = 60.0, args: tuple[str, ...] = ()) -> list[str]:
    """The wrapper's answers to ``lines``: after ``uci``, ``isready`` and ``go`` the lines up to ``uciok``,
    ``readyok`` and ``bestmove``, each wait at most ``timeout`` seconds (then the session ends there)."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "fourpchess" / "uci.py"), *args],
                            stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    answers: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [answers.put(x.strip()) for x in proc.stdout], daemon=True).start()
    out: list[str] = []
    try:
        for line in lines:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            wait_for = {"go": "bestmove", "uci": "uciok", "isready": "readyok"}.get(line.split()[0])
            while wait_for:
                try:
                    answer = answers.get(timeout=timeout)
                except queue.Empty:
                    return out
                out.append(answer)
                if answer.startswith(wait_for):
                    break
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=5) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return out


@needs_cli
def test_the_wrapper_plays_a_legal_move_in_our_notation():
    g = get_game(GAME)
    moves = ["h2h4", "b8c8", "g13g11", "m8l8"]
    out = _session(["uci", "setoption name UCI_Variant value fourplayer-teams", "ucinewgame", "isready",
                    "position startpos moves " + " ".join(moves), "go movetime 300"])
    assert f"option name UCI_Variant type combo default {GAME} var {GAME}" in out
    assert "readyok" in out
    infos = [line for line in out if line.startswith("info depth")]
    assert infos and all(" score cp " in line for line in infos)
    best = out[-1].split()
    assert best[0] == "bestmove"
    pos = _play(load_position(g), *moves)
    assert pos.parse_move(best[1]) in pos.legal_moves()


SLOW_ENGINE = """#!/bin/sh
# 4pchess as a loaded machine makes it: no depth finished within a movetime, so no bestmove; depth 1 answers
while read -r line; do
  case "$line" in
    uci) echo "id name Slow"; echo uciok ;;
    isready) echo readyok ;;
    "go depth 1") echo "info depth 1 time 3 nodes 20 pv h2-h4 score 12 nps 1000"; echo "bestmove h2-h4" ;;
    quit) exit 0 ;;
  esac
done
"""


def test_a_search_that_ends_without_a_move_is_asked_again_at_depth_1(tmp_path):
    cli = tmp_path / "cli"
    cli.write_text(SLOW_ENGINE)
    cli.chmod(0o755)
    out = _session(["uci", "isready", "position startpos", "go movetime 100"], args=("--cli", str(cli)))
    assert out[-3:] == ["info string 4pchess found no move in its time; asking for depth 1",
                        "info depth 1 score cp 12 time 3 nodes 20", "bestmove h2h4"]


def test_the_wrapper_says_in_one_line_that_4pchess_is_missing(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "fourpchess" / "uci.py"),
                          "--cli", str(tmp_path / "cli")], capture_output=True, text=True, input="uci\n")
    assert run.returncode == 2
    assert run.stderr == f"4pchess is not built: no {tmp_path / 'cli'} (run tools/build_4pchess.sh)\n"


@needs_movegen
def test_the_driver_starts_where_our_game_starts():
    driver = Driver()
    try:
        from fourpchess_support import board_tokens
        assert driver.ask("board").split()[1:] == board_tokens(load_position(get_game(GAME)))
        assert driver.ask("turn") == "turn R"
    finally:
        driver.close()


@needs_movegen
def test_lockstep_with_4pchess_short():
    seen = lockstep(seed=7, positions=1500)
    assert seen.mismatches == []
    assert seen.positions == 1500


@pytest.mark.slow
@needs_movegen
def test_lockstep_with_4pchess_12000_positions():
    seen = lockstep(seed=1, positions=12000)
    assert seen.mismatches == [], "\n".join(seen.mismatches[:10])
    assert seen.fen4 == 2400
    assert seen.kinds["castling"] > 0 and seen.kinds["promotion"] > 0
    # the games' ends compared: checkmates, a stalemate and kings taken, besides our 25-move rule
    assert sum(n for reason, n in seen.endings.items() if "checkmated" in reason) >= 2
    assert seen.endings["Stalemate"] >= 1
    assert sum(n for reason, n in seen.endings.items() if "royal piece" in reason) >= 1


@needs_cli
def test_where_4pchess_holds_the_game_won_the_wrapper_takes_the_king():
    # Blue's king was left attacked by Red's king; Red may take it (our rules: that wins). 4pchess answers no
    # bestmove there (its GetGameResult: "Game completed. RY won."), and the wrapper plays the capture.
    fen = "***3yK4***/***8***/***8***/14/14/14/3bK10/4rK8gK/14/14/14/***8***/***8***/***8*** r - - 0 1"
    out = _session(["uci", "isready", f"position fen {fen}", "go movetime 200"])
    assert "info string Game completed. RY won." in out
    assert out[-1] == "bestmove e7d8"
    pos = load_position(get_game(GAME), fen)
    pos.push(pos.parse_move("e7d8"))
    assert pos.outcome().result == "1-0"


@needs_cli
def test_the_wrapper_sends_a_position_opening_as_fen4():
    fen = "***3yK4***/***8***/***8***/14/7rP6/14/bK13/13gK/14/14/14/***8***/***8***/***3rK4*** r - - 0 1"
    out = _session(["uci", "isready", f"position fen {fen}", "go depth 3"])
    pos = load_position(get_game(GAME), fen)
    assert pos.parse_move(out[-1].split()[1]) in pos.legal_moves()
    assert out[-1] == "bestmove h10h11q"           # 4pchess queens its pawn
