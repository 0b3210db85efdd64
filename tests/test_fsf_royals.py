"""Royal pieces that enter the game late, in Fairy-Stockfish's games (issue 59): a king dropped from hand may
not land in check, and a game may start with no king at all when its pseudo-royal pieces promote to one. Each
in a variants.ini section written for the test, compared with pyffish move by move."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fsf_ini import catalogue
from hyperchess.variants.formats.variantsfile import read_ini_variants

from test_fsf_reference import lockstep, needs_fsf, our_fen, pyffish

# placement's set-up drops, each side into its own half (FSF's dropRegionWhite/Black): a king may be dropped
# onto a line a rook or bishop already holds
HALVES = """[halves:placement]
startFen = 8/8/8/8/8/8/8/8[KRBNPPkrbnpp] w - - 0 1
dropRegionWhite = *1 *2 *3 *4
dropRegionBlack = *8 *7 *6 *5
"""
# no king at the start: the general (fers and wazir forward) is pseudo-royal and promotes to the king
KINGLESS = """[kingless:chess]
startFen = rnbgqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGQBNR w - - 0 1
castling = false
customPiece1 = g:fFfW
promotedPieceType = g:k
extinctionValue = loss
extinctionPieceTypes = kg
extinctionPseudoRoyal = true
"""


def _game(text: str, name: str) -> FileGame:
    pyffish.load_variant_config(text)
    specs, notes = read_ini_variants(text, "test.ini", build=False, taken=frozenset(catalogue()))
    assert [s.name for s in specs] == [name], notes
    return FileGame(specs[0])


@needs_fsf
def test_a_king_is_not_dropped_into_check():
    game = _game(HALVES, "halves")
    start = pyffish.start_fen("halves")
    pos = game.position(our_fen(game, start))
    for move in ["R@a4", "B@d5", "N@h3"]:      # White's rook on a4 holds the a-file of Black's half
        pos.push(pos.parse_move(move))
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert ours == sorted(pyffish.legal_moves("halves", start, ["R@a4", "B@d5", "N@h3"]))
    kings = {m for m in ours if m.startswith("K@")}
    assert "K@a5" not in kings and "K@a8" not in kings and "K@e6" in kings      # the rook's file, not elsewhere
    assert lockstep("halves", game, 4, 30, 7) >= 30


@needs_fsf
def test_a_game_without_kings_promotes_its_pseudo_royal_piece_to_one():
    game = _game(KINGLESS, "kingless")
    start = pyffish.start_fen("kingless")
    pos = game.position(our_fen(game, start))
    assert not pos.royals[0] and not pos.royals[1]
    # a general on the 7th promotes (optionally, "+") onto the last rank; then it is the king
    fen = "4g3/2G5/8/8/8/8/8/8 w - - 0 1"
    pos = game.position(our_fen(game, fen))
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert ours == sorted(pyffish.legal_moves("kingless", fen, [])) == ["c7b8", "c7b8+", "c7c8", "c7c8+", "c7d8", "c7d8+"]
    pos.push(pos.parse_move("c7d8+"))
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    assert ours == sorted(pyffish.legal_moves("kingless", fen, ["c7d8+"]))
    assert "e8d7" not in ours               # the promoted general guards d7 as the king it now is
    assert lockstep("kingless", game, 20, 60, random.Random(3).randrange(1000)) >= 60
