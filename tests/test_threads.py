"""Threads > 1 (engine/threads.py, docs/engine.md "Threads"): the shared table's torn-entry check, searches
helped by other processes (a legal move, a sane score, the same mates), the options ``Threads`` (UCI) and
``cores`` (CECP) with their one-line refusals, ``stop`` at once, and no helper process left after ``quit``."""
from __future__ import annotations

import os
import time
from array import array

import pytest

from protocol_support import UCI_CMD, EngineProcess
from hyperchess.engine.hashtables import EXACT, LOWER, TransTable, move_code
from hyperchess.engine.search import Searcher
from hyperchess.engine.threads import ThreadedSearcher, skipped
from hyperchess.engine.timecontrol import Limits
from hyperchess.variants import get_game

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads the process list from /proc")


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def shared_table(slots: int = 64) -> TransTable:
    return TransTable.over(memoryview(array("q", bytes(24 * slots))))


# ---------------------------------------------------------------------- the shared table
def test_shared_table_keeps_entries_and_moves():
    tt = shared_table()
    key = 0x9E3779B97F4A7C15
    tt.store(key, 5, EXACT, -123, (12, 28, 0, 1))
    assert tt.get(key) == (5, EXACT, -123, (12, 28, 0, 1))
    tt.store(key, 3, LOWER, 40, None)           # a shallower bound does not replace a deeper entry
    assert tt.get(key) == (5, EXACT, -123, (12, 28, 0, 1))
    assert tt.get(key ^ 1 << 40) is None
    assert move_code((70000, 1, 0, 0)) == 0 and move_code((1, 2, -1, 8)) == 0     # too big: kept without it


def test_a_torn_entry_reads_as_empty():
    """Two writers of one slot at once: the key word of one and the entry word of the other. The check (key
    XOR entry XOR move) fails for both keys, so neither reads the other's score."""
    tt = shared_table()
    a, b = 0x1234_5678_9ABC_DEF0, 0x0FED_CBA9_8765_4320      # the same bucket (the same low bits)
    assert a & tt.mask == b & tt.mask
    tt.store(a, 7, EXACT, 250, (1, 2, 0, 0))
    slot = next(j for j in range(0, len(tt.sdata), 3) if tt.sdata[j + 1])
    a_words = [tt.sdata[slot + i] for i in range(3)]
    for i in range(len(tt.sdata)):
        tt.sdata[i] = 0
    tt.store(b, 2, LOWER, -900, (3, 4, 0, 0))
    b_words = [tt.sdata[slot + i] for i in range(3)]
    assert tt.get(a) is None and tt.get(b) == (2, LOWER, -900, (3, 4, 0, 0))
    for torn in ([a_words[0], b_words[1], b_words[2]], [a_words[0], a_words[1], b_words[2]],
                 [b_words[0], a_words[1], a_words[2]], [a_words[0], b_words[1], a_words[2]]):
        for i in range(3):
            tt.sdata[slot + i] = torn[i]
        assert tt.get(a) is None and tt.get(b) is None, torn
    for i in range(3):
        tt.sdata[slot + i] = a_words[i]
    assert tt.get(a) == (7, EXACT, 250, (1, 2, 0, 0))


def test_helpers_search_other_depths():
    assert [d for d in range(1, 9) if not skipped(0)(d)] == [1, 3, 5, 7]
    assert [d for d in range(1, 9) if not skipped(1)(d)] == [1, 4, 5, 8]


# ---------------------------------------------------------------------- searches with helpers
POSITIONS = [
    ("normal", None, None),
    ("normal", "1k6/8/2K5/8/8/8/8/7R w - - 0 1", 100002),                       # Kb6, then Rh8 mate
    ("normal", "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 2 3", None),   # Bxg5 wins the queen
    ("capablanca", None, None),
]


def test_two_threads_find_legal_moves_and_sane_scores():
    searcher = ThreadedSearcher(hash_mb=8, threads=2)
    try:
        helpers = [h.pid for h in searcher.helpers]
        assert len(helpers) == 1 and all(alive(p) for p in helpers)
        for name, fen, mate in POSITIONS:
            pos = get_game(name).position(fen)
            result = searcher.search(pos, Limits(depth=4))
            assert result.best in pos.legal_moves(), (name, fen)
            single = Searcher(hash_mb=8).search(pos, Limits(depth=4))
            if mate is not None:
                assert result.score == mate == single.score
            else:
                assert abs(result.score - single.score) <= 150 and abs(result.score) < 50000, (result, single)
            if fen is not None and "q1" in fen:
                assert pos.move_name(result.best) == "c1g5" and result.score > 600
    finally:
        searcher.close()
    assert not any(alive(p) for p in helpers)


def test_helpers_write_to_the_shared_table():
    """The helper searches too: after a search the table holds entries the main search did not store."""
    searcher = ThreadedSearcher(hash_mb=8, threads=2)
    try:
        pos = get_game("normal").position()
        end = time.monotonic() + 60                 # the helper's first job waits for its game's tables
        while searcher.helper_nodes() == 0 and time.monotonic() < end:
            searcher.search(pos, Limits(movetime=0.5))
        assert searcher.helper_nodes() > 0
        stored = sum(1 for j in range(1, len(searcher.tt.sdata), 3) if searcher.tt.sdata[j])
        assert stored > searcher.tt.used
    finally:
        searcher.close()


# ---------------------------------------------------------------------- the protocols
def test_uci_threads_option_searches_stops_and_quits_without_helpers():
    eng = EngineProcess(UCI_CMD)
    try:
        eng.send("uci")
        line, before = eng.expect("uciok", 10)
        assert "option name Threads type spin default 1 min 1 max 256" in before
        for bad in ("0", "257", "two"):
            eng.send(f"setoption name Threads value {bad}", "isready")
            _, said = eng.expect("readyok", 10)
            assert len(said) == 1 and said[0].startswith("info string Threads:"), said
        eng.send("setoption name Threads value 2", "isready")
        assert eng.expect("readyok", 10)[1] == []
        eng.send("position startpos moves e2e4 e7e5", "go depth 3")
        best = eng.expect(r"bestmove \S+( ponder \S+)?", 60)[0].split()[1]
        board = get_game("normal").position()
        for m in ("e2e4", "e7e5"):
            board.push(board.parse_move(m))
        assert best in {board.move_name(m) for m in board.legal_moves()}
        helpers = children(eng.proc.pid)
        assert len(helpers) == 1
        eng.send("go infinite")
        time.sleep(1.0)
        asked = time.monotonic()
        eng.send("stop")
        eng.expect(r"bestmove \S+( ponder \S+)?", 10)
        assert time.monotonic() - asked < 1.0
        eng.send("position startpos moves e2e4 e7e5 g1f3", "go ponder wtime 3000 btime 3000")
        time.sleep(0.5)
        eng.send("ponderhit")                   # pondering goes on working: the move comes on our clock
        best = eng.expect(r"bestmove \S+( ponder \S+)?", 20)[0].split()[1]
        board.push(board.parse_move("g1f3"))
        assert best in {board.move_name(m) for m in board.legal_moves()}
        assert children(eng.proc.pid) == helpers            # the same helper serves every search
        eng.send("quit")
        assert eng.proc.wait(timeout=10) == 0
        time.sleep(0.2)
        assert not any(alive(p) for p in helpers)
    finally:
        if eng.proc.poll() is None:
            eng.close()


def test_cecp_cores_accepted_and_refused():
    eng = EngineProcess()
    try:
        eng.handshake()
        for bad in ("0", "257", "x"):
            said = eng.sync()
            eng.send(f"cores {bad}")
            said = eng.sync()
            assert said == [f"Error (bad core count): cores {bad}"], said
        eng.send("cores 2")
        assert eng.sync() == []
        eng.send("new", "force", "e2e4", "st 1", "go")
        line, _ = eng.expect(r"move \S+", 30)
        helpers = children(eng.proc.pid)
        assert len(helpers) == 1
        eng.send("quit")
        assert eng.proc.wait(timeout=10) == 0
        time.sleep(0.2)
        assert not any(alive(p) for p in helpers)
    finally:
        if eng.proc.poll() is None:
            eng.close()


def test_match_runner_sends_cores_from_option_cores():
    """``option.cores=N`` in an engine's spec is XBoard's ``cores N`` (sent last, where ``cores 1`` goes),
    not ``option cores=N``."""
    from hyperchess.tournament.engine import EngineProcess as Seat
    sent: list[str] = []
    seat = Seat.__new__(Seat)
    seat.features = {"smp": "1", "memory": "1"}
    seat.options = []
    seat.send = sent.append
    seat.set_up("normal", "normal", (("Randomize", "0"), ("cores", "2")))
    assert sent == ["memory 68", "option Randomize=0", "cores 2", "new", "force"]
    sent.clear()
    seat.set_up("normal", "normal", ())
    assert sent == ["memory 68", "cores 1", "new", "force"]


def test_helpers_play_a_game_from_a_users_variants_file():
    """A helper is sent the file the game came from: it searches a game it has never heard of."""
    from hyperchess.variants import add_variants
    names = add_variants("[rookmate:chess]\nstartFen = 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\n", "rookmate.ini")
    assert names == ["rookmate"]
    searcher = ThreadedSearcher(hash_mb=8, threads=2)
    try:
        pos = get_game("rookmate").position()
        end = time.monotonic() + 60
        while searcher.helper_nodes() == 0 and time.monotonic() < end:
            result = searcher.search(pos, Limits(movetime=0.5))
            assert result.best in pos.legal_moves()
        assert searcher.helper_nodes() > 0
    finally:
        searcher.close()


def test_a_helper_counts_the_main_searchs_team_term_and_keeps_the_shared_table():
    """Bughouse with Threads 2: the helper is sent the main search's team term (the other board's stake in our
    captures) and the seat it scores for, and uses them as they are: it does not work them out again (it has no
    other board) and so does not clear the shared table the main search is filling. Before, a helper searched
    the board alone and, the first time the main search had a team term, cleared the table under it."""
    from hyperchess.engine.threads import HelperSearcher
    game = get_game("bughouse")
    pos = game.position("6k1/5rpp/8/4N3/8/7P/5PP1/6K1[] w - - 0 20")
    main = Searcher(hash_mb=1)
    main.partner = game.position("6rk/6pp/8/8/8/7P/5PP1/6K1[] w - - 0 20")  # N@f7 mates there
    main.begin(pos, Limits(depth=3), None, time.perf_counter())
    assert main.team is not None and main.team_key is not None
    helper = HelperSearcher(hash_mb=1)
    helper.tt = shared_table()
    helper.tt.store(12345, 3, EXACT, 77, None)
    helper.chosen = (main.team, main.team_key, main.gd_seat)
    helper.begin(pos, Limits(infinite=True), None, time.perf_counter())
    assert helper.team is main.team and helper.team_key == main.team_key
    assert helper.tt.find(12345) >= 0, "the shared table was cleared"
    assert helper.search(pos, Limits(depth=3)).best == main.search(pos, Limits(depth=3)).best
