"""Millennium Chess over XBoard/CECP (``python -m hyperchess xboard`` as a subprocess): the ``setup`` line,
moves on files a-o, engine replies that are legal, and short games played to a result."""
from __future__ import annotations

import re


from hyperchess.variants import get_game

START = "rnbqkbnrnbkqbnr/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/RNBQKBNRNBKQBNR w AEHKOaehko - 0 1"
MOVE = r"move ([a-o][1-8][a-o][1-8][qrbn]?)"
RESULT = r"(1-0|0-1|1/2-1/2) \{.*\}"



def test_variant_millennium_sends_setup_before_pong_then_plays_legal_moves(eng):
    eng.send("new", "variant millennium")
    before = eng.sync()
    assert len(before) == 1
    m = re.fullmatch(r"setup \(([A-Za-z.]+)\) 15x8\+0_fairy (.+)", before[0])
    assert m and m.group(2) == START
    pos = get_game("millennium").position()
    eng.send("sd 1")
    for ours in ("o2o4", "i1j3", "k2k3"):            # the engine plays Black
        eng.send(f"usermove {ours}")
        pos.push(pos.parse_move(ours))
        reply = re.fullmatch(MOVE, eng.expect(MOVE, 30)[0]).group(1)
        pos.push(pos.parse_move(reply))              # raises if the engine's move is illegal here
    assert eng.sync() == []
    eng.send("usermove p2p4")                        # no file p on this board
    assert eng.expect(r"(Illegal move|Error).*", 5)[0]


def test_engine_captures_the_keystone_then_mates(eng):
    """White (the engine) wins a short game against scripted Black replies (the first legal move)."""
    fen = "k13k/pp11pp/15/15/15/15/15/4R5K1K2 w - - 0 1"
    pos = get_game("millennium").position(fen)
    eng.send("new", "variant millennium", "force", f"setboard {fen}", "sd 3", "go")
    for _ in range(10):
        line, _ = eng.expect(f"{MOVE}|{RESULT}", 60)
        if re.fullmatch(RESULT, line):
            break
        pos.push(pos.parse_move(re.fullmatch(MOVE, line).group(1)))
        if pos.outcome() is not None:
            line, _ = eng.expect(RESULT, 10)
            break
        reply = sorted(pos.move_name(mv) for mv in pos.legal_moves())[0]
        pos.push(pos.parse_move(reply))
        eng.send(f"usermove {reply}")
    assert line == "1-0 {White mates}"
    assert len(pos.royals[1]) == 1 and pos.outcome().termination == "checkmate"
    assert pos.moves_made <= 5                       # a quick mate: at most three White moves


def test_user_mates_the_engine_after_the_keystone_falls(eng):
    """Rc1xc8 takes one Black king and mates the other: the engine (Black) announces the result."""
    eng.send("new", "variant millennium", "setboard k1k12/pp13/15/15/15/15/15/2R7K3K w - - 0 1", "sd 2",
             "usermove c1c8")
    line, before = eng.expect(RESULT, 10)
    assert line == "1-0 {White mates}"
    assert not any(re.fullmatch(MOVE, x) for x in before)


def test_promotion_over_the_protocol_obeys_the_reserve(eng):
    """setboard with the reserve field; g7g8q is refused while only a knight was lost (M4)."""
    eng.send("new", "variant millennium", "force",
             "setboard k14/6P8/15/15/15/15/PPPPPP1PPPPPPPP/RNBQKB1RNBKQBNR w - - 0 1", "usermove g7g8q")
    assert eng.expect(r"Illegal move.*", 5)[0] == "Illegal move: g7g8q"
    eng.send("usermove g7g8n")
    assert eng.sync() == []
    eng.send("setboard 10k3k/P1P12/15/15/15/15/r14/4K5K4 w - - 0 1 [N]", "usermove a7a8n", "usermove k8k7",
             "usermove c7c8n")                       # the one knight has been reinstated already
    assert eng.expect(r"Illegal move.*", 5)[0] == "Illegal move: c7c8n"
    assert eng.sync() == []
