"""Four-player chess, bughouse and fog of war over CECP and UCI (issue #69): asked to move in a position of a
random game, the engine gives a legal move of that position (``position fen`` + ``go depth 1``; ``setboard`` +
``go`` at ``sd 1``), in 1,000 random positions each (slow; a few dozen in the normal suite). A fog seat is given
only its view (``visibility.view_string``), and its move is judged in the whole position. Alice, Marseillais and
Monster have the same check in test_alice_protocols.py and test_double_move_protocol.py."""
from __future__ import annotations

import random

import pytest

from hyperchess.variants import get_game

from protocol_support import cecp_legal_moves as cecp_moves, random_positions, uci_legal_moves as uci_moves

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


def fog_views(fens: list[str]) -> list[str]:
    """What the side to move sees of each of ``fens`` (fogofwar), as the match runner sends it."""
    from hyperchess.variants.core.visibility import view_string
    game = get_game("fogofwar")
    return [view_string(game.position(fen)) for fen in fens]


@pytest.mark.parametrize("count, seed", [(25, 11), pytest.param(1000, 69, marks=pytest.mark.slow)])
def test_a_fog_seat_given_its_view_moves_legally(count, seed):
    fens = random_positions("fogofwar", count, seed)
    views = fog_views(fens)
    assert all("?" in v for v in views)          # the engine is not given the whole position
    uci_moves("fogofwar", fens, views)
    cecp_moves("fogofwar", fens, views)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("protocol", ["uci", "cecp"])
def test_a_legal_move_in_1000_random_positions(name, protocol):
    fens = positions(name, 1000, seed=69)
    (uci_moves if protocol == "uci" else cecp_moves)(name, fens)
