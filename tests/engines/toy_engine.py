#!/usr/bin/env python3
"""A tiny CECP engine for the match-runner tests, able to misbehave on purpose.

    toy_engine.py [MODE] [AT]

It plays a random legal move (our own rules, seeded by the position so games are repeatable).
MODE, from its AT-th move on (default 3): ``normal``; ``illegal`` (sends a move that is not legal);
``crash`` (exits mid-game); ``hang`` (never answers ``go``); ``false-claim`` (claims a win after its
move); ``garbage`` (prints junk lines around every move, yet plays normally); ``slow`` (answers 0.9 s late
once); ``no-pong`` (stops answering ``ping``); ``losing``/``drawish`` (plays normally but reports a score of
-900 / 0 centipawns, for adjudication); ``mating``/``mated`` (reports mate in AT - its moves made, CECP
style: 100000 + N / -100000 - N).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hyperchess.variants import get_game  # noqa: E402


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "normal"
    at = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    # further arguments are ignored (tests put a marker there to find the processes)
    game = get_game("normal")
    pos = game.position()
    force = True
    made = 0

    def out(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def think() -> None:
        nonlocal made
        made += 1
        if mode == "garbage":
            out("this is not a protocol line")
            out("info depth 3 score cp 12")
        if made >= at:
            if mode == "crash":
                sys.exit(3)
            if mode == "hang":
                return
            if mode == "illegal":
                out("move a1a1")
                return
            if mode == "slow" and made == at:
                time.sleep(0.9)
        moves = sorted(pos.legal_moves())
        move = random.Random(pos.hash ^ made).choice(moves)
        name = pos.move_name(move)
        pos.push(move)
        score = {"losing": -900, "drawish": 0, "mating": 100000 + max(at - made, 0),
                 "mated": -100000 - max(at - made, 0)}.get(mode, made)
        out(f"1 {score} 0 1 {name}")
        out(f"move {name}")
        if mode == "garbage":
            out("%%% garbage after the move %%%")
        if mode == "false-claim" and made >= at:
            out(("1-0" if pos.turn == 1 else "0-1") + " {I say I won}")     # the mover (White if Black is to move)

    for line in sys.stdin:
        parts = line.split(None, 1)
        if not parts:
            continue
        cmd, arg = parts[0], (parts[1].strip() if len(parts) > 1 else "")
        if cmd == "protover":
            out('feature ping=1 setboard=1 usermove=1 myname="toy" variants="' + ",".join(__import__("hyperchess.variants", fromlist=["game_names"]).game_names()) + '"')
            out("feature done=1")
        elif cmd == "new":
            game, pos, force = get_game("normal"), get_game("normal").position(), False
        elif cmd == "variant":
            game = get_game(arg)
            pos = game.position()
        elif cmd == "setboard":
            pos = game.position(arg)
        elif cmd == "force":
            force = True
        elif cmd == "go":
            force = False
            think()
        elif cmd == "usermove":
            pos.push(pos.parse_move(arg))
            if not force:
                think()
        elif cmd == "undo":
            pos.pop()
        elif cmd == "ping":
            if not (mode == "no-pong" and made >= at):
                out(f"pong {arg}")
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
