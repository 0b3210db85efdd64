"""A WAC-style tactical check: does the engine still find the winning move? (issue 15)

    python bench/tactics.py                          # every position, 1 s each
    python bench/tactics.py --movetime 0.5
    python bench/tactics.py --nodes 20000            # a node budget: the same on a loaded machine
    python bench/tactics.py --baseline /work/old     # the same positions on another checkout, same run

Twenty orthodox positions from the well-known "Win At Chess" test suite (WAC.001-020), written here as EPD
with the best move in SAN. Every best move is checked for legality with python-chess before searching.
A position counts as solved when the move chosen at the end of the fixed time is the best move.
Evaluation work must not lower the solved count.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import chess

sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or str(Path(__file__).resolve().parent.parent))

from hyperchess.engine.search import Limits, Searcher  # noqa: E402
from hyperchess.variants import get_game  # noqa: E402

EPD = """\
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id "WAC.002";
5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id "WAC.003";
r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id "WAC.004";
5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - bm Qc4+; id "WAC.005";
7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - bm Rb7; id "WAC.006";
rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - bm Ne3; id "WAC.007";
r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - bm Rf7; id "WAC.008";
3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - bm Bh2+; id "WAC.009";
2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - bm Rxh7; id "WAC.010";
r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - bm Bxc6; id "WAC.011";
4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - - bm Qxf3+; id "WAC.012";
5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - - bm Qxf8+; id "WAC.013";
r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - - bm Qxh7+; id "WAC.014";
1R6/1brk2p1/4p2p/p1P1Pp2/P7/6P1/1P4P1/2R3K1 w - - bm Rxb7; id "WAC.015";
r4rk1/ppp2ppp/2n5/2bqp3/8/P2PB3/1PP1NPPP/R2Q1RK1 w - - bm Nc3; id "WAC.016";
1k5r/pppbn1pp/4q1r1/1P3p2/2NPp3/1QP5/P4PPP/R1B1R1K1 w - - bm Ne5; id "WAC.017";
R7/P4k2/8/8/8/8/r7/6K1 w - - bm Rh8; id "WAC.018";
r1b2rk1/ppbn1ppp/4p3/1QP4q/3P4/N4N2/5PPP/R1B2RK1 w - - bm c6; id "WAC.019";
r2qkb1r/1ppb1ppp/p7/4p3/P1Q1P3/2P5/5PPP/R1B2KNR b kq - bm Bb5; id "WAC.020";
"""


def positions() -> list[tuple[str, str, set[str]]]:
    """(id, FEN, best moves as UCI), each best move checked legal by python-chess."""
    out = []
    for line in EPD.splitlines():
        board, ops = chess.Board.from_epd(line)
        best = {board.uci(m) for m in ops["bm"]}       # from_epd parses SAN: an illegal move raises here
        for uci in best:
            assert chess.Move.from_uci(uci) in board.legal_moves, (ops["id"], uci)
        out.append((ops["id"], board.fen(), best))
    return out


def solve(movetime: float, nodes: int | None = None) -> list[dict]:
    game = get_game("normal")
    rows = []
    for ident, fen, best in positions():
        pos = game.position(fen)
        t = time.perf_counter()
        r = Searcher().search(pos, Limits(nodes=nodes) if nodes else Limits(movetime=movetime))
        move = pos.move_name(r.best)
        rows.append(dict(id=ident, move=move, solved=move in best, depth=r.depth, score=r.score,
                         seconds=time.perf_counter() - t))
    return rows


def main(argv: list[str]) -> None:
    if argv[:1] == ["--worker"]:
        print(json.dumps(solve(float(argv[1]), int(argv[2]) or None)))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--movetime", type=float, default=1.0, help="seconds per position (default 1)")
    ap.add_argument("--nodes", type=int, default=0,
                    help="a node budget per position instead of a time (load-independent; 0 = use --movetime)")
    ap.add_argument("--baseline", metavar="PATH", help="a checkout of an older tree to run in the same run")
    args = ap.parse_args(argv)
    runs = {"this tree": solve(args.movetime, args.nodes or None)}
    if args.baseline:
        env = dict(os.environ, HYPERCHESS_TREE=str(Path(args.baseline).resolve()))
        out = subprocess.run([sys.executable, __file__, "--worker", str(args.movetime), str(args.nodes)], env=env,
                             capture_output=True, text=True, check=True)
        runs["baseline"] = json.loads(out.stdout.strip().splitlines()[-1])
    for name, rows in runs.items():
        budget = f"{args.nodes} nodes" if args.nodes else f"{args.movetime} s"
        print(f"{name}: {sum(r['solved'] for r in rows)}/{len(rows)} solved at {budget}/position")
        print("  " + " ".join(f"{r['id'][4:]}:{'ok' if r['solved'] else r['move']}(d{r['depth']})" for r in rows))


if __name__ == "__main__":
    main(sys.argv[1:])
