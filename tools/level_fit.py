"""The Elo of the engine's levels from their matches (docs/engine.md, "Levels"): a Bradley-Terry fit by maximum
likelihood, draws counted as half points, on a scale that puts Fairy-Max 5.0b at depth 3 at a nominal 1600.

    python tools/level_fit.py [MATCH.out ...]

The matches measured so far are below (``EARLIER``, ``MEASURED``); each file given adds the report of a
`hyperchess match` ("Results of A vs B ...", "Wins: W, Draws: D, Losses: L"). Players are named by what they
are: `s<skill>` for a Skill Level, `n<nodes>` for a bare node budget, `fm<depth>` for Fairy-Max at that
depth, `top` for the whole engine. Prints each player's Elo with a rough 95% interval (from the fit's
curvature at that player alone) and each match's own Elo.
"""
from __future__ import annotations

import math
import re
import sys

ANCHOR, ANCHOR_ELO = "fm3", 1600
# (first, second, first's wins, draws, losses): sessions 40 and 41, docs/engine.md
EARLIER = [
    ("s0", "s3", 28, 0, 72), ("s3", "s6", 18, 2, 80), ("s6", "s8", 26, 3, 71), ("s8", "s13", 14, 1, 85),
    ("s13", "s15", 17, 16, 67), ("s15", "n2048", 19, 7, 74), ("s6", "fm1", 7, 2, 21), ("s8", "fm2", 6, 0, 24),
    ("s13", "fm3", 7, 3, 20), ("s15", "fm3", 15, 8, 27), ("n2048", "fm3", 18, 2, 10),
    ("s15", "n4096", 2, 1, 37), ("n4096", "n16384", 1, 1, 38), ("s15", "n16384", 0, 0, 20),
]
# session 42 (docs/engine.md, "Levels": the table; elo<N> is UCI_Elo=N with UCI_LimitStrength)
MEASURED = [
    ("s0", "s6", 8, 0, 92), ("s6", "s13", 3, 2, 95), ("s13", "s16", 8, 4, 88), ("s16", "s17", 7, 13, 80),
    ("s17", "s18", 8, 11, 81), ("s18", "s19", 5, 19, 76), ("s19", "top", 4, 16, 80),
    ("s0", "fm1", 3, 0, 37), ("s16", "fm4", 14, 4, 22), ("s17", "fm5", 20, 4, 16), ("s18", "fm6", 16, 4, 20),
    ("s19", "fm7", 32, 2, 6), ("top", "fm8", 32, 3, 5),
    ("s6", "s8", 19, 0, 81), ("s8", "s10", 22, 5, 73), ("s10", "s13", 37, 8, 55), ("s13", "s15", 24, 14, 62),
    ("s15", "s16", 14, 14, 72), ("elo1185", "s13", 19, 5, 76), ("elo1450", "s13", 62, 7, 31),
]
Match = tuple[str, str, int, int, int]


def read_report(text: str) -> Match | None:
    """The players and the first one's W/D/L of a match report, None if it holds no result."""
    names = re.search(r"Results of (\S+) vs (\S+) ", text)
    score = re.search(r"Wins: (\d+), Draws: (\d+), Losses: (\d+)", text)
    if not (names and score):
        return None
    w, d, l = map(int, score.groups())
    return names.group(1), names.group(2), w, d, l


def expected(r: float, q: float) -> float:
    """The score of a player rated ``r`` against one rated ``q``."""
    return 1 / (1 + 10 ** ((q - r) / 400))


def fit(matches: list[Match], rounds: int = 3000) -> dict[str, float]:
    """Each player's Elo, the anchor at ``ANCHOR_ELO`` (Newton steps, one player at a time)."""
    players = sorted({p for m in matches for p in m[:2]})
    elo = {p: 0.0 for p in players}
    for _ in range(rounds):
        for p in players:
            if p == ANCHOR:
                continue
            grad = curv = 0.0
            for a, b, w, d, l in matches:
                if p in (a, b):
                    n, s = w + d + l, w + d / 2
                    if p == b:
                        s = n - s
                    e = expected(elo[p], elo[b if p == a else a])
                    grad += s - n * e
                    curv += n * e * (1 - e)
            elo[p] += 400 / math.log(10) * grad / (curv + 1e-3) * 0.5   # half steps: a perfect score stays finite
    shift = ANCHOR_ELO - elo.get(ANCHOR, 0.0)
    return {p: e + shift for p, e in elo.items()}


def interval(matches: list[Match], elo: dict[str, float], p: str) -> float:
    """A rough 95% interval of ``p``'s Elo, the others held fixed."""
    info = sum((w + d + l) * expected(elo[p], elo[b if p == a else a]) * (1 - expected(elo[p], elo[b if p == a else a]))
               for a, b, w, d, l in matches if p in (a, b))
    return 1.96 * 400 / math.log(10) / math.sqrt(info) if info else math.inf


def main(paths: list[str]) -> None:
    new = [m for m in (read_report(open(path, encoding="utf-8").read()) for path in paths) if m]
    matches = EARLIER + MEASURED + new
    elo = fit(matches)
    for p, e in sorted(elo.items(), key=lambda item: item[1]):
        print(f"{p:10s} {e:6.0f} ± {interval(matches, elo, p):4.0f}")
    print(f"\n{len(matches)} matches")
    for a, b, w, d, l in MEASURED + new:
        n, s = w + d + l, (w + d / 2) / (w + d + l)
        own = f"{-400 * math.log10(1 / s - 1):+.0f}" if 0 < s < 1 else "no bound"
        print(f"{a} vs {b}: +{w} ={d} -{l} ({n} games) {own}")


if __name__ == "__main__":
    main(sys.argv[1:])
