"""Playing strength below the engine's best: ``Skill Level`` 0..20, as Fairy-Stockfish names the option.

A level below the top plays from a smaller search and, low down, does not always choose the best of it:
- the search gets at most ``level_nodes(skill)`` nodes: ``line_nodes`` (32 at level 0, doubling every three
  levels up to 15's 1,024, then 2^1.5 times as many a level: 65,536 at 19) for each line it searches
  (within the move's time as well), so a level costs the same on a loaded machine as on an idle one; a level
  that chooses among lines completes their depth 1 whatever its budget;
- below level 13 it looks at its best few lines (``level_lines``: 7 at level 0, 2 at 12; ``engine.multipv``)
  and plays the one whose score plus a random draw of 0..``level_noise(skill)`` centipawns is highest. The
  noise falls with the cube of the distance to ``CLEAN`` (15: 2,700 cp at level 0, about a random choice among
  its 7 lines; 583 at 6, 100 at 10, 21 at 12), so the bottom levels differ by how often they give material
  away, the upper ones by how deep they see. A mate it has found stays in the draw with its full score, so it
  is kept. From 13 up a level is one line: the search's own move at its budget.
Level 20 (the default) is the whole engine. How strong each level plays is measured, not assumed
(docs/engine.md, "Levels"); ``LEVEL_ELO`` holds the measured table and ``skill_for_elo`` reads it for
``UCI_Elo``.
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
BOARD_LEVELS = (0, 6, 13, 16, 17, 18, 19, SKILL_MAX)
BASE_NODES = 32         # level 0's node budget
NODE_DOUBLING = 3       # levels per doubling of the budget up to CLEAN
TOP_DOUBLINGS = 1.5     # doublings of the budget per level above CLEAN
CLEAN = 15              # the noise's zero (from 13 up a level is one line, and draws none)
NOISE_SCALE = 0.8       # centipawns of noise times the cube of the levels below CLEAN
LINES = 4               # lines at level 14 before the taper (level_lines), one more every 4 below


def line_nodes(skill: int) -> int:
    """The nodes ``skill`` spends on each line it searches: ``BASE_NODES`` doubling every ``NODE_DOUBLING``
    levels up to ``CLEAN`` (32 at level 0, 322 at 10, 1,024 at 15), then ``TOP_DOUBLINGS`` times a level
    (2,896 at 16, 8,192 at 17, 23,170 at 18, 65,536 at 19): a doubling is worth about 215 Elo there, and 1,024
    nodes lie about 1,500 Elo below the whole engine (docs/engine.md, "Levels")."""
    skill = max(0, min(skill, SKILL_MAX))
    return int(BASE_NODES * 2 ** (min(skill, CLEAN) / NODE_DOUBLING + TOP_DOUBLINGS * max(0, skill - CLEAN)))


def level_nodes(skill: int) -> int | None:
    """The node budget of a move at ``skill``: ``line_nodes`` for each of its ``level_lines`` (None: no
    budget, the whole engine). Per line, because the lines share one search: four lines of 322 nodes saw as
    deep as one of 80, and level 10 lost 5-93 (+2 draws) to level 13's one line of 645."""
    if skill >= SKILL_MAX:
        return None
    return line_nodes(skill) * level_lines(skill)


def level_lines(skill: int) -> int:
    """How many of its best lines the level chooses among: 4 at level 14 and one more for every four levels
    further down (7 at level 0), but never more than the levels left below ``CLEAN`` less one, so the lines
    taper to one (level 12: 2, 13 and up: 1) and the step to the clean levels is not the lines' cost."""
    below = CLEAN - 1 - max(0, skill)
    return max(1, min(LINES + below // 4, below))


def level_noise(skill: int) -> int:
    """The largest random centipawns added to each line's score before the level chooses: ``NOISE_SCALE``
    times the cube of the levels below ``CLEAN`` (2,700 at level 0, 583 at 6, 100 at 10, 21 at 12)."""
    return int(NOISE_SCALE * max(0, CLEAN - max(0, skill)) ** 3)


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
    if level_lines(skill) == 1:
        return searcher.search(pos, level_limits(limits, skill), stop, on_info, exclude)
    last: dict[int, Line] = {}

    def keep(line: SearchInfo) -> None:
        if isinstance(line, Line):
            last[line.multipv] = line
        if on_info is not None and getattr(line, "multipv", 1) == 1:
            on_info(line)

    want = min(level_lines(skill), len([m for m in pos.legal_moves() if m not in exclude]))
    result = search_lines(searcher, pos, level_limits(limits, skill), want, stop, keep, exclude)
    if len(last) < want and not (stop is not None and stop.is_set()):
        # the budget ran out inside depth 1: the lines of depth 1 then, whatever they cost (a few hundred
        # nodes), so that even level 0 draws its noise among whole lines, not the first moves it looked at
        result = search_lines(searcher, pos, replace(limits, depth=1, nodes=None), want, stop, keep, exclude)
    lines = [line for line in last.values() if line.pv]
    if not lines:
        return result
    line = choose(lines, skill, rng or random.Random())
    return SearchResult(line.pv[0], line.pv[1] if len(line.pv) > 1 else None, line.score, line.depth,
                        result.nodes, list(line.pv))


# The Elo of every Skill Level that was measured (docs/engine.md, "Levels": Bradley-Terry over the level matches,
# on a scale that puts Fairy-Max 5.0b at depth 3 at a nominal 1600; 20 is the whole engine at 0.5 s a move).
SKILL_ELO = {0: 460, 3: 620, 6: 870, 8: 1080, 10: 1290, 13: 1370, 15: 1530, 16: 1760, 17: 2080, 18: 2400,
             19: 2710, SKILL_MAX: 3060}
LEVEL_ELO = tuple(SKILL_ELO[s] for s in BOARD_LEVELS)     # the board levels' Elo
ELO_MIN, ELO_MAX = LEVEL_ELO[0], LEVEL_ELO[-1]


def skill_for_elo(elo: int) -> int:
    """The Skill Level that plays at ``elo``: between two measured skills the skill in proportion to where the
    Elo lies between their Elo (rounded to the nearest level), so a measured skill's own Elo gives that skill;
    below the table the lowest level, above it the whole engine."""
    points = sorted(SKILL_ELO.items())
    if elo <= points[0][1]:
        return points[0][0]
    for (s0, e0), (s1, e1) in zip(points, points[1:]):
        if elo <= e1:
            return round(s0 + (s1 - s0) * (elo - e0) / (e1 - e0))
    return SKILL_MAX
