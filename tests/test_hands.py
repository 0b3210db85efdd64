"""Pieces in hand and drops (variants/rules/hands.py): crazyhouse against Fairy-Stockfish (pyffish for the legal
moves, position strings and game ends; Debian's binary for perft 3), and ``cylinderhouse`` (crazyhouse on a
wrapped board) against the independent count of tests/hands_oracle.py."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hands_oracle
from protocol_support import FSF_BINARY, EngineProcess, engine_move, match_against_fsf
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import FenError, get_game
from hyperchess.variants.rules.hands import DROP
from hyperchess.variants.core.load import load_position
from hyperchess.variants.core.perft import perft

try:
    import pyffish
except ImportError:
    pyffish = None

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"


def play(variant: str, moves: str, fen: str | None = None):
    pos = get_game(variant).position(fen)
    for text in moves.split():
        pos.push(pos.parse_move(text))
    return pos


def names(pos) -> list[str]:
    return sorted(pos.move_name(m) for m in pos.legal_moves())


def random_line(variant: str, seed: int, plies: int, captures: float = 0.6) -> list[str]:
    """Our own random play, biased toward captures so that the hands fill up."""
    rng = random.Random(seed)
    pos = get_game(variant).position()
    out = []
    for _ in range(plies):
        if pos.outcome() is not None:
            break
        legal = pos.legal_moves()
        caps = [m for m in legal if m[3] != DROP and pos.board[m[1]]]
        m = rng.choice(caps if caps and rng.random() < captures else legal)
        out.append(pos.move_name(m))
        pos.push(m)
    return out


# ---------------------------------------------------------------------------- the rules, by example
def test_start_position_and_perft():
    pos = get_game("crazyhouse").position()
    assert pos.fen() == START
    assert [perft(pos, d) for d in (1, 2, 3)] == [20, 400, 8902]


def test_a_capture_goes_to_the_capturers_hand_in_its_colour_and_comes_back_as_a_drop():
    pos = play("crazyhouse", "e2e4 d7d5 e4d5 d8d5")
    assert pos.fen() == "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"
    assert get_game("crazyhouse").in_hand(pos, 0) == {"P": 1}
    drops = [n for n in names(pos) if "@" in n]
    # a pawn drops on any empty square but the first and last ranks: e2, d7 and ranks 3-6 less the queen's d5
    assert len(drops) == 1 + 1 + 31 and "P@e2" in drops and not any(n[-1] in "18" for n in drops)
    pos.push(pos.parse_move("P@e4"))
    assert pos.fen() == "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"


def test_a_promoted_piece_is_marked_and_goes_back_to_hand_as_a_pawn():
    fen = "4k3/1P6/8/8/8/K7/8/1r6[] w - - 0 1"
    assert play("crazyhouse", "b7b8q", fen).fen() == "1Q~2k3/8/8/8/8/K7/8/1r6[] b - - 0 1"
    # the rook takes the promoted queen: Black's hand gets a pawn
    assert play("crazyhouse", "b7b8q b1b8", fen).fen() == "1r2k3/8/8/8/8/K7/8/8[p] w - - 0 2"
    # the promoted queen keeps its mark as it moves, and takes the rook into White's hand as a rook
    assert play("crazyhouse", "b7b8q e8e7 b8b1", fen).fen() == "8/4k3/8/8/8/K7/8/1Q~6[R] b - - 0 2"
    assert get_game("crazyhouse").position("4k3/8/8/8/8/8/8/Q~3K3[] b - - 0 1").fen() == \
        "4k3/8/8/8/8/8/8/Q~3K3[] b - - 0 1"


def test_a_drop_may_give_check_and_mate():
    # a knight dropped on f7 mates the king boxed in on h8 (no drop can block a knight's check)
    pos = play("crazyhouse", "N@f7", "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1")
    assert pos.in_check() and pos.outcome().termination == "checkmate"
    # a check by a queen drop that a drop between answers: not mate, and blocking drops are among the replies
    pos = play("crazyhouse", "Q@e2", "4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1")
    assert pos.in_check() and pos.outcome() is None
    assert {"P@e7", "P@e6", "P@e3"} <= set(names(pos))


def test_mate_that_a_drop_would_stop_is_no_mate():
    back_rank = "6k1/5ppp/8/8/8/8/8/R5K1[] w - - 0 1"
    mated = play("crazyhouse", "a1a8", back_rank)
    assert mated.outcome() is not None and mated.outcome().termination == "checkmate"
    saved = play("crazyhouse", "a1a8", back_rank.replace("[]", "[n]"))
    assert saved.outcome() is None and names(saved) == ["N@b8", "N@c8", "N@d8", "N@e8", "N@f8"]


def test_the_hash_and_repetitions_count_the_hands():
    a = get_game("crazyhouse").position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    b = get_game("crazyhouse").position("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1")
    c = get_game("crazyhouse").position("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    assert len({a.hash, b.hash, c.hash}) == 3
    assert a.score == 100 and b.score == -100 and c.score == 0      # a hand is material
    # the same board reached with a different hand is not a repetition; with captures to hand, the whole game
    # counts (Fairy-Stockfish: since the last null move), captures and drops included
    pos = play("crazyhouse", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")
    assert pos.outcome().termination == "repetition"
    hands = play("crazyhouse", "N@c3 n@c6 c3b1 c6b8 b1c3 b8c6 c3b1 c6b8", "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1")
    assert hands.repetitions() == 2 and hands.outcome() is None      # the position after the drops, twice


def test_drops_follow_the_rows_of_a_rule():
    pos = play("crazyhouse", "", "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1")
    pawn_squares = {n[2:] for n in names(pos) if n.startswith("P@")}
    assert len(pawn_squares) == 48 - 0 and not any(s[1] in "18" for s in pawn_squares)


@pytest.mark.parametrize("bad", [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q]] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q[q] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP~P/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK~BNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR~~[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 extra",
])
def test_bad_position_strings_get_one_line(bad):
    with pytest.raises(FenError) as info:
        load_position(get_game("crazyhouse"), bad)
    assert "\n" not in str(info.value)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="KQRBNPkqrbnp[]~-@ 12345678/xw", max_size=14))
def test_hostile_hands_are_read_or_refused_in_one_line(tail):
    text = "4k3/8/8/8/8/8/8/4K3" + tail + " w - - 0 1"
    try:
        pos = load_position(get_game("crazyhouse"), text)
    except FenError as exc:
        assert "\n" not in str(exc)
        return
    assert load_position(get_game("crazyhouse"), pos.fen()).fen() == pos.fen()


def test_drops_are_written_and_read_as_uci_and_san():
    pos = play("crazyhouse", "e2e4 d7d5 e4d5 d8d5")
    move = pos.parse_move("P@e4")
    assert move[3] == DROP and pos.move_name(move) == "P@e4" and pos.san(move) == "P@e4"
    assert pos.parse_move("p@e4") == move and pos.parse_move("P@e4+") == move
    for bad in ("N@e4", "P@e1", "P@d5", "@e4", "P@", "P@z9"):
        with pytest.raises(Exception) as info:
            pos.parse_move(bad)
        assert type(info.value).__name__ == "MoveError", bad


def test_the_search_finds_a_drop_mate_and_counts_the_hand():
    pos = get_game("crazyhouse").position("6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1")
    result = Searcher().search(pos, Limits(depth=2))
    assert pos.move_name(result.best) in ("R@a8", "R@b8", "R@c8", "R@d8", "R@e8")
    bare = get_game("crazyhouse").position("6k1/5ppp/8/8/8/8/8/6K1[] w - - 0 1")
    assert pos.score - bare.score == 579               # the rook in hand is material, at the rook's value


# ---------------------------------------------------------------------------- against Fairy-Stockfish
def _fsf_perft(fen: str, moves: list[str], depth: int) -> int:
    legal = pyffish.legal_moves("crazyhouse", fen, moves)
    if depth == 1:
        return len(legal)
    return sum(_fsf_perft(fen, moves + [m], depth - 1) for m in legal)


def _fsf_binary_perft(fen: str, depth: int) -> int:
    out = subprocess.run([FSF_BINARY], input=f"uci\nsetoption name UCI_Variant value crazyhouse\nposition fen {fen}\n"
                         f"go perft {depth}\nquit\n", capture_output=True, text=True, timeout=600).stdout
    return int(next(line for line in out.splitlines() if line.startswith("Nodes searched:")).split(":")[1])


def _full_hands(seed: int, plies: int) -> str:
    """A position string from Fairy-Stockfish itself after our capture-biased random play: the one of the
    line's positions with the most pieces in hand."""
    line = random_line("crazyhouse", seed, plies)
    fens = [pyffish.get_fen("crazyhouse", START, line[:n]) for n in range(len(line) + 1)]
    return max(fens, key=lambda f: (len(f.split("[")[1].split("]")[0]), f))


@needs_fsf
def test_start_and_position_strings_as_fairy_stockfish():
    assert pyffish.start_fen("crazyhouse") == START
    assert [_fsf_perft(START, [], d) for d in (1, 2)] == [20, 400]
    promoted = "4k3/1P6/8/8/8/K7/8/1r6[] w - - 0 1"
    for line in ("b7b8q", "b7b8q b1b8", "b7b8q e8e7 b8b1"):
        assert play("crazyhouse", line, promoted).fen() == pyffish.get_fen("crazyhouse", promoted, line.split())


@needs_fsf
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_perft_2_with_full_hands_as_pyffish(seed):
    fen = _full_hands(seed, 30)
    pos = get_game("crazyhouse").position(fen)
    assert pos.fen() == fen
    assert sum(sum(c) for c in pos.extra.counts) >= 3, fen        # the hands hold pieces
    assert perft(pos, 2) == _fsf_perft(fen, [], 2), fen


@needs_fsf
@pytest.mark.skipif(FSF_BINARY is None, reason="Debian's fairy-stockfish is not installed")
def test_perft_3_with_full_hands_as_fairy_stockfish():
    fen = _full_hands(4, 40)
    assert perft(get_game("crazyhouse").position(fen), 3) == _fsf_binary_perft(fen, 3), fen


def _lockstep(seed: int, plies: int = 60) -> int:
    """Random play from the start, checking at every ply the same legal moves, the same position string and
    the same game end as pyffish; returns the plies played."""
    rng = random.Random(seed)
    pos = get_game("crazyhouse").position()
    moves: list[str] = []
    for _ in range(plies):
        fsf = sorted(pyffish.legal_moves("crazyhouse", START, moves))
        assert names(pos) == fsf, moves
        assert pos.fen() == pyffish.get_fen("crazyhouse", START, moves), moves
        ended = (not fsf or pyffish.is_optional_game_end("crazyhouse", START, moves)[0]
                 or pyffish.is_immediate_game_end("crazyhouse", START, moves)[0])
        assert (pos.outcome() is not None) == ended, moves
        if ended:
            break
        legal = pos.legal_moves()
        caps = [m for m in legal if m[3] != DROP and pos.board[m[1]]]
        m = rng.choice(caps if caps and rng.random() < 0.5 else legal)
        moves.append(pos.move_name(m))
        pos.push(m)
    return len(moves)


@needs_fsf
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_games_in_lockstep_with_pyffish(seed):
    assert _lockstep(seed) >= 10


@needs_fsf
@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20, 30))
def test_more_random_games_in_lockstep_with_pyffish(seed):
    _lockstep(seed)


# ---------------------------------------------------------------------------- a wrapped board with drops
def _oracle_lockstep(seed: int, plies: int = 60) -> None:
    rng = random.Random(seed)
    pos = get_game("cylinderhouse").position()
    for _ in range(plies):
        theirs = hands_oracle.legal_moves(hands_oracle.from_fen(pos))
        assert names(pos) == sorted(theirs), pos.fen()
        outcome = pos.outcome()
        if outcome is not None:
            assert not theirs or outcome.termination in ("repetition", "fifty"), pos.fen()
            break
        legal = pos.legal_moves()
        caps = [m for m in legal if m[3] != DROP and pos.board[m[1]]]
        m = rng.choice(caps if caps and rng.random() < 0.6 else legal)
        pos.push(m)


@pytest.mark.parametrize("seed", [1, 2])
def test_cylinderhouse_random_games_against_the_oracle(seed):
    _oracle_lockstep(seed)


def test_cylinderhouse_drops_across_the_seam_and_perft_against_the_oracle():
    pos = play("cylinderhouse", "", "4k3/8/8/8/8/8/8/R3K3[Qq] b - - 0 1")
    assert pos.parse_move("Q@h1")                         # a queen drop on h1 next to a1 across the seam
    line = random_line("cylinderhouse", 5, 24)
    pos = play("cylinderhouse", " ".join(line))
    assert perft(pos, 2) == hands_oracle.perft(hands_oracle.from_fen(pos), 2), pos.fen()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 9))
def test_more_cylinderhouse_games_against_the_oracle(seed):
    _oracle_lockstep(seed)


# ---------------------------------------------------------------------------- over the wire
MATES = ("R@a8", "R@b8", "R@c8", "R@d8", "R@e8")


def test_uci_takes_and_plays_drops():
    with EngineProcess([sys.executable, "-m", "hyperchess", "uci"]) as eng:
        eng.send("uci", "setoption name UCI_Variant value crazyhouse", "isready")
        _, before = eng.expect("readyok")
        assert any(line.startswith("info string variant crazyhouse files 8 ranks 8 pockets 6") for line in before)
        eng.send("position fen 6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1", "go depth 2")
        assert eng.expect(r"bestmove \S+.*", 60)[0].split()[1] in MATES
        eng.send("position startpos moves e2e4 d7d5 e4d5 d8d5 P@e4", "go depth 1")
        reply = eng.expect(r"bestmove \S+.*", 60)[0].split()[1]
        assert reply in names(play("crazyhouse", "e2e4 d7d5 e4d5 d8d5 P@e4"))


def test_cecp_takes_and_sends_drops():
    with EngineProcess() as eng:
        eng.handshake()
        eng.send("new", "variant crazyhouse", "force", "usermove e2e4", "usermove d7d5", "usermove e4d5",
                 "usermove d8d5", "usermove P@e4")
        assert not any(line.startswith(("Illegal", "Error")) for line in eng.sync())
        eng.send("setboard 6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1", "sd 2", "go")
        assert engine_move(eng, get_game("crazyhouse").position("6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1")) in MATES


# ---------------------------------------------------------------------------- levels and four players
def _invariants(game, seed: int, plies: int = 60) -> int:
    """Random play checking at every ply: the position string reads back to the same hash, score and legal moves;
    ``pop`` restores the string; with captures to hand the pieces (board and hands, kings aside) are conserved.
    Returns how many drops were played."""
    rng = random.Random(seed)
    pos = game.position()

    def pieces(p) -> int:
        board = sum(1 for code in p.board if code > 1 and code not in game.royal_codes)
        return board + sum(sum(row) for row in p.extra.counts)

    total = pieces(pos)
    drops = 0
    for _ in range(plies):
        if pos.outcome() is not None:
            break
        legal = pos.legal_moves()
        caps = [m for m in legal if m[3] != DROP and pos.board[m[1]]]
        m = rng.choice(caps if caps and rng.random() < 0.6 else legal)
        before = pos.fen()
        pos.push(m)
        drops += m[3] == DROP
        again = game.position(pos.fen())
        assert (again.hash, again.score, names(again)) == (pos.hash, pos.score, names(pos)), pos.fen()
        assert pieces(pos) == total, pos.fen()
        pos.pop()
        assert pos.fen() == before
        pos.push(m)
    return drops


RAUMHOUSE = '''
[raumhouse]
extends = "raumschach"
start = "rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR[] w - - 0 1"
piece_drops = true
captures_to_hand = true
'''

FOURHOUSE = '''
[fourhouse]
check = "capture"
piece_drops = true
captures_to_hand = true
players = [{ name = "white", letter = "w", forward = [0, 1, 0], team = 1 },
           { name = "red", letter = "r", forward = [1, 0, 0], team = 2 },
           { name = "black", letter = "b", forward = [0, -1, 0], team = 1 },
           { name = "green", letter = "g", forward = [-1, 0, 0], team = 2 }]
start = "3bKbN3/3bP4/rKrP4gPgK/rN6gN/8/8/3wP4/3wKwN3[wPrP] w - - 0 1"

[fourhouse.pieces]
K = { name = "king", betza = "K", value = 2000, royal = true }
N = { name = "knight", betza = "N", value = 300 }
P = { name = "pawn", betza = "fmWfcF", value = 100, pawn = true }
'''


def test_drops_on_levels():
    from hyperchess.variants.formats.filegame import FileGame
    from hyperchess.variants.formats.variantsfile import read_variants
    text = (Path(__file__).resolve().parents[1] / "hyperchess/variants/games/spatial.toml").read_text() + RAUMHOUSE
    game = FileGame(next(s for s in read_variants(text, "raumhouse") if s.name == "raumhouse"))
    pos = game.position("k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|4K/5/5/5/5[P] w - - 0 1")
    pawn_cells = {game.names.name(m[1]) for m in pos.legal_moves() if m[3] == DROP}
    # not on White's first rank (rank 1 of every level) nor in its promotion zone (rank 5 of level E)
    assert len(pawn_cells) == 125 - 2 - 25 - 4 and "Ca1" not in pawn_cells and "Ee5" not in pawn_cells
    assert "Ad5" in pawn_cells and "Ae5" not in pawn_cells      # Ae5: the White king
    assert sum(_invariants(game, seed) for seed in (1, 2)) > 0


def test_drops_with_four_players():
    from hyperchess.variants.formats.filegame import FileGame
    from hyperchess.variants.formats.variantsfile import read_variants
    game = FileGame(read_variants(FOURHOUSE, "fourhouse")[0])
    pos = game.position()
    assert pos.fen().split()[0].endswith("[wPrP]")
    # Red's pawns go along the files: its first row is file a, its promotion zone file h
    red = [m for m in game.position(pos.fen().replace(" w ", " r ")).legal_moves() if m[3] == DROP]
    assert red and not any(game.geometry.coords[m[1]][0] in (0, 7) for m in red)
    assert sum(_invariants(game, seed, 80) for seed in (1, 2, 3)) > 0


@pytest.mark.slow
@pytest.mark.skipif(FSF_BINARY is None, reason="Debian's fairy-stockfish is not installed")
def test_a_crazyhouse_match_against_fairy_stockfish(tmp_path):
    """hyperchess over UCI against Fairy-Stockfish over UCI, refereed by our rules: no runner error, every move
    legal by ``pgn check``, and drops played."""
    text = match_against_fsf("crazyhouse", tmp_path / "zh.pgn")
    assert "@" in text.split("\n\n", 1)[1]
