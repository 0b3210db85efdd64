"""UCI (docs/protocol.md, "UCI"): python-chess's UCI client plays, analyses and reads mate scores; raw transcripts
for every built-in game in native notation; ``stop`` during ``go infinite``; hostile lines (generated) leave the
engine alive and answering ``isready``."""
from __future__ import annotations

import subprocess
import sys
import time

import chess
import chess.engine
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol_support import UCI_CMD, EngineProcess
from hyperchess.variants import BUILT_IN_GAMES, get_game



def test_python_chess_plays_a_whole_game_against_itself():
    board = chess.Board()
    with chess.engine.SimpleEngine.popen_uci(UCI_CMD) as engine:
        assert engine.id["name"].startswith("hyperchess")
        while not board.is_game_over(claim_draw=True) and board.ply() < 600:
            result = engine.play(board, chess.engine.Limit(time=0.02))
            assert result.move in board.legal_moves
            board.push(result.move)
    assert board.is_game_over(claim_draw=True), board.fen()


def test_python_chess_analyses_with_multipv_and_reads_mate_scores():
    with chess.engine.SimpleEngine.popen_uci(UCI_CMD) as engine:
        assert "MultiPV" in engine.options and engine.options["UCI_Variant"].var[:2] == ["chess", "normal"]
        infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=3), multipv=3)
        assert len(infos) == 3
        firsts = [info["pv"][0] for info in infos]
        assert len(set(firsts)) == 3 and all(m in chess.Board().legal_moves for m in firsts)
        board = chess.Board("1k6/8/2K5/8/8/8/8/7R w - - 0 1")          # Kb6, then Rh8 mate
        info = engine.analyse(board, chess.engine.Limit(depth=5))
        assert info["score"].white() == chess.engine.Mate(2), info
        board = chess.Board("1k6/8/2K5/8/8/8/8/7R b - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=4))
        assert info["score"].relative.mate() is not None and info["score"].relative.mate() < 0, info


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_raw_transcript_of_every_game(uci, name):
    game = get_game(name)
    pos = game.position()
    played = []
    for _ in range(2):
        move = sorted(pos.legal_moves())[len(played) * 3 % len(pos.legal_moves())]
        played.append(pos.move_name(move))
        pos.push(move)
    uci.send(f"setoption name UCI_Variant value {name}", "isready")
    line, before = uci.expect("readyok", 20)
    geo = game.geometry
    assert before == [f"info string variant {name} files {geo.files} ranks {geo.ranks} pockets 0 template fairy "
                      f"startpos {game.start_fen}"]
    uci.send("ucinewgame", f"position startpos moves {' '.join(played)}", "go movetime 300")
    line, infos = uci.expect(r"bestmove .*", 30)
    assert any(i.startswith("info depth") for i in infos), infos
    best = line.split()[1]
    assert pos.parse_move(best) in pos.legal_moves()              # legal in our own rules, native notation
    if "ponder" in line.split():
        after = pos.copy()
        after.push(pos.parse_move(best))
        after.parse_move(line.split()[3])


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_stop_during_go_infinite_answers_at_once(uci, name):
    pos = get_game(name).position()
    uci.send(f"setoption name UCI_Variant value {name}", "position startpos", "go infinite")
    uci.expect(r"info depth 2 .*", 30)
    t = time.monotonic()
    uci.send("stop")
    line, _ = uci.expect(r"bestmove .*", 5)
    assert time.monotonic() - t < 1.0
    assert pos.parse_move(line.split()[1]) in pos.legal_moves()


def test_bad_input_gets_one_line_and_the_engine_goes_on(uci):
    uci.send("frobnicate 12", "position startpos moves e2e4 e7e5 g1g5 d2d4", "go depth 1")
    line, before = uci.expect(r"bestmove .*", 20)
    assert before[0] == "Unknown command: 'frobnicate 12'. Type help for more information."
    assert before[1].startswith("info string move g1g5 at ply 3 refused")
    board = chess.Board()
    for m in ("e2e4", "e7e5"):
        board.push_uci(m)
    assert chess.Move.from_uci(line.split()[1]) in board.legal_moves        # the position after the good moves
    uci.send("position fen 8/8/8/8 w - - 0 1", "setoption name Hash value -5", "setoption name Nonesuch value 1",
             "setoption name UCI_Variant value nonesuch", "go wtime 99999999999999999999999 btime 1e400", "isready")
    line, before = uci.expect("readyok", 20)
    assert before[0] == "info string bad position (expected 8 ranks, got 4); no position until the next good one"
    assert before[1] == "info string Hash: -5 is not in 1..65536"
    assert before[2] == "info string No such option: Nonesuch"
    assert before[3].startswith("info string unknown variant 'nonesuch'")
    # no stale search of the position before the refused one (docs/protocol.md, Bad input)
    assert before[4:] == ["info string go: 1e400; searching for 1 second", "info string go: no position to search, the last position command was refused: "
                          "bad position (expected 8 ranks, got 4)", "bestmove (none)"]
    uci.send("position startpos moves 0000")
    uci.send("isready")
    _, before = uci.expect("readyok", 10)
    assert before == ["info string move 0000 (a pass) at ply 1 refused: no pass in normal; moves stop here"]


def test_plain_hyperchess_speaks_uci_when_the_first_line_is_uci():
    out = subprocess.run([sys.executable, "-m", "hyperchess"], input="uci\nisready\nquit\n", capture_output=True,
                         text=True, timeout=30)
    assert out.returncode == 0 and out.stdout.splitlines()[-2:] == ["uciok", "readyok"]


HOSTILE = st.one_of(
    st.text(max_size=80),
    st.builds(lambda w, rest: f"{w} {rest}", st.sampled_from(
        ["go", "position", "position fen", "position startpos moves", "setoption name", "setoption name Hash value",
         "setoption name UCI_Variant value", "go wtime", "go depth", "go movetime", "go searchmoves", "ponderhit",
         "stop", "ucinewgame", "debug", "register"]),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
        | st.integers(-10 ** 30, 10 ** 30).map(str)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(BUILT_IN_GAMES), st.lists(HOSTILE, min_size=1, max_size=6))
def test_hostile_lines_leave_it_alive_and_answering(uci, name, lines):
    uci.send(f"setoption name UCI_Variant value {name}")
    uci.send(*[line.replace("\n", " ").replace("\r", " ") for line in lines])
    uci.send("stop", "isready")
    uci.expect("readyok", 30)
    # a command that is not answered during a search waits for the running one's bestmove: after this
    # marker's answer, the next bestmove is ours
    uci.send("setoption name Marker value 1")
    uci.expect("info string No such option: Marker", 30)
    uci.send(f"setoption name UCI_Variant value {name}", "position startpos", "go depth 1")
    line, _ = uci.expect(r"bestmove .*", 30)
    pos = get_game(name).position()
    assert pos.parse_move(line.split()[1]) in pos.legal_moves()
    assert uci.proc.poll() is None


def test_invalid_bytes_and_huge_numbers_get_one_line_each():
    data = (b"uci\n\xff\xfe\xc3( bytes\n\x00\x01\x02\ngo depth 99999999999999999999999999999\nstop\n"
            b"setoption name Hash value 99999999999999999999\nisready\nquit\n")
    out = subprocess.run(UCI_CMD, input=data, capture_output=True, timeout=60)
    lines = out.stdout.decode().splitlines()
    assert out.returncode == 0 and "Traceback" not in out.stderr.decode()
    assert any(line.startswith("Unknown command: '\ufffd\ufffd\ufffd( bytes'") for line in lines), lines
    assert any(line.startswith("bestmove ") for line in lines)
    assert "info string Hash: 99999999999999999999 is not in 1..65536" in lines
    assert "readyok" in lines


def test_a_refused_position_is_never_searched_stale(uci):
    """After a refused ``position`` the engine holds none: ``go`` says so and answers ``bestmove (none)`` (at
    once, or after ``stop`` for ``go infinite``), until a good ``position`` or ``ucinewgame``."""
    uci.send("position startpos moves e2e4", "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1", "go movetime 50")
    line, before = uci.expect(r"bestmove .*", 10)
    assert line == "bestmove (none)"
    assert before == ["info string bad position (expected 8 ranks, got 4); no position until the next good one",
                      "info string go: no position to search, the last position command was refused: "
                      "bad position (expected 8 ranks, got 4)"]
    uci.send("position sideways", "go infinite", "isready")
    _, before = uci.expect("readyok", 10)
    assert before[0] == "info string position needs 'startpos' or 'fen TEXT': sideways; no position until the next good one"
    assert not any(b.startswith("bestmove") for b in before)
    uci.send("stop")
    assert uci.expect(r"bestmove .*", 10)[0] == "bestmove (none)"
    uci.send("ucinewgame", "go depth 1")
    line, _ = uci.expect(r"bestmove .*", 10)
    assert chess.Move.from_uci(line.split()[1]) in chess.Board().legal_moves
    uci.send("position fen 8/8/8/8 w - - 0 1", "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "go depth 1")
    line, _ = uci.expect(r"bestmove .*", 10)
    assert chess.Move.from_uci(line.split()[1]) in chess.Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").legal_moves


def _search_twice(fen: str) -> list[tuple[str, str]]:
    """``go depth 6`` in a fresh engine, twice (the second on a warm table): (last info's score, bestmove)."""
    eng = EngineProcess(UCI_CMD)
    out = []
    try:
        eng.send("uci", "position fen " + fen)
        for _ in range(2):
            eng.send("go depth 6")
            line, infos = eng.expect(r"bestmove .*", 60)
            score = [i for i in infos if i.startswith("info depth 6 ")][-1].split(" score ")[1].split(" nodes")[0]
            out.append((score, line.split()[1]))
    finally:
        eng.close()
    return out


def test_go_is_deterministic_unless_randomize_is_set():
    """UCI's Randomize defaults to 0: the same position gives the same move and score, run to run (issue 48)."""
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"      # move 1: inside the random phase
    first, second = _search_twice(fen), _search_twice(fen)
    assert first == second and first[0] == first[1], (first, second)
    eng = EngineProcess(UCI_CMD)
    try:
        eng.send("uci")
        options = eng.expect("uciok", 10)[1]
    finally:
        eng.close()
    assert "option name Randomize type spin default 0 min 0 max 100" in options
