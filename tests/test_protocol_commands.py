"""Every GUI->engine command of protocol.md Part 2 §3, in-process (the engine's loop on queues)."""
from __future__ import annotations

import re
import time

import chess
import pytest

from hyperchess.protocol.flat import FlatNames, flat_names, piece_to_char, same_names
from protocol_support import THINKING, InProcess, xboard_variant
from hyperchess.variants import BUILT_IN_GAMES, get_game


@pytest.fixture
def eng():
    e = InProcess()
    e.handshake()
    yield e
    e.close()


def fen4(e) -> str:
    return " ".join(e.engine.pos.fen().split()[:4])


def test_new_resets_and_engine_plays_black(eng):
    eng.send("new", "force", "e2e4", "e7e5", "sd 3", "nps 5000", "new")
    assert eng.sync() == []
    assert eng.engine.pos.fen() == chess.STARTING_FEN
    assert eng.engine.clock.sd is None and eng.engine.clock.nps is None and not eng.engine.force
    eng.send("st 0.1", "e2e4")
    move = eng.expect(r"move \S+")[0]
    b = chess.Board()
    b.push_uci("e2e4")
    b.push_xboard(move[5:])


def test_variant_known_builtin_and_unknown(eng):
    eng.send("new", "variant capablanca")
    assert eng.sync() == []
    assert eng.engine.game.name == "capablanca"
    assert eng.engine.pos.fen() == get_game("capablanca").start_fen
    eng.send("variant nosuchgame")
    assert eng.sync() == ["Error (unsupported variant): nosuchgame"]
    assert eng.engine.game.name == "capablanca"               # state kept


def test_playother_and_go(eng):
    eng.send("new", "force", "e2e4", "playother")               # Black to move; engine plays White
    assert eng.quiet(0.5) == []
    eng.send("st 0.1", "e7e5")
    move = eng.expect(r"move \S+")[0]
    b = chess.Board()
    b.push_uci("e2e4")
    b.push_uci("e7e5")
    assert chess.Move.from_uci(move[5:]) in b.legal_moves and b.turn == chess.WHITE


def test_sd_limits_depth_and_nopost_silences(eng):
    eng.send("new", "force", "sd 2", "post", "go")
    lines = eng.expect(r"move \S+")[1]
    assert lines and all(THINKING.match(l) and int(l.split()[0]) <= 2 for l in lines)
    eng.send("force", "nopost", "go")
    assert eng.expect(r"move \S+")[1] == []


def test_nps_turns_time_into_nodes(eng):
    eng.send("new", "force", "nps 1", "st 2000", "post", "go")     # python-chess: nodes = 2000
    lines = eng.expect(r"move \S+")[1]
    nodes = [int(l.split()[3]) for l in lines if THINKING.match(l)]
    assert nodes and max(nodes) <= 2000 + 1100                     # the searcher polls every ~1k nodes


def test_time_otim_level_are_used(eng):
    eng.send("new", "level 40 0:10 0.5", "time 1000", "otim 900")
    assert eng.sync() == []
    e = eng.engine.clock
    assert (e.mps, e.base, e.inc, e.time_left, e.otim) == (40, 10.0, 0.5, 10.0, 9.0)
    limits, _ = e.limits("move", eng.engine.pos.fullmove)
    assert limits.time_left == 10.0 and limits.moves_to_go == 40 and limits.increment == 0.5
    eng.send("level x", "st -1", "sd zero", "time soon")
    assert [l.split(":")[0] for l in eng.sync()] == ["Error (bad level)", "Error (bad time)", "Error (bad depth)",
                                                     "Error (bad time)"]


def test_draw_offer(eng):
    eng.send("new", "force", "e2e4", "draw")                      # opening: refused silently
    assert eng.sync() == []
    eng.send("new", "force", "setboard 8/8/4k3/8/8/3NK3/8/8 w - - 0 60", "playother", "draw")
    assert eng.sync() == ["offer draw"]                            # K+N v K is a dead draw


def test_setboard_bad_then_refuse_moves_until_new(eng):
    eng.send("new", "force", "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")
    lines = eng.sync()
    assert lines[-1] == "tellusererror Illegal position" and all(l.startswith("#") for l in lines[:-1])
    eng.send("usermove e2e4", "e2e4")
    assert eng.sync() == ["Illegal move (no legal position set): e2e4", "Error (unknown command): e2e4"]
    eng.send("setboard 4k3/8/8/8/8/8/8/4Q3 w - - 0 1")               # no white king
    assert eng.sync()[-1] == "tellusererror Illegal position"
    eng.send("setboard 4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1")             # White (not to move) gives check... ok
    eng.send("setboard 4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1")             # side not to move is in check
    assert eng.sync()[-1] == "tellusererror Illegal position"
    eng.send("new", "force", "e2e4")
    assert eng.sync() == []


def test_edit_mode(eng):
    eng.send("new", "force", "edit", "#", "Ke1", "Pe2", "c", "Ke8", "Ra8", "xa8", "Zz9", ".")
    lines = eng.sync()
    assert lines == ["Error (bad edit command): Zz9"]
    assert fen4(eng) == "4k3/8/8/8/8/8/4P3/4K3 w - -"


def test_undo_remove(eng):
    eng.send("new", "force", "e2e4", "e7e5", "g1f3", "undo")
    assert eng.sync() == []
    assert fen4(eng) == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"
    eng.send("remove")
    assert eng.sync() == [] and eng.engine.pos.fen() == chess.STARTING_FEN
    eng.send("undo")
    assert eng.sync() == ["Error (no move to take back): undo"]


def test_hard_easy_post_nopost_are_flags(eng):
    eng.send("hard", "post")
    assert eng.sync() == [] and eng.engine.ponder and eng.engine.post
    eng.send("easy", "nopost")
    assert eng.sync() == [] and not eng.engine.ponder and not eng.engine.post


def test_analyze_dot_moves_undo_exit(eng):
    eng.send("new", "force", "post", "analyze")
    eng.expect(r"\d+ .*")
    eng.send(".")
    stat = eng.expect(r"stat01: .*")[0]
    assert re.fullmatch(r"stat01: \d+ \d+ \d+ \d+ 20( \S+)?", stat)
    eng.send("e2e4")
    time.sleep(0.3)
    eng.send("ping 9")
    lines = eng.expect("pong 9")[1]
    black = chess.Board()
    black.push_uci("e2e4")
    fresh = [l for l in lines if THINKING.match(l)]
    assert fresh and chess.Move.from_uci(fresh[-1].split()[4]) in black.legal_moves   # analysing Black now
    eng.send("undo", "new", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    time.sleep(0.3)
    eng.send("exit")
    lines = eng.sync()
    assert not any(l.startswith("move") for l in lines)
    assert eng.quiet(0.3) == []                                  # analysis really stopped
    assert not eng.engine.analyzing


def test_exclude_include_in_analysis(eng):
    eng.send("new", "force", "exclude all", "include d2d4", "analyze")
    time.sleep(0.5)
    eng.send("exit")
    lines = [l for l in eng.sync() if THINKING.match(l)]
    assert lines and all(l.split()[4] == "d2d4" for l in lines)
    eng.send("exclude e9e4")
    assert eng.sync() == ["Illegal move: e9e4"]


def test_hint_and_bk(eng):
    eng.send("new", "force", "hint")
    hint = eng.expect(r"Hint: \S+")[0]
    assert chess.Move.from_uci(hint.split()[1]) in chess.Board().legal_moves
    eng.send("bk")
    lines = eng.sync()
    assert lines[0].startswith(" ") and lines[-1] == ""


def test_information_commands_are_silent(eng):
    eng.send("name Someone", "rating 2000 1800", "ics -", "computer", "random", "accepted ping", "rejected san",
             "memory 32", "cores 2", "egtpath syzygy /tmp", "setscore 15 3", "put e4", "hover e4", "?", ".", "exit")
    assert eng.sync() == []
    assert eng.engine.hash_mb == 32


def test_option_notation(eng):
    eng.send("option Notation=native", "option Notation=flat", "option Notation=both", "option Foo=1")
    assert eng.sync() == ["Error (bad option value): option Notation=both", "Error (unknown option): Foo"]
    assert eng.engine.notation == "flat"


def test_pause_resume(eng):
    eng.send("new", "force", "st 0.2", "go", "pause")
    assert not any(l.startswith("move") for l in eng.quiet(0.6))
    eng.send("resume")
    eng.expect(r"move \S+", 5)


def test_lift_highlight(eng):
    eng.send("new", "force", "lift e2")
    assert eng.expect(r"highlight .*")[0] == "highlight 8/8/8/8/4Y3/4Y3/8/8"
    eng.send("setboard 1n5k/P7/8/3p4/4P3/8/8/K7 w - - 0 1", "lift e4", "lift a7", "lift a1", "lift d5")
    assert eng.sync() == ["highlight 8/8/8/3RY3/8/8/8/8",        # capture R, quiet move Y
                          "highlight MM6/8/8/8/8/8/8/8",          # promotions M (a8 and the capture b8)
                          "highlight 8/8/8/8/8/8/YY6/1Y6",
                          "highlight 8/8/8/8/8/8/8/8"]            # Black's piece: nothing for White


def test_white_black_obsolete(eng):
    eng.send("new", "force", "black")
    assert eng.sync() == [] and eng.engine.pos.turn == 1 and eng.engine.side == 0
    eng.send("white")
    assert eng.sync() == [] and eng.engine.pos.turn == 0 and eng.engine.side == 1


def test_quit_ends_loop():
    e = InProcess()
    e.send("xboard", "quit")
    e.thread.join(timeout=5)
    assert not e.thread.is_alive()


def test_unknown_commands_and_garbage(eng):
    eng.send("foo", "foo bar baz", "setbo ard", "usermove", "e2e9", "   ", "#comment")
    assert eng.sync() == ["Error (unknown command): foo", "Error (unknown command): foo",
                          "Error (unknown command): setbo", "Error (missing move): usermove",
                          "Error (unknown command): e2e9"]


# ---------------------------------------------------------------------- names and notation
def test_variant_names_do_not_trip_xboard():
    for name in BUILT_IN_GAMES:
        assert " " not in name and "," not in name
        got = xboard_variant(name)
        assert got in ("unknown", name), f"XBoard would read {name!r} as its built-in {got!r}"


def test_xboard_variant_rules_catch_the_traps():
    assert xboard_variant("cylinder8") == "cylinder"
    assert xboard_variant("raumw5") == "wild"
    assert xboard_variant("mynormal") == "normal"
    assert xboard_variant("chess960x") == "wild"
    assert xboard_variant("millennium") == "unknown"


def test_flat_rank_names_follow_xboard():
    ten = FlatNames(8, 10, [(x, y) for y in range(10) for x in range(8)])
    assert ten.name(0) == "a0" and ten.name(79) == "h9"
    sixteen = FlatNames(16, 16, [(x, y) for y in range(16) for x in range(16)])
    assert sixteen.name(255) == "p16" and sixteen.parse("a10") == 144
    assert re.fullmatch(sixteen.pattern * 2, "a1a16")
    with pytest.raises(ValueError):
        FlatNames(17, 8, [])


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_every_game_has_a_consistent_projection(name):
    game = get_game(name)
    fl = flat_names(game)
    geo = game.geometry
    if geo.levels == 1 and geo.files <= 16 and geo.ranks <= 16 and getattr(game, "flat_names", None) is None \
            and "flat_names" not in vars(type(game)):
        assert fl is not None
        assert same_names(game, fl) == (geo.ranks != 10)        # flat == native except XBoard's 10-rank naming
    if fl is not None:
        seen = set()
        for cell in range(geo.size):
            p = fl.xy[cell]
            if p is not None:
                assert p not in seen and 0 <= p[0] < fl.width and 0 <= p[1] < fl.height
                seen.add(p)
                assert fl.parse(fl.name(cell)) == cell
        ptc = piece_to_char(game)
        # the king slot is used, unless the game shows XBoard no king (flat_royal = False, stacked panels)
        assert len(ptc) == 44 and (ptc[21] != ".") == getattr(game, "flat_royal", True)


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_every_game_is_served(name):
    """variant NAME, then every legal move printed by the engine parses back (Part 1 §1.3)."""
    with InProcess() as e:
        e.handshake()
        e.send("new", f"variant {name}", "force")
        lines = e.sync(timeout=60)
        game = get_game(name)
        assert all(l.startswith(("setup ", "piece ", "#")) for l in lines)
        eng = e.engine
        pos = eng.pos
        for notation in ("flat", "native"):
            eng.notation = notation
            for mv in pos.legal_moves()[:200]:
                assert eng.parse_wire_move(eng.wire_move(pos, mv)) == mv
        eng.notation = "flat"
        e.send("sd 1", "go")
        move = e.expect(r"move \S+", 60)[0][5:]
        e.send("force", "undo")
        e.sync()
        assert eng.pos.fen() == game.start_fen or eng.pos.fen() == game.position().fen()
        assert eng.parse_wire_move(move) in eng.pos.legal_moves()


def test_hard_ponders_on_the_opponents_time(eng):
    eng.send("new", "hard", "post", "st 0.2", "e2e4")
    eng.expect(r"move \S+")
    time.sleep(0.2)
    assert eng.engine.search is not None and eng.engine.search.purpose == "ponder"
    t = time.monotonic()
    eng.send("ping 77")
    assert eng.expect("pong 77")[1] == []               # pong at once while pondering, no thinking lines
    assert time.monotonic() - t < 5     # answered while pondering, not after the search (a live check, not a speed test)
    board = chess.Board()
    board.push_uci("e2e4")
    board.push_xboard(eng.engine.wire_move(eng.engine.pos, eng.engine.pos.last_move))
    reply = next(iter(board.legal_moves))
    board.push(reply)
    eng.send(reply.uci())
    move = eng.expect(r"move \S+")[0]
    board.push_xboard(move[5:])
    eng.send("easy")
    assert eng.sync() == []
    assert eng.engine.search is None                    # easy stops pondering
    eng.send("force", "hard")
    assert eng.sync() == [] and eng.engine.search is None   # never ponders in force mode


def test_separators_in_moves(eng):
    eng.send("new", "force", "usermove e2-e4", "e7xe5", "g1-f3", "usermove b8xc6")
    assert eng.sync() == []
    assert fen4(eng) == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"


def test_hint_while_analysing_uses_the_analysis(eng):
    eng.send("new", "force", "analyze")
    eng.expect(r"\d+ .*")
    eng.send("hint")
    hint = eng.expect(r"Hint: \S+")[0]
    assert chess.Move.from_uci(hint[6:]) in chess.Board().legal_moves
    eng.send("exit")
    eng.sync()
