"""Part 2 §10 transcripts and the client quirks of §6/§9, against ``python -m hyperchess xboard`` as a subprocess."""
from __future__ import annotations

import re
import subprocess
import sys
import time

import chess
import pytest

from hyperchess.protocol.flat import flat_names, flat_parent
from hyperchess.protocol.xboard import XBOARD_BUILTINS
from protocol_support import ROOT, THINKING, EngineProcess
from hyperchess.variants import BUILT_IN_GAMES, game_names, get_game


def _setup_game() -> str | None:
    """A registered game that XBoard does not know but can show (so it needs ``setup``)."""
    for name in BUILT_IN_GAMES:
        if name not in XBOARD_BUILTINS and flat_names(get_game(name)) is not None:
            return name
    return None


@pytest.fixture
def eng():
    e = EngineProcess()
    yield e
    e.close()


def test_handshake_done_within_2s_and_idle_pong_within_1s(eng):
    t0 = time.monotonic()
    eng.send("xboard", "protover 2")
    first, _ = eng.expect(r"feature .*", 2)
    assert first == "feature done=0"                    # before anything slow
    _, feats = eng.expect("feature done=1", 2)
    assert time.monotonic() - t0 <= 2.0
    text = " ".join(feats)
    for f in ("ping=1", "setboard=1", "usermove=1", "san=0", "colors=0", "sigint=0", "sigterm=0", "highlight=1",
              "analyze=1", "playother=1", "exclude=1", "nps=1"):
        assert f in text
    variants = re.search(r'variants="([^"]+)"', text).group(1)
    assert " " not in variants and variants.split(",") == game_names()
    assert 'option="Notation -combo *flat /// native"' in text
    eng.send("accepted ping", "accepted setboard", "rejected san", "new")
    for i in range(5):
        t = time.monotonic()
        eng.send(f"ping {i}")
        assert eng.expect(f"pong {i}", 1)[1] == []
        assert time.monotonic() - t <= 1.0


def test_standard_start_engine_black(eng):
    eng.handshake()
    eng.send("new", "random", "level 40 5 0", "post", "hard", "easy")
    assert eng.sync() == []
    eng.send("time 3000", "otim 3000", "usermove e2e4")
    move, before = eng.expect(r"move \S+", 30)
    assert before and all(THINKING.match(l) for l in before)     # post: thinking output first
    board = chess.Board()
    board.push_uci("e2e4")
    board.push_xboard(move.split()[1])                            # a legal reply for Black
    for line in before:
        pv = line.split()[4:]
        b = board.copy()
        b.pop()
        for mv in pv:                                             # every PV is legal from the root
            b.push_xboard(mv)


def test_variant_setup_before_pong(eng):
    name = _setup_game()
    if name is None:
        pytest.skip("no registered game needs setup")
    game = get_game(name)
    fl = flat_names(game)
    eng.handshake()
    eng.send("new", "random", f"variant {name}", "level 0 2 1", "post", "hard", "easy")
    before = eng.sync()
    setups = [l for l in before if l.startswith("setup")]
    assert len(setups) == 1 and before[0] == setups[0]
    m = re.fullmatch(r"setup \(([A-Za-z.]{22})([A-Za-z.]{22})\) (\d+)x(\d+)\+0_(\w+) (\S+) ([wb]) (\S+) (\S+) 0 1",
                     setups[0])
    assert m, setups[0]
    assert m.group(5) == flat_parent(game)                                     # fairy unless the game names one
    m = re.fullmatch(r"setup \(([A-Za-z.]{22})([A-Za-z.]{22})\) (\d+)x(\d+)\+0_\w+ (\S+) ([wb]) (\S+) (\S+) 0 1",
                     setups[0])
    assert m.group(1).lower() == m.group(2) and m.group(1)[-1] != "."          # king slot used
    assert (int(m.group(3)), int(m.group(4))) == (fl.width, fl.height)
    rows = m.group(5).split("/")
    assert len(rows) == fl.height
    for row in rows:
        assert sum(int(t) if t.isdigit() else 1 for t in re.findall(r"\d+|.", row)) == fl.width
    assert all(ch in m.group(1) + m.group(2) + "*0123456789/" for ch in m.group(5))
    # built-ins need no setup
    eng.send("new", "variant capablanca")
    assert eng.sync() == []


def test_variant_cylinder_piece_lines_before_pong(eng):
    """XBoard's legality test knows no seam pawn captures in its built-in cylinder: the first engine's
    `piece X& BETZA` lines (read by XBoard from the first engine only, before the game) teach it ours."""
    eng.handshake()
    eng.send("new", "random", "variant cylinder", "level 40 5 0", "post", "hard", "easy")
    pieces = ["piece P& fmWfceoFifmnD", "piece N& oN", "piece B& oB", "piece R& oR", "piece Q& oQ", "piece K& oK"]
    assert eng.sync() == pieces                                               # no setup: XBoard knows the board
    eng.send("new", "variant normal")
    assert eng.sync() == []                                                   # games that declare none: nothing
    eng.send("new", "variant cylinder", "force", "usermove a2a4", "usermove b7b6", "usermove a4a5",
             "usermove h7h5", "usermove a5h6")                                # e.p. across the seam, plain text
    assert eng.sync() == pieces


def test_force_illegal_go_undo_remove_setboard_result_quit(eng):
    eng.handshake()
    eng.send("new", "force", "usermove e2e4")
    assert eng.sync() == []                          # legal in force mode: no output
    eng.send("usermove d2d4")                        # White again, but Black is to move
    assert eng.sync() == ["Illegal move: d2d4"]
    eng.send("time 11950", "otim 12000", "st 0.3", "post", "go")
    move, before = eng.expect(r"move \S+", 10)
    board = chess.Board()
    board.push_uci("e2e4")
    board.push_xboard(move.split()[1])
    assert all(THINKING.match(l) for l in before)
    eng.send("force", "usermove g1f3", "undo", "remove")
    assert eng.sync() == []                          # back to the start
    eng.send("usermove e2e4", "usermove e7e5")       # legal again after the take-backs
    assert eng.sync() == []
    eng.send("setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "ping 7")
    assert eng.expect("pong 7", 5)[1] == []
    eng.send("go")
    move = eng.expect(r"move \S+", 10)[0]
    board = chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    board.push_xboard(move.split()[1])
    eng.send("result 0-1 {White resigns}", "ping 8")
    assert eng.expect("pong 8", 5)[1] == []
    assert eng.quiet(0.5) == []                     # silence after result
    t = time.monotonic()
    eng.send("quit")
    assert eng.proc.wait(timeout=5) == 0
    assert time.monotonic() - t < 5


def test_claims_after_our_move(eng):
    eng.handshake()
    eng.send("new", "force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "st 0.5", "go")
    move, _ = eng.expect(r"move \S+", 10)
    assert move == "move a1a8"
    assert eng.expect(r"\S+ \{.*\}", 5)[0] == "1-0 {White mates}"
    eng.send("new", "force", "setboard k7/8/8/8/8/8/8/K6R w - - 99 80", "st 0.3", "go")
    eng.expect(r"move \S+", 10)
    assert eng.expect(r"\S+ \{.*\}", 5)[0] == "1/2-1/2 {50-move rule}"
    # on move in a finished game: the claim instead of a move
    eng.send("new", "force", "setboard k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "go")
    assert eng.expect(r"\S+ \{.*\}", 5)[0] == "1/2-1/2 {Stalemate}"
    assert not any(l.startswith("move") for l in eng.sync())


def test_black_mates_claim(eng):
    eng.handshake()
    eng.send("new", "force", "setboard r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "st 0.5", "go")
    assert eng.expect(r"move \S+", 10)[0] == "move a8a1"
    assert eng.expect(r"\S+ \{.*\}", 5)[0] == "0-1 {Black mates}"


# ---------------------------------------------------------------------- client quirks (§6, §9)
def test_bare_moves_without_usermove_prefix(eng):
    eng.handshake()
    eng.send("new", "force", "e2e4", "e7e5", "g1f3")
    assert eng.sync() == []
    eng.send("usermove e7e5")                       # already played: now illegal for White
    assert eng.sync() == ["Illegal move: e7e5"]


def test_bare_illegal_token_is_unknown_command_not_illegal(eng):
    eng.handshake()
    eng.send("new", "force", "e2e4")
    eng.send("e2e4")                                # bare and illegal: cutechess must not see "Illegal"
    assert eng.sync() == ["Error (unknown command): e2e4"]
    eng.send("foo")
    assert eng.sync() == ["Error (unknown command): foo"]


def test_cutechess_dummy_b2b3_before_setboard(eng):
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    black = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    eng.handshake()
    eng.send("new", "force", "b2b3", f"setboard {black}", "st 0.2", "post", "easy")
    assert eng.sync() == []
    eng.send("time 1000", "otim 1000", "go")
    move = eng.expect(r"move \S+", 10)[0]
    chess.Board(black).push_xboard(move.split()[1])
    # a second game from a position where b2b3 is not legal: still no "Illegal"
    eng.send("new", "force", f"setboard {fen}", "b2b3")
    assert eng.sync() == []                         # b2b3 is legal here too
    eng.send("new", "force", "setboard 4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", "b2b4", "b2b3")
    assert eng.sync() == ["Error (unknown command): b2b3"]


def test_float_st_and_level(eng):
    eng.handshake()
    eng.send("new", "level 0 0:30 0.5", "st 0.25", "level 40 0.5 0", "level 0 1 0.1")
    assert eng.sync() == []
    eng.send("st 0.25", "force", "e2e4", "go")
    t = time.monotonic()
    eng.expect(r"move \S+", 5)
    assert time.monotonic() - t < 2.0


def test_move_on_our_turn_without_go(eng):
    eng.handshake()
    eng.send("new", "st 0.2", "e2e4")               # engine plays Black: the move alone starts it
    move = eng.expect(r"move \S+", 10)[0]
    board = chess.Board()
    board.push_uci("e2e4")
    board.push_xboard(move.split()[1])
    # cutechess: go once, then the opponent's moves alone
    eng.send("new", "force", "st 0.2", "go")
    m1 = eng.expect(r"move \S+", 10)[0].split()[1]
    board = chess.Board()
    board.push_xboard(m1)
    reply = next(iter(board.legal_moves))
    board.push(reply)
    eng.send("time 500", "otim 500", board.move_stack[-1].uci())
    m2 = eng.expect(r"move \S+", 10)[0].split()[1]
    board.push_xboard(m2)


def test_silence_in_force_and_after_result(eng):
    eng.handshake()
    eng.send("new", "force", "st 0.1", "e2e4", "e7e5", "g1f3")
    assert eng.quiet(0.8) == []
    eng.send("b8c6", "result 1/2-1/2 {Draw}", "d2d4", "post")
    assert eng.quiet(0.8) == []


def test_ping_while_thinking_comes_after_move(eng):
    eng.handshake()
    eng.send("new", "force", "st 0.5", "go", "ping 42")
    lines = eng.expect("pong 42", 10)[1]
    assert any(l.startswith("move ") for l in lines)


def test_move_now(eng):
    eng.handshake()
    eng.send("new", "force", "st 60", "go")
    time.sleep(0.3)
    t = time.monotonic()
    eng.send("?")
    eng.expect(r"move \S+", 5)
    assert time.monotonic() - t < 2.0


def test_plain_hyperchess_with_xboard_first_line():
    proc = subprocess.run([sys.executable, "-m", "hyperchess"], input="xboard\nprotover 2\nping 3\nquit\n", cwd=ROOT,
                          capture_output=True, text=True, timeout=20)
    lines = proc.stdout.splitlines()
    assert lines[0] == "feature done=0" and "feature done=1" in lines and lines[-1] == "pong 3"
    assert proc.returncode == 0 and "Traceback" not in proc.stderr


def test_sigint_is_ignored(eng):
    import signal
    eng.handshake()
    eng.proc.send_signal(signal.SIGINT)
    time.sleep(0.2)
    assert eng.sync() == []
    assert eng.proc.poll() is None


def test_thinking_output_reports_mate_in_moves(eng):
    """CECP: a mate in N moves is shown as 100000 + N (not plies); the rook ladder is mate in 2."""
    eng.handshake()
    eng.send("new", "force", "setboard 7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", "sd 4", "post", "go")
    move, before = eng.expect(r"move \S+", 20)
    scores = [int(l.split()[1]) for l in before if THINKING.match(l)]
    assert scores and scores[-1] == 100002
    board = chess.Board("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1")
    board.push_xboard(move.split()[1])
    for reply in list(board.legal_moves):          # whatever Black answers, White mates next move
        board.push(reply)
        mates = []
        for m in list(board.legal_moves):
            board.push(m)
            mates.append(board.is_checkmate())
            board.pop()
        board.pop()
        assert any(mates)
