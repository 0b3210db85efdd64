"""What the browser tests share: their marks (skipped without Chromium or Playwright) and fixtures (one
browser per module, a fresh server per test)."""
from __future__ import annotations

import pytest

from hyperchess.web.testing import browser, chromium_path, running_server

try:
    import playwright  # noqa: F401
    HAVE_PLAYWRIGHT = True
except ImportError:
    HAVE_PLAYWRIGHT = False

BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="no chromium on this machine"),
    pytest.mark.skipif(not HAVE_PLAYWRIGHT, reason="playwright missing: pip install -e '.[browser]'"),
]


@pytest.fixture(scope="module")
def chromium():
    # the server's list of games is computed once per process, and takes over 20 s on a loaded machine: before
    # the first page waits for it (30 s), not during
    from hyperchess.web.server import games_list
    games_list()
    with browser() as b:
        yield b


@pytest.fixture
def board(chromium):
    """A fresh server for each test (a server keeps at most 32 games, and people's games are not closed for
    new ones), in the one browser."""
    with running_server() as url:
        yield url, chromium
