"""Time to a fixed depth with 1 thread and with N (issue 72: ``Threads 2`` on 2 cores at least 1.6x faster).

    python bench/threads.py                         # every game of bench/depth.py, 1 thread against 2
    python bench/threads.py normal mixed3d --threads 2 --depth normal=7
    python bench/threads.py normal --positions 2    # a quick look: the first two positions only

For each game, each position of ``bench/positions/<game>.txt`` is searched to the game's fixed depth
(``THREADS_DEPTH`` below, or ``--depth game=D``) by a fresh ``Searcher`` (one thread) and by a
``ThreadedSearcher`` with ``--threads`` processes (engine/threads.py), its table cleared first (``new_game``),
in turn position by position (which one goes first alternates), so that the machine's load hits both alike.
**Wall** seconds, not CPU seconds: the helpers' work is in other processes, and what they buy is the main
search's wall time. So the figure means something only on an idle machine with at least ``--threads`` cores.
The helper processes are started once per game, and a warm-up search (until they have searched) is not
timed: a helper builds its game's tables on its first job. Both use ``--hash`` MB (64).

Printed: per position the two times, their ratio and whether the best moves agree; per game and over all the
games, the summed times and their ratio (1-thread time over N-thread time: above 1 is faster). Besides, what
the load does not change: the ratio of the main search's nodes to the depth (1 thread's over N threads'), of
its own CPU seconds (this process's; the helpers' are not counted), and the helpers' CPU seconds over the main
search's (read from /proc: near 1 when each had the same share of the machine, which the node ratio
assumes). On a loaded machine, where the helpers take the main search's share of the CPU and the wall ratio
means little, the node ratio says how much less work the main search had to do with helpers: the wall ratio
an idle machine with a core for each would show, less what the processes cost each other (the main search's
nodes a CPU second fall with a helper beside it: docs/performance.md, "Threads (issue 72)"). One run is
noisy (a position's node ratio changes from run to run by x0.5 and more): compare several.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.depth import GAMES, positions  # noqa: E402

# the fixed depth per game: deeper than bench/depth.py's (its depths take 0.01-0.2 s compiled, too short for
# helpers to matter); about 1-3 s a position for one thread compiled on an idle machine (guessed from a run at
# load 10 for normal, capablanca, raumschach, mixed3d, first-contact and future-generation; the others by
# their likeness). ``--depth game=D`` changes one.
THREADS_DEPTH = {"normal": 12, "capablanca": 12, "cylinder": 11, "millennium": 10, "third-millennium": 10,
                 "next-generation": 9, "first-contact": 9, "raumschach": 10, "future-generation": 11, "mixed3d": 7}


def ratio(one: float, many: float) -> str:
    return f"{one / max(many, 1e-9):.2f}"


def cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds the processes ``pids`` have used (from /proc; 0 where it cannot be read)."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to a fixed depth at Threads 1 and Threads N, same run.")
    parser.add_argument("games", nargs="*", help=f"games (default: {' '.join(GAMES)})")
    parser.add_argument("--threads", type=int, default=2, help="the threads to compare with one (default 2)")
    parser.add_argument("--depth", action="append", default=[], metavar="GAME=D", help="a game's fixed depth")
    parser.add_argument("--positions", type=int, default=0, help="only the first N positions of each game")
    parser.add_argument("--hash", type=int, default=64, help="table size in MB for both (default 64)")
    args = parser.parse_args(argv)
    depths = dict(THREADS_DEPTH)
    for item in args.depth:
        name, _, d = item.partition("=")
        if not d.isdigit():
            parser.error(f"--depth wants GAME=D: {item}")
        depths[name] = int(d)
    games = args.games or GAMES
    for name in games:
        if name not in depths:
            parser.error(f"no fixed depth for {name}: give --depth {name}=D")
    if not 2 <= args.threads <= 256:
        parser.error("--threads: 2..256")

    from hyperchess.engine.search import Searcher
    from hyperchess.engine.threads import ThreadedSearcher
    from hyperchess.engine.timecontrol import Limits
    from hyperchess.variants import get_game

    load = f", load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    print(f"# Threads 1 against {args.threads}: wall seconds to a fixed depth; cores {os.cpu_count()}{load}")
    total1 = totaln = cpu1 = cpun = nodes1 = nodesn = helpers_cpu = 0.0
    for name in games:
        game = get_game(name)
        fens = positions(name)
        if args.positions:
            fens = fens[:args.positions]
        depth = depths[name]
        many = ThreadedSearcher(hash_mb=args.hash, threads=args.threads)
        try:
            warm = game.position(fens[0])
            end = time.monotonic() + 120
            while many.helper_nodes() == 0 and time.monotonic() < end:
                many.search(warm, Limits(movetime=0.5))
            pids = [h.pid for h in many.helpers]
            t1s = tns = c1s = cns = n1s = nns = hs = 0.0
            for i, fen in enumerate(fens):
                pos = game.position(fen)
                times = {}
                cpu = {}
                best = {}
                nodes = {}
                for n in ((1, args.threads) if i % 2 == 0 else (args.threads, 1)):
                    if n == 1:
                        searcher = Searcher(hash_mb=args.hash)
                    else:
                        searcher = many
                        many.new_game()
                    helpers_before = cpu_seconds(pids) if n > 1 else 0.0
                    start, start_cpu = time.perf_counter(), time.process_time()
                    result = searcher.search(pos, Limits(depth=depth))
                    times[n] = time.perf_counter() - start
                    cpu[n] = time.process_time() - start_cpu
                    if n > 1:
                        hs += cpu_seconds(pids) - helpers_before
                    best[n] = result.best
                    nodes[n] = result.nodes
                t1s += times[1]
                tns += times[args.threads]
                c1s += cpu[1]
                cns += cpu[args.threads]
                n1s += nodes[1]
                nns += nodes[args.threads]
                print(f"{name} {i + 1:2d} depth {depth}: 1 thread {times[1]:7.2f} s, {args.threads} threads "
                      f"{times[args.threads]:7.2f} s, x{ratio(times[1], times[args.threads])}; main's nodes "
                      f"x{ratio(nodes[1], nodes[args.threads])}, CPU x{ratio(cpu[1], cpu[args.threads])}"
                      f"{'' if best[1] == best[args.threads] else '; another best move'}", flush=True)
        finally:
            many.close()
        total1 += t1s
        totaln += tns
        cpu1 += c1s
        cpun += cns
        nodes1 += n1s
        nodesn += nns
        helpers_cpu += hs
        print(f"{name}: 1 thread {t1s:.2f} s, {args.threads} threads {tns:.2f} s, x{ratio(t1s, tns)}; "
              f"main's nodes x{ratio(n1s, nns)}, CPU x{ratio(c1s, cns)}; helpers' CPU {ratio(hs, cns)} of "
              f"the main search's", flush=True)
    load = f", load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    print(f"all: 1 thread {total1:.2f} s, {args.threads} threads {totaln:.2f} s, x{ratio(total1, totaln)}; "
          f"main's nodes x{ratio(nodes1, nodesn)}, CPU x{ratio(cpu1, cpun)}; helpers' CPU "
          f"{ratio(helpers_cpu, cpun)} of the main search's{load}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
