"""The games of one web server: the games open in memory, found by their links' keys, opened again from
the store when a link comes back (after a restart, or after the game was set aside), and the pages to tell
when a game changes.

A game is written to the store at its first move. Before it (a page load, a change of the Game box) it lives
only here: set aside, it is parked as a small record (``parked``, up to MAX_PARKED, the oldest forgotten
first), so its links still open it while the server runs; after a restart they open nothing.

Limits (per server; docs/web.md): MAX_OPEN games in memory. Beyond it a new or reopened game sets aside the
open game that was used least recently and has no page connected; nothing is lost, since every game is in the
store and opens again on its link. Only when every open game has a page connected is a new game refused
(503). Finished, resigned and abandoned games count against nothing.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable

from hyperchess.variants import DEFAULT_GAME, game_names, get_game

from .session import TOP_LEVEL, BadInput, NotAllowed, Session
from .store import Store, StoredGame
from .team_session import TeamSession, is_two_boards

MAX_OPEN = 200
MAX_PARKED = 10000        # games without a move set aside in memory (a few hundred bytes each)


class Full(Exception):
    """No room for another open game: every open game has a page connected (one line)."""


class Board:
    def __init__(self, store: Store, max_open: int = MAX_OPEN, engines: dict | None = None) -> None:
        self.store = store
        self.engines = engines or {}                                # name -> outside.OutsideEngine
        self.max_open = max_open
        self.sessions: OrderedDict[str, Session] = OrderedDict()   # game id -> game, least recently used first
        self.by_key: dict[str, str] = {}                            # key -> game id, for the open games
        self.watchers: dict[str, int] = {}                          # game id -> pages connected
        self.parked: OrderedDict[str, StoredGame] = OrderedDict()   # game id -> a set-aside game not kept
        self.parked_keys: dict[str, str] = {}                       # key -> game id, for the parked games
        self.lock = threading.RLock()
        self.notify: Callable[[str], None] | None = None            # the server's: a game changed
        self.closing = False                                        # close() called: reopen no more games

    # ------------------------------------------------------------------ open games
    def _changed(self, game_id: str) -> None:
        if self.notify is not None:
            self.notify(game_id)

    def _admit(self, s: Session) -> None:
        """Open ``s`` (the lock is held), setting aside the least recently used game no page watches."""
        while len(self.sessions) >= self.max_open:
            victim = next((gid for gid, g in self.sessions.items() if not self.watchers.get(gid)), None)
            if victim is None:
                raise Full(f"{len(self.sessions)} games are being watched on this server right now: try later")
            self._set_aside(victim)
        s.on_change = self._changed
        self.sessions[s.id] = s
        for key in s.keys:
            self.by_key[key] = s.id

    def _set_aside(self, game_id: str) -> None:
        s = self.sessions.pop(game_id)
        s.close()
        for key in s.keys:
            self.by_key.pop(key, None)
        with s.lock:
            if not s.kept and not s.names:
                self._park(record_of(s))

    def _park(self, record: StoredGame) -> None:
        """Keep a game without moves in memory (the lock is held), forgetting the oldest beyond MAX_PARKED."""
        self.parked[record.id] = record
        for key in record.keys:
            self.parked_keys[key] = record.id
        while len(self.parked) > MAX_PARKED:
            _, old = self.parked.popitem(last=False)
            for key in old.keys:
                self.parked_keys.pop(key, None)

    def _unpark(self, game_id: str) -> Session | None:
        record = self.parked.pop(game_id)
        for key in record.keys:
            self.parked_keys.pop(key, None)
        s = restored(record, kept=False, engines=self.engines)
        s.store = self.store
        return s

    def reopen_unfinished(self) -> int:
        """Open the unfinished games kept in the store (most recent first, up to half the room); their
        engines think again where it is their turn. The number opened."""
        opened = 0
        for gid in self.store.unfinished(self.max_open // 2):
            try:
                with self.lock:
                    if self.closing:        # the server stops before it has reopened them all
                        break
                    if gid in self.sessions:
                        continue
                    s = self._restore(gid)
                    if s is None:
                        continue
                    self._admit(s)
            except Full:
                break
            s.store = self.store
            s.kick()
            opened += 1
        return opened

    def _restore(self, game_id: str) -> Session | None:
        stored = self.store.load(game_id)
        if stored is None:
            return None
        try:
            s = restored(stored, engines=self.engines)
        except Exception:        # a game the present rules cannot replay (an edited variants file): not opened
            return None
        s.store = self.store
        return s

    def new(self, body: dict) -> tuple[Session, str]:
        """A new game from the page's request: variant, seats (``human``/``engine``, or ``link`` for a person
        by link), movetime, clock, position. Returns the game and the owner's key."""
        variant = body.get("variant", DEFAULT_GAME)
        if not isinstance(variant, str) or len(variant) > 100:
            raise BadInput("variant must be a game name")
        seats = body.get("seats")
        if seats is None:
            try:
                players = get_game(variant).players
            except KeyError:
                raise BadInput(f"unknown variant {variant[:40]!r} (known: {', '.join(game_names())})") from None
            players = 4 if is_two_boards(variant, None) else players
            seats = ["human"] + ["engine"] * (players - 1)
        if not isinstance(seats, list):
            raise BadInput("seats: a list, one of human/link/engine per colour")
        linked = [c for c, who in enumerate(seats) if who == "link"]
        seats = ["human" if who == "link" else who for who in seats]
        position = body.get("position")
        if position is not None and not isinstance(position, str):
            raise BadInput("position: give a position string")
        kind = TeamSession if is_two_boards(variant, seats) else Session
        extra = {"watch_all": body["watch_all"]} if "watch_all" in body and kind is Session else {}
        s = kind(variant, seats, body.get("movetime", 0.5), clock=body.get("clock"), linked=linked,
                 engines=self.engines, level=body.get("level", TOP_LEVEL), **extra)
        if position and kind is TeamSession:
            raise BadInput("position: a two-board game starts from its own start")
        if position:
            s.set_position(position)
        keys = s.make_keys()
        owner = next(k for k, (role, _) in keys.items() if role == "owner")
        s.store = self.store                 # written at its first move
        with self.lock:
            self._admit(s)
        s.kick()
        return s, owner

    def find(self, key) -> tuple[Session, str, list[int]]:
        """The game a link's ``key`` opens, its role (owner, seat, spectator) and seats; opened from the
        store if it is not open. A key no game has: NotAllowed (403), whatever its form."""
        if not isinstance(key, str) or not 8 <= len(key) <= 100:
            raise NotAllowed("this link opens no game here")
        with self.lock:
            gid = self.by_key.get(key)
            s = self.sessions.get(gid) if gid else None
            if s is None:
                gid = self.parked_keys.get(key) or self.store.game_of_key(key)
                if gid is None:
                    raise NotAllowed("this link opens no game here")
                s = self.sessions.get(gid) or (self._unpark(gid) if gid in self.parked else self._restore(gid))
                if s is None:
                    raise NotAllowed("this link's game cannot be opened")
                if s.id not in self.sessions:
                    self._admit(s)
                    reopened = True
                else:
                    reopened = False
            else:
                reopened = False
            self.sessions.move_to_end(s.id)
            role, colors = s.keys[key]
        if reopened:
            s.kick()
        return s, role, colors

    def key_known(self, key) -> bool:
        if not isinstance(key, str) or not 8 <= len(key) <= 100:
            return False
        with self.lock:
            if key in self.by_key or key in self.parked_keys:
                return True
        return self.store.game_of_key(key) is not None

    def watching(self, game_id: str, delta: int) -> None:
        with self.lock:
            n = self.watchers.get(game_id, 0) + delta
            if n > 0:
                self.watchers[game_id] = n
            else:
                self.watchers.pop(game_id, None)

    def close(self) -> None:
        self.closing = True
        with self.lock:
            for s in self.sessions.values():
                s.close()


def pgn_of(board: Board, game_id: str) -> tuple[str, str]:
    """(the game's variant, its PGN) for a game in the store, open or not."""
    with board.lock:
        s = board.sessions.get(game_id)
    if s is None:
        stored = board.store.load(game_id)
        if stored is None:
            raise LookupError(f"no game {game_id[:40]!r}")
        s = restored(stored)
        s.close()
    return s.variant, s.pgn_for(None)


def restored(stored: StoredGame, kept: bool = True, engines: dict | None = None):
    """A kept game opened again: a two-board game (four seats of a ``two_boards`` game) or a one-board one."""
    kind = TeamSession if is_two_boards(stored.variant, stored.seats) else Session
    return kind.restore(stored, kept=kept, engines=engines)


def record_of(s: Session) -> StoredGame:
    """A game without moves as the store would keep it (to park it, ``Board._park``)."""
    ended = s.ended or (None, None, None)
    return StoredGame(s.id, s.variant, s.start_fen, list(s.seats), sorted(s.linked), s.movetime, s.clock, s.created,
                      s.created, *ended, s.draw_offer, [], [], dict(s.keys), s.level,
                      getattr(s, "watch_all", False))


def export_all(store: Store, everything: bool = False) -> str:
    """Every game with a move in the store (``everything``: all) as one PGN, oldest first."""
    out = []
    for gid in store.all_ids(everything):
        stored = store.load(gid)
        try:
            s = restored(stored)
        except Exception:
            continue
        s.close()
        out.append(s.pgn())
    return "\n".join(out)


__all__ = ["Board", "Full", "NotAllowed", "BadInput", "pgn_of", "export_all", "MAX_OPEN"]
