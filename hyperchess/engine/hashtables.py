# cython: boundscheck=False, wraparound=False
"""The search's two hash tables as typed arrays indexed by the position hash's low bits: no Python int boxed
for a key, no dict looked up per node (docs/history/performance-log.md, session 32).

``TransTable``, the transposition table: buckets of ``WAYS`` slots, each slot a key, its depth, bound flag
and search generation packed in one integer, a score, and the best move (the move tuple itself, in a list:
the move generators hand out the tuples of their tables, so keeping them costs a pointer). The table starts
small and doubles whenever a bucket would overflow, up to ``cap`` slots: until then no entry is ever lost,
so a search sees what a dict of every entry would give it. A full table replaces the bucket's entry of the
oldest search and then the shallowest (a dict of the same size was cleared whole).

Both tables keep their words in memory reserved for their cap at once (``zeroed_words``): the system zeroes
a page when it is first touched, so the part not yet in use costs nothing, and a table doubles in place (each
bucket splits into itself and the one ``slots / WAYS`` buckets on) instead of being copied to a new one. A
search that doubled its tables into new arrays spent 5% of its time in the page faults (session 36).

A table for several processes (``TransTable.over``, Lazy SMP: engine/threads.py) keeps its slots in shared
memory instead, three words each: the key shifted right by one XORed with the other two, the packed entry, and
the move packed in a word (``move_code``). Writers do not lock: two processes writing one slot at once may
leave words of both, and such a torn slot fails the XOR check and is read as empty (Hyatt's lockless hashing,
as Crafty and Stockfish do). Its size is fixed (it never doubles); a probe copies the slot it found to a
private slot 0, so what the search reads next cannot change under it.

``EvalCache``: the positional terms by position hash, one slot per hash's low bits, the newer value kept.
It only saves work (the terms are a function of the position), so which entries survive changes no score.
"""
from __future__ import annotations

import mmap
from itertools import repeat
from typing import Any

WAYS = 4                            # slots a bucket: the transposition table is four-way associative
START_SLOTS = 1 << 12               # a new table's slots; it doubles as buckets fill, up to its cap
SLOT_BYTES = 24                     # two words a slot and a move pointer
DEPTH_BIAS = 1024                   # a packed entry: flag (2 bits), generation (8), depth + DEPTH_BIAS (14),
                                    # the score (signed) above them; never 0 (0 marks an empty slot)
GENERATIONS = 256
EVAL_START = 1 << 12                # the evaluation cache's first slots
EXACT, LOWER, UPPER = 0, 1, 2       # what a stored score is: the value, at least it, at most it
# The methods below write WAYS, DEPTH_BIAS, GENERATIONS and EXACT as literals: compiled, a module
# constant would be a Python object looked up and boxed arithmetic on every probe.


def zeroed_words(count: int) -> memoryview:
    """``count`` signed 64-bit words, all 0: private anonymous memory, which the system zeroes a page at a
    time as it is first touched."""
    size = 8 * max(count, 1)
    if hasattr(mmap, "MAP_PRIVATE"):        # mmap(-1, n) alone is shared memory, dearer to fault in
        block = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | getattr(mmap, "MAP_ANONYMOUS", 0x20))
    else:                                   # Windows: anonymous memory is private there
        block = mmap.mmap(-1, size)
    return memoryview(block).cast("q")


def table_slots(hash_mb: int) -> int:
    """The slots ``hash_mb`` megabytes hold: a power of two, at least 4096."""
    n = 4096
    while 2 * n * SLOT_BYTES <= hash_mb * 1024 * 1024:
        n *= 2
    return n


class TransTable:
    """Position hash -> (depth, flag, score, move): a mapping to the protocol layer and the tests (``get``,
    ``[]``, ``len``, ``clear``), typed probes to the search (``find`` then ``depth``/``flag``/``score`` and
    ``moves[i]``; ``store``).

    Slot ``i`` is ``data[2i]``, the key shifted right by one (the bucket's index holds the low bits, so no
    key is lost; the shift keeps it a signed 64-bit word), and ``data[2i + 1]``, the packed entry (0: empty):
    the four slots of a bucket lie in 64 bytes."""

    def __init__(self, cap: int) -> None:
        self.cap = max(cap, START_SLOTS)
        self.gen = 0
        self.shared = False
        self._alloc(START_SLOTS)

    @staticmethod
    def over(words: Any, wipe: Any = None) -> "TransTable":
        """A table whose slots are ``words`` (signed 64-bit words, three a slot, a power of two slots and at
        least ``WAYS``), memory other processes share; ``wipe()`` zeroes them (``clear``)."""
        table = TransTable(START_SLOTS)
        table.shared = True
        table.sdata = words
        table.wipe = wipe
        table.slots = table.cap = len(words) // 3
        table.mask = table.slots // WAYS - 1
        table.data = zeroed_words(2)        # slot 0: the copy of the slot a probe found
        table.moves = [None]
        table.decoded = {}
        return table

    def _alloc(self, n: int) -> None:
        self.slots = n
        self.mask = n // WAYS - 1           # the buckets' index mask
        self.data = zeroed_words(2 * max(self.cap, n))      # room for the cap: doubling is in place
        self.moves = [None] * n
        self.used = 0

    def new_search(self) -> None:
        """A new search begins: what is stored from now on is younger than what is there."""
        self.gen = (self.gen + 1) % GENERATIONS

    def clear(self) -> None:
        if self.shared:
            if self.wipe is not None:
                self.wipe()
            self.used = 0
            self.decoded = {}
            return
        self._alloc(START_SLOTS)

    def __len__(self) -> int:
        return self.used

    def find(self, key: int) -> int:
        """The slot of ``key``, or -1."""
        if self.shared:
            return self._find_shared(key)
        base = (key & self.mask) * 4
        half = key >> 1
        for j in range(base, base + 4):
            if self.data[2 * j] == half and self.data[2 * j + 1] != 0:
                return j
        return -1

    def depth(self, i: int) -> int:
        return ((self.data[2 * i + 1] >> 10) & 16383) - 1024

    def flag(self, i: int) -> int:
        return self.data[2 * i + 1] & 3

    def score(self, i: int) -> int:
        return self.data[2 * i + 1] >> 24

    def store(self, key: int, depth: int, flag: int, score: int, move: Any, keep_deeper: bool = True) -> None:
        """Keep ``key``'s entry; with ``keep_deeper``, a bound (not ``EXACT``) does not replace a deeper
        entry of the same key."""
        if self.shared:
            self._store_shared(key, depth, flag, score, move, keep_deeper)
            return
        half = key >> 1
        while True:
            base = (key & self.mask) * 4
            empty = -1
            for j in range(base, base + 4):
                if self.data[2 * j + 1] == 0:
                    if empty < 0:
                        empty = j
                elif self.data[2 * j] == half:
                    if keep_deeper and flag != 0 and self.depth(j) > depth:
                        return
                    self._put(j, half, depth, flag, score, move)
                    return
            if empty >= 0:
                self.used += 1
                self._put(empty, half, depth, flag, score, move)
                return
            if self.slots >= self.cap:
                break
            self._grow()
        # full: replace the entry of the oldest search, then the shallowest (the first of equals)
        victim = base
        worst = 1 << 30
        for j in range(base, base + 4):
            age = (self.gen - ((self.data[2 * j + 1] >> 2) & 255)) % 256
            worth = self.depth(j) - 8 * age
            if worth < worst:
                worst = worth
                victim = j
        self._put(victim, half, depth, flag, score, move)

    def _find_shared(self, key: int) -> int:
        """``find`` in shared memory: a slot whose words pass the check is copied to slot 0 (0), else -1."""
        base = (key & self.mask) * 4
        half = key >> 1
        for j in range(3 * base, 3 * base + 12, 3):
            entry = self.sdata[j + 1]
            code = self.sdata[j + 2]
            if entry != 0 and self.sdata[j] ^ entry ^ code == half:
                self.data[1] = entry
                self.moves[0] = self._decode(code)
                return 0
        return -1

    def _decode(self, code: int) -> Any:
        """The move tuple of ``move_code``'s ``code`` (one tuple per code, kept)."""
        if code == 0:
            return None
        move = self.decoded.get(code)
        if move is None:
            c = code - 1
            move = (c & 65535, (c >> 16) & 65535, c >> 40, (c >> 32) & 255)
            self.decoded[code] = move
        return move

    def _store_shared(self, key: int, depth: int, flag: int, score: int, move: Any, keep_deeper: bool) -> None:
        """``store`` in shared memory, by the same choices: the key's own slot, else an empty one, else the
        entry of the oldest search, then the shallowest (a torn slot is replaced like any other)."""
        half = key >> 1
        base = (key & self.mask) * 4
        target = -1
        empty = -1
        victim = base
        worst = 1 << 30
        for j in range(base, base + 4):
            entry = self.sdata[3 * j + 1]
            if entry == 0:
                if empty < 0:
                    empty = j
            elif self.sdata[3 * j] ^ entry ^ self.sdata[3 * j + 2] == half:
                if keep_deeper and flag != 0 and ((entry >> 10) & 16383) - 1024 > depth:
                    return
                target = j
                break
            else:
                age = (self.gen - ((entry >> 2) & 255)) % 256
                worth = ((entry >> 10) & 16383) - 1024 - 8 * age
                if worth < worst:
                    worst = worth
                    victim = j
        if target < 0:
            if empty >= 0:
                target = empty
                self.used += 1
            else:
                target = victim
        entry = score << 24 | (depth + 1024) << 10 | self.gen << 2 | flag
        code = move_code(move)
        self.sdata[3 * target + 1] = entry
        self.sdata[3 * target + 2] = code
        self.sdata[3 * target] = half ^ entry ^ code

    def _put(self, j: int, half: int, depth: int, flag: int, score: int, move: Any) -> None:
        self.data[2 * j] = half
        self.data[2 * j + 1] = score << 24 | (depth + 1024) << 10 | self.gen << 2 | flag
        self.moves[j] = move

    def _grow(self) -> None:
        """Twice the slots, in place: bucket ``b`` splits into ``b`` and ``b + nb`` (``nb`` buckets before),
        by the key's next bit; each keeps its entries in their order, packed to the front (none overflows).
        The words past the old slots are still 0: the table never shrinks but by ``clear``'s new memory."""
        n = self.slots
        nb = n // 4
        bit = nb >> 1                   # the key's bit ``nb`` is the stored half's bit ``nb / 2`` (nb >= 2)
        self.moves.extend(repeat(None, n))
        self.slots = 2 * n
        self.mask = 2 * nb - 1
        for b in range(nb):
            stay = 4 * b
            move = 4 * (b + nb)
            for j in range(4 * b, 4 * b + 4):
                if self.data[2 * j + 1] == 0:
                    continue
                half = self.data[2 * j]
                if half & bit:
                    k = move
                    move += 1
                else:
                    k = stay
                    stay += 1
                if k != j:
                    self.data[2 * k] = half
                    self.data[2 * k + 1] = self.data[2 * j + 1]
                    self.moves[k] = self.moves[j]
            for j in range(stay, 4 * b + 4):    # the bucket's slots after those that stayed are empty now
                self.data[2 * j] = 0
                self.data[2 * j + 1] = 0
                self.moves[j] = None

    # the mapping the protocol layer, the deepening loop and the tests read
    def get(self, key: int, default: Any = None) -> Any:
        """``(depth, flag, score, move)`` kept for ``key`` (the score as stored: mates from this node)."""
        i = self.find(key)
        if i < 0:
            return default
        return (self.depth(i), self.flag(i), self.score(i), self.moves[i])

    def __getitem__(self, key: int) -> tuple:
        entry = self.get(key)
        if entry is None:
            raise KeyError(key)
        return entry

    def __setitem__(self, key: int, entry: tuple) -> None:
        depth, flag, score, move = entry
        self.store(key, depth, flag, score, move, False)

    def __contains__(self, key: int) -> bool:
        return self.find(key) >= 0


def move_code(move: Any) -> int:
    """A move in one word for the shared table: 0 for none or one that does not fit (its entry keeps no
    move), else 1 + from + to << 16 + flag << 32 + extra << 40 (cells below 65536, a flag below 256, an
    ``extra`` of 0..2^23 - 1)."""
    if move is None or len(move) != 4:
        return 0
    frm, to, extra, flag = move
    if not (0 <= frm < 65536 and 0 <= to < 65536 and 0 <= flag < 256 and 0 <= extra < (1 << 23)):
        return 0
    return 1 + (frm | to << 16 | flag << 32 | extra << 40)


class EvalCache:
    """Position hash -> positional terms, direct-mapped on the hash's low bits, the newer value kept. Slot ``i``
    is ``data[3i:3i + 3]``: the key shifted right by one, the value and the stamp of the ``clear`` it was
    kept after (only the current stamp counts: ``clear`` is one increment). It starts at ``EVAL_START``
    slots and doubles while half of them are taken, up to ``cap``."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.stamp = 1
        self._alloc(min(EVAL_START, cap))

    def _alloc(self, n: int) -> None:
        self.slots = n
        self.mask = n - 1
        self.data = zeroed_words(3 * max(self.cap, n))      # room for the cap: doubling is in place
        self.used = 0

    def clear(self) -> None:
        self.stamp += 1
        self.used = 0

    def find(self, key: int) -> int:
        """Where the value kept for ``key`` is (``value``), or -1."""
        i = 3 * (key & self.mask)
        if self.data[i] == key >> 1 and self.data[i + 2] == self.stamp:
            return i
        return -1

    def value(self, i: int) -> int:
        return self.data[i + 1]

    def put(self, key: int, value: int) -> None:
        i = 3 * (key & self.mask)
        if self.data[i + 2] != self.stamp:
            if 2 * self.used >= self.slots and self.slots < self.cap:
                self._grow()
                i = 3 * (key & self.mask)
            if self.data[i + 2] != self.stamp:
                self.used += 1
        self.data[i] = key >> 1
        self.data[i + 1] = value
        self.data[i + 2] = self.stamp

    def _grow(self) -> None:
        """Twice the slots, in place: slot ``j``'s entry of the current stamp stays or moves to ``j + n`` by
        the key's next bit (the words past the old slots are still 0: the cache never shrinks)."""
        n = self.slots
        bit = n >> 1                    # the key's bit ``n`` is the stored half's bit ``n / 2`` (n >= 2)
        self.slots = 2 * n
        self.mask = 2 * n - 1
        for j in range(n):
            if self.data[3 * j + 2] == self.stamp and self.data[3 * j] & bit:
                i = 3 * (j + n)
                self.data[i] = self.data[3 * j]
                self.data[i + 1] = self.data[3 * j + 1]
                self.data[i + 2] = self.stamp
                self.data[3 * j + 2] = 0

    def __len__(self) -> int:
        return self.used
