"""Captures that blast (variants/rules/blasts.py, docs/variants-file.md "Blasts"): Fairy-Stockfish's atomic,
nocheckatomic and atomar (src/position.cpp ``do_move`` and ``legal``, commit c19b5f6c). Each position's legal
moves, the position after a move and the result are the rules'; where pyffish is installed each is also
compared with it."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants

try:
    import pyffish
except ImportError:
    pyffish = None


def board_of(fen: str) -> str:
    return " ".join(fen.split()[:3])


def after(variant: str, fen: str, moves: str = ""):
    """Our position after ``moves``, its legal moves and its result, checked against pyffish's."""
    pos = get_game(variant).position(fen)
    for text in moves.split():
        pos.push(pos.parse_move(text))
    legal = sorted(pos.move_name(m) for m in pos.legal_moves())
    outcome = pos.outcome()
    result = outcome.result if outcome else None
    if pyffish is not None:
        line = moves.split()
        assert board_of(pos.fen()) == board_of(pyffish.get_fen(variant, fen, line))
        theirs = sorted(pyffish.legal_moves(variant, fen, line))
        ended, value = pyffish.is_immediate_game_end(variant, fen, line)
        if not ended and not theirs:
            ended, value = True, pyffish.game_result(variant, fen, line)
        white = pyffish.get_fen(variant, fen, line).split()[1] == "w"
        assert result == (None if not ended else "1/2-1/2" if value == 0 else "1-0" if (value > 0) == white
                          else "0-1")
        if result is None:
            assert legal == theirs
    return pos, legal, result


def test_a_capture_blasts_the_capturer_and_the_pieces_around_but_not_the_pawns():
    fen = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"
    pos, _, result = after("atomic", fen, "f3e5")
    # the knight that took on e5, the pawn it took and the knight on f6 are gone; the pawn on e4 stays
    assert board_of(pos.fen()) == "rnbqkb1r/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKB1R b KQkq"
    assert result is None
    pos.pop()
    assert board_of(pos.fen()) == board_of(fen)         # taken back whole


def test_a_blasted_rook_takes_its_castling_right_with_it():
    pos, legal, _ = after("atomic", "r3k1nr/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1", "g1g8")
    assert pos.fen().split()[2] == "Qq" and "e8c8" in legal


def test_blasting_the_other_king_wins():
    _, legal, result = after("atomic", "8/8/8/3k4/3r4/8/8/3R3K w - - 0 1", "d1d4")
    assert result == "1-0" and legal == []


def test_kings_side_by_side_cannot_be_blasted_or_checked():
    fen = "8/8/8/3kK3/3r4/8/8/3R4 w - - 0 1"
    _, legal, _ = after("atomic", fen)
    assert "d1d4" not in legal                          # the blast would take White's own king too
    _, legal, _ = after("atomic", "4r3/8/8/3kK3/8/8/8/8 w - - 0 1")
    assert "e5e4" in legal                              # the rook's attack on e5 does not count: kings touch


def test_without_check_blasting_both_kings_loses_for_the_mover():
    _, legal, result = after("nocheckatomic", "8/8/8/3kK3/3r4/8/8/3R4 w - - 0 1", "d1d4")
    assert result == "0-1" and legal == []


def test_atomar_kings_survive_blasts_and_do_not_take_each_other():
    fen = "8/8/8/3kK3/3r4/8/8/3R4 w - - 0 1"
    _, legal, _ = after("atomar", fen)
    assert "e5d5" not in legal and "e5d4" in legal
    pos, _, result = after("atomar", fen, "d1d4")
    assert board_of(pos.fen()) == "8/8/8/3kK3/8/8/8/8 b -" and result is None


def test_castling_may_not_cross_an_attacked_square_unless_next_to_the_other_king():
    _, legal, _ = after("atomic", "k4r2/8/8/8/8/8/8/4K2R w K - 0 1")
    assert "e1g1" not in legal and "e1f1" not in legal
    _, legal, _ = after("atomic", "8/8/8/8/8/8/6k1/4K2R w K - 0 1")
    assert "e1g1" in legal


def test_the_search_finds_the_blast_that_wins():
    pos = get_game("atomic").position("8/8/8/3k4/3r4/8/8/3R3K w - - 0 1")
    assert pos.move_name(Searcher().search(pos, Limits(depth=2)).best) == "d1d4"


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_play_pushes_and_pops_back_to_the_same_position(rng):
    """Blasts, en passant and promotions are taken back exactly (board, rights, hash)."""
    pos = get_game("atomic").position()
    seen = []
    for _ in range(40):
        moves = pos.legal_moves()
        if not moves:
            break
        seen.append((pos.fen(), pos.hash))
        pos.push(rng.choice(moves))
    while seen:
        pos.pop()
        assert (pos.fen(), pos.hash) == seen.pop()


TOML = """
[boom]
start = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1"
pieces = {{ K = {{ betza = "K", royal = true }}, N = {{ betza = "N" }}, P = {{ betza = "fmWfcF", pawn = true }} }}
{keys}
"""


def test_a_toml_game_blasts_by_its_own_keys():
    fen = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1"
    for keys, board in (("blast_on_capture = true", "4k3/8/8/8/8/8/8/4K3"),
                        ('blast_on_capture = true\nblast_immune_types = "N"', "4k3/8/8/3N4/8/8/8/4K3"),
                        ('mutually_immune_types = "N"', "4k3/8/8/3N4/8/8/8/4K3")):
        pos = FileGame(read_variants(TOML.format(keys=keys), "boom.toml")[0]).position(fen)
        pos.push(pos.parse_move("e3d5"))
        assert pos.fen().split()[0] == board, keys
    game = FileGame(read_variants(TOML.format(keys='mutually_immune_types = "N"'), "boom.toml")[0])
    pos = game.position("4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1")
    assert "e3d5" not in [pos.move_name(m) for m in pos.legal_moves()]     # a knight may not take a knight


@pytest.mark.parametrize("keys, words", [
    ('blast_on_capture = "yes"', "true or false"), ('blast_on_capture = true\nblast_immune_types = "X"', "letters"),
    ('blast_immune_types = "K"', "needs blast_on_capture"), ("mutually_immune_types = 3", "letters")])
def test_bad_blast_keys_are_refused_in_one_line(keys, words):
    with pytest.raises(VariantsFileError) as exc:
        FileGame(read_variants(TOML.format(keys=keys), "boom.toml")[0])
    assert words in str(exc.value) and "\n" not in str(exc.value)
