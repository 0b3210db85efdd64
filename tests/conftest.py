"""Fixtures shared by the protocol tests (a test module may define its own ``eng`` or ``uci`` instead)."""
from __future__ import annotations

import pytest

from protocol_support import UCI_CMD, EngineProcess


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
