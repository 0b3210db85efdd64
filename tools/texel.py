"""Texel-style tuning of a game's evaluation weights from the match runner's PGNs (issue 15).

    python tools/texel.py --variant normal m1.pgn m2.pgn ...          # fit and print the weights
    python tools/texel.py --variant normal --rounds 30 *.pgn
    python tools/texel.py --variant normal --scan *.pgn                # each weight alone, both halves

Every position of every game (after the opening plies, not in check, neither the move into it nor the move
out of it a capture: quiet positions) is labelled with the game's result (1, 1/2, 0 for White). The static
evaluation from White's view is linear in the weights tuned here: the piece values of the pieces that are
neither pawns nor royal (the count difference of each kind is its feature) and the ``EvalWeights`` terms
(each term's feature is the evaluator's value with that weight alone at 1, measured at 10 for precision).
The rest of the evaluation (placement, tempo, endgame terms, the pawn's value) is a fixed offset. First K
of the logistic ``1 / (1 + 10 ** (-K * eval / 400))`` is fitted with the weights as they are, then held
while the weights are fitted by coordinate descent (steps of 32 down to 1) on the mean squared error. K is
held because the offset is not tuned: refitting K each pass let a fit shrink K and inflate every tuned
term together, which only turns the fixed part down (session 9's millennium fit, K 0.28).

The games are split in two halves by number (odd: fit, even: check) and the error is reported for both, so
an over-fit shows. Positions of one game share one label, so the halves' noise is that of a few hundred
games even when they hold tens of thousands of positions: ``--scan`` shows, weight by weight, where the two
halves agree (docs/history/performance-log.md, session 11).

The samples, the features and the fit are ``hyperchess/engine/texel.py``'s, which ``hyperchess tune`` runs
on its own self-play (docs/engine.md, "Tuning a game"); this tool reads the runner's PGNs instead.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or str(Path(__file__).resolve().parent.parent))

from hyperchess.engine import texel  # noqa: E402
from hyperchess.engine.texel import RESULT, TERMS, Sample, fit_k, game_weights, loss  # noqa: E402
from hyperchess.tournament.pgn import read_pgn  # noqa: E402
from hyperchess.variants import UnknownVariant, get_game  # noqa: E402

OPENING_PLIES = texel.OPENING_PLIES


def samples(game, paths: list[str]) -> tuple[list[int], list[Sample]]:
    """The letters whose values are fitted, and a ``Sample`` (``engine/texel.py``) for each quiet position of
    the games of ``game`` in the PGN files (``Sample.game``: the game's number in the files, from 1)."""
    features = texel.Features(game)
    out = []
    number = 0
    for path in paths:
        for pg in read_pgn(Path(path).read_text(errors="replace")):
            number += 1
            if pg.result not in RESULT or pg.tags.get("Variant", "normal") != game.name:
                continue
            try:
                positions = list(texel.quiet_positions(game, pg.tags.get("FEN"), pg.moves))
            except ValueError as e:         # a bad FEN tag or an illegal move: that game is left out
                print(f"{path}: game {number} left out: {e}", file=sys.stderr)
                continue
            for pos in positions:
                fixed, f = features(pos)
                out.append(Sample(number, RESULT[pg.result], fixed, f))
    return game_weights(game).names[:len(texel.tuned_letters(game))], out


def descend(data, theta: list[float], free: list[int], k: float, max_step: int = 32,
            rounds: int = 200) -> list[float]:
    """``engine.texel.fit`` with its steps from ``max_step`` down (``rounds`` 0: the weights as they are)."""
    if rounds < 1:
        return list(theta)
    theta = texel.fit(data, theta, k, free, rounds=rounds, steps=[s for s in texel.STEPS if s <= max_step])
    print(f"fit {loss(data, theta, k):.5f}", file=sys.stderr)
    return theta


def scan(fit, check, theta: list[float], names: list[str], k: float) -> list[str]:
    """One line per weight: the change of the MSE on the fit half and on the check half when that weight
    alone is scaled (x0, 0.5, 1.5, 2, 3; a weight at 0 is tried at 5, 10, 20, 40), the rest held. A change
    both halves agree on is a signal; one half better and the other worse is noise in the games."""
    base = (loss(fit, theta, k), loss(check, theta, k))
    lines = []
    for i, name in enumerate(names):
        tried = [theta[i] * m for m in (0, 0.5, 1.5, 2, 3)] if theta[i] else [5.0, 10.0, 20.0, 40.0]
        cells = []
        for value in tried:
            trial = list(theta)
            trial[i] = value
            cells.append(f"{value:.0f}: {loss(fit, trial, k) - base[0]:+.5f}/{loss(check, trial, k) - base[1]:+.5f}")
        lines.append(f"  {name:16s} {theta[i]:5.0f}   " + "  ".join(cells))
    return lines


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--variant", default="normal")
    ap.add_argument("--rounds", type=_positive, default=200, help="coordinate-descent passes at most")
    ap.add_argument("--only", choices=["values", "terms"], help="tune only the piece values or only the terms")
    ap.add_argument("--max-step", type=int, choices=(1, 2, 4, 8, 16, 32), default=32,
                    help="the largest step of the descent, in centipawns")
    ap.add_argument("--scan", action="store_true",
                    help="no fit: show how each weight alone moves the error of both halves")
    args = ap.parse_args()
    try:
        game = get_game(args.variant)
        letters, rows = samples(game, args.pgn)
    except (UnknownVariant, OSError) as e:
        sys.exit(f"texel: {e}")
    if not rows:
        sys.exit(f"texel: no quiet positions of {game.name} in {', '.join(args.pgn)} (Variant tag and result needed)")
    fit = [r for r in rows if r.game % 2]
    check = [r for r in rows if not r.game % 2]
    print(f"{len(rows)} quiet positions ({len(fit)} to fit, {len(check)} to check)", file=sys.stderr)
    names = game_weights(game).names
    shipped = game_weights(game).values
    if args.scan:
        k = fit_k(rows, shipped)
        print(f"K = {k:.3f}; MSE fit {loss(fit, shipped, k):.5f}, check {loss(check, shipped, k):.5f}; "
                "per weight, value: change on the fit half / on the check half")
        print("\n".join(scan(fit, check, shipped, names, k)))
        return
    k = fit_k(fit, shipped)
    start = (loss(fit, shipped, k), loss(check, shipped, k))
    free = [i for i in range(len(shipped)) if args.only is None
            or (args.only == "values") == (i < len(letters))]
    theta = descend(fit, shipped, free, k, args.max_step, args.rounds)
    end = (loss(fit, theta, k), loss(check, theta, k))
    start_k = fit_k(check, theta)
    print(f"(K fitted on the check half after tuning: {start_k:.3f}, MSE {loss(check, theta, start_k):.5f})")
    print(f"K = {k:.3f}; MSE fit {start[0]:.5f} -> {end[0]:.5f}, check {start[1]:.5f} -> {end[1]:.5f}")
    for name, before, after in zip(names, shipped, theta):
        print(f"  {name:16s} {before:7.0f} -> {after:7.0f}")


if __name__ == "__main__":
    main()
