"""Issue 14: one regression test per reported defect, through the real entry points (the engine as a subprocess
speaking the protocol; the CLI through click's runner or a subprocess). Items 13 and 14 (rules) are in
tests/test_rules_class.py."""
from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from protocol_support import ENGINE_CMD, ROOT, THINKING, EngineProcess
from hyperchess.variants import BUILT_IN_GAMES, REGISTRY, game_names, get_game
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.core.game import EMPTY, HOLE
from hyperchess.variants.core.load import pawn_cells, royal_bounds

MOVE = re.compile(r"move \S+")


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hyperchess: "), result.output
    return lines[0]


@pytest.fixture
def eng():
    e = EngineProcess()
    e.handshake()
    yield e
    assert e.close() == 0


# ---------------------------------------------------------------------- 1, 5: huge clock values
@pytest.mark.parametrize("limit", ["st 10000000000", "time 10000000000000", "time 1e300", "level 0 1e306 0",
                                   "st 1e308", "level 0 1e308 0", "level 40 1e308:1e308 1e308"])
def test_huge_time_limits_mean_very_long(eng, limit):
    """1: no OverflowError, the engine stays alive; 5: a limit that overflows is "very long", not "zero":
    the engine keeps thinking (deeper than depth 1) until told to move."""
    eng.send("new", "post", limit, "go")
    lines = eng.quiet(1.0)
    assert not any(MOVE.fullmatch(line) for line in lines), lines       # still thinking after 1 s
    assert eng.proc.poll() is None
    eng.send("?")
    move, seen = eng.expect(r"move \S+", 5)
    depths = [int(line.split()[0]) for line in lines + seen if THINKING.match(line)]
    assert depths and max(depths) >= 2, lines + seen
    assert eng.sync() == []


# ---------------------------------------------------------------------- 2: bytes that are not UTF-8
def test_invalid_utf8_does_not_end_the_protocol():
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8", PYTHONUNBUFFERED="1")
    data = (b"xboard\nprotover 2\nping 1\n\xff\xfe\xc3(garbled\nusermove e2\xe9e4\nnew\nforce\ne2e4\nping 2\n"
            b"\x80\nsetboard \xff\nping 3\nquit\n")
    proc = subprocess.run(ENGINE_CMD, cwd=ROOT, input=data, capture_output=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8").splitlines()
    body = [line for line in out if not line.startswith("feature")]
    assert body[0] == "pong 1"
    assert body[1].startswith("Error (unknown command): ")           # the garbled line, like any unknown one
    assert body[2].startswith("Illegal move: e2")
    assert body[3] == "pong 2"
    assert body[4].startswith("Error (unknown command): ")
    assert "tellusererror Illegal position" in body and body[-1] == "pong 3"
    assert proc.stderr == b""


# ---------------------------------------------------------------------- 3: exclude all
def test_exclude_all_still_moves(eng):
    eng.send("new", "exclude all", "st 0.2", "go")
    line, seen = eng.expect(r"move \S+", 5)
    assert "# every move is excluded: searching all of them" in seen
    assert eng.sync() == []


def test_exclude_all_but_one_plays_that_one(eng):
    eng.send("new", "exclude all", "include g1f3", "st 0.2", "go")
    assert eng.expect(r"move \S+", 5)[0] == "move g1f3"


# ---------------------------------------------------------------------- 4: refused commands during a search
@pytest.mark.parametrize("refused, answer", [("usermove e7e5", "Illegal move: e7e5"),
                                             ("usermove zz", "Illegal move: zz"),
                                             ("undo", "Error (no move to take back): undo"),
                                             ("remove", "Error (no move to take back): remove"),
                                             ("variant nosuchgame", "Error (unsupported variant): nosuchgame"),
                                             ("usermove", "Error (missing move): usermove"),
                                             ("exit", None)])
def test_refused_command_during_search_keeps_the_search(eng, refused, answer):
    eng.send("new", "st 2", "go")
    time.sleep(0.2)                                   # the search is running
    t0 = time.monotonic()
    eng.send(refused)
    line, seen = eng.expect(r"move \S+", 8)
    assert time.monotonic() - t0 < 2 + 1.5              # the same search ends: a restarted one would take 3.8 s
    assert seen == ([answer] if answer else [])
    assert eng.sync() == []


# ---------------------------------------------------------------------- 6: negative numbers
@pytest.mark.parametrize("line, error", [("time -100", "bad time"), ("otim -1e9", "bad time"),
                                         ("level 1 1:-30 0", "bad level"), ("level 1 -5 0", "bad level"),
                                         ("level 1 5 -1", "bad level"), ("st -1", "bad time"),
                                         ("cores -1", "bad core count"), ("cores 0", "bad core count"),
                                         ("nps -5", "bad nps"), ("sd -3", "bad depth"), ("time nan", "bad time"),
                                         ("st inf", "bad time"), ("memory -1", "bad memory size")])
def test_negative_and_non_finite_numbers_are_errors(eng, line, error):
    eng.send(line)
    assert eng.sync() == [f"Error ({error}): {line}"]


def test_negative_numbers_are_documented_as_errors():
    doc = (ROOT / "docs" / "protocol.md").read_text()
    assert "negative" in doc and "Error (bad level|time|depth|nps|core count|memory size)" in doc


# ---------------------------------------------------------------------- 7: one validation for CLI and setboard
def _bad_positions(name: str) -> list[tuple[str, str]]:
    """(why, position string) refused for the game: no king, one king too many, a pawn where it cannot be."""
    game = get_game(name)
    start = game.position()
    fields = start.fen().split()
    royals = sorted(start.royals[0])
    free = [c for c, code in enumerate(start.board) if code == EMPTY]
    out = []
    low, high = royal_bounds(game, 0)
    if low:
        board = list(start.board)
        for c in royals:
            board[c] = EMPTY
        out.append(("no king", board))
    if high is not None and royals:
        board = list(start.board)
        board[free[len(free) // 2]] = board[royals[0]]
        out.append(("too many kings", board))
    for code, cells in pawn_cells(game).items():
        bad = [c for c, x in enumerate(start.board) if c not in cells and x != HOLE and x not in game.royal_codes]
        if bad:
            board = list(start.board)
            board[bad[0]] = code
            out.append(("pawn", board))
    cases = [(why, " ".join([format_board(game, b), fields[1], "-", "-", "0", "1"] + fields[6:]))
             for why, b in out]
    return cases + EXTRA_BAD_POSITIONS.get(name, [])


# Games whose start position has no king or no pawn on the board (they enter by placement and drops):
# positions their own rules refuse.
EXTRA_BAD_POSITIONS = {
    "first-contact": [
        ("too many kings", "4/2k1/4/4|4/4/4/4|4/4/1K1K/4 w - - 0 4 Wa1u,Wd1u,Ba4u,Bd4u "
                           "[QRRBBNNPPPPPPPPqrrbbnnpppppppp] play -"),
        ("piece before the kings", "4/4/4/4|4/4/1P2/4|4/4/4/4 w - - 0 1 - "
                                   "[KQRRBBNNPPPPPPPkqrrbbnnpppppppp] place -"),
    ],
}


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_cli_and_setboard_refuse_the_same_positions(name):
    cases = _bad_positions(name)
    assert cases
    game = get_game(name)
    if royal_bounds(game, 0)[0]:
        assert any(why == "no king" for why, _ in cases)
    if any(code in game.pawn_codes for code in game.start_board):
        assert any(why == "pawn" for why, _ in cases)
    with EngineProcess(ENGINE_CMD + ["--notation", "native"]) as e:
        e.handshake()
        e.send(f"variant {name}")
        e.sync()
        for why, fen in cases:
            for command in (["show", name, "--position", fen], ["perft", name, "1", "--position", fen],
                            ["selfplay", name, "-n", "1", "-t", "0.01", "--position", fen]):
                assert "bad position" in one_line_error(cli(*command)), (why, command)
            e.send(f"setboard {fen}")
            assert e.sync()[-1] == "tellusererror Illegal position", (why, fen)
        e.send(f"setboard {get_game(name).start_fen}")
        assert e.sync() == []


# ---------------------------------------------------------------------- 8: perft depth
def test_perft_depth_is_bounded():
    assert "between 1 and 30" in one_line_error(cli("perft", "normal", "1000"))
    proc = subprocess.run([sys.executable, "-m", "hyperchess", "perft", "normal", "1000"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and len(proc.stderr.splitlines()) == 1


def test_perft_reports_progress_from_the_start():
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "perft", "normal", "30"], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr], daemon=True).start()
    try:
        first = lines.get(timeout=15)
        assert first.strip() == "perft normal depth 30: 20 root moves"
        assert lines.get(timeout=15).startswith("... ")         # still alive, says so every few seconds
    finally:
        proc.kill()
        proc.wait()


# ---------------------------------------------------------------------- 9: a 4,301-digit empty count
def test_huge_empty_count_is_a_malformed_position(eng):
    fen = "9" * 4301 + "/8/8/8/8/8/8/8 w - - 0 1"
    for command in (["show", "normal", "--position", fen], ["perft", "normal", "1", "--position", fen],
                    ["selfplay", "normal", "--position", fen]):
        assert "empty count" in one_line_error(cli(*command))
    eng.send(f"setboard {fen}", "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - " + "9" * 5000 + " 1")
    lines = eng.sync()
    assert lines.count("tellusererror Illegal position") == 2 and all(len(line) < 400 for line in lines)


# ---------------------------------------------------------------------- 10: selfplay --movetime
@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "0", "-1"])
def test_selfplay_refuses_non_finite_movetime(value):
    assert "movetime" in one_line_error(cli("selfplay", "--movetime", value))


# ---------------------------------------------------------------------- 11: --log that cannot be opened
def test_bad_log_path_is_exit_2_before_the_protocol():
    proc = subprocess.run(ENGINE_CMD + ["--log", "/nonexistent/dir/x.log"], cwd=ROOT, input="xboard\nprotover 2\n",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and "cannot open log file" in proc.stderr


# ---------------------------------------------------------------------- 12: cosmetic
def test_huge_tokens_are_echoed_short(eng):
    token = "x" * 1_000_000
    eng.send(f"usermove {token}", token, f"exclude {token}", f"st {token}", f"foo{token} bar")
    lines = eng.sync(30)
    assert len(lines) == 5 and all(len(line) < 300 for line in lines), [line[:80] for line in lines]
    assert lines[0] == "Illegal move: " + "x" * 200 + "..."


def test_exclude_without_argument(eng):
    eng.send("new", "exclude", "include")
    assert eng.sync() == ["Error (missing move): exclude", "Error (missing move): include"]


# ---------------------------------------------------------------------- Also
def test_feature_variants_lists_every_game(eng, monkeypatch, tmp_path):
    line = next(f for f in eng.handshake() if "variants=" in f)
    assert re.search(r'variants="([^"]*)"', line).group(1).split(",") == game_names()
    # a game added to the registry, or read by VariantPath, appears without touching the protocol layer
    from hyperchess.protocol.commands import features
    from hyperchess.protocol.xboard import XBoardEngine
    monkeypatch.setitem(REGISTRY, "new-game-x", "hyperchess.variants.games.millennium:Millennium")
    line = next(f for f in features(XBoardEngine(lambda s: None)) if "variants=" in f)
    names = re.search(r'variants="([^"]*)"', line).group(1).split(",")
    assert "new-game-x" in names and names == game_names()
    path = tmp_path / "mine.toml"
    path.write_text('[mine]\nextends = "x"\n[x]\nstart = "k7/8/8/8/8/8/8/K7 w - - 0 1"\n'
                    '[x.pieces]\nK = { betza = "K", royal = true }\n')
    eng.send(f"option VariantPath={path}", "variant mine", "setboard k7/8/8/8/8/8/8/1K6 b - - 0 1")
    lines = eng.sync()
    assert lines[0] == "# VariantPath: 2 games added: mine, x"
    assert re.search(r'variants="[^"]*,mine,x"', lines[1]), lines[1]
    eng.send("go")
    assert eng.expect(r"move a8.*", 20)[0].startswith("move a8")
    eng.send("option VariantPath=/no/such/file", f"option VariantPath={tmp_path}")
    bad = eng.sync()
    assert bad[0] == "Error (bad variants file): cannot read /no/such/file: No such file or directory", bad
    assert bad[1].startswith("Error (bad variants file): cannot read "), bad
    eng.send("variant normal", "force", "usermove e2e4")
    assert [line for line in eng.sync() if not line.startswith("#")] == []


def test_selfplay_plays_to_the_end_by_default():
    """No --max-moves: the game ends by rule or adjudication (a queen and rook up: a win for White)."""
    result = cli("selfplay", "--position", "4k3/8/8/8/8/8/PPP5/QRK5 w - - 0 1", "-t", "0.05")
    assert result.exit_code == 0, result.output
    assert re.fullmatch(r"Result: 1-0 \{.*\}", result.output.splitlines()[-1]), result.output[-300:]


def test_selfplay_says_plainly_it_stopped_at_the_move_limit():
    result = cli("selfplay", "-t", "0.01", "-n", "2")
    assert result.output.splitlines()[-1] == \
        "Result: stopped at the move limit (2 plies, --max-moves); the game is not over"


def test_readme_setup_and_ci_run_the_same_commands():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    block = readme.split("```sh", 1)[1].split("```", 1)[0]
    first, second = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert first.startswith("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && ")
    assert second == ".venv/bin/python -m pytest"
    assert "python3 -m venv .venv" in ci and "PY=.venv/bin/python\n" in ci and '\n"$PY" -m pytest\n' in ci
    assert "Python 3.11" in readme


# ---------------------------------------------------------------------- --moves
@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_moves_option_for_every_game(name):
    """perft/show/selfplay --moves: moves in native notation from the position; a refused one names it and its ply."""
    game = get_game(name)
    pos = game.position()
    moves = []
    for _ in range(3):
        m = pos.legal_moves()[len(pos.legal_moves()) // 2]
        moves.append(pos.move_name(m))
        pos.push(m)
    shown = cli("show", name, "--moves", *moves)
    assert shown.exit_code == 0 and pos.fen() in shown.output, shown.output
    counted = cli("perft", name, "1", "--moves", *moves)
    assert counted.output.splitlines()[-1] == f"Nodes searched: {len(pos.legal_moves())}"
    bad = one_line_error(cli("show", name, "--moves", moves[0], moves[0]))
    assert f"move '{moves[0]}' at ply 2 refused" in bad
    assert "at ply 1 refused" in one_line_error(cli("perft", name, "1", "--moves", "zz9", "--divide"))
    played = cli("selfplay", name, "-t", "0.01", "-n", "1", "--moves", *moves)
    assert played.exit_code == 0 and played.output.splitlines()[0].lstrip().startswith(f"{pos.fullmove}.")


def test_moves_option_quoted_and_with_position():
    assert cli("show", "normal", "--position", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "--moves", "e2e4 e8d7").output \
        .splitlines()[-1] == "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2"


def test_plain_hyperchess_with_xboard_first_reads_bytes_too():
    """`hyperchess` without a command, first line `xboard` (how XBoard starts an engine): the same byte-safe
    reading, and no line lost between the first-line check and the protocol loop."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", PYTHONUNBUFFERED="1")
    proc = subprocess.run([sys.executable, "-m", "hyperchess"], cwd=ROOT, input=b"xboard\nping 1\n\xff\xfe\nping 2\nquit\n",
                          capture_output=True, env=env, timeout=60)
    out = proc.stdout.decode().splitlines()
    assert proc.returncode == 0 and out[0] == "pong 1" and out[1].startswith("Error (unknown command): ")
    assert out[2] == "pong 2"


# ---------------------------------------------------------------------- the one place numbers become limits
from hypothesis import given, settings, strategies as st  # noqa: E402

NUMBER_TEXT = st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr), st.integers().map(str),
                        st.text(alphabet="0123456789.-+e:infnaINFNA ", max_size=12),
                        st.sampled_from(["1e308", "1e306", "9" * 400, "-0", "1e-320", "1:1e308", "1e308:1e308"]))


@settings(max_examples=300, deadline=None)
@given(word=st.sampled_from(["st", "time", "otim", "sd", "nps", "level"]), a=NUMBER_TEXT, b=NUMBER_TEXT)
def test_clock_accepts_only_sane_limits(word, a, b):
    """Whatever the text: refused (ValueError) or a finite, non-negative limit <= MAX_SECONDS; and the limits
    for a move never overflow (the watchdog deadline is a finite time)."""
    import math
    from hyperchess.engine.timecontrol import MAX_SECONDS
    from hyperchess.protocol.clock import Clock
    clock = Clock()
    setter = {"st": clock.set_st, "time": clock.set_time, "otim": clock.set_otim, "sd": clock.set_sd,
              "nps": clock.set_nps, "level": clock.set_level}[word]
    try:
        setter(f"40 {a} {b}" if word == "level" else a)
    except ValueError:
        pass
    for v in (clock.st, clock.time_left, clock.otim, clock.base, clock.inc):
        assert v is None or (math.isfinite(v) and 0 <= v <= MAX_SECONDS)
    limits, deadline = clock.limits("move", 1)
    assert deadline is None or math.isfinite(deadline)
