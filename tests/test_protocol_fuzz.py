"""Generated input (Part 1 §1.1: the game state survives every bad line).

Random and malformed lines are mixed with legal moves in force mode. After each line the reply must be
exactly what the spec asks for; at the end the engine's position must equal the position that the legal
moves (and take-backs) alone give, as python-chess computes it.
"""
from __future__ import annotations

import random
import re
import string

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hyperchess.protocol.xboard import HANDLERS, XBoardEngine
from hyperchess.variants.core.game import SPECIAL

SILENT = ["post", "nopost", "hard", "easy", "random", "computer", "name Some Body", "rating 2100 1900",
          "ics freechess.org", "accepted usermove", "rejected highlight", "egtpath syzygy /nowhere", "cores 2",
          "memory 16", "?", ".", "exit", "put e4", "hover e5", "setscore 12 4", "draw", "time 4500", "otim 300",
          "level 40 5 0", "level 0 0:30 0.5", "st 1.5", "sd 4", "nps 0", "pause", "resume", "xboard",
          "#debug line", "", "   ", "option Notation=flat", "option Notation=native", "exclude all",
          "include all", "result 1-0 {White mates}", "result *"]
BAD_ARGS = ["level 40", "level a b c", "st 0", "st -2", "st x", "sd 0", "sd x", "nps x", "time x", "otim y",
            "memory 0", "cores x", "setscore x", "option Notation=zz", "option Bogus=1", "usermove"]
CHECK_FEN = "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"


def bad_fens(board: chess.Board, rng: random.Random) -> str:
    fen = board.fen()
    rows, rest = fen.split(" ", 1)
    ranks = rows.split("/")
    kind = rng.randrange(8)
    if kind == 0:
        return "/".join(ranks[:-1]) + " " + rest                      # 7 ranks
    if kind == 1:
        i = rng.randrange(8)
        ranks[i] += "1"                                               # 9 files
        return "/".join(ranks) + " " + rest
    if kind == 2:
        return re.sub(r"[pnbrq]", "X", rows, count=1) + " " + rest if re.search("[pnbrq]", rows) \
            else rows.replace("k", "X") + " " + rest                  # unknown letter
    if kind == 3:
        return rows + " x " + rest.split(" ", 1)[1]                   # bad side
    if kind == 4:
        return rows.replace("K", "1") + " " + rest                    # no white king
    if kind == 5:
        return CHECK_FEN                                              # side not to move in check
    if kind == 6:
        return "".join(rng.choice(string.printable[:94]) for _ in range(rng.randrange(0, 30)))
    return rows + " " + rest.rsplit(" ", 1)[0] + " zero"              # bad move number


def lift_marks(board: chess.Board, square: chess.Square) -> str:
    """XBoard's highlight board for the piece on ``square`` (Y move, R capture, M promotion)."""
    marks: dict[int, str] = {}
    for mv in board.legal_moves:
        if mv.from_square != square:
            continue
        mark = "M" if mv.promotion else "R" if board.is_capture(mv) else "Y"
        if marks.get(mv.to_square) != "M":
            marks[mv.to_square] = mark
    rows = []
    for rank in range(7, -1, -1):
        out, empty = "", 0
        for f in range(8):
            m = marks.get(chess.square(f, rank))
            if m is None:
                empty += 1
                continue
            out += (str(empty) if empty else "") + m
            empty = 0
        rows.append(out + (str(empty) if empty else ""))
    return "highlight " + "/".join(rows)


def garbage(rng: random.Random) -> str:
    while True:
        word = "".join(rng.choice(string.ascii_letters + "!$%&~^") for _ in range(rng.randrange(1, 8)))
        if word not in HANDLERS and not word.startswith("#") and any(c in "!$%&~^" or c.isupper() for c in word):
            tail = " ".join("".join(rng.choice(string.printable[:94]) for _ in range(rng.randrange(1, 6)))
                            for _ in range(rng.randrange(0, 3)))
            return (word + " " + tail).rstrip()


def truncated(rng: random.Random) -> str:
    while True:
        name = rng.choice(list(HANDLERS))
        cut = name[:rng.randrange(1, max(2, len(name)))]
        if cut not in HANDLERS and cut.isalpha() and len(cut) > 1:
            return cut + rng.choice(["", " 1", " e2e4"])


def run_fuzz(n_lines: int, seed: int) -> None:
    rng = random.Random(seed)
    out: list[str] = []
    engine = XBoardEngine(out.append)
    engine.handle("protover 2")
    engine.handle("new")
    engine.handle("force")
    out.clear()
    board = chess.Board()
    ended = False
    for i in range(n_lines):
        r = rng.random()
        legal = list(board.legal_moves)
        expected: list[str] | None = None
        expect_prefix: str | None = None
        if r < 0.30 and legal:
            mv = rng.choice(legal)
            line = ("usermove " if rng.random() < 0.5 else "") + mv.uci()
            board.push(mv)
            expected = []
        elif r < 0.42:
            a, b = rng.randrange(64), rng.randrange(64)
            text = chess.square_name(a) + rng.choice(["", "-", "x"]) + chess.square_name(b)
            if any(m.from_square == a and m.to_square == b for m in legal):
                continue
            if rng.random() < 0.5:
                line, expected = f"usermove {text}", [f"Illegal move: {text}"]
            else:
                line, expected = text, [f"Error (unknown command): {text}"]
        elif r < 0.50:
            line = garbage(rng)
            expected = [f"Error (unknown command): {line.split()[0]}"]
        elif r < 0.55:
            line = truncated(rng)
            expected = [f"Error (unknown command): {line.split()[0]}"]
        elif r < 0.60:
            line = rng.choice(BAD_ARGS)
            expect_prefix = "Error ("
        elif r < 0.75:
            line = rng.choice(SILENT)
            expected = []
            if line.startswith("result"):
                ended = True
        elif r < 0.80:
            n = rng.randrange(100000)
            line, expected = f"ping {n}", [f"pong {n}"]
        elif r < 0.85:
            sq = rng.randrange(64)
            line, expected = f"lift {chess.square_name(sq)}", [lift_marks(board, sq)]
        elif r < 0.90:
            which = rng.choice(["undo", "remove"])
            need = 1 if which == "undo" else 2
            line = which
            if len(board.move_stack) >= need:
                for _ in range(need):
                    board.pop()
                expected = []
                ended = False
            else:
                expected = [f"Error (no move to take back): {which}"]
        elif r < 0.96:
            line = "setboard " + bad_fens(board, rng)
            before = len(out)
            engine.handle(line)
            got = out[before:]
            assert got and got[-1] == "tellusererror Illegal position", (line, got)
            assert all(g.startswith("#") for g in got[:-1]), got
            line, expected = f"setboard {board.fen()}", []              # the recovery a GUI makes
            board = chess.Board(board.fen())
            ended = False
        elif r < 0.97:
            mv = rng.choice(legal) if legal else None
            if mv is None:
                continue
            line, expected = rng.choice([f"exclude {mv.uci()}", f"include {mv.uci()}"]), []
        elif r < 0.975:
            line = "bk"
            expected = [" hyperchess has no opening book", ""]
        elif r < 0.977:
            line = "hint"
            before = len(out)
            engine.handle(line)
            got = out[before:]
            if ended or not legal:
                assert got == []
            else:
                assert len(got) == 1 and got[0].startswith("Hint: ")
                assert chess.Move.from_uci(got[0][6:]) in board.legal_moves
            continue
        else:
            line = "setboard " + board.fen()
            board = chess.Board(board.fen())
            expected = []
            ended = False
        before = len(out)
        engine.handle(line)
        got = out[before:]
        assert not any("internal error" in g or "Traceback" in g for g in got), (line, got)
        if expected is not None:
            assert got == expected, (i, line, got, expected)
        else:
            assert len(got) == 1 and got[0].startswith(expect_prefix), (line, got)
        assert not any(g.startswith("move ") for g in got)
        if i % 500 == 0:
            assert same_position(engine, board), (i, engine.pos.fen(), board.fen())
    assert same_position(engine, board), (engine.pos.fen(), board.fen())


def same_position(engine: XBoardEngine, board: chess.Board) -> bool:
    ours = engine.pos.fen().split()
    theirs = board.fen(en_passant="fen").split()
    # en passant: we write it only when a pawn could take, python-chess always after a double step
    return ours[:3] + ours[4:] == theirs[:3] + theirs[4:] and (ours[3] == "-" or ours[3] == theirs[3])


def test_generated_lines_ci():
    run_fuzz(10_000, seed=2026)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 6))
def test_generated_lines_slow(seed):
    run_fuzz(40_000, seed)


LINES = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=40),
    st.sampled_from(SILENT + BAD_ARGS + ["undo", "remove", "lift e2", "setboard", "setboard 8/8 w", "e2e4",
                                         "usermove e7e5", "variant", "variant xyz", "ping", "edit", "."]),
    st.builds(lambda a, b: f"{a} {b}", st.sampled_from(sorted(HANDLERS)), st.text(max_size=12)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, max_size=25))
def test_hypothesis_lines_never_break_the_engine(lines):
    out: list[str] = []
    engine = XBoardEngine(out.append)
    engine.handle("new")
    engine.handle("force")
    for line in lines:
        if line.split()[:1] in (["go"], ["playother"], ["analyze"], ["quit"], ["hint"]):
            continue                        # these start searches or stop the loop: covered elsewhere
        engine.handle(line)
    assert not any("internal error" in g or "Traceback" in g for g in out), out
    for g in out:
        # a generated "new" leaves force mode, so a generated move may be answered: thinking lines and the
        # reply (which arrive from the search thread, sooner on a faster search) are normal output too
        assert re.match(r"(Error \([^()]+\): |Illegal move( \([^()]+\))?: |pong|feature |setup |highlight |#|"
                        r"tellusererror |Hint: | |$|offer draw|stat01: |move \S+$|\d+ -?\d+ \d+ \d+)", g), g
    # the engine still plays: a fresh legal sequence works
    engine.handle("new")
    engine.handle("force")
    out.clear()
    engine.handle("e2e4")
    engine.handle("usermove e7e5")
    assert out == [] and engine.pos.fen().startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w")


def _move_texts(pos, flat) -> dict[str, object]:
    """Every text a client may send for the legal moves: native names, and XBoard's flat names."""
    from hyperchess.protocol.flat import flat_move_name
    texts = {}
    for m in pos.legal_moves():
        texts[pos.move_name(m)] = m
        if flat is not None:
            texts[flat_move_name(pos, m, flat)] = m
    return texts


def _mutate(text: str, rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return text[:-1]
    if kind == 1:
        return text + rng.choice("qrbnduxk1z,")
    if kind == 2:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice("0123456789abcdefghijklmnop") + text[i + 1:]
    return "".join(rng.choice(string.ascii_letters + string.digits + ",-@") for _ in range(rng.randrange(1, 12)))


@pytest.mark.parametrize("name", ["third-millennium", "cylinder", "millennium", "capablanca", "mixed3d"])
def test_generated_moves_in_both_notations_keep_every_game_intact(name):
    """Per game, in force mode: legal moves in native and flat notation (splits, rejoins, two-leg e.p.,
    promotions) mixed with mutated and random move texts. A legal text is taken silently, anything else
    gets one `Illegal move` line, and the engine's position always equals ours."""
    from hyperchess.protocol.flat import flat_names, parse_flat_move
    from hyperchess.variants import get_game
    game = get_game(name)
    flat = flat_names(game)
    pos = game.position()
    out: list[str] = []
    engine = XBoardEngine(out.append)
    rng = random.Random(name)
    accepted, refused, flags = 0, 0, set()
    for line in ("new", f"variant {name}", "force", "option Notation=flat" if flat else "option Notation=native"):
        engine.handle(line)
    out.clear()
    for i in range(1500 if name != "mixed3d" else 400):
        texts = _move_texts(pos, flat)
        if not texts or pos.outcome() is not None or rng.random() < 0.01:
            engine.handle("new")
            engine.handle(f"variant {name}")
            engine.handle("force")
            pos = game.position()
            out.clear()
            continue
        text = rng.choice(sorted(texts))
        if rng.random() < 0.4:
            text = _mutate(text, rng)
        engine.handle(f"usermove {text}")
        got, out[:] = out[:], []
        move = texts.get(text)
        if move is None:                    # other spellings the parsers accept (aliases, separators)
            try:
                move = pos.parse_move(text)
            except Exception:
                move = parse_flat_move(pos, text, flat) if flat else None
        if move is not None and move in pos.legal_moves():
            assert got == [], (text, got)
            pos.push(move)
            accepted += 1
            flags.add(move[3])
        else:
            assert len(got) == 1 and got[0].startswith("Illegal move") and got[0].endswith(text), (text, got)
            refused += 1
        assert engine.pos.fen() == pos.fen(), (i, text)
    assert accepted > 150 and refused > 100, (accepted, refused)
    if name == "third-millennium":
        assert len([f for f in flags if f >= SPECIAL]) == 2, flags      # splits and rejoins both came up
