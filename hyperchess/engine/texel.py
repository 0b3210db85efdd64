"""Texel's method: piece values and evaluation weights fitted to positions labelled by the results of games.

Every position of a game (after ``OPENING_PLIES``, the side to move not in check, neither the move into it
nor the move out of it a capture: quiet positions) is labelled with the game's result for the first team
(1, 1/2, 0). The static evaluation from that team's view is linear in what is fitted:

- the value of each letter whose kinds are neither pawns nor royal (the pawn is the unit): its feature is
  the difference of the two sides' counts of those kinds, on the board and in hand. Kinds that share a letter
  (third-millennium's double knights, one kind a pair) share one value, as a ``values`` table gives it;
- the ``EvalWeights`` terms but ``extra_move`` (a constant of the game): each term's feature is the
  evaluator's value with that weight alone at 10, divided by 10 (the terms round to whole centipawns).

The rest (placement bonuses, tempo, the endgame terms, a game's own ``evaluate``) is a fixed offset. The
fit minimises the mean squared difference of the label and ``1 / (1 + 10 ** (-K * eval / 400))``: first K
with the weights as they are, then, K held, each weight in turn moves by a step (32 down to 1 centipawn)
while that lowers the error plus ``ridge`` times the squared change of every weight from where it started
(coordinate descent). K is held because the offset is not tuned: refitting it let a fit shrink K and
inflate every term together (docs/history/performance-log.md, session 9). Pure Python: a step's error is
computed again only over the positions whose feature for that weight is not 0.

``hyperchess tune`` (tournament/tune.py) runs it on self-play; ``tools/texel.py`` on the runner's PGNs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Iterable, Sequence

from hyperchess.variants.board.codes import EN_PASSANT
from hyperchess.variants.core.game import EvalWeights
from hyperchess.variants.core.position import Position

from .endgame import king_centre_for, mop_up_for
from .evaluate import Evaluator
from .gamedata import GameData
from .scores import TEMPO

TERMS = [f.name for f in fields(EvalWeights) if f.name != "extra_move"]
OPENING_PLIES = 8
RESULT = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
UNIT = 10                     # a term's weight while its feature is measured
STEPS = (32, 16, 8, 4, 2, 1)
MOST_VALUE = 100_000          # as a piece's ``value`` key allows
MOST_WEIGHT = 1000            # as ``eval`` allows (docs/variants-file.md)


@dataclass
class Sample:
    """One quiet position: the game it comes from, its label, the fixed part of its evaluation and the
    features of the weights (all from the first team's view, centipawns)."""
    game: int
    label: float
    fixed: float
    features: list[float]


@dataclass
class Weights:
    """What is fitted: a name per weight (a piece's letter, or a term of ``EvalWeights``), their values,
    and how many of them are piece values (the first ones)."""
    names: list[str]
    values: list[float]
    pieces: int

    def piece_values(self) -> dict[str, int]:
        return {n: round(v) for n, v in zip(self.names[:self.pieces], self.values[:self.pieces])}

    def terms(self) -> dict[str, int]:
        return {n: round(v) for n, v in zip(self.names[self.pieces:], self.values[self.pieces:])}


def tuned_letters(game) -> list[tuple[str, list[int]]]:
    """The letters whose values are fitted, each with its kinds: the letters of no pawn and no royal kind."""
    kinds: dict[str, list[int]] = {}
    for k in range(1, len(game.pieces)):
        if game.pieces[k] is not None:
            kinds.setdefault(game.pieces[k].letter, []).append(k)
    return [(letter, ks) for letter, ks in kinds.items()
            if not any(game.pieces[k].pawn or game.pieces[k].royal for k in ks)]


def game_weights(game) -> Weights:
    """The game's own values and weights, as ``fit`` starts from them (a letter: its first kind's value)."""
    letters = tuned_letters(game)
    return Weights([letter for letter, _ in letters] + TERMS,
                   [float(game.pieces[ks[0]].value) for _, ks in letters]
                   + [float(getattr(game.eval_weights, t)) for t in TERMS], len(letters))


class Features:
    """The fixed part and the features of a position's evaluation (the module's docstring)."""

    def __init__(self, game) -> None:
        self.game = game
        self.gd = GameData(game)
        self.letters = tuned_letters(game)
        saved = game.eval_weights
        self.unit = {}
        try:
            for term in TERMS:
                game.eval_weights = replace(EvalWeights(**{t: 0 for t in TERMS}), **{term: UNIT})
                self.unit[term] = Evaluator(game)
        finally:
            game.eval_weights = saved

    def __call__(self, pos: Position) -> tuple[float, list[float]]:
        game, gd = self.game, self.gd
        sign = game.team_sign
        mop = mop_up_for(pos, gd) or king_centre_for(pos, gd)
        fixed = float(pos.score + gd.turn_bonus + TEMPO * sign[pos.turn])
        if gd.has_evaluate:
            fixed += game.evaluate(pos)
        if mop is not None:
            fixed += mop.bonus(pos) * sign[mop.strong]
        counts = [0] * len(game.pieces)
        for color in range(game.players):
            for cell in pos.occupied[color]:
                counts[game.kind_of[pos.board[cell]]] += sign[color]
        hands = getattr(pos.extra, "counts", None)      # pieces in hand (variants/rules/hands.py)
        if isinstance(hands, tuple):
            for color, row in enumerate(hands):
                for kind, n in enumerate(row):
                    if kind < len(counts):
                        counts[kind] += sign[color] * n
        out = []
        for _, kinds in self.letters:
            fixed -= sum(game.pieces[k].value * counts[k] for k in kinds)
            out.append(float(sum(counts[k] for k in kinds)))
        for term in TERMS:
            out.append(self.unit[term].positional(pos, mop is None) / UNIT)
        return fixed, out


def quiet_positions(game, fen: str | None, moves: Sequence[str]) -> Iterable[Position]:
    """The quiet positions of one game (the module's docstring), each a copy."""
    pos = game.position(fen)
    played = []
    for text in moves:
        move = pos.parse_move(text)
        played.append((move, bool(pos.board[move[1]]) or move[3] == EN_PASSANT))
        pos.push(move)
    pos = game.position(fen)
    for i, (move, capture) in enumerate(played):
        if i >= OPENING_PLIES and not capture and not played[i - 1][1] and not pos.in_check():
            yield pos.copy()
        pos.push(move)


def samples(game, games: Iterable[tuple[str | None, Sequence[str], str]]) -> list[Sample]:
    """The labelled quiet positions of ``games``: (start position or None, moves in native notation,
    result); games without a result, and games that do not replay (a bad start or move: a user's PGN), are
    left out."""
    features = Features(game)
    out = []
    for number, (fen, moves, result) in enumerate(games):
        if result not in RESULT:
            continue
        try:
            positions = list(quiet_positions(game, fen, moves))
        except ValueError:
            continue
        for pos in positions:
            fixed, f = features(pos)
            out.append(Sample(number, RESULT[result], fixed, f))
    return out


# ---------------------------------------------------------------------- the fit
def _sigmoid(k: float, e: float) -> float:
    x = -k * e / 400.0
    return 1.0 / (1.0 + 10.0 ** min(x, 300.0))


def evals(data: Sequence[Sample], theta: Sequence[float]) -> list[float]:
    return [s.fixed + sum(t * x for t, x in zip(theta, s.features)) for s in data]


def loss(data: Sequence[Sample], theta: Sequence[float], k: float) -> float:
    """The mean squared error of the predictions for ``data``."""
    total = 0.0
    for s, e in zip(data, evals(data, theta)):
        total += (s.label - _sigmoid(k, e)) ** 2
    return total / max(len(data), 1)


def fit_k(data: Sequence[Sample], theta: Sequence[float]) -> float:
    """K of the logistic that fits ``data`` best with these weights (ternary search on 0.05..5)."""
    e = evals(data, theta)
    err = lambda k: sum((s.label - _sigmoid(k, v)) ** 2 for s, v in zip(data, e))
    lo, hi = 0.05, 5.0
    for _ in range(50):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if err(a) < err(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def fit(data: Sequence[Sample], start: Sequence[float], k: float, free: Sequence[int] | None = None,
        most: Sequence[float] | None = None, ridge: float = 0.0, rounds: int = 200,
        steps: Sequence[int] = STEPS) -> list[float]:
    """Coordinate descent on the error of ``data`` with K held (the module's docstring): each free weight
    moves by each of ``steps`` while the error plus ``ridge`` x (its change)^2 falls, within 0 and its
    ``most``. Returns the weights."""
    theta = list(start)
    n = max(len(data), 1)
    free = list(range(len(theta))) if free is None else list(free)
    most = most or [math.inf] * len(theta)
    e = evals(data, theta)
    columns = {j: [(i, s.features[j]) for i, s in enumerate(data) if s.features[j]] for j in free}
    labels = [s.label for s in data]

    def change(j: int, d: float) -> float:
        """How much the objective changes when weight j moves by d."""
        delta = 0.0
        for i, x in columns[j]:
            y = labels[i]
            delta += (y - _sigmoid(k, e[i] + d * x)) ** 2 - (y - _sigmoid(k, e[i])) ** 2
        old, new = theta[j] - start[j], theta[j] + d - start[j]
        return delta / n + ridge * (new * new - old * old)

    for step in steps:
        for _ in range(rounds):
            moved = False
            for j in free:
                for d in (step, -step):
                    while 0 <= theta[j] + d <= most[j] and change(j, d) < -1e-12:
                        theta[j] += d
                        for i, x in columns[j]:
                            e[i] += d * x
                        moved = True
            if not moved:
                break
    return theta


@dataclass
class FitReport:
    """What one fit found and how well: the weights before and after, K, and the error of the half fitted
    (odd games) and of the half held out (even games), before and after."""
    before: Weights
    after: Weights
    k: float
    positions: int
    fit_error: tuple[float, float]
    check_error: tuple[float, float]


def texel_fit(game, data: Sequence[Sample], ridge: float = 0.0, values_only: bool = False) -> FitReport:
    """Fit the game's piece values (and, unless ``values_only``, its weights) to ``data`` (``samples``): K and
    the weights on the odd games, the error of both halves reported. A weight whose feature is 0 in every
    position stays as it is."""
    start = game_weights(game)
    fit_half = [s for s in data if s.game % 2]
    check_half = [s for s in data if not s.game % 2]
    fitted = start.pieces if values_only else len(start.values)
    free = [j for j in range(fitted) if any(s.features[j] for s in fit_half)]
    most = [MOST_VALUE] * start.pieces + [MOST_WEIGHT] * (len(start.values) - start.pieces)
    k = fit_k(fit_half, start.values)
    theta = [float(round(v)) for v in fit(fit_half, start.values, k, free, most, ridge)]
    after = Weights(start.names, theta, start.pieces)
    return FitReport(start, after, k, len(data), (loss(fit_half, start.values, k), loss(fit_half, theta, k)),
                     (loss(check_half, start.values, k), loss(check_half, theta, k)))
