"""The search's hash tables as typed arrays (engine/hashtables.py): the transposition table answers as a dict
of every entry would until it reaches its cap, then replaces the oldest search's and the shallowest entries;
the evaluation cache keeps the newer value per slot and forgets everything on ``clear``."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hyperchess.engine.hashtables import EXACT, LOWER, START_SLOTS, UPPER, EvalCache, TransTable, table_slots
from hyperchess.engine.search import Limits, Searcher
from hyperchess.engine.scores import INF, MATE
from hyperchess.variants import get_game

KEYS = st.integers(min_value=0, max_value=(1 << 64) - 1)
ENTRY = st.tuples(st.integers(-5, 130), st.sampled_from([EXACT, LOWER, UPPER]),
                  st.integers(-INF - 200, INF + 200), st.tuples(st.integers(0, 511), st.integers(0, 511)))


def _dict_store(model: dict, key: int, depth: int, flag: int, score: int, move) -> None:
    """The rule of the dict the table replaced: a bound does not replace a deeper entry of the same key."""
    old = model.get(key)
    if old is not None and old[0] > depth and flag != EXACT:
        return
    model[key] = (depth, flag, score, move)


@settings(max_examples=60, deadline=None)
@given(st.lists(ENTRY, max_size=300), st.integers(0, 1 << 30), st.integers(0, 15))
def test_below_its_cap_the_table_answers_as_a_dict_of_every_entry(entries, seed, low_bits):
    """Keys sharing their low four bits (a sixteenth of the buckets) make it grow rather than lose an entry;
    a few keys are stored more than once."""
    rng = random.Random(seed)
    keys = [rng.getrandbits(64) & ~0xF | low_bits for _ in range(len(entries) // 2 + 1)]
    table = TransTable(1 << 20)
    model: dict = {}
    for depth, flag, score, move in entries:
        key = rng.choice(keys)
        table.store(key, depth, flag, score, move)
        _dict_store(model, key, depth, flag, score, move)
    assert table.slots < table.cap
    assert len(table) == len(model)
    for key, entry in model.items():
        assert table.get(key) == entry and table[key] == entry
    assert all(table.get(key) is None for key in keys if key not in model)


def test_a_full_table_replaces_the_oldest_search_then_the_shallowest_entry():
    table = TransTable(START_SLOTS)
    keys = [i << 12 for i in range(1, 7)]               # one bucket: the fifth key finds it full
    for depth, key in zip((3, 1, 2, 4), keys):
        table.store(key, depth, EXACT, 10 * depth, (depth, 0))
    table.store(keys[4], 5, LOWER, 7, (9, 9))
    assert keys[1] not in table                         # the shallowest went
    assert table[keys[4]] == (5, LOWER, 7, (9, 9))
    assert table.slots == START_SLOTS and len(table) == 4
    table.new_search()
    table.store(keys[1], 1, UPPER, -3, None)            # the next search's entry replaces the shallowest
    assert keys[2] not in table                         # of the older ones (depth 2) ...
    table.store(keys[5], 9, EXACT, 0, None)             # ... and so does a deeper one: depth 3, not the
    assert keys[0] not in table and table[keys[1]] == (1, UPPER, -3, None)   # younger depth 1
    assert {k for k in keys if k in table} == {keys[1], keys[3], keys[4], keys[5]}


def test_the_table_grows_to_its_cap_and_no_further():
    rng = random.Random(3)
    table = TransTable(table_slots(1))
    assert table.cap == 32768 and table.slots == START_SLOTS
    keys = [rng.getrandbits(64) for _ in range(40000)]
    for i, key in enumerate(keys):
        table.store(key, i % 20, EXACT, i, None)
        assert keys[i] in table
    assert table.slots == table.cap and 0.85 * table.cap < len(table) <= table.cap
    table.clear()
    assert not table and table.slots == START_SLOTS


def test_mate_scores_keep_their_distance_through_the_table():
    s = Searcher(hash_mb=1)
    key = (1 << 64) - 1
    s._store(key, 4, EXACT, MATE - 7, (1, 2, 0, 0), 3)          # a mate 7 plies from the root, seen at ply 3
    assert s.tt[key] == (4, EXACT, MATE - 4, (1, 2, 0, 0))
    s.tt[key] = (2, UPPER, -(MATE - 9), None)                     # set as a mapping: replaces even a deeper one
    assert s.tt.get(key) == (2, UPPER, -(MATE - 9), None)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2000), st.integers(-5000, 5000)), max_size=400))
def test_the_evaluation_cache_keeps_the_newest_value_of_a_key_it_still_holds(puts):
    cache = EvalCache(1 << 8)
    newest: dict = {}
    for k, v in puts:
        key = k * 0x9E3779B97F4A7C15 % (1 << 64)
        cache.put(key, v)
        newest[key] = v
    for key, v in newest.items():
        i = cache.find(key)
        assert i < 0 or cache.value(i) == v
    assert cache.slots == 1 << 8
    assert sum(cache.find(key) >= 0 for key in newest) == len(cache)
    cache.clear()
    assert all(cache.find(key) < 0 for key in newest) and not cache


def test_the_evaluation_cache_grows_while_half_full():
    rng = random.Random(5)
    cache = EvalCache(1 << 14)
    keys = [rng.getrandbits(64) for _ in range(8000)]
    for v, key in enumerate(keys):
        cache.put(key, v)
    assert cache.slots == 1 << 14
    held = [(v, key) for v, key in enumerate(keys) if cache.find(key) >= 0]
    assert len(held) == len(cache) > 5000 and all(cache.value(cache.find(key)) == v for v, key in held)


def test_a_search_fills_both_tables_and_a_new_game_forgets_the_moves():
    pos = get_game("normal").position()
    s = Searcher()
    r = s.search(pos, Limits(depth=4))
    assert s.tt[pos.hash][3] == r.best and len(s.eval_cache) > 0
    s.new_game()
    assert pos.hash not in s.tt and not s.tt
