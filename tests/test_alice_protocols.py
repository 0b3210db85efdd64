"""Alice chess over CECP and UCI (docs/rules/alice.md): in every one of many random positions the engine,
asked to move, gives a legal move, checked against the oracle of tests/alice_oracle.py (CECP's flat names are
read back with the engine's own projection, then checked by the oracle as native names)."""
from __future__ import annotations

import pytest

from alice_oracle import Alice
from protocol_support import random_positions
from hyperchess.variants import get_game
from hyperchess.variants.core.flat_wire import parse_flat_move


def check_uci(uci, fens: list[str]) -> None:
    uci.send("setoption name UCI_Variant value alice", "isready")
    uci.expect("readyok", 30)
    for fen in fens:
        uci.send(f"position fen {fen}", "go depth 1")
        line, _ = uci.expect(r"bestmove .*", 30)
        move = line.split()[1]
        assert move in Alice(fen).legal(), (fen, move)


def check_cecp(eng, fens: list[str]) -> None:
    game = get_game("alice")
    flat = game.flat_names
    eng.send("new", "variant alice", "force", "sd 1")
    for fen in fens:
        eng.send(f"setboard {fen}", "go")
        line, _ = eng.expect(r"move \S+", 30)
        eng.send("force")
        pos = game.position(fen)
        move = parse_flat_move(pos, line.split()[1], flat)
        assert move is not None, (fen, line)
        assert pos.move_name(move) in Alice(fen).legal(), (fen, line)


def test_uci_moves_legally(uci):
    check_uci(uci, random_positions("alice", 40, 7))


def test_cecp_moves_legally(eng):
    check_cecp(eng, random_positions("alice", 40, 8))


def test_cecp_flat_moves_show_where_the_piece_ends(eng):
    """XBoard sees A on files a-h and B on files i-p: a move names the square where the piece ends, a capture
    comes in two legs (take on its own board, go on)."""
    eng.send("new", "variant alice", "force", "usermove e2m4", "usermove d7l5", "usermove f1k4",
             "usermove l5m4,m4e4", "usermove k4b5")
    assert [line for line in eng.sync() if not line.startswith(("#", "setup "))] == []
    eng.send("go")
    assert eng.expect(r"(move \S+|0-1 .*|1-0 .*)", 30)[0].startswith("1-0")     # Wikipedia's mate (docs)


@pytest.mark.slow
def test_uci_moves_legally_in_1000_positions(uci):
    check_uci(uci, random_positions("alice", 1000, 2026))


@pytest.mark.slow
def test_cecp_moves_legally_in_1000_positions(eng):
    check_cecp(eng, random_positions("alice", 1000, 2027))
