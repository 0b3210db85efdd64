"""XBoard / CECP v2 for every registered game (protocol.md; Part 1 binds, Part 2 = how clients behave).

One reader thread turns stdin into events; the main loop handles them strictly in order. A search runs
on a copy of the position in a worker thread, so any command can interrupt it:
- thinking on our move: ``?`` moves now, ``quit`` exits, commands that change the game (``force``,
  ``new``, ``result``, moves, ``undo``, ``setboard``...) abandon the search; everything else (``ping``
  included) waits until our ``move`` is out (§3: pong after move);
- analysing: every command is handled at once; one that changes the position restarts the analysis.

The layer knows no game by name: everything goes through ``variants.get_game`` and the Game/Position API.
"""
from __future__ import annotations

import math
import queue
import re
import sys
import threading
import time
from typing import Callable, Iterable, TextIO

from variants import REGISTRY, FenError, MoveError, UnknownVariant, get_game
from variants.game import EMPTY, EN_PASSANT, HOLE, PROMOTION
from variants.notation import UnknownSquare

from . import flat as flatmod

VERSION = "0.1.0"
DEFAULT_GAME = "normal"
# XBoard knows the rules of these, so they need no ``setup`` (Part 2 §5, common.h VARIANT_NAMES).
XBOARD_BUILTINS = frozenset(
    "normal wildcastle nocastle fischerandom bughouse crazyhouse losers suicide giveaway twokings kriegspiel atomic "
    "3check shatranj shogi chu courier gothic capablanca knightmate fairy cylinder falcon caparandom berolina janus "
    "super great twilight makruk seirawan grand spartan xiangqi asean lion elven janggi duck".split())
NOTATIONS = ("flat", "native")

# Commands that abandon a search on our move (they change the game or who plays it).
INTERRUPT = frozenset("new variant force go playother usermove result setboard edit undo remove white black "
                      "analyze exit pause".split())
# Commands that leave a ponder search running (anything else stops it first).
PONDER_KEEPS = frozenset("ping time otim post nopost . accepted rejected computer name rating ics random hard "
                         "hover put lift bk".split())
# Commands that need no compiled game (start-up stays fast: Part 1 §1.1).
LIGHT = frozenset("xboard protover accepted rejected quit ping name rating ics computer random memory cores egtpath "
                  "level st sd nps time otim post nopost hard easy".split())
DRAWISH_CP = 15             # |score| at most this ...
DRAWISH_QUIET_PLIES = 20    # ... after this many plies without capture or pawn move: a draw offer is accepted


class Output:
    """Whole lines to the GUI, flushed at once; one lock so threads never interleave."""

    def __init__(self, stream: TextIO | Callable[[str], None], log: TextIO | None = None) -> None:
        self.stream = stream if hasattr(stream, "write") else _LineStream(stream)
        self.log = log
        self.lock = threading.RLock()
        self.t0 = time.perf_counter()

    def __call__(self, line: str) -> None:
        with self.lock:
            try:
                self.stream.write(line + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError, OSError):
                pass
            self.record("<", line)

    def record(self, arrow: str, line: str) -> None:
        if self.log is not None:
            try:
                self.log.write(f"{time.perf_counter() - self.t0:10.3f} {arrow} {line}\n")
                self.log.flush()
            except (ValueError, OSError):
                pass


class _LineStream:
    """A ``write``-able wrapper around a function that takes whole lines."""

    def __init__(self, fn: Callable[[str], None]) -> None:
        self.fn = fn

    def write(self, text: str) -> None:
        for line in text.splitlines():
            self.fn(line)

    def flush(self) -> None:
        pass


class Search:
    """One running search: its thread, stop event and purpose (``move``, ``analyze`` or ``ponder``)."""

    def __init__(self, purpose: str, root, limits, deadline: float | None) -> None:
        self.purpose = purpose
        self.root = root              # the search thread's own copy (it pushes and pops on it)
        self.view = root.copy()       # an untouched copy for the main thread (stat01, hints)
        self.limits = limits
        self.stop = threading.Event()
        self.discard = False          # abandoned: its result and late info lines are dropped
        self.deadline = deadline      # watchdog (perf_counter) in case the searcher overruns
        self.info = None              # the latest SearchInfo
        self.start = time.perf_counter()
        self.thread: threading.Thread | None = None


# Opening variety: each root move gets a random bonus of 0..N centipawns in the first moves of a game
# (engine.search.RANDOM_MOVES), so engine-vs-engine games differ; 0 plays deterministically.
DEFAULT_RANDOMNESS = 10
MAX_RANDOMNESS = 100


class XBoardEngine:
    """The CECP state machine. ``run()`` reads lines from ``stdin`` until ``quit`` or end of input;
    ``handle(line)`` processes one line at once (used by tests in force mode)."""

    def __init__(self, out: Callable[[str], None] | TextIO, notation: str = "flat", log: TextIO | None = None,
                 searcher_factory: Callable[[int], object] | None = None) -> None:
        self.out = out if isinstance(out, Output) else Output(out, log)
        self.log = log
        self.default_notation = notation if notation in NOTATIONS else "flat"
        self.notation = self.default_notation
        self.searcher_factory = searcher_factory
        self.events: queue.Queue = queue.Queue()
        self.searcher = None
        self.hash_mb = 64
        self.randomness = DEFAULT_RANDOMNESS   # opening variety in centipawns (option Randomize), 0 = off
        self.cores = 1
        self.search: Search | None = None
        self.deferred: list[str] = []
        self.done = False
        self.eof = False
        self.post = False
        self.ponder = False
        self.paused = False
        self.editing: dict | None = None
        # clocks
        self.mps = 0
        self.base = 300.0
        self.inc = 0.0
        self.st: float | None = None
        self.sd: int | None = None
        self.nps: int | None = None
        self.time_left: float | None = None
        self.otim: float | None = None
        self.game = None
        self.pos = None
        self._reset_game(DEFAULT_GAME, lazy=True)

    # ------------------------------------------------------------------ game state
    def _reset_game(self, name: str, lazy: bool = False) -> None:
        self.game_name = name
        if not lazy:
            self.game = get_game(name)
            self.pos = self.game.position()
        else:
            self.game = self.pos = None
        self.force = False
        self.side = 1                 # the team the engine plays: new = engine plays Black
        self.analyzing = self.analyzing if hasattr(self, "analyzing") else False
        self.ended = False            # after ``result``: silent until new/setboard
        self.bad_position = False     # after an illegal setboard: refuse moves until new/setboard
        self.excluded: set = set()
        self.null_owed: int | None = None   # team that owes XBoard a ``@@@@`` (four-player games)
        self.setscore: tuple[int, int, int] | None = None
        self.last: tuple[int, int, object] | None = None   # (hash, score, best move) of the last search
        self.version = getattr(self, "version", 0) + 1

    def _ensure_game(self) -> None:
        if self.pos is None:
            self.game = get_game(self.game_name)
            self.pos = self.game.position()

    def _changed(self) -> None:
        """The position changed: forget per-position state."""
        self.null_owed = None
        self.excluded = set()
        self.version += 1

    @property
    def flat(self):
        return flatmod.flat_names(self.game)

    def wire_names(self):
        """The square names printed now: flat where a projection exists and Notation=flat, else native."""
        fl = self.flat
        if self.notation == "flat" and fl is not None:
            return fl
        return self.game.names

    def _convertible(self, names) -> bool:
        return names is not self.game.names and not flatmod.same_names(self.game, names)

    def wire_move(self, pos, move) -> str:
        """The move as printed now: the flat name (flatmod.flat_move_name) when speaking flat, else native."""
        names = self.wire_names()
        if names is not self.game.names:
            return flatmod.flat_move_name(pos, move, names)
        return pos.move_name(move)

    def parse_wire_move(self, text: str):
        """The legal move ``text`` names, in the current notation or else the other one. Raises MoveError.
        In flat notation the exact flat names (flatmod.flat_move_name) come first, so every move we print
        reads back as itself; then the squares are converted and the game's own parser gets the text."""
        pos = self.pos
        names = [self.wire_names()]
        other = self.game.names if names[0] is not self.game.names else self.flat
        if other is not None and other is not names[0]:
            names.append(other)
        err: Exception | None = None
        for ns in names:
            try:
                if ns is not self.game.names:
                    move = flatmod.parse_flat_move(pos, text, ns)
                    if move is not None:
                        return move
                native = flatmod.convert_squares(text, ns, self.game.names) if self._convertible(ns) else text
                return pos.parse_move(native)
            except (MoveError, UnknownSquare, FenError, ValueError, KeyError, IndexError) as exc:
                err = exc
        raise MoveError(str(err) if err else f"illegal move {text}")

    def parse_wire_square(self, text: str) -> int:
        for ns in (self.wire_names(), self.game.names, self.flat):
            if ns is not None and text in ns:
                return ns.parse(text)
        raise UnknownSquare(f"unknown square {text!r}")

    def our_turn(self) -> bool:
        return (not self.force and not self.analyzing and not self.ended and not self.bad_position
                and self.game.teams[self.pos.turn] == self.side)

    # ------------------------------------------------------------------ main loop
    def run(self, stdin: TextIO | None = None, first: Iterable[str] = ()) -> None:
        """Serve until ``quit`` or end of input. ``first`` = lines already read (e.g. ``xboard``)."""
        for line in first:
            self.events.put(("line", line))
        src = stdin if stdin is not None else sys.stdin
        threading.Thread(target=self._reader, args=(src,), daemon=True, name="xboard-reader").start()
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
                    self.on_searched(*payload)
                elif kind == "eof":
                    self.eof = True
            except Exception as exc:      # never a traceback (Part 1 §1.1): report and keep serving
                self.out(f"# internal error: {type(exc).__name__}: {exc}")
            if self.eof and (self.search is None or self.search.purpose != "move"):
                self.done = True        # end of input: finish a move we owe, then stop
        self._abandon()

    def _reader(self, src: TextIO) -> None:
        try:
            for line in src:
                self.events.put(("line", line.rstrip("\r\n")))
        except (ValueError, OSError):
            pass
        self.events.put(("eof", None))

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
                self._abandon()
                return
            if self.editing is None and word in INTERRUPT:
                self._abandon()
                self._flush_deferred()
            else:
                self.deferred.append(line)
                return
        if s is not None and s.purpose == "ponder":
            word = line.split(maxsplit=1)[0] if line.strip() else ""
            if word not in PONDER_KEEPS:
                self._abandon()         # the opponent moved or the game changed: drop the ponder search
        self.handle(line)

    def _flush_deferred(self) -> None:
        while self.deferred and (self.search is None or self.search.purpose != "move"):
            self.handle(self.deferred.pop(0))

    def handle(self, line: str) -> None:
        """Process one command now. Every error becomes one line; the state survives."""
        text = "".join(ch if ch.isprintable() else " " for ch in line).strip()   # no stray control chars
        if not text:
            return
        word, _, arg = text.partition(" ")
        if self.editing is not None:
            if word == "." or word not in HANDLERS:
                self._edit_line(text)
                return
            self.editing = None            # a real command ends an unfinished edit (its changes are dropped)
            self.out(f"# edit abandoned by {word}")
        arg = arg.strip()
        try:
            if word not in LIGHT:
                self._ensure_game()
            handler = HANDLERS.get(word)
            if handler is not None:
                handler(self, arg, text)
            elif word.startswith("#"):
                pass
            else:
                self._bare(text)
        except Exception as exc:          # never a traceback (Part 1 §1.1)
            self.out(f"# internal error on {text!r}: {type(exc).__name__}: {exc}")
        if self.analyzing and (self.search is None or self.search.version != self.version):
            self._start_analysis()

    # ------------------------------------------------------------------ searching
    def _get_searcher(self):
        if self.searcher is None:
            if self.searcher_factory is not None:
                self.searcher = self.searcher_factory(self.hash_mb)
            else:
                from engine.search import Searcher
                self.searcher = Searcher(hash_mb=self.hash_mb)
        return self.searcher

    def _limits(self, purpose: str):
        from engine.search import Limits
        if purpose in ("analyze", "ponder"):
            return Limits(infinite=True, depth=None), None
        lim = Limits(depth=self.sd)
        alloc: float
        if self.st is not None:
            alloc = self.st
            lim.movetime = self.st
        else:
            left = self.time_left if self.time_left is not None else self.base
            mtg = None
            if self.mps > 0:
                done = (self.pos.fullmove - 1) % self.mps
                mtg = self.mps - done
            lim.time_left, lim.opponent_time, lim.increment, lim.moves_to_go = left, self.otim, self.inc, mtg
            alloc = left / (mtg or 30) + self.inc
        if self.nps:
            # node-based clock: the seconds we would spend become nodes (python-chess: nps 1 + st N = N nodes)
            lim = Limits(depth=self.sd, nodes=max(1, int(self.nps * alloc)))
            return lim, None
        try:
            from engine.timecontrol import budget
            hard = budget(lim).hard
        except Exception:
            hard = alloc
        deadline = None if hard is None else time.perf_counter() + hard + 0.25 + hard * 0.1
        return lim, deadline

    def _start_search(self, purpose: str) -> None:
        self._abandon()
        limits, deadline = self._limits(purpose)
        s = Search(purpose, self.pos.copy(), limits, deadline)
        s.version = self.version
        excluded = tuple(self.excluded)
        searcher = self._get_searcher()
        if hasattr(searcher, "randomness"):     # opening variety for games, never for analysis
            searcher.randomness = self.randomness if purpose == "move" else 0
        self.search = s

        def on_info(info, s=s) -> None:
            s.info = info
            with self.out.lock:
                if s.discard or (s.stop.is_set() and s.purpose == "analyze"):
                    return
                if (self.post and s.purpose == "move") or s.purpose == "analyze":
                    self.out(self._thinking_line(s.root, info))

        def work() -> None:
            try:
                result = searcher.search(s.root, limits, s.stop, on_info, excluded)
            except Exception as exc:
                result = exc
            self.events.put(("searched", (s, result)))

        s.thread = threading.Thread(target=work, daemon=True, name=f"search-{purpose}")
        s.thread.start()

    def _abandon(self) -> None:
        """Stop the running search and drop its result."""
        s = self.search
        if s is None:
            return
        with self.out.lock:
            s.discard = True
            s.stop.set()
        if s.thread is not None:
            s.thread.join(timeout=5.0)
        self.search = None

    def _maybe_ponder(self) -> None:
        """``hard``: think on the opponent's time (the tree warms the transposition table; there is no
        ponder-hit: the real search starts when the opponent's move arrives)."""
        if (self.ponder and self.pos is not None and not self.force and not self.analyzing and not self.ended
                and not self.paused and not self.bad_position and self.search is None
                and self.game.teams[self.pos.turn] != self.side and self.pos.outcome() is None):
            self._start_search("ponder")

    def _start_analysis(self) -> None:
        self._abandon()
        if self.bad_position or not self.pos.legal_moves():
            return
        self._start_search("analyze")

    def on_searched(self, s: Search, result) -> None:
        if s is not self.search or s.discard:
            return
        self.search = None
        if s.purpose in ("analyze", "ponder"):
            return                      # ended by itself (e.g. a mate searched to full depth): keep quiet
        if isinstance(result, Exception):
            self.out(f"# search failed: {type(result).__name__}: {result}")
            moves = s.view.legal_moves()
            best = moves[0] if moves else None
            score = 0
        else:
            best, score = result.best, result.score
            self.last = (s.root.hash, score, result.ponder)
        if s.purpose == "move":
            if self.paused:
                return
            self._play(best)
            self._flush_deferred()
            self._maybe_ponder()

    def _thinking_line(self, root, info) -> str:
        pv = []
        p = root.copy()
        try:
            for mv in info.pv:
                pv.append(self.wire_move(p, mv))
                p.push(mv)
        except Exception:
            pass
        return f"{info.depth} {info.score} {int(info.elapsed * 100)} {info.nodes} {' '.join(pv)}".rstrip()

    def _think(self) -> None:
        """It is our move: claim the result if the game is over, else search and then move."""
        outcome = self.pos.outcome()
        if outcome is not None:
            self.out(f"{outcome.result} {{{outcome.reason}}}")
            return
        if self.paused:
            return
        self._start_search("move")

    def _play(self, move) -> None:
        if move is None or move not in self.pos.legal_moves():
            outcome = self.pos.outcome()
            if outcome is not None:
                self.out(f"{outcome.result} {{{outcome.reason}}}")
            return
        name = self.wire_move(self.pos, move)
        mover = self.game.teams[self.pos.turn]
        self.pos.push(move)
        self._changed()
        self.out(f"move {name}")
        outcome = self.pos.outcome()
        if outcome is not None:
            self.out(f"{outcome.result} {{{outcome.reason}}}")
            return
        self._after_move(mover)
        if self.null_owed is None and self.our_turn():
            self._think()           # native notation: our team moves again (the opponent's colour was skipped)

    def _after_move(self, mover: int) -> None:
        """Four-player games shown to XBoard as two colours (Part 1 §1.4): when the same team moves twice
        in a row (a colour was skipped), the other team owes XBoard a null move ``@@@@``."""
        self.null_owed = None
        if (self.game.players > 2 and self.notation == "flat" and self.flat is not None
                and self.game.teams[self.pos.turn] == mover):
            self.null_owed = 1 - mover

    # ------------------------------------------------------------------ moves from the GUI
    def _user_move(self, text: str, bare: bool) -> None:
        if self.bad_position:
            if bare:
                self.out(f"Error (unknown command): {text}")
            else:
                self.out(f"Illegal move (no legal position set): {text}")
            return
        if text == "@@@@":
            if self.null_owed is None or (self.null_owed == self.side and not self.force):
                self.out(f"Error (unknown command): {text}" if bare else f"Illegal move (no null move due): {text}")
                return
            self.null_owed = None
            if self.our_turn():
                self._think()
            return
        try:
            move = self.parse_wire_move(text)
        except MoveError:
            # cutechess forfeits on "Illegal": a bare token that is no legal move is an unknown command (§9)
            if bare:
                self.out(f"Error (unknown command): {text}")
            else:
                self.out(f"Illegal move: {text}")
            return
        mover = self.game.teams[self.pos.turn]
        self.pos.push(move)
        self._changed()
        self._after_move(mover)
        if self.null_owed is not None and self.null_owed == self.side and not self.force:
            self.null_owed = None
            self.out("move @@@@")   # our colour was skipped: XBoard still needs our turn
            return
        if self.null_owed is None and self.our_turn():
            self._think()

    def _bare(self, text: str) -> None:
        if " " not in text and re.fullmatch(r"[A-Za-z0-9@*+=:,\-]+", text):
            self._user_move(text, bare=True)
        else:
            self.out(f"Error (unknown command): {text.split()[0]}")

    # ------------------------------------------------------------------ position setting
    def _set_position(self, fen: str) -> None:
        """setboard: the native string, or XBoard's flat one for projected games. When the wire speaks
        flat, the flat reading comes first: a flat string can also be a valid native one with another
        meaning (third-millennium: flat `N` is the double knight, native `N` the single knight)."""
        self._ensure_game()
        pos = None
        err = "empty position string"
        for text in (fen, self._relaxed_fields(fen)):
            if text is None:
                break
            for native, read in self._position_readers():
                try:
                    pos = read(text)
                    break
                except (FenError, UnknownSquare, ValueError, KeyError, IndexError) as exc:
                    if native and text is fen:
                        err = str(exc)
            if pos is not None:
                if text is not fen:
                    self.out(f"# setboard: castling/e.p. fields not valid here, read as {pos.fen()}")
                break
        if pos is not None:
            err = self._sanity(pos)
            if err is not None:
                pos = None
        self._changed()
        if pos is None:
            self.bad_position = True
            self.out(f"# setboard: {err}")
            self.out("tellusererror Illegal position")
            return
        self.pos = pos
        self.bad_position = False
        self.ended = False

    def _position_readers(self) -> list:
        """(is_native, reader) pairs for a setboard string: native, and flat where the projection has
        other names or letters; flat first when Notation=flat."""
        game, fl = self.game, self.flat
        readers = [(True, game.position)]
        if fl is None or (flatmod.same_names(game, fl) and getattr(game, "flat_letter", None) is None):
            return readers
        flat = (False, lambda text: game.position(flatmod.native_fen(game, fl, text)))
        return [flat] + readers if self.notation == "flat" else readers + [flat]

    def _relaxed_fields(self, fen: str) -> str | None:
        """XBoard's own FEN writer knows one king and two rooks a side and checks no e.p. square, so the
        `setboard` it sends the second engine of an engine-defined game can carry castling and e.p. fields
        that fit no position of the game (seen with millennium 15x8: `w KQ a6 0 1`). Such a string is read
        again with the castling field of the start position (rights kept only for kings and rooks still on
        their start squares) and no e.p. square. None when there are no such fields."""
        fields = fen.split()
        if len(fields) < 3:
            return None
        start = self.game.start_fen.split()
        fields[2] = start[2] if len(start) > 2 else "-"
        if len(fields) > 3:
            fields[3] = "-"
        return " ".join(fields)

    def _sanity(self, pos) -> str | None:
        """A side whose army starts with royal pieces must still have one."""
        start = self.game.start_board
        for color in range(self.game.players):
            had = any(code in self.game.royal_codes and self.game.owner[code] == color for code in start)
            if had and not pos.royals[color]:
                return f"{self.game.color_names[color]} has no king"
        return None

    def _edit_line(self, text: str) -> None:
        """Old edit mode (setboard=1 makes clients avoid it): ``#`` clears, ``c`` toggles the colour,
        ``Pa4`` puts a piece, ``xa4`` empties a square, ``.`` ends."""
        ed = self.editing
        if text == ".":
            self.editing = None
            board = ed["board"]
            from variants.fen import format_board
            fields = self.pos.fen().split()
            side = fields[1]
            castling = self.game.start_fen.split()[2] if len(self.game.start_fen.split()) > 2 else "-"
            self._set_position(" ".join([format_board(self.game, board), side, castling, "-", "0", "1"]))
            return
        if text == "#":
            ed["board"] = [HOLE if c == HOLE else EMPTY for c in ed["board"]]
            return
        if text == "c":
            ed["color"] = 1 - ed["color"]
            return
        try:
            letter, square = text[0], text[1:]
            cell = self.parse_wire_square(square)
            if letter in "xX":
                ed["board"][cell] = EMPTY
            else:
                ed["board"][cell] = self.game.code_for_letter(letter, ed["color"])
        except (UnknownSquare, KeyError, IndexError, ValueError):
            self.out(f"Error (bad edit command): {text}")

    # ------------------------------------------------------------------ draw, hint, highlight
    def _drawish(self) -> bool:
        pos = self.pos
        outcome = pos.outcome()
        if outcome is not None:
            return outcome.result == "1/2-1/2"
        if self.game.insufficient_material(pos):
            return True
        if self.setscore is not None and self.setscore[0] == pos.hash:
            return abs(self.setscore[1]) <= DRAWISH_CP
        if self.last is None:
            return False
        h, score, _ = self.last
        return abs(score) <= DRAWISH_CP and pos.halfmove >= DRAWISH_QUIET_PLIES

    def _highlight(self, square: str) -> None:
        fl = self.flat
        if fl is None:
            return
        try:
            frm = self.parse_wire_square(square)
        except UnknownSquare:
            self.out(f"Error (unknown square): lift {square}")
            return
        marks: dict[int, str] = {}
        if not self.bad_position:
            for mv in self.pos.legal_moves():
                if mv[0] != frm:
                    continue
                to, flag = mv[1], mv[3]
                if flag == PROMOTION:
                    mark = "M"
                elif flag == EN_PASSANT or (self.pos.board[to] not in (EMPTY, HOLE)):
                    mark = "R"
                else:
                    mark = "Y"
                if marks.get(to) != "M":
                    marks[to] = mark
        grid = [[""] * fl.width for _ in range(fl.height)]
        for cell, mark in marks.items():
            p = fl.xy[cell]
            if p is not None:
                grid[p[1]][p[0]] = mark
        rows = []
        for y in range(fl.height - 1, -1, -1):
            out, empty = [], 0
            for ch in grid[y]:
                if not ch:
                    empty += 1
                    continue
                if empty:
                    out.append(str(empty))
                    empty = 0
                out.append(ch)
            if empty:
                out.append(str(empty))
            rows.append("".join(out))
        self.out("highlight " + "/".join(rows))

    # ------------------------------------------------------------------ features
    def features(self) -> list[str]:
        names = ",".join(REGISTRY)
        combo = " /// ".join(("*" if n == self.default_notation else "") + n for n in NOTATIONS)
        return [
            f'feature myname="hyperchess {VERSION}" ping=1 setboard=1 usermove=1 san=0 time=1 draw=1 reuse=1 '
            f'analyze=1 colors=0 playother=1 sigint=0 sigterm=0 name=1 nps=1 debug=1 memory=1 smp=1 pause=1 '
            f'ics=1 exclude=1 setscore=1 highlight=1 variants="{names}"',
            f'feature option="Notation -combo {combo}"',
            f'feature option="Randomize -spin {self.randomness} 0 {MAX_RANDOMNESS}"',
        ]


# ---------------------------------------------------------------------- command handlers
def _float(text: str) -> float:
    """A finite number (``inf``/``nan`` are bad input)."""
    v = float(text)
    if not math.isfinite(v):
        raise ValueError(text)
    return v


def _int(text: str) -> int:
    return int(_float(text))


def _cmd_xboard(e: XBoardEngine, arg: str, line: str) -> None:
    pass


def _cmd_protover(e: XBoardEngine, arg: str, line: str) -> None:
    e.out("feature done=0")
    for f in e.features():
        e.out(f)
    e.out("feature done=1")


def _cmd_new(e: XBoardEngine, arg: str, line: str) -> None:
    e._abandon()
    e._reset_game(DEFAULT_GAME)
    e.sd = None
    e.nps = None
    e.time_left = e.otim = None
    e.paused = False
    e._get_searcher().new_game()


def _cmd_variant(e: XBoardEngine, arg: str, line: str) -> None:
    name = arg.strip()
    m = re.fullmatch(r"(\d+)x(\d+)(?:\+\d+)?_(.+)", name)     # XBoard's WxH+S_name for resized boards
    size = None
    if m:
        size, name = (int(m.group(1)), int(m.group(2))), m.group(3)
    try:
        get_game(name)
    except UnknownVariant:
        e.out(f"Error (unsupported variant): {arg}")
        return
    e._abandon()
    analyzing, force = e.analyzing, e.force
    e._reset_game(name)
    e.analyzing, e.force = analyzing, force
    fl = e.flat
    if size is not None and (fl is None or (fl.width, fl.height) != size):
        e.out(f"# variant {name}: board size {size[0]}x{size[1]} ignored")
    if name not in XBOARD_BUILTINS:
        if fl is not None:
            e.out(flatmod.setup_command(e.pos, fl))
        else:
            e.out(f"# {name} has no flat projection: native notation only")
    if fl is not None:
        for piece in flatmod.piece_commands(e.game):     # after setup: XBoard's legality test uses them
            e.out(piece)


def _cmd_force(e: XBoardEngine, arg: str, line: str) -> None:
    e._abandon()
    e.force = True


def _cmd_go(e: XBoardEngine, arg: str, line: str) -> None:
    if e.analyzing:
        e.analyzing = False
        e._abandon()
    if e.ended:
        e.out("# go ignored: the game has ended (send new or setboard)")
        return
    if e.bad_position:
        e.out("Error (no legal position set): go")
        return
    e.force = False
    e.side = e.game.teams[e.pos.turn]
    e._think()


def _cmd_playother(e: XBoardEngine, arg: str, line: str) -> None:
    e._abandon()
    e.force = False
    e.side = 1 - e.game.teams[e.pos.turn]


def _cmd_level(e: XBoardEngine, arg: str, line: str) -> None:
    parts = arg.split()
    try:
        if len(parts) != 3:
            raise ValueError
        mps = _int(parts[0])
        if ":" in parts[1]:
            mins, secs = parts[1].split(":", 1)
            base = _float(mins) * 60 + _float(secs)
        else:
            base = _float(parts[1]) * 60
        inc = _float(parts[2])
        if mps < 0 or base < 0 or inc < 0:
            raise ValueError
    except ValueError:
        e.out(f"Error (bad level): {line}")
        return
    e.mps, e.base, e.inc = mps, base, inc
    e.st = None
    e.time_left = None


def _cmd_st(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        st = _float(arg)
        if not st > 0:
            raise ValueError
    except ValueError:
        e.out(f"Error (bad time): {line}")
        return
    e.st = st


def _cmd_sd(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        sd = _int(arg)
        if sd < 1:
            raise ValueError
    except ValueError:
        e.out(f"Error (bad depth): {line}")
        return
    e.sd = sd


def _cmd_nps(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        nps = _int(arg)
        if nps < 0:
            raise ValueError
    except ValueError:
        e.out(f"Error (bad nps): {line}")
        return
    e.nps = nps or None


def _cmd_time(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        e.time_left = max(0.0, _float(arg) / 100)
    except ValueError:
        e.out(f"Error (bad time): {line}")


def _cmd_otim(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        e.otim = max(0.0, _float(arg) / 100)
    except ValueError:
        e.out(f"Error (bad time): {line}")


def _cmd_usermove(e: XBoardEngine, arg: str, line: str) -> None:
    if not arg:
        e.out(f"Error (missing move): {line}")
        return
    e._abandon()
    e._user_move(arg, bare=False)


def _cmd_ping(e: XBoardEngine, arg: str, line: str) -> None:
    e.out(f"pong {arg}".rstrip())


def _cmd_draw(e: XBoardEngine, arg: str, line: str) -> None:
    if not e.ended and not e.force and e._drawish():
        e.out("offer draw")


def _cmd_result(e: XBoardEngine, arg: str, line: str) -> None:
    e._abandon()
    e.force = True
    e.ended = True
    e.analyzing = False


def _cmd_setboard(e: XBoardEngine, arg: str, line: str) -> None:
    e._abandon()
    e._set_position(arg)


def _cmd_edit(e: XBoardEngine, arg: str, line: str) -> None:
    e._abandon()
    e.force = True
    e.editing = {"board": list(e.pos.board), "color": 0}


def _cmd_undo(e: XBoardEngine, arg: str, line: str, plies: int = 1) -> None:
    e._abandon()
    if len(e.pos.stack) < plies:
        e.out(f"Error (no move to take back): {line}")
        return
    for _ in range(plies):
        e.pos.pop()
    e.ended = False
    e._changed()


def _cmd_remove(e: XBoardEngine, arg: str, line: str) -> None:
    _cmd_undo(e, arg, line, plies=2)


def _cmd_hard(e: XBoardEngine, arg: str, line: str) -> None:
    e.ponder = True
    e._maybe_ponder()


def _cmd_easy(e: XBoardEngine, arg: str, line: str) -> None:
    e.ponder = False


def _cmd_post(e: XBoardEngine, arg: str, line: str) -> None:
    e.post = True


def _cmd_nopost(e: XBoardEngine, arg: str, line: str) -> None:
    e.post = False


def _cmd_analyze(e: XBoardEngine, arg: str, line: str) -> None:
    e._abandon()
    e.analyzing = True
    e.version += 1          # (re)start below, in handle()


def _cmd_exit(e: XBoardEngine, arg: str, line: str) -> None:
    if e.analyzing:
        e.analyzing = False
        e._abandon()


def _cmd_dot(e: XBoardEngine, arg: str, line: str) -> None:
    """``.`` in analysis: ``stat01: time nodes ply moves-left moves-total current`` (never an error)."""
    s = e.search
    if not e.analyzing or s is None:
        return
    info = s.info
    total = len(s.view.legal_moves())
    elapsed = int((time.perf_counter() - s.start) * 100)
    if info is None:
        e.out(f"stat01: {elapsed} 0 0 {total} {total}")
        return
    best = e.wire_move(s.view, info.pv[0]) if info.pv else ""
    e.out(f"stat01: {elapsed} {info.nodes} {info.depth} 0 {total} {best}".rstrip())


def _cmd_hint(e: XBoardEngine, arg: str, line: str) -> None:
    if e.bad_position or e.ended:
        return
    moves = e.pos.legal_moves()
    if not moves:
        return
    s = e.search
    if s is not None:                   # analysing (the searcher is busy): its current best, if any yet
        if s.info is not None and s.info.pv:
            e.out(f"Hint: {e.wire_move(s.view, s.info.pv[0])}")
        return
    from engine.search import Limits
    searcher = e._get_searcher()
    try:
        result = searcher.search(e.pos.copy(), Limits(movetime=0.1, depth=6))
        best = result.best if result.best in moves else moves[0]
    except Exception:
        best = moves[0]
    e.out(f"Hint: {e.wire_move(e.pos, best)}")


def _cmd_bk(e: XBoardEngine, arg: str, line: str) -> None:
    e.out(" hyperchess has no opening book")
    e.out("")


def _cmd_memory(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        mb = _int(arg)
        if mb < 1:
            raise ValueError
    except ValueError:
        e.out(f"Error (bad memory size): {line}")
        return
    if mb != e.hash_mb:
        e._abandon()
        e.hash_mb = mb
        e.searcher = None


def _cmd_cores(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        e.cores = max(1, _int(arg))     # one search thread; recorded only
    except ValueError:
        e.out(f"Error (bad core count): {line}")


def _cmd_option(e: XBoardEngine, arg: str, line: str) -> None:
    name, _, value = arg.partition("=")
    name, value = name.strip(), value.strip()
    if name == "Notation":
        if value not in NOTATIONS:
            e.out(f"Error (bad option value): {line}")
            return
        e.notation = value
        return
    if name == "Randomize":
        try:
            n = _int(value)
        except ValueError:
            n = -1
        if not 0 <= n <= MAX_RANDOMNESS:
            e.out(f"Error (bad option value): {line}")
            return
        e.randomness = n
        return
    e.out(f"Error (unknown option): {name or line}")


def _cmd_exclude(e: XBoardEngine, arg: str, line: str, include: bool = False) -> None:
    if e.bad_position:
        return
    if arg == "all":
        e.excluded = set() if include else set(e.pos.legal_moves())
    else:
        try:
            move = e.parse_wire_move(arg)
        except MoveError:
            e.out(f"Illegal move: {arg}")
            return
        if include:
            e.excluded.discard(move)
        else:
            e.excluded.add(move)
    if e.analyzing:
        e.version += 1


def _cmd_include(e: XBoardEngine, arg: str, line: str) -> None:
    _cmd_exclude(e, arg, line, include=True)


def _cmd_setscore(e: XBoardEngine, arg: str, line: str) -> None:
    try:
        cp, depth = (int(x) for x in arg.split())
    except ValueError:
        e.out(f"Error (bad setscore): {line}")
        return
    e.setscore = (e.pos.hash, cp, depth)


def _cmd_lift(e: XBoardEngine, arg: str, line: str) -> None:
    e._highlight(arg)


def _cmd_quiet(e: XBoardEngine, arg: str, line: str) -> None:
    """Information only (name, rating, ics, computer, random, accepted, rejected, put, hover, egtpath...)."""


def _cmd_pause(e: XBoardEngine, arg: str, line: str) -> None:
    e.paused = True
    e._abandon()


def _cmd_resume(e: XBoardEngine, arg: str, line: str) -> None:
    if not e.paused:
        return
    e.paused = False
    if e.our_turn():
        e._think()


def _cmd_color(e: XBoardEngine, arg: str, line: str, team: int = 0) -> None:
    """Obsolete ``white``/``black`` (colors=0, so clients do not send them): that side to move,
    the engine plays the other one."""
    e._abandon()
    e.side = 1 - team
    if e.game.players == 2 and e.pos.turn != team:
        fields = e.pos.fen().split()
        fields[1] = e.game.color_letters[team]
        fields[3] = "-"
        e._set_position(" ".join(fields))


def _cmd_white(e: XBoardEngine, arg: str, line: str) -> None:
    _cmd_color(e, arg, line, 0)


def _cmd_black(e: XBoardEngine, arg: str, line: str) -> None:
    _cmd_color(e, arg, line, 1)


def _cmd_quit(e: XBoardEngine, arg: str, line: str) -> None:
    e.done = True
    e._abandon()


def _cmd_question(e: XBoardEngine, arg: str, line: str) -> None:
    """``?`` when not thinking on our move: nothing to do."""


HANDLERS: dict[str, Callable[[XBoardEngine, str, str], None]] = {
    "xboard": _cmd_xboard, "protover": _cmd_protover, "new": _cmd_new, "variant": _cmd_variant,
    "force": _cmd_force, "go": _cmd_go, "playother": _cmd_playother, "level": _cmd_level, "st": _cmd_st,
    "sd": _cmd_sd, "nps": _cmd_nps, "time": _cmd_time, "otim": _cmd_otim, "usermove": _cmd_usermove,
    "?": _cmd_question, "ping": _cmd_ping, "draw": _cmd_draw, "result": _cmd_result, "setboard": _cmd_setboard,
    "edit": _cmd_edit, "undo": _cmd_undo, "remove": _cmd_remove, "hard": _cmd_hard, "easy": _cmd_easy,
    "post": _cmd_post, "nopost": _cmd_nopost, "analyze": _cmd_analyze, "exit": _cmd_exit, ".": _cmd_dot,
    "hint": _cmd_hint, "bk": _cmd_bk, "memory": _cmd_memory, "cores": _cmd_cores, "option": _cmd_option,
    "exclude": _cmd_exclude, "include": _cmd_include, "setscore": _cmd_setscore, "lift": _cmd_lift,
    "put": _cmd_quiet, "hover": _cmd_quiet, "name": _cmd_quiet, "rating": _cmd_quiet, "ics": _cmd_quiet,
    "computer": _cmd_quiet, "random": _cmd_quiet, "accepted": _cmd_quiet, "rejected": _cmd_quiet,
    "egtpath": _cmd_quiet, "pause": _cmd_pause, "resume": _cmd_resume, "white": _cmd_white,
    "black": _cmd_black, "quit": _cmd_quit,
}


def serve(stdin: TextIO, stdout: TextIO, notation: str = "flat", log_path: str | None = None,
          first: Iterable[str] = ()) -> None:
    """Run the engine on real streams (the CLI entry point)."""
    log = None
    if log_path:
        try:
            log = open(log_path, "a", encoding="utf-8")
        except OSError as exc:
            stdout.write(f"# cannot open log file: {exc}\n")
            stdout.flush()
    engine = XBoardEngine(stdout, notation=notation, log=log)
    try:
        engine.run(stdin, first)
    finally:
        if log is not None:
            log.close()
