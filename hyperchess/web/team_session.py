"""A two-board team game on the web board (a game with ``two_boards``: bughouse, koedem, supply;
docs/rules/bughouse.md): two boards played at once by four seats, A's White, A's Black, B's White and B's
Black (seat = 2 x board + colour), each a person (here or by link) or the engine. The rules, the pieces
passed to the partner's hand and the end are ``variants/rules/partner_boards.PartnerBoards``; this module
adds the seats, the links, the clocks (both boards' run at once), the engine seats and the store.

A move is written with its board: ``A:e2e4``, ``B:P@e4`` (the store keeps one move list in the order the
moves were made; a game's seats are four, which tells it from a one-board game of the same variant kept
before). A seat's key moves only its own pieces on its own board.
"""
from __future__ import annotations

import secrets
import threading
import time
import uuid
from typing import Callable

from hyperchess.engine.levels import BOARD_LEVELS, search_at_level
from hyperchess.engine.search import Searcher
from hyperchess.engine.timecontrol import Limits
from hyperchess.tournament.pgn import NORMAL_TERMINATION
from hyperchess.variants import MoveError, Outcome, UnknownVariant, get_game
from hyperchess.variants.board.notation import UnknownSquare
from hyperchess.variants.rules.partner_boards import SEATS, TEAM_RESULT, PartnerBoards, team_of

from .clocks import ClockError, parse_clock
from .engine_seat import ENGINE_SLOTS
from .errors import BadInput, NotAllowed
from .team_view import TeamView

BOARDS = "AB"
KEY_BYTES = 24


def is_two_boards(variant: str, seats) -> bool:
    """Whether a game of ``variant`` with ``seats`` is played on two boards (a ``two_boards`` game with four
    seats; a stored one-board game of it has two)."""
    try:
        game = get_game(variant)
    except (UnknownVariant, KeyError):
        return False
    rules = getattr(game, "hand_rules", None)
    return bool(rules is not None and rules.two_boards) and (seats is None or len(seats) == SEATS)


def two_board_names() -> set[str]:
    """The games played on two boards, read from their tables without building them (the games page)."""
    from hyperchess.variants import FILE_GAMES, game_names
    game_names()                # the shipped files read
    return {name for name, spec in FILE_GAMES.items() if spec.table.get("two_boards")}


def split_move(text: str) -> tuple[int | None, str]:
    """(board, move) of ``A:e2e4``; (None, text) without a board."""
    if len(text) > 2 and text[1] == ":" and text[0].upper() in BOARDS:
        return BOARDS.index(text[0].upper()), text[2:]
    return None, text


class TeamClocks:
    """Each seat's clock (one time control for all); both boards' side to move's clocks run at once.
    ``history[n]``: every clock after ``n`` moves (the store writes ``history[ply + 1]`` with each move)."""

    def __init__(self, tc, from_first_move: bool) -> None:
        self.tc = tc
        self.from_first_move = from_first_move
        base = tc[1] if tc else 0.0
        self.left = [base] * SEATS
        self.since = [time.monotonic()] * 2            # when each board's side to move began its turn
        self.moved_once = [False] * SEATS
        self.made = [0] * SEATS
        self.history: list[list[float]] = [list(self.left)]

    def started(self, seat: int) -> bool:
        return not self.from_first_move or self.moved_once[seat]

    def time_left(self, seat: int, running: bool) -> float | None:
        if not self.tc:
            return None
        if running and self.started(seat):
            return self.left[seat] - (time.monotonic() - self.since[seat // 2])
        return self.left[seat]

    def moved(self, seat: int) -> None:
        board = seat // 2
        now = time.monotonic()
        self.made[seat] += 1
        if self.tc:
            moves, base, inc = self.tc
            if self.started(seat):
                self.left[seat] = max(0.0, self.left[seat] - (now - self.since[board])) + inc
                if moves and self.made[seat] % moves == 0:
                    self.left[seat] += base
        self.moved_once[seat] = True
        self.since[board] = now
        self.history.append(list(self.left))

    def restore(self, after_each: list, movers: list[int]) -> None:
        for clocks, seat in zip(after_each, movers):
            self.made[seat] += 1
            self.moved_once[seat] = True
            if self.tc and clocks:
                self.left = list(clocks)
            self.history.append(list(self.left))
        self.since = [time.monotonic()] * 2

    def pgn_tag(self) -> str | None:
        if not self.tc:
            return None
        moves, base, inc = self.tc
        return f"{moves}/{base:g}" + (f"+{inc:g}" if inc else "") if moves else f"{base:g}+{inc:g}"


class TeamSession(TeamView):
    """A two-board game. ``seats``: "human" or "engine" per seat (A's White, A's Black, B's White, B's
    Black); ``linked``: the person seats given by link."""

    two_boards = True

    def __init__(self, variant: str, seats: list[str], movetime: float = 0.5, clock: str | None = None,
                 id: str | None = None, linked=(), engines: dict | None = None, check: bool = True,
                 level: int | None = None) -> None:
        from .session import TOP_LEVEL, check_level, check_movetime
        self.variant = variant
        self.id = id or uuid.uuid4().hex[:16]
        self.clock = clock
        try:
            self.game = get_game(variant)
            self.boards = PartnerBoards(self.game)
        except (UnknownVariant, KeyError, ValueError) as exc:
            raise BadInput(str(exc)) from None
        self.players = SEATS
        self.engines = engines or {}
        if check and (not isinstance(seats, list) or len(seats) != SEATS
                      or any(s not in ("human", "engine") for s in seats)):
            raise BadInput(f"seats: give 4 of human/link/engine, one per seat ({', '.join(self.seat_names())})")
        self.seats = list(seats)
        self.linked: set[int] = {c for c in linked if 0 <= c < SEATS and self.seats[c] == "human"}
        self.movetime = check_movetime(movetime)
        self.level = check_level(TOP_LEVEL if level is None else level)     # our engine's (engine/levels.py)
        try:
            self.clocks = TeamClocks(parse_clock(clock), from_first_move=bool(self.linked))
        except ClockError as exc:
            raise BadInput(str(exc)) from None
        self.lock = threading.RLock()
        self.start_fen = self.boards.boards[0].fen()
        self.names: list[str] = []           # "A:e2e4", in the order the moves were made
        self.movers: list[int] = []          # the seat of each move
        self.sans: list[str] = []            # each move in SAN, with its board: "A e4"
        self.last: list = [None, None]       # each board's last move (for the picture)
        self.version = 0
        self.thinking = ""
        self.message = ""
        self.closed = False
        self.ended: tuple[str, str, str] | None = None
        self.draw_offer: int | None = None
        self.keys: dict[str, tuple[str, list[int]]] = {}
        self.created = time.time()
        self.rematch_keys: dict[str, str] = {}
        self.store = None
        self.kept = False
        self.saved = 0
        self.on_change: Callable[[str], None] | None = None
        self.stops = [threading.Event(), threading.Event()]
        self.workers: list[threading.Thread | None] = [None, None]
        self.searchers = [Searcher(hash_mb=8), Searcher(hash_mb=8)]

    def seat_names(self) -> list[str]:
        return [f"{BOARDS[s // 2]} {self.game.color_names[s % 2]}" for s in range(SEATS)]

    # ------------------------------------------------------------------ links
    def make_keys(self) -> dict[str, tuple[str, list[int]]]:
        own = [c for c in range(SEATS) if self.seats[c] == "human" and c not in self.linked]
        keys = {secrets.token_urlsafe(KEY_BYTES): ("owner", own)}
        for c in sorted(self.linked):
            keys[secrets.token_urlsafe(KEY_BYTES)] = ("seat", [c])
        keys[secrets.token_urlsafe(KEY_BYTES)] = ("spectator", [])
        self.keys = keys
        return keys

    def links(self) -> dict:
        names = self.seat_names()
        seats = {names[colors[0]]: k for k, (role, colors) in self.keys.items() if role == "seat"}
        watch = next((k for k, (role, _) in self.keys.items() if role == "spectator"), None)
        return {"seats": seats, "watch": watch}

    def mine_or_local(self, mine) -> frozenset[int]:
        if mine is not None:
            return frozenset(mine)
        return frozenset(c for c in range(SEATS) if self.seats[c] == "human" and c not in self.linked)

    # ------------------------------------------------------------------ changes
    def _changed(self, boards=(0, 1)) -> None:
        """A change of ``boards`` (their engines' searches stop: the other board's search goes on)."""
        self.version += 1
        for b in boards:
            self.stops[b].set()
        self.message = ""
        if self.store is not None:
            self.saved = self.store.sync(self, self.saved)
        if self.on_change is not None:
            self.on_change(self.id)

    # ------------------------------------------------------------------ the end
    def running(self, seat: int) -> bool:
        return self.boards.to_move(seat // 2) == seat and self.outcome() is None

    def time_left(self, seat: int) -> float | None:
        running = self.boards.to_move(seat // 2) == seat and self.ended is None and self.boards.outcome is None
        return self.clocks.time_left(seat, running)

    def _check_flag(self) -> None:
        if not self.clocks.tc or self.ended is not None or self.boards.outcome is not None:
            return
        # both boards' clocks run: when both have fallen by the time it is asked, the one that fell first
        fallen = sorted((self.time_left(seat), seat) for seat in (self.boards.to_move(0), self.boards.to_move(1)))
        left, seat = fallen[0]
        if left <= 0:
            self.clocks.left[seat] = 0.0
            self.boards.flag(seat)
            self._changed()

    def rules_outcome(self):
        out = self.boards.outcome
        if out is None:
            return None
        return Outcome(out.result, out.reason, "time forfeit" if "on time" in out.reason else NORMAL_TERMINATION)

    def outcome(self):
        self._check_flag()
        if self.ended is not None:
            return Outcome(*self.ended)
        return self.rules_outcome()

    def _acting(self, mine) -> int:
        own = self.mine_or_local(mine)
        if not own:
            raise NotAllowed("this link plays no seat (a spectator's)")
        return min(own)

    def resign(self, mine=None) -> None:
        """The viewer's team resigns."""
        with self.lock:
            me = self._acting(mine)
            if self.outcome() is not None:
                raise BadInput("nothing to resign: the game is over")
            self.ended = (TEAM_RESULT[1 - team_of(me)], f"{self.team_name(team_of(me))} resign", "resign")
            self._changed()

    def team_name(self, team: int) -> str:
        names = self.seat_names()
        return " and ".join(names[s] for s in range(SEATS) if team_of(s) == team)

    def offer_draw(self, mine=None) -> None:
        """The viewer's team offers a draw; it is agreed when the other team offers too (a move declines it).
        The engine declines."""
        with self.lock:
            me = self._acting(mine)
            if self.outcome() is not None:
                raise BadInput("no draw to offer: the game is over")
            team = team_of(me)
            if any(self.seats[c] != "human" for c in range(SEATS) if team_of(c) != team):
                self.message = "the engine declines the draw"
                if self.on_change is not None:
                    self.on_change(self.id)
                return
            if self.draw_offer is None or self.draw_offer == team:
                self.draw_offer = team
                self._changed()
                self.message = f"{self.team_name(team)} offer a draw"
                return
            self.draw_offer = None
            self.ended = ("1/2-1/2", "Draw agreed", "agreement")
            self._changed()

    def offer_rematch(self, mine=None, role: str = "owner") -> bool:
        raise BadInput("a rematch of a two-board game: start a new game")

    def _not_here(self, *args, **kwargs) -> None:
        raise BadInput("take-backs, pasted positions, seat changes, the editor and the analysis are not offered "
                       "on two boards: start a new game")

    undo = set_position = set_seats = edit = analyze = _not_here

    # ------------------------------------------------------------------ moves
    def play(self, text: str, mine=None) -> None:
        """Play ``text`` (``A:e2e4``, or ``e2e4`` when the viewer is to move on one board only) for the
        viewer's seat on its board."""
        with self.lock:
            if self.outcome() is not None:
                raise BadInput("the game is over")
            if not isinstance(text, str) or len(text) > 200:
                raise BadInput("move text too long")
            own = self.mine_or_local(mine)
            board, name = split_move(text.strip())
            if board is None:
                boards = [b for b in (0, 1) if self.boards.to_move(b) in own]
                if len(boards) != 1:
                    raise BadInput(f"{text.strip()[:60]!r}: name the board, e.g. A:{name[:20]}"
                                   if boards else "it is not this link's turn on either board")
                board = boards[0]
            seat = self.boards.to_move(board)
            if seat not in own:
                plays = [self.seat_names()[c] for c in sorted(own)]
                raise NotAllowed(f"it is {self.seat_names()[seat]}'s turn on board {BOARDS[board]}, and this "
                                 f"link plays {', '.join(plays) or 'no seat'}")
            if self.seats[seat] != "human":
                raise BadInput(f"it is the engine's turn ({self.seat_names()[seat]})")
            try:
                move = self.boards.boards[board].parse_move(name)
            except (MoveError, UnknownSquare, ValueError, KeyError, IndexError) as exc:
                raise BadInput(f"{text.strip()[:60]!r} refused: {exc}") from None
            self._push(board, move)
        self.kick()

    def _push(self, board: int, move) -> None:
        pos = self.boards.boards[board]
        seat = self.boards.to_move(board)
        san = pos.san(move)
        self.clocks.moved(seat)
        passed = self.boards.push(board, move)
        self.names.append(f"{BOARDS[board]}:{self.boards.moves[-1][1]}")
        self.sans.append(f"{BOARDS[board]} {san}")
        self.movers.append(seat)
        self.last[board] = move
        if self.draw_offer is not None and team_of(seat) != self.draw_offer:
            self.draw_offer = None
        self._changed((0, 1) if passed else (board,))     # a piece passed changes the other board's hands

    # ------------------------------------------------------------------ the engine's seats
    def kick(self) -> None:
        """Start the engine of each board whose side to move is an engine seat (each board its own thread)."""
        with self.lock:
            for board in (0, 1):
                if self._engine_wanted(board) and self.workers[board] is None:
                    t = threading.Thread(target=self._engine_run, args=(board,), name=f"engine-{self.id}-{board}",
                                         daemon=True)
                    self.workers[board] = t
                    t.start()

    def busy(self) -> bool:
        return any(w is not None for w in self.workers)

    def _engine_wanted(self, board: int) -> bool:
        seat = self.boards.to_move(board)
        return not (self.closed or self.outcome() is not None or self.seats[seat] != "engine"
                    or self.boards.waiting(board))

    def _engine_loop(self, board: int) -> None:
        """Our engine plays its seat's board, told the other board as it stands when it starts to think, so that
        it plays for its team (engine/partner.py)."""
        while True:
            with self.lock:
                if not self._engine_wanted(board):
                    return self._done(board)
                pos = self.boards.boards[board].copy()
                # the other board as it stands: the engine plays for its team (engine/partner.py)
                self.searchers[board].partner = self.boards.boards[1 - board].copy()
                seat = self.boards.to_move(board)
                self.stops[board] = stop = threading.Event()
                limits = (Limits(time_left=max(0.0, self.time_left(seat) or 0.0), increment=self.clocks.tc[2])
                          if self.clocks.tc else Limits(movetime=self.movetime, use_all=True))
            with ENGINE_SLOTS.seat():
                if stop.is_set():
                    continue
                best = search_at_level(self.searchers[board], pos, limits, BOARD_LEVELS[self.level - 1], stop).best
            with self.lock:
                if self.closed or self.outcome() is not None:
                    return self._done(board)
                if stop.is_set() or self.boards.boards[board].fen() != pos.fen():
                    continue            # its board changed while it thought (a piece arrived): think again
                if best is None:
                    return self._done(board)
                self._push(board, best)

    def _done(self, board: int) -> None:
        """The engine thread of ``board`` ends (the lock is held): ``kick`` starts a new one from now on, also
        before this one has quite finished (a move made just then is not left unanswered)."""
        if self.workers[board] is threading.current_thread():
            self.workers[board] = None

    def _engine_run(self, board: int) -> None:
        try:
            self._engine_loop(board)
        finally:                        # also after an error: the board's engine can be started again
            with self.lock:
                self._done(board)

    def close(self) -> None:
        with self.lock:
            self.closed = True
            for e in self.stops:
                e.set()

    # ------------------------------------------------------------------ storage
    @classmethod
    def restore(cls, stored, kept: bool = True, engines: dict | None = None) -> "TeamSession":
        """The game as the store kept it: its moves (``A:e2e4``...) replayed in order, its clocks as after its
        last move (they run again from now)."""
        s = cls(stored.variant, stored.seats, stored.movetime, stored.clock, id=stored.id, linked=stored.linked,
                engines=engines, check=False, level=getattr(stored, "level", None))
        s.created = stored.created
        for text in stored.moves:
            board, name = split_move(text)
            if board is None:
                raise ValueError(f"a two-board move without its board: {text!r}")
            s.clocks.moved(s.boards.to_move(board))
            s.clocks.history.pop()
            pos = s.boards.boards[board]
            move = pos.parse_move(name)
            s.sans.append(f"{BOARDS[board]} {pos.san(move)}")
            s.movers.append(s.boards.to_move(board))
            s.boards.push(board, move)
            s.names.append(text)
            s.last[board] = move
        s.clocks = TeamClocks(s.clocks.tc, s.clocks.from_first_move)
        s.clocks.restore(stored.clocks, s.movers)
        if stored.result is not None and s.boards.outcome is None:
            s.ended = (stored.result, stored.reason or "", stored.termination or "")
        s.draw_offer = stored.draw_offer
        s.keys = dict(stored.keys)
        s.saved = len(stored.moves)
        s.kept = kept
        s.version = 0
        return s
