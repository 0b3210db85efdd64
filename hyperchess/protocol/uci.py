"""UCI for every game (docs/protocol.md, "UCI"), on the same search thread, options and wire as CECP.

``UCIEngine`` holds the game and position and runs the main loop: one reader thread turns stdin into events,
handled in order. A search runs on a copy of the position in the worker thread (``thinking.Thinker``), so
``stop``, ``ponderhit``, ``isready`` and ``quit`` are answered while it runs. Any other command first stops the
search (its ``bestmove`` is printed) and then runs.

Fairy-Stockfish's conventions for variants: the ``UCI_Variant`` combo option. After it is set, the line
``info string variant NAME files F ranks R pockets 0 template fairy startpos FEN`` follows. Moves are in
the game's native notation (plain UCI for orthodox chess). ``position fen`` takes the game's own position
string. A four-player game needs no null move: ``go`` plays whichever colour is to move. UCI's null move
``0000`` is refused (no game here has a pass). The layer knows no game by name.
"""
from __future__ import annotations

import queue
import sys
import threading
import time
from typing import Callable, Iterable, TextIO

from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import DEFAULT_GAME, FenError, MoveError, UnknownVariant, game_names, get_game
from hyperchess.variants.core.load import load_position
from hyperchess.variants.board.notation import UnknownSquare

from . import options
from .fog import FOG_OPTION, FogSeat, fog_option, seat_seed
from .clock import parse_int, parse_seconds
from .commands import VERSION
from .thinking import MAX_RANDOMNESS, SKILL_MAX, Search, Thinker
from .wire import Output, clean, read_lines, shorten, too_long

GO_WORDS = frozenset("searchmoves ponder wtime btime winc binc movestogo depth nodes mate movetime infinite".split())
IMMEDIATE = frozenset(("isready", "stop", "ponderhit", "quit", "debug"))   # answered during a search
# UCI's own name for orthodox chess (python-chess and Fairy-Stockfish use it): our default game
UCI_CHESS = "chess"
MAX_DEPTH = 99
MAX_MULTIPV = 5
MS = 0.001


class UCIEngine:
    """The UCI state machine. ``run()`` reads lines until ``quit`` or end of input; ``handle(line)`` runs one."""

    def __init__(self, out: Callable[[str], None] | TextIO, log: TextIO | None = None,
                 searcher_factory: Callable[[int], object] | None = None) -> None:
        self.out = out if isinstance(out, Output) else Output(out, log)
        self.events: queue.Queue = queue.Queue()
        self.thinker = Thinker(self.out, self.events, searcher_factory)
        self.thinker.randomness = 0   # UCI: deterministic (analysis and play) unless Randomize is set
        self.variant = DEFAULT_GAME
        self.game = None
        self.pos = None
        self.ponder_option = False
        self.multipv = 1
        self.debug = False
        self.done = False
        self.eof = False
        self.deferred: list[str] = []
        self.held = None              # a finished ``go infinite``/``go ponder`` result, kept until stop
        self.pending: Limits | None = None   # the limits a ``go ponder`` search turns into on ponderhit
        self.refused: str | None = None      # why the last ``position`` was refused: no position to search
        self.fog: FogSeat | None = None      # a game with fog: the views sent this game (protocol/fog.py)
        self.fog_turn = False                # the last ``position`` was a view: ``go`` plays from the views

    # ------------------------------------------------------------------ the game
    def ensure_game(self) -> None:
        if self.pos is None:
            self.game = get_game(self.variant)
            self.pos = self.game.position()

    @property
    def search(self) -> Search | None:
        return self.thinker.search

    # ------------------------------------------------------------------ main loop
    def run(self, stdin: TextIO | None = None, first: Iterable[str] = ()) -> None:
        for line in first:
            self.events.put(("line", line))
        src = stdin if stdin is not None else sys.stdin
        threading.Thread(target=read_lines, args=(src, self.events.put), daemon=True, name="uci-reader").start()
        while not self.done:
            s = self.search
            timeout = None
            if s is not None and s.deadline is not None and not s.stop.is_set():
                timeout = max(0.0, s.deadline - time.perf_counter())
            try:
                kind, payload = self.events.get(timeout=timeout)
            except queue.Empty:
                if self.search is not None:
                    self.search.stop.set()            # watchdog: the searcher overran its budget
                continue
            try:
                if kind == "line":
                    self.on_line(payload)
                elif kind == "searched":
                    self.on_searched(*payload)
                elif kind == "long":
                    self.out(f"info string line too long ({too_long(payload)}); ignored")
                elif kind == "eof":
                    self.eof = True
            except Exception as exc:                  # never a traceback: report and keep serving
                self.out(f"info string internal error: {type(exc).__name__}: {shorten(str(exc))}")
            if self.eof:
                if self.held is not None or (self.search is not None and self.search.purpose != "move"):
                    self.stop()                       # end of input during go infinite: answer, then end
                if self.search is None and self.held is None:
                    self.done = True
        self.thinker.close()

    def on_line(self, line: str) -> None:
        self.out.record(">", line)
        if self.quitting:
            return
        word = clean(line).split(" ", 1)[0]
        if self.held is not None and word not in IMMEDIATE:
            self.stop()                               # a finished go infinite answers before anything else
        if self.search is not None and word not in IMMEDIATE:
            self.deferred.append(line)                # after the running search's bestmove
            self.stop()
            return
        self.handle(line)

    def handle(self, line: str) -> None:
        """Process one command now. Every error becomes one line; the state survives."""
        text = clean(line)
        if not text:
            return
        word, _, arg = text.partition(" ")
        handler = HANDLERS.get(word)
        try:
            if handler is None:
                self.out(f"Unknown command: '{shorten(text)}'. Type help for more information.")
            else:
                handler(self, arg.strip())
        except Exception as exc:                      # never a traceback
            self.out(f"info string internal error on {shorten(text)!r}: {type(exc).__name__}: {shorten(str(exc))}")

    # ------------------------------------------------------------------ searching
    def start(self, limits: Limits, purpose: str, excluded: tuple = ()) -> None:
        from hyperchess.engine.timecontrol import budget
        b = budget(limits)
        deadline = None if b.hard is None else time.perf_counter() + b.hard + 1.0
        self.thinker.start(purpose, self.pos, limits, deadline, 0, excluded, self.report, self.multipv)

    def report(self, s: Search, info) -> str | None:
        return self.info_line(s.root, info, s, multipv=getattr(info, "multipv", 1) if self.multipv > 1 else 0)

    def info_line(self, root, info, s: Search | None, multipv: int = 0) -> str:
        elapsed = max(info.elapsed, 1e-6)
        pv, p = [], root.copy()
        try:
            for move in info.pv:
                pv.append(p.move_name(move))
                p.push(move)
        except Exception:
            pass
        searcher = self.thinker.searcher
        full = 0
        if searcher is not None and getattr(searcher, "tt_cap", 0):
            full = min(1000, len(searcher.tt) * 1000 // searcher.tt_cap)
        line = f"info depth {info.depth} seldepth {info.depth}"
        if multipv:
            line += f" multipv {multipv}"
        bound = " upperbound" if getattr(info, "upper", False) else ""
        line += (f" score {uci_score(info.score)}{bound} nodes {info.nodes} nps {int(info.nodes / elapsed)}"
                 f" time {int(info.elapsed * 1000)} hashfull {full}")
        return line + (" pv " + " ".join(pv) if pv else "")

    def stop(self) -> None:
        """``stop``: end the search now (its bestmove follows), or give a held result."""
        if self.search is not None:
            self.search.stop.set()
        elif self.held is not None:
            held, self.held = self.held, None
            self.bestmove(*held)

    def on_searched(self, s: Search, result) -> None:
        if not self.thinker.finished(s):
            return
        if isinstance(result, Exception):
            self.out(f"info string search failed: {type(result).__name__}: {shorten(str(result))}")
            result = None
        best = result.best if result is not None else None
        ponder = result.ponder if result is not None else None
        if s.purpose != "move" and not s.stop.is_set() and not self.quitting:
            self.held = (s.root, best, ponder)       # go infinite / go ponder: bestmove only after stop
            return
        if s.purpose == "ponder" and self.pending is not None and s.stop.is_set() and self.ponderhit_now:
            self.ponderhit_now = False
            limits, self.pending = self.pending, None
            self.start(limits, "move", self.excluded)
            return
        self.pending = None
        self.bestmove(s.root, best, ponder)

    ponderhit_now = False
    quitting = False
    excluded: tuple = ()

    def bestmove(self, root, best, ponder) -> None:
        if best is None:
            self.out("bestmove (none)")
        else:
            text = f"bestmove {root.move_name(best)}"
            if ponder is not None:
                after = root.copy()
                after.push(best)
                if ponder in after.legal_moves():
                    text += f" ponder {after.move_name(ponder)}"
            self.out(text)
        if self.quitting:             # the commands that came before quit, but no new search
            for line in self.deferred:
                if clean(line).split(" ", 1)[0] != "go":
                    self.handle(line)
            self.deferred.clear()
            self.done = True
            return
        while self.deferred and self.search is None and self.held is None:
            self.handle(self.deferred.pop(0))
            if self.deferred and (self.search is not None or self.held is not None):
                self.stop()           # a command already waiting stops the search it follows, as on arrival


def uci_score(score: int) -> str:
    """The search's reported score (CECP's: 100000 + N = mate in N moves) as UCI's ``cp X`` or ``mate N``."""
    if score >= 100000:
        return f"mate {score - 100000}"
    if score <= -100000:
        return f"mate -{-score - 100000}"
    return f"cp {score}"


# ---------------------------------------------------------------------- the commands
def _uci(e: UCIEngine, arg: str) -> None:
    e.out(f"id name hyperchess {VERSION}")
    e.out("id author the hyperchess developers")
    e.out(f"option name Hash type spin default {e.thinker.hash_mb} min 1 max {options.MAX_HASH_MB}")
    e.out(f"option name Threads type spin default {e.thinker.threads} min 1 max {options.MAX_THREADS}")
    e.out("option name Ponder type check default false")
    e.out(f"option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}")
    e.out(f"option name UCI_Variant type combo default {e.variant} var {UCI_CHESS} "
          + " ".join(f"var {n}" for n in game_names()))
    e.out(f"option name Randomize type spin default {e.thinker.randomness} min 0 max {MAX_RANDOMNESS}")
    e.out(f"option name Skill Level type spin default {e.thinker.skill} min 0 max {SKILL_MAX}")
    e.out("option name VariantPath type string default <empty>")
    e.out("option name PartnerPosition type string default <empty>")
    e.out(f"option name TeamPlay type check default {str(e.thinker.team_play).lower()}")
    e.out(f"option name {FOG_OPTION} type check default true")
    e.out("uciok")


def _isready(e: UCIEngine, arg: str) -> None:
    e.out("readyok")


def _debug(e: UCIEngine, arg: str) -> None:
    e.debug = arg == "on"


def _setoption(e: UCIEngine, arg: str) -> None:
    words = arg.split()
    if not words or words[0] != "name":
        e.out(f"info string setoption needs 'name NAME [value VALUE]': {shorten(arg)}")
        return
    rest = " ".join(words[1:])
    name, _, value = rest.partition(" value ")
    if rest.endswith(" value"):
        name, value = rest[:-6], ""
    name, value = name.strip(), value.strip()
    key = name.lower()
    try:
        if key == "hash":
            options.set_hash(e.thinker, value)
        elif key == "threads":
            options.set_threads(e.thinker, value)
        elif key == "ponder":
            e.ponder_option = value.lower() == "true"
        elif key == "multipv":
            e.multipv = options.whole_number(value, 1, MAX_MULTIPV, "MultiPV")
        elif key == "randomize":
            options.set_randomize(e.thinker, value)
        elif key == "skill level":
            options.set_skill(e.thinker, value)
        elif key == "uci_variant":
            _set_variant(e, value)
        elif key == "partnerposition":
            options.set_partner(e.thinker, value, e.game)
        elif key == "teamplay":
            options.set_team_play(e.thinker, value)
        elif key == "variantpath":
            if value and value != "<empty>":
                added = options.variant_path(value)
                e.out(f"info string VariantPath: {len(added)} games added: {', '.join(added)}")
        elif key == FOG_OPTION.lower():
            refused = fog_option(value)
            if refused:
                e.out(f"info string {refused}")
        elif key in ("uci_chess960", "uci_analysemode", "uci_showwdl", "uci_limitstrength", "uci_elo"):
            e.out(f"info string option {name} is not supported; ignored")
        else:
            e.out(f"info string No such option: {shorten(name)}")
    except options.OptionError as exc:
        e.out(f"info string {exc}")


def _set_variant(e: UCIEngine, name: str) -> None:
    try:
        game = get_game(name)           # UCI_CHESS is one of the registry's ALIASES
    except UnknownVariant as exc:
        e.out(f"info string {exc}")
        return
    e.variant, e.game, e.pos, e.refused = game.name, game, game.position(), None
    e.fog, e.fog_turn = None, False
    geo = game.geometry
    e.out(f"info string variant {name} files {geo.files} ranks {geo.ranks} pockets {game.flat_holdings} template fairy "
          f"startpos {game.start_fen}")


def _ucinewgame(e: UCIEngine, arg: str) -> None:
    e.held = None
    e.ensure_game()
    e.pos, e.refused = e.game.position(), None
    e.fog, e.fog_turn = None, False
    e.thinker.get_searcher().new_game()


def _position(e: UCIEngine, arg: str) -> None:
    """``position startpos|fen TEXT [moves M1 M2 ...]``: the moves are applied up to the first that is refused,
    which an ``info string`` names."""
    e.ensure_game()
    e.held = None
    head, _, moves_text = arg.partition(" moves ")
    if arg.endswith(" moves") or arg == "moves":
        head, moves_text = arg[:-6].strip(), ""
    head = head.strip()
    if head == "startpos":
        fen = None
    elif head.startswith("fen "):
        fen = head[4:].strip()
    else:
        e.refused = f"position needs 'startpos' or 'fen TEXT': {shorten(arg)}"
        e.out(f"info string {e.refused}; no position until the next good one")
        return
    e.fog_turn = False
    if FogSeat.is_view(e.game, fen):
        _fog_view(e, fen, moves_text)
        return
    try:
        pos = load_position(e.game, fen)
    except (FenError, UnknownSquare, ValueError) as exc:
        e.refused = f"bad position ({shorten(str(exc))})"
        e.out(f"info string {e.refused}; no position until the next good one")
        return
    e.refused = None
    for ply, text in enumerate(moves_text.split(), 1):
        if text == "0000":
            e.out(f"info string move 0000 (a pass) at ply {ply} refused: no pass in {e.variant}; moves stop here")
            break
        try:
            pos.push(pos.parse_move(text))
        except (MoveError, UnknownSquare, ValueError) as exc:
            e.out(f"info string move {shorten(text, 40)} at ply {ply} refused ({shorten(str(exc))}); moves stop here")
            break
    e.pos = pos


def _fog_view(e: UCIEngine, fen: str, moves_text: str) -> None:
    """``position fen VIEW`` in a game with fog (protocol/fog.py): one more view of this game."""
    if e.fog is None:
        e.fog = FogSeat(e.game, seat_seed(e.thinker.randomness))
    try:
        e.fog.take(fen)
    except (FenError, UnknownSquare, ValueError) as exc:
        e.refused = f"bad view ({shorten(str(exc))})"
        e.out(f"info string {e.refused}; no position until the next good one")
        return
    if moves_text.strip():
        e.out("info string moves after a view are ignored: send each view as it is")
    e.refused, e.pos, e.fog_turn = None, e.fog.pos, True


def _go(e: UCIEngine, arg: str) -> None:
    e.ensure_game()
    e.held = None
    words = arg.split()
    params: dict[str, str] = {}
    search_moves: list[str] = []
    i = 0
    try:
        while i < len(words):
            w = words[i]
            if w in ("infinite", "ponder"):
                params[w] = "1"
                i += 1
            elif w == "searchmoves":
                i += 1
                while i < len(words) and words[i] not in GO_WORDS:
                    search_moves.append(words[i])
                    i += 1
            elif w in GO_WORDS and i + 1 < len(words):
                params[w] = words[i + 1]
                i += 2
            else:
                raise ValueError(f"unexpected {w!r}")
        limits = _limits(e, params)
    except (ValueError, OverflowError) as exc:
        e.out(f"info string go: {shorten(str(exc))}; searching for 1 second")
        limits, params = Limits(movetime=1.0), {}
    if e.refused is not None:     # never a stale move: the GUI's position is not the one we hold
        e.out(f"info string go: no position to search, the last position command was refused: {e.refused}")
        _no_move(e, params)
        return
    if e.fog_turn and e.fog is not None:
        move = e.fog.choose(limits.nodes)   # from the views alone: the hidden position is never known here
        e.out(f"bestmove {e.fog.pos.move_name(move) if move is not None else '(none)'}")
        return
    legal = e.pos.legal_moves()
    excluded: tuple = ()
    if search_moves:
        wanted = []
        for text in search_moves:
            try:
                wanted.append(e.pos.parse_move(text))
            except (MoveError, UnknownSquare, ValueError):
                e.out(f"info string searchmoves: {shorten(text, 40)} is not a legal move; ignored")
        if wanted:
            excluded = tuple(m for m in legal if m not in wanted)
    e.excluded = excluded
    if not legal:
        e.out(f"info depth 0 score {'mate 0' if e.pos.in_check() else 'cp 0'}")
        _no_move(e, params)
        return
    outcome = e.pos.outcome()
    if outcome is not None:       # the GUI ends the game (a draw may be unclaimed): a legal move is still owed
        e.out(f"info string the game is over by rule ({outcome}); searching anyway")
    if "ponder" in params:
        e.pending = limits
        e.start(Limits(infinite=True, depth=limits.depth), "ponder", excluded)
    elif "infinite" in params:
        e.start(limits, "analyze", excluded)
    else:
        e.start(limits, "move", excluded)


def _no_move(e: UCIEngine, params: dict[str, str]) -> None:
    """``bestmove (none)``: now, or after ``stop`` for ``go infinite``/``go ponder``."""
    if "infinite" in params or "ponder" in params:
        e.held = (e.pos, None, None)
    else:
        e.out("bestmove (none)")


def _limits(e: UCIEngine, params: dict[str, str]) -> Limits:
    """The search limits of ``go``: the mover's clock (wtime for White's team, btime for the other team)."""
    limits = Limits()
    if "infinite" in params:
        limits.infinite = True
    white = e.game.teams[e.pos.turn] == 0
    mine, theirs = ("wtime", "btime") if white else ("btime", "wtime")
    inc = "winc" if white else "binc"
    if mine in params:
        limits.time_left = parse_seconds(params[mine], MS)
        if theirs in params:
            limits.opponent_time = parse_seconds(params[theirs], MS)
        if inc in params:
            limits.increment = parse_seconds(params[inc], MS)
        if "movestogo" in params:
            mtg = parse_int(params["movestogo"])
            limits.moves_to_go = mtg if mtg > 0 else None
    if "movetime" in params:
        limits.movetime = parse_seconds(params["movetime"], MS)
    if "depth" in params:
        limits.depth = max(1, min(MAX_DEPTH, parse_int(params["depth"])))
    if "mate" in params:
        limits.depth = max(1, min(MAX_DEPTH, 2 * parse_int(params["mate"]) - 1))
    if "nodes" in params:
        limits.nodes = max(1, min(10 ** 12, parse_int(params["nodes"])))
    if not any(k in params for k in ("infinite", mine, "movetime", "depth", "mate", "nodes")):
        limits.infinite = True                        # a bare ``go`` searches until ``stop``, as in Stockfish
    return limits


def _stop(e: UCIEngine, arg: str) -> None:
    e.stop()


def _ponderhit(e: UCIEngine, arg: str) -> None:
    """The opponent played the expected move: the ponder search becomes a search on our clock."""
    s = e.search
    if s is not None and s.purpose == "ponder":
        e.ponderhit_now = True
        s.stop.set()
    elif e.held is not None and e.pending is not None:
        e.held = None
        limits, e.pending = e.pending, None
        e.start(limits, "move", e.excluded)


def _quit(e: UCIEngine, arg: str) -> None:
    """End: a running search is stopped and its bestmove printed first (as Stockfish does)."""
    e.quitting = True
    if e.search is not None:
        e.search.stop.set()
    else:
        e.done = True


HANDLERS: dict[str, Callable[[UCIEngine, str], None]] = {
    "uci": _uci, "isready": _isready, "debug": _debug, "setoption": _setoption, "register": lambda e, a: None,
    "ucinewgame": _ucinewgame, "position": _position, "go": _go, "stop": _stop, "ponderhit": _ponderhit,
    "quit": _quit,
}


def serve(stdin: TextIO, stdout: TextIO, log: TextIO | None = None, first: Iterable[str] = ()) -> None:
    """Run the engine on real streams (the CLI entry point); ``log`` (an open stream) is closed at the end."""
    engine = UCIEngine(stdout, log=log)
    try:
        engine.run(stdin, first)
    finally:
        if log is not None:
            log.close()
