"""Two-board team games between four engines (tournament/teamgame.py, ``hyperchess match --variant bughouse``)."""
from __future__ import annotations

import re
import sys

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.tournament.spec import EngineSpec, TimeControl
from hyperchess.tournament.teamgame import play_team_game, seats_of_game, team_score
from hyperchess.variants import get_game
from hyperchess.variants.rules.partner_boards import PartnerBoards

from protocol_support import FSF_BINARY

OURS = (sys.executable, "-m", "hyperchess", "uci")


def _spec(name: str, argv=OURS, **tc) -> EngineSpec:
    return EngineSpec(name=name, argv=argv, proto="uci", tc=TimeControl(**tc))


def _replayed(record) -> PartnerBoards:
    """The record's moves played again, in their order, through the rules."""
    boards = PartnerBoards(get_game("bughouse"))
    for board, seat, move, _ in record.moves:
        assert boards.to_move(board) == seat
        boards.push_name(board, move)
    return boards


def test_four_of_our_engines_play_a_two_board_game_the_rules_confirm():
    specs = [_spec(n, depth=1) for n in "abcd"]
    record = play_team_game("bughouse", specs, stall=30, max_moves=200)
    boards = _replayed(record)
    assert {b for b, *_ in record.moves} == {0, 1}
    if record.result != "1/2-1/2" or "adjudicated" not in record.reason:
        assert (boards.outcome.result, boards.outcome.reason) == (record.result, record.reason)
    assert (boards.boards[0].fen(), boards.boards[1].fen()) == record.fens


def test_seats_change_colours_and_the_team_score_follows():
    a, b, c, d = (_spec(n, depth=1) for n in "abcd")
    assert [s.name for s in seats_of_game([a, b, c, d], 0)] == ["a", "c", "d", "b"]
    assert [s.name for s in seats_of_game([a, b, c, d], 1)] == ["c", "a", "b", "d"]

    class R:
        def __init__(self, seats, result):
            self.seats, self.result = seats, result
    records = [R(("a", "c", "d", "b"), "1-0"), R(("c", "a", "b", "d"), "1-0"), R(("a", "c", "d", "b"), "1/2-1/2")]
    assert team_score(records, ("a", "b")) == (1, 1, 1)


def test_match_cli_runs_team_games_and_wants_four_engines():
    ours = f"{sys.executable} -m hyperchess uci"
    args = ["match", "--variant", "bughouse", "--each", "depth=1", "proto=uci", "--games", "1"]
    for name in "abcd":
        args += ["--engine", f"cmd={ours}", f"name={name}"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert re.fullmatch(r"Game 1: A a-c, B d-b: (1-0|0-1|1/2-1/2) \(.+; \d+ moves, \d+ drops\)", lines[0])
    assert re.fullmatch(r"Team a\+b vs c\+d: \+\d =\d -\d \(\d+\.\d%\)", lines[1])
    two = CliRunner().invoke(main, ["match", "--variant", "bughouse", "--engine", f"cmd={ours}", "depth=1",
                                    "--engine", f"cmd={ours}", "depth=1", "name=b"])
    assert two.exit_code == 2 and two.output.strip() == ("hyperchess: bughouse is played on two boards by two "
                                                         "teams: give four --engine (1 and 2 are one team, 3 and "
                                                         "4 the other)")


@pytest.mark.slow
@pytest.mark.skipif(FSF_BINARY is None, reason="Fairy-Stockfish is not installed")
def test_two_of_ours_against_two_fairy_stockfish():
    ours = [_spec(f"hyper{i}", base=20, inc=0.2) for i in (1, 2)]
    theirs = [_spec(f"fsf{i}", (FSF_BINARY,), base=20, inc=0.2) for i in (1, 2)]
    record = play_team_game("bughouse", seats_of_game(ours + theirs, 0), stall=30)
    boards = _replayed(record)
    assert record.result in ("1-0", "0-1", "1/2-1/2") and "illegal" not in record.reason
    assert (boards.boards[0].fen(), boards.boards[1].fen()) == record.fens
