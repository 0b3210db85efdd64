"""What the web server tests share: a real server on a free loopback port, in a thread."""
from __future__ import annotations

import threading
from contextlib import contextmanager

from hyperchess.web.server import make_server


@contextmanager
def serving(host: str = "127.0.0.1", token: str | None = None, db=":memory:"):
    """The web board's server bound to ``host`` on a free port, stopped when the block ends."""
    server = make_server(host, 0, token=token, db=db)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
