"""Double-move chess (marseillais, monster): turns of several moves as data (variants/core/turns.py), checked
move for move against an independent brute-force referee written from the rules text
(tests/double_move_oracle.py; docs/rules/marseillais.md, docs/rules/monster.md)."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.load import load_position

import double_move_oracle as oracle

RULES = {"marseillais": oracle.MARSEILLAIS, "monster": oracle.MONSTER}


def lockstep(name: str, games: int, seed: int, max_plies: int = 160) -> tuple[int, dict[str, int]]:
    """Random games played in both at once; every position's legal moves compared. Returns the positions
    compared and counts of the rarer moves met (en passant, castling, moves through check, king captures)."""
    game = get_game(name)
    rules = RULES[name]
    rng = random.Random(seed)
    seen = {"ep": 0, "castle": 0, "through": 0, "king_taken": 0, "second": 0, "check_ended": 0}
    positions = 0
    for _ in range(games):
        pos = game.position()
        st = oracle.start(rules)
        for _ in range(max_plies):
            ours = sorted(pos.move_name(m) for m in pos.legal_moves())
            theirs = sorted(oracle.legal(st, rules))
            positions += 1
            assert ours == theirs, (pos.fen(), sorted(set(ours) ^ set(theirs)))
            assert (pos.turn, pos.turn_move) == (st.side, st.turn_move), pos.fen()
            if not ours:
                break
            # captures and pawn moves more often than the rest: more en passant, promotions and king captures
            weighted = [m for m in ours if m[2:4] in st.board or st.board[m[:2]].upper() in "PK"]
            text = rng.choice(weighted if weighted and rng.random() < 0.5 else ours)
            move = pos.parse_move(text)
            me = pos.turn
            if move[3] == 3 or (st.board[text[:2]].upper() == "P" and text[0] != text[2] and text[2:4] not in st.board):
                seen["ep"] += 1
            if st.board[text[:2]].upper() == "K" and abs(ord(text[0]) - ord(text[2])) == 2:
                seen["castle"] += 1
            if pos.turn_move:
                seen["second"] += 1
            pos.push(move)
            st = oracle.make(st, text, rules)
            if pos.turn == me and pos.in_check():
                seen["through"] += 1
            if pos.king(1 - me) is None:
                seen["king_taken"] += 1
            if pos.turn != me and pos.in_check() and rules.check_ends_turn and st.turn_move == 0:
                seen["check_ended"] += 1
            assert game.position(pos.fen()).hash == pos.hash, pos.fen()   # the string carries the turn's move
    return positions, seen


@pytest.mark.parametrize("name", ["marseillais", "monster"])
def test_lockstep_with_brute_force(name):
    positions, seen = lockstep(name, games=6, seed=1)
    assert positions > 300
    assert seen["second"] > 50


@pytest.mark.slow
@pytest.mark.parametrize("name", ["marseillais", "monster"])
def test_lockstep_with_brute_force_10000(name):
    positions, seen = lockstep(name, games=120, seed=69)
    print(name, positions, seen)
    assert positions >= 10_000
    assert seen["ep"] and seen["second"]
    if name == "monster":
        assert seen["through"] and seen["king_taken"]
    else:
        assert seen["castle"] and seen["check_ended"]


def test_marseillais_turns():
    """White's first turn is one move; then two moves a turn; a check on the first move ends the turn."""
    game = get_game("marseillais")
    pos = load_position(game, None, ["e2e4"])
    assert pos.fen().split()[1] == "b"
    pos = load_position(game, None, ["e2e4", "d7d5", "c7c5"])
    assert pos.fen().split()[1:] == ["w", "KQkq", "-", "0", "2"]
    pos.push(pos.parse_move("e4e5"))
    assert pos.fen().split()[1] == "w2"
    pos.push(pos.parse_move("f1b5"))                 # check: Black moves at once
    assert pos.fen().split()[1] == "b" and pos.in_check()
    assert sorted(pos.move_name(m) for m in pos.legal_moves()) == ["b8c6", "b8d7", "c8d7", "d8d7"]


def test_marseillais_en_passant_first_move_only():
    """A double step on the first move of a turn may still be taken; only with the first move of the next turn,
    or with the second too when the first took en passant as well (chessvariants.com)."""
    game = get_game("marseillais")
    pos = game.position("4k3/8/8/8/1p3p2/8/P3P3/4K3 w - - 0 5")
    pos.push(pos.parse_move("a2a4"))
    pos.push(pos.parse_move("e2e4"))
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert {"b4a3", "f4e3"} <= names
    pos.push(pos.parse_move("b4a3"))                # en passant first: the other chance stays
    assert "f4e3" in {pos.move_name(m) for m in pos.legal_moves()}
    pos.pop()
    pos.push(pos.parse_move("e8d8"))                # any other first move: the chances are gone
    assert not {"b4a3", "f4e3"} & {pos.move_name(m) for m in pos.legal_moves()}


def test_monster_through_check_and_king_capture():
    """White's king may pass through check within its turn, and takes the black king that stands attacked."""
    game = get_game("monster")
    pos = game.position("8/8/8/3k4/8/3K4/8/8 w - - 0 1")
    pos.push(pos.parse_move("d3d4"))                # next to the black king: allowed, the turn goes on
    assert pos.turn == 0 and pos.in_check() and pos.fen().split()[1] == "w2"
    assert "d4d5" in {pos.move_name(m) for m in pos.legal_moves()}
    pos.push(pos.parse_move("d4d5"))
    assert pos.outcome().result == "1-0"
    # a first move into check that no second move can repair is illegal
    pos = game.position("k7/8/8/8/8/8/r7/1r2K3 w - - 0 1")
    assert pos.in_check()
    assert {pos.move_name(m) for m in pos.legal_moves()} == {"e1d2", "e1e2", "e1f2"}     # not d1, f1


@pytest.mark.parametrize("fen, reason", [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w2 KQkq - 0 1", "1 move"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w3 KQkq - 0 4", "2 move"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w0 KQkq - 0 4", "bad move of the turn"),
])
def test_side_field_refused(fen, reason):
    with pytest.raises(FenError, match=reason):
        get_game("marseillais").position(fen)


def test_side_field_only_in_games_of_several_moves():
    with pytest.raises(FenError, match="side to move"):
        get_game("normal").position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w2 KQkq - 0 1")


PROGRESSIVE_TOML = """
[tripled]
title = "Three moves a turn"
start = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
moves_per_turn = [3, 1]
first_turn_moves = 1
check_ends_turn = true
castling = [{ king = "e1", to = "c1", rook = "a1", rook_to = "d1", letter = "Q" }]
eval = { extra_move = 5000 }

[tripled.pieces]
K = { name = "king", betza = "K", value = 0, royal = true }
R = { name = "rook", betza = "R", value = 500 }
"""


def test_turns_from_a_variants_file():
    """The keys of docs/variants-file.md, "Turns of several moves": any game of a file may have them."""
    from hyperchess.engine.gamedata import game_data
    from hyperchess.variants.formats.filegame import FileGame
    from hyperchess.variants.formats.variantsfile import read_variants
    game = FileGame(read_variants(PROGRESSIVE_TOML, "tripled")[0])
    pos = game.position()
    pos.push(pos.parse_move("a1a2"))                # the first turn: one move each
    assert pos.turn == 1
    pos.push(pos.parse_move("e8d8"))
    for k in range(3):                              # then three for White
        assert (pos.turn, pos.turn_move) == (0, k)
        pos.push(pos.parse_move(["a2b2", "b2c2", "c2a2"][k]))
    assert pos.turn == 1 and pos.fullmove == 2
    pos.push(pos.parse_move("d8e8"))
    pos.push(pos.parse_move("a2a8"))                # check: White's turn ends after one move
    assert pos.turn == 1 and pos.in_check()
    assert game_data(game).turn_bonus == 2 * 5000   # two moves a turn more than Black's


@pytest.mark.parametrize("key, value, reason", [
    ("moves_per_turn", "[2, 2, 2]", "a list of one for each of the 2 players"),
    ("moves_per_turn", "0", "from 1 to 16"),
    ("first_turn_moves", "true", "a number of moves"),
    ("check_ends_turn", "1", "true or false"),
    ("eval", "{ extra_move = 10001 }", "from 0 to 10000"),
])
def test_turn_keys_refused(key, value, reason):
    from hyperchess.variants.formats.variantsfile import VariantsFileError, read_variants
    text = PROGRESSIVE_TOML.replace("moves_per_turn = [3, 1]\nfirst_turn_moves = 1\ncheck_ends_turn = true\n"
                                    "castling", f"{key} = {value}\ncastling").replace("eval = { extra_move = 5000 }\n", "")
    with pytest.raises(VariantsFileError, match=reason):
        read_variants(text, "bad")
