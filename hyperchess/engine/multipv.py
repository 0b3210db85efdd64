"""MultiPV: the best N lines of a position from ONE iterative deepening, by root-move exclusion.

Each depth searches line 1 over every root move (``Searcher.search``'s own iteration, aspiration window and
all), then line 2 over the root moves less line 1's first move, then line 3 less both, and so on, all in the
same tree: one transposition table, one node count, one clock, one time budget. The searcher calls back after
each iteration of line 1 (``on_info``), with the position at the root; the further lines of that depth are
searched right there, so the searcher's own time management (no new depth after the soft limit, none that
could not finish) counts them too. When a depth is complete its lines are reported sorted best first, with
the cumulative ``nodes`` and ``time`` of the whole search.

A search stopped inside a depth (time, nodes, ``stop``) keeps the lines that depth completed and fills up with
the lines of the previous depth whose first move is not among them. A depth's line k was searched over every
move not in lines 1..k-1, so none of those moves can be worth more there than line k: a previous-depth line
scored above the last completed line is reported at that line's score, as an upper bound.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace
from typing import Callable, Collection

from hyperchess.variants.core.game import Move
from hyperchess.variants.core.position import Position

from .scores import SearchInfo, SearchResult, Stop, report_score
from .search import Searcher
from .timecontrol import Limits


@dataclass
class Line(SearchInfo):
    """One of the N lines: ``multipv`` is its rank (1 = best); ``value`` the search's internal score (mates
    as ``MATE - ply``: the order of the lines); ``upper`` marks a score that is only an upper bound."""
    multipv: int = 1
    value: int = 0
    upper: bool = False


def search_lines(searcher: Searcher, pos: Position, limits: Limits, lines: int,
                 stop: threading.Event | None = None, on_info: Callable[[Line], None] | None = None,
                 exclude: Collection[Move] = ()) -> SearchResult:
    """Search ``pos`` (left unchanged) for its best ``lines`` lines within ``limits``; ``on_info`` gets each
    line (a ``Line``) of every completed depth, and of a last, unfinished one. The result is line 1's."""
    excluded = set(exclude)
    order = [m for m in pos.legal_moves() if m not in excluded]     # root moves, best known first
    want = min(lines, len(order))
    start = time.perf_counter()
    done: list[Line] = []          # the last completed depth's lines, sorted
    partial: list[Line] = []       # a depth stopped after some of its lines

    def more_lines(info: SearchInfo) -> None:
        """Line 1 of a new depth is found: search lines 2..N at that depth (the searcher's thread, at the root)."""
        if not info.pv or info.depth <= (done[0].depth if done else 0):
            return                 # the searcher's last word on a depth it did not finish: the lines stand
        current = [Line(info.depth, info.score, 0.0, 0, list(info.pv), value=searcher.root_best[1])]
        found = {info.pv[0]}
        moves_made = pos.moves_made
        for _ in range(1, want):
            rest = [m for m in order if m not in found]
            searcher.root_best = None
            try:
                score = searcher._root(pos, rest, info.depth)
            except Stop:
                pos.take_back_to(moves_made)
                partial[:] = current
                return
            move, _, pv = searcher.root_best
            current.append(Line(info.depth, report_score(score), 0.0, 0, list(pv), value=score))
            found.add(move)
        done[:] = sorted(current, key=lambda line: -line.value)
        firsts = [line.pv[0] for line in done]
        order[:] = firsts + [m for m in order if m not in firsts]
        report(done)

    def report(batch: list[Line]) -> None:
        elapsed, nodes = time.perf_counter() - start, searcher.nodes
        for rank, line in enumerate(batch, 1):
            line.multipv, line.elapsed, line.nodes = rank, elapsed, nodes
            if on_info is not None:
                on_info(line)

    result = searcher.search(pos, limits, stop, more_lines, exclude)
    if partial:
        if not done:
            done[:] = sorted(partial, key=lambda line: -line.value)
        else:
            kept = sorted(partial, key=lambda line: -line.value)
            cap = kept[-1].value
            firsts = {line.pv[0] for line in kept}
            stale = [line if line.value <= cap else replace(line, value=cap, score=report_score(cap), upper=True)
                     for line in done if line.pv[0] not in firsts]
            done[:] = kept + stale[:want - len(kept)]
        report(done)
    if not done:
        return result
    best = done[0]
    return SearchResult(best.pv[0], best.pv[1] if len(best.pv) > 1 else None, best.score, best.depth,
                        searcher.nodes, list(best.pv))
