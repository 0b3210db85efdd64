"""Chess – The Future Generation / The Next Generation (shared/rules/future-generation.md): every worked
example of A(d), the A(c) rulings (A4 level access, A5 e.p. window, A6 inert pieces, A7 castling, A8
crowning), the position string, and perft."""
from __future__ import annotations

import pytest

from hyperchess.variants import FenError, get_game
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.core.game import CASTLE, EN_PASSANT, PROMOTION, TRANSFORM
from hyperchess.variants.core.perft import perft


@pytest.fixture(scope="module")
def fg():
    return get_game("future-generation")


@pytest.fixture(scope="module")
def ng():
    return get_game("next-generation")


def fen_of(game, pieces: dict[str, str], rest: str) -> str:
    """A position string with ``pieces`` ({square: token}) on otherwise empty levels."""
    board = [0] * game.geometry.size
    for sq, token in pieces.items():
        board[game.names.parse(sq)] = game.letters[token]
    return f"{format_board(game, board)} {rest}"


KINGS = {"Ae1": "wK", "Ae8": "bK", "Dh4": "gK", "Da4": "sK"}


def fg_pos(fg, pieces: dict[str, str], side: str = "w", unlock: str = "-", kings=KINGS, ep: str = "-"):
    return fg.position(fen_of(fg, {**kings, **pieces}, f"{side} - {ep} 0 1 {unlock}"))


def targets(pos, square: str) -> list[str]:
    game = pos.game
    frm = game.names.parse(square)
    return sorted(game.names.name(m[1]) for m in pos.legal_moves() if m[0] == frm)


def play(pos, *moves: str):
    for text in moves:
        pos.push(pos.parse_move(text))
    return pos


# ---------------------------------------------------------------- A(d): the start position
@pytest.mark.parametrize("side", "wbgs")
def test_each_side_has_72_moves_at_the_start(fg, side):
    """20 planar + 52 to the adjacent level, for each of the four sides."""
    pos = fg.position(fg.start_fen.replace(" w ", f" {side} ", 1))
    moves = pos.legal_moves()
    planar = [m for m in moves if fg.level_of[m[0]] == fg.level_of[m[1]]]
    assert (len(moves), len(planar)) == (72, 20)


def test_next_generation_white_has_72_moves(ng):
    moves = ng.position().legal_moves()
    assert len(moves) == 72
    assert sum(ng.level_of[m[0]] != ng.level_of[m[1]] for m in moves) == 52


def test_start_armies(fg):
    pos = fg.position()
    on = {fg.names.name(c): fg.letter_of(pos.board[c]) for s in pos.occupied for c in s}
    assert [on[f"D{sq}"] for sq in ("h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8")] == \
        ["gR", "gN", "gB", "gK", "gQ", "gB", "gN", "gR"]
    assert [on[f"D{sq}"] for sq in ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8")] == \
        ["sR", "sN", "sB", "sK", "sQ", "sB", "sN", "sR"]
    assert all(on[f"Dg{r}"] == "gP" and on[f"Db{r}"] == "sP" for r in range(1, 9))
    assert on["Ae1"] == "wK" and on["Ad8"] == "bQ" and on["Ah7"] == "bP"
    assert sum(len(s) for s in pos.occupied) == 64


def test_pawn_lists(fg):
    pos = fg.position()
    assert targets(pos, "Aa2") == ["Aa3", "Aa4", "Ba2", "Ba3", "Ba4"]
    gold = fg.position(fg.start_fen.replace(" w ", " g ", 1))
    assert targets(gold, "Dg4") == ["Ce4", "Cf4", "Cg4", "De4", "Df4"]


def test_white_inter_level_moves_at_the_start(fg, ng):
    """Glover's mouse-over lists (A(d)), in both games."""
    expected = {"Ac1": ["Bb1", "Bb2", "Bc2", "Bd1", "Bd2"],
                "Ad1": ["Bc1", "Bc2", "Bd1", "Bd2", "Be1", "Be2"],
                "Ae1": ["Bd1", "Bd2", "Be1", "Be2", "Bf1", "Bf2"],
                "Aa1": ["Ba1"],
                "Ab1": ["Bb3", "Bd1"]}
    for game in (fg, ng):
        pos = game.position()
        for square, want in expected.items():
            assert [t for t in targets(pos, square) if t[0] == "B"] == want, (game.name, square)


def test_pawn_capture_set_from_ba4(fg):
    """White on Ba4 captures on Bb5, Ab5 and Cb5."""
    pos = fg_pos(fg, {"Ba4": "wP", "Bb5": "bN", "Ab5": "bN", "Cb5": "sN", "Ba5": "bP", "Aa4": "wN",
                      "Ca4": "wN", "Aa5": "bP", "Ca5": "bP"}, unlock="w")
    assert targets(pos, "Ba4") == ["Ab5", "Bb5", "Cb5"]


# ---------------------------------------------------------------- A(d): knights, crowned knights
def test_knight_from_aa1_uncrowned_and_crowned(fg):
    kings = {"Dh8": "wK", "Ch8": "bK", "Dg8": "gK", "Cg8": "sK"}
    pos = fg_pos(fg, {"Aa1": "wN"}, unlock="w", kings=kings)
    assert targets(pos, "Aa1") == ["Ab3", "Ac2", "Ba3", "Bc1"]
    pos = fg_pos(fg, {"Aa1": "wC"}, unlock="w", kings=kings)
    assert targets(pos, "Aa1") == ["Ab3", "Ac2", "Ba3", "Bc1", "Ca2", "Cb1"]


def test_crowned_knight_bd4_has_20_moves(fg):
    kings = {"Dh8": "wK", "Ch8": "bK", "Dg8": "gK", "Cg8": "sK"}
    pos = fg_pos(fg, {"Bd4": "wC"}, unlock="w", kings=kings)
    assert targets(pos, "Bd4") == sorted(
        "Bb3 Bb5 Bc2 Bc6 Be2 Be6 Bf3 Bf5 Ab4 Ad2 Ad6 Af4 Cb4 Cd2 Cd6 Cf4 Dc4 Dd3 Dd5 De4".split())


def test_knight_is_crowned_on_its_far_edge(fg):
    """Crowning on any level's far edge, written as a plain move; a pawn promoting to a knight is crowned
    at once (A8), written with ``n``."""
    pos = fg_pos(fg, {"Ag6": "wN", "Bb7": "wP", "Dc2": "gN"}, unlock="wg")
    move = pos.parse_move("Ag6Ah8")
    assert move[3] == TRANSFORM and pos.move_name(move) == "Ag6Ah8"
    play(pos, "Ag6Ah8")
    assert fg.letter_of(pos.board[fg.names.parse("Ah8")]) == "wC"
    pos.pop()
    promos = sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == PROMOTION and m[0] == fg.names.parse("Bb7"))
    assert promos == [f"Bb7{lv}b8{p}" for lv in "ABC" for p in "bnqr"]
    play(pos, "Bb7Bb8n")
    assert fg.letter_of(pos.board[fg.names.parse("Bb8")]) == "wC"
    play(pos, "Ae8Ad8")                       # Black; then Gold's knight crowns on file a
    play(pos, "Dc2Da1")
    assert fg.letter_of(pos.board[fg.names.parse("Da1")]) == "gC"
    assert "wC" in pos.fen() and "gC" in pos.fen()
    assert fg.position(pos.fen()).fen() == pos.fen()


# ---------------------------------------------------------------- A(d): level access (FG rule 2, A4)
def test_level_access_sequence(fg):
    """3 White units on B (rook Ba1 among them): Ba1-Ca1 is illegal; a 4th unit onto B unlocks White
    for its next turn, and Black capturing two of the units on B does not lock it again."""
    pos = fg_pos(fg, {"Ba1": "wR", "Bc3": "wN", "Bf4": "wB", "Ah2": "wP", "Bc8": "bR", "Bb8": "bB"})
    assert "Ca1" not in targets(pos, "Ba1")
    assert not any(fg.level_of[m[1]] in fg.barred_levels[0] for m in pos.legal_moves())
    play(pos, "Ah2Bh2")                       # the 4th unit on B
    assert fg.unlocked(pos, 0) and pos.fen().split()[6] == "w"
    play(pos, "Bc8Bc3", "Dh4Dh3", "Da4Da3")   # Black takes one unit
    assert "Ca1" in targets(pos, "Ba1")
    play(pos, "Bh2Bh3", "Bb8Bf4", "Dh3Dh4", "Da3Da4")   # Black takes a second unit: 2 left on B
    assert sum(fg.level_of[c] == fg.level("B") for c in pos.occupied[0]) == 2
    assert "Ca1" in targets(pos, "Ba1")
    play(pos, "Ba1Ca1")
    assert pos.board[fg.names.parse("Ca1")] == fg.letters["wR"]


def test_placing_the_4th_unit_does_not_unlock_that_move(fg):
    """Gold has 3 units on C; its pieces may enter C but not B this move; the move that adds the 4th
    unit unlocks only the next one."""
    pos = fg_pos(fg, {"Cg1": "gP", "Cg2": "gP", "Cg3": "gR", "Dg5": "gP"}, side="g")
    assert "Bg3" not in targets(pos, "Cg3")
    assert "Cg5" in targets(pos, "Dg5")
    play(pos, "Dg5Cg5")
    assert fg.unlocked(pos, 2)


# ---------------------------------------------------------------- A(d): elimination (FG rule 1, A6)
def test_elimination_order_and_inert_pieces(fg):
    """After Black's king is captured the order is W, G, S, W...; the dead Black queen next to the White
    king attacks nothing, is never moved, and only White and Gold may capture it."""
    pos = fg_pos(fg, {"Ad7": "wQ", "Ad2": "bQ", "Ad5": "sR"}, unlock="wgs")
    play(pos, "Ad7Ae8")                       # White's queen takes the Black king
    assert pos.turn == 2 and pos.eliminated(1) and not pos.eliminated(3)
    assert pos.fen().split()[7] == "b"
    assert pos.outcome() is None
    play(pos, "Dh4Dh3")
    assert pos.turn == 3
    silver = {pos.move_name(m) for m in pos.legal_moves()}
    assert "Ad5Ad3" in silver and "Ad5Ad2" not in silver     # no capture of a partner's piece
    play(pos, "Da4Da3")
    assert pos.turn == 0                      # W, G, S, W
    king = fg.names.parse("Ae1")
    assert fg.names.parse("Ad2") in {m[1] for m in pos.legal_moves() if m[0] == king}   # White may take it
    assert not pos.attacked(king, fg.castling_threats(pos, 0, king))
    assert fg.evaluate(pos) == 0            # no king is en prise from a dead piece
    assert fg.position(pos.fen()).fen() == pos.fen()


def test_team_wins_when_both_enemy_kings_are_captured(fg):
    pos = fg_pos(fg, {"Ad7": "wQ", "Db4": "gR"}, unlock="wg")
    play(pos, "Ad7Ae8")
    assert pos.outcome() is None and pos.turn == 2
    play(pos, "Db4Da4")
    out = pos.outcome()
    assert out is not None and out.result == "1-0" and "Black and Silver" in out.reason
    assert pos.legal_moves() == []
    assert fg.position(pos.fen()).outcome().result == "1-0"


def test_king_left_en_prise_can_be_captured(fg):
    """There is no check: moving next to an enemy king is legal, and the king is then simply taken."""
    pos = fg_pos(fg, {"Ae7": "bR"})
    assert "Ae2" in targets(pos, "Ae1")                  # walking into the rook's line is legal
    play(pos, "Ae1Ae2")
    assert fg.evaluate(pos) < 0                          # the White king en prise: bad for White's team
    play(pos, "Ae7Ae2")
    assert pos.eliminated(0) and pos.turn == 2


# ---------------------------------------------------------------- en passant (A(b), A5)
def test_glovers_en_passant(fg):
    """Glover's example: White pawn Ab5, Black pawn Aa7 -> Ba5; White plays Ab5xBa5 and lands on Ba6
    (in the four-player game after Gold and Silver have moved: A5)."""
    pos = fg_pos(fg, {"Ab5": "wP", "Aa7": "bP"}, side="b")
    play(pos, "Aa7Ba5", "Dh4Dh3", "Da4Da3")
    move = pos.parse_move("Ab5Ba6")
    assert move[3] == EN_PASSANT
    play(pos, "Ab5Ba6")
    assert pos.board[fg.names.parse("Ba5")] == 0 and fg.letter_of(pos.board[fg.names.parse("Ba6")]) == "wP"


def test_en_passant_next_generation(ng):
    """Black's pawns start on B: Ba7 -> Aa5 passes Aa6, where White's Ab5 takes it."""
    pos = ng.position(fen_of(ng, {"Ab5": "P", "Ae1": "K", "Ba7": "p", "Be8": "k"}, "b - - 0 1"))
    play(pos, "Ba7Aa5")
    assert pos.fen().split()[3] == "Aa6"
    play(pos, "Ab5Aa6")
    assert pos.board[ng.names.parse("Aa5")] == 0 and ng.letter_of(pos.board[ng.names.parse("Aa6")]) == "P"


def test_en_passant_onto_the_last_rank_promotes(fg):
    """Issue 47 (found by independent random play, game 186 ply 168): Black's pawn on Be2 takes en passant on
    Cf1, its last rank, and promotes as its other moves to rank 1 do."""
    fen = ("6bQ1/7bN/4bP3/4bP3/5wN2/5bP2/1wP6/8|4wB3/8/8/2bP5/wP7/1gC6/4bP2wP/1bB6|1sP6/8/4gP2gK/6gQ1/5wP2/"
           "4gB3/8/wR3gP3|sRbK4gP1/1sP2gP3/8/sQsP4gBgR/1gN6/sB3gP3/wB4gP2/7gR b - Cf1:b 0 53 wbgs ws Dg8")
    pos = fg.position(fen)
    names = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == fg.names.parse("Be2"))
    assert names == ["Be2Ae1b", "Be2Ae1n", "Be2Ae1q", "Be2Ae1r", "Be2Ae2", "Be2Be1b", "Be2Be1n", "Be2Be1q",
                     "Be2Be1r", "Be2Ce2", "Be2Cf1b", "Be2Cf1n", "Be2Cf1q", "Be2Cf1r"]
    move = pos.parse_move("Be2Cf1q")
    assert move[3] == EN_PASSANT
    play(pos, "Be2Cf1q")
    assert fg.letter_of(pos.board[fg.names.parse("Cf1")]) == "bQ" and pos.board[fg.names.parse("Ce1")] == 0
    assert pos.board[fg.names.parse("Be2")] == 0
    pos.pop()
    assert pos.fen() == fen


def test_en_passant_window_is_each_enemys_next_turn(fg):
    """A5: after Black's double step Gold moves before White; each enemy colour may take on its own
    first turn after it, and its chance ends with that turn."""
    pieces = {"Ac7": "bP", "Ab5": "wP", "Cd7": "gP"}
    pos = fg_pos(fg, pieces, side="b", unlock="g")
    play(pos, "Ac7Bc5")                       # passes Bc6: White (Ab5) and Gold (Cd7) attack it
    assert pos.fen().split()[3] == "Bc6:wg"
    assert fg.position(pos.fen()).fen() == pos.fen()
    assert pos.parse_move("Cd7Bc6")[3] == EN_PASSANT
    play(pos, "Dh4Dh3")                       # Gold lets it go
    assert pos.fen().split()[3] == "Bc6:w"
    play(pos, "Da4Da3")                       # Silver (Black's partner) has no say
    assert pos.fen().split()[3] == "Bc6:w"
    move = pos.parse_move("Ab5Bc6")
    assert move[3] == EN_PASSANT
    play(pos, "Ab5Bc6")
    assert pos.board[fg.names.parse("Bc5")] == 0 and pos.fen().split()[3] == "-"
    # Gold takes at once: the pawn is gone, so White's chance is gone too
    pos = fg_pos(fg, pieces, side="b", unlock="g")
    play(pos, "Ac7Bc5", "Cd7Bc6", "Da4Da3")
    assert pos.fen().split()[3] == "-"
    assert not any(m[3] == EN_PASSANT for m in pos.legal_moves())
    # White declines too: after its turn nobody may take any more
    pos = fg_pos(fg, pieces, side="b", unlock="g")
    play(pos, "Ac7Bc5", "Dh4Dh3", "Da4Da3", "Ae1Ae2")
    assert pos.fen().split()[3] == "-"


def test_en_passant_with_two_windows_open(fg):
    """White and then Gold double-step past Silver pawns: on its turn Silver may take either pawn."""
    pos = fg_pos(fg, {"Ac2": "wP", "Cb4": "sP", "Dg4": "gP", "Ce5": "sP"}, unlock="s")
    play(pos, "Ac2Bc4")                       # passes Bc3, which Silver's Cb4 attacks
    assert pos.fen().split()[3] == "Bc3:s"
    play(pos, "Ae8Ad8", "Dg4De4")             # Black; Gold passes Df4, which Silver's Ce5 attacks
    assert pos.turn == 3 and pos.fen().split()[3] == "Bc3:s,Df4:s"
    assert sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == EN_PASSANT) == ["Cb4Bc3", "Ce5Df4"]
    play(pos, "Ce5Df4")
    assert pos.board[fg.names.parse("De4")] == 0 and pos.fen().split()[3] == "-"


# ---------------------------------------------------------------- castling (A(b), A7)
def test_gold_and_silver_castle_along_their_back_files(fg):
    rooks = {**KINGS, "Dh1": "gR", "Dh8": "gR", "Da1": "sR", "Da8": "sR"}
    for side, moves, rook_square in (("g", ["Dh4Dh2", "Dh4Dh6"], {"Dh4Dh2": "Dh3", "Dh4Dh6": "Dh5"}),
                                     ("s", ["Da4Da2", "Da4Da6"], {"Da4Da2": "Da3", "Da4Da6": "Da5"})):
        pos = fg.position(fen_of(fg, rooks, f"{side} gKgQsKsQ - 0 1 - -"))
        assert sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == CASTLE) == moves
        for move in moves:
            play(pos, move)
            assert fg.letter_of(pos.board[fg.names.parse(rook_square[move])]) == side + "R"
            assert pos.fen().split()[2] == ("sKsQ" if side == "g" else "gKgQ")
            pos.pop()
    # Gold's rook on Dh3 (after castling) attacks Da3, which Silver's king would pass
    pos = fg.position(fen_of(fg, rooks, "g gKgQsKsQ - 0 1 - -"))
    play(pos, "Dh4Dh2")
    assert sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == CASTLE) == ["Da4Da6"]


def test_castling_safety_counts_only_live_enemies(fg):
    """A7: not out of or through an attacked square (ending on one is allowed); a dead piece attacks nothing."""
    base = {**KINGS, "Ah1": "wR", "Aa1": "wR"}
    def castles(extra, rest="w wKwQ - 0 1 w -"):
        pos = fg.position(fen_of(fg, {**base, **extra}, rest))
        return sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == CASTLE)
    assert castles({}) == ["Ae1Ac1", "Ae1Ag1"]
    assert castles({"Bg2": "bB"}) == ["Ae1Ac1"]              # Bg2 attacks Af1 (one level up, diagonal)
    assert castles({"Bh2": "bB"}) == ["Ae1Ac1", "Ae1Ag1"]    # attacks Ag1, where the king ends: allowed
    assert castles({"Ae5": "bR"}) == []                      # the king is attacked now
    # Black's king gone: its rook attacks nothing
    dead = {k: v for k, v in base.items() if k != "Ae8"}
    pos = fg.position(fen_of(fg, {**dead, "Ae5": "bR"}, "w wKwQ - 0 1 w b"))
    assert sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == CASTLE) == ["Ae1Ac1", "Ae1Ag1"]


# ---------------------------------------------------------------- next-generation: check through levels
def test_next_generation_dimensional_check(ng):
    pos = ng.position(fen_of(ng, {"Ae1": "K", "Ae8": "R", "Be8": "k", "Bh7": "p"}, "b - - 0 1"))
    assert pos.in_check()                     # the rook on Ae8 attacks Be8 straight down
    # the king leaves the rook's lines (Ad8, Ae7, Af8 stay attacked on A) or takes it; no pawn move helps
    assert sorted(pos.move_name(m) for m in pos.legal_moves()) == [
        "Be8Ad7", "Be8Ae8", "Be8Af7", "Be8Bd7", "Be8Bd8", "Be8Be7", "Be8Bf7", "Be8Bf8"]
    mate = ng.position(fen_of(ng, {"Ae1": "K", "Ae8": "Q", "Ah8": "R", "Be8": "k"}, "b - - 0 1"))
    assert mate.legal_moves() == [] and mate.outcome().result == "1-0"


# ---------------------------------------------------------------- position strings
def test_position_string_fields(fg):
    pos = fg.position()
    fields = pos.fen().split()
    assert fields[1:] == ["w", "wKwQbKbQgKgQsKsQ", "-", "0", "1", "-", "-"]
    play(pos, "Ae2Be4", "Ad7Ad5", "Dg5Ce5", "Db3Cd3")
    assert pos.fen().split()[1] == "w" and pos.fullmove == 2
    again = fg.position(pos.fen())
    assert again.fen() == pos.fen() and again.hash == pos.hash


@pytest.mark.parametrize("bad, why", [
    ("w - - 0 1 x -", "unlock"),
    ("w - - 0 1 - b", "disagrees"),
    ("w - Bc6 0 1 - -", "colours"),
    ("b wZ - 0 1 - -", "castling"),
])
def test_bad_position_strings_give_one_line_reasons(fg, bad, why):
    with pytest.raises(FenError, match=why):
        fg.position(fen_of(fg, KINGS, bad))


def test_side_to_move_must_be_alive(fg):
    kings = {k: v for k, v in KINGS.items() if v != "bK"}
    with pytest.raises(FenError, match="lost its king"):
        fg.position(fen_of(fg, kings, "b - - 0 1 - b"))


# ---------------------------------------------------------------- perft
def test_perft_future_generation_depth_3(fg):
    """W, B and G cannot touch each other in their first moves (W reaches rank 4 of B, B rank 5, G level
    C), so every side keeps its 72 moves: 72^3."""
    assert perft(fg.position(), 3) == 72 ** 3


@pytest.mark.slow
def test_perft_future_generation_depth_4(fg):
    """One full round W, B, G, S: Silver's moves onto C (files a-d) never meet Gold's (files e-h), so 72^4;
    ``hyperchess perft future-generation 4`` says the same."""
    assert perft(fg.position(), 4) == 72 ** 4
    result = _cli("perft", "future-generation", "4")
    assert result.output.strip().splitlines()[-1] == f"Nodes searched: {72 ** 4}"


def test_perft_next_generation(ng):
    """Depth 2 by hand: 72 x 72 less 12: the queen's Ad1-Be1/Be2 pin Black's Be7 pawn on the e-file
    of B (its 3 moves to A are lost), and Ad2-Bd2/Bd3/Bd4 open the queen's A d-file over Ad7 and Ad8,
    two squares Black's king could step up to."""
    pos = ng.position()
    assert [perft(pos, d) for d in (1, 2)] == [72, 72 * 72 - 2 * 3 - 3 * 2]
    assert perft(pos, 3) == 392557


# perft 3 from mid-game positions reached with moves (the counts agree with tests/stacked_oracle.py, see
# test_future_generation_oracle.py::test_midgame_perft_matches_the_oracle)
EN_PASSANT_LINE = "Ae2Ae4 Ad7Ad5 Dg5Df5 Db4Dc4 Ae4Ae5 Af7Af5 Dg6Df6 Db5Dc5".split()   # White may take Ae5xAf6 e.p.
KING_CAPTURE_LINE = "Ae2Ae4 Af7Af6 Dg5Df5 Db4Dc4 Ad1Ah5 Ag7Ag5 Dg6Df6 Db5Dc5 Ah5Ae8".split()  # Black is out
MIDGAME_PERFT = {"en-passant": (EN_PASSANT_LINE, [82, 6068, 473304]),
                 "king-capture": (KING_CAPTURE_LINE, [78, 6159, 523515])}


@pytest.mark.parametrize("label", MIDGAME_PERFT)
def test_perft_3_from_midgame_positions(fg, label):
    line, counts = MIDGAME_PERFT[label]
    pos = play(fg.position(), *line)
    if label == "en-passant":
        assert pos.fen().split()[3] == "Af6:w" and pos.parse_move("Ae5Af6")[3] == EN_PASSANT
    else:
        assert pos.eliminated(1) and pos.turn == 2 and pos.fen().split()[7] == "b"
    assert [perft(pos, d) for d in (1, 2, 3)] == counts


# ---------------------------------------------------------------- the command line reproduces the counts
def _cli(*args: str):
    from click.testing import CliRunner
    from hyperchess.cli import main
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("label", MIDGAME_PERFT)
def test_hyperchess_perft_with_moves(label):
    line, counts = MIDGAME_PERFT[label]
    result = _cli("perft", "future-generation", "3", "--moves", " ".join(line))
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == f"Nodes searched: {counts[2]}"


def test_hyperchess_perft_start_positions():
    for variant, depth, nodes in (("future-generation", 3, 72 ** 3), ("next-generation", 3, 392557)):
        result = _cli("perft", variant, str(depth))
        assert result.output.strip().splitlines()[-1] == f"Nodes searched: {nodes}"


def test_hyperchess_show_with_moves_and_a_bad_move():
    result = _cli("show", "future-generation", "--moves", " ".join(KING_CAPTURE_LINE))
    assert result.exit_code == 0
    assert "gold to move" in result.output and result.output.strip().endswith(" b")
    bad = _cli("show", "future-generation", "--moves", "Ae2Ae4 Ae4Ae5")
    assert bad.exit_code == 2 and "Ae4Ae5" in bad.output and "ply 2" in bad.output
    assert "Traceback" not in bad.output


# ---------------------------------------------------------------- the engine knows kings are captured
def test_engine_takes_a_king_en_prise_and_saves_its_own(fg):
    from hyperchess.engine.search import Limits, Searcher
    pos = fg_pos(fg, {"Ad7": "wQ", "Aa7": "bP"})
    best = Searcher().search(pos, Limits(depth=2)).best
    assert pos.move_name(best) == "Ad7Ae8"                 # the Black king, not the pawn
    pos = fg_pos(fg, {"Ae5": "bR", "Ab2": "wP"})          # Black's rook attacks the White king; Black is next
    best = Searcher().search(pos, Limits(depth=3)).best
    pos.push(best)
    king = next(iter(pos.royals[0]))
    assert not pos.attacked(king, (1,)), pos.move_name(best)


# ---------------------------------------------------------------- the compiled position's shortcuts
def test_random_games_keep_the_position_shortcuts_equal_to_the_games_own_rules(fg):
    """The position reads the unlock keys from ``extra_keys``, finds the next live colour and tests the
    teams' kings itself (``skips_eliminated``, ``ends_by_elimination``): at every ply of random games, the
    same hash as the position string's, the same turn as ``_next_alive`` and the same end as ``game_over``."""
    import random
    assert fg.rule_tables().extra_by_table and fg.skips_eliminated and fg.ends_by_elimination
    assert [fg.extra_hash(e) for e in range(16)] == list(fg.extra_keys)
    rng = random.Random(57)
    seen = {"unlocked": 0, "eliminated": 0, "over": 0}
    for _ in range(6):
        pos = fg.position()
        for _ in range(600):
            moves = pos.legal_moves()
            if not moves:
                break
            us = pos.turn
            pos.push(rng.choice(moves))
            assert pos.turn == fg._next_alive(pos, us)
            assert pos.game_over() == fg.game_over(pos)
            assert fg.position(pos.fen()).hash == pos.hash
            seen["unlocked"] += pos.extra != 0
            seen["eliminated"] += not all(pos.royals)
        seen["over"] += pos.game_over() is not None
    assert all(seen.values()), seen
