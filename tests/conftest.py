"""Fixtures shared by the protocol tests (a test module may define its own ``eng`` instead)."""
from __future__ import annotations

import pytest

from protocol_support import EngineProcess


@pytest.fixture
def eng():
    """A hyperchess engine subprocess after the CECP handshake."""
    e = EngineProcess()
    e.handshake()
    yield e
    e.close()
