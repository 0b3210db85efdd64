"""Pieces and pawn rules of Fairy-Stockfish's games (issue 59): capture-only riders, promotion limits and
optional promotion, pawn types, lopsided armies. Each rule in a position made to show it, compared with
pyffish at every ply, and the same keys in TOML files, checked by their move lists."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.variantsfile import FileGame, read_variants

from test_fsf_reference import fsf_end, game_for, needs_fsf, our_fen, pyffish

# (game, FSF position string, moves): every ply is compared with pyffish
CASES = [
    # capture-only riders: the knibis (mNcB) checks along an open diagonal from afar, not as a knight; a
    # piece between pins; the king may not step onto a line a capture-only rider sees
    ("hoppelpoppel", "4k3/8/8/8/8/2n5/8/4K3 w - - 0 1", []),
    ("hoppelpoppel", "4k3/8/2b5/8/8/8/8/4K2N w - - 0 1", ["h1f2", "c6d5", "e1d1", "d5e4"]),
    ("hoppelpoppel", "7k/8/8/8/8/2n5/3B4/4K3 w - - 0 1", ["e1f1", "c3a2"]),
    ("newzealand", "4k3/8/8/8/8/8/4R3/n3K3 w - - 0 1", ["e1f2", "a1c2"]),
    ("newzealand", "r3k3/8/8/8/8/8/8/N3K3 b - - 0 1", ["a8a7", "e1d2", "a7h7"]),
]


@needs_fsf
@pytest.mark.parametrize("variant, fen, moves", CASES)
def test_rules_match_pyffish(variant, fen, moves):
    game = game_for(variant)
    pos = game.position(our_fen(game, fen))
    for ply in range(len(moves) + 1):
        theirs = sorted(pyffish.legal_moves(variant, fen, moves[:ply]))
        outcome = pos.outcome()
        assert (outcome.result if outcome else None) == fsf_end(variant, fen, moves[:ply], theirs), (moves[:ply], outcome)
        if outcome is None:
            assert sorted(pos.move_name(m) for m in pos.legal_moves()) == theirs, moves[:ply]
        if ply < len(moves):
            pos.push(pos.parse_move(moves[ply]))


def names(pos) -> set[str]:
    return {pos.move_name(m) for m in pos.legal_moves()}


def toml_game(text: str) -> FileGame:
    return FileGame(read_variants(text, "t.toml")[0])


CAPTURE_RIDER = """
[crider]
files = 5
ranks = 5
start = "4k/3p1/2X2/5/K4 w - - 0 1"
[crider.pieces]
K = { name = "king", betza = "K", royal = true }
P = { name = "pawn", betza = "fmWfcF", pawn = true }
X = { name = "knibis", betza = "mNcB" }
"""


def test_a_capture_only_rider_moves_as_a_knight_and_captures_along_its_lines():
    game = toml_game(CAPTURE_RIDER)
    pos = game.position()
    assert names(pos) == {"c3a2", "c3a4", "c3b1", "c3b5", "c3d1", "c3d5", "c3e2", "c3e4", "c3d4",
                          "a1a2", "a1b1", "a1b2"}
    # it gives check along an open diagonal, not a knight's leap away; its line is blocked by a piece between
    assert game.position("4k/5/2X2/5/K4 b - - 0 1").in_check()
    assert not game.position("4k/3p1/2X2/5/K4 b - - 0 1").in_check()
    assert not game.position("5/4k/2X2/5/K4 b - - 0 1").in_check()
    # the same piece in vectors: a capture-only slide
    vectors = CAPTURE_RIDER.replace('betza = "mNcB"', 'moves = [{ leap = [[1, 2]], symmetric = true, mode = "move" }, '
                                    '{ slide = [[1, 1]], symmetric = true, mode = "capture" }]')
    assert names(toml_game(vectors).position()) == names(pos)


def test_a_capture_only_rider_on_a_wrapped_board():
    """On a cylinder the capture line crosses the seam: X on a3 takes the pawn on e4 through the joined files."""
    text = CAPTURE_RIDER.replace("ranks = 5", "ranks = 5\nwrap_files = true")
    pos = toml_game(text).position("k4/4p/X4/5/K4 w - - 0 1")
    assert "a3e4" in names(pos)
    assert pos.game.position("k4/4p/X4/5/K4 b - - 0 1").attacked(pos.game.names.parse("e4"), (0,))
