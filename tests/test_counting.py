"""Counting rules, first moves and the king held in check (variants/rules/counting.py, variants/rules/first_moves.py),
against Fairy-Stockfish's own reading through pyffish: endgames where a count starts, runs and runs out, the
count written in the position string, cambodian's first moves and makpong's king. Skipped without pyffish
(the file's own checks below run everywhere)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import FenError, VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants
from test_fsf_reference import fsf_end as reference_end

try:
    import pyffish
except ImportError:
    pyffish = None

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")


def fsf_end(variant: str, fen: str, moves: list[str]) -> str | None:
    return reference_end(variant, fen, moves, pyffish.legal_moves(variant, fen, moves))


def walk(variant: str, fen: str, games: int, plies: int, seed: int, first: tuple[str, ...] = ()) -> list[str]:
    """Random games from ``fen`` (after the moves ``first``): the same legal moves, position string and end as
    pyffish at every ply; the terminations seen."""
    game = get_game(variant)
    rng = random.Random(seed)
    ends = []
    for _ in range(games):
        pos = game.position(fen)
        moves: list[str] = []
        for _ in range(plies):
            assert pos.fen() == pyffish.get_fen(variant, fen, moves), (variant, moves)
            outcome = pos.outcome()
            assert (outcome.result if outcome else None) == fsf_end(variant, fen, moves), (variant, moves)
            if outcome is not None:
                ends.append(outcome.termination)
                break
            ours = sorted(pos.move_name(m) for m in pos.legal_moves())
            assert ours == sorted(pyffish.legal_moves(variant, fen, moves)), (variant, pos.fen())
            move = pos.parse_move(first[len(moves)]) if len(moves) < len(first) else rng.choice(pos.legal_moves())
            moves.append(pos.move_name(move))
            pos.push(move)
    return ends


@pytest.mark.slow
@needs_fsf
@pytest.mark.parametrize("variant, fen, first", [
    ("makruk", "8/8/3k4/8/8/4K3/8/R7 w - - 0 40", ()),           # the pieces' honour: a rook, 16 moves
    ("makruk", "8/8/8/3k4/4P3/8/8/R3K3 b - - 0 40", ("d5e4",)),  # a bare king takes the last pawn
    ("makruk", "8/8/3k4/8/1p6/4K3/R1S5/8 w - - 0 40", ("a2b2", "d6d5", "b2b4")),   # the last pawn falls
    ("makruk", "4k3/8/8/8/8/3mK3/R7/8 w - 128 120 40", ()),         # the board's honour, near its end
    ("asean", "8/8/3k4/8/8/4K3/8/R7 w - - 0 40", ()),
    ("asean", "4k3/8/8/8/Rp6/8/4K3/8 w - - 0 40", ("a4b4",)),
    ("cambodian", "8/8/3k4/8/8/4K3/8/R1N5 w - - 0 40", ()),
    ("cambodian", "3k4/8/8/8/8/8/3p4/R2K1N2 w D - 0 40", ()),       # with pawns: the board's honour counts
    ("ai-wok", "8/8/3k4/8/8/4K3/8/RS6 w - - 0 40", ()),
    ("karouk", "4k3/8/8/8/8/3K4/R7/8 w - 30 25 40", ()),
])
def test_counts_start_run_and_run_out_as_in_fsf(variant, fen, first):
    ends = walk(variant, fen, 3, 45, 59, first)
    assert ends                                  # each walk ends within its plies, by count, mate or check
    if variant != "karouk":
        assert "counting" in ends


@needs_fsf
def test_the_count_runs_out_exactly_when_fsf_says():
    """16 moves of a rook's honour, counted from the 3 pieces on the board: the 33rd ply is a draw."""
    fen = "8/8/3k4/8/8/4K3/R7/8 b - 32 30 40"
    pos = get_game("makruk").position(fen)
    moves = ["d6d5", "e3f3", "d5c5"]
    for i, name in enumerate(moves):
        assert pos.outcome() is None and not pyffish.is_optional_game_end("makruk", fen, moves[:i])[0]
        pos.push(pos.parse_move(name))
    assert pos.fen() == pyffish.get_fen("makruk", fen, moves) == "8/8/8/2k5/8/5K2/R7/8 w - 32 33 42"
    assert pos.outcome().termination == "counting" and pos.legal_moves() == []
    assert pyffish.is_optional_game_end("makruk", fen, moves) == (True, 0)


@needs_fsf
@pytest.mark.parametrize("variant, fen, moves, after", [
    # a rook's honour for the bare king, counted from the 3 pieces on the board
    ("makruk", "8/8/3k4/8/8/4K3/8/R7 w - - 0 40", ["a1a2"], "8/8/3k4/8/8/4K3/R7/8 b - 32 6 40"),
    # a bare king takes the last pawn: it counts at once, from the pieces less one
    ("makruk", "8/8/8/3k4/4P3/8/8/R3K3 b - - 0 40", ["d5e4"], "8/8/8/8/4k3/8/8/R3K3 w - 32 5 41"),
    ("cambodian", "8/8/3k4/8/8/4K3/8/R7 w - - 0 40", ["a1a2"], "8/8/3k4/8/8/4K3/R7/8 b - 30 6 40"),
    ("asean", "4k3/8/8/8/Rp6/8/4K3/8 w - - 0 40", ["a4b4"], "4k3/8/8/8/1R6/8/4K3/8 b - 32 0 40"),
    # the board's honour: the side with more than a king counts 64 moves once the pawns are gone
    ("makruk", "4k3/4s3/8/8/1p6/8/R3K3/8 w - - 0 40", ["a2a4", "e8d8", "a4b4"], "3k4/4s3/8/8/1R6/8/4K3/8 b - 128 0 41"),
])
def test_a_count_starts_as_in_fsf(variant, fen, moves, after):
    pos = get_game(variant).position(fen)
    for name in moves:
        pos.push(pos.parse_move(name))
    assert pos.fen() == pyffish.get_fen(variant, fen, moves) == after
    assert pos.outcome() is None and get_game(variant).position(after).fen() == after


@needs_fsf
def test_a_mate_on_the_last_count_is_a_mate():
    """The count has run out but the side to move is checkmated: FSF scores the mate."""
    fen = "k7/8/1K6/8/8/8/8/7R w - 32 32 40"
    pos = get_game("makruk").position(fen)
    pos.push(pos.parse_move("h1h8"))
    assert pyffish.legal_moves("makruk", fen, ["h1h8"]) == [] and pos.outcome().result == "1-0"
    assert pos.outcome().termination == "checkmate"


@needs_fsf
def test_cambodian_first_moves_as_in_fsf():
    game = get_game("cambodian")
    start = pyffish.start_fen("cambodian")
    pos = game.position(start)
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert {"d1b2", "d1f2"} <= names and "e1e3" not in names        # the met's step needs e3 empty
    moves = ["e3e4", "d6d5", "e1e3"]                                 # now the met steps two squares
    for m in moves:
        pos.push(pos.parse_move(m))
    assert pos.fen() == pyffish.get_fen("cambodian", start, moves)
    assert "D" in pos.fen().split()[2] and "E" not in pos.fen().split()[2]
    # a rook lined up with the king takes its leap (FSF: whatever stands between)
    fen = "3k4/8/3p4/8/8/8/7R/3K4 w Dd - 0 1"
    pos = game.position(fen)
    assert "d1b2" in {pos.move_name(m) for m in pos.legal_moves()}
    pos.push(pos.parse_move("h2d2"))
    names = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert names == sorted(pyffish.legal_moves("cambodian", fen, ["h2d2"])) and "d8b7" not in names
    assert pos.fen() == pyffish.get_fen("cambodian", fen, ["h2d2"]) == "3k4/8/3p4/8/8/8/3R4/3K4 b D 126 0 1"
    # a king in check does not leap; the met may step two squares to block
    for fen, move, allowed in (("3rk3/8/8/8/8/8/8/3KM3 w DE - 0 1", "d1b2", False),
                               ("4k3/8/8/8/8/2K4r/8/4M3 w E - 0 1", "e1e3", True)):
        pos = game.position(fen)
        names = sorted(pos.move_name(m) for m in pos.legal_moves())
        assert names == sorted(pyffish.legal_moves("cambodian", fen, [])) and (move in names) == allowed
    walk("cambodian", "r2k4/8/8/4m3/8/8/8/R2K1M2 w DFd - 0 1", 2, 8, 5)     # legal moves, FEN, end


@needs_fsf
@pytest.mark.parametrize("fen", ["4k3/8/8/8/8/8/3r4/3K4 w - - 0 1", "4k3/8/8/8/8/8/3rr3/3K4 w - - 0 1",
                                 "4k3/8/8/8/8/8/8/r2K3R w - - 0 1"])
def test_makpong_king_takes_its_checker_or_stays(fen):
    pos = get_game("makpong").position(fen)
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert ours == sorted(pyffish.legal_moves("makpong", fen, []))
    assert ours != sorted(pos.move_name(m) for m in get_game("makruk").position(fen).legal_moves())


def test_bad_counting_fields_and_keys_are_one_line_refusals():
    game = get_game("makruk")
    for fen in ("8/8/3k4/8/8/4K3/R7/8 b - 99999 5 40", "8/8/3k4/8/8/4K3/R7/8 b - 32 99999 40"):
        with pytest.raises(FenError):
            game.position(fen)
    base = '[g]\nfiles = 8\nranks = 8\nstart = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"\n' \
           '[g.pieces]\nK = { name = "king", betza = "K", royal = true }\nR = { name = "rook", betza = "R" }\n'
    for extra in ('counting = 3\n', 'counting = { pieces_honour = [["Q", 1, 16]] }\n',
                  'counting = { board_honour = -1 }\n', 'first_moves = { K = [[0, 0]] }\n',
                  'counting = { board_honour = 64, colour = 1 }\n'):
        text = base.replace("[g.pieces]", extra + "[g.pieces]")
        with pytest.raises(VariantsFileError) as err:
            FileGame(read_variants(text, "t.toml")[0])
        assert "\n" not in str(err.value)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="0123456789-+ab", min_size=1, max_size=6), st.text(alphabet="0123456789-x", min_size=1,
                                                                           max_size=6))
def test_hostile_counting_fields_read_or_refused(ep, clock):
    game = get_game("makruk")
    try:
        pos = game.position(f"8/8/3k4/8/8/4K3/R7/8 b - {ep} {clock} 40")
    except FenError as exc:
        assert "\n" not in str(exc)
        return
    assert game.position(pos.fen()).fen() == pos.fen()
