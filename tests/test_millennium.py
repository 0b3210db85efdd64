"""Millennium Chess (shared/rules/millennium.md Part 2): the worked examples M1-M5, the Keystone
transition, the reserve, draws, FEN and perft (cross-checked by an independent naive counter)."""
import random

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.engine.search import Limits, Searcher
from hyperchess.variants import FenError, get_game
from hyperchess.variants.core.game import CASTLE, PROMOTION
from hyperchess.variants.core.perft import divide, perft

START = "rnbqkbnrnbkqbnr/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/RNBQKBNRNBKQBNR w AEHKOaehko - 0 1"
FILES = "abcdefghijklmno"


@pytest.fixture(scope="module")
def game():
    return get_game("millennium")


def names(pos):
    return sorted(pos.move_name(m) for m in pos.legal_moves())


def play(pos, *moves):
    for text in moves:
        pos.push(pos.parse_move(text))
    return pos


# --------------------------------------------------------------------------- board and array (2b)
def test_board_array_and_start_fen(game):
    pos = game.position()
    assert (game.geometry.files, game.geometry.ranks) == (15, 8)
    assert pos.fen() == START
    white = {game.names.name(c): game.letter_of(pos.board[c]) for c in pos.occupied[0]}
    assert "".join(white[f"{f}1"] for f in FILES) == "RNBQKBNRNBKQBNR"
    assert all(white[f"{f}2"] == "P" for f in FILES) and len(white) == 30
    black = {game.names.name(c): game.letter_of(pos.board[c]) for c in pos.occupied[1]}
    assert "".join(black[f"{f}8"] for f in FILES) == "rnbqkbnrnbkqbnr"
    assert len(black) == 30 and len(pos.royals[0]) == len(pos.royals[1]) == 2


# --------------------------------------------------------------------------- M1 and perft
def test_m1_start_position_has_the_38_listed_moves(game):
    pos = game.position()
    pawns = [f"{f}2{f}{r}" for f in FILES for r in (3, 4)]
    knights = ["b1a3", "b1c3", "g1f3", "g1h3", "i1h3", "i1j3", "n1m3", "n1o3"]
    assert names(pos) == sorted(pawns + knights)
    assert len(names(pos)) == 38


def test_depth_2_is_38_times_38(game):
    """In two plies neither side can touch the other: every White move leaves Black its 38 replies."""
    pos = game.position()
    per_move = divide(pos, 2)
    assert len(per_move) == 38 and all(n == 38 for _, n in per_move)
    assert perft(pos, 2) == 38 * 38


def naive_perft(depth: int) -> int:
    """An independent count from the start: a plain dict board and pseudo-legal moves.

    Exact for the first four plies: no castling, en passant or promotion is possible yet, no king can
    be captured, and with two kings a side every pseudo-legal move is legal (2b Royalty).
    """
    rows = START.split()[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank, f, digits = 7 - i, 0, ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                f += int(digits)
                digits = ""
            if ch != " ":
                board[(f, rank)] = ch
                f += 1
    orth = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]

    def inside(f, r):
        return 0 <= f < 15 and 0 <= r < 8

    def mine(p, white):
        return p is not None and p.isupper() == white

    def moves(white):
        out = []
        for (f, r), p in list(board.items()):
            if not mine(p, white):
                continue
            kind = p.upper()
            if kind == "P":
                d = 1 if white else -1
                if inside(f, r + d) and (f, r + d) not in board:
                    out.append(((f, r), (f, r + d)))
                    if r == (1 if white else 6) and (f, r + 2 * d) not in board:
                        out.append(((f, r), (f, r + 2 * d)))
                for df in (-1, 1):
                    t = (f + df, r + d)
                    if t in board and not mine(board[t], white):
                        out.append(((f, r), t))
                continue
            if kind in "NK":
                steps = jumps if kind == "N" else orth + diag
                for df, dr in steps:
                    t = (f + df, r + dr)
                    if inside(*t) and not mine(board.get(t), white):
                        out.append(((f, r), t))
                continue
            dirs = {"R": orth, "B": diag, "Q": orth + diag}[kind]
            for df, dr in dirs:
                t = (f + df, r + dr)
                while inside(*t):
                    if t in board:
                        if not mine(board[t], white):
                            out.append(((f, r), t))
                        break
                    out.append(((f, r), t))
                    t = (t[0] + df, t[1] + dr)
        return out

    def count(d, white):
        ms = moves(white)
        if d == 1:
            return len(ms)
        total = 0
        for frm, to in ms:
            p, q = board.pop(frm), board.get(to)
            board[to] = p
            total += count(d - 1, not white)
            board[frm] = p
            if q is None:
                del board[to]
            else:
                board[to] = q
        return total

    return count(depth, True)


PERFT = {1: 38, 2: 1444, 3: 59535}


def test_perft_start_to_depth_3(game):
    pos = game.position()
    assert [perft(pos, d) for d in (1, 2, 3)] == [PERFT[1], PERFT[2], PERFT[3]]
    assert pos.fen() == START


def test_naive_counter_agrees_to_depth_3():
    assert [naive_perft(d) for d in (1, 2, 3)] == [PERFT[1], PERFT[2], PERFT[3]]


@pytest.mark.slow
def test_perft_depth_4_against_naive_counter(game):
    assert perft(game.position(), 4) == naive_perft(4)


def test_cli_perft_3_prints_the_same_count():
    result = CliRunner().invoke(main, ["perft", "millennium", "3"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == f"Nodes searched: {PERFT[3]}"


def test_double_step_and_en_passant_on_the_o_file(game):
    pos = play(game.position(), "o2o4", "a7a6", "o4o5", "n7n5")
    assert pos.fen().split()[3] == "n6"
    assert "o5n6" in names(pos)
    play(pos, "o5n6")
    assert pos.board[game.names.parse("n5")] == 0 and pos.halfmove == 0


# --------------------------------------------------------------------------- M2: the Keystone
# 1.d4 e6, Bf8-b4 and Ql8-o5 (after m6): Bb4 attacks Ke1 through the empty d2; Qo5 pins the l2 pawn
# against Kk1 along o5-n4-m3-l2-k1.
M2 = "rnbqk1nrnbk1bnr/pppp1ppppppp1pp/4p7p2/14q/1b1P11/15/PPP1PPPPPPPPPPP/RNBQKBNRNBKQBNR w AEHKOaehko - 0 4"


def test_m2_two_kings_no_check_then_keystone(game):
    pos = game.position(M2)
    e1, k1 = game.names.parse("e1"), game.names.parse("k1")
    assert pos.attacked(e1, (1,)) and not pos.in_check()
    before = names(pos)
    assert "a2a3" in before                          # Ke1 may stay attacked
    assert {"l2l3", "l2l4"} <= set(before)           # the pinned pawn may move: no check yet
    assert "e1d2" in before                          # a king may step into attack
    play(pos, "a2a3", "b4e1")                        # Bxe1 takes the Keystone
    assert pos.royals[0] == {k1} and pos.king(0) == k1
    after = names(pos)
    assert "l2l3" not in after and "l2l4" not in after
    assert "a3a4" in after
    for move in pos.legal_moves():                   # no legal move leaves Kk1 attacked
        pos.push(move)
        assert not pos.attacked(k1, (1,))
        pos.pop()
    assert len(after) < len(pos.pseudo_legal_moves())
    assert pos.outcome() is None


def test_capturing_the_first_king_can_mate_the_second(game):
    """A move captures at most one king; if that leaves the other attacked, its owner must escape (2b)."""
    pos = game.position("k1k12/pp13/15/15/15/15/15/2R7K3K w - - 0 1")
    assert pos.outcome() is None
    play(pos, "c1c8")
    assert len(pos.royals[1]) == 1 and pos.in_check()
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert (outcome.result, outcome.termination) == ("1-0", "checkmate")


def test_search_finds_the_keystone_mate(game):
    pos = game.position("k1k12/pp13/15/15/15/15/15/2R7K3K w - - 0 1")
    result = Searcher(hash_mb=1).search(pos, Limits(depth=2))
    assert pos.move_name(result.best) == "c1c8"
    assert result.score >= 100000                    # reported as a mate


def test_king_is_worth_a_piece_while_its_partner_lives(game):
    """The search takes a loose king (650) before a loose rook (500); neither is infinite."""
    king = game.pieces[game.kind("K")]
    assert king.royal and game.pieces[game.kind("R")].value < king.value < game.pieces[game.kind("Q")].value
    # White Nd6 forks the black king e8 and the rook b5 (Black has two kings: no check).
    pos = game.position("4k5k4/15/3N11/1r13/15/15/15/4K5K4 w - - 0 1")
    assert {"d6e8", "d6b5"} <= set(names(pos))
    result = Searcher(hash_mb=1).search(pos, Limits(depth=2))
    assert pos.move_name(result.best) == "d6e8"


# --------------------------------------------------------------------------- M3: castling and attacks
# Bb4 attacks e1 (d2 empty); f1, g1 empty; Rh1 unmoved. The second variant has no king on k1.
M3_TWO = "rnbqk1nrnbkqbnr/pppp1pppppppppp/4p10/15/1b1P11/15/PPP1PPPPPPPPPPP/RNBQK2RNBKQBNR w AEHKOaehko - 0 4"
M3_ONE = "rnbqk1nrnbkqbnr/pppp1pppppppppp/4p10/15/1b1P11/15/PPP1PPPPPPPPPPP/RNBQK2RNB1QBNR w AEHOaehko - 0 4"


def test_m3_castling_out_of_attack(game):
    two = game.position(M3_TWO)
    assert "e1g1" in names(two)
    one = game.position(M3_ONE)
    assert one.in_check() and "e1g1" not in names(one)


# A black bishop on a6 hits f1 through the empty e2; one on c5 hits g1 through the empty f2.
THROUGH = "rn1qkbnrnbkqbnr/ppppppppppppppp/b14/15/4P10/15/PPPP1PPPPPPPPPP/{rank1} w {rights} - 0 4"
INTO = "rn1qkbnrnbkqbnr/ppppppppppppppp/15/2b12/5P9/15/PPPPP1PPPPPPPPP/{rank1} w {rights} - 0 4"


@pytest.mark.parametrize("template, square", [(THROUGH, "f1"), (INTO, "g1")])
def test_castling_through_and_into_attack(game, template, square):
    """Through (f1) or into (g1) attack: allowed with two kings (B4), refused with one (2b Castling)."""
    for kings, rank1, rights in ((2, "RNBQK2RNBKQBNR", "AEHKOaehko"), (1, "RNBQK2RNB1QBNR", "AEHOaehko")):
        pos = game.position(template.format(rank1=rank1, rights=rights))
        assert pos.attacked(game.names.parse(square), (1,))
        assert not pos.attacked(game.names.parse("e1"), (1,))
        assert ("e1g1" in names(pos)) == (kings == 2)


def test_castling_moves_the_rook(game):
    pos = game.position("rnbqkbnrnbkqbnr/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/R3K2R2K3R w AEHKOaehko - 0 1")
    castles = {pos.move_name(m): m for m in pos.legal_moves() if m[3] == CASTLE}
    assert set(castles) == {"e1c1", "e1g1", "k1i1", "k1m1"}
    expected = {"e1c1": "2KR3R2K3R", "e1g1": "R4RK3K3R", "k1i1": "R3K3KR4R", "k1m1": "R3K2R3RK2"}
    for name, rank1 in expected.items():
        pos.push(castles[name])
        assert pos.fen().split()[0].split("/")[-1] == rank1
        pos.pop()


def test_m5_castling_with_the_centre_rook_removes_the_other_kings_option(game):
    pos = game.position("rnbqkbnrnbkqbnr/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/RNBQK2R2KQBNR w AEHKOaehko - 0 1")
    assert {"e1g1", "k1i1"} <= set(names(pos))
    play(pos, "e1g1", "a7a6")
    assert "k1i1" not in names(pos)                   # i1, j1 are empty but the h-rook has moved
    assert pos.fen().split()[2] == "AKOaehko"         # the unmoved a-rook is still listed (B5)
    # e1 can never castle with o1 (B3): clear everything between e1 and o1, the e-king unmoved
    wide = game.position("r3k5k3r/15/15/15/15/15/15/R3K9R w AEOaeo - 0 1")
    assert [pos.move_name(m) for m in wide.legal_moves() if m[3] == CASTLE] == ["e1c1"]
    assert wide.fen().split()[2] == "AEOaeo"


def test_castling_field_round_trips_after_king_and_rook_moves(game):
    pos = game.position("rnbqkbnrnbkqbnr/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/R3K2R2K3R w AEHKOaehko - 0 1")
    seen = []
    for move in ("e1d1", "a7a6", "o1n1", "a6a5", "h1g1"):
        play(pos, move)
        fen = pos.fen()
        seen.append(fen.split()[2])
        again = game.position(fen)
        assert again.fen() == fen and again.hash == pos.hash and again.rights == pos.rights
    assert seen == ["AHKOaehko", "AHKOaehko", "AHKaehko", "AHKaehko", "AKaehko"]
    assert [pos.move_name(m) for m in pos.legal_moves() if m[3] == CASTLE] == []


def test_flags_that_allow_no_castling_do_not_split_repetitions(game):
    """The a-rook's flag stays listed after the e-king moved (B5) but no longer matters for repetition."""
    pos = game.position("1n2k5k4/15/15/15/15/15/15/R2K6K3R w AKOek - 0 1")
    assert pos.fen().split()[2] == "AKOek"
    start_hash = pos.hash
    play(pos, "a1b1", "b8c6", "b1a1", "c6b8")
    assert pos.fen().split()[2] == "KOek" and pos.hash == start_hash
    play(pos, "a1b1", "b8c6", "b1a1", "c6b8")
    assert pos.outcome().termination == "repetition"


# --------------------------------------------------------------------------- M4 and the reserve
LOST_KNIGHT = "k14/6P8/15/15/15/15/PPPPPP1PPPPPPPP/RNBQKB1RNBKQBNR w - - 0 1"
NO_LOSS = "k14/6P8/15/15/15/15/PPPPPP1PPPPPPPP/RNBQKBNRNBKQBNR w - - 0 1"


def test_m4_promotion_only_to_lost_pieces(game):
    pos = game.position(LOST_KNIGHT)
    assert game.reserve(pos, 0) == "N"               # implied by the board: one knight missing
    assert [n for n in names(pos) if n.startswith("g7")] == ["g7g8n"]
    assert "g7g8q" not in names(pos)


def test_m4_no_reserve_no_promotion_but_the_pawn_still_checks(game):
    pos = game.position(NO_LOSS)
    assert game.reserve(pos, 0) == ""
    assert not any(n.startswith("g7") for n in names(pos))
    with pytest.raises(ValueError):
        pos.parse_move("g7g8q")
    # The same pawn checks a lone Black king on h8 and guards f8 (a capture it could not make).
    check = game.position("7k7/6P8/15/15/15/15/PPPPPP1PPPPPPPP/RNBQKBNRNBKQBNR b - - 0 1")
    assert check.in_check()
    assert "h8g7" in names(check) and not {"h8h7", "h8i7", "h8i8", "h8g8"} - set(names(check))
    on_f8 = game.position("6k8/6P8/15/15/15/15/PPPPPP1PPPPPPPP/RNBQKBNRNBKQBNR b - - 0 1")
    assert not on_f8.in_check() and "g8f8" not in names(on_f8) and "g8h8" not in names(on_f8)
    # a capture onto the last rank is refused too
    capture = game.position("k4r9/6P8/15/15/15/15/PPPPPP1PPPPPPPP/RNBQKBNRNBKQBNR w - - 0 1")
    assert not any(n.startswith("g7") for n in names(capture))
    # White's side to move may not stand with the Black sole king in the pawn's check
    with pytest.raises(FenError):
        game.position("7k7/6P8/15/15/15/15/PPPPPP1PPPPPPPP/RNBQKBNRNBKQBNR w - - 0 1")


# White: kings e1, k1, pawns a7 and c7; Black: kings k8, o8, a rook on a2. White's reserve: one knight.
TOY = "10k3k/P1P12/15/15/15/15/r14/4K5K4 w - - 0 1 [N]"


def test_reserve_is_spent_and_refilled_by_a_captured_promoted_piece(game):
    pos = game.position(TOY)
    assert game.reserve(pos, 0) == "N" and pos.fen() == TOY
    assert sorted(n for n in names(pos) if n[:2] in ("a7", "c7")) == ["a7a8n", "c7c8n"]
    play(pos, "a7a8n")
    assert game.reserve(pos, 0) == "" and pos.fen().endswith(" -")
    play(pos, "k8k7")
    assert not any(n.startswith("c7") for n in names(pos))     # the knight was reinstated already
    play(pos, "e1e2", "a2a8")              # Black takes the promoted knight
    assert game.reserve(pos, 0) == "N"                          # ... and it counts as a knight
    assert [n for n in names(pos) if n.startswith("c7")] == ["c7c8n"]
    while pos.moves_made:
        pos.pop()
    assert pos.fen() == TOY


def test_reserve_counts_reinstated_pieces_in_a_real_game(game):
    """From the start: a captured knight fills the reserve; promoting to it empties it again."""
    pos = game.position()
    play(pos, "b1c3", "a7a5", "c3b5", "a8a6", "b5c7", "d8c7")  # Black wins the knight
    assert game.reserve(pos, 0) == "N" and game.reserve(pos, 1) == ""
    assert len(pos.fen().split()) == 6                          # the board implies the reserve
    # the sequence's reserve equals what the board implies at every step
    assert pos.extra == game.implied_reserve(pos)


def test_kings_never_enter_the_reserve(game):
    """B7: a captured king is gone for good; pawns are not reserve pieces either."""
    pos = game.position("k1k12/pp13/15/15/15/15/15/2R7K3K w - - 0 1 -")
    play(pos, "c1c8")
    assert game.reserve(pos, 1) == "" and pos.fen().split()[-1] == "-"


def test_reserve_field_round_trip_and_errors(game):
    pos = game.position("10k3k/P1P12/15/15/15/15/r14/4K5K4 w - - 0 1 [QNNbr]")
    assert game.reserve(pos, 0) == "QNN" and game.reserve(pos, 1) == "RB"
    text = pos.fen()
    assert text.endswith(" [QNNrb]")
    again = game.position(text)
    assert again.fen() == text and again.hash == pos.hash and again.extra == pos.extra
    assert game.position(TOY.replace("[N]", "[]")).fen() == TOY.replace("[N]", "-")
    for bad in ("[K]", "[p]", "N", "[N] x", "[Z]"):
        with pytest.raises(FenError):
            game.position(TOY.replace("[N]", bad))


def test_reserve_changes_the_hash(game):
    a = game.position(TOY)
    b = game.position(TOY.replace("[N]", "[B]"))
    c = game.position(TOY.replace("[N]", "-"))
    assert len({a.hash, b.hash, c.hash}) == 3


def test_random_games_keep_hash_fen_and_reserve_in_step(game):
    """Random legal play: the incremental hash, FEN, rights and reserve agree with a fresh parse."""
    rng = random.Random(4)
    for _ in range(3):
        pos = game.position()
        for _ in range(160):
            moves = pos.legal_moves()
            if not moves:
                break
            captures = [m for m in moves if pos.board[m[1]] or m[3] == PROMOTION]
            pos.push(rng.choice(captures if captures and rng.random() < 0.7 else moves))
            fen = pos.fen()
            again = game.position(fen)
            assert (again.hash, again.rights, again.extra, again.score) == (pos.hash, pos.rights, pos.extra,
                                                                           pos.score), fen
            assert again.fen() == fen
        while pos.moves_made:
            pos.pop()
        assert pos.fen() == START


# --------------------------------------------------------------------------- game end
def test_two_kings_may_walk_into_attack_one_king_is_stalemated(game):
    """With two kings stalemate needs no pseudo-legal moves at all (2b End)."""
    two = game.position("k14/15/1Q13/15/15/15/15/4K5K3k b - - 0 1")
    assert {"a8a7", "a8b7", "a8b8"} <= set(names(two)) and two.outcome() is None
    one = game.position("k14/15/1Q13/15/15/15/15/4K5K4 b - - 0 1")
    assert names(one) == []
    assert one.outcome().termination == "stalemate"


def test_stalemate_with_two_kings(game):
    # Black: kings a8 b8 walled in by their own immobile pieces; every pawn is blocked.
    pos = game.position("kkrb11/brp1p10/1pP1P10/1P13/15/15/15/10K1K2 b - - 0 1")
    assert pos.pseudo_legal_moves() == [] and not pos.in_check()
    outcome = pos.outcome()
    assert (outcome.result, outcome.termination) == ("1/2-1/2", "stalemate")


def test_insufficient_material_is_only_bare_kings(game):
    assert game.position("k14/15/15/15/15/15/15/14K w - - 0 1").outcome().termination == "insufficient"
    for fen in ("k14/15/15/15/15/15/15/12K1K w - - 0 1",       # two kings mate a bare king
                "kk13/15/15/15/15/15/15/12K1K w - - 0 1",
                "k14/15/15/15/15/15/15/12N1K w - - 0 1"):
        assert game.position(fen).outcome() is None


def test_fifty_moves_and_threefold(game):
    fifty = game.position(START.replace(" 0 1", " 100 80"))
    assert fifty.outcome().termination == "fifty"
    pos = game.position()
    for _ in range(2):
        play(pos, "g1f3", "g8f6", "f3g1", "f6g8")
    assert pos.outcome().termination == "repetition"


def test_positions_need_one_or_two_kings(game):
    for fen in ("15/15/15/15/15/15/15/4K5K4 w - - 0 1",              # Black has no king (B9)
                "k1k1k10/15/15/15/15/15/15/4K5K4 w - - 0 1"):        # three kings
        with pytest.raises(FenError):
            game.position(fen)


def test_a_side_without_kings_does_not_crash(game):
    """Losing both kings cannot happen in play (B9); a board edited that way still answers calmly."""
    pos = game.position()
    for square in ("e1", "k1"):
        pos.put(game.names.parse(square), 0)
    assert pos.king(0) is None and not pos.in_check()
    assert {"d1e1", "l1k1"} <= set(names(pos)) and len(names(pos)) == 40 and pos.outcome() is None
    with pytest.raises(FenError):
        game.position(pos.fen())


def test_bad_reserve_on_the_command_line_is_one_line():
    result = CliRunner().invoke(main, ["show", "millennium", "-p", TOY.replace("[N]", "[K]")])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "reserve" in result.stderr
