#!/usr/bin/env python3
"""A scripted CECP engine for probing XBoard: ``scripted_engine.py SETUP MOVES LOG``.

It announces the variant ``scripted`` and, when it is the first engine, answers ``variant`` with the ``setup``
line in file SETUP; it then plays the moves of file MOVES (whitespace-separated, sent verbatim) one per turn and
resigns when they run out (a ``setboard`` outside force mode is XBoard passing on the opponent's null move:
it plays then too). Every line it reads or writes is appended to LOG."""
import sys

setup_file, moves_file, log_file = sys.argv[1:4]
setup = open(setup_file).read().strip()
moves = open(moves_file).read().split()
log = open(log_file, "a")
force = False


def say(text: str) -> None:
    print(text, flush=True)
    log.write(f"> {text}\n")
    log.flush()


for line in sys.stdin:
    log.write(f"< {line}")
    log.flush()
    words = line.split()
    if not words:
        continue
    if words[0] == "protover":
        say('feature variants="scripted,next-generation,future-generation" ping=1 setboard=1 usermove=1 colors=0 time=1 sigint=0 sigterm=0 done=1')
    elif words[0] == "variant":
        say(setup)
    elif words[0] == "ping":
        say("pong " + words[1])
    elif words[0] == "force":
        force = True
    elif words[0] == "go" or (words[0] in ("usermove", "setboard") and not force):
        # (XBoard passes the opponent's null move @@@@ on as `setboard`: then it is our move again)
        force = False
        say("move " + moves.pop(0) if moves else "resign")
    elif words[0] == "quit":
        break
