"""Alice chess (docs/rules/alice.md) and the mirror-boards mechanism behind it (variants/rules/mirror_boards.py):
the rules' own examples, and the engine's moves in lockstep with an independent brute-force generator written
from the rules text (tests/alice_oracle.py)."""
from __future__ import annotations

import random

import pytest

from alice_oracle import Alice
from hyperchess.variants import FenError, MoveError, get_game
from hyperchess.variants.core.load import load_position

START = "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def names(pos) -> set[str]:
    return {pos.move_name(m) for m in pos.legal_moves()}


def lockstep(seed: int, positions: int, plies: int = 200) -> int:
    """Random games from the start: at every position the engine's legal moves, check and position string
    after each move must be the oracle's. Returns the positions compared."""
    game = get_game("alice")
    rng = random.Random(seed)
    seen = 0
    while seen < positions:
        pos = game.position()
        ref = Alice(pos.fen())
        for _ in range(plies):
            assert pos.fen() == ref.fen()
            legal = ref.legal()
            mine = {pos.move_name(m): m for m in pos.legal_moves()}
            assert set(mine) == set(legal), (pos.fen(), sorted(set(mine) ^ set(legal)))
            assert pos.in_check() == ref.in_check(), pos.fen()
            seen += 1
            if not legal or seen >= positions:
                break
            # captures more often than chance, so that games reach endings and mates
            captures = [n for n in legal if len(ref.board) > len(legal[n].board)]
            pick = rng.choice(captures if captures and rng.random() < 0.5 else sorted(legal))
            pos.push(mine[pick])
            ref = legal[pick]
    return seen


def test_start_and_first_moves():
    pos = get_game("alice").position()
    assert pos.fen() == START
    assert len(pos.legal_moves()) == 20
    pos.push(pos.parse_move("Ag1Af3"))
    # the knight passed to board B: f3 on A stays empty, Bf3 holds it
    assert pos.fen().startswith("8/8/8/8/8/5N2/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b")


def test_wikipedia_short_mate():
    """1.e4 d5 2.Bc4 dxe4 3.Bb5#: the black pieces put between on A would pass to B, and Kd7 stands in check
    on A (Wikipedia, "Alice chess")."""
    pos = load_position(get_game("alice"), None, ["Ae2Ae4", "Ad7Ad5", "Af1Ac4", "Bd5Be4", "Bc4Bb5"])
    assert pos.in_check()
    assert pos.legal_moves() == []
    assert pos.outcome().result == "1-0"


def test_square_on_the_other_board_must_be_empty():
    # White's knight on Ag1 cannot go to f3: Bf3 holds a black pawn
    pos = load_position(get_game("alice"), "8/8/8/8/8/5p2/8/7k|8/8/8/8/8/8/8/4K1N1 w - - 0 1")
    assert "Ag1Af3" not in names(pos)
    assert {"Ag1Ae2", "Ag1Ah3"} <= names(pos)


def test_capture_only_on_its_own_board():
    # the rook on Aa1 takes on Aa8, then stands on Ba8; it cannot take the knight on Bh1 (nor stop on Ah1,
    # whose square on B is taken, nor on Ag1: the king stands on Bg1)
    pos = load_position(get_game("alice"), "8/8/8/8/8/8/8/6kn|r7/8/8/8/8/8/4K3/R7 w - - 0 1")
    got = names(pos)
    assert "Aa1Aa8" in got and "Aa1Af1" in got
    assert "Aa1Ah1" not in got and "Aa1Ag1" not in got
    pos.push(pos.parse_move("Aa1Aa8"))
    assert pos.fen().split()[0] == "R7/8/8/8/8/8/8/6kn|8/8/8/8/8/8/4K3/8"


def test_king_may_not_escape_to_a_square_attacked_on_its_own_board():
    # Black's king on Ae8, in check from the rook on Ae1 along the e-file of A; Ke8-d8 would land on Bd8 where no
    # one attacks, but d8 and d7 on A are attacked by the rook on Ad1 and e7 by the one on Ae1
    pos = load_position(get_game("alice"), "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/3RR1K1 b - - 0 1")
    got = names(pos)
    assert "Ae8Ad8" not in got and "Ae8Ad7" not in got and "Ae8Ae7" not in got
    assert {"Ae8Af8", "Ae8Af7"} <= got


def test_interposing_does_not_block():
    # White's rook on Aa8 checks the king on Ah8 along rank 8 of A; Black's bishop could block on Ac8 or Ag8
    # in chess, but it would pass to B: no move of it helps, only the king's (g8 stays attacked)
    pos = load_position(get_game("alice"), "8/8/8/8/8/8/8/8|R6k/8/4b3/8/8/8/8/4K3 b - - 0 1")
    assert names(pos) == {"Ah8Ag7", "Ah8Ah7"}


def test_arriving_piece_may_block():
    # the king on Be8 is in check along rank 8 of B from Ba8; the rook on Ad1 moves to Ad8 on A and lands on
    # Bd8, between them (legal on A, where there is no king; the king is safe after the move)
    pos = load_position(get_game("alice"), "R3k3/8/8/8/8/8/8/8|8/8/8/8/8/7K/8/3r4 b - - 0 1")
    assert "Ad1Ad8" in names(pos)


def test_castling_needs_both_landing_squares_empty():
    game = get_game("alice")
    pos = load_position(game, "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert {"Ae1Ag1", "Ae1Ac1"} <= names(pos)
    pos.push(pos.parse_move("Ae1Ag1"))
    assert pos.fen().split()[0] == "8/8/8/8/8/8/8/5RK1|4k3/8/8/8/8/8/8/R7"
    # a black knight on Bf1 (where the rook would land) forbids the king side
    pos = load_position(game, "8/8/8/8/8/8/8/5n2|4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert "Ae1Ag1" not in names(pos) and "Ae1Ac1" in names(pos)


def test_promotion_passes_over():
    pos = load_position(get_game("alice"), "8/8/8/8/8/8/8/8|7k/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert {"Aa7Aa8q", "Aa7Aa8n"} <= names(pos)
    pos.push(pos.parse_move("Aa7Aa8q"))
    assert pos.fen().split()[0] == "Q7/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/4K3"


def test_no_en_passant():
    pos = load_position(get_game("alice"), "8/8/8/8/8/8/8/8|4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
    pos.push(pos.parse_move("Ae2Ae4"))
    assert pos.fen().split()[3] == "-"
    assert not any(n.endswith("e3") for n in names(pos))


def test_a_square_taken_on_both_boards_is_refused():
    with pytest.raises(FenError, match="both occupied"):
        load_position(get_game("alice"), "8/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4R3 w - - 0 1")
    with pytest.raises(MoveError):
        load_position(get_game("alice"), None, ["Ae2Ae5"])


def test_lockstep_with_the_oracle():
    assert lockstep(1, 600) == 600


@pytest.mark.slow
def test_lockstep_with_the_oracle_10000_positions():
    assert lockstep(2026, 10_000) == 10_000


def oracle_perft(ref: Alice, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(oracle_perft(nxt, depth - 1) for nxt in ref.legal().values())


def test_perft_agrees_with_the_oracle():
    from hyperchess.variants.core.perft import perft
    pos = get_game("alice").position()
    assert [perft(pos, d) for d in (1, 2, 3)] == [oracle_perft(Alice(START), d) for d in (1, 2, 3)] \
        == [20, 400, 9384]


SPACE = """
[alice-space]
title = "Alice Raumschach"
files = 5
ranks = 5
levels = 10
level_names = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]
mirror_boards = 2
promotion = "qr"
promotion_levels = 1
players = [{ name = "white", forward = [0, 1, 0], up = [0, 0, 1] }, { name = "black", forward = [0, -1, 0], up = [0, 0, -1] }]
start = "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/RK3 w - - 0 1"

[alice-space.pieces]
P = { name = "pawn", pawn = true, moves = [{ leap = [[0, 1, 0], [0, 0, 1]], mode = "move" }] }
R = { name = "rook", value = 500, slide = [[1, 0, 0]], symmetric = true }
Q = { name = "queen", value = 900, slide = [[1, 0, 0], [1, 1, 0], [1, 1, 1]], symmetric = true }
K = { name = "king", value = 0, royal = true, leap = [[1, 0, 0], [1, 1, 0], [1, 1, 1]], symmetric = true }
"""


def test_mirror_boards_on_a_cube():
    """The mechanism on Raumschach's levels: two cubes A-E and F-J; a piece moves within its cube, then passes
    to the same cell of the other cube."""
    from hyperchess.variants import add_variants
    add_variants(SPACE, "space.toml")
    game = get_game("alice-space")
    pos = game.position()
    got = names(pos)
    assert "Aa1Ea1" in got                    # the rook climbs its own cube A-E...
    assert not any(n[3] in "FGHIJ" for n in got)   # ...and never steps into the other one
    pos.push(pos.parse_move("Aa1Ea1"))
    assert pos.fen().split()[0].startswith("5/5/5/5/R4|")   # ...then stands on level J, the top of cube F-J
    # a pawn promotes on the last rank of its cube's top level (E or J)
    pos = load_position(game, "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
                              "4k/P4/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/1K3 w - - 0 1")
    assert "Ea4Ea5q" in names(pos)


def test_the_picture_draws_both_boards():
    """`hyperchess show alice --svg`: every cell of A and B, each piece where it stands (the knight on Bf3)."""
    import xml.etree.ElementTree as ET
    from hyperchess.pictures.svg import render_svg
    pos = load_position(get_game("alice"), None, ["Ag1Af3"])
    root = ET.fromstring(render_svg(pos, lastmove=pos.last_move))
    squares = [e.get("data-square") for e in root.iter() if e.tag.endswith("rect") and e.get("data-square")]
    assert len(squares) == 128 and {s[0] for s in squares} == {"A", "B"}
    pieces = {e.get("data-square") for e in root.iter() if e.tag.endswith("g") and "piece" in (e.get("class") or "")}
    assert "Bf3" in pieces and "Ag1" not in pieces and "Af3" not in pieces and len(pieces) == 32


def test_a_pinned_piece_may_not_move_even_along_the_pin():
    # the rook on Ae4 shields its king on Ae1 from the rook on Ae8: moving up the file it would pass to B and
    # leave the king in check; only taking the pinning rook is legal (it then passes to Be8)
    pos = load_position(get_game("alice"), "8/8/8/8/8/8/8/8|4r2k/8/8/8/4R3/8/8/4K3 w - - 0 1")
    rook = {n for n in names(pos) if n.startswith("Ae4")}
    assert rook == {"Ae4Ae8"}
