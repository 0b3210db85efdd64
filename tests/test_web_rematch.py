"""Rematches and the board's locks (web/rematch.py): the board takes its own lock and then the lock of each
game it sets aside, so a rematch must be made without the old game's lock, and made once."""
from __future__ import annotations

import threading

import pytest

from hyperchess.web import rematch
from hyperchess.web.board import Board
from hyperchess.web.store import Store


@pytest.fixture
def boards(tmp_path):
    """Boards on one store, closed (their engines stopped) after the test."""
    made = []

    def make(max_open: int = 4) -> Board:
        made.append(Board(Store(tmp_path / f"games{len(made)}.db"), max_open=max_open))
        return made[-1]

    yield make
    for board in made:
        board.close()


def _held_elsewhere(lock) -> bool:
    """True when another thread holds ``lock`` (tried from a fresh thread, so an RLock's owner does not count)."""
    free = []

    def probe() -> None:
        if lock.acquire(timeout=2):
            free.append(True)
            lock.release()

    t = threading.Thread(target=probe)
    t.start()
    t.join()
    return not free


def test_the_rematch_is_made_without_holding_the_old_games_lock(boards):
    board = boards()
    s, owner = board.new({"variant": "normal", "seats": ["human", "human"]})
    seen = []
    real_new = board.new

    def new(body):
        seen.append(_held_elsewhere(s.lock))      # what a thread setting ``s`` aside would wait for
        return real_new(body)

    board.new = new
    rematch.offer(board, s, owner, "owner", None)
    assert seen == [False]
    assert rematch.next_key(s, owner) in board.by_key


def test_a_game_set_aside_by_another_request_while_its_rematch_is_made_does_not_deadlock(boards):
    """Room for one game: while the rematch of ``s`` is being made, another page's new game sets ``s`` aside
    (the board's lock, then ``s``'s). Neither may wait for the other."""
    board = boards(max_open=1)
    s, owner = board.new({"variant": "normal", "seats": ["human", "human"]})
    real_new = board.new
    other_made = threading.Event()

    def new(body):
        other = threading.Thread(target=lambda: (real_new({"variant": "normal"}), other_made.set()), daemon=True)
        other.start()
        other_made.wait(2)                          # the other request runs first, as it may
        return real_new(body)

    board.new = new
    done = threading.Event()
    threading.Thread(target=lambda: (rematch.offer(board, s, owner, "owner", None), done.set()), daemon=True).start()
    assert done.wait(10), "the rematch did not come back: a lock-order deadlock"
    assert other_made.is_set()
    assert rematch.next_key(s, owner) in board.by_key and s.id not in board.sessions


def test_a_second_agreement_while_the_rematch_is_made_makes_no_second_game(boards):
    board = boards()
    s, owner = board.new({"variant": "normal", "seats": ["human", "human"]})
    made = []
    real_new = board.new

    def new(body):
        made.append(body)
        again = threading.Thread(target=rematch.offer, args=(board, s, owner, "owner", None), daemon=True)
        again.start()
        again.join(5)
        assert not again.is_alive(), "the second agreement waited for the first"
        return real_new(body)

    board.new = new
    rematch.offer(board, s, owner, "owner", None)
    assert len(made) == 1
    assert rematch.next_key(s, owner) in board.by_key
