"""Threads > 1: Lazy SMP over processes (one Python process holds the GIL, so the helpers are processes).

``ThreadedSearcher(hash_mb, threads)`` is a ``Searcher`` whose transposition table lives in shared memory
(``hashtables.TransTable.over``) and which starts ``threads - 1`` helper processes once, reused for every
search until ``close``. Each search tells every helper the position (the game's name, the variants file it
came from, the position string the game started from and the moves since) and runs its own search as one
thread would; the helpers search the same position with no limit, writing what they find to the shared table,
until the main search ends. The main search's result is the answer: the helpers only fill the table. They
search other depths than the main search (Stockfish's old skip tables: helper 1 the odd depths, ...), so that
they run ahead of it and do not all search the same tree.

A helper is ``python -m hyperchess.engine.threads FD SIZE INDEX PARENT`` with the shared memory's file
descriptor: word 0 of that memory is the running job's number (0: none), word 1 + INDEX the nodes the helper
searched in it, and the table's slots follow ``HEADER`` words on. A job
arrives pickled on the helper's stdin; the helper stops its search when word 0 is no longer its job's number,
and exits at the end of its stdin or when its parent is gone.
"""
from __future__ import annotations

import atexit
import mmap
import os
import pickle
import subprocess
import sys
import tempfile
from typing import Any, Callable, Collection

from hyperchess.variants.core.position import Position

from .hashtables import TransTable, table_slots
from .search import Searcher
from .timecontrol import Budget, Limits

MAX_THREADS = 256                   # UCI's Threads / CECP's cores: the processes a search may use
HEADER = 1 + MAX_THREADS            # words before the table's slots: word 0 is the running job's number, word
                                    # 1 + i the nodes helper i searched in it (at its last completed depth)
# Stockfish 8's skip tables (thread.cpp, search.cpp): helper i searches depth d unless
# ((d + PHASE[i]) // SIZE[i]) is odd, i counted from 0 over the helpers, round a table of 20
SKIP_SIZE = (1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4)
SKIP_PHASE = (0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7)
PARENT_POLLS = 1024                 # a helper asks whether its parent lives once in this many stop polls


def skipped(helper: int) -> Callable[[int], bool]:
    """Which depths helper ``helper`` (0, 1, ...) does not search."""
    size, phase = SKIP_SIZE[(helper + 1) % 20], SKIP_PHASE[(helper + 1) % 20]
    return lambda depth: ((depth + phase) // size) % 2 == 1


class SharedMemory:
    """``HEADER`` words and ``slots`` table slots of three words, shared with the helper processes by a file
    descriptor (an anonymous memory file on Linux, an unlinked temporary file on other POSIX systems)."""

    def __init__(self, slots: int) -> None:
        self.size = 8 * (HEADER + 3 * slots)
        if hasattr(os, "memfd_create"):
            self.fd = os.memfd_create("hyperchess-table")
        else:
            handle, path = tempfile.mkstemp(prefix="hyperchess-table-")
            os.unlink(path)
            self.fd = handle
        os.ftruncate(self.fd, self.size)
        self.map = mmap.mmap(self.fd, self.size)        # shared: what one process writes, all see
        words = memoryview(self.map).cast("q")
        self.header = words[:HEADER]
        self.table = words[HEADER:]

    def wipe(self) -> None:
        """Every slot empty (and no job running)."""
        chunk = 1 << 20
        zeros = bytes(chunk)
        for at in range(0, self.size, chunk):
            self.map[at:at + chunk] = zeros[:min(chunk, self.size - at)]

    def close_fd(self) -> None:
        """The descriptor is needed only to start helpers; the memory stays mapped while this object lives."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


class ThreadedSearcher(Searcher):
    """A ``Searcher`` helped by ``threads - 1`` processes sharing its transposition table (``hash_mb`` MB,
    all of them together). ``close()`` ends the helpers (also done at exit)."""

    def __init__(self, hash_mb: int = 64, threads: int = 2, randomness: int = 0, seed: int | None = None) -> None:
        super().__init__(hash_mb=1, randomness=randomness, seed=seed)    # its own table is replaced below
        self.threads = threads
        self.tt_cap = table_slots(hash_mb)
        self.memory = SharedMemory(self.tt_cap)
        self.tt = TransTable.over(self.memory.table, self.memory.wipe)
        self.job = 0
        self.sent_sources: set = set()
        # no more processes than the machine has cores: more would only take time from the main search (a
        # hostile ``cores 40`` started 39 Pythons, and a 0.1 s move took 1.4 s)
        self.helpers = [self._spawn(i) for i in range(min(threads, os.cpu_count() or 1) - 1)]
        atexit.register(self.close)

    def _spawn(self, index: int) -> subprocess.Popen:
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        return subprocess.Popen([sys.executable, "-m", "hyperchess.engine.threads", str(self.memory.fd),
                                 str(self.memory.size), str(index), str(os.getpid())],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                pass_fds=(self.memory.fd,), env=env)

    def helper_nodes(self) -> int:
        """The nodes the helpers searched in the last search, at their last completed depths."""
        return sum(self.memory.header[1 + i] for i in range(len(self.helpers)))

    def new_game(self) -> None:
        self.memory.header[0] = 0
        super().new_game()

    def search(self, pos: Position, limits: Limits, stop: Any = None, on_info: Any = None,
               exclude: Collection = ()) -> Any:
        """``Searcher.search``, with the helpers searching ``pos`` (started by ``begin``) until it returns."""
        try:
            return super().search(pos, limits, stop, on_info, exclude)
        finally:
            self.memory.header[0] = 0

    def begin(self, pos: Position, limits: Limits, stop: Any, start: float) -> Budget:
        """``Searcher.begin``, then the helpers started on ``pos`` with what it chose: the team term (a
        two-board game's other board) and the seat a game for points is scored for, so that the helpers store
        the scores the main search reads, and only the main search clears the shared table."""
        plan = super().begin(pos, limits, stop, start)
        self._start_helpers(pos)
        return plan

    def _start_helpers(self, pos: Position) -> None:
        from hyperchess.variants import variant_source
        game = pos.game
        root = pos.copy()
        root.take_back_to(0)
        sources = tuple(s for s in variant_source(game.name) if s not in self.sent_sources)
        self.sent_sources.update(sources)
        self.job += 1
        self.memory.header[0] = self.job
        job = pickle.dumps((self.job, self.tt.gen, sources, game.name, root.fen(), pos.move_stack,
                            (self.team, self.team_key, self.gd_seat)))
        for helper in self.helpers:
            try:
                helper.stdin.write(job)         # type: ignore[union-attr]
                helper.stdin.flush()            # type: ignore[union-attr]
            except (BrokenPipeError, OSError, ValueError):
                pass                            # a helper gone: the search goes on with the others

    def close(self) -> None:
        """Stop the helpers and wait for them to exit (each at most a second, then killed)."""
        if not self.helpers and self.memory.fd < 0:
            return                              # closed already
        self.memory.header[0] = 0
        for helper in self.helpers:
            try:
                helper.stdin.close()            # type: ignore[union-attr]
            except OSError:
                pass
        for helper in self.helpers:
            try:
                helper.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                helper.kill()
                helper.wait()
        self.helpers = []
        self.memory.close_fd()
        atexit.unregister(self.close)


class JobFlag:
    """A helper's stop event: set once word 0 of the shared memory is no longer its job's number, or its
    parent is gone."""

    def __init__(self, header: memoryview, job: int, parent: int) -> None:
        self.header, self.job, self.parent, self.polls = header, job, parent, 0

    def is_set(self) -> bool:
        self.polls += 1
        if self.polls % PARENT_POLLS == 0 and os.getppid() != self.parent:
            return True
        return self.header[0] != self.job


class HelperSearcher(Searcher):
    """A helper's searcher: the team term and the scored seat are the main search's (``chosen``, sent with the
    job), never worked out again, so ``begin`` never clears the shared table (the main search did)."""

    chosen: tuple = (None, None, -1)

    def begin(self, pos: Position, limits: Limits, stop: Any, start: float) -> Budget:
        team, team_key, seat = self.chosen
        self.partner, self.team_key, self.gd_seat = None, None, seat
        plan = super().begin(pos, limits, stop, start)
        self.team, self.team_key = team, team_key
        return plan


def serve(fd: int, size: int, index: int, parent: int) -> None:
    """A helper's life: read jobs from stdin, search each until told to stop, until stdin ends."""
    from hyperchess.variants import add_variants, get_game
    from .deepening import deepen
    memory = mmap.mmap(fd, size)
    words = memoryview(memory).cast("q")
    header = words[:HEADER]
    searcher = HelperSearcher(hash_mb=1)
    searcher.tt = TransTable.over(words[HEADER:])
    skip = skipped(index)
    stdin = sys.stdin.buffer
    while True:
        try:
            number, gen, sources, name, fen, moves, searcher.chosen = pickle.load(stdin)
        except (EOFError, OSError, pickle.UnpicklingError):
            return
        try:
            for origin, text in sources:        # sent once: read even when the search is over already
                add_variants(text, origin)
            if header[0] != number:
                continue                        # stopped before it was read
            pos = get_game(name).position(fen)
            for move in moves:
                pos.push(move)
            searcher.tt.gen = (gen - 1) % 256   # begin() counts one more search: the main search's number
            header[1 + index] = 0

            def done(info: Any) -> None:
                header[1 + index] = info.nodes

            deepen(searcher, pos, Limits(infinite=True), JobFlag(header, number, parent), done, (), skip)
        except Exception:                       # a position it cannot set up: the main search goes on alone
            continue


if __name__ == "__main__":
    serve(*(int(a) for a in sys.argv[1:5]))
