"""Playing strength below the engine's best: ``Skill Level`` 0..20, as Fairy-Stockfish names the option.

A level below the top plays from a smaller search and does not always choose the best of it:
- the search gets at most ``level_nodes(skill)`` nodes (64 at level 0, doubling every two levels; within the
  move's time as well);
- it looks at its best few lines (``level_lines``: 4 at level 19, one more for every four levels below;
  ``engine.multipv``) and plays the one whose score plus a random draw of 0..``level_noise(skill)``
  centipawns is highest, so a weak level often plays a move a few pawns worse than its best, a strong one
  rarely. A mate it has found stays in the draw with its full score, so it is kept.
Level 20 (the default) is the whole engine. How strong each level plays is measured, not assumed
(docs/engine.md, "Levels").
"""
from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Callable, Collection

from hyperchess.variants.core.game import Move
from hyperchess.variants.core.position import Position

from .multipv import Line, search_lines
from .scores import SearchInfo, SearchResult
from .search import Searcher
from .timecontrol import Limits

SKILL_MAX = 20          # the whole engine
# the web board's levels 1..8 (as lichess has 8), each a Skill Level; their Elo is measured in docs/engine.md
BOARD_LEVELS = (0, 3, 6, 9, 12, 15, 18, SKILL_MAX)
LINES = 4               # lines level 19 chooses among
NOISE_PER_LEVEL = 15    # centipawns of random draw for each level below the top


def level_nodes(skill: int) -> int | None:
    """The node budget of a move at ``skill`` (None: no budget, the whole engine)."""
    if skill >= SKILL_MAX:
        return None
    return int(64 * 2 ** (max(0, skill) / 2))


def level_lines(skill: int) -> int:
    """How many of its best lines the level chooses among."""
    return LINES + max(0, SKILL_MAX - 1 - skill) // 4


def level_noise(skill: int) -> int:
    """The largest random centipawns added to each line's score before the level chooses."""
    return max(0, SKILL_MAX - skill) * NOISE_PER_LEVEL


def level_limits(limits: Limits, skill: int) -> Limits:
    """``limits`` with the level's node budget added (the smaller of the two when both are given)."""
    budget = level_nodes(skill)
    if budget is None:
        return limits
    return replace(limits, nodes=budget if limits.nodes is None else min(limits.nodes, budget))


def choose(lines: list[Line], skill: int, rng: random.Random) -> Line:
    """The line the level plays: the highest score plus a random draw of 0..noise centipawns."""
    noise = level_noise(skill)
    return max(lines, key=lambda line: line.value + rng.uniform(0, noise))


def search_at_level(searcher: Searcher, pos: Position, limits: Limits, skill: int,
                    stop: threading.Event | None = None, on_info: Callable[[SearchInfo], None] | None = None,
                    exclude: Collection[Move] = (), rng: random.Random | None = None) -> SearchResult:
    """The move ``skill`` plays at ``pos`` within ``limits`` (the whole engine at ``SKILL_MAX``)."""
    if skill >= SKILL_MAX:
        return searcher.search(pos, limits, stop, on_info, exclude)
    last: dict[int, Line] = {}

    def keep(line: SearchInfo) -> None:
        if isinstance(line, Line):
            last[line.multipv] = line
        if on_info is not None and getattr(line, "multipv", 1) == 1:
            on_info(line)

    result = search_lines(searcher, pos, level_limits(limits, skill), level_lines(skill), stop, keep, exclude)
    lines = [line for line in last.values() if line.pv]
    if not lines:
        return result
    line = choose(lines, skill, rng or random.Random())
    return SearchResult(line.pv[0], line.pv[1] if len(line.pv) > 1 else None, line.score, line.depth,
                        result.nodes, list(line.pv))
