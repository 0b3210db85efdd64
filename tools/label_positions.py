"""Label quiet positions of the match runner's PGNs with a deeper search's score (issue 34).

    python tools/label_positions.py --variant normal --out normal.jsonl games.pgn ...
    python tools/label_positions.py --variant millennium --labeller self --depth 6 --out m.jsonl m.pgn

Positions are taken after the opening plies, one in ``--every`` plies, when they are quiet: the side to move
is not in check and neither the move into the position nor the move out of it captured. Each is labelled
by a search deeper than the engine's static evaluation:

- ``--labeller fairy-stockfish`` (the default; games Fairy-Stockfish plays, such as ``normal`` and
  ``capablanca``): its score after ``--nodes`` nodes, through UCI;
- ``--labeller self``: hyperchess' own search to ``--depth`` plies (any game, 3D and four-level ones too).

A position whose labeller's best move is a capture, or whose score is a mate, is left out: the static
evaluation cannot see either. One JSON object a line: ``{"fen": ..., "score": cp from White's view}``
(``null``: left out, and not tried again when the file is extended). The labels feed ``tools/fit_placement.py``. Labelling runs ``--jobs`` processes at once and prints its
progress on stderr.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
from concurrent.futures import ProcessPoolExecutor
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("HYPERCHESS_TREE") or str(Path(__file__).resolve().parent.parent))

from hyperchess.tournament.pgn import read_pgn  # noqa: E402
from hyperchess.variants import UnknownVariant, get_game  # noqa: E402

OPENING_PLIES = 8
FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"
UCI_NAMES = {"normal": "chess"}          # our name -> Fairy-Stockfish's UCI_Variant


def quiet_positions(game, paths: list[str], every: int) -> list[str]:
    """FENs of the quiet positions of the games, one in ``every`` plies, without repeats."""
    seen: set[str] = set()
    out = []
    for path in paths:
        for pg in read_pgn(Path(path).read_text(errors="replace")):
            if pg.tags.get("Variant", "normal") != game.name:
                continue
            try:
                pos = game.position(pg.tags.get("FEN"))
                previous_capture = True
                for i, text in enumerate(pg.moves):
                    m = pos.parse_move(text)
                    capture = bool(pos.board[m[1]]) or m[3] == 2
                    if (i >= OPENING_PLIES and i % every == 0 and not capture and not previous_capture
                            and not pos.in_check()):
                        fen = pos.fen()
                        if fen not in seen:
                            seen.add(fen)
                            out.append(fen)
                    previous_capture = capture
                    pos.push(m)
            except ValueError as e:             # a bad FEN tag or an illegal move: that game is left out
                print(f"{path}: a game left out: {e}", file=sys.stderr)
    return out


class FairyStockfish:
    """One Fairy-Stockfish process: ``label(fen)`` -> (score from the side to move, best move) or None."""

    def __init__(self, variant: str, nodes: int, binary: str) -> None:
        self.nodes = nodes
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._send("uci")
        self._until("uciok")
        self._send(f"setoption name UCI_Variant value {UCI_NAMES.get(variant, variant)}")
        self._send("setoption name Threads value 1")
        self._send("isready")
        self._until("readyok")

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")

    def _until(self, word: str) -> list[str]:
        assert self.proc.stdout is not None
        lines = []
        for line in self.proc.stdout:
            lines.append(line.strip())
            if line.startswith(word):
                return lines
        raise RuntimeError("fairy-stockfish ended")

    def label(self, fen: str) -> tuple[int, str] | None:
        self._send(f"position fen {fen}")
        self._send(f"go nodes {self.nodes}")
        score = None
        lines = self._until("bestmove")
        for line in lines:
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = None if words[i + 1] == "mate" else int(words[i + 2])
        if score is None:
            return None
        return score, lines[-1].split()[1]

    def close(self) -> None:
        self._send("quit")
        self.proc.wait(5)


class SelfSearch:
    """hyperchess' own search to a fixed depth, as a labeller for the games Fairy-Stockfish cannot play."""

    def __init__(self, game, depth: int) -> None:
        from hyperchess.engine.search import Searcher
        from hyperchess.engine.timecontrol import Limits
        self.game = game
        self.searcher = Searcher(hash_mb=16)
        self.limits = Limits(depth=depth)

    def label(self, fen: str) -> tuple[int, str] | None:
        from hyperchess.engine.scores import MATE_BOUND
        pos = self.game.position(fen)
        result = self.searcher.search(pos, self.limits)
        if result.best is None or abs(result.score) >= MATE_BOUND:
            return None
        return result.score, pos.move_name(result.best)

    def close(self) -> None:
        pass


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pgn", nargs="+")
    p.add_argument("--variant", default="normal")
    p.add_argument("--out", required=True, help="JSON lines: appended to, positions already in it are skipped")
    p.add_argument("--labeller", choices=("fairy-stockfish", "self"), default="fairy-stockfish")
    p.add_argument("--nodes", type=int, default=20000, help="Fairy-Stockfish's nodes per position")
    p.add_argument("--depth", type=int, default=6, help="our own search's depth per position")
    p.add_argument("--every", type=int, default=2, help="one position in this many plies")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--binary", default=FAIRY_STOCKFISH)
    a = p.parse_args()
    try:
        game = get_game(a.variant)
    except UnknownVariant as e:
        sys.exit(str(e))
    fens = quiet_positions(game, a.pgn, a.every)
    out = Path(a.out)
    done = set()
    if out.exists():
        done = {json.loads(line)["fen"] for line in out.read_text().splitlines() if line.strip()}
    todo = [f for f in fens if f not in done]
    print(f"{len(fens)} quiet positions, {len(todo)} to label", file=sys.stderr)
    kept = 0
    start = time.monotonic()
    args = (a.labeller, a.variant, a.nodes, a.depth, a.binary)
    with out.open("a") as f, ProcessPoolExecutor(a.jobs, initializer=_start, initargs=args) as pool:
        for done, (fen, score) in enumerate(pool.map(_label, todo, chunksize=8), start=1):
            kept += score is not None
            f.write(json.dumps({"fen": fen, "score": score}) + "\n")    # null: left out, not tried again
            f.flush()
            if done % 200 == 0:
                print(f"{done}/{len(todo)} labelled, {kept} kept, {done / (time.monotonic() - start):.1f}/s",
                      file=sys.stderr)
    print(f"{kept} of {len(todo)} positions kept in {out}", file=sys.stderr)


_LABELLER = None


def _start(labeller: str, variant: str, nodes: int, depth: int, binary: str) -> None:
    """A worker's labeller, started once per worker process."""
    global _LABELLER
    game = get_game(variant)
    _LABELLER = (game, FairyStockfish(variant, nodes, binary) if labeller == "fairy-stockfish"
                 else SelfSearch(game, depth))


def _label(fen: str) -> tuple[str, int | None]:
    """(fen, the label from White's view), or (fen, None) when the position is left out."""
    game, labeller = _LABELLER
    got = labeller.label(fen)
    if got is None:
        return fen, None
    score, best = got
    pos = game.position(fen)
    try:
        m = pos.parse_move(best)
    except ValueError:
        return fen, None
    if pos.board[m[1]] or m[3] == 2:        # the best move captures: not a quiet position
        return fen, None
    return fen, score if pos.turn == 0 else -score


if __name__ == "__main__":
    main()
