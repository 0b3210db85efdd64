"""Fixtures shared by the protocol tests (a test module may define its own ``eng`` or ``uci`` instead)."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

from protocol_support import UCI_CMD, EngineProcess

from hyperchess import variants

# the disk cache of built tables (variants/board/tablecache.py): one fresh directory per test process (and the engines
# it starts), so a run neither reads nor fills the user's cache
if "HYPERCHESS_CACHE" not in os.environ:
    os.environ["HYPERCHESS_CACHE"] = _CACHE = tempfile.mkdtemp(prefix="hyperchess-test-cache-")
    atexit.register(shutil.rmtree, _CACHE, True)


@pytest.fixture(autouse=True, scope="module")
def _user_games_stay_in_their_module():
    """A user's file game that a test module adds (``add_variants``) is gone after that module, so a later
    module sees only the shipped games, whatever order the modules run in."""
    variants.game_names()                      # the shipped games loaded first, so they are kept
    before = dict(variants.FILE_GAMES)
    yield
    for name in set(variants.FILE_GAMES) - set(before):
        variants._cache.pop(name, None)
    variants.FILE_GAMES.clear()
    variants.FILE_GAMES.update(before)


@pytest.fixture
def eng():
    """A hyperchess engine subprocess after the CECP handshake."""
    e = EngineProcess()
    e.handshake()
    yield e
    e.close()


@pytest.fixture
def uci():
    """A hyperchess UCI engine subprocess after ``uci`` ... ``uciok``."""
    e = EngineProcess(UCI_CMD)
    e.send("uci")
    e.expect("uciok", 10)
    yield e
    e.close()
