"""MultiPV on time (issue 48): python-chess's ``analyse(board, Limit(time=T), multipv=N)`` over UCI, wall time
from the call to its answer, lines returned, whether they are sorted and distinct, and the depth reached.

    python bench/multipv.py              # MultiPV 5 at 1.0 s on each position
    python bench/multipv.py 3 0.3        # MultiPV 3 at 0.3 s

References in the same run: the same engine with MultiPV 1 at the same time (the time one line takes), and
Fairy-Stockfish (/usr/games/fairy-stockfish, when installed) with the same MultiPV and time. The limit the issue
sets: all N lines, sorted, within 1.1 x T.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

import chess
import chess.engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import KIWIPETE  # noqa: E402

UCI_CMD = [sys.executable, "-m", "hyperchess", "uci"]
FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
POSITIONS = [
    chess.STARTING_FEN,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/RR4K1 w - - 0 1",
]


def measure(engine: chess.engine.SimpleEngine, fen: str, lines: int, seconds: float) -> tuple[float, list[dict]]:
    """(wall seconds, python-chess's info list) for one analysis from a fresh game."""
    board = chess.Board(fen)
    t = time.perf_counter()
    infos = engine.analyse(board, chess.engine.Limit(time=seconds), multipv=lines, game=object())
    return time.perf_counter() - t, infos


def describe(infos: list[dict]) -> tuple[int, bool, bool, int]:
    """(lines, sorted best first, distinct first moves, depth of line 1)."""
    scores = [i["score"].relative.score(mate_score=100000) for i in infos if "score" in i]
    firsts = [i["pv"][0] for i in infos if i.get("pv")]
    return (len(infos), scores == sorted(scores, reverse=True), len(set(firsts)) == len(firsts),
            infos[0].get("depth", 0) if infos else 0)


def run(cmd: list[str], name: str, lines: int, seconds: float, single: bool) -> list[float]:
    times = []
    with chess.engine.SimpleEngine.popen_uci(cmd, cwd=ROOT) as engine:
        measure(engine, chess.STARTING_FEN, 1, 0.1)                   # warm up (imports, tables)
        for fen in POSITIONS:
            t, infos = measure(engine, fen, lines, seconds)
            n, ordered, distinct, depth = describe(infos)
            times.append(t)
            print(f"{name:16} MultiPV {lines} {fen[:40]:40} {t:5.3f} s  lines {n}  sorted {ordered}  "
                  f"distinct {distinct}  depth {depth}")
            if single:
                t1, infos1 = measure(engine, fen, 1, seconds)
                print(f"{name:16} MultiPV 1 {fen[:40]:40} {t1:5.3f} s  depth {describe(infos1)[3]}")
    return times


def main(argv: list[str]) -> None:
    lines = int(argv[0]) if argv else 5
    seconds = float(argv[1]) if len(argv) > 1 else 1.0
    ours = run(UCI_CMD, "hyperchess", lines, seconds, single=True)
    print(f"hyperchess: MultiPV {lines} at {seconds} s: max {max(ours):.3f} s, median {statistics.median(ours):.3f} s "
          f"= {max(ours) / seconds:.2f} x the time given (limit 1.10)")
    if os.access(FAIRY_STOCKFISH, os.X_OK):
        theirs = run([FAIRY_STOCKFISH], "Fairy-Stockfish", lines, seconds, single=False)
        print(f"Fairy-Stockfish: max {max(theirs):.3f} s, median {statistics.median(theirs):.3f} s; "
              f"hyperchess / Fairy-Stockfish median = {statistics.median(ours) / statistics.median(theirs):.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
