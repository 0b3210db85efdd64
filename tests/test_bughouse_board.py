"""One board of Fairy-Stockfish's two-board games (bughouse, koedem, supply) against pyffish: the board is played
with hands set from outside (the partner's captures arrive in the position string's pocket), so the lockstep
puts random pieces into the hands between plies and compares, at every ply, the legal moves, the end of the game
and the position string after the move (FSF's ``twoBoards``: src/position.cpp, a capture goes to no hand on
this board and a promoted piece is written ``Q~``). Skipped without pyffish; the long part is marked slow."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft

from test_fsf_reference import fsf_end, fsf_perft, needs_fsf

try:
    import pyffish
except ImportError:
    pyffish = None

GAMES = ("bughouse", "koedem", "supply")


def _hands(fen: str) -> str:
    """``fen`` with its hand's letters sorted (FSF orders a hand by its piece types' numbers, hyperchess by value)."""
    board, rest = fen.split("]", 1)
    board, hand = board.split("[")
    return f"{board}[{''.join(sorted(hand))}]{rest}"


def hands_lockstep(variant: str, games: int, plies: int, seed: int, seen: Counter) -> int:
    """Random games of one board of ``variant`` whose hands gain random pieces (a partner's captures) before
    some plies; legal moves, the end and the next position string compared with pyffish's; positions seen."""
    game = get_game(variant)
    rng = random.Random(seed)
    letters = [game.pieces[k].letter.upper() for k in game.hand_order]
    if variant == "koedem":                   # its king is a commoner: captured, it goes to the partner's hand
        letters.append("K")
    positions = 0
    for _ in range(games):
        pos = game.position()
        for _ in range(plies):
            fen = pos.fen()
            if rng.random() < 0.4:
                board, rest = fen.split("] ", 1)
                board, hand = board.split("[")
                for _ in range(rng.choice((1, 1, 2, 3))):
                    letter = rng.choice(letters)
                    hand += letter if rng.random() < 0.5 else letter.lower()
                fen = f"{board}[{hand}] {rest}"
                pos = game.position(fen)
            positions += 1
            ours = sorted(pos.move_name(m) for m in pos.legal_moves())
            theirs = sorted(pyffish.legal_moves(variant, fen, []))
            outcome = pos.outcome()
            assert (outcome.result if outcome else None) == fsf_end(variant, fen, [], theirs), (variant, fen)
            if outcome is not None:
                seen[outcome.reason] += 1
                break
            assert ours == theirs, (variant, fen, set(ours) ^ set(theirs))
            seen["must drop"] += all("@" in m for m in ours)
            move = rng.choice(pos.legal_moves())
            name = pos.move_name(move)
            seen["drop"] += "@" in name
            seen["promoted piece captured"] += move[1] in pos.extra.promoted
            pos.push(move)
            assert _hands(pos.fen()) == _hands(pyffish.get_fen(variant, fen, [name])), (variant, fen, name)
            seen["promoted piece on the board"] += "~" in pos.fen()
    return positions


@needs_fsf
@pytest.mark.parametrize("variant", GAMES)
def test_one_board_with_hands_from_outside_matches_pyffish(variant):
    seen: Counter = Counter()
    assert hands_lockstep(variant, 4, 60, 69, seen) > 100
    assert seen["drop"] > 20


@pytest.mark.slow
@needs_fsf
def test_bughouse_board_10000_positions_match_pyffish():
    seen: Counter = Counter()
    positions = sum(hands_lockstep(v, n, 100, 6900 + i, seen) for i, (v, n) in
                    enumerate((("bughouse", 120), ("koedem", 30), ("supply", 30))))
    assert positions >= 10_000
    # what the games went through: drops, captured promoted pieces, must-drop turns, mates
    assert min(seen["drop"], seen["promoted piece captured"], seen["must drop"],
               seen["promoted piece on the board"]) > 0, seen


@needs_fsf
@pytest.mark.parametrize("variant,fen,depth", [
    ("bughouse", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QNpp] w KQkq - 2 3", 3),
    ("bughouse", "4k3/1P6/8/8/8/8/5PPP/4K3[NBnb] w - - 0 1", 3),
    ("koedem", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Kq] b KQ - 0 1", 3),
    ("supply", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[RCpa] w - - 0 1", 2),
])
def test_perft_with_pockets_matches_pyffish(variant, fen, depth):
    assert perft(get_game(variant).position(fen), depth) == fsf_perft(variant, fen, [], depth)


def test_a_promoted_piece_is_marked_on_two_boards():
    """FSF writes ``~`` after a promoted piece when a capture hands it on as a pawn, to the partner's hand too."""
    pos = get_game("bughouse").position("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1")
    pos.push(pos.parse_move("b7b8q"))
    assert pos.fen() == "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1"


def test_a_capture_goes_to_no_hand_on_its_own_board_and_is_handed_on_as_it_was():
    """``captured_as``: what a capture hands to the partner, in the captured piece's colour (the partner plays
    that colour on the other board); a promoted piece as a pawn (FSF's bughouse, src/position.cpp do_move)."""
    game = get_game("bughouse")
    pos = game.position("2k5/8/8/8/8/8/2n5/R5K1[] b - - 0 1")
    assert game.captured_as(pos, pos.parse_move("c2a1")) == game.letters["R"]
    assert game.captured_as(pos, pos.parse_move("c8d8")) == 0
    pos = game.position("1Q~k5/8/8/8/8/8/8/4K3[] b - - 0 1")
    take_queen = pos.parse_move("c8b8")
    assert game.captured_as(pos, take_queen) == game.letters["P"]
    pos.push(take_queen)
    assert pos.fen() == "1k6/8/8/8/8/8/8/4K3[] w - - 0 2"       # no hand gained it here


def test_supply_refuses_a_drop_that_gives_check():
    """FSF's ``dropChecks = false`` (src/position.cpp, ``legal``): a rook in hand is not dropped on the file of
    the black king; elsewhere it is."""
    pos = get_game("supply").position("4k4/9/9/9/9/9/9/9/9/3K5[R] w - - 0 1")
    drops = {pos.move_name(m) for m in pos.legal_moves() if "@" in pos.move_name(m)}
    assert "R@f2" in drops and not {d for d in drops if d[2] == "e"}


def test_stalemate_loses_on_a_bughouse_board():
    outcome = get_game("bughouse").position("k7/8/1Q6/8/8/8/8/2K5[] b - - 0 1").outcome()
    assert outcome.result == "1-0" and "stalemate" in outcome.reason
