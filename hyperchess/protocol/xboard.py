"""XBoard / CECP v2 for every registered game (protocol.md; Part 1 binds, Part 2 = how clients behave).

``XBoardEngine`` holds the game state and runs the main loop. One reader thread (``wire``) turns stdin into
events; the loop handles them strictly in order, dispatching each line to ``commands.HANDLERS``. A search
runs on a copy of the position in a worker thread (``thinking``), so any command can interrupt it:
- thinking on our move: ``?`` moves now, ``quit`` exits, commands that change the game (``force``,
  ``new``, ``result``, moves, ``undo``, ``setboard``...) abandon the search, unless they are refused
  (``commands.REFUSALS``: an illegal move, nothing to undo...), which changes nothing, so the search goes on;
  everything else (``ping`` included) waits until our ``move`` is out (§3: pong after move);
- analysing: every command is handled at once; one that changes the position restarts the analysis.

The other modules: ``clock`` (time controls -> search limits), ``play`` (our moves, the GUI's moves,
result claims), ``notation`` (wire names), ``setboard`` (setboard and edit), ``advice`` (draw, hint,
highlight), ``flat`` (the 2D projection); ``state`` is what the handlers see of the engine. The layer knows no
game by name: everything goes through ``variants.get_game`` and the Game/Position API.
"""
from __future__ import annotations

import queue
import sys
import threading
import time
from typing import Callable, Iterable, TextIO

from hyperchess.variants import get_game

from . import flat as flatmod
from . import notation as wire_notation
from . import play
from .clock import Clock
from .commands import DEFAULT_GAME, HANDLERS, REFUSALS, VERSION, XBOARD_BUILTINS, features  # noqa: F401 (re-exported)
from .notation import NOTATIONS
from .setboard import edit_line
from .state import XBoardState
from .thinking import Search, Thinker
from .wire import Output, clean, error, read_lines, shorten, too_long

# Commands that abandon a search on our move (they change the game or who plays it).
INTERRUPT = frozenset("new variant force go playother usermove result setboard edit undo remove white black "
                      "analyze exit pause holding".split())
# Commands that leave a ponder search running (anything else stops it first).
PONDER_KEEPS = frozenset("ping time otim post nopost . accepted rejected computer name rating ics random hard "
                         "hover put lift bk".split())
# Commands that need no compiled game (start-up stays fast: Part 1 §1.1).
LIGHT = frozenset("xboard protover accepted rejected quit ping name rating ics computer random memory cores egtpath "
                  "level st sd nps time otim post nopost hard easy".split())


class XBoardEngine(XBoardState):
    """The CECP state machine. ``run()`` reads lines from ``stdin`` until ``quit`` or end of input;
    ``handle(line)`` processes one line at once (used by tests in force mode)."""

    def __init__(self, out: Callable[[str], None] | TextIO, notation: str = "flat", log: TextIO | None = None,
                 searcher_factory: Callable[[int], object] | None = None) -> None:
        self.out = out if isinstance(out, Output) else Output(out, log)
        self.log = log
        self.default_notation = notation if notation in NOTATIONS else "flat"
        self.notation = self.default_notation
        self.events: queue.Queue = queue.Queue()
        self.thinker = Thinker(self.out, self.events, searcher_factory)
        self.clock = Clock()
        self.cores = 1
        self.deferred: list[str] = []
        self.done = False
        self.eof = False
        self.post = False
        self.ponder = False
        self.paused = False
        self.analyzing = False
        self.editing: dict | None = None
        self.version = 0
        self.game = None
        self.pos = None
        self.reset_game(DEFAULT_GAME, lazy=True)

    # ------------------------------------------------------------------ game state
    def reset_game(self, name: str, lazy: bool = False) -> None:
        self.game_name = name
        if not lazy:
            self.game = get_game(name)
            self.pos = self.game.position()
        else:
            self.game = self.pos = None
        self.force = False
        self.side = 1                 # the team the engine plays: new = engine plays Black
        self.ended = False            # after ``result``: silent until new/setboard
        self.bad_position = False     # after an illegal setboard: refuse moves until new/setboard
        self.excluded: set = set()
        self.null_owed: int | None = None   # team that owes XBoard a ``@@@@`` (four-player games)
        self.castle_rook: str | None = None  # XBoard's rook part of a castling still to come (play.py)
        self.setscore: tuple[int, int, int] | None = None
        self.last: tuple[int, int, object] | None = None   # (hash, score, best move) of the last search
        self.fog = None               # a game with fog: the views of this game (protocol/fog.py)
        self.fog_turn = False         # the position is the last view's: ``go`` plays from the views
        self.version += 1

    def ensure_game(self) -> None:
        if self.pos is None:
            self.game = get_game(self.game_name)
            self.pos = self.game.position()

    def changed(self) -> None:
        """The position changed: forget per-position state."""
        self.null_owed = None
        self.castle_rook = None
        self.excluded = set()
        self.fog_turn = False
        self.version += 1

    def our_turn(self) -> bool:
        return (not self.force and not self.analyzing and not self.ended and not self.bad_position
                and self.game.teams[self.pos.turn] == self.side)

    @property
    def search(self) -> Search | None:
        """The running search (move, analysis or ponder), if any."""
        return self.thinker.search

    @property
    def hash_mb(self) -> int:
        return self.thinker.hash_mb

    def abandon(self) -> None:
        """Stop the running search and drop its result."""
        self.thinker.abandon()

    # ------------------------------------------------------------------ notation (see notation.py)
    @property
    def flat(self):
        return flatmod.flat_names(self.game)

    def wire_names(self):
        return wire_notation.wire_names(self.game, self.notation)

    def wire_move(self, pos, move) -> str:
        return wire_notation.wire_move(self.game, self.notation, pos, move)

    def parse_wire_move(self, text: str):
        return wire_notation.parse_wire_move(self.game, self.notation, self.pos, text)

    def parse_wire_square(self, text: str) -> int:
        return wire_notation.parse_wire_square(self.game, self.notation, text)

    # ------------------------------------------------------------------ main loop
    def run(self, stdin: TextIO | None = None, first: Iterable[str] = ()) -> None:
        """Serve until ``quit`` or end of input. ``first`` = lines already read (e.g. ``xboard``)."""
        for line in first:
            self.events.put(("line", line))
        src = stdin if stdin is not None else sys.stdin
        threading.Thread(target=read_lines, args=(src, self.events.put), daemon=True, name="xboard-reader").start()
        while not self.done:
            timeout = None
            s = self.search
            if s is not None and s.deadline is not None and not s.stop.is_set():
                timeout = max(0.0, s.deadline - time.perf_counter())
            try:
                kind, payload = self.events.get(timeout=timeout)
            except queue.Empty:
                if self.search is not None:
                    self.search.stop.set()          # watchdog: the searcher overran its budget
                continue
            try:
                if kind == "line":
                    self.on_line(payload)
                elif kind == "searched":
                    play.on_searched(self, *payload)
                elif kind == "long":
                    self.out(error("line too long", too_long(payload)))
                elif kind == "eof":
                    self.eof = True
            except Exception as exc:      # never a traceback (Part 1 §1.1): report and keep serving
                self.out(f"# internal error: {type(exc).__name__}: {exc}")
            if self.eof and (self.search is None or self.search.purpose != "move"):
                self.done = True        # end of input: finish a move we owe, then stop
        self.abandon()
        self.thinker.close()

    def on_line(self, line: str) -> None:
        """One line from the GUI, honouring a running search (module docstring)."""
        self.out.record(">", line)
        s = self.search
        if s is not None and s.purpose == "move" and not s.discard:
            word = line.split(maxsplit=1)[0] if line.strip() else ""
            if word == "?":
                s.stop.set()
                return
            if word == "quit":
                self.done = True
                self.abandon()
                return
            if self.editing is None and word in INTERRUPT:
                refusal = self.refusal(line)
                if refusal is not None:     # refused: nothing changes, the search goes on
                    if refusal:
                        self.out(refusal)
                    return
                self.abandon()
                self.flush_deferred()
            else:
                self.deferred.append(line)
                return
        if s is not None and s.purpose == "ponder":
            word = line.split(maxsplit=1)[0] if line.strip() else ""
            if word not in PONDER_KEEPS:
                self.abandon()         # the opponent moved or the game changed: drop the ponder search
        self.handle(line)

    def refusal(self, line: str) -> str | None:
        """The answer if ``line`` is a command that would be refused now ("" = silently), else None."""
        text = clean(line)
        word, _, arg = text.partition(" ")
        check = REFUSALS.get(word)
        return None if check is None else check(self, arg.strip(), text)

    def flush_deferred(self) -> None:
        while self.deferred and (self.search is None or self.search.purpose != "move"):
            self.handle(self.deferred.pop(0))

    def handle(self, line: str) -> None:
        """Process one command now. Every error becomes one line; the state survives."""
        text = clean(line)
        if not text:
            return
        word, _, arg = text.partition(" ")
        if self.editing is not None:
            if word == "." or word not in HANDLERS:
                edit_line(self, text)
                return
            self.editing = None            # a real command ends an unfinished edit (its changes are dropped)
            self.out(f"# edit abandoned by {word}")
        arg = arg.strip()
        try:
            if word not in LIGHT:
                self.ensure_game()
            handler = HANDLERS.get(word)
            if handler is not None:
                handler(self, arg, text)
            elif word.startswith("#"):
                pass
            else:
                play.bare(self, text)
        except Exception as exc:          # never a traceback (Part 1 §1.1)
            self.out(f"# internal error on {shorten(text)!r}: {type(exc).__name__}: {shorten(str(exc))}")
        if self.analyzing and (self.search is None or self.search.version != self.version):
            play.start_analysis(self)


def serve(stdin: TextIO, stdout: TextIO, notation: str = "flat", log: TextIO | None = None,
          first: Iterable[str] = ()) -> None:
    """Run the engine on real streams (the CLI entry point); ``log`` (an open stream) is closed at the end."""
    engine = XBoardEngine(stdout, notation=notation, log=log)
    try:
        engine.run(stdin, first)
    finally:
        if log is not None:
            log.close()
