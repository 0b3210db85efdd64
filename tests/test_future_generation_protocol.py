"""future-generation and next-generation over XBoard/CECP in native notation (``Aa2Ba4``): two engine
processes play each other, every move is checked against our own legal moves and replayed on our own
position; in future-generation each engine plays a whole team (``go`` plays the side to move, and a team
whose partner is skipped simply moves again: no null moves in native notation)."""
from __future__ import annotations

import pytest

from protocol_support import EngineProcess, engine_move
from hyperchess.variants import get_game



def start(variant: str, depth: int) -> EngineProcess:
    e = EngineProcess()
    e.handshake()
    # Randomize=0: the same game every run (with opening noise a game between shallow engines could
    # wander past the ply limit now and then)
    e.send("new", f"variant {variant}", "option Notation=native", "option Randomize=0", f"sd {depth}", "nopost")
    # (the flat board is announced with `setup` even in native notation, for XBoard's display)
    assert [line for line in e.sync() if not line.startswith(("#", "setup "))] == []
    return e


def test_two_engines_play_a_whole_future_generation_game():
    """Kings are captured, the eliminated colour's turn is skipped, and the game ends with the team result
    that the last mover claims."""
    game = get_game("future-generation")
    pos = game.position()
    engines = [start(game.name, 2), start(game.name, 2)]     # engines[t] plays team t (White+Gold / Black+Silver)
    # (depth 2 against 1 drew by the 200-ply rule once the search knew the game's own fifty_plies)
    try:
        engines[0].send("go")                  # after `new` an engine plays Black's team: `go` switches it
        skipped, kings_taken, outcome = 0, 0, None
        while outcome is None and pos.moves_made < 600:
            before = pos.turn
            mover = engines[game.teams[before]]
            kings = sum(bool(r) for r in pos.royals)
            text = engine_move(mover, pos, 60)
            kings_taken += kings - sum(bool(r) for r in pos.royals)
            outcome = pos.outcome()
            if outcome is None:
                skipped += pos.turn != (before + 1) % 4
            engines[1 - game.teams[before]].send(f"usermove {text}")
        assert outcome is not None, f"no result after {pos.moves_made} plies"
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
    engines = [start(game.name, 3), start(game.name, 1)]
    try:
        engines[0].send("go")
        for _ in range(60):
            if pos.outcome() is not None:
                break
            mover = engines[pos.turn]
            text = engine_move(mover, pos, 60)
            engines[pos.turn].send(f"usermove {text}")      # the other engine answers on its own
        assert pos.moves_made >= 20
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
        from hyperchess.protocol.flat import flat_names, parse_flat_move
        move = parse_flat_move(pos, reply, flat_names(game))
        assert move is not None and pos.board[move[0]] and game.owner[pos.board[move[0]]] == 3


def test_xboard_rank16_drop_is_refused_with_the_reason_and_state_intact():
    """XBoard 4.9.1 relays a move from its 16th rank as a drop (Black's Ab8-Ac6 = flat b16c14 arrives as
    ``B@c14``; docs/gui.md). The engine refuses it with a one-line reason and keeps its position; the same
    move in flat names, and a move *to* rank 16, are accepted."""
    from protocol_support import InProcess
    game = get_game("future-generation")
    with InProcess() as e:
        e.handshake()
        e.send("new", "variant future-generation", "sd 1", "force", "usermove e10e12")   # Ae2-Ae4
        e.sync()
        fen = e.engine.pos.fen()
        e.send("usermove B@c14")
        line = e.expect(r"Illegal move.*")[0]
        assert line == ("Illegal move (XBoard cannot move from its 16th rank, it sent a move from b16 as a "
                        "drop): B@c14")
        assert e.engine.pos.fen() == fen
        e.send("usermove b16c14")                           # the real move, in flat names
        # Gold Dg2-Df2, Silver Db2-Dc2, White Ad1-Ah5, Black Ac6-Ab8 (a move to rank 16)
        e.send("usermove o2n2", "usermove j2k2", "usermove d9h13", "usermove c14b16")
        e.sync()
        pos = game.position()
        for text in ("Ae2Ae4", "Ab8Ac6", "Dg2Df2", "Db2Dc2", "Ad1Ah5", "Ac6Ab8"):
            pos.push(pos.parse_move(text))
        assert e.engine.pos.fen() == pos.fen()
        # a drop-looking token on a board without a 16th rank keeps the plain refusal
        e.send("new", "variant next-generation", "force", "usermove B@c4")
        assert e.expect(r"Illegal move.*")[0] == "Illegal move: B@c4"


# White clears f1 and g1 on level A while Black pushes pawns on level B (flat names: A = files a-h, B = i-p)
CASTLING_SETUP = ("g1f3", "j7j6", "e2e3", "k7k6", "f1e2", "l7l6")


def test_xboard_castling_is_king_part_null_move_rook_part_when_we_castle():
    """next-generation in flat notation: XBoard moves only the king of a castling (no royal king is shown to
    it, docs/gui.md). Our castling goes out as the king's move; after the opponent's ``@@@@`` the engine
    sends the rook's move, and then waits for the opponent's real move."""
    from protocol_support import InProcess
    with InProcess() as e:
        e.handshake()
        e.send("new", "variant next-generation", "sd 1", "force", *(f"usermove {m}" for m in CASTLING_SETUP))
        e.sync()
        e.send("exclude all", "include e1g1", "go")           # White to move: the engine plays White, castles
        assert e.expect(r"move .*")[0] == "move e1g1"
        e.send("usermove @@@@")
        assert e.expect(r"move .*")[0] == "move h1f1"
        e.send("usermove m7m6")                               # Black's real move: the engine (White) replies
        reply = e.expect(r"move .*")[0]
        assert reply.split()[1] != "@@@@"
        pos = e.engine.pos
        names = [pos.game.names.name(c) for c in range(pos.game.geometry.size)]
        board = {names[c]: pos.board[c] for c in range(len(names))}
        assert board["Ah1"] == 0 and board["Ae1"] == 0 and board["Af1"] and board["Ag1"]
        assert pos.moves_made == len(CASTLING_SETUP) + 3      # castling, Black's move, the reply: no extra plies


def test_xboard_castling_of_the_opponent_is_answered_with_a_null_move():
    """The opponent (XBoard's other engine or a user) castles in three plies: the king's move, our ``@@@@``
    (sent at once, no search), the rook's move, which we accept silently before we think."""
    from protocol_support import InProcess
    game = get_game("next-generation")
    with InProcess() as e:
        e.handshake()
        e.send("new", "variant next-generation", "sd 1", "force", *(f"usermove {m}" for m in CASTLING_SETUP),
               "playother")                                   # the engine plays Black; White is to move
        e.sync()
        e.send("usermove e1g1")
        assert e.expect(r"move .*")[0] == "move @@@@"
        e.send("usermove h1f1")
        reply = e.expect(r"(move|Illegal).*")[0]
        assert reply.startswith("move ") and reply != "move @@@@"
        pos = game.position()
        for text in ("Ag1Af3", "Bb7Bb6", "Ae2Ae3", "Bc7Bc6", "Af1Ae2", "Bd7Bd6", "Ae1Ag1"):
            pos.push(pos.parse_move(text))
        assert e.engine.pos.move_stack[:pos.moves_made] == pos.move_stack and e.engine.pos.moves_made == pos.moves_made + 1
        # in force mode (XBoard replaying a game) the three plies are taken in silence
        e.send("new", "variant next-generation", "force", *(f"usermove {m}" for m in CASTLING_SETUP),
               "usermove e1g1", "usermove @@@@", "usermove h1f1", "usermove m7m6")
        assert [x for x in e.sync() if not x.startswith(("#", "setup"))] == []
        assert e.engine.pos.moves_made == len(CASTLING_SETUP) + 2


def test_xboard_passes_the_null_move_on_as_setboard():
    """The real XBoard 4.9.1 passes the opponent's ``@@@@`` on as ``setboard`` of its own board (the king
    castled, the rook still at home: the line below is from its debug log, after 1. Nf3 Bb7 2. e3 Qc7
    3. Be2 Nk6 4. e1g1 --). The engine takes it as the null move and sends the rook's part; any other
    setboard still sets the position."""
    from protocol_support import InProcess
    xboard_line = "setboard 8r3mbnr/1bq5ffffffff/10n5/16/16/4FN10/FFFFBFFF8/RNBQ2MR8 w - - 0 5"
    with InProcess() as e:
        e.handshake()
        e.send("new", "variant next-generation", "sd 1", "force",
               *(f"usermove {m}" for m in ("g1f3", "k8b7", "e2e3", "l8c7", "f1e2", "j8k6")))
        e.sync()
        e.send("exclude all", "include e1g1", "go")
        assert e.expect(r"move .*")[0] == "move e1g1"
        e.send(xboard_line)
        assert e.expect(r"move .*")[0] == "move h1f1"
        assert e.engine.pos.moves_made == 7                       # the castling once, no position reset
        e.send("force", xboard_line)                              # not waiting for a null move: a real setboard
        e.sync()
        assert e.engine.pos.moves_made == 0 and e.engine.pos.fen().split()[1] == "w"
