"""Position: FEN round trips, bad input, make/unmake consistency, outcomes."""
import random

import pytest

from hyperchess.variants import FenError, MoveError, get_game
from hyperchess.variants.core.game import EN_PASSANT, PROMOTION

ROUND_TRIP = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/8/8/8/8/K6k b - - 42 99",
]


@pytest.mark.parametrize("fen", ROUND_TRIP)
def test_fen_round_trip(fen):
    assert get_game("normal").position(fen).fen() == fen


def test_xfen_castling_letters_accepted():
    game = get_game("normal")
    pos = game.position("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
    assert pos.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def test_castling_rights_without_their_rook_are_dropped():
    pos = get_game("normal").position("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1")
    assert pos.fen().split()[2] == "K"


def test_ep_square_kept_only_when_a_capture_exists():
    game = get_game("normal")
    assert game.position("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").fen().split()[3] == "-"
    assert game.position("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").fen().split()[3] == "e3"


@pytest.mark.parametrize("bad, reason", [
    ("", "empty"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "files"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "piece letter"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", "castling"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "en-passant"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "double step"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "whole numbers"),
    ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "not to move is in check") if False else
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move is in check"),
])
def test_bad_fen_gives_one_line_reason(bad, reason):
    with pytest.raises(FenError) as info:
        get_game("normal").position(bad)
    message = str(info.value)
    assert reason in message and "\n" not in message


def test_bad_moves_give_one_line_reasons():
    pos = get_game("normal").position()
    for text, reason in [("e2e5", "illegal"), ("e9e4", "malformed"), ("hello", "malformed"), ("e7e5", "illegal")]:
        with pytest.raises(MoveError) as info:
            pos.parse_move(text)
        assert reason in str(info.value)
    assert pos.fen() == get_game("normal").start_fen


def test_move_text_forms():
    pos = get_game("normal").position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert pos.move_name(pos.parse_move("a7-a8q")) == "a7a8q"
    assert pos.move_name(pos.parse_move("a7a8N")) == "a7a8n"
    pos = get_game("normal").position()
    assert pos.parse_move("e2-e4") == pos.parse_move("e2e4")


def test_push_pop_restores_everything():
    game = get_game("normal")
    rng = random.Random(5)
    pos = game.position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    for _ in range(300):
        before = (pos.fen(), pos.hash, pos.score, [set(s) for s in pos.occupied], [set(s) for s in pos.royals])
        order = [list(s) for s in pos.occupied + pos.royals]
        moves = pos.legal_moves()
        if not moves:
            break
        for m in moves:
            pos.push(m)
            pos.pop()
            assert (pos.fen(), pos.hash, pos.score, pos.occupied, pos.royals) == before
            assert [list(s) for s in pos.occupied + pos.royals] == order     # the cells' order too
        pos.push(rng.choice(moves))


def test_score_is_incremental_material_and_placement():
    game = get_game("normal")
    pos = game.position()
    assert pos.score == 0                       # symmetric start
    pos.push(pos.parse_move("e2e4"))
    fresh = game.position(pos.fen())
    assert pos.score == fresh.score


def test_outcomes():
    game = get_game("normal")
    mate = game.position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert str(mate.outcome()) == "0-1 {Black mates}"
    stale = game.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert str(stale.outcome()) == "1/2-1/2 {Stalemate}"
    assert game.position("8/8/4k3/8/8/8/8/4K1N1 w - - 0 1").outcome().termination == "insufficient"
    assert game.position("8/8/4k3/8/8/8/8/R3K3 w - - 100 80").outcome().termination == "fifty"
    pos = game.position()
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        assert pos.outcome() is None
        pos.push(pos.parse_move(text))
    assert pos.outcome().termination == "repetition"


def test_ep_square_dropped_when_the_capture_would_be_illegal():
    """After e2e4 the f4 pawn could take en passant by its pattern, but that would expose its king
    on h4 to the rook on b4: the position does not keep e3 (as FIDE and python-chess count it)."""
    game = get_game("normal")
    pos = game.position("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
    pos.push(pos.parse_move("e2e4"))
    assert pos.fen() == "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - - 0 1"
    assert pos.hash == game.position(pos.fen()).hash
    assert game.position("8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1").fen().split()[3] == "-"


def _quiescence_subset(pos) -> list:
    """What quiescence wants, read off the full generator: enemy captures, promotions, en passant."""
    enemy = pos.game.enemy[pos.turn]
    return [m for m in pos.pseudo_legal_moves()
            if enemy[pos.board[m[1]]] or m[3] in (PROMOTION, EN_PASSANT)]


@pytest.mark.parametrize("name", ["normal", "capablanca", "third-millennium", "cylinder", "millennium", "mixed3d"])
def test_capture_moves_are_the_captures_of_the_full_generator(name):
    """capture_moves() (quiescence's generator) lists exactly the captures, promotions and e.p. captures of
    pseudo_legal_moves(), each once, along capture-happy random games."""
    pos = get_game(name).position()
    rng = random.Random(11)
    positions_with_captures = 0
    for _ in range(12):
        for _ in range(160 if name != "mixed3d" else 60):
            captures = pos.capture_moves()
            assert len(captures) == len(set(captures))
            assert sorted(captures) == sorted(_quiescence_subset(pos)), pos.fen()
            positions_with_captures += bool(captures)
            moves = pos.legal_moves()
            if not moves:
                break
            take = [m for m in moves if m in set(captures)]
            pos.push(rng.choice(take) if take and rng.random() < 0.7 else rng.choice(moves))
        pos = get_game(name).position()
    assert positions_with_captures > 100


def test_capture_moves_include_en_passant_and_quiet_promotions():
    pos = get_game("normal").position("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 2")
    names = sorted(pos.move_name(m) for m in pos.capture_moves())
    assert names == ["b7b8b", "b7b8n", "b7b8q", "b7b8r", "e5d6"]


# A file game whose en passant lands on a promotion cell: Black's zone is ranks 1-3 (White's 5-7), and White's
# double step b2-b4 passes b3 (the core, not one game: issue 47)
EP_PROMOTION_FILE = '''
[eppromo]
files = 4
ranks = 7
start = "k3/4/4/2p1/4/1P2/K3 w - - 0 1"
promotion = "qn"
promotion_ranks = 3
[eppromo.pieces]
P = { name = "pawn", betza = "fmWfcFifmnD", value = 100, pawn = true }
N = { name = "knight", betza = "N", value = 300 }
Q = { name = "queen", betza = "Q", value = 900 }
K = { name = "king", betza = "K", value = 0, royal = true }
'''


def test_en_passant_onto_a_promotion_cell_promotes_in_any_game():
    from hyperchess.variants.formats.filegame import FileGame
    from hyperchess.variants.formats.variantsfile import read_variants
    game = FileGame(read_variants(EP_PROMOTION_FILE, "eppromo")[0])
    pos = game.position()
    pos.push(pos.parse_move("b2b4"))
    before = pos.fen()
    assert before.split()[3] == "b3"
    pawn = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == game.names.parse("c4"))
    assert "c4b3" not in pawn and {"c4b3n", "c4b3q", "c4c3n", "c4c3q"} <= set(pawn)
    assert sorted(pos.move_name(m) for m in pos.legal_moves() if m[3] == EN_PASSANT) == ["c4b3n", "c4b3q"]
    move = pos.parse_move("c4b3q")
    assert move[3] == EN_PASSANT and pos.san(move) == "cxb3=Q"
    assert move in pos.capture_moves()
    pos.push(move)
    assert pos.fen().split()[0] == "k3/4/4/4/1q2/4/K3"          # the b4 pawn taken, a queen on b3
    pos.pop()
    assert pos.fen() == before
