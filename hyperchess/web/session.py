"""One game on the web board: the position, who sits in each seat (a person or the engine), the move list,
and the engine thinking in a background thread.

Every change (a move, undo, a pasted position, a new game) bumps ``version`` and stops a running search, so
an engine move found for an older position is never played. Bad input raises ``BadInput`` (one line) and
leaves the game as it was.
"""
from __future__ import annotations

import threading
import time
import uuid
from dataclasses import dataclass, field

from hyperchess.engine.search import Searcher, SearchInfo
from hyperchess.engine.timecontrol import Limits
from hyperchess.pictures import render_svg
from hyperchess.tournament.pgn import NORMAL_TERMINATION, clk, movetext, score_text, seat_tags, tag_block
from hyperchess.tournament.spec import SpecError, parse_tc
from hyperchess.variants import FenError, MoveError, Outcome, UnknownVariant, get_game
from hyperchess.variants.codes import EMPTY, HOLE, code_of
from hyperchess.variants.game import Move
from hyperchess.variants.notation import UnknownSquare

from hyperchess.variants.material import flag_fall_is_draw

from .movelist import san_list
from .targets import legal_targets
from .view3d import cells_3d

SEATS = ("human", "engine")
ENGINE_SLOTS = threading.BoundedSemaphore(2)    # searches running at once in one server (see _engine_loop)
MOVETIME_RANGE = (0.05, 30.0)


class BadInput(ValueError):
    """Input the board refuses; the message is one line."""


def load_checked(game, text: str | None):
    """A position of ``game`` from ``text`` through the project's shared loader (checks royal pieces, pawn
    cells and the game's own rules), falling back to the game's own checks where the loader is absent."""
    try:
        from hyperchess.variants.load import load_position
    except ImportError:           # the shared loader has not landed in this checkout
        pos = game.position(text)
        game.validate(pos)
        return pos
    return load_position(game, text)


MAX_CLOCK = 36000.0       # seconds: the longest base time the board takes (10 hours)
ANALYSIS_SECONDS = 60.0   # an analysis stops by itself after this long


def parse_clock(text) -> tuple[int, float, float] | None:
    """A time control for every seat: ``none``/empty, or ``[moves/]base[+inc]`` (base in seconds or m:ss, as
    the match runner reads it: ``5+0.1``, ``3:00+2``, ``40/5:00``) -> (moves per period, base, increment)."""
    if text is None or (isinstance(text, str) and text.strip().lower() in ("", "none", "-")):
        return None
    if not isinstance(text, str) or len(text) > 40:
        raise BadInput("clock: a time control such as 5+0.1 (seconds + increment), 3:00+2 or 40/5:00")
    try:
        moves, base, inc = parse_tc(text)
    except SpecError as exc:
        raise BadInput(f"clock: {exc}") from None
    if not (0 < base <= MAX_CLOCK and 0 <= inc <= 600 and moves <= 1000):
        raise BadInput(f"clock: base 0..{MAX_CLOCK:g} s, increment 0..600 s, got {text!r}")
    return moves, base, inc


@dataclass
class Session:
    variant: str
    seats: list[str]
    movetime: float = 0.5
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    clock: str | None = None          # the time control's text (``parse_clock``); None: no clocks

    def __post_init__(self) -> None:
        try:
            self.game = get_game(self.variant)
        except UnknownVariant as exc:
            raise BadInput(str(exc)) from None
        self.seats = check_seats(self.game, self.seats)
        self.movetime = check_movetime(self.movetime)
        self.lock = threading.RLock()
        self.pos = self.game.position()
        self.start_fen = self.pos.fen()
        self.names: list[str] = []           # the moves played, native notation
        self.notes: list[str] = []           # per move: what it did besides ("gold eliminated")
        self.turns: list[int] = [self.pos.turn]   # the colour to move before each move, and now
        self.start_fullmove = self.pos.fullmove
        self.version = 0
        self.thinking = ""
        self.message = ""
        self.searcher = Searcher(hash_mb=16)
        self.stop = threading.Event()
        self.worker: threading.Thread | None = None
        self.closed = False
        self.ended: tuple[str, str, str] | None = None   # (result, reason, termination): resigned, agreed, flag
        self.engine_score: int | None = None          # the engine's last score, for its own side
        self.tc = parse_clock(self.clock)
        self._reset_clocks()
        self.editing = None                          # the editor's position (any board; checked when done)
        self.analysis: dict | None = None            # what the analysis thread found (see ``analyze``)
        self.analysis_stop = threading.Event()
        self.analysis_searcher: Searcher | None = None

    # ------------------------------------------------------------------ changes
    def _changed(self) -> None:
        self.version += 1
        self.stop.set()
        self.analysis_stop.set()        # an analysis is of one position: the page starts it again
        self.analysis = None
        self.message = ""

    # ------------------------------------------------------------------ the board editor
    def edit(self, body: dict) -> None:
        """The editor: ``start`` (from the present position), ``square`` + ``piece`` (a position-string token
        such as ``Q``, ``q`` or ``gQ``; empty removes), ``cancel``, or ``done`` with ``rest`` (the position
        string's fields after the board: side to move, castling, e.p., clocks, reserves...). ``done`` goes
        through the same checks as a pasted position; a refused one keeps the editor open with its reason."""
        with self.lock:
            if body.get("start"):
                self.editing = self.pos.copy()
                self._changed()               # the engine stops thinking while the board is edited
                return
            if self.editing is None:
                raise BadInput("the editor is not open")
            if body.get("cancel"):
                self.editing = None
                self._changed()
            elif body.get("done"):
                rest = body.get("rest")
                if not isinstance(rest, str) or len(rest) > 2000:
                    raise BadInput("rest: the position string's fields after the board, e.g. w KQkq - 0 1")
                text = self.game.board_to_text(self.editing.board) + " " + rest.strip()
                self.set_position(text)       # BadInput (one line) if refused: the editor stays open
                self.editing = None
                return
            else:
                square, piece = body.get("square"), body.get("piece") or ""
                if not isinstance(square, str) or not isinstance(piece, str):
                    raise BadInput("square and piece: texts, e.g. e4 and Q")
                try:
                    cell = self.game.names.parse(square)
                except UnknownSquare as exc:
                    raise BadInput(str(exc)) from None
                if piece and piece not in self.game.letters:
                    raise BadInput(f"no piece {piece[:8]!r} in {self.game.name}")
                if self.editing.board[cell] == HOLE:
                    raise BadInput(f"{square} is not on the board now")
                self.editing.put(cell, self.game.letters[piece] if piece else EMPTY)
                self.version += 1
        self.kick()

    # ------------------------------------------------------------------ analysis
    def analyze(self, on: bool, ply: int | None = None) -> None:
        """Think about the present position (``ply`` None) or the one after ``ply`` moves, without moving:
        the score for the side to move, the depth and the best line, until ``analyze(False)``, a change of the
        game, or ANALYSIS_SECONDS."""
        with self.lock:
            self.analysis_stop.set()
            self.analysis = None
            if not on:
                return
            if ply is not None and not 0 <= ply <= len(self.names):
                raise BadInput(f"ply: 0..{len(self.names)}, got {ply}")
            view = self.pos.copy()
            if ply is not None:
                view.take_back_to(ply)
            if not view.legal_moves():
                raise BadInput("nothing to analyse: no legal move in this position")
            self.analysis_stop = stop = threading.Event()
            side = self.game.color_names[view.turn]
            self.analysis = entry = {"ply": ply, "side": side, "depth": 0, "score": "", "line": [], "best": None,
                                     "running": True}
            if self.analysis_searcher is None:
                self.analysis_searcher = Searcher(hash_mb=16)
            searcher = self.analysis_searcher

        def info(i: SearchInfo) -> None:
            line = self._pv_text(view, i.pv)
            with self.lock:
                if self.analysis is entry:
                    entry.update(depth=i.depth, score=score_text(i.score), line=line.split(),
                                 best=(i.pv[0][0], i.pv[0][1]) if i.pv else entry["best"])

        def work() -> None:
            searcher.search(view, Limits(movetime=ANALYSIS_SECONDS, use_all=True), stop=stop, on_info=info)
            with self.lock:
                entry["running"] = False

        threading.Thread(target=work, name=f"analysis-{self.id}", daemon=True).start()

    def _reset_clocks(self) -> None:
        base = self.tc[1] if self.tc else 0.0
        self.clocks: list[float] = [base] * self.game.players     # seconds left, at the start of the turn
        self.turn_start = time.monotonic()
        self.clock_history: list[list[float]] = []                   # the clocks before each move
        self.clk_after: list[float | None] = []                       # the mover's clock after each move

    def time_left(self, color: int) -> float | None:
        """Seconds on ``color``'s clock now (its own turn runs), or None without clocks."""
        if not self.tc:
            return None
        left = self.clocks[color]
        if color == self.pos.turn and self.ended is None and self.pos.outcome() is None:
            left -= time.monotonic() - self.turn_start
        return left

    def _check_flag(self) -> None:
        """The side to move whose clock has run out loses (its team does)."""
        if not self.tc or self.ended is not None or self.pos.outcome() is not None:
            return
        mover = self.pos.turn
        if self.time_left(mover) <= 0:
            loser = self.game.teams[mover]
            self.clocks[mover] = 0.0
            name = self.game.color_names[mover].capitalize()
            if flag_fall_is_draw(self.pos, mover):     # FIDE 6.9: the other side cannot mate by any series of moves
                self.ended = ("1/2-1/2", f"{name}'s flag fell, and the other side cannot mate: a draw",
                              "time forfeit")
            else:
                self.ended = ("0-1" if loser == 0 else "1-0", f"{name} loses on time", "time forfeit")
            self._changed()

    def outcome(self):
        """The game's end: by the rules, or by a resignation, an agreed draw or a clock (``ended``)."""
        self._check_flag()
        if self.ended is not None:
            return Outcome(*self.ended)
        return self.pos.outcome()

    def person(self) -> int | None:
        """The colour the person plays: the one to move if it is theirs, else their first seat."""
        if self.seats[self.pos.turn] == "human":
            return self.pos.turn
        return next((c for c in range(self.game.players) if self.seats[c] == "human"), None)

    def resign(self) -> None:
        """The person's side resigns (its team loses)."""
        with self.lock:
            me = self.person()
            if me is None or self.outcome() is not None:
                raise BadInput("nothing to resign: no person plays, or the game is over")
            loser = self.game.teams[me]
            team = self.game.team_name(loser)
            self.ended = ("0-1" if loser == 0 else "1-0", f"{team} {'resign' if ' and ' in team else 'resigns'}",
                          "resign")
            self._changed()

    def offer_draw(self) -> None:
        """The person offers a draw: the engine agrees when its last score is within 0.3 pawns."""
        with self.lock:
            if self.person() is None or self.outcome() is not None:
                raise BadInput("no draw to offer: no person plays, or the game is over")
            if "engine" in self.seats and (self.engine_score is None or abs(self.engine_score) > 30):
                self.message = "the engine declines the draw"
                return
            self.ended = ("1/2-1/2", "Draw agreed", "agreement")
            self._changed()

    def play(self, text: str) -> None:
        """Play the move written ``text`` (native notation) for the person to move."""
        with self.lock:
            if self.outcome() is not None:
                raise BadInput("the game is over")
            if self.seats[self.pos.turn] != "human":
                raise BadInput(f"it is the engine's turn ({self.game.color_names[self.pos.turn]})")
            if len(text) > 200:             # no move is this long; do not echo it back
                raise BadInput("move text too long")
            try:
                move = self.pos.parse_move(text)
            except (MoveError, UnknownSquare, ValueError, KeyError, IndexError) as exc:
                raise BadInput(f"{text.strip()!r} refused: {exc}") from None
            self._push(move)
        self.kick()

    def _push(self, move: Move) -> None:
        name = self.pos.move_name(move)
        mover = self.pos.turn
        if self.tc:
            now = time.monotonic()
            self.clock_history.append(list(self.clocks))
            moves, base, inc = self.tc
            self.clocks[mover] = max(0.0, self.clocks[mover] - (now - self.turn_start)) + inc
            made = sum(1 for c in self.turns[:-1] if c == mover) + 1
            if moves and made % moves == 0:
                self.clocks[mover] += base
            self.clk_after.append(self.clocks[mover])
            self.turn_start = now
        before = {c for c in range(self.game.players) if self.pos.eliminated(c)}
        self.pos.push(move)
        self.names.append(name)
        self.turns.append(self.pos.turn)
        gone = [self.game.color_names[c] for c in range(self.game.players) if self.pos.eliminated(c) and c not in before]
        self.notes.append(", ".join(f"{c} eliminated" for c in gone))
        self._changed()

    def undo(self) -> None:
        """Take back the last move, and further back until a person is to move (or the start is reached)."""
        with self.lock:
            if not self.names:
                raise BadInput("no move to take back")
            self.ended = None
            self._pop()
            while self.names and self.seats[self.pos.turn] != "human" and "human" in self.seats:
                self._pop()
            self.thinking = ""
        self.kick()

    def _pop(self) -> None:
        self.pos.pop()
        self.names.pop()
        self.notes.pop()
        if self.tc and self.clock_history:
            self.clocks = self.clock_history.pop()
            self.clk_after.pop()
            self.turn_start = time.monotonic()
        self.turns.pop()
        self._changed()

    def set_position(self, text: str) -> None:
        """Start again from the pasted position string (the game is unchanged if it is refused)."""
        text = (text or "").strip()
        if not text:
            raise BadInput("empty position string")
        if len(text) > 4000:
            raise BadInput("position string too long")
        try:
            pos = load_checked(self.game, text)
        except (FenError, UnknownSquare, MoveError, ValueError, KeyError, IndexError) as exc:
            raise BadInput(f"bad position for {self.variant}: {exc}") from None
        with self.lock:
            self.pos = pos
            self.ended = None
            self.start_fen = pos.fen()
            self.names = []
            self.notes = []
            self.turns = [pos.turn]
            self.start_fullmove = pos.fullmove
            self.thinking = ""
            self._reset_clocks()
            self.searcher.new_game()
            self._changed()
        self.kick()

    def set_seats(self, seats: list[str], movetime: float | None = None) -> None:
        with self.lock:
            self.seats = check_seats(self.game, seats)
            if movetime is not None:
                self.movetime = check_movetime(movetime)
            self._changed()
        self.kick()

    def close(self) -> None:
        self.closed = True
        self.stop.set()
        self.analysis_stop.set()

    # ------------------------------------------------------------------ the engine
    def kick(self) -> None:
        """Start the engine thread if the engine is to move and it is not already thinking."""
        with self.lock:
            if self.closed or self.editing is not None or self.outcome() is not None \
                    or self.seats[self.pos.turn] != "engine":
                return
            if self.worker is not None and self.worker.is_alive():
                return
            self.worker = threading.Thread(target=self._engine_loop, name=f"engine-{self.id}", daemon=True)
            self.worker.start()

    def _engine_loop(self) -> None:
        while True:
            with self.lock:
                if self.closed or self.editing is not None or self.outcome() is not None \
                        or self.seats[self.pos.turn] != "engine":
                    return
                version = self.version
                pos = self.pos.copy()
                self.stop = stop = threading.Event()
                movetime = self.movetime

            side = self.game.color_names[pos.turn]

            def info(i: SearchInfo, pos=pos, version=version, side=side) -> None:
                line = self._pv_text(pos, i.pv)
                with self.lock:
                    if self.version == version:
                        # the score is the engine's: name its side, so it never reads as the person's
                        self.thinking = (f"{side} (engine): score {score_text(i.score)} for {side}, depth {i.depth}, "
                                         f"nodes {i.nodes}  {line}").rstrip()
                        self.engine_score = i.score

            # The GIL: searches are pure Python, so every thinking engine slows the server's request threads.
            # At most ENGINE_SLOTS searches run at once (the server's other games wait their turn: they play
            # slower, the pages stay interactive), and the server switches threads every millisecond.
            with ENGINE_SLOTS:
                if stop.is_set():
                    continue            # the game changed while it waited for a slot
                with self.lock:
                    if self.tc:        # the engine plays on its clock, as under CECP
                        moves, _, inc = self.tc
                        made = sum(1 for c in self.turns[:-1] if c == pos.turn)
                        limits = Limits(time_left=max(0.0, self.time_left(pos.turn) or 0.0), increment=inc,
                                        moves_to_go=(moves - made % moves) if moves else None)
                    else:              # a fixed time per move: use it all (new iterations until it is spent)
                        limits = Limits(movetime=movetime, use_all=True)
                result = self.searcher.search(pos, limits, stop=stop, on_info=info)
            with self.lock:
                if self.version != version or self.closed:
                    continue            # the game changed while we thought: think again about the new one
                if result.best is None or self.outcome() is not None:
                    return              # no move, or its flag fell while it thought
                self._push(result.best)
                self.stop = threading.Event()

    @staticmethod
    def _pv_text(pos, pv: list[Move]) -> str:
        p = pos.copy()
        out = []
        for m in pv:
            try:
                out.append(p.move_name(m))
                p.push(m)
            except Exception:          # a stale line from the table: show what was valid
                break
        return " ".join(out)

    def busy(self) -> bool:
        return self.worker is not None and self.worker.is_alive()

    # ------------------------------------------------------------------ what the page shows
    def light_state(self) -> dict:
        """What a page that already has this version needs every quarter second: the engine's line and the
        clocks (the picture and the legal moves only come with a new version)."""
        with self.lock:
            self._check_flag()
            return {"id": self.id, "version": self.version, "unchanged": True, "thinking": self.thinking,
                    "clocks": [self.time_left(c) for c in range(self.game.players)] if self.tc else None}

    def view_turns(self, flip: bool = False, rotate: int = 0) -> int:
        """Quarter turns of the picture from White's view: the person's own side (in a four-player game the side
        their pawns advance from), half a turn more with ``flip``, and ``rotate`` quarter turns more."""
        game = self.game
        humans = [c for c in range(game.players) if self.seats[c] == "human"]
        viewer = self.pos.turn if self.pos.turn in humans else (humans[0] if humans else 0)
        base = 2 if game.teams[viewer] == 1 else 0
        if game.players > 2 and not game.oriented_by_cell:
            forward = game.orientation(viewer, 0)[1]
            base = {(0, 1): 0, (0, -1): 2, (-1, 0): 1, (1, 0): 3}.get(tuple(forward[:2]), base)
        return (base + (2 if flip else 0) + rotate) % 4

    def state(self, ply: int | None = None, flip: bool = False, cells: bool = False, rotate: int = 0) -> dict:
        """What the page shows. ``ply``: the position after that many moves, for review (None: now);
        ``flip``: the board seen from the other side than the person's; ``cells``: every cell as data for the
        3D view (``cells3d``)."""
        with self.lock:
            pos = self.pos
            game = self.game
            outcome = self.outcome()
            if ply is not None and not 0 <= ply <= len(self.names):
                raise BadInput(f"ply: 0..{len(self.names)}, got {ply}")
            view = pos
            if self.editing is not None:
                view, ply = self.editing, None
            elif ply is not None and ply != len(self.names):
                view = pos.copy()
                view.take_back_to(ply)
            turns = self.view_turns(flip, rotate)
            flipped = turns == 2
            k = view.king()
            analysis = self.analysis if self.analysis and self.analysis["ply"] == (None if view is pos else ply) \
                else None
            arrows = [analysis["best"]] if analysis and analysis["best"] else []
            svg = render_svg(view, lastmove=view.last_move, flipped=flipped, layout=None, arrows=arrows,
                             check=k if k is not None and view.in_check() else None, quarter=turns % 2 and turns)
            to_move = self.seats[pos.turn] == "human" and outcome is None and view is pos and self.editing is None
            return {
                "id": self.id,
                "version": self.version,
                "variant": game.name,
                "title": game.title,
                "colors": list(game.color_names[:game.players]),
                "seats": list(self.seats),
                "movetime": self.movetime,
                "turn": game.color_names[pos.turn],
                "fen": pos.fen(),
                "start_fen": self.start_fen,
                "moves": list(self.names),
                "san": san_list(self.game.position(self.start_fen), self.names),
                "notes": list(self.notes),
                "move_turns": list(self.turns),
                "move_colors": [game.color_names[c] for c in self.turns[:-1]],
                "start_turn": self.turns[0],
                "start_fullmove": self.start_fullmove,
                "result": outcome.result if outcome else None,
                "reason": outcome.reason if outcome else None,
                "thinking": self.thinking,
                "engine_to_move": self.seats[pos.turn] == "engine" and outcome is None,
                "svg": svg,
                "legal": legal_targets(pos) if to_move else [],
                "message": self.message,
                "review_ply": None if view is pos else ply,
                "review_fen": view.fen(),
                "flipped": flipped,
                "turns": turns,
                "eliminated": [game.color_names[c] for c in range(game.players) if view.eliminated(c)],
                "captured": captured(game, self.start_fen, view),
                "editing": None if self.editing is None else {
                    "rest": " ".join(self.editing.fen().split()[1:]),
                    "palette": [{"token": game.letter_of(code_of(kind, color)), "color": game.color_names[color],
                                 "name": game.pieces[kind].name}
                                for color in range(game.players) for kind in range(1, len(game.pieces))]},
                "cells3d": cells_3d(view, arrows) if cells else None,
                "levels": game.geometry.levels,
                "analysis": None if analysis is None else {
                    **{k: v for k, v in analysis.items() if k != "best"},
                    "line_san": san_list(view, analysis["line"])},
                "clock": self.clock if self.tc else None,
                "clocks": [self.time_left(c) for c in range(game.players)] if self.tc else None,
                "termination": outcome.termination if outcome else None,
            }

    def pgn(self) -> str:
        """The game as PGN: native move notation; the variant, and the start position when it is not the
        game's own start."""
        with self.lock:
            game = self.game
            outcome = self.outcome()
            result = outcome.result if outcome else "*"
            seat_name = {"human": "Human", "engine": "hyperchess"}
            tags = [("Event", f"hyperchess web board: {game.title}"), ("Site", "localhost"),
                    ("Date", time.strftime("%Y.%m.%d")), ("Round", "-"),
                    *seat_tags(game, [seat_name[s] for s in self.seats]),
                    ("Result", result), ("Variant", game.name)]
            if self.start_fen != game.position().fen():
                tags += [("SetUp", "1"), ("FEN", self.start_fen)]
            if self.tc:
                moves, base, inc = self.tc
                tags.append(("TimeControl", f"{moves}/{base:g}" + (f"+{inc:g}" if inc else "") if moves
                             else f"{base:g}+{inc:g}"))
            if outcome:                  # the PGN standard's values (python-chess, cutechess): the reason as a comment
                tags.append(("Termination", "time forfeit" if outcome.termination == "time forfeit"
                             else NORMAL_TERMINATION))
            start = game.position(self.start_fen)
            comments = [f"[%clk {clk(c, 1)}]" for c in self.clk_after] if self.tc else None
            closing = outcome.reason if outcome else None
            return tag_block(tags) + "\n\n" + movetext(start, list(self.names), result, comments, closing) + "\n"


def captured(game, start_fen: str, pos) -> dict[str, list[str]]:
    """Per colour, the pieces it has lost since the start position: letters, most valuable first (a promoted
    pawn counts as lost, its new piece as a gain that cancels one lost piece of that kind)."""
    start = game.position(start_fen).board
    out = {}
    for color in range(game.players):
        lost = []
        for kind in range(1, len(game.pieces)):
            code = code_of(kind, color)
            missing = sum(1 for c in start if c == code) - sum(1 for c in pos.board if c == code)
            lost += [game.pieces[kind].letter] * max(0, missing)
        lost.sort(key=lambda letter: -game.pieces[game.kind_by_letter[letter]].value)
        out[game.color_names[color]] = lost
    return out


def check_seats(game, seats) -> list[str]:
    if not isinstance(seats, list) or len(seats) != game.players or any(s not in SEATS for s in seats):
        raise BadInput(f"seats: give {game.players} of {'/'.join(SEATS)}, one per colour "
                       f"({', '.join(game.color_names[:game.players])})")
    return list(seats)


def check_movetime(value) -> float:
    try:
        t = float(value)
    except (TypeError, ValueError):
        raise BadInput(f"movetime must be a number of seconds, got {value!r}") from None
    lo, hi = MOVETIME_RANGE
    if not lo <= t <= hi:
        raise BadInput(f"movetime must be between {lo} and {hi} seconds, got {value}")
    return t
