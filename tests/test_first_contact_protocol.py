"""first-contact over XBoard/CECP: native notation on the wire (``@Wa1u``, ``K@b22``, ``a32b54``,
``Wa1u-Na1u``), no flat view. The engine runs as a subprocess; every move it prints is checked against our own
legal move list and replayed on our own position."""
from __future__ import annotations

import random

import pytest

from hyperchess.protocol.flat import flat_names
from protocol_support import EngineProcess, engine_move
from hyperchess.variants import get_game

GAME = get_game("first-contact")




def test_no_flat_view():
    assert flat_names(GAME) is None


def test_setup_phase_and_aliases_on_the_wire(eng):
    pos = GAME.position()
    eng.send("new", "variant first-contact", "sd 1", "force")
    assert [l for l in eng.sync() if not l.startswith("#")] == []
    for text in ("@Wa1u", "Ba4u", "@Wd1u", "@Bd4u", "K@Wb2", "k@c76"):     # aliases accepted
        eng.send(f"usermove {text}")
        pos.push(pos.parse_move(text))
    assert [l for l in eng.sync() if not l.startswith("#")] == []
    eng.send("usermove Wa1u-Wa4u")               # empty platform: it may only invert
    assert any(l.startswith("Illegal move") for l in eng.sync())
    eng.send("usermove Wb2-Wa1u:b2", "go")         # the king onto a platform (Smith's names)
    pos.push(pos.parse_move("b22a13"))
    engine_move(eng, pos)
    eng.send("force", "setboard " + pos.fen())
    assert [l for l in eng.sync() if not l.startswith("#")] == []


def test_a_game_against_a_random_mover_through_the_protocol_to_its_result(eng):
    """The engine (Black after `new`, depth 3 and no randomness, so the game does not depend on the machine's
    speed) against random legal actions sent as usermoves; every engine move is legal for us, and at the end
    the engine claims the result our position reaches."""
    rng = random.Random(7)
    pos = GAME.position()
    eng.send("new", "variant first-contact", "option Randomize=0", "sd 3", "nopost")
    assert [l for l in eng.sync() if not l.startswith("#")] == []
    outcome = None
    last_by_engine = False
    while outcome is None and pos.moves_made < 400:
        if pos.turn == 0:
            m = rng.choice(pos.legal_moves())
            text = pos.move_name(m)
            pos.push(m)
            last_by_engine = False
            outcome = pos.outcome()
            eng.send(f"usermove {text}")
        else:
            engine_move(eng, pos)
            last_by_engine = True
            outcome = pos.outcome()
    assert outcome is not None, "no result"
    assert outcome.result == "0-1" and outcome.termination == "check" and last_by_engine
    claim, _ = eng.expect(r"(1-0|0-1|1/2-1/2) \{.*\}", timeout=10)
    assert claim.split()[0] == "0-1"


@pytest.mark.slow
def test_two_engines_play_a_complete_game_in_native_notation():
    pos = GAME.position()
    white, black = EngineProcess(), EngineProcess()
    try:
        for e in (white, black):
            e.handshake()
            e.send("new", "variant first-contact", "st 0.05", "nopost")
            e.sync()
        white.send("go")
        mover, other = white, black
        outcome = None
        while outcome is None and pos.moves_made < 3000:
            text = engine_move(mover, pos)
            outcome = pos.outcome()
            if outcome is None:
                other.send(f"usermove {text}")
                mover, other = other, mover
        assert outcome is not None, (pos.moves_made, pos.fen())
        claim, _ = mover.expect(r"(1-0|0-1|1/2-1/2) \{.*\}", timeout=10)
        assert claim.split()[0] == outcome.result, (claim, outcome)
    finally:
        white.close()
        black.close()
