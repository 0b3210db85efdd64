"""What a search reports, in the units the protocols speak: scores, one iteration's line, the result.

Scores are centipawns from the side to move's view. Mates are reported the CECP way, in moves:
``100000 + N`` (we mate with our N-th move) or ``-100000 - N`` (we are mated after N moves of ours);
inside the search a mate at ply p is ``MATE - p`` so that shorter mates score higher.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hyperchess.variants.core.game import Move

MATE = 1_000_000
MATE_BOUND = MATE - 10_000          # |score| above this is a mate
MATE_REPORT = 100_000               # reported mate scores: 100000 + moves
INF = 10 ** 9
TEMPO = 10                          # the side to move's small edge in every static score


@dataclass
class SearchInfo:
    """One completed iteration (and possibly a last one for a partly searched iteration)."""
    depth: int
    score: int
    elapsed: float
    nodes: int
    pv: list = field(default_factory=list)


@dataclass
class SearchResult:
    """The move to play (None only when there is no legal move), the expected reply and the final line."""
    best: Move | None
    ponder: Move | None
    score: int
    depth: int
    nodes: int
    pv: list = field(default_factory=list)


class Stop(Exception):
    """Raised inside the tree when time, nodes or the stop event say so."""


def report_score(s: int) -> int:
    """Internal score -> the reported one: CECP mates in moves, ``100000 + N`` = mate in N moves.

    We mate at ply p (odd): N = (p + 1) // 2. We are mated at ply p (even): N = p // 2, so a
    mated root (p = 0) is ``-100000``.
    """
    if s >= MATE_BOUND:
        return MATE_REPORT + (MATE - s + 1) // 2
    if s <= -MATE_BOUND:
        return -MATE_REPORT - (MATE + s) // 2
    return max(-MATE_REPORT + 1, min(MATE_REPORT - 1, s))
