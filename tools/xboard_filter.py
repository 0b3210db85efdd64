#!/usr/bin/env python3
"""Run an XBoard engine with some GUI->engine commands dropped: xboard_filter.py [--drop CMD]... -- ENGINE [ARGS]

Why: Debian's Fairy-Max 5.0b crashes (SIGSEGV, about 3 times in 5) on the `computer` command that XBoard sends
to both engines at the start of every engine-engine game; the harness then records "Error writing to second chess
program" and a forfeit. Dropping that information-only command (protocol Part 2 section 3) avoids it.
The engine's stdout is passed through untouched; stdin is forwarded line by line and flushed at once.
"""
from __future__ import annotations

import signal
import subprocess
import sys


def main(argv: list[str]) -> int:
    drop: set[str] = set()
    while argv and argv[0] == "--drop" and len(argv) > 1:
        drop.add(argv[1])
        argv = argv[2:]
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        print("usage: xboard_filter.py [--drop CMD]... -- ENGINE [ARGS]", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # XBoard may interrupt; the engine reads commands anyway
    try:
        child = subprocess.Popen(argv, stdin=subprocess.PIPE, text=True, bufsize=1)
    except OSError as exc:
        print(f"xboard_filter: {exc}", file=sys.stderr)
        return 2
    try:
        for line in sys.stdin:
            words = line.split()
            if words and words[0] in drop:
                continue
            child.stdin.write(line)
            child.stdin.flush()
    except (BrokenPipeError, OSError):
        pass
    finally:
        try:
            child.stdin.close()
        except OSError:
            pass
    try:
        return child.wait(10)
    except subprocess.TimeoutExpired:
        child.kill()
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
