"""Four-player chess and bughouse over CECP and UCI (issue #69): asked to move in a position of a random game,
the engine gives a legal move of that position (``position fen`` + ``go depth 1``; ``setboard`` + ``go`` at
``sd 1``), in 1,000 random positions each (slow; a few dozen in the normal suite). Alice, Marseillais and
Monster have the same check in test_alice_protocols.py and test_double_move_protocol.py."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.flat_wire import parse_flat_move

from protocol_support import UCI_CMD, EngineProcess, random_positions

GAMES = ["fourplayer-teams", "fourplayer-ffa", "bughouse"]


def positions(name: str, count: int, seed: int) -> list[str]:
    """``random_positions``; for bughouse, whose single board never fills its own hands, every other one gets
    a random hand for each side (as a server's ``holding`` would), so drops are asked for too."""
    fens = random_positions(name, count, seed)
    if name != "bughouse":
        return fens
    rng = random.Random(seed)
    out = []
    for i, fen in enumerate(fens):
        if i % 2:
            hand = "".join(rng.choice("QRBNPqrbnp") for _ in range(rng.randrange(1, 8)))
            board, rest = fen.split("[]", 1)
            fen = f"{board}[{hand}]{rest}"
        out.append(fen)
    return out


def legal_names(name: str, fen: str) -> set[str]:
    pos = get_game(name).position(fen)
    return {pos.move_name(m) for m in pos.legal_moves()}


def uci_moves(name: str, fens: list[str]) -> None:
    with EngineProcess(UCI_CMD) as e:
        e.send("uci")
        e.expect("uciok", 10)
        e.send(f"setoption name UCI_Variant value {name}", "isready")
        e.expect("readyok", 30)
        for fen in fens:
            e.send(f"position fen {fen}", "go depth 1")
            line, before = e.expect(r"bestmove .*", 60)
            assert not [x for x in before if "refused" in x or "bad position" in x], (fen, before)
            assert line.split()[1] in legal_names(name, fen), (fen, line)


def cecp_moves(name: str, fens: list[str]) -> None:
    """CECP's names are read back with the game's flat projection (the one the engine announced), then checked
    as native names."""
    game = get_game(name)
    with EngineProcess() as e:
        e.handshake()
        e.send("new", f"variant {name}", "force", "sd 1")
        for fen in fens:
            e.send("force", f"setboard {fen}", "go")
            line, before = e.expect(r"move \S+", 60)
            assert not [x for x in before if x.startswith(("Illegal", "Error", "tellusererror"))], (fen, before)
            pos = game.position(fen)
            text = line.split()[1]
            move = parse_flat_move(pos, text, game.flat_names) if game.flat_names is not None else None
            assert (pos.move_name(move) if move is not None else text) in legal_names(name, fen), (fen, line)
            e.send("force")
            e.sync(30)


@pytest.mark.parametrize("name", GAMES)
def test_uci_and_cecp_give_legal_moves(name):
    fens = positions(name, 25, seed=11)
    uci_moves(name, fens)
    cecp_moves(name, fens)


# A random FFA game's position (seed 69 of the slow test): Yellow's army is dead and Blue has taken its king.
DEAD_KING_TAKEN = ("***yRyNyBbQyQgByNyR***/***yP2yPyPyP1yP***/***bB1yP3yP1***/bRbP10gPgR/bN2bPbB5gP2gN/2bP9gP1/"
                   "1bP10gPgK/bK1bP7gP2gQ/1bP10gPgB/1bP2bN7gPgN/bRbP3rB1rPrP1gP2gR/***7rQ***/***rPrPrPrP2rPrP***/"
                   "***rRrNrB1rK1rNrR*** b rKrQbKbQgKgQ - 3 10 y 0,20,0,0")


def test_a_dead_army_without_its_king_is_a_position_both_protocols_read():
    """The position string the engine writes after a dead army's king is taken reads back (it was refused:
    "team 3 has no king left"), and both protocols answer a legal move in it."""
    pos = get_game("fourplayer-ffa").position(DEAD_KING_TAKEN)
    assert pos.eliminated(2) and not pos.royals[2] and pos.legal_moves()
    uci_moves("fourplayer-ffa", [DEAD_KING_TAKEN])
    cecp_moves("fourplayer-ffa", [DEAD_KING_TAKEN])


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("protocol", ["uci", "cecp"])
def test_a_legal_move_in_1000_random_positions(name, protocol):
    fens = positions(name, 1000, seed=69)
    (uci_moves if protocol == "uci" else cecp_moves)(name, fens)
