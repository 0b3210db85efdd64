"""Ctrl-C (SIGINT) in a command's first moments: from the first line of the command (``__main__.run``) until
the command itself runs, a Ctrl-C ends the process at once with one line on stderr and exit status 130 (the
status a shell shows for a Ctrl-C). Not a KeyboardInterrupt: Python raises that wherever the main thread
happens to be, so a Ctrl-C during the imports was a traceback of up to 51 lines, and one raised inside a
weakref's callback (importlib's module locks) was printed as "Exception ignored" and lost: the command went
on (issue 71). ``hand_over`` gives the command Python's KeyboardInterrupt back; ``serve`` takes the signal
over itself (``cli/serve.py`` ``Stopper``) and ends the same way."""
from __future__ import annotations

import os
import signal

STOPPED = "hyperchess: stopped by Ctrl-C"
STATUS = 130                    # 128 + SIGINT, as shells report a process a Ctrl-C ended


def stop_at_once(sig: int, frame) -> None:
    """The handler of the first moments: one line and exit status 130, without unwinding (nothing has been
    done yet that needs undoing, and an exception could be swallowed on its way out)."""
    os.write(2, f"{STOPPED}\n".encode())
    os._exit(STATUS)


def install() -> None:
    """``stop_at_once`` for SIGINT, where Python has its own (KeyboardInterrupt) handler: a SIGINT the process
    was started with ignored (a job a shell starts in the background) stays ignored."""
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, stop_at_once)
    except ValueError:          # not the main thread (an embedding's): its handlers stay
        pass


def hand_over() -> None:
    """The command runs now: a Ctrl-C is a KeyboardInterrupt again, as the commands expect (the match runner
    stops its games on it, a search prints what it has)."""
    try:
        if signal.getsignal(signal.SIGINT) is stop_at_once:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:
        pass
