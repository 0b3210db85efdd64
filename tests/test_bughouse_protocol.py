"""One board of bughouse over the wire: CECP's ``variant bughouse`` and a server's ``holding [WHITE] [BLACK]``
(XBoard's engine-intf.html, "Bughouse commands"), UCI's pockets in the position string."""
from __future__ import annotations

import sys

from protocol_support import EngineProcess, InProcess
from hyperchess.variants import get_game

BACK_RANK = "7k/6pp/8/8/8/8/8/K7[] w - - 0 1"       # a queen dropped on the eighth rank mates
MATES = {f"Q@{f}8" for f in "abcdef"}


def _mates(fen: str, move: str) -> bool:
    pos = get_game("bughouse").position(fen)
    pos.push(pos.parse_move(move))
    outcome = pos.outcome()
    return outcome is not None and outcome.result == "1-0"


def test_cecp_holding_sets_the_hands_and_the_engine_drops_what_it_was_given():
    with InProcess() as cecp:
        cecp.handshake()
        cecp.send("new", "variant bughouse", "force", f"setboard {BACK_RANK}")
        assert not cecp.sync()
        cecp.send("holding [Q] [pp]")
        assert not cecp.sync()
        assert cecp.engine.pos.fen() == "7k/6pp/8/8/8/8/8/K7[Qpp] w - - 0 1"
        cecp.send("holding [Q] [pp] BP")           # the piece just gained, added to the hand as it is now
        assert not cecp.sync()
        assert cecp.engine.pos.fen() == "7k/6pp/8/8/8/8/8/K7[Qppp] w - - 0 1"
        cecp.send("sd 2", "go")
        move = cecp.expect(r"move \S+", 60)[0].split()[1]
        assert move in MATES and _mates("7k/6pp/8/8/8/8/8/K7[Qppp] w - - 0 1", move)


def test_cecp_holding_while_thinking_thinks_again_with_the_new_hand():
    with InProcess() as cecp:
        cecp.handshake()
        cecp.send("new", "variant bughouse", "force", f"setboard {BACK_RANK}", "st 2", "go", "holding [] [] WQ")
        move, before = cecp.expect(r"move \S+", 60)
        assert move.split()[1] in MATES and not [line for line in before if line.startswith("move")]


def test_cecp_bad_holding_is_one_line():
    with InProcess() as cecp:
        cecp.handshake()
        cecp.send("new", "variant bughouse", "holding [X] []", "holding PP", "variant normal", "holding [Q] []")
        lines = cecp.sync()
        assert lines == ["Error (bad holding: bad pieces in hand [X]: 'X' is no piece letter): holding [X] []",
                         "Error (bad holding, give holding [WHITE] [BLACK]): holding PP",
                         "Error (no pieces in hand in this game): holding [Q] []"]


def test_cecp_partner_and_ptell_are_taken_silently():
    with InProcess() as cecp:
        cecp.handshake()
        cecp.send("new", "variant bughouse", "partner mann", "ptell sit", "partner")
        assert not cecp.sync()


def test_uci_reads_the_pockets_of_the_position_string():
    with EngineProcess([sys.executable, "-m", "hyperchess", "uci"]) as eng:
        eng.send("uci", "setoption name UCI_Variant value bughouse", "isready")
        eng.expect("readyok")
        eng.send("position fen 7k/6pp/8/8/8/8/8/K7[Qpp] w - - 0 1", "go depth 2")
        assert eng.expect(r"bestmove \S+.*", 60)[0].split()[1] in MATES
