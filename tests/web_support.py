"""What the web server tests share: a real server on a free loopback port, in a thread."""
from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

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


def base(server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}"


def call(url: str, path: str, body: dict | None = None, raw: bytes | None = None,
         headers: dict | None = None) -> tuple[int, object]:
    """One HTTP request to the server at ``url``: (status, the JSON answer, or the text of any other). ``body``
    is sent as JSON, ``raw`` as it is. An error's answer must be one line."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    sent = {**({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})}
    req = urllib.request.Request(url.rstrip("/") + "/" + path.lstrip("/"), data=data, headers=sent)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            text = r.read().decode()
            return r.status, json.loads(text) if r.headers.get_content_type() == "application/json" else text
    except urllib.error.HTTPError as e:
        text = e.read().decode()
        assert "\n" not in text.strip() or not text.startswith("{"), text
        return e.code, json.loads(text) if text.startswith("{") else text


def exchange(port: int, data: bytes, timeout: float = 10.0, half_close: bool = False) -> tuple[int, bytes]:
    """Send exactly ``data`` to the server on ``port`` and read the whole answer up to its close: (status,
    body). ``half_close`` ends the sending side after the data (uvicorn takes that as the client gone)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def games_made(server) -> int:
    """Every game the server holds: open, parked before its first move, or stored (board.py)."""
    board = server.board
    with board.lock:
        ids = set(board.sessions) | set(board.parked)
    return len(ids | {r["id"] for r in board.store.listing(limit=100000, everything=True)})


def serve_started(db: Path, *extra: str, sigint=signal.SIG_DFL) -> subprocess.Popen:
    """``hyperchess serve`` on a free port, just started. Its SIGINT is ``sigint``: the default, as a
    terminal's foreground job has it, so a Ctrl-C stops it even in a test run started in the background, which
    ignores SIGINT (and ``serve`` keeps ignoring an inherited SIG_IGN)."""
    return subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db", str(db), *extra],
                            cwd=Path(__file__).resolve().parents[1], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))


def serve_process(db: Path, *extra: str, sigint=signal.SIG_DFL) -> tuple[subprocess.Popen, str]:
    """``serve_started``, and its address once printed."""
    proc = serve_started(db, *extra, sigint=sigint)
    line = proc.stdout.readline()
    assert line.startswith("hyperchess web board: "), (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, line.split(": ", 1)[1].strip().rstrip("/")
