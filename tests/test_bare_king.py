"""Shatranj and courier against Fairy-Stockfish (issue 47): the bare-king rule with its exception
(``bare_king = "reply"``: variant.cpp's extinctionOpponentPieceCount = 2 with extinctionClaim, position.cpp's
is_immediate_game_end), the n-move rules (shatranj 70 moves, courier 50), and random games played in lockstep
with pyffish, biased toward captures so that bare kings happen."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft
from test_variants_file import fsf_perft

try:
    import pyffish
except ImportError:
    pyffish = None

needs_fsf = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's binding) is not installed")

# (variant, position, depth, Fairy-Stockfish's count): the numbers, checked again with pyffish below
BARE_KING_PERFT = [
    ("shatranj", "4k3/4R3/8/8/8/8/8/K7 b - - 0 1", 1, 3),     # bared by a lone rook: Black still moves
    ("shatranj", "4k3/4n3/8/8/8/8/4R3/K7 w - - 0 1", 2, 101),  # Re2xe7 leaves Black its three king moves
]


@pytest.mark.parametrize("variant, fen, depth, count", BARE_KING_PERFT)
def test_bare_king_positions_count_as_fairy_stockfish(variant, fen, depth, count):
    assert perft(get_game(variant).position(fen), depth) == count


@needs_fsf
@pytest.mark.parametrize("variant, fen, depth, count", BARE_KING_PERFT)
def test_bare_king_positions_against_pyffish(variant, fen, depth, count):
    assert fsf_perft(variant, fen, [], depth) == count


def play(variant: str, fen: str, moves: str):
    pos = get_game(variant).position(fen)
    for text in moves.split():
        assert pos.outcome() is None, (text, pos.outcome())
        pos.push(pos.parse_move(text))
    return pos


@pytest.mark.parametrize("variant", ["shatranj", "courier"])
def test_the_bared_side_moves_once_against_a_lone_piece(variant):
    board = "4k3/4n3/8/8/8/8/4R3/K7" if variant == "shatranj" else "4k7/4n7/12/12/12/12/4R7/K11"
    start = board + " w - - 0 1"
    pos = play(variant, start, "e2e7")
    assert pos.outcome() is None and sorted(pos.move_name(m) for m in pos.legal_moves()) == ["e8d8", "e8e7", "e8f8"]
    drawn = play(variant, start, "e2e7 e8e7")              # the baring capture answered by taking the last piece
    assert drawn.outcome() is not None and drawn.outcome().result == "1/2-1/2"
    assert drawn.outcome().termination == "bare king" and drawn.legal_moves() == []
    lost = play(variant, start, "e2e7 e8d8")               # any other reply: the baring side wins
    assert lost.outcome().result == "1-0" and lost.outcome().reason == "Black has only a bare king"
    assert lost.legal_moves() == []


def test_bared_against_two_pieces_loses_at_once():
    pos = get_game("shatranj").position("4k3/8/8/8/8/8/8/KRR5 b - - 0 1")
    assert pos.legal_moves() == [] and pos.outcome().result == "1-0"
    # the side with the pieces to move, its opponent bare: it has won (Fairy-Stockfish: the same)
    pos = get_game("shatranj").position("4k3/8/8/8/8/8/8/KR6 w - - 0 1")
    assert pos.legal_moves() == [] and pos.outcome().result == "1-0"


@pytest.mark.parametrize("variant, board, plies", [("shatranj", "3k4/4r3/8/8/8/8/4R3/3K4", 140),
                                                    ("courier", "3k8/4r7/12/12/12/12/4R7/3K8", 100)])
def test_the_n_move_rule_draws_at_its_ply(variant, board, plies):
    """Shatranj: 70 moves (variant.cpp, shatranj_variant: nMoveRule = 70); courier: the default 50."""
    before = play(variant, f"{board} w - - {plies - 2} 80", "e2a2")
    assert before.halfmove == plies - 1 and before.outcome() is None
    pos = play(variant, f"{board} w - - {plies - 1} 80", "e2a2")
    assert pos.halfmove == plies
    assert (pos.outcome().result, pos.outcome().termination) == ("1/2-1/2", "fifty")
    assert pos.outcome().reason == f"{plies // 2}-move rule"
    if pyffish is not None:
        assert pyffish.is_optional_game_end(variant, f"{board} w - - {plies - 1} 80", ["e2a2"])[0]
        assert not pyffish.is_optional_game_end(variant, f"{board} w - - {plies - 2} 80", ["e2a2"])[0]


def bare(pos) -> bool:
    return any(len(pos.occupied[c]) == len(pos.royals[c]) for c in (0, 1))


def thinned(fen: str, rng: random.Random, keep: float) -> str:
    """The start position with each piece but the kings kept with probability ``keep``."""
    board, rest = fen.split(" ", 1)
    rows = []
    for row in board.split("/"):
        cells = "".join("." * int(t) if t.isdigit() else t for t in _tokens(row))
        cells = "".join(c if c in ".kK" or rng.random() < keep else "." for c in cells)
        rows.append("".join(t if t[0] != "." else str(len(t)) for t in _runs(cells)))
    return "/".join(rows) + " " + rest


def _tokens(row: str) -> list[str]:
    out: list[str] = []
    for ch in row:
        if ch.isdigit() and out and out[-1].isdigit():
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _runs(cells: str) -> list[str]:
    out: list[str] = []
    for ch in cells:
        if ch == "." and out and out[-1][0] == ".":
            out[-1] += ch
        else:
            out.append(ch)
    return out


def biased_move(pos, rng: random.Random):
    """A random legal move: a capture nine times in ten when there is one, else most often a move that lands
    nearest an enemy piece, so that the pieces meet."""
    legal = pos.legal_moves()
    captures = [m for m in legal if pos.board[m[1]]]
    if captures and rng.random() < 0.9:
        return rng.choice(captures)
    if rng.random() < 0.7:
        coords = pos.game.geometry.coords
        enemies = [coords[c] for c in pos.occupied[1 - pos.turn]]

        def distance(move) -> int:
            x, y, _ = coords[move[1]]
            return min(max(abs(x - ex), abs(y - ey)) for ex, ey, _ in enemies)
        best = min(map(distance, legal))
        return rng.choice([m for m in legal if distance(m) == best])
    return rng.choice(legal)


MAX_PLIES = 40       # a game still going then gives way to the next (thinned armies wander without captures)


def lockstep(variant: str, positions: int, seed: int) -> dict[str, int]:
    """Random games, each position's legal move set compared with pyffish's: one game in four from the start,
    the others from the start array thinned out (each piece but the kings kept one time in ten), each for at
    most ``MAX_PLIES``. Play prefers captures and moves toward the enemy (``biased_move``) so that material
    runs out and bare kings happen. Where our game is over, pyffish must agree on the end: no legal move
    (mate, stalemate, a bare king that lost at once), an immediate end with the same sign, or an optional one
    (the n-move rule, repetition). The one known difference: with both kings bare Fairy-Stockfish plays on to
    its n-move rule, a game nobody can win; we draw at once."""
    game = get_game(variant)
    rng = random.Random(seed)
    seen = {"positions": 0, "bare": 0, "games": 0, "both bare": 0, "reply": 0}
    while seen["positions"] < positions:
        seen["games"] += 1
        start = pyffish.start_fen(variant)
        if seen["games"] % 4:
            start = thinned(start, rng, 0.1)
        pos = game.position(start)
        moves: list[str] = []
        while seen["positions"] < positions and len(moves) < MAX_PLIES:
            seen["positions"] += 1
            ours = sorted(pos.move_name(m) for m in pos.legal_moves())
            theirs = sorted(pyffish.legal_moves(variant, start, moves))
            outcome = pos.outcome()
            if bare(pos):
                seen["bare"] += 1
                if outcome is None:
                    seen["reply"] += 1          # bared by a lone piece, to move: Fairy-Stockfish's exception
            if outcome is not None and outcome.termination == "bare king" and outcome.result == "1/2-1/2":
                seen["both bare"] += 1
                assert all(len(pos.occupied[c]) == 1 for c in (0, 1))
                break
            if outcome is not None and outcome.termination in ("fifty", "repetition"):
                assert pyffish.is_optional_game_end(variant, start, moves)[0], (moves, outcome)
                break
            assert ours == theirs, (variant, pos.fen(), moves)
            if outcome is not None:
                if outcome.termination == "bare king":
                    ended, value = pyffish.is_immediate_game_end(variant, start, moves)
                    winner_to_move = (outcome.result == "1-0") == (pos.turn == 0)
                    assert ended and (value > 0) == winner_to_move, (pos.fen(), moves)
                break
            move = biased_move(pos, rng)
            moves.append(pos.move_name(move))
            pos.push(move)
    return seen


@needs_fsf
@pytest.mark.parametrize("variant", ["shatranj", "courier"])
def test_random_games_in_lockstep_with_pyffish(variant):
    seen = lockstep(variant, 300, 47)
    assert seen["bare"] >= 5 and seen["reply"] >= 1


@pytest.mark.slow
@needs_fsf
@pytest.mark.parametrize("variant", ["shatranj", "courier"])
def test_random_games_in_lockstep_with_pyffish_reach_many_bare_kings(variant):
    seen = lockstep(variant, 2000, 2047)
    print(variant, seen)             # shatranj: 116 bare-king positions (37 replies); courier: 78 (21)
    assert seen["bare"] >= 50 and seen["reply"] >= 10
