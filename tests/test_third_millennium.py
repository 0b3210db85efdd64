"""3rd Millennium Chess (shared/rules/third-millennium.md): the worked examples T1-T10 of §1d, double
knights (split, rejoin, pair identity in the position string and the hash), promotion, draws, perft."""
from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

import wrapped_oracle as oracle

from hyperchess.variants import FenError, MoveError, get_game
from hyperchess.variants.core.fen import format_board
from hyperchess.variants.core.game import EN_PASSANT, PROMOTION
from hyperchess.variants.core.perft import perft
from hyperchess.variants.games.third_millennium import REJOIN, SPLIT

PERFT_START = {1: 48, 2: 48 * 48, 3: 113380}
START_BOARD = "PPPPPPPP/8/8/8/8/pppppppp/rdbqkbdr/pppppppp/8/8/8/8/PPPPPPPP/RDBQKBDR"


@pytest.fixture(scope="module")
def game():
    return get_game("third-millennium")


def fen_of(game, pieces: dict[str, str], rest: str = "w - - 0 1") -> str:
    """A position string with ``pieces`` ({square: letter}) on an otherwise empty cylinder."""
    board = [0] * game.geometry.size
    for sq, letter in pieces.items():
        board[game.names.parse(sq)] = game.letters[letter]
    return f"{format_board(game, board)} {rest}"


def names(pos, moves=None) -> list[str]:
    return sorted(pos.move_name(m) for m in (pos.legal_moves() if moves is None else moves))


def from_square(pos, square: str) -> list[str]:
    frm = pos.game.names.parse(square)
    return sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == frm)


def play(pos, *moves: str) -> None:
    for text in moves:
        pos.push(pos.parse_move(text))


def halves(game, pos, color: int) -> int:
    return sum(game.halves(pos.board[c]) for c in pos.occupied[color])


def pair_at(game, pos, square: str) -> tuple[int | None, bool]:
    code = pos.board[game.names.parse(square)]
    return game.pair_id(code), game.is_joined(code)


def assert_round_trip(game, pos) -> None:
    """The position string reads back to the same string, board codes (pair ids) and hash."""
    again = game.position(pos.fen())
    assert again.fen() == pos.fen()
    assert again.board == pos.board
    assert again.hash == pos.hash


# ---------------------------------------------------------------- start position, T1, perft
def test_t1_start_has_exactly_the_48_moves(game):
    pos = game.position()
    expected = set()
    for f in "abcdefgh":
        expected |= {f"{f}2{f}3", f"{f}2{f}4", f"{f}14{f}13", f"{f}14{f}12"}
    for frm, targets in (("b1", ("a3", "c3", "a13", "c13")), ("g1", ("f3", "h3", "f13", "h13"))):
        for to in targets:
            expected |= {frm + to, frm + to + "n"}          # tandem and split
    moves = pos.legal_moves()
    assert len(moves) == 48
    assert set(names(pos, moves)) == expected


def test_start_position_string(game):
    pos = game.position()
    assert pos.fen() == ("PPPPPPPP/8/8/8/8/pppppppp/rdbqkbdr/pppppppp/8/8/8/8/PPPPPPPP/RDBQKBDR w KQkq - 0 1 -")
    assert [pair_at(game, pos, s) for s in ("b1", "g1", "b8", "g8")] == [(1, True), (2, True), (1, True), (2, True)]
    assert_round_trip(game, pos)


def test_depth_two_is_48_squared_because_the_armies_cannot_meet(game):
    """After any White first move Black has exactly its 48 start moves: White's pieces reach only ranks
    3, 4, 12, 13, Black's moves end on ranks 5, 6, 10, 11, and no White slider has moved."""
    start_black = game.position(game.start_fen.replace(" w ", " b "))
    black_moves = names(start_black)
    assert len(black_moves) == 48
    pos = game.position()
    for m in pos.legal_moves():
        pos.push(m)
        assert names(pos) == black_moves
        pos.pop()
    assert perft(pos, 2) == PERFT_START[2]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_start(game, depth):
    assert perft(game.position(), depth) == PERFT_START[depth]


@pytest.mark.slow
def test_perft_start_depth_4(game):
    """Recorded (about 30 s); depths 1-3 are reproduced by the naive generator."""
    assert perft(game.position(), 4) == 5574100


def test_perft_start_depth_2_matches_the_naive_generator():
    st = oracle.State(oracle.THIRD_MILLENNIUM, oracle.parse_board(oracle.THIRD_MILLENNIUM, START_BOARD))
    assert oracle.perft(st, 2) == PERFT_START[2]


@pytest.mark.slow
def test_perft_start_depth_3_matches_the_naive_generator():
    st = oracle.State(oracle.THIRD_MILLENNIUM, oracle.parse_board(oracle.THIRD_MILLENNIUM, START_BOARD))
    assert oracle.perft(st, 3) == PERFT_START[3]


def _walk(game, seed: int, plies: int) -> None:
    """Random game; at every ply the move list equals the naive generator's and the string round-trips."""
    pos = game.position()
    rng = random.Random(seed)
    for _ in range(plies):
        ours = names(pos)
        assert ours == sorted(oracle.legal_moves(oracle.from_position(oracle.THIRD_MILLENNIUM, pos))), pos.fen()
        assert game.position(pos.fen()).fen() == pos.fen()
        if not ours:
            break
        pos.push(rng.choice(pos.legal_moves()))


def test_random_games_match_the_naive_generator(game):
    for seed in range(2):
        _walk(game, seed, 100)


@pytest.mark.slow
def test_many_random_games_match_the_naive_generator(game):
    for seed in range(2, 30):
        _walk(game, seed, 300)


def test_perft_command_reproduces_depth_3():
    from hyperchess.cli import main
    result = CliRunner().invoke(main, ["perft", "third-millennium", "3"])
    assert result.exit_code == 0
    assert result.output.strip().splitlines()[-1] == f"Nodes searched: {PERFT_START[3]}"


# ---------------------------------------------------------------- geometry on the cylinder
def test_t2_rook_on_the_wrapped_file(game):
    pos = game.position(fen_of(game, {"h5": "K", "a3": "R", "f11": "k", "a10": "p"}))
    expected = [f"a3a{r}" for r in (4, 5, 6, 7, 8, 9, 10, 2, 1, 14, 13, 12, 11)] + [f"a3{f}3" for f in "bcdefgh"]
    assert from_square(pos, "a3") == sorted(expected)
    assert len(expected) == 20
    with pytest.raises(MoveError):
        pos.parse_move("a3a3")


def test_a_destination_reached_by_two_paths_is_one_move(game):
    """A rook on an empty file sees every other square of it both ways round: 13 moves, not 26."""
    pos = game.position(fen_of(game, {"a5": "K", "e3": "R", "h12": "k"}))
    moves = [m for m in pos.legal_moves() if m[0] == game.names.parse("e3")]
    assert len(moves) == len(set(moves)) == 13 + 7
    assert sorted(game.names.name(m[1]) for m in moves if game.geometry.coords[m[1]][0] == 4) == \
        sorted(f"e{r}" for r in range(1, 15) if r != 3)


def test_king_touches_across_the_seam(game):
    pos = game.position(fen_of(game, {"e1": "K", "a8": "k"}))
    assert from_square(pos, "e1") == sorted(["e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1d14", "e1e14", "e1f14"])


def test_t3_rook_checks_from_both_sides(game):
    base = {"a1": "K", "e5": "R", "e9": "k"}
    assert game.position(fen_of(game, base, "b - - 0 1")).in_check()
    assert game.position(fen_of(game, {**base, "e7": "b"}, "b - - 0 1")).in_check()
    assert game.position(fen_of(game, {**base, "e10": "b"}, "b - - 0 1")).in_check()
    assert not game.position(fen_of(game, {**base, "e7": "b", "e10": "b"}, "b - - 0 1")).in_check()


def test_t4_bishop_checks_along_two_diagonals(game):
    base = {"a5": "K", "a1": "B", "h8": "k"}
    assert game.position(fen_of(game, base, "b - - 0 1")).in_check()
    assert game.position(fen_of(game, {**base, "d4": "r"}, "b - - 0 1")).in_check()      # up path blocked
    assert game.position(fen_of(game, {**base, "d12": "r"}, "b - - 0 1")).in_check()     # down path blocked
    assert not game.position(fen_of(game, {**base, "d4": "r", "d12": "r"}, "b - - 0 1")).in_check()
    # both paths are one move: a1h8 is listed once
    pos = game.position(fen_of(game, {"a5": "K", "a1": "B", "h8": "n", "c5": "k"}))
    assert from_square(pos, "a1").count("a1h8") == 1


# ---------------------------------------------------------------- double knights
def test_t5_split_then_rejoin(game):
    pos = game.position()
    play(pos, "b1c3n")
    assert pos.last_move[3] == SPLIT
    assert pair_at(game, pos, "b1") == (1, False) and pair_at(game, pos, "c3") == (1, False)
    assert pos.fen().endswith(" [c3b1]")
    play(pos, "a7a6")
    move = pos.parse_move("c3b1")
    assert move[3] == REJOIN
    pos.push(move)
    assert pair_at(game, pos, "b1") == (1, True)
    assert pos.board[game.names.parse("c3")] == 0
    assert pos.fen().endswith(" -")


def test_t5_a_half_never_joins_another_pairs_half(game):
    # pair {c3, b1} and pair {d5, g1}: c3 and d5 are a knight's move apart but not partners
    pos = game.position(fen_of(game, {"e1": "K", "c3": "N", "b1": "N", "d5": "N", "g1": "N", "h10": "k"},
                               "w - - 0 1 [c3b1d5g1]"))
    assert pos.fen().endswith(" [d5g1c3b1]")            # canonical order: pairs by first square read
    moves = names(pos)
    assert "c3d5" not in moves and "d5c3" not in moves
    assert {"c3b1", "b1c3"} <= set(moves)                # rejoin either way round
    assert all(not m.endswith("n") for m in moves)      # single halves never split


def test_t6_split_from_a_pinned_pair_is_legal(game):
    pos = game.position(fen_of(game, {"e1": "K", "e3": "D", "e14": "P", "e6": "r", "a10": "k"}))
    moves = from_square(pos, "e3")
    assert "e3c4" not in moves
    assert "e3c4n" in moves
    assert moves == sorted(f"e3{t}n" for t in ("c2", "c4", "d1", "d5", "f1", "f5", "g2", "g4"))


def test_split_may_capture_and_give_check(game):
    pos = game.position(fen_of(game, {"e1": "K", "e3": "D", "d5": "r", "f6": "k"}, "w - - 0 1"))
    play(pos, "e3d5n")
    assert pair_at(game, pos, "e3") == (1, False) and pair_at(game, pos, "d5") == (1, False)
    assert not pos.occupied[1] & {game.names.parse("d5")}
    assert pos.in_check()                                # d5 half attacks f6
    assert pos.halfmove == 0


def test_t7_capture_takes_the_whole_square(game):
    joined = game.position(fen_of(game, {"e1": "K", "c3": "D", "a5": "b", "h10": "k"}, "b - - 0 1"))
    before = halves(game, joined, 0)
    play(joined, "a5c3")
    assert halves(game, joined, 0) == before - 2
    single = game.position(fen_of(game, {"e1": "K", "c3": "N", "b1": "N", "a5": "b", "h10": "k"},
                                  "b - - 0 1 [c3b1]"))
    before = halves(game, single, 0)
    play(single, "a5c3")
    assert halves(game, single, 0) == before - 1
    assert single.fen().endswith(" -")                   # the b1 half is single for ever
    assert pair_at(game, single, "b1") == (1, False)


def test_split_move_apart_rejoin_split_again(game):
    pos = game.position()
    steps = [("b1c3n", "[c3b1]", {"b1": (1, False), "c3": (1, False)}),
             ("a7a6", "[c3b1]", {}),
             ("c3d5", "[d5b1]", {"d5": (1, False), "b1": (1, False)}),
             ("a6a5", "[d5b1]", {}),
             ("d5c3", "[c3b1]", {"c3": (1, False)}),
             ("a5a4", "[c3b1]", {}),
             ("c3b1", "-", {"b1": (1, True), "g1": (2, True)}),
             ("a4a3", "-", {}),
             ("b1a3n", "[a3b1]", {"a3": (1, False), "b1": (1, False)}),
             ("g8f6n", "[g8f6a3b1]", {"f6": (2, False), "g8": (2, False), "b8": (1, True)})]
    for move, field, pairs in steps:
        play(pos, move)
        assert pos.fen().split()[-1] == field, move
        for square, expected in pairs.items():
            assert pair_at(game, pos, square) == expected, (move, square)
        assert_round_trip(game, pos)
    # and back: unmake restores every pair code
    while pos.moves_made:
        pos.pop()
    assert pos.fen() == game.position().fen() and pos.hash == game.position().hash


def test_hash_and_string_tell_pairings_apart(game):
    pieces = {"e1": "K", "a3": "N", "c3": "N", "f3": "N", "h3": "N", "h10": "k"}
    fens = [fen_of(game, pieces, f"w - - 0 1 {field}") for field in ("[a3c3f3h3]", "[a3f3c3h3]", "[a3h3c3f3]", "-")]
    positions = [game.position(f) for f in fens]
    assert len({p.hash for p in positions}) == 4
    assert len({p.fen() for p in positions}) == 4
    for f, p in zip(fens, positions):
        assert p.fen() == f
    # the pairing decides which half may step onto which
    close = {"e1": "K", "a3": "N", "b5": "N", "c3": "N", "d5": "N", "h10": "k"}
    p1 = game.position(fen_of(game, close, "w - - 0 1 [b5a3d5c3]"))
    p2 = game.position(fen_of(game, close, "w - - 0 1 [b5c3d5a3]"))
    rejoins = lambda p: sorted(p.move_name(m) for m in p.legal_moves() if m[3] == REJOIN)  # noqa: E731
    assert rejoins(p1) == ["a3b5", "b5a3", "c3d5", "d5c3"]
    assert rejoins(p2) == ["b5c3", "c3b5"]


@pytest.mark.parametrize("bad", ["[c3]", "[c3b1", "[c3c3]", "[c3e4]", "[z9b1]", "[c3b1] extra"])
def test_bad_pair_field_is_a_one_line_error(game, bad):
    fen = fen_of(game, {"e1": "K", "c3": "N", "b1": "N", "h10": "k"}, f"w - - 0 1 {bad}")
    with pytest.raises(FenError) as exc:
        game.position(fen)
    assert "\n" not in str(exc.value)


def test_pawn_on_a_king_line_is_rejected(game):
    for sq in ("d1", "d8"):
        with pytest.raises(FenError):
            game.position(fen_of(game, {"e1": "K", sq: "P", "h10": "k"}))


# ---------------------------------------------------------------- pawns
def test_t8_pawn_directions_and_promotion_choices(game):
    pos = game.position(fen_of(game, {"a5": "K", "e14": "P", "h10": "k"}))
    assert from_square(pos, "e14") == ["e14e12", "e14e13"]
    pos = game.position(fen_of(game, {"a5": "K", "e14": "p", "d1": "R", "h10": "k"}, "b - - 0 1"))
    assert from_square(pos, "e14") == sorted(f"e14{to}{p}" for to in ("e1", "d1") for p in "qrbd")
    pos = game.position(fen_of(game, {"a5": "K", "e2": "p", "h10": "k"}, "b - - 0 1"))
    assert from_square(pos, "e2") == sorted(f"e2e1{p}" for p in "qrbd")
    assert all(m[3] == PROMOTION for m in pos.legal_moves() if m[0] == game.names.parse("e2"))


def test_pawns_on_both_sides_of_the_king_line(game):
    pos = game.position(fen_of(game, {"a5": "K", "c9": "P", "f7": "P", "h12": "k"}))
    assert from_square(pos, "c9") == sorted(f"c9c8{p}" for p in "qrbd")
    assert from_square(pos, "f7") == sorted(f"f7f8{p}" for p in "qrbd")
    pos = game.position(fen_of(game, {"a5": "K", "c11": "p", "f4": "p", "h12": "k"}, "b - - 0 1"))
    assert from_square(pos, "c11") == ["c11c12"]
    assert from_square(pos, "f4") == ["f4f3"]


def test_t9_en_passant_in_the_upper_half(game):
    pos = game.position(fen_of(game, {"a5": "K", "d11": "P", "e9": "p", "h12": "k"}, "b - - 0 1"))
    play(pos, "e9e11")
    assert pos.fen().split()[3] == "e10"
    move = pos.parse_move("d11e10")
    assert move[3] == EN_PASSANT
    pos.push(move)
    assert pos.board[game.names.parse("e11")] == 0
    assert game.letter_of(pos.board[game.names.parse("e10")]) == "P"


def test_promotion_to_a_new_pair_takes_the_lowest_free_id(game):
    pos = game.position(fen_of(game, {"h1": "K", "e7": "P", "b3": "D", "g3": "D", "a4": "b", "h10": "k"},
                               "b - - 0 1"))
    assert pair_at(game, pos, "b3") == (1, True) and pair_at(game, pos, "g3") == (2, True)
    play(pos, "a4b3")                                    # pair 1 is gone
    assert from_square(pos, "e7") == sorted(f"e7e8{p}" for p in "qrbd")
    move = pos.parse_move("e7e8d")
    assert move[3] == PROMOTION
    pos.push(move)
    assert pair_at(game, pos, "e8") == (1, True) and pair_at(game, pos, "g3") == (2, True)
    assert_round_trip(game, pos)
    pos.pop()
    assert pos.parse_move("e7e8n") == move               # XBoard's letter for the joined knight


# ---------------------------------------------------------------- castling, end of game
def test_t10_castling_is_refused_through_an_attack_across_the_seam(game):
    base = {"e1": "K", "h1": "R", "a8": "k"}
    assert "e1g1" in names(game.position(fen_of(game, base, "w K - 0 1")))
    attacked = game.position(fen_of(game, {**base, "b11": "b"}, "w K - 0 1"))
    assert attacked.attacked(game.names.parse("f1"))
    assert "e1g1" not in names(attacked)
    blocked = game.position(fen_of(game, {**base, "b11": "b", "d13": "p"}, "w K - 0 1"))
    assert "e1g1" in names(blocked)


def test_castling_queen_side_moves_the_rook(game):
    pos = game.position(fen_of(game, {"e8": "k", "a8": "r", "e1": "K"}, "b q - 0 1"))
    play(pos, "e8c8")
    assert game.letter_of(pos.board[game.names.parse("d8")]) == "r"
    assert pos.fen().split()[2] == "-"


@pytest.mark.parametrize("pieces,dead", [
    ({"e1": "K", "h10": "k"}, True),
    ({"e1": "K", "c3": "B", "h10": "k"}, True),
    ({"e1": "K", "h10": "k", "c3": "b"}, True),
    ({"e1": "K", "c3": "N", "h10": "k"}, True),
    ({"e1": "K", "c3": "D", "h10": "k"}, False),
    ({"e1": "K", "c3": "N", "e5": "N", "h10": "k"}, False),
    ({"e1": "K", "c3": "B", "h10": "k", "a5": "b"}, False),
    ({"e1": "K", "c3": "P", "h10": "k"}, False),
])
def test_insufficient_material(game, pieces, dead):
    pos = game.position(fen_of(game, pieces))
    assert game.insufficient_material(pos) is dead
    if dead:
        assert pos.outcome().termination == "insufficient"


def test_mate_on_the_king_line(game):
    """Black's king in the a8 corner behind its two pawn rows: a rook on rank 8 mates (b8 covered)."""
    pos = game.position(fen_of(game, {"e3": "K", "h3": "R", "a8": "k", "a7": "p", "b7": "p", "a9": "p",
                                      "b9": "p"}))
    play(pos, "h3h8")
    assert pos.in_check() and not pos.legal_moves()
    assert pos.outcome().result == "1-0"


# ---------------------------------------------------------------- XBoard flat view
def test_flat_setup_draws_joined_and_single_knights_differently(game):
    from hyperchess.protocol.flat import flat_names, setup_command
    pos = game.position()
    play(pos, "b1c3n")
    line = setup_command(pos, flat_names(game))
    # parent seirawan: XBoard's S-Chess gating keeps a half on the start square of a split (docs/gui.md)
    assert line.startswith("setup (PNBRQ...............UKpnbrq...............uk) 8x14+0_seirawan ")
    assert line.split()[3] == "PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr/pppppppp/8/8/8/2U5/PPPPPPPP/RUBQKBNR"


def test_flat_position_string_reads_back_without_pairing(game):
    """XBoard's string has no pair field: N/U read back as joined pairs and orphan single halves."""
    from hyperchess.protocol.flat import flat_fen, flat_names, native_fen
    pos = game.position()
    play(pos, "b1c3n")
    flat = flat_names(game)
    back = game.position(native_fen(game, flat, flat_fen(pos, flat)))
    assert back.fen() == pos.fen().replace("[c3b1]", "-")
    assert [game.halves(c) for c in back.board] == [game.halves(c) for c in pos.board]


def _flat_name(pos, text: str) -> str:
    from hyperchess.protocol.flat import flat_move_name, flat_names
    return flat_move_name(pos, pos.parse_move(text), flat_names(pos.game))


def test_flat_names_xboard_can_apply(game):
    """What XBoard gets (Notation=flat): a split gates the single half left behind (`u`, S-Chess gating), a
    rejoin is plain, a promotion to a double knight is `n` (the letter XBoard draws for it), an en-passant
    capture is two legs through the captured pawn. Native notation keeps the contract's names."""
    pos = game.position()
    assert _flat_name(pos, "g1f13n") == "g1f13u" and _flat_name(pos, "b1c3") == "b1c3"
    play(pos, "g1f13n", "g8f10n")
    assert _flat_name(pos, "f13g1") == "f13g1"                       # rejoin
    assert pos.move_name(pos.parse_move("f13g1")) == "f13g1"
    promo = game.position(fen_of(game, {"d7": "P", "a1": "K", "h1": "k"}))
    assert _flat_name(promo, "d7d8d") == "d7d8n" and promo.move_name(promo.parse_move("d7d8d")) == "d7d8d"
    ep = game.position()
    play(ep, "d14d12", "a7a6", "d12d11", "e9e11")                    # T9
    assert _flat_name(ep, "d11e10") == "d11e11,e11e10"
    play(ep, "a2a3", "h7h6", "e2e4", "h6h5", "e4e5", "d7d5")
    assert _flat_name(ep, "e5d6") == "e5d5,d5d6"


def test_every_flat_and_native_move_reads_back_as_itself(game):
    """Part 1 §1.3: every move the engine prints parses back to the same move, in either notation, along
    random games (splits, rejoins, promotions and en passant included)."""
    from protocol_support import InProcess
    rng = random.Random(7)
    seen: set[int] = set()
    with InProcess() as eng:
        eng.send("xboard", "protover 2", "new", "variant third-millennium", "force", "ping 1")
        eng.expect("pong 1")
        e = eng.engine
        for opening in ((), ("d14d12", "a7a6", "d12d11", "e9e11")):       # the second starts with T9's e.p.
            e.pos = game.position()
            play(e.pos, *opening)
            for _ in range(90):
                moves = e.pos.legal_moves()
                if not moves:
                    break
                for notation in ("flat", "native"):
                    e.notation = notation
                    for m in moves:
                        assert e.parse_wire_move(e.wire_move(e.pos, m)) == m, (notation, e.wire_move(e.pos, m))
                seen.update(m[3] for m in moves)
                special = [m for m in moves if m[3] in (EN_PASSANT, PROMOTION, REJOIN)]
                e.pos.push(rng.choice(special) if special and rng.random() < 0.7 else rng.choice(moves))
        e.notation = "flat"
    assert {SPLIT, REJOIN, EN_PASSANT} <= seen


def test_xboard_move_texts_replayed_by_a_second_engine(game):
    """The second engine gets XBoard's own re-encoding of the first engine's moves (seen in XBoard 4.9.1's
    debug log): `g1f13u` (split), `f13g1` (rejoin), `d11e11,e11e10` (e.p. as two legs), `e2e1n`."""
    from protocol_support import InProcess
    with InProcess() as eng:
        eng.handshake()
        eng.send("new", "variant third-millennium", "force")
        eng.sync()
        eng.send("usermove g1f13u", "usermove g8f10u", "usermove f13g1", "usermove a7a6", "usermove d14d12",
                 "usermove a6a5", "usermove d12d11", "usermove e9e11", "usermove d11e11,e11e10")
        assert eng.sync() == []
        assert eng.engine.pos.fen() == ("PPP1PPPP/8/8/8/4Pn2/pppp1ppp/rdbqkbnr/1ppppppp/8/p7/8/8/PPPPPPPP/RDBQKBDR "
                                        "b KQkq - 0 5 [f10g8]")        # e11 taken e.p., g1 joined again
        eng.send("setboard 8/8/8/8/8/8/8/8/8/8/8/8/4p3/K6k b - - 0 1", "usermove e2e1n", "ping 4")
        assert eng.expect("pong 4")[1] == []
        assert eng.engine.pos.fen().split()[0] == "8/8/8/8/8/8/8/8/8/8/8/8/8/K3d2k"
