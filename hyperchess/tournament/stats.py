"""Match statistics in pure Python: W/D/L, Elo with its 95% error, LOS, pentanomial counts and the
generalised SPRT (normalized and logistic models) as fastchess documents them.

References (formulas re-derived, no code copied): M. Van den Bergh, "Comments on Normalized Elo"
(maximum-likelihood distributions under a constraint, sections 1 and 4); fastchess' SPRT notes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

Z95 = 1.959963984540054          # two-sided 95% quantile of the normal distribution
NELO_PER_T = 800 / math.log(10)  # normalized Elo per unit of t = (mu - 0.5) / sigma
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)   # a game pair's score per game: LL, LD, WL/DD, WD, WW


def elo_from_score(score: float) -> float:
    """Logistic Elo difference for an expected score (±inf at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def score_from_elo(elo: float) -> float:
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class Summary:
    wins: int
    draws: int
    losses: int
    score: float        # points per game, 0..1
    elo: float
    elo_error: float    # half-width of the 95% interval (inf when it is unbounded)
    los: float          # likelihood of superiority, 0..1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def summarize(wins: int, draws: int, losses: int) -> Summary:
    """W/D/L from the first engine's side -> score, Elo ± 95% error and LOS (trinomial model).

    The error comes from the per-game score variance: the 95% interval of the mean score, mapped
    through the Elo curve; half its width is reported (as cutechess does)."""
    n = wins + draws + losses
    if n == 0:
        return Summary(0, 0, 0, 0.5, 0.0, math.inf, 0.5)
    score = (wins + 0.5 * draws) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    dev = Z95 * math.sqrt(var / n)
    lo, hi = score - dev, score + dev
    err = (elo_from_score(hi) - elo_from_score(lo)) / 2 if 0 < lo and hi < 1 else math.inf
    los = 0.5 if wins + losses == 0 else 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses))))
    return Summary(wins, draws, losses, score, elo_from_score(score), err, los)


def pentanomial(pair_scores: Sequence[float]) -> list[int]:
    """Counts of game pairs by points scored in the pair (0, 0.5, 1, 1.5, 2) for the first engine."""
    counts = [0] * 5
    for s in pair_scores:
        counts[round(s * 2)] += 1
    return counts


def _mean_var(scores: Sequence[float], p: Sequence[float]) -> tuple[float, float]:
    mu = sum(a * q for a, q in zip(scores, p))
    return mu, sum(q * (a - mu) ** 2 for a, q in zip(scores, p))


def normalized_elo(penta: Sequence[int]) -> tuple[float, float]:
    """Normalized Elo and the half-width of its 95% interval from pentanomial counts.

    nElo = (mu - 0.5) / sigma_game · 800/ln 10, with sigma_game = sqrt(2 · pair variance)."""
    n = sum(penta)
    if n == 0:
        return 0.0, math.inf
    mu, var = _mean_var(PAIR_SCORES, [c / n for c in penta])
    if var == 0:
        return 0.0, math.inf
    sigma = math.sqrt(2 * var)
    return (mu - 0.5) / sigma * NELO_PER_T, Z95 * math.sqrt(var / n) / sigma * NELO_PER_T


def _root(f: Callable[[float], float], lo: float, hi: float, eps: float = 1e-12) -> float:
    """A zero of the increasing-or-decreasing ``f`` strictly inside (lo, hi), by bisection."""
    flo = f(lo)
    for _ in range(200):
        mid = (lo + hi) / 2
        fm = f(mid)
        if (fm < 0) == (flo < 0):
            lo, flo = mid, fm
        else:
            hi = mid
        if hi - lo < eps:
            break
    return (lo + hi) / 2


def _mle_expectation(scores: Sequence[float], phat: Sequence[float], s: float) -> list[float]:
    """The distribution closest to ``phat`` (maximum likelihood) whose expected score is ``s``:
    p_i = phat_i / (1 + theta (a_i - s)), theta solving sum phat_i (a_i - s) / (1 + theta (a_i - s)) = 0."""
    d = [a - s for a in scores]
    lo, hi = -1 / max(d), -1 / min(d)
    width = hi - lo
    theta = _root(lambda x: sum(q * di / (1 + x * di) for q, di in zip(phat, d)),
                  lo + width * 1e-12, hi - width * 1e-12)
    return [q / (1 + theta * di) for q, di in zip(phat, d)]


def _mle_normalized(scores: Sequence[float], phat: Sequence[float], t: float) -> list[float]:
    """The maximum-likelihood distribution with (mu - 0.5) / sigma = t, by the fixed-point iteration
    of Van den Bergh §4.1, started from the uniform distribution."""
    n = len(scores)
    p = [1 / n] * n
    for _ in range(1000):
        mu, var = _mean_var(scores, p)
        sigma = math.sqrt(var)
        phi = [a - 0.5 - 0.5 * t * sigma * (1 + ((a - mu) / sigma) ** 2) for a in scores]
        lo, hi = -1 / max(phi), -1 / min(phi)
        width = hi - lo
        theta = _root(lambda x: sum(q * f / (1 + x * f) for q, f in zip(phat, phi)),
                      lo + width * 1e-12, hi - width * 1e-12)
        new = [q / (1 + theta * f) for q, f in zip(phat, phi)]
        change = max(abs(a - b) for a, b in zip(new, p))
        p = new
        if change < 1e-9:
            break
    return p


@dataclass(frozen=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "normalized"      # or "logistic"

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError("sprt: elo0 must be less than elo1")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ValueError("sprt: alpha and beta must lie in (0, 1) with alpha + beta < 1")
        if self.model not in ("normalized", "logistic"):
            raise ValueError(f"sprt: model must be normalized or logistic, got {self.model!r}")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, penta: Sequence[int]) -> float:
        """Log-likelihood ratio of H1 (elo1) against H0 (elo0) for pentanomial counts.

        Empty cells get 1e-3 of a pair so that the MLE stays inside the simplex (as fastchess); the
        pentanomial's WL and DD cells are one cell here already."""
        counts = [c if c else 1e-3 for c in penta]
        total = sum(counts)
        phat = [c / total for c in counts]
        if self.model == "normalized":
            # per-pair t is sqrt(2) times the per-game t (two games per pair)
            p0 = _mle_normalized(PAIR_SCORES, phat, math.sqrt(2) * self.elo0 / NELO_PER_T)
            p1 = _mle_normalized(PAIR_SCORES, phat, math.sqrt(2) * self.elo1 / NELO_PER_T)
        else:
            p0 = _mle_expectation(PAIR_SCORES, phat, score_from_elo(self.elo0))
            p1 = _mle_expectation(PAIR_SCORES, phat, score_from_elo(self.elo1))
        return total * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(phat, p0, p1))

    def decision(self, llr: float) -> str | None:
        """"H1" (accept elo1), "H0" (accept elo0) or None (continue)."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


def elo_text(s: Summary) -> str:
    """The Elo line's value: ``+36.62 +/- 46.84``. With every game won (or lost) the score has no finite
    Elo; then the one-sided 95% bound of the Clopper-Pearson interval of the score (all n won: score >=
    0.05^(1/n)) is given: ``> +182.31 (all 10 games won, 95% bound)``."""
    n = s.games
    if n == 0:
        return "n/a (no games yet)"
    if s.wins == n or s.losses == n:
        bound = elo_from_score(0.05 ** (1 / n))
        return (f"> {format_elo(bound)} (all {n} games won, 95% bound)" if s.wins == n
                else f"< {format_elo(-bound)} (all {n} games lost, 95% bound)")
    if math.isinf(s.elo_error):
        return f"{format_elo(s.elo)} +/- n/a (too few games)"
    return f"{format_elo(s.elo)} +/- {format_elo(s.elo_error)[1:]}"


def format_elo(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value + 0.0:+.2f}".replace("-0.00", "+0.00")
