#!/usr/bin/env python3
"""A CECP engine that speaks as the engines XBoard drives do, for the referee's dialect tests.

    xboard_toy.py VARIANTS [GAME=NAME ...] [QUIRK ...]

It lists ``feature variants="VARIANTS"`` and plays random legal moves (our rules, seeded by the position).
``GAME=NAME`` maps an engine name of ``VARIANTS`` to a hyperchess game (``sho=shoshogi``); a name without
one is the game of that name. Squares are XBoard's own: on a board of exactly 10 ranks they count from 0
(engine-intf.html section 8), written here by the toy's own arithmetic, not hyperchess's code. A move it
cannot read gets ``Illegal move: M`` and is not made. QUIRKs, as Debian's engines have them:
``memory`` (HaChu 0.21: without a ``memory`` command before ``new`` it has no hash table, and ``go`` kills
it), ``v1`` (protocol version 1: ``protover`` is an unknown command, no features, no ``ping``; its move
as ``NUMBER ... MOVE`` only), ``twice`` (GNU Chess 6: features but no ``ping``; ``1. ... M`` and then ``My
move is : M``), ``flood`` (thinking output without end, never a move).
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hyperchess.variants import get_game  # noqa: E402

SQUARE = re.compile(r"([a-p])(\d{1,2})")


def xboard_text(native: str, ranks: int) -> str:
    """A native move name in XBoard's squares: ranks one lower on a 10-rank board."""
    if ranks != 10:
        return native
    return SQUARE.sub(lambda m: f"{m.group(1)}{int(m.group(2)) - 1}", native)


def main() -> None:
    words = sys.argv[1:]
    listed = words[0] if words else "normal"
    games = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    quirks = {w for w in words[1:] if "=" not in w}
    game = get_game("normal")
    pos = game.position()
    force, memory, made = True, False, 0

    def out(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def names() -> dict[str, object]:
        return {xboard_text(pos.move_name(m), game.geometry.ranks): m for m in pos.legal_moves()}

    def think() -> None:
        nonlocal made
        if "memory" in quirks and not memory:
            sys.exit(11)                     # as HaChu's segmentation fault
        if "flood" in quirks:
            while True:
                out(f"1 {made} 0 1 a1a2")
        made += 1
        table = names()
        text = random.Random(pos.hash ^ made).choice(sorted(table))
        pos.push(table[text])
        out(f"1 {made} 0 1 {text}")
        if "v1" in quirks:
            out(f"{made}. ... {text}")
        elif "twice" in quirks:
            out(f"{made}. ... {text}")
            out(f"My move is : {text}")
        else:
            out(f"move {text}")

    for line in sys.stdin:
        parts = line.split(None, 1)
        if not parts:
            continue
        cmd, arg = parts[0], (parts[1].strip() if len(parts) > 1 else "")
        if cmd == "protover" and "v1" in quirks:
            out("Error (unknown command): protover")
        elif cmd == "protover":
            ping = "" if "twice" in quirks else " ping=1"
            out(f'feature{ping} setboard=0 usermove=1 memory=1 myname="xboard-toy" variants="{listed}"')
            out("feature done=1")
        elif cmd == "memory":
            memory = True
        elif cmd == "new":
            game, force = get_game("normal"), False
            pos = game.position()
        elif cmd == "variant":
            game = get_game(games.get(arg, arg))
            pos = game.position()
        elif cmd == "force":
            force = True
        elif cmd == "go":
            force = False
            think()
        elif cmd == "usermove" or re.fullmatch(r"[a-p]\d", cmd[:2] or "-"):
            text = arg if cmd == "usermove" else cmd
            table = names()
            if text not in table:
                out(f"Illegal move: {text}")
                continue
            pos.push(table[text])
            if not force:
                think()
        elif cmd == "ping":
            out(f"pong {arg}")
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
