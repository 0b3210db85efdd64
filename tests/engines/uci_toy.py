#!/usr/bin/env python3
"""A tiny UCI engine for the match-runner tests, able to misbehave on purpose.

    uci_toy.py [MODE] [AT]

It plays a random legal move of orthodox chess (our own rules, seeded by the position). MODE, from its AT-th
move on (default 3): ``normal``; ``illegal`` (answers a move that is not legal); ``crash`` (exits mid-game);
``hang`` (never answers ``go``); ``mated`` (reports ``score mate -N``).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hyperchess.variants import get_game  # noqa: E402


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "normal"
    at = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    game = get_game("normal")
    pos = game.position()
    made = 0

    def out(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            out("id name uci-toy")
            out("option name Hash type spin default 16 min 1 max 64")
            out("uciok")
        elif words[0] == "isready":
            out("readyok")
        elif words[0] == "position":
            pos = game.position(None if words[1] == "startpos" else " ".join(words[2:8]))
            if "moves" in words:
                for text in words[words.index("moves") + 1:]:
                    pos.push(pos.parse_move(text))
        elif words[0] == "go":
            made += 1
            if made >= at:
                if mode == "crash":
                    sys.exit(3)
                if mode == "hang":
                    continue
                if mode == "illegal":
                    out("bestmove a1a1")
                    continue
            move = random.Random(pos.hash ^ made).choice(sorted(pos.legal_moves()))
            out(f"info depth 1 score {'mate -2' if mode == 'mated' else 'cp 5'} nodes 1 pv {pos.move_name(move)}")
            out(f"bestmove {pos.move_name(move)}")
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
