"""future-generation and next-generation over XBoard/CECP in native notation (``Aa2Ba4``): two engine
processes play each other, every move is checked against our own legal moves and replayed on our own
position; in future-generation each engine plays a whole team (``go`` plays the side to move, and a team
whose partner is skipped simply moves again: no null moves in native notation)."""
from __future__ import annotations

import pytest

from protocol_support import EngineProcess, engine_move
from variants import get_game



def start(variant: str, depth: int) -> EngineProcess:
    e = EngineProcess()
    e.handshake()
    e.send("new", f"variant {variant}", "option Notation=native", f"sd {depth}", "nopost")
    # (the flat board is announced with `setup` even in native notation, for XBoard's display)
    assert [line for line in e.sync() if not line.startswith(("#", "setup "))] == []
    return e


def test_two_engines_play_a_whole_future_generation_game():
    """Kings are captured, the eliminated colour's turn is skipped, and the game ends with the team result
    that the last mover claims."""
    game = get_game("future-generation")
    pos = game.position()
    engines = [start(game.name, 2), start(game.name, 1)]     # engines[t] plays team t (White+Gold / Black+Silver)
    try:
        engines[0].send("go")                  # after `new` an engine plays Black's team: `go` switches it
        skipped, kings_taken, outcome = 0, 0, None
        while outcome is None and len(pos.stack) < 600:
            before = pos.turn
            mover = engines[game.teams[before]]
            kings = sum(bool(r) for r in pos.royals)
            text = engine_move(mover, pos, 60)
            kings_taken += kings - sum(bool(r) for r in pos.royals)
            outcome = pos.outcome()
            if outcome is None:
                skipped += pos.turn != (before + 1) % 4
            engines[1 - game.teams[before]].send(f"usermove {text}")
        assert outcome is not None, f"no result after {len(pos.stack)} plies"
        assert outcome.termination == "kings captured" and kings_taken >= 2 and skipped >= 1
        claim, _ = mover.expect(r"(1-0|0-1|1/2-1/2) \{.*\}", timeout=10)
        assert claim.split()[0] == outcome.result, (claim, outcome)
    finally:
        for e in engines:
            e.close()


@pytest.mark.slow
def test_two_engines_play_next_generation_moves():
    """Sixty plies of next-generation between two engine processes, each move checked and relayed."""
    game = get_game("next-generation")
    pos = game.position()
    engines = [start(game.name, 2), start(game.name, 2)]
    try:
        engines[0].send("go")
        for _ in range(60):
            if pos.outcome() is not None:
                break
            mover = engines[pos.turn]
            text = engine_move(mover, pos, 60)
            engines[pos.turn].send(f"usermove {text}")      # the other engine answers on its own
        assert len(pos.stack) >= 20
    finally:
        for e in engines:
            e.close()


def test_flat_notation_null_move_for_the_eliminated_colour():
    """XBoard's view (teams as its two colours): White takes Black's king, so Gold (White's partner) moves
    next; the engine, playing Black's team, owes XBoard the null move ``@@@@`` for the skipped Black, then
    answers Gold's move with a real Silver move, all in flat square names."""
    from protocol_support import InProcess
    from test_future_generation import KING_CAPTURE_LINE
    game = get_game("future-generation")
    pos = game.position()
    for text in KING_CAPTURE_LINE[:-1]:
        pos.push(pos.parse_move(text))
    with InProcess() as e:
        e.handshake()
        e.send("new", "variant future-generation", "sd 1", "force", f"setboard {pos.fen()}", "playother")
        e.sync()
        e.send("usermove h13e16")                # Ah5xAe8: White's queen takes Black's king
        assert e.expect(r"move .*")[0] == "move @@@@"
        e.send("usermove o4n4")                  # Gold's Dg4-Df4: Silver (the engine) is next
        reply = e.expect(r"move .*")[0].split()[1]
        for text in ("Ah5Ae8", "Dg4Df4"):
            pos.push(pos.parse_move(text))
        from protocol.flat import flat_names, parse_flat_move
        move = parse_flat_move(pos, reply, flat_names(game))
        assert move is not None and pos.board[move[0]] and game.owner[pos.board[move[0]]] == 3
