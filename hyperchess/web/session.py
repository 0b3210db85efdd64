"""One game on the web board: the position, who sits in each seat (a person or the engine), the move list,
the links that hold its seats, and its record in the games database.

Every change (a move, undo, a pasted position, a new game) bumps ``version``, stops a running search (so an
engine move found for an older position is never played), is written to the store (``store.py``) and only
then announced (``on_change``) and acknowledged. Bad input raises ``BadInput`` (one line) and leaves the
game as it was; a seat's move by anyone not holding that seat raises ``NotAllowed``.

The engine's seats and analysis are in ``engine_seat.py``, the pages' view and the PGN in ``view.py``, the
clocks in ``clocks.py``.
"""
from __future__ import annotations

import secrets
from collections import Counter
import threading
import time
import uuid
from typing import Callable

from hyperchess.engine.levels import BOARD_LEVELS
from hyperchess.engine.search import Searcher
from hyperchess.variants import FenError, MoveError, Outcome, UnknownVariant, get_game
from hyperchess.variants.board.codes import EMPTY, HOLE
from hyperchess.variants.core.game import Move
from hyperchess.variants.core.material import flag_fall_is_draw
from hyperchess.variants.board.notation import UnknownSquare

from .clocks import ClockError, Clocks, parse_clock
from .errors import BadInput, NotAllowed
from .engine_seat import ANALYSIS_SECONDS, ENGINE_SLOTS, EngineSeats  # noqa: F401 (re-exported)
from .fog import is_fog, visible_cells
from .view import GameView

TOP_LEVEL = len(BOARD_LEVELS)      # the web board's levels 1..8; the top one is the whole engine

SEATS = ("human", "engine")
MOVETIME_RANGE = (0.05, 30.0)
KEY_BYTES = 24            # secrets.token_urlsafe(24): 192 bits per link


def load_checked(game, text: str | None):
    """A position of ``game`` from ``text`` through the project's shared loader (checks royal pieces, pawn
    cells and the game's own rules)."""
    from hyperchess.variants.core.load import load_position
    return load_position(game, text)


class Session(EngineSeats, GameView):
    """A game. ``seats``: "human" or "engine" per colour, or the name of an engine from outside (``engines``,
    outside.py); ``linked``: the person seats given to someone by link (the others are played from the page
    that made the game)."""

    def __init__(self, variant: str, seats: list[str], movetime: float = 0.5, clock: str | None = None,
                 id: str | None = None, linked=(), engines: dict | None = None, check: bool = True,
                 level: int = TOP_LEVEL, watch_all: bool = False) -> None:
        self.variant = variant
        self.id = id or uuid.uuid4().hex[:16]
        self.clock = clock
        try:
            self.game = get_game(variant)
        except UnknownVariant as exc:
            raise BadInput(str(exc)) from None
        self.engines = engines or {}                 # name -> outside.OutsideEngine (serve --engine)
        self.outside: dict = {}                      # name -> its OutsidePlayer in this game
        # a stored game (``check`` False) keeps its seats, also an outside engine this server was not given
        self.seats = check_seats(self.game, seats, self.engines) if check else list(seats)
        self.linked: set[int] = {c for c in linked if 0 <= c < self.game.players and self.seats[c] == "human"}
        self.movetime = check_movetime(movetime)
        self.level = check_level(level)              # our engine's level, 1..8 (engine.levels.BOARD_LEVELS)
        if not isinstance(watch_all, bool):
            raise BadInput("watch_all: true (the spectators see the whole board of a fog game) or false")
        self.watch_all = watch_all                   # fog of war: the spectators see everything during play
        try:
            self.clocks = Clocks(parse_clock(clock), self.game.players, from_first_move=bool(self.linked))
        except ClockError as exc:
            raise BadInput(str(exc)) from None
        self.lock = threading.RLock()
        self.pos = self.game.position()
        self.start_fen = self.pos.fen()
        self.names: list[str] = []           # the moves played, native notation
        self.notes: list[str] = []           # per move: what it did besides ("gold eliminated")
        self.marks: list[str] = []           # per move: "x" a capture, "+" the side to move after it is in check
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
        self.draw_offer: int | None = None            # the team whose draw offer stands
        self.engine_score: int | None = None          # the engine's last score, for its own side
        self.editing = None                          # the editor's position (any board; checked when done)
        self.analysis: dict | None = None            # what the analysis thread found (see ``analyze``)
        self.analysis_stop = threading.Event()
        self.analysis_searcher: Searcher | None = None
        self.keys: dict[str, tuple[str, list[int]]] = {}   # link key -> (role, the seats it plays)
        self.created = time.time()
        self.rematch_offer: set[int] = set()         # the person seats that asked for a rematch
        self.rematch_keys: dict[str, str] = {}       # once made: each link's key -> its key in the rematch
        self.making_rematch = False                  # rematch.offer is making it (without this game's lock)
        self.store = None                            # the server's Store (board.py)
        self.kept = False                            # written to the store (at its first move, store.py)
        self.saved = 0                               # moves written to the store
        self.on_change: Callable[[str], None] | None = None
        self._outcome_key: tuple | None = None
        self._outcome = None
        self._fog_reset()

    # ------------------------------------------------------------------ fog of war (fog.py)
    def _fog_reset(self) -> None:
        """From the start position: the moves played as tuples, per move the mover and the pieces it took,
        and in a fog game per ply what each colour saw (``seen[ply][color]``)."""
        self.played: list[Move] = []
        self.taken: list[tuple[int, tuple[int, ...]]] = []
        self.fog = is_fog(self.game)
        self.seen: list[tuple[frozenset[int], ...]] = [self._sights()] if self.fog else []

    def _sights(self) -> tuple[frozenset[int], ...]:
        return tuple(frozenset(visible_cells(self.pos, c)) for c in range(self.game.players))

    # ------------------------------------------------------------------ links
    def make_keys(self) -> dict[str, tuple[str, list[int]]]:
        """The game's links: the owner's (the page that made it: every person seat not linked), one per linked
        seat, and the spectator's; each ``secrets.token_urlsafe`` of KEY_BYTES bytes."""
        own = [c for c in range(self.game.players) if self.seats[c] == "human" and c not in self.linked]
        keys = {secrets.token_urlsafe(KEY_BYTES): ("owner", own)}
        for c in sorted(self.linked):
            keys[secrets.token_urlsafe(KEY_BYTES)] = ("seat", [c])
        keys[secrets.token_urlsafe(KEY_BYTES)] = ("spectator", [])
        self.keys = keys
        return keys

    def links(self) -> dict:
        """For the owner's page: per linked colour its key, and the spectator's key."""
        seats = {self.game.color_names[colors[0]]: k for k, (role, colors) in self.keys.items() if role == "seat"}
        watch = next((k for k, (role, _) in self.keys.items() if role == "spectator"), None)
        return {"seats": seats, "watch": watch}

    def _owner_only(self, role: str, what: str) -> None:
        if role != "owner" or self.linked:
            raise NotAllowed(f"{what}: only at a board where no seat is played by link, from the page that made it")

    # ------------------------------------------------------------------ changes
    def _changed(self) -> None:
        self.version += 1
        self.stop.set()
        self.analysis_stop.set()        # an analysis is of one position: the page starts it again
        self.analysis = None
        self.message = ""
        self._save()

    def _save(self) -> None:
        if self.store is not None:
            self.saved = self.store.sync(self, self.saved)
        if self.on_change is not None:
            self.on_change(self.id)

    # ------------------------------------------------------------------ the board editor
    def edit(self, body: dict, role: str = "owner") -> None:
        """The editor: ``start`` (from the present position), ``square`` + ``piece`` (a position-string token
        such as ``Q``, ``q`` or ``gQ``; empty removes), ``cancel``, or ``done`` with ``rest`` (the position
        string's fields after the board: side to move, castling, e.p., clocks, reserves...). ``done`` goes
        through the same checks as a pasted position; a refused one keeps the editor open with its reason."""
        self._owner_only(role, "the editor")
        with self.lock:
            if body.get("start"):
                if self.fog_viewer(self.mine_or_local(None), self.outcome()) is not None:
                    raise NotAllowed("the editor: not in a fog-of-war game in play (it shows the whole board)")
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

    # ------------------------------------------------------------------ clocks and the end
    def time_left(self, color: int) -> float | None:
        """Seconds on ``color``'s clock now (its own turn runs), or None without clocks."""
        running = color == self.pos.turn and self.ended is None and self.rules_outcome() is None
        return self.clocks.time_left(color, running)

    def _check_flag(self) -> None:
        """The side to move whose clock has run out loses (its team does)."""
        if not self.clocks.tc or self.ended is not None or self.rules_outcome() is not None:
            return
        mover = self.pos.turn
        if self.time_left(mover) <= 0:
            loser = self.game.teams[mover]
            out_move = getattr(self.game, "out_move", None)
            if out_move is not None:                # every player for itself: only this one is out (its move)
                self._push(out_move(self.pos), out=True)
                self.kick()
                return
            self.clocks.flag(mover)
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
        return self.rules_outcome()

    def rules_outcome(self):
        """``pos.outcome()`` (the end by the rules), computed once per position: pages ask it many times."""
        key = (id(self.pos), len(self.pos.history), self.version)
        if self._outcome_key != key:
            self._outcome = self.pos.outcome()
            self._outcome_key = key
        return self._outcome

    def _acting(self, mine) -> int:
        """The colour a viewer acts for: the one to move if it is theirs, else their first seat."""
        own = self.mine_or_local(mine)
        if not own:
            raise NotAllowed("this link plays no seat (a spectator's)")
        return self.pos.turn if self.pos.turn in own else min(own)

    def resign(self, mine=None) -> None:
        """The viewer's side resigns (its team loses)."""
        with self.lock:
            me = self._acting(mine)
            if self.outcome() is not None:
                raise BadInput("nothing to resign: the game is over")
            loser = self.game.teams[me]
            team = self.game.team_name(loser)
            self.ended = ("0-1" if loser == 0 else "1-0", f"{team} {verb(team, 'resign')}", "resign")
            self._changed()

    def offer_draw(self, mine=None) -> None:
        """The viewer's team offers a draw. Against the engine: it agrees when its last score is within 0.3
        pawns. Against people: the offer stands (every page shows it) until the other team offers too (the
        draw is agreed) or makes a move."""
        with self.lock:
            me = self._acting(mine)
            if self.outcome() is not None:
                raise BadInput("no draw to offer: the game is over")
            team = self.game.teams[me]
            others = [c for c in range(self.game.players) if self.game.teams[c] != team]
            if any(self.seats[c] != "human" for c in others):
                if self.engine_score is None or abs(self.engine_score) > 30:
                    self.message = "the engine declines the draw"
                    self._save()
                    return
            elif self.draw_offer is None or self.draw_offer == team:
                self.draw_offer = team
                self._changed()
                self.message = f"{self.game.team_name(team)} {verb(self.game.team_name(team), 'offer')} a draw"
                return
            self.draw_offer = None
            self.ended = ("1/2-1/2", "Draw agreed", "agreement")
            self._changed()

    # ------------------------------------------------------------------ rematch
    def rematch_parties(self) -> list[int]:
        """The seats whose people must agree to a rematch: every person's seat."""
        return [c for c in range(self.game.players) if self.seats[c] == "human"]

    def offer_rematch(self, mine=None, role: str = "owner") -> bool:
        """The viewer asks for a rematch (or agrees to the one asked for). Between people by link it is asked
        when the game is over, and made when every person's seat has asked; a board played from one page makes
        it at once. True when it is to be made now (``rematch.py`` makes it)."""
        with self.lock:
            if self.rematch_keys:
                return False
            if role == "spectator":
                raise NotAllowed("a spectator cannot ask for a rematch")
            own = self.mine_or_local(mine)
            if self.linked:
                if not own:
                    raise NotAllowed("this page plays no seat: the players ask for the rematch")
                if self.outcome() is None:
                    raise BadInput("a rematch is asked for when the game is over (offer a draw, or resign)")
            self.rematch_offer |= own
            ready = all(c in self.rematch_offer for c in self.rematch_parties())
            if not ready:
                self.version += 1
                self._save()
            return ready

    # ------------------------------------------------------------------ moves
    def play(self, text: str, mine=None) -> None:
        """Play the move written ``text`` (native notation) for the viewer's seat to move (``mine``: the
        seats of the caller's link; None: the local person's)."""
        with self.lock:
            if self.outcome() is not None:
                raise BadInput("the game is over")
            turn = self.pos.turn
            if self.seats[turn] != "human":
                raise BadInput(f"it is the engine's turn ({self.game.color_names[turn]})")
            if turn not in self.mine_or_local(mine):
                raise NotAllowed(f"it is {self.game.color_names[turn]}'s turn, and this link does not play it")
            if len(text) > 200:             # no move is this long; do not echo it back
                raise BadInput("move text too long")
            try:
                move = self.pos.parse_move(text)
            except (MoveError, UnknownSquare, ValueError, KeyError, IndexError) as exc:
                raise BadInput(f"{text.strip()[:60]!r} refused: {exc}") from None
            if getattr(self.game, "is_out", lambda m: False)(move):
                raise BadInput(f"{text.strip()!r} refused: only a clock puts a player out on time")
            self._push(move)
        self.kick()

    def _push(self, move: Move, out: bool = False) -> None:
        """Play ``move``; ``out``: it is the mover's time-out (its clock stays at zero)."""
        name = self.pos.move_name(move)
        mover = self.pos.turn
        self.clocks.moved(mover, sum(1 for c in self.turns[:-1] if c == mover) + 1, out)
        gone_before = {c for c in range(self.game.players) if self.pos.eliminated(c)}
        pieces = pieces_on(self.pos.board)
        owner = self.game.owner
        before = Counter(code for code in self.pos.board if code > HOLE and owner[code] != mover)
        self.pos.push(move)
        after = Counter(code for code in self.pos.board if code > HOLE and owner[code] != mover)
        self.played.append(move)
        self.taken.append((mover, tuple(sorted((before - after).elements()))))
        if self.fog:
            self.seen.append(self._sights())
        self.marks.append(("x" if pieces_on(self.pos.board) < pieces else "") + ("+" if self.pos.in_check() else ""))
        self.names.append(name)
        self.turns.append(self.pos.turn)
        gone = [self.game.color_names[c] for c in range(self.game.players) if self.pos.eliminated(c) and c not in gone_before]
        self.notes.append(", ".join(f"{c} eliminated" for c in gone))
        if self.draw_offer is not None and self.game.teams[mover] != self.draw_offer:
            self.draw_offer = None                   # a move instead of accepting declines the offer
        self._changed()

    def undo(self, role: str = "owner") -> None:
        """Take back the last move, and further back until a person is to move (or the start is reached)."""
        self._owner_only(role, "take-backs")
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
        self.played.pop()
        self.taken.pop()
        if self.fog:
            self.seen.pop()
        self.names.pop()
        self.notes.pop()
        self.marks.pop()
        self.clocks.taken_back(self.turns[:len(self.names)])
        self.turns.pop()
        self._changed()

    def set_position(self, text, role: str = "owner") -> None:
        """Start again from the pasted position string (the game is unchanged if it is refused)."""
        self._owner_only(role, "a pasted position")
        if not isinstance(text, str):
            raise BadInput("position: give a position string")
        text = text.strip()
        if not text:
            raise BadInput("empty position string")
        if len(text) > 4000:
            raise BadInput("position string too long")
        try:
            pos = load_checked(self.game, text)
        except (FenError, UnknownSquare, MoveError, ValueError, KeyError, IndexError, OverflowError) as exc:
            raise BadInput(f"bad position for {self.variant}: {str(exc)[:200]}") from None
        with self.lock:
            self.pos = pos
            self.ended = None
            self.draw_offer = None
            self.start_fen = pos.fen()
            self.names = []
            self.notes = []
            self.marks = []
            self.turns = [pos.turn]
            self.start_fullmove = pos.fullmove
            self._fog_reset()
            self.thinking = ""
            self.clocks.reset()
            self.searcher.new_game()
            self._changed()
        self.kick()

    def set_seats(self, seats: list[str], movetime=None, role: str = "owner", level=None) -> None:
        self._owner_only(role, "changing seats")
        with self.lock:
            new_level = self.level if level is None else check_level(level)
            self.seats = check_seats(self.game, seats, self.engines)
            self.close_outside()
            if movetime is not None:
                self.movetime = check_movetime(movetime)
            self.level = new_level
            for key, (r, _) in list(self.keys.items()):
                if r == "owner":
                    self.keys[key] = (r, [c for c in range(self.game.players) if self.seats[c] == "human"])
                    if self.store is not None and self.kept:
                        self.store.set_keys(self.id, {key: self.keys[key]})
            self._changed()
        self.kick()

    def close(self) -> None:
        # under the lock: the engine's loop (and ``analyze``) checks ``closed`` and makes its search's new stop
        # event under it. Set outside it, the old event could be set between the two, and the new search ran
        # its whole time after its server had stopped (an analysis: a minute), holding one of the process's
        # ENGINE_SLOTS and the GIL against every later server in it
        with self.lock:
            self.closed = True
            self.stop.set()
            self.analysis_stop.set()
            self.close_outside()

    # ------------------------------------------------------------------ storage
    @classmethod
    def restore(cls, stored, kept: bool = True, engines: dict | None = None) -> "Session":
        """The game as the store kept it (``store.StoredGame``): its moves replayed from its start position,
        its clocks as they were after its last move (they start again now). ``kept``: False for a game
        without moves that the board set aside in memory (board.py)."""
        s = cls(stored.variant, stored.seats, stored.movetime, stored.clock, id=stored.id, linked=stored.linked,
                engines=engines, check=False, level=stored.level, watch_all=stored.watch_all)
        s.pos = s.game.position(stored.start_fen)
        s.start_fen = stored.start_fen
        s.turns = [s.pos.turn]
        s.start_fullmove = s.pos.fullmove
        s._fog_reset()
        s.created = stored.created
        is_out = getattr(s.game, "is_out", lambda m: False)
        for name in stored.moves:
            move = s.pos.parse_move(name)
            s._push(move, is_out(move))
        s.clocks.restore([c or [] for c in stored.clocks], s.turns[:-1])
        if stored.result is not None and s.pos.outcome() is None:
            s.ended = (stored.result, stored.reason or "", stored.termination or "")
        s.draw_offer = stored.draw_offer
        s.keys = dict(stored.keys)
        s.saved = len(stored.moves)
        s.kept = kept
        s.version = 0
        return s


def pieces_on(board) -> int:
    """The pieces standing on ``board`` (a capture is a move after which there are fewer)."""
    return sum(1 for code in board if code > HOLE)


def verb(subject: str, stem: str) -> str:
    """``stem`` agreeing with ``subject``: "Black offers", "White and Gold offer"."""
    return stem if " and " in subject else stem + "s"


def check_seats(game, seats, engines: dict | None = None) -> list[str]:
    """The seats, each "human", "engine" or the name of an outside engine that plays this game."""
    known = SEATS + tuple(n for n, e in (engines or {}).items() if game.name in e.games)
    if is_fog(game) and isinstance(seats, list):
        for seat in seats:
            if seat in known and seat not in SEATS:      # our engine plays from its seat's views (engine/fog.py)
                raise BadInput(f"seats: {seat} cannot sit in a fog-of-war game: it would play from the whole board")
    if not isinstance(seats, list) or len(seats) != game.players or any(
            not isinstance(s, str) or s not in known for s in seats):
        raise BadInput(f"seats: give {game.players} of {'/'.join(known)}, one per colour "
                       f"({', '.join(game.color_names[:game.players])})")
    return list(seats)


def check_level(value) -> int:
    """The engine's level on the board: a whole number 1..8 (8, the whole engine)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip().isdigit() \
            or not 1 <= int(str(value)) <= TOP_LEVEL:
        raise BadInput(f"level must be a whole number from 1 to {TOP_LEVEL}, got {str(value)[:20]!r}")
    return int(str(value))


def check_movetime(value) -> float:
    if isinstance(value, bool):
        raise BadInput(f"movetime must be a number of seconds, got {value!r}")
    try:
        t = float(value)
    except (TypeError, ValueError, OverflowError):
        raise BadInput(f"movetime must be a number of seconds, got {str(value)[:40]!r}") from None
    lo, hi = MOVETIME_RANGE
    if not lo <= t <= hi:
        raise BadInput(f"movetime must be between {lo} and {hi} seconds, got {str(value)[:40]}")
    return t
