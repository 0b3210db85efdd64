"""Notation (Part 1 §1.3): the Notation option, --notation, and a projection whose names differ from the
native ones (a board exactly 10 ranks high: XBoard names its ranks 0..9, Part 2 §5)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from hyperchess import variants

from hyperchess.protocol.flat import flat_names, same_names
from protocol_support import ROOT, InProcess
from hyperchess.variants.core.fide import FlatChess
from hyperchess.variants.board.pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK


class TallChess(FlatChess):
    """Test-only game: FIDE armies on an 8x10 board (not registered in the product)."""
    name = "tall-test"
    ranks = 10
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    army = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
    castlings = (("e", "g", "h", "f", "K"), ("e", "c", "a", "d", "Q"))


@pytest.fixture
def tall(monkeypatch):
    game = TallChess()
    monkeypatch.setitem(variants.REGISTRY, game.name, "test_protocol_notation:TallChess")
    monkeypatch.setitem(variants._cache, game.name, game)
    return game


def test_ten_rank_projection_names(tall):
    fl = flat_names(tall)
    assert fl.name(tall.names.parse("a1")) == "a0" and fl.name(tall.names.parse("h10")) == "h9"
    assert not same_names(tall, fl)


def test_flat_and_native_on_the_wire(tall):
    with InProcess() as e:
        e.handshake()
        e.send("new", "variant tall-test")
        setup = e.sync()
        assert setup == ["setup (PNBRQ................Kpnbrq................k) 8x10+0_fairy "
                         "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
        e.send("force", "e1e3")                        # flat name of the native e2e4
        assert e.sync() == []
        assert e.engine.pos.fen().split()[0] == "rnbqkbnr/pppppppp/8/8/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
        e.send("e9e7")                                 # Black: flat name of e10->e8 is not legal; native e9e7 is
        assert e.sync() == []
        assert e.engine.pos.fen().split()[0] == "rnbqkbnr/pppp1ppp/8/4p3/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
        e.send("lift g0")                              # the knight on native g1, in flat names
        assert e.sync() == ["highlight 8/8/8/8/8/8/8/5Y1Y/4Y3/8"]    # f3, h3 and the emptied e2
        e.send("sd 1", "go")
        flat_move = e.expect(r"move \S+")[0][5:]
        e.send("force", "undo", "option Notation=native", "go")
        native_move = e.expect(r"move \S+")[0][5:]
        game = e.engine.game
        pos = game.position("rnbqkbnr/pppp1ppp/8/4p3/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        fl = flat_names(game)
        as_native = {pos.move_name(m): m for m in pos.legal_moves()}
        assert native_move in as_native
        back = {fl.name(m[0]) + fl.name(m[1]): m for m in pos.legal_moves()}
        assert flat_move in back


def test_cli_notation_flag_sets_the_default():
    proc = subprocess.run([sys.executable, "-m", "hyperchess", "xboard", "--notation", "native"],
                          input="xboard\nprotover 2\nquit\n", cwd=ROOT, capture_output=True, text=True, timeout=20)
    assert 'feature option="Notation -combo flat /// *native"' in proc.stdout.splitlines()
    bad = subprocess.run([sys.executable, "-m", "hyperchess", "xboard", "--notation", "3d"], input="", cwd=ROOT,
                         capture_output=True, text=True, timeout=20)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_log_file(tmp_path):
    log = tmp_path / "xb.log"
    proc = subprocess.run([sys.executable, "-m", "hyperchess", "xboard", "--log", str(log)],
                          input="xboard\nprotover 2\nping 5\nquit\n", cwd=ROOT, capture_output=True, text=True,
                          timeout=20)
    assert proc.stdout.splitlines()[-1] == "pong 5"
    text = log.read_text()
    assert "> ping 5" in text and "< pong 5" in text and "< feature done=1" in text
