"""Four players shown to XBoard as two colours (Part 1 §1.4): ``go``/moves for the side to move, and the
null move ``@@@@`` when a skipped colour breaks XBoard's White/Black alternation.

The game here is a test-only toy (four kings, capture-the-king, eliminated colours skipped, from
tests/four_kings.py) so that the protocol logic is checked on the smallest four-player game; the real one,
future-generation, has its own protocol tests."""
from __future__ import annotations

import pytest

from four_kings import FourKingsToy
from protocol_support import InProcess
from hyperchess.variants.core.game import code_of


class FourKings(FourKingsToy):
    """The match runner's toy (four kings, capture-the-king, eliminated colours skipped) on an empty board."""
    name = "four-kings-test"
    start_fen = "8/8/8/8/8/8/8/8 w - - 0 1"

    def setup(self, kings: dict[int, str], turn: int):
        pos = self.position()
        for color, square in kings.items():
            pos._set(self.names.parse(square), code_of(1, color))
        pos.hash ^= self.z_turn[pos.turn] ^ self.z_turn[turn]
        pos.turn = turn
        pos.history = [pos.hash]
        return pos


@pytest.fixture
def four():
    game = FourKings()
    e = InProcess()
    e.handshake()
    e.send("new", "force")
    e.sync()
    e.engine.game = game
    yield e, game
    e.close()


def test_force_mode_accepts_the_owed_null_move(four):
    e, game = four
    e.engine.pos = game.setup({0: "a1", 1: "h8", 2: "g7", 3: "h1"}, 0)
    e.send("@@@@")                                   # nothing owed yet
    assert e.sync() == ["Error (unknown command): @@@@"]
    e.send("a1a2", "h8g7")                           # Black takes Gold's king: Gold is skipped from now on
    assert e.sync() == []
    assert e.engine.pos.turn == 3 and e.engine.null_owed == 0
    e.send("usermove @@@@", "h1g1")                  # White's team passes, then Silver moves
    assert e.sync() == []
    assert e.engine.pos.turn == 0 and e.engine.null_owed is None


def test_engine_sends_the_null_move_for_its_skipped_colour(four):
    e, game = four
    e.engine.pos = game.setup({0: "a1", 1: "h8", 3: "h1"}, 1)     # Gold already out, Black to move
    e.engine.force, e.engine.side = False, 0                     # the engine is White's team
    e.send("sd 1", "h8h7")                           # Black moves; Silver is next, but XBoard expects White
    assert e.expect(r"move .*")[0] == "move @@@@"
    e.send("h1g1")                                   # Silver moves: White's turn, the engine thinks
    move = e.expect(r"move .*")[0]
    assert move != "move @@@@" and e.engine.pos.turn == 1


def test_engine_waits_for_the_opponents_null_move(four):
    e, game = four
    e.engine.pos = game.setup({0: "a1", 2: "a8", 3: "h1"}, 0)     # Black out: White, Gold, Silver
    e.engine.force, e.engine.side = False, 0
    e.send("sd 1", "go")                             # White moves; Gold (our team) is next
    first = e.expect(r"move .*")[0]
    assert first != "move @@@@" and e.engine.null_owed == 1
    assert e.sync() == []                            # no second move before Black's pass
    e.send("@@@@")                                   # XBoard's Black passes: Gold's turn, the engine moves
    assert e.expect(r"move .*")[0] != "move @@@@"
    assert e.engine.pos.turn == 3


def test_native_notation_plays_both_colours_of_the_team(four):
    e, game = four
    e.send("option Notation=native")
    e.sync()
    e.engine.pos = game.setup({0: "a1", 2: "a8", 3: "h1"}, 0)
    e.engine.force, e.engine.side = False, 0
    e.send("sd 1", "go")                             # White, then Gold at once: no null moves natively
    e.expect(r"move .*")
    e.expect(r"move .*")
    assert e.engine.pos.turn == 3
