"""A line from the GUI longer than 1 MB (``protocol.wire.MAX_LINE``) is refused in one line and costs no memory,
in both protocols; the engine goes on answering (issue 48). Generated long and garbage lines (hypothesis)."""
from __future__ import annotations

import io
import re
import subprocess
import time

import chess
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol_support import ENGINE_CMD, ROOT, UCI_CMD
from hyperchess.protocol.uci import UCIEngine
from hyperchess.protocol.wire import MAX_LINE, read_lines
from hyperchess.protocol.xboard import XBoardEngine

HUGE = 64 << 20                   # one 64 MB line


def _peak_memory_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+) kB", f.read()).group(1))


def _feed_huge_line(cmd: list[str], before: bytes, after: bytes, answer: bytes) -> tuple[list[str], int, int]:
    """Start the engine, send ``before``, one HUGE-byte line, then ``after``, and read up to the line
    ``answer``: the output lines from the handshake on, and the engine's peak memory (kB) before and after."""
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        proc.stdin.write(before)
        proc.stdin.flush()
        marker = b"uciok" if cmd == UCI_CMD else b"feature done=1"
        while marker not in (line := proc.stdout.readline()):
            assert line, "the engine ended before its handshake"
        time.sleep(0.2)
        peak_before = _peak_memory_kb(proc.pid)
        chunk = (b"e2e4 " * (1 << 16))[:1 << 18]      # 256 KB: HUGE is whole chunks
        for _ in range(HUGE // len(chunk)):
            proc.stdin.write(chunk)
        proc.stdin.write(b"\n" + after)
        proc.stdin.flush()
        out = []
        while (line := proc.stdout.readline()) and line.rstrip(b"\n") != answer:
            out.append(line.decode().rstrip("\n"))
        assert line, f"no {answer!r}: {out[-3:]}"
        peak_after = _peak_memory_kb(proc.pid)
        proc.stdin.write(b"quit\n")
        proc.stdin.flush()
        assert proc.wait(timeout=10) == 0
        return out + [answer.decode()], peak_before, peak_after
    finally:
        if proc.poll() is None:
            proc.kill()


def test_uci_refuses_a_64_mb_line_in_one_line_and_answers_on():
    out, before, after = _feed_huge_line(UCI_CMD, b"uci\n", b"isready\n", b"readyok")
    assert out[-2:] == [f"info string line too long ({HUGE} bytes, the limit is {MAX_LINE}); ignored", "readyok"]
    assert after - before < 20_000, (before, after)             # kB: the line was never held whole


def test_cecp_refuses_a_64_mb_line_in_one_line_and_answers_on():
    out, before, after = _feed_huge_line(ENGINE_CMD, b"xboard\nprotover 2\n", b"ping 7\n", b"pong 7")
    assert out[-2:] == [f"Error (line too long): {HUGE} bytes, the limit is {MAX_LINE}", "pong 7"]
    assert after - before < 20_000, (before, after)


# ---------------------------------------------------------------------- generated input, in process
def _run(engine_class, data: bytes) -> list[str]:
    out: list[str] = []
    engine = engine_class(out.append)
    engine.run(io.BytesIO(data))
    return out


SIZES = st.sampled_from([0, 1, 100, MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, MAX_LINE + 2, 3 * MAX_LINE + 7])
GARBAGE = st.binary(max_size=30).map(lambda b: b.replace(b"\n", b" ").replace(b"\r", b" "))
LINE = st.tuples(GARBAGE, st.sampled_from([b"x", b"\xff", b"\x00", b" ", b"\xc3\xa9", b"go "]), SIZES, GARBAGE,
                 st.sampled_from([b"\n", b"\r\n"]))


def _content(prefix: bytes, filler: bytes, size: int, suffix: bytes) -> bytes:
    body = (filler * (size // len(filler) + 1))[:size]
    return prefix + body + suffix


@settings(max_examples=15, deadline=None)
@given(st.lists(LINE, min_size=1, max_size=4))
def test_generated_long_and_garbage_lines_leave_both_protocols_answering(lines):
    contents = [_content(p, f, n, s) for p, f, n, s, _ in lines]
    data = b"".join(c + end for c, (*_, end) in zip(contents, lines))
    long_sizes = [len(c) for c in contents if len(c) > MAX_LINE]
    uci = _run(UCIEngine, b"uci\n" + data + b"\nstop\nisready\nucinewgame\nposition startpos\ngo depth 1\n")
    assert "readyok" in uci and uci[-1].startswith("bestmove "), uci[-3:]
    assert chess.Move.from_uci(uci[-1].split()[1]) in chess.Board().legal_moves
    assert [int(m.group(1)) for line in uci if (m := re.fullmatch(r"info string line too long \((\d+) bytes, "
                                                                   r"the limit is \d+\); ignored", line))] == long_sizes
    cecp = _run(XBoardEngine, b"xboard\nprotover 2\n" + data + b"\nforce\nping 3\n")
    assert cecp[-1] == "pong 3", cecp[-3:]
    assert [int(m.group(1)) for line in cecp if (m := re.fullmatch(r"Error \(line too long\): (\d+) bytes, "
                                                                    r"the limit is \d+", line))] == long_sizes


def test_text_sources_and_line_lists_are_limited_too():
    events: list = []
    read_lines(io.StringIO("a\n" + "é" * (MAX_LINE + 1) + "\nb"), events.append)
    assert events == [("line", "a"), ("long", MAX_LINE + 1), ("line", "b"), ("eof", None)]
    events.clear()
    read_lines(["x" * MAX_LINE + "\r\n", b"y" * (MAX_LINE + 1) + b"\n"], events.append)
    assert events == [("line", "x" * MAX_LINE), ("long", MAX_LINE + 1), ("eof", None)]
