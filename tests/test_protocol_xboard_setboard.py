"""The `setboard` XBoard itself sends the second engine of an engine-defined game (found by driving the real
XBoard 4.9.1, tools/xboard_match.py): its FEN is written in the flat projection with XBoard's own castling and
e.p. fields. The engine must read it as the start position it announced in `setup`."""
from __future__ import annotations

from protocol_support import InProcess

# Copied from XBoard 4.9.1 debug logs (artifacts/gui/*.debug): what XBoard sent the second engine.
XBOARD_MILLENNIUM = "rnbqkbnrnbkqbnr/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/RNBQKBNRNBKQBNR w KQ a6 0 1"
XBOARD_THIRD = "PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_millennium_setboard_with_xboard_castling_and_ep_fields_is_the_start_position():
    with InProcess() as eng:
        eng.send("xboard", "protover 2", "new", "variant millennium", "force")
        eng.send("setboard " + XBOARD_MILLENNIUM, "usermove n1m3", "ping 9")
        _, before = eng.expect("pong 9")
        assert not any(l.startswith(("tellusererror", "Illegal move", "Error")) for l in before), before
        start = eng.engine.game.position().fen()
        assert eng.engine.pos.fen() != start            # n1m3 was played
        eng.engine.pos.pop()
        assert eng.engine.pos.fen() == start            # castling rights of the start position kept


def test_third_millennium_flat_setboard_reads_n_as_the_double_knight():
    with InProcess() as eng:
        eng.send("xboard", "protover 2", "new", "variant third-millennium", "force")
        eng.send("setboard " + XBOARD_THIRD, "usermove g1f13n", "ping 9")   # a double-knight split
        _, before = eng.expect("pong 9")
        assert not any(l.startswith(("tellusererror", "Illegal move", "Error")) for l in before), before
        eng.engine.pos.pop()
        assert eng.engine.pos.fen() == eng.engine.game.position().fen()


def test_a_bad_board_is_still_refused():
    with InProcess() as eng:
        eng.send("xboard", "protover 2", "new", "force",
                 "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ping 3")   # 7 ranks
        _, before = eng.expect("pong 3")
        assert "tellusererror Illegal position" in before
