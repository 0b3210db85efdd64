"""The two-board game (variants/rules/partner_boards.py; docs/rules/bughouse.md): captures go to the partner's
hand on the other board, either board's end ends the game for the teams, a side that could parry with a piece
from its partner sits and waits."""
from __future__ import annotations

import pytest

from hyperchess.variants import MoveError, get_game
from hyperchess.variants.rules.partner_boards import PartnerBoards, partner_of, team_of

# board A: White mates with Qh5xf7 after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 (the scholar's mate)
SCHOLAR = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]


def test_seats_teams_and_partners():
    assert [team_of(s) for s in range(4)] == [0, 1, 1, 0]
    assert [partner_of(s) for s in range(4)] == [3, 2, 1, 0]


def test_a_capture_goes_to_the_partners_hand_on_the_other_board():
    g = PartnerBoards(get_game("bughouse"))
    for board, move in [(0, "e2e4"), (1, "d2d4"), (0, "d7d5"), (0, "e4d5")]:
        g.push_name(board, move)
    # A's White took a black pawn: B's Black (its partner) holds it; nobody on A gained anything
    assert g.boards[1].fen() == "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR[p] b KQkq - 0 1"
    assert g.boards[0].fen().split(" ")[0].endswith("[]")
    g.push_name(1, "P@e5")
    g.push_name(1, "d4e5")                       # and B's White takes it back: A's Black gets a white pawn
    assert g.in_hand(1) == {"P": 1} and g.in_hand(3) == {}


def test_a_promoted_piece_is_passed_on_as_a_pawn():
    g = PartnerBoards(get_game("bughouse"), ("1Q~k5/8/8/8/8/8/8/4K3[] b - - 0 1", None))
    g.push_name(0, "c8b8")
    assert g.boards[1].fen().startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] ")
    assert g.in_hand(2) == {"P": 1}


def test_mate_on_either_board_ends_the_game_for_the_teams():
    g = PartnerBoards(get_game("bughouse"))
    for move in SCHOLAR[:-1]:
        g.push_name(1, move)
    g.push_name(0, "e2e4")
    # B's White mates: team 1 (A's Black and B's White) wins, the other board ends too
    g.push_name(1, SCHOLAR[-1])
    assert (g.outcome.result, g.outcome.board) == ("0-1", 1) and "mate" in g.outcome.reason
    with pytest.raises(MoveError):
        g.push_name(0, "e7e5")


def test_a_check_a_drop_could_block_is_no_mate_the_side_sits():
    back_rank = ("6rk/5Npp/8/8/8/8/8/K7[] b - - 0 1", None)      # smothered: no drop parries a knight's check
    g = PartnerBoards(get_game("bughouse"), ("7k/6pp/8/8/8/8/8/K3R3[] w - - 0 1", None))
    g.push_name(0, "e1e8")                       # a rook's check on the back rank: a drop on f8 or g8 would block
    assert g.outcome is None and g.waiting(0) and not g.legal_moves(0)
    g.give(0, get_game("bughouse").letters["n"])     # the partner passes a knight: now Black can block
    assert "N@f8" in {g.boards[0].move_name(m) for m in g.legal_moves(0)}
    smothered = PartnerBoards(get_game("bughouse"), back_rank)
    smothered._judge()
    assert smothered.outcome.result == "1-0" and not smothered.waiting(0)
    strict = PartnerBoards(get_game("bughouse"), ("7k/6pp/8/8/8/8/8/K3R3[] w - - 0 1", None), sitting=False)
    strict.push_name(0, "e1e8")                  # Fairy-Stockfish's one board: mate with the hand it has
    assert strict.outcome.result == "1-0"


def test_a_flag_loses_for_the_team():
    g = PartnerBoards(get_game("bughouse"))
    g.flag(2)                                    # B's White (team 1) ran out of time
    assert g.outcome.result == "1-0" and "time" in g.outcome.reason


def test_koedem_passes_a_captured_king_which_must_be_dropped():
    g = PartnerBoards(get_game("koedem"), ("4k3/8/8/8/8/8/3q4/4K3[] b - - 0 1", None))
    g.push_name(0, "d2e1")                       # Black takes White's king (a commoner in koedem)
    assert g.in_hand(2) == {"K": 1}
    moves = {g.boards[1].move_name(m) for m in g.legal_moves(1)}
    assert moves and all(m.startswith("K@") for m in moves)


def test_a_game_without_two_boards_is_refused():
    with pytest.raises(ValueError, match="two_boards"):
        PartnerBoards(get_game("crazyhouse"))
