"""Fit a game's placement tables and positional weights to labelled positions (issue 34).

    python tools/label_positions.py --variant normal --out normal.jsonl games.pgn
    python tools/fit_placement.py --variant normal normal.jsonl > placement.toml

The static evaluation from White's view is linear in what is fitted here:

- a placement table per piece (its value plus a bonus on each cell, ``Game.placement``), shared by both
  players through ``Game.mirror_cells``;
- with ``--terms``, the ``EvalWeights`` terms (each term's feature is the evaluator's value with that
  weight alone at 10, divided by 10); without it they keep the game's weights.

The rest (tempo, the endgame terms, a game's own evaluation hook) is a fixed offset. The fit minimises the
mean squared difference of ``sigmoid(eval / S)`` and ``sigmoid(label / S)`` (S = 400 / ln 10, the usual
logistic of centipawns), so a won position's exact score weighs little, plus ``--ridge`` times the squared
change of each parameter from the game's current value (rare cells stay where they were) except each
piece's value, which moves its whole table freely. Adam, full
batch, numpy (``pip install numpy``: a tool's need, not the engine's).

Positions are split in blocks of 64 lines (neighbouring lines come from one game): odd blocks fit, even
blocks check, and both errors are printed on stderr before and after, so an over-fit shows. The result is
printed as the game's ``placement`` table (and ``eval`` weights) for its variants file.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
from pathlib import Path

sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from hyperchess.engine.evaluate import Evaluator  # noqa: E402
from hyperchess.engine.endgame import king_centre_for, mop_up_for  # noqa: E402
from hyperchess.engine.gamedata import GameData  # noqa: E402
from hyperchess.engine.scores import TEMPO  # noqa: E402
from hyperchess.variants import UnknownVariant, get_game  # noqa: E402
from hyperchess.variants.core.game import EvalWeights  # noqa: E402

TERMS = [f.name for f in dataclasses.fields(EvalWeights)]
SCALE = 400 / math.log(10)
BLOCK = 64


def build(game, rows: list[dict]):
    """The sparse placement features, the dense term features, the fixed offsets and the labels."""
    gd = GameData(game)
    mirror = game.mirror_cells()
    if mirror is None:
        sys.exit(f"{game.name}: the players' armies do not mirror each other; no shared placement table")
    n = game.geometry.size
    letters = [p.letter for p in game.pieces[1:]]
    unit = {}
    if True:
        for term in TERMS:
            saved = game.eval_weights
            game.eval_weights = EvalWeights(**{t: (10 if t == term else 0) for t in TERMS})
            unit[term] = Evaluator(game)
            game.eval_weights = saved
    row, col, sign, fixed, dense, label = [], [], [], [], [], []
    for i, r in enumerate(rows):
        pos = game.position(r["fen"])
        mop = mop_up_for(pos, gd) or king_centre_for(pos, gd)
        f = TEMPO if pos.turn == 0 else -TEMPO
        if mop is not None:
            f += mop.bonus(pos) if mop.strong == 0 else -mop.bonus(pos)
        if game.has_evaluate:
            f += game.evaluate(pos)
        for color in (0, 1):
            for cell in pos.occupied[color]:
                code = pos.board[cell]
                kind = game.kind_of[code]
                row.append(i)
                col.append((kind - 1) * n + (cell if color == 0 else mirror[cell]))
                sign.append(game.team_sign[color])
        counts = [0.0] * len(letters)          # each kind's count difference: its value shift
        for color in (0, 1):
            for cell in pos.occupied[color]:
                counts[game.kind_of[pos.board[cell]] - 1] += game.team_sign[color]
        dense.append([unit[t].positional(pos, mop is None) / 10.0 for t in TERMS] + counts)
        fixed.append(f)
        label.append(r["score"])
    return (letters, np.array(row), np.array(col), np.array(sign, dtype=float), np.array(fixed, dtype=float),
            np.array(dense, dtype=float).reshape(len(rows), len(TERMS) + len(letters)), np.array(label, dtype=float))


def initial(game, letters: list[str]) -> np.ndarray:
    """The game's current values: each piece's colour-0 table, then its weights."""
    n = game.geometry.size
    theta = np.zeros(len(letters) * n + len(TERMS) + len(letters))
    for k in range(1, len(game.pieces)):
        code = next(c for c in range(game.ncodes) if game.kind_of[c] == k and game.owner[c] == 0)
        theta[(k - 1) * n:k * n] = game.pst[code]
    w = game.eval_weights
    theta[len(letters) * n:len(letters) * n + len(TERMS)] = [getattr(w, t) for t in TERMS]
    return theta


def predict(theta, data, npst: int) -> np.ndarray:
    _, row, col, sign, fixed, dense, _ = data
    pst = np.bincount(row, weights=theta[col] * sign, minlength=len(fixed))
    return fixed + pst + dense @ theta[npst:]


def error(theta, data, npst: int, mask) -> float:
    p = 1 / (1 + np.exp(-predict(theta, data, npst) / SCALE))
    y = 1 / (1 + np.exp(-data[6] / SCALE))
    return float(np.mean(((p - y) ** 2)[mask]))


def fit(theta0, data, npst: int, mask, ridge: float, steps: int, rate: float, terms: bool,
        tables: bool = True) -> np.ndarray:
    _, row, col, sign, fixed, dense, label = data
    y = 1 / (1 + np.exp(-label / SCALE))
    theta = theta0.copy()
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    w = mask.astype(float) / mask.sum()
    nterms = len(TERMS)
    frozen = np.zeros_like(theta, dtype=bool)
    frozen[npst:npst + nterms] = not terms
    frozen[:npst] = not tables
    penalty = np.full_like(theta, ridge)
    penalty[npst + nterms:] = 0.0            # each kind's value shift is free; its cells are held near it
    for t in range(1, steps + 1):
        p = 1 / (1 + np.exp(-predict(theta, data, npst) / SCALE))
        g_row = 2 * (p - y) * p * (1 - p) / SCALE * w
        grad = np.bincount(col, weights=g_row[row] * sign, minlength=len(theta))
        grad[npst:] += dense.T @ g_row
        grad += 2 * penalty * (theta - theta0)
        grad[frozen] = 0.0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        theta -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-12)
        if t % 500 == 0:
            print(f"step {t}: fit {error(theta, data, npst, mask):.6f}", file=sys.stderr)
    return theta


def diagram(game, values: list[int]) -> str:
    """A table's numbers laid out like the variants file's diagram (docs/variants-file.md)."""
    g = game.geometry
    lines = []
    for level in reversed(range(g.levels)):
        for r in reversed(range(g.ranks)):
            cells = [g.index.get((f, r, level)) for f in range(g.files)]
            lines.append(" ".join(f"{values[c]:4d}" for c in cells if c is not None))
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("labels", nargs="+", help="JSON lines from tools/label_positions.py")
    p.add_argument("--variant", default="normal")
    p.add_argument("--terms", action="store_true", help="fit the EvalWeights terms too")
    p.add_argument("--no-tables", action="store_true", help="keep the cells' bonuses: fit piece values (and terms)")
    p.add_argument("--ridge", type=float, default=1e-7)
    p.add_argument("--steps", type=int, default=3000)
    p.add_argument("--rate", type=float, default=1.0, help="Adam's step in centipawns")
    a = p.parse_args()
    try:
        game = get_game(a.variant)
    except UnknownVariant as e:
        sys.exit(str(e))
    rows = [json.loads(line) for path in a.labels for line in Path(path).read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["score"] is not None]
    data = build(game, rows)
    letters = data[0]
    n = game.geometry.size
    npst = len(letters) * n
    theta0 = initial(game, letters)
    fit_mask = (np.arange(len(rows)) // BLOCK) % 2 == 1
    check_mask = ~fit_mask
    print(f"{len(rows)} positions; before: fit {error(theta0, data, npst, fit_mask):.6f} "
          f"check {error(theta0, data, npst, check_mask):.6f}", file=sys.stderr)
    theta = fit(theta0, data, npst, fit_mask, a.ridge, a.steps, a.rate, a.terms, not a.no_tables)
    print(f"after: fit {error(theta, data, npst, fit_mask):.6f} check {error(theta, data, npst, check_mask):.6f}",
          file=sys.stderr)
    print(f"[{game.name}.placement]")
    for k, letter in enumerate(letters, start=1):
        value = game.pieces[k].value
        shift = theta[npst + len(TERMS) + k - 1]
        bonus = [int(round(x + shift)) - value for x in theta[(k - 1) * n:k * n]]
        mean = sum(bonus) / n
        print(f'# {game.pieces[k].name}: mean {mean:+.0f} on the {value}')
        print(f'{letter} = """\n{diagram(game, bonus)}\n"""')
    if a.terms:
        w = {t: max(0, int(round(x))) for t, x in zip(TERMS, theta[npst:npst + len(TERMS)])}
        print("# eval = { " + ", ".join(f"{t} = {v}" for t, v in w.items()) + " }")


if __name__ == "__main__":
    main()
