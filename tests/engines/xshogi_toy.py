#!/usr/bin/env python3
"""A shogi engine that speaks xshogi's protocol as GNU Shogi 1.4.2 does, for the referee's tests.

It prints its name, then follows ``new``, ``level``, ``force`` (moves entered for both sides), ``white`` (it
plays Black, sente, the side that moves first) and ``black`` (the other side), ``first`` (move now) and
``quit``; a move entered outside force mode is answered at once. Its moves: ``N. ... MOVE MS``, with shogi's
squares (files 9..1 from the left, ranks a..i from the top: ``7g7f``), drops ``P*5e``, promotions ``+``;
written here by the toy's own arithmetic. It plays a random legal move (our rules, seeded by the position).
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hyperchess.variants import get_game  # noqa: E402

SQUARE = re.compile(r"([a-i])([1-9])")


def shogi_text(native: str) -> str:
    """``c3c4`` -> ``7g7f``; ``P@e5`` -> ``P*5e``."""
    text = SQUARE.sub(lambda m: f"{9 - (ord(m.group(1)) - ord('a'))}{chr(ord('a') + 9 - int(m.group(2)))}", native)
    return text.replace("@", "*")


def main() -> None:
    game = get_game("shogi")
    pos = game.position()
    force, computer_first, made = False, False, 0

    def out(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def table() -> dict[str, object]:
        return {shogi_text(pos.move_name(m)): m for m in pos.legal_moves()}

    def think() -> None:
        nonlocal made
        made += 1
        moves = table()
        text = random.Random(pos.hash ^ made).choice(sorted(moves))
        pos.push(moves[text])
        out(f"{made}. ... {text} 1000")

    out("GNU Shogi 1.4.2 (toy)")
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "new":
            pos, force = game.position(), False
            out("Clocks: 0 0")
        elif cmd == "force":
            force = True
        elif cmd in ("white", "black"):
            force, computer_first = False, cmd == "white"
        elif cmd == "first":
            if (pos.turn == 0) == computer_first:
                think()
        elif cmd == "quit":
            return
        elif cmd in ("level", "easy", "post"):
            continue
        else:
            moves = table()
            if cmd not in moves:
                out(f"Illegal move (no match) {cmd}")
                continue
            pos.push(moves[cmd])
            out(f"{made}. {cmd} 0")
            if not force and pos.outcome() is None:
                think()


if __name__ == "__main__":
    main()
