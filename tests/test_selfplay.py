"""``hyperchess selfplay``: the engine plays itself and prints every move, the board and the result."""
import re

from click.testing import CliRunner

from hyperchess.cli import main

MOVE_LINE = re.compile(r"^\s*(\d+)\. (white|black)\s+(\S+)\s+score\s+[+-]\d+\s+depth\s+\d+\s+nodes \d+$")


def run(*args):
    return CliRunner().invoke(main, ["selfplay", *args])


def test_selfplay_prints_moves_board_and_unfinished_result():
    result = run("normal", "--movetime", "0.02", "--max-moves", "4")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    moves = [MOVE_LINE.match(line) for line in lines[:4]]
    assert all(moves), lines[:4]
    assert [m.group(2) for m in moves] == ["white", "black", "white", "black"]
    assert [m.group(1) for m in moves] == ["1", "1", "2", "2"]
    assert "a b c d e f g h" in result.output and "white to move" in result.output
    assert lines[-1] == "Result: stopped at the move limit (4 plies, --max-moves); the game is not over"


def test_selfplay_finds_the_mate_and_reports_the_result():
    result = run("--position", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--movetime", "0.3")
    assert result.exit_code == 0, result.output
    assert MOVE_LINE.match(result.output.splitlines()[0]).group(3) == "Ra8#"        # SAN, the game's notation
    assert result.output.splitlines()[-1] == "Result: 1-0 {White mates}"
    result = run("--position", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--movetime", "0.3", "--coordinates")
    assert MOVE_LINE.match(result.output.splitlines()[0]).group(3) == "a1a8"


def test_selfplay_writes_each_family_in_its_notation():
    """Shogi's moves in Western shogi notation (P-7f, no + for check), xiangqi's in WXF (C2=5, H8+7)."""
    shogi = run("shogi", "-t", "0.02", "-n", "4")
    written = [MOVE_LINE.match(line).group(3) for line in shogi.output.splitlines()[:4]]
    assert all(re.fullmatch(r"\+?[A-Z](\d[a-i])?[-x*]\d[a-i][+=]?", w) for w in written), written
    xiangqi = run("xiangqi", "-t", "0.02", "-n", "4")
    written = [MOVE_LINE.match(line).group(3) for line in xiangqi.output.splitlines()[:4]]
    assert all(re.fullmatch(r"[KAEHRCP1-5][1-9+-][+=-][1-9]", w) for w in written), written


def test_selfplay_capablanca_runs():
    result = run("capablanca", "-t", "0.02", "-n", "2")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "Result: stopped at the move limit (2 plies, --max-moves); the game is not over"


def test_selfplay_bad_input_is_one_line_exit_2():
    for args in (["nosuchgame"], ["normal", "--position", "rubbish"], ["normal", "--movetime", "0"]):
        result = run(*args)
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1 and "hyperchess:" in result.output
