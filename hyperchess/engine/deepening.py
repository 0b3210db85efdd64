"""Iterative deepening: the root's moves searched one depth at a time, within a time and node budget.

Each depth starts from the previous one's best move, inside an aspiration window of +-``ASPIRATION`` around
its score from depth 4 (a score outside it is searched again in full; after a fail low the old best move
stands). A search stopped inside a depth keeps a move that already beat the previous best there. Opening
variety: each root move gets a random bonus of 0..``Searcher.randomness`` centipawns while
``pos.fullmove <= RANDOM_MOVES``. The tree below the root is ``Searcher._root``/``_ab``/``_qs``
(engine/search.py); what deepening asks of it is :class:`RootSearcher`.
"""
from __future__ import annotations

import random
import threading
import time
from typing import TYPE_CHECKING, Callable, Collection, Protocol

from hyperchess.variants.core.game import Move
from hyperchess.variants.core.position import Position

from .outcomes import terminal_score
from .scores import INF, MATE, MATE_BOUND, SearchInfo, SearchResult, Stop, report_score
from .timecontrol import Budget, Limits

if TYPE_CHECKING:
    from .hashtables import TransTable

MAX_DEPTH = 100
RANDOM_MOVES = 8                    # opening randomisation: root noise up to this full move number
WIDE_ROOT = 180                     # a root with this many legal moves makes a wide search (Searcher.wide)
ASPIRATION = 40                     # root window around the previous iteration's score, from depth 4


class RootSearcher(Protocol):
    """What iterative deepening reads, sets and calls of the searcher (engine/search.py's ``Searcher``)."""

    tt: TransTable
    nodes: int
    node_limit: float                   # the node budget (inf: none)
    deadline: float                     # the hard time limit (``time.perf_counter``)
    randomness: int
    rng: random.Random
    noise: dict[Move, int] | None       # each root move's random bonus (opening variety), or None
    wide: bool                          # the root has WIDE_ROOT moves or more
    root_scores: dict[Move, int]        # a wide root's moves' scores in the last iteration
    root_best: tuple[Move, int, list[Move]] | None     # the best root move so far: (move, score, line)

    def begin(self, pos: Position, limits: Limits, stop: threading.Event | None, start: float) -> Budget:
        ...

    def _order(self, pos: Position, moves: list[Move], tt_move: Move | None, ply: int,
               rest: list | None = None) -> list[Move]:
        ...

    def _root(self, pos: Position, moves: list[Move], depth: int, alpha: int = -INF, beta: int = INF) -> int:
        ...

    def _eval(self, pos: Position, alpha: int = -INF, beta: int = INF) -> int:
        ...


def deepen(searcher: RootSearcher, pos: Position, limits: Limits, stop: threading.Event | None = None,
           on_info: Callable[[SearchInfo], None] | None = None, exclude: Collection[Move] = (),
           skip: Callable[[int], bool] | None = None) -> SearchResult:
    """Search ``pos`` (left unchanged) within ``limits``; the best move, or None if there is none. ``skip(depth)``
    true: that depth is not searched (a Lazy SMP helper's depths, engine/threads.py)."""
    start = time.perf_counter()
    plan = searcher.begin(pos, limits, stop, start)
    soft = start + plan.soft if plan.soft is not None else float("inf")
    moves = pos.legal_moves()
    if not moves:
        return SearchResult(None, None, report_score(terminal_score(pos, 0)), 0, 0, [])
    if exclude:
        excluded = set(exclude)
        moves = [m for m in moves if m not in excluded]
        if not moves:
            return SearchResult(None, None, 0, 0, 0, [])
    entry = searcher.tt.get(pos.hash)
    moves = searcher._order(pos, moves, entry[3] if entry else None, 0)
    searcher.noise = None
    if searcher.randomness > 0 and pos.fullmove <= RANDOM_MOVES and len(moves) > 1:
        searcher.noise = {m: searcher.rng.randint(0, searcher.randomness) for m in moves}
    searcher.wide = len(moves) >= WIDE_ROOT
    searcher.root_scores = {}
    best, best_score, best_pv, done_depth = moves[0], None, [moves[0]], 0
    max_depth = min(MAX_DEPTH, limits.depth) if limits.depth is not None else MAX_DEPTH
    timed = plan.hard is not None
    moves_made = pos.moves_made
    last_info = None
    for depth in range(1, max(1, max_depth) + 1):
        if skip is not None and skip(depth) and depth < max_depth:
            continue
        searcher.root_best = None
        iteration_start = time.perf_counter()
        try:
            if depth >= 4 and best_score is not None and abs(best_score) < MATE_BOUND:
                lo, hi = best_score - ASPIRATION, best_score + ASPIRATION
                score = searcher._root(pos, moves, depth, lo, hi)
                if score <= lo or score >= hi:          # outside the window: search it again in full
                    if score <= lo:
                        searcher.root_best = None           # a fail-low move is no better than the last best
                    score = searcher._root(pos, moves, depth)
            else:
                score = searcher._root(pos, moves, depth)
        except Stop:
            pos.take_back_to(moves_made)
            # a move that already beat the previous best in the unfinished iteration is better
            if searcher.root_best is not None and searcher.root_best[0] != best:
                best, best_score, best_pv = searcher.root_best[0], searcher.root_best[1], searcher.root_best[2]
            break
        best, best_score, done_depth = searcher.root_best[0], score, depth
        best_pv = searcher.root_best[2]
        if searcher.wide:           # a wide root: the moves by their last scores (upper bounds for most)
            scores = searcher.root_scores
            moves.sort(key=lambda m: -scores.get(m, -MATE))
        moves.remove(best)
        moves.insert(0, best)
        last_info = SearchInfo(depth, report_score(score), time.perf_counter() - start, searcher.nodes, list(best_pv))
        if on_info is not None:
            on_info(last_info)
        now = time.perf_counter()
        if now >= soft or searcher.nodes >= searcher.node_limit or (stop is not None and stop.is_set()):
            break
        if now + 2 * (now - iteration_start) > searcher.deadline and not plan.use_all:
            break          # on a clock: the next iteration (usually 3x longer) could not finish anyway
        if timed and len(moves) == 1 and not limits.infinite:
            break          # the only move: no need to think
        if abs(score) >= MATE_BOUND and not limits.infinite and depth >= MATE - abs(score) + 2:
            break          # a mate found with room to spare does not get shorter
    if best_score is None:
        best_score = searcher._eval(pos)
    final = SearchInfo(done_depth, report_score(best_score), time.perf_counter() - start, searcher.nodes,
                       list(best_pv))
    if on_info is not None and (last_info is None or last_info.pv != final.pv
                                or last_info.score != final.score):
        on_info(final)
    ponder = best_pv[1] if len(best_pv) > 1 else None
    return SearchResult(best, ponder, report_score(best_score), done_depth, searcher.nodes, list(best_pv))

