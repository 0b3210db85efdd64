"""`pgn check` against python-chess: FIDE's automatic endings only (fivefold, 75 moves, mate, stalemate,
dead position), the PGN standard's tokens (comments, variations, NAGs, escapes) and the SAN forms
python-chess reads."""
from __future__ import annotations

import io
import random
from collections import Counter

import chess
import chess.pgn
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from hyperchess.cli import main
from hyperchess.tournament.pgn import check_pgn, read_pgn
from hyperchess.variants import get_game


def python_chess_games(text: str) -> list[list[str]]:
    """The main lines python-chess reads from ``text``, as UCI moves."""
    handle, out = io.StringIO(text), []
    while (game := chess.pgn.read_game(handle)) is not None:
        assert not game.errors, game.errors
        out.append([m.uci() for m in game.mainline_moves()])
    return out


def our_games(text: str) -> list[list[str]]:
    """The main lines our reader reads, replayed and written as coordinates (python-chess's UCI)."""
    out = []
    for g in read_pgn(text):
        pos = get_game("normal").position(g.tags.get("FEN"))
        line = []
        for text_move in g.moves:
            if text_move == "--":
                pos.push_null()
                line.append("0000")
                continue
            move = pos.parse_move(text_move)
            line.append(pos.move_name(move))
            pos.push(move)
        out.append(line)
    return out


def random_game(rng: random.Random, cap: int) -> tuple[str, chess.Outcome | None, bool]:
    """A random game of legal moves played until FIDE's automatic end (python-chess's
    ``outcome(claim_draw=False)``: mate, stalemate, insufficient material, fivefold, 75 moves) or ``cap``
    plies; its PGN, how it ended, and whether a draw could have been claimed on the way (threefold or 50
    moves) and play went on."""
    board = chess.Board()
    seen: Counter[str] = Counter()
    claimable = False
    while board.ply() < cap:
        key = " ".join(board.fen().split()[:4])        # python-chess's repetition key (legal e.p. only)
        seen[key] += 1
        claimable = claimable or seen[key] >= 3 or board.halfmove_clock >= 100
        if seen[key] >= 5 or board.halfmove_clock >= 150 or board.is_insufficient_material():
            break
        legal = list(board.legal_moves)
        if not legal:
            break
        board.push(rng.choice(legal))
    outcome = board.outcome(claim_draw=False)
    assert board.ply() >= cap or outcome is not None          # python-chess agrees the game is over
    game = chess.pgn.Game.from_board(board)                   # Result: board.result(claim_draw=False)
    return str(game), outcome, claimable


def check_random_games(count: int) -> None:
    rng = random.Random(48)
    games = [random_game(rng, 600) for _ in range(count)]
    text = "\n\n".join(pgn for pgn, _, _ in games)
    report = check_pgn(text)
    assert report.error is None and report.games == count
    assert report.plies == sum(len(moves) for moves in python_chess_games(text))
    endings = Counter(o.termination for _, o, _ in games if o is not None)
    # the sample holds 75-move endings and games that went on past a claimable draw
    assert endings[chess.Termination.SEVENTYFIVE_MOVES] and sum(c for _, _, c in games) >= count // 10


def test_random_games_to_fides_automatic_endings_are_accepted():
    check_random_games(40)


@pytest.mark.slow
def test_two_hundred_random_games_to_fides_automatic_endings_are_accepted():
    check_random_games(200)


SHUFFLE = "Nf3 Nf6 Ng1 Ng8 "


def numbered(sans: str) -> str:
    moves = sans.split()
    return " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))


def test_a_threefold_repetition_is_claimed_and_play_may_go_on():
    # the game: threefold after 4... Ng8, then 5. e4 e5 (FIDE 9.2: a draw a player claims)
    text = numbered(SHUFFLE * 2 + "e4 e5") + " *"
    assert check_pgn(text).error is None and check_pgn(text).plies == 10
    # the same position a fifth time ends the game by itself (FIDE 9.6.1)
    fivefold = numbered(SHUFFLE * 4)
    assert check_pgn(fivefold + " 1/2-1/2").error is None
    error = check_pgn(numbered(SHUFFLE * 4 + "e4") + " *").error
    assert error is not None and "ply 17: move e4 after the game ended (1/2-1/2 {Fivefold repetition})" in error
    assert "final position" in check_pgn(fivefold + " *").error


def test_the_75_move_rule_ends_the_game_and_the_50_move_rule_is_claimed():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"
    head = f'[FEN "{fen}"]\n[SetUp "1"]\n\n'
    # past 100 quiet plies the game goes on (claimable), at 150 it has ended
    assert check_pgn(head + "80. Ra2 Kd8 81. Ra1 Ke8 *").error is None
    assert check_pgn(head.replace("99 80", "149 80") + "80. Ra2 1/2-1/2").error is None
    error = check_pgn(head.replace("99 80", "149 80") + "80. Ra2 Kd8 *").error
    assert "ply 2: move Kd8 after the game ended (1/2-1/2 {75-move rule})" in error
    # mate on the 150th quiet ply is mate (FIDE 9.6.2)
    mate = '[FEN "7k/8/6K1/8/8/8/8/R7 w - - 149 80"]\n\n80. Ra8# 1-0'
    assert check_pgn(mate).error is None


def test_a_game_whose_rules_make_draws_automatic_still_ends_at_threefold():
    # nocastle (fairy.toml) declares no automatic_* counts: its threefold repetition is itself automatic
    assert get_game("nocastle").automatic_repetition == 0 and get_game("normal").automatic_repetition == 5
    text = '[Variant "nocastle"]\n\n' + numbered(SHUFFLE * 2 + "e4") + " *"
    assert "ply 9: move e4 after the game ended (1/2-1/2 {Threefold repetition})" in check_pgn(text).error


WRAPPED = """[Event "one"]
[White "a"]
[Black "b"]
[Result "*"]

1. e4 {a long note about this opening move that a writer wrapped onto the next line
[%clk 0:05:00]} e5 2. Nf3 Nc6 *

[Event "two"]
[White "c"]
[Black "d"]
[Result "*"]

1. d4 d5 2. c4 e6 *
"""


def test_a_comment_wrapped_onto_a_line_starting_with_a_bracket_is_text(tmp_path):
    games = list(read_pgn(WRAPPED))
    assert [g.tags["Event"] for g in games] == ["one", "two"]
    assert sum(len(g.moves) for g in games) == 8
    assert our_games(WRAPPED) == python_chess_games(WRAPPED)
    assert sum(len(m) for m in python_chess_games(WRAPPED)) == 8
    path = tmp_path / "wrapped.pgn"
    path.write_text(WRAPPED)
    result = CliRunner().invoke(main, ["pgn", "check", str(path)])
    assert result.exit_code == 0 and "2 games, 8 moves, all legal" in result.output, result.output


FORMS = {
    "en passant written e.p.": '[FEN "4k3/8/8/3pP3/2p5/8/1P6/4K3 w - d6 0 1"]\n[SetUp "1"]\n\n'
                               '1. exd6 e.p. Kd7 2. b4 cxb3e.p. *\n',
    "long algebraic": "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. Bb5xc6 d7xc6 *\n",
    "null move": "1. e4 -- 2. d4 -- 3. Nf3 e5 *\n",
    "lichess From Position": '[Variant "From Position"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n'
                             '1. e4 Kd7 2. e5 Ke6 *\n',
    "comments, NAGs, escapes": '% a private line\n[Event "x"]\n\n1. e4! $1 {a comment ( with } e5?! ; rest of line\n'
                               '2. Nf3 $14 (2. Qh5 Nc6 (2... g6) 3. Bc4) Nc6 !? 3. Bb5 a6 *\n',
}


@pytest.mark.parametrize("name", FORMS)
def test_forms_python_chess_reads(name):
    text = FORMS[name]
    report = check_pgn(text)
    assert report.error is None, report.error
    assert our_games(text) == python_chess_games(text)


def test_variations_are_checked_from_the_position_before_the_move_they_replace():
    good = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 *"
    assert check_pgn(good).error is None and check_pgn(good).plies == 3
    bad = "1. e4 e5 (1... c5 2. Nf3 (2. c3 e5e4) d6) 2. Nf3 *"
    assert "ply 4 of a variation" in check_pgn(bad).error
    assert "never closes" in check_pgn("1. e4 (1. d4 d5 *").error
    assert "closes no variation" in check_pgn("1. e4 ) e5 *").error
    assert "comment { that never closes" in check_pgn("1. e4 {e5 *").error


def test_a_null_move_in_check_is_refused():
    assert "null move -- in check" in check_pgn("1. e4 f5 2. Qh5+ -- *").error


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["1.", "e4", "e5", "Nf3", "{", "}", "(", ")", "[", "]", '"', ";", "\n", "%",
                                 "$3", "!?", "--", "e.p.", "*", "1-0", '[Event "x"]', "Nc6", "0000"]), max_size=40))
def test_any_token_soup_gets_a_report_not_an_exception(tokens):
    report = check_pgn(" ".join(tokens))
    assert report.error is None or "\n" not in report.error


# ---------------------------------------------------------------------- what the match runner writes
@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=0, max_value=100_000, allow_nan=False), st.integers(min_value=0, max_value=3))
def test_clk_is_a_clock_python_chess_reads_within_half_a_unit(seconds, decimals):
    from hyperchess.tournament.pgn import clk
    text = clk(seconds, decimals)
    hours, minutes, secs = text.split(":")
    assert int(minutes) < 60 and float(secs) < 60
    game = chess.pgn.read_game(io.StringIO(f"1. e4 {{[%clk {text}]}} *"))
    assert abs(game.next().clock() - seconds) <= 0.5 * 10 ** -decimals + 1e-6
    assert clk(59.96, 1) == "0:01:00.0" and clk(3599.9996) == "1:00:00.000"


def test_time_control_tags_python_chess_can_parse():
    from hyperchess.tournament.pgn import record_to_pgn
    base = {"index": 0, "round": 1, "variant": "normal", "players": ["a", "b"], "result": "*",
            "fen": get_game("normal").start_fen, "termination": "normal", "reason": "", "moves": ["e2e4"],
            "comments": [""], "date": "2026.11.27", "event": "e"}
    cases = {("depth=3", "0.1/move"): ("?", {"WhiteTimeControl": "depth=3", "BlackTimeControl": "0.1/move"}),
             ("10+0.1", "10+0.1"): ("10+0.1", {}),
             ("40/60", "40/60"): ("40/60", {}),
             ("2/move", "2/move"): ("1/2", {"WhiteTimeControl": "2/move", "BlackTimeControl": "2/move"}),
             ("depth=3", "depth=3"): ("-", {"WhiteTimeControl": "depth=3", "BlackTimeControl": "depth=3"}),
             ("0.5+0.01", "0.5+0.01"): ("?", {"WhiteTimeControl": "0.5+0.01", "BlackTimeControl": "0.5+0.01"})}
    for tcs, (standard, per_seat) in cases.items():
        game = chess.pgn.read_game(io.StringIO(record_to_pgn({**base, "tc": list(tcs)})))
        assert game.headers["TimeControl"] == standard
        assert {k: v for k, v in game.headers.items() if k.endswith("TimeControl") and k != "TimeControl"} == per_seat
        game.time_control()                                   # raises ValueError on a form it cannot read
    two_per_move = chess.pgn.read_game(io.StringIO(record_to_pgn({**base, "tc": ["2/move", "2/move"]})))
    part = two_per_move.time_control().parts[0]
    assert (part.moves, part.time) == (1, 2)                  # one move every 2 seconds, repeated


def test_elo_of_a_clean_sweep_is_a_bound_not_infinity():
    from hyperchess.tournament.stats import elo_text, score_from_elo, summarize
    text = elo_text(summarize(10, 0, 0))
    assert text.startswith("> +") and "all 10 games won, 95% bound" in text and "inf" not in text
    bound = float(text.split()[1])
    assert abs(score_from_elo(bound) ** 10 - 0.05) < 1e-3       # P(10 wins of 10 | that score) = 5%
    assert elo_text(summarize(0, 0, 10)) == text.replace("> +", "< -").replace("won", "lost")
    assert "inf" not in elo_text(summarize(9, 1, 0)) and "inf" not in elo_text(summarize(0, 0, 0))
