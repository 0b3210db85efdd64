"""Double-move chess over the protocols (docs/rules/marseillais.md, docs/rules/monster.md): each move of a turn
is sent and received as a move, the side to move staying the same; asked for a move in any position, the engine
gives a legal one, over CECP and UCI."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game

from protocol_support import UCI_CMD, EngineProcess, cecp_legal_moves as cecp_moves, random_positions, uci_legal_moves as uci_moves

GAMES = ["marseillais", "monster"]


@pytest.mark.parametrize("name", GAMES)
def test_uci_and_cecp_give_legal_moves(name):
    fens = random_positions(name, 25, seed=5)
    assert any(f.split()[1][1:] for f in fens)          # the middle of a turn among them (w2, b2)
    uci_moves(name, fens)
    cecp_moves(name, fens)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("protocol", ["uci", "cecp"])
def test_a_legal_move_in_1000_random_positions(name, protocol):
    fens = random_positions(name, 1000, seed=69)
    (uci_moves if protocol == "uci" else cecp_moves)(name, fens)


def test_cecp_turn_of_two_moves():
    """CECP: the engine as White in Marseillais plays one move at move 1, waits for both of Black's, then plays
    two moves in a row; the GUI's first move of a turn does not start it thinking."""
    with EngineProcess() as e:
        e.handshake()
        e.send("new", "variant marseillais", "sd 1", "go")
        pos = get_game("marseillais").position()
        first = e.expect(r"move \S+", 30)[0].split()[1]
        pos.push(pos.parse_move(first))
        for text in ("a7a6", "h7h6"):
            assert pos.turn == 1
            e.send(text)
            pos.push(pos.parse_move(text))
            if pos.turn == 1:
                assert not [x for x in e.sync() if x.startswith("move")]     # Black's turn goes on: no reply yet
        for _ in range(2):
            assert pos.turn == 0
            text = e.expect(r"move \S+", 30)[0].split()[1]
            assert text in {pos.move_name(m) for m in pos.legal_moves()}
            pos.push(pos.parse_move(text))
        assert pos.turn == 1 or pos.in_check()


def test_uci_second_move_of_a_turn():
    """UCI: after White's first move of its turn, ``go`` asks White again (the side to move stays the same)."""
    with EngineProcess(UCI_CMD) as e:
        e.send("uci")
        e.expect("uciok", 10)
        e.send("setoption name UCI_Variant value monster", "position startpos moves e2e4", "go depth 2")
        best = e.expect(r"bestmove .*", 30)[0].split()[1]
        pos = get_game("monster").position()
        pos.push(pos.parse_move("e2e4"))
        assert pos.turn == 0 and best in {pos.move_name(m) for m in pos.legal_moves()}
