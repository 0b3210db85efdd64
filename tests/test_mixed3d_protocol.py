"""mixed3d over XBoard/CECP (protocol.md §1.3: no flat projection, native notation `4e24e4`).

The engine runs as a subprocess (``hyperchess xboard``); every move it prints is checked against our own
legal move list and replayed on our own position.
"""
from __future__ import annotations

import pytest

from protocol_support import EngineProcess, engine_move
from hyperchess.variants import get_game




def test_scripted_opening_then_self_play(eng):
    game = get_game("mixed3d")
    pos = game.position()
    eng.send("new", "variant mixed3d", "sd 2", "force")
    assert [l for l in eng.sync() if not l.startswith("#")] == []
    # Betza's opening in native notation, then the engine plays both sides for 4 plies.
    for text in "4e24e4 4e74e6 4d24d4 4d74d5".split():
        eng.send(f"usermove {text}")
        pos.push(pos.parse_move(text))
    assert [l for l in eng.sync() if not l.startswith("#")] == []
    played = []
    for _ in range(4):
        eng.send("go")
        played.append(engine_move(eng, pos))
        eng.send("force")
    assert len(played) == 4
    # the engine's position agrees with ours: a move legal only here is accepted, an illegal one refused
    eng.send("setboard " + pos.fen())
    assert [l for l in eng.sync() if not l.startswith("#")] == []
    empty = [c for c in range(game.geometry.size) if not pos.board[c]]
    eng.send(f"usermove {game.names.name(empty[0])}{game.names.name(empty[1])}")
    assert any(l.startswith("Illegal move") for l in eng.sync())
    legal = pos.legal_moves()[0]
    eng.send(f"usermove {pos.move_name(legal)}")
    assert [l for l in eng.sync() if not l.startswith("#")] == []


def test_engine_answers_usermoves_and_castling_notation(eng):
    game = get_game("mixed3d")
    fen = ("8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/r7|8/8/8/8/8/8/8/7R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3|"
           "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/R6R w ST - 0 1")
    pos = game.position(fen)
    assert pos.fen() == fen
    eng.send("new", "variant mixed3d", "sd 1", "force", "setboard " + fen)
    assert [l for l in eng.sync() if not l.startswith("#")] == []
    eng.send("usermove O-O(2c1)", "go")             # the 1a1 castling, written as the contract does
    pos.push(pos.parse_move("4e12c1"))
    engine_move(eng, pos)
    assert game.letter_of(pos.board[game.names.parse("3d1")]) == "R"
    eng.send("force", "usermove 4e99e9")
    assert any(l.startswith("Illegal move") or l.startswith("Error") for l in eng.sync())


@pytest.mark.slow
def test_two_engines_play_a_complete_game_in_native_notation():
    """Two engine processes play a whole mixed3d game over the protocol (moves relayed in native notation,
    0.05 s a move); every move is checked against our own legal moves, and the engine that made the last
    move claims the result our position reaches."""
    game = get_game("mixed3d")
    pos = game.position()
    white, black = EngineProcess(), EngineProcess()
    try:
        for e in (white, black):
            e.handshake()
            e.send("new", "variant mixed3d", "st 0.05", "nopost")
            e.sync()
        white.send("go")                       # after `new` the engine plays Black: `go` makes this one White
        mover, other = white, black
        outcome = None
        while outcome is None and pos.moves_made < 3000:
            text = engine_move(mover, pos)
            outcome = pos.outcome()
            if outcome is None:
                other.send(f"usermove {text}")  # the other engine is not in force mode: it answers
                mover, other = other, mover
        assert outcome is not None, f"no result after {pos.moves_made} plies"
        claim, _ = mover.expect(r"(1-0|0-1|1/2-1/2) \{.*\}", timeout=10)
        assert claim.split()[0] == outcome.result, (claim, outcome)
    finally:
        white.close()
        black.close()
