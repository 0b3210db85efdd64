"""Does the engine at the web board's move time punish a combination that a deeper search finds? (issue 50)

    python bench/combinations.py mixed3d                              # this tree, 0.5 s a position
    python bench/combinations.py mixed3d --baseline /work/base50      # and an older tree, same run
    python bench/combinations.py mixed3d --make runs/mixed3d.json     # write the position set again

Issue 50 asks for depth 5 in mixed3d at 0.5 s because "a person who leaves a piece hanging two moves deep
is not punished" at depth 3. This bench measures that purpose directly.

**The set** (``bench/positions/<game>-combinations.txt``, written by ``--make`` from the games of a match
state file): positions from real games where a depth-``R`` search (``R`` = 5 by default) finds a gain that
a depth-1 search (one move and quiescence) does not see: the depth-``R`` score is at least ``GAIN`` (150)
centipawns and at least ``GAIN`` above the depth-1 score. Those are combinations: the material is won
only two or more moves deep.

**The measure:** each tree searches each position for the move time (``use_all``, as the web board asks)
and plays its move. This tree (or the tree given by ``--judge``, when this tree's pruning is what is being
changed) judges the move with a depth ``R - 1`` search of the position after it: the move punishes the
mistake when its value is within ``SLACK`` (100) centipawns of the depth-``R`` score.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.depth import HERE, POSITIONS, Worker  # noqa: E402
from hyperchess.variants import game_names, get_game  # noqa: E402

GAIN = 150           # centipawns: the least a combination wins, and the least it wins beyond depth 1
SLACK = 100          # a move within this of the reference score punishes the mistake
REFERENCE = 5        # the reference search depth


def set_path(game_name: str) -> Path:
    return POSITIONS / f"{game_name}-combinations.txt"


def read_set(game_name: str) -> list[dict]:
    """The committed combinations: one JSON object a line (fen, depth, score, move, shallow)."""
    lines = set_path(game_name).read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("#")]


def sample(state: str, game_name: str, every: int, first: int, games: int) -> list[str]:
    """Positions from the games of a match state file: every ``every``-th ply from ply ``first``."""
    records = json.loads(Path(state).read_text())["records"]
    game = get_game(game_name)
    out = []
    for rec in sorted(records, key=lambda r: r["index"])[:games]:
        pos = game.position(rec["fen"])
        for ply, text in enumerate(rec["opening_moves"] + rec["moves"]):
            if ply >= first and (ply - first) % every == 0 and pos.outcome() is None:
                out.append(pos.fen())
            pos.push(pos.parse_move(text))
    return out


def make(game_name: str, state: str, every: int, first: int, games: int, reference: int) -> None:
    fens = sample(state, game_name, every, first, games)
    worker = Worker(HERE)
    kept = []
    try:
        for i, fen in enumerate(fens, 1):
            deep = worker.ask(game_name, fen, None, reference)
            shallow = worker.ask(game_name, fen, None, 1)
            if deep["score"] >= GAIN and deep["score"] - shallow["score"] >= GAIN and abs(deep["score"]) < 90000:
                kept.append(dict(fen=fen, depth=reference, score=deep["score"], move=deep["best"],
                                 shallow=shallow["score"]))
            print(f"\r{i}/{len(fens)} positions searched, {len(kept)} combinations", end="", file=sys.stderr,
                  flush=True)
    finally:
        worker.close()
    print(file=sys.stderr)
    header = (f"# {game_name}: positions where a depth-{reference} search gains >= {GAIN} cp and >= {GAIN} cp "
              f"more than depth 1 (bench/combinations.py --make; every {every}th ply from ply {first} of the "
              f"first {games} games of {Path(state).name})")
    set_path(game_name).write_text("\n".join([header] + [json.dumps(k) for k in kept]) + "\n")
    print(f"wrote {len(kept)} of {len(fens)} positions to {set_path(game_name)}")


def after(game_name: str, fen: str, move: str) -> str:
    pos = get_game(game_name).position(fen)
    pos.push(pos.parse_move(move))
    return pos.fen()


def measure(game_name: str, baseline: str | None, movetime: float, judge_tree: str | None = None) -> None:
    items = read_set(game_name)
    workers = {"this": Worker(HERE)}
    if baseline:
        workers["base"] = Worker(baseline)
    judge = Worker(judge_tree) if judge_tree else workers["this"]
    found = {n: 0 for n in workers}
    depths: dict[str, list[int]] = {n: [] for n in workers}
    print(f"{game_name}: {len(items)} combinations, {movetime:g} s a move; load average "
          f"{os.getloadavg()[0]:.1f}")
    try:
        for i, item in enumerate(items):
            names = list(workers) if i % 2 == 0 else list(workers)[::-1]
            row = []
            for n in names:
                r = workers[n].ask(game_name, item["fen"], movetime, None)
                depths[n].append(r["depth"])
                if r["best"] == item["move"]:
                    value = item["score"]
                else:
                    reply = judge.ask(game_name, after(game_name, item["fen"], r["best"]), None, item["depth"] - 1)
                    value = -reply["score"]
                ok = value >= item["score"] - SLACK
                found[n] += ok
                row.append(f"{n} {r['best']} d{r['depth']} {value:+d} {'yes' if ok else 'NO'}")
            print(f"{i + 1:>3} reference {item['move']} {item['score']:+d} (depth 1: {item['shallow']:+d}) | "
                  + " | ".join(row), flush=True)
    finally:
        for w in workers.values():
            w.close()
        if judge_tree:
            judge.close()
    for n in workers:
        mean = sum(depths[n]) / max(1, len(depths[n]))
        print(f"{n}: punished {found[n]}/{len(items)}, mean depth {mean:.1f}")
    print(f"load average at end {os.getloadavg()[0]:.1f}")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--baseline", metavar="PATH", help="a checkout of an older tree, measured in the same run")
    ap.add_argument("--movetime", type=float, default=0.5, help="seconds a search (default 0.5)")
    ap.add_argument("--judge", metavar="PATH", help="judge the moves with the tree at PATH (default: this tree); "
                    "a tree whose pruning is being changed should not judge itself")
    ap.add_argument("--make", metavar="STATE", help="write the set from the games of this match state file")
    ap.add_argument("--every", type=int, default=10, help="--make: one position every this many plies")
    ap.add_argument("--first", type=int, default=20, help="--make: the first ply sampled")
    ap.add_argument("--games", type=int, default=30, help="--make: how many games of the state file")
    ap.add_argument("--reference", type=int, default=REFERENCE, help="--make: the reference depth")
    args = ap.parse_args(argv)
    if args.game not in game_names():
        sys.exit(f"unknown game {args.game!r} (known: {', '.join(game_names())})")
    for flag, path in (("--baseline", args.baseline), ("--judge", args.judge)):
        if path and not (Path(path) / "hyperchess").is_dir():
            sys.exit(f"{flag}: no hyperchess package under {path}")
    if args.every < 1 or args.first < 0 or args.games < 1 or args.reference < 2:
        sys.exit("--every and --games must be at least 1, --first at least 0, --reference at least 2")
    if args.make:
        try:
            make(args.game, args.make, args.every, args.first, args.games, args.reference)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            sys.exit(f"--make {args.make}: not a readable match state file of {args.game} ({exc})")
    else:
        if not set_path(args.game).is_file():
            sys.exit(f"no combination set for {args.game!r}: make one with --make STATE")
        measure(args.game, args.baseline, args.movetime, args.judge)


if __name__ == "__main__":
    main(sys.argv[1:])
