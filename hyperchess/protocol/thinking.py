"""Searches in a worker thread: one at a time, each on its own copy of the position, so that the main loop
can keep reading commands and stop or abandon the search at any moment.

The thinker knows nothing of XBoard's game state: it starts a search, reports its iterations through a
callback, and posts ``("searched", (search, result))`` to the event queue when the search ends.
"""
from __future__ import annotations

import queue
import threading
import time
from typing import Callable

from hyperchess.engine.levels import SKILL_MAX, search_at_level

from .wire import Output


class Search:
    """One running search: its thread, stop event and purpose (``move``, ``analyze`` or ``ponder``)."""

    def __init__(self, purpose: str, root, limits, deadline: float | None, version: int = 0) -> None:
        self.purpose = purpose
        self.root = root              # the search thread's own copy (it pushes and pops on it)
        self.view = root.copy()       # an untouched copy for the main thread (stat01, hints)
        self.limits = limits
        self.version = version        # the engine's position version the search was started for
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


class Thinker:
    """Owns the searcher (and its transposition table) and the one running search."""

    def __init__(self, out: Output, events: queue.Queue,
                 searcher_factory: Callable[[int], object] | None = None) -> None:
        self.out = out
        self.events = events
        self.searcher_factory = searcher_factory
        self.searcher = None
        self.hash_mb = 64
        self.threads = 1                       # option Threads / cores: processes a search uses (engine.threads)
        self.randomness = DEFAULT_RANDOMNESS   # opening variety in centipawns (option Randomize), 0 = off
        self.skill = SKILL_MAX                 # option Skill Level: below the top, a weaker player (engine.levels)
        self.partner_text = ""                 # option PartnerPosition: the other board, for the next search only
        self.team_play = True                  # option TeamPlay: play for the team when told the other board
        self.search: Search | None = None

    def get_searcher(self):
        if self.searcher is None:
            if self.searcher_factory is not None:
                self.searcher = self.searcher_factory(self.hash_mb)
            elif self.threads > 1:
                from hyperchess.engine.threads import ThreadedSearcher
                self.searcher = ThreadedSearcher(hash_mb=self.hash_mb, threads=self.threads)
            else:
                from hyperchess.engine.search import Searcher
                self.searcher = Searcher(hash_mb=self.hash_mb)
        return self.searcher

    def set_hash(self, mb: int) -> None:
        """``memory``: a new table size takes effect with a new searcher."""
        if mb != self.hash_mb:
            self.abandon()
            self.hash_mb = mb
            self.drop_searcher()

    def set_threads(self, n: int) -> None:
        """``Threads``/``cores``: a new number of processes takes effect with a new searcher."""
        if n != self.threads:
            self.abandon()
            self.threads = n
            self.drop_searcher()

    def drop_searcher(self) -> None:
        """Forget the searcher, ending its helper processes if it has any."""
        searcher, self.searcher = self.searcher, None
        close = getattr(searcher, "close", None)
        if close is not None:
            close()

    def close(self) -> None:
        """The session ends: the running search is dropped and no helper process is left behind."""
        self.abandon()
        self.drop_searcher()

    def start(self, purpose: str, pos, limits, deadline: float | None, version: int, excluded: tuple,
              report: Callable[[Search, object], str | None], lines: int = 1) -> Search:
        """Search a copy of ``pos``; ``report(search, info)`` gives the line to print for an iteration.
        ``lines`` > 1: the best that many lines in one search (``engine.multipv``), each reported."""
        self.abandon()
        s = Search(purpose, pos.copy(), limits, deadline, version)
        searcher = self.get_searcher()
        if hasattr(searcher, "randomness"):     # opening variety for games, never for analysis
            searcher.randomness = self.randomness if purpose == "move" else 0
        if hasattr(searcher, "partner"):        # one board of two: the other board (engine/partner.py)
            searcher.partner = self.partner_position(pos)
        self.search = s

        def on_info(info, s=s) -> None:
            s.info = info
            with self.out.lock:
                if s.discard or (s.stop.is_set() and s.purpose == "analyze"):
                    return
                line = report(s, info)
                if line is not None:
                    self.out(line)

        def work() -> None:
            try:
                if purpose == "move" and self.skill < SKILL_MAX:
                    result = search_at_level(searcher, s.root, limits, self.skill, s.stop, on_info, excluded)
                elif lines > 1:
                    from hyperchess.engine.multipv import search_lines
                    result = search_lines(searcher, s.root, limits, lines, s.stop, on_info, excluded)
                else:
                    result = searcher.search(s.root, limits, s.stop, on_info, excluded)
            except Exception as exc:
                result = exc
            self.events.put(("searched", (s, result)))

        s.thread = threading.Thread(target=work, daemon=True, name=f"search-{purpose}")
        s.thread.start()
        return s

    def partner_position(self, pos):
        """The other board the option PartnerPosition gave (then forgotten: it is for one search), as a position
        of ``pos``'s game; None without one, with TeamPlay off, or when it does not read as that game."""
        text, self.partner_text = self.partner_text, ""
        if not text or not self.team_play:
            return None
        from hyperchess.variants.board.errors import FenError, MoveError
        from hyperchess.variants.core.load import load_position
        try:
            return load_position(pos.game, text)
        except (FenError, MoveError):
            return None

    def abandon(self) -> None:
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

    def finished(self, s: Search) -> bool:
        """A search ended: True if it is the current one and not abandoned (it is then no longer running)."""
        if s is not self.search or s.discard:
            return False
        self.search = None
        return True
