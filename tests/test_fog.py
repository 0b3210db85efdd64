"""Fog of war (docs/rules/fogofwar.md): the rules of `fogofwar` and what each side sees
(variants/core/visibility.py), in positions worked out by hand from the rules text."""
from __future__ import annotations

import pytest

from hyperchess.variants import add_variants, get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.load import load_position
from hyperchess.variants.core.visibility import UNSEEN, view, view_text, visible_cells


@pytest.fixture(scope="module")
def game():
    return get_game("fogofwar")


def seen(pos, color):
    return {pos.game.names.name(c) for c in visible_cells(pos, color)}


def test_start_white_sees_its_half_and_the_cells_its_pieces_reach(game):
    pos = game.position()
    expected = {f"{f}{r}" for f in "abcdefgh" for r in "1234"}
    assert seen(pos, 0) == expected
    assert view_text(game, view(pos, 1).board) == "rnbqkbnr/pppppppp/8/8/????????/????????/????????/????????"


def test_after_e4_the_bishop_and_queen_lines_open(game):
    pos = load_position(game, None, ["e2e4"])
    # White: own pieces, a3..h3 and a4..h4 by pawns and knights, except e3 (nothing goes there now); the
    # bishop f1 sees e2 d3 c4 b5 a6, the queen d1 e2 f3 g4 h5, the king e2, the pawn e4 the cell e5 ahead
    assert view_text(game, view(pos, 0).board) == "????????/????????/1???????/?1??1??1/4P3/4?3/PPPP1PPP/RNBQKBNR"


def test_a_blocked_pawn_sees_its_blocker_but_not_an_empty_diagonal(game):
    pos = game.position("4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1")
    s = seen(pos, 0)
    assert "e4" in s                       # the black pawn right in front of the white pawn
    assert "d4" not in s and "f4" not in s  # empty diagonals: the pawn cannot move there


def test_double_step_sees_two_ahead_only_when_it_may_go_there(game):
    pos = game.position("4k3/8/8/8/4n3/8/4P3/K7 w - - 0 1")
    s = seen(pos, 0)
    assert "e3" in s and "e4" not in s     # e4 is not a move of the pawn (occupied) nor directly in front
    pos = game.position("4k3/8/8/8/8/8/4P3/K7 w - - 0 1")
    assert {"e3", "e4"} <= seen(pos, 0)


def test_en_passant_shows_the_pawn_to_take(game):
    pos = load_position(game, "4k3/3p4/8/4P3/8/8/8/K7 b - - 0 1", ["d7d5"])
    s = seen(pos, 0)
    assert {"d5", "d6"} <= s
    assert "e5d6" in [pos.move_name(m) for m in view(pos, 0).moves]
    # Black, not to move, sees where its pawn can go next: not d6 behind it
    assert "d4" in seen(pos, 1) and "e5" not in seen(pos, 1)


def test_no_check_king_may_walk_into_attack_and_is_captured(game):
    pos = game.position("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
    moves = {pos.move_name(m) for m in pos.legal_moves()}
    assert {"e1e2", "e1f1", "e1d1", "e1d2"} <= moves           # into the rook's line, or taking it
    pos.push(pos.parse_move("e1f1"))
    pos.push(pos.parse_move("d2d1"))
    pos.push(pos.parse_move("f1g2"))                          # the king ignores the rook on its rank
    pos.push(pos.parse_move("d1g1"))
    pos.push(pos.parse_move("g2f3"))
    pos.push(pos.parse_move("g1g3"))
    pos.push(pos.parse_move("f3e4"))
    pos.push(pos.parse_move("g3e3"))
    pos.push(pos.parse_move("e4d5"))
    pos.push(pos.parse_move("e3d3"))
    pos.push(pos.parse_move("d5c5"))
    pos.push(pos.parse_move("d3c3"))
    pos.push(pos.parse_move("c5b4"))
    pos.push(pos.parse_move("c3b3"))
    assert pos.outcome() is None
    pos.push(pos.parse_move("b4b3"))                          # White takes the rook
    pos2 = game.position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")
    pos2.push(pos2.parse_move("e2e1"))
    out = pos2.outcome()
    assert out is not None and out.result == "0-1" and out.termination == "king captured"


def test_castling_through_and_out_of_check(game):
    pos = game.position("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1")
    assert "e1g1" in {pos.move_name(m) for m in pos.legal_moves()}   # f1 and e1 attacked
    pos = game.position("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1")
    assert "e1g1" in {pos.move_name(m) for m in pos.legal_moves()}   # in check


def test_view_hides_everything_unseen_and_a_finished_game_is_whole(game):
    pos = game.position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")
    v = view(pos, 0)
    assert v.board[game.names.parse("e8")] == UNSEEN
    assert v.board[game.names.parse("e2")] != UNSEEN     # the king may take the rook
    assert v.moves == () and v.turn == 1
    pos.push(pos.parse_move("e2e1"))
    v = view(pos, 0)
    assert v.outcome is not None and UNSEEN not in v.board


def test_fog_key_refuses_check_and_non_bools():
    base = ('[g]\nstart = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"\nfog = {}\n{}\n'
            '[g.pieces]\nK = {{ name = "king", betza = "K", royal = true }}\n')
    with pytest.raises(VariantsFileError, match="fog: true or false"):
        add_variants(base.format("1", ""), "bad1.toml")
    with pytest.raises(VariantsFileError, match="no check"):
        add_variants(base.format("true", 'check = "check"'), "bad2.toml")


def test_fog_on_any_game_of_a_file():
    """Two levels of 4x4, a hole at b1 of level 1: a rook on a1 of level 1 sees along its lines up to the hole
    and the first piece, and up into level 2; nothing else."""
    add_variants('[fogtoy]\nfiles = 4\nranks = 4\nlevels = 2\nholes = [[1, 0, 0]]\nfog = true\n'
                 'start = "3k/4/4/r3|3K/4/4/R*2 w - - 0 1"\n'
                 '[fogtoy.pieces]\nK = { name = "king", betza = "K", royal = true }\n'
                 'R = { name = "rook", slide = [[1, 0, 0], [0, 1, 0], [0, 0, 1]], symmetric = true }\n',
                 "fogtoy.toml")
    game = get_game("fogtoy")
    assert game.fog and game.royal_loss == "any"
    pos = game.position()
    # level 2 is written first: of it White sees only a1, the black rook its rook may take upwards; on level 1
    # the rook sees a2-a4 (b1 is the hole: nothing beyond it), the king on d4 its planar steps c4, c3 and d3
    assert view_text(game, view(pos, 0).board) == "????/????/????/r???|1?1K/1?2/1???/R*??"


def test_a_view_string_reads_back_as_the_same_view(game):
    """What an engine is sent over UCI or CECP (docs/protocol.md): the view's board with ``?`` and the position
    string's other fields; read back, the same cells and the same legal moves, in every position of random
    games."""
    import random

    from hyperchess.variants.core.visibility import read_view
    rng = random.Random(5)
    compared = 0
    for _ in range(6):
        pos = game.position()
        while pos.outcome() is None:
            v = view(pos, pos.turn)
            text = view_text(game, v.board) + " " + pos.fen().split(" ", 1)[1]
            back = read_view(game, text)
            assert (back.board, set(back.moves), back.turn) == (v.board, set(v.moves), v.turn), text
            compared += 1
            pos.push(rng.choice(pos.legal_moves()))
    assert compared > 300


def test_view_string_tells_only_what_the_side_to_move_knows(game):
    """``view_string`` (what the match runner sends): the view's board, the mover's own castling rights only,
    the en-passant square only when it may take so, the halfmove clock 0; read back, the same view."""
    from hyperchess.variants.core.visibility import read_view, view_string
    pos = game.position()
    for text in ("e2e4", "g8f6", "e4e5", "d7d5"):
        pos.push(pos.parse_move(text))
    assert pos.fen() == "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    text = view_string(pos)
    assert text.split() == [view_text(game, view(pos, 0).board), "w", "KQ", "d6", "0", "3"]
    assert read_view(game, text).board == view(pos, 0).board
    pos.push(pos.parse_move("g1f3"))          # Black: no en passant to take, and it cannot know White's clock
    pos.push(pos.parse_move("b8c6"))
    pos.push(pos.parse_move("f1b5"))
    assert pos.fen().split()[2:5] == ["KQkq", "-", "3"]
    fields = view_string(pos).split()
    assert fields[1:] == ["b", "kq", "-", "0", "4"]
    assert read_view(game, view_string(pos)).board == view(pos, 1).board
