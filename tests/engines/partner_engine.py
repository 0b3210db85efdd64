#!/usr/bin/env python3
"""A CECP engine for four-player referee tests that always plays its partner's seat at once.

On ``go`` it plays a move (a king capture if there is one, else the first legal move by name) and, when the
next colour belongs to its own team, that colour's move too, before it reads another line; after a move that
ends the game it claims the result. So the partner move and its claim always reach the referee before the
``pong`` of its ``ping``, deterministically. ``usermove``/``setboard``/``undo``/``force`` are followed, in
native square names (its ``Notation`` option, whose choice it never changes)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hyperchess.variants import get_game  # noqa: E402


def choose(pos):
    game = pos.game
    moves = sorted(pos.legal_moves(), key=lambda m: pos.move_name(m))
    kings = [m for m in moves if pos.board[m[1]] and game.pieces[game.kind_of[pos.board[m[1]]]].royal]
    return (kings or moves)[0]


def main() -> None:
    game = pos = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "protover":
            # native square names, as hyperchess offers them (an engine without this gets XBoard's names)
            print('feature myname="partner" usermove=1 setboard=1 ping=1 colors=0 sigint=0 sigterm=0 '
                  'variants="future-generation" option="Notation -combo flat /// *native" done=1', flush=True)
        elif cmd == "variant":
            game = get_game(words[1])
            pos = game.position()
        elif cmd == "setboard":
            pos = game.position(line.split(None, 1)[1].strip())
        elif cmd == "usermove":
            pos.push(pos.parse_move(words[1]))
        elif cmd == "undo":
            pos.pop()
        elif cmd == "ping":
            print(f"pong {words[1]}", flush=True)
        elif cmd == "go":
            team = game.teams[pos.turn]
            while True:
                move = choose(pos)
                print(f"move {pos.move_name(move)}", flush=True)
                pos.push(move)
                outcome = pos.outcome()
                if outcome is not None:
                    print(f"{outcome.result} {{{outcome.reason}}}", flush=True)
                    break
                if game.teams[pos.turn] != team:
                    break
        elif cmd == "quit":
            break


if __name__ == "__main__":
    main()
