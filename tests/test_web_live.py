"""Seats by link, live updates over the WebSocket, and the games database (hyperchess/web/board.py,
server.py, store.py), over real HTTP and WebSocket connections to a running server (no browser): who may move
which seat, what every page is told and when, what survives a restart, and the hostile battery of issue 49."""
from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import chess
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from hyperchess.tournament.pgn import check_pgn
from hyperchess.web.server import make_server
from web_support import base, call, exchange, games_made, serving
from hyperchess.web.store import Store

ROOT = Path(__file__).resolve().parents[1]








def people_game(url: str, variant: str = "normal", seats=None, clock: str = "none") -> dict:
    status, st = call(url, "/api/new", {"variant": variant, "seats": seats or ["link", "link"], "clock": clock})
    assert status == 200, st
    return st


def ws(server, key: str, origin: str | None = "own"):
    port = server.server_address[1]
    return connect(f"ws://127.0.0.1:{port}/ws?key={key}",
                   origin=f"http://127.0.0.1:{port}" if origin == "own" else origin, open_timeout=10)


def next_update(conn, timeout: float = 5.0) -> dict:
    while True:
        m = json.loads(conn.recv(timeout=timeout))
        if m["type"] == "update":
            return m


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serving(db=tmp_path_factory.mktemp("live") / "games.sqlite3") as s:
        yield s


def test_each_link_plays_its_own_seat_and_every_page_is_told(server):
    url = base(server)
    st = people_game(url)
    white, black = st["links"]["seats"]["white"], st["links"]["seats"]["black"]
    watch = st["links"]["watch"]
    assert min(len(white), len(black), len(watch)) >= 22         # >= 128 bits of token_urlsafe
    assert st["players"] == ["person", "person"] and st["legal"] == []   # the owner gave both seats away
    with ws(server, black) as b, ws(server, watch) as w:
        assert next_update(b)["moves"] == [] and next_update(w)["moves"] == []
        # white's link sees its legal moves; black's and the spectator's see none
        _, sw = call(url, f"/api/state?key={white}")
        _, sb = call(url, f"/api/state?key={black}")
        assert len(sw["legal"]) == 20 and sb["legal"] == [] and sw["players"] == ["you", "person"]
        t0 = time.perf_counter()
        status, after = call(url, "/api/move", {"key": white, "move": "e2e4"})
        assert status == 200 and after["moves"] == ["e2e4"]
        for conn in (b, w):
            m = next_update(conn)
            assert m["moves"] == ["e2e4"] and m["turn"] == "black"
        assert time.perf_counter() - t0 < 0.3
        # refused: the spectator, white moving for black, a random link; the game unchanged
        for key, status in ((watch, 403), (white, 403), ("x" * 32, 403)):
            got, err = call(url, "/api/move", {"key": key, "move": "e7e5"})
            assert got == status and "\n" not in err["error"], (key, err)
        _, now = call(url, f"/api/state?key={black}")
        assert now["moves"] == ["e2e4"]
        # a move over the WebSocket, acknowledged, and pushed to the others
        b.send(json.dumps({"type": "move", "move": "e7e5", "id": 1}))
        replies = [json.loads(b.recv(timeout=5)) for _ in range(2)]
        assert {"type": "ack", "id": 1} in replies
        assert next_update(w)["moves"] == ["e2e4", "e7e5"]
        b.send(json.dumps({"type": "move", "move": "d2d4"}))       # white's move from black's link
        reply = json.loads(b.recv(timeout=5))
        assert reply["type"] == "error" and reply["status"] == 403
    # the owner's page may not take back or paste a position in a game between people by link
    got, err = call(url, "/api/undo", {"key": st["key"]})
    assert got == 403


def test_draw_offer_and_resignation_between_people(server):
    url = base(server)
    st = people_game(url)
    white, black = st["links"]["seats"]["white"], st["links"]["seats"]["black"]
    with ws(server, white) as w:
        next_update(w)
        call(url, "/api/draw", {"key": black})
        assert next_update(w)["draw_offer"] == "Black"
        status, now = call(url, "/api/draw", {"key": white})            # white accepts
        assert status == 200 and now["result"] == "1/2-1/2"
        assert next_update(w)["result"] == "1/2-1/2"
    st = people_game(url)
    status, now = call(url, "/api/resign", {"key": st["links"]["seats"]["black"]})
    assert now["result"] == "1-0" and now["reason"] == "Black resigns"
    assert call(url, "/api/resign", {"key": st["links"]["watch"]})[0] == 403


def test_the_websocket_refuses_foreign_origins_hosts_and_links(server):
    st = people_game(base(server))
    key = st["links"]["seats"]["white"]
    for origin in ("http://evil.example", None, f"http://localhost:{server.server_address[1] + 1}"):
        with pytest.raises(InvalidStatus) as exc:
            ws(server, key, origin=origin).close()
        assert exc.value.response.status_code == 403
    with pytest.raises(InvalidStatus) as exc:
        ws(server, "y" * 32).close()                                  # a random link
    assert exc.value.response.status_code == 403
    port = server.server_address[1]
    with pytest.raises(InvalidStatus) as exc:                          # a DNS-rebinding page's Host
        connect(f"ws://localhost.evil.example:{port}/ws?key={key}", origin=f"http://localhost.evil.example:{port}",
                proxy=None, sock=socket.create_connection(("127.0.0.1", port))).close()
    assert exc.value.response.status_code == 403
    assert call(base(server), f"/play/{'z' * 32}")[0] == 403


def test_a_restart_reopens_every_unfinished_game_with_its_clocks(tmp_path):
    db = tmp_path / "games.sqlite3"
    with serving(db=db) as server:
        url = base(server)
        st = people_game(url, clock="5:00+2")
        white, black = st["links"]["seats"]["white"], st["links"]["seats"]["black"]
        for key, move in ((white, "e2e4"), (black, "e7e5"), (white, "g1f3")):
            assert call(url, "/api/move", {"key": key, "move": move})[0] == 200
        _, before = call(url, f"/api/state?key={black}")
    with serving(db=db) as server:
        assert server.reopened.wait(60)
        assert st["id"] in server.board.sessions                        # reopened at start
        _, after = call(base(server), f"/api/state?key={black}")
        assert after["moves"] == before["moves"] == ["e2e4", "e7e5", "g1f3"]
        assert after["clocks"][0] == pytest.approx(before["clocks"][0], abs=0.01)     # white's: stopped
        assert after["clocks"][1] == pytest.approx(before["clocks"][1], abs=1.0)      # black's: runs again
        assert call(base(server), "/api/move", {"key": black, "move": "b8c6"})[0] == 200


def test_games_export_writes_every_game_as_one_pgn(tmp_path):
    db = tmp_path / "games.sqlite3"
    with serving(db=db) as server:
        url = base(server)
        a = people_game(url)
        for key, move in ((a["links"]["seats"]["white"], "f2f3"), (a["links"]["seats"]["black"], "e7e5"),
                          (a["links"]["seats"]["white"], "g2g4"), (a["links"]["seats"]["black"], "d8h4")):
            call(url, "/api/move", {"key": key, "move": move})
        b = people_game(url, "raumschach")
        status, page = call(url, "/games")
        assert status == 200 and page.count("<tr data-game=") == 1 and "0-1 Black mates" in page
    out = tmp_path / "all.pgn"
    r = subprocess.run([sys.executable, "-m", "hyperchess", "games", "export", "--db", str(db), "-o", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    # the raumschach game had no move: never stored, not exported (tests/test_web_holds.py)
    assert text.count("[Event ") == 1 and '[Result "0-1"]' in text and '[Variant "raumschach"]' not in text
    assert check_pgn(text).error is None
    r = subprocess.run([sys.executable, "-m", "hyperchess", "pgn", "check", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([sys.executable, "-m", "hyperchess", "games", "export", "--db", str(tmp_path / "none")],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert b["id"]


# ---------------------------------------------------------------------- the hostile battery (issue 49)
def raw(port: int, request: bytes, timeout: float = 10.0) -> tuple[int, bytes]:
    return exchange(port, request, timeout)


def post(port: int, path: str, body: bytes, host: str | None = None, extra: str = "") -> tuple[int, bytes]:
    return raw(port, (f"POST {path} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\nConnection: close\r\n"
                      f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n{extra}\r\n").encode() + body)


def one_line(body: bytes) -> str:
    text = body.decode().strip()
    assert text and "\n" not in text
    return json.loads(text)["error"]


def test_the_hostile_battery_gets_one_line_each(server):
    port = server.server_address[1]
    st = people_game(base(server))
    key = st["links"]["seats"]["white"]
    huge = "9" * 5000
    cases = [("/api/new", '{"variant": "normal", "movetime": %s}' % huge),
             ("/api/new", '{"variant": "normal", "seats": ["human", "engine"], "x": %s}' % huge),
             ("/api/move", '{"key": "%s", "move": %s}' % (key, huge)),
             ("/api/analyze", '{"key": "%s", "on": true, "ply": %s}' % (key, huge)),
             ("/api/new", '{"variant": "normal", "position": 5}'),
             ("/api/new", '{"variant": "normal", "position": 1.5}'),
             ("/api/new", '{"variant": "normal", "position": true}'),
             ("/api/new", '{"variant": "normal", "movetime": 1%s}' % ("0" * 400)),
             ("/api/new", '{"variant": "normal", "movetime": 1e999}'),
             ("/api/new", '{"variant": "normal", "clock": "1%s+0"}' % ("0" * 30)),
             ("/api/new", '{"variant": 5}'),
             ("/api/new", '{"variant": "normal", "seats": [1, 2]}'),
             ("/api/new", "[" * 10000),
             ("/api/move", '{"key": ["x"], "move": "e2e4"}')]
    before = games_made(server)
    for path, body in cases:
        status, answer = post(port, path, body.encode())
        assert 400 <= status < 500, (path, body[:80], status, answer[:200])
        one_line(answer)
    assert games_made(server) == before
    _, now = call(base(server), f"/api/state?key={key}")
    assert now["moves"] == []


def test_a_burst_of_200_connections_is_served(server):
    port = server.server_address[1]
    results: list[int] = []

    def one() -> None:
        try:
            results.append(raw(port, f"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close"
                                     f"\r\n\r\n".encode(), timeout=60)[0])
        except OSError as exc:
            results.append(type(exc).__name__)
    threads = [threading.Thread(target=one) for _ in range(200)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(204) == 200, [r for r in results if r != 204][:5]
    print(f"200 connections at once served in {time.perf_counter() - t0:.2f} s")


def test_the_token_holds_for_every_form_of_request_target(tmp_path):
    with serving("0.0.0.0", db=tmp_path / "g.sqlite3") as server:
        port = server.server_address[1]
        token = server.token
        host = f"127.0.0.1:{port}"
        targets = ["/api/state?key=abc", f"http://{host}/api/state?key=abc", f"http://{host}/api/games",
                   "/api/games", f"http://{host}/games", "/games", "*", f"{host}", "//api/games", "/api/../api/games"]
        for target in targets:
            status, body = raw(port, f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            assert status in (400, 403, 404), (target, status, body[:100])
            assert status != 200
        for target in ("/api/games", f"http://{host}/api/games"):
            status, _ = raw(port, f"GET {target} HTTP/1.1\r\nHost: {host}\r\nX-Hyperchess-Token: {token}\r\n"
                                  f"Connection: close\r\n\r\n".encode(), timeout=60)
            assert status == 200, target
        # a seat's link is its own key beyond loopback: no token needed for its game, and only for its game
        status, answer = raw(port, (f"POST /api/new?token={token} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
                                    "Content-Type: application/json\r\nContent-Length: 36\r\n\r\n"
                                    '{"variant": "normal", "seats": null}').encode())
        assert status == 200
        game = json.loads(answer)
        status, _ = raw(port, f"GET /api/state?key={game['key']} HTTP/1.1\r\nHost: {host}\r\nConnection: close"
                              "\r\n\r\n".encode())
        assert status == 200
        status, _ = raw(port, f"GET /play/{game['key']} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        assert status == 200
        status, _ = raw(port, f"GET /play/{'q' * 32} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        assert status == 403
        # a key alone starts no game, lists no games and downloads no other game's PGN
        for request in (f"GET /games?key={game['key']}", f"GET /api/pgn?game={game['id']}&key={game['key']}"):
            status, _ = raw(port, f"{request} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            assert status == 403, request
        status, _ = raw(port, (f"POST /api/new HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
                               f"X-Hyperchess-Key: {game['key']}\r\nContent-Type: application/json\r\n"
                               "Content-Length: 2\r\n\r\n{}").encode())
        assert status == 403


def test_concurrent_first_requests_on_a_fresh_server_all_succeed(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db",
                             str(tmp_path / "g.sqlite3")], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()
        port = int(line.rsplit(":", 1)[1].strip(" /\n"))
        results: list = []

        def one(i: int) -> None:
            body = json.dumps({"variant": ["normal", "raumschach", "capablanca"][i % 3],
                               "seats": None}).encode()
            try:
                results.append(post(port, "/api/new", body))
            except OSError as exc:
                results.append((type(exc).__name__, b""))
        threads = [threading.Thread(target=one, args=(i,)) for i in range(24)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [s for s, _ in results] == [200] * 24, [(s, b[:120]) for s, b in results if s != 200][:3]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)


def test_a_killed_server_loses_no_acknowledged_move(tmp_path):
    """SIGKILL right after the acknowledgement of each move: every acknowledged move is in the database."""
    db = tmp_path / "g.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "hyperchess", "serve", "--port", "0", "--db", str(db)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    url = line.split(": ", 1)[1].strip().rstrip("/")
    st = people_game(url)
    keys = [st["links"]["seats"]["white"], st["links"]["seats"]["black"]]
    board = chess.Board()
    sent = []
    for i, move in enumerate(["e2e4", "c7c5", "g1f3", "d7d6", "d2d4"]):
        assert call(url, "/api/move", {"key": keys[i % 2], "move": move})[0] == 200
        board.push_uci(move)
        sent.append(move)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=20)
    store = Store(db)
    stored = store.load(st["id"])
    store.close()
    assert stored.moves == sent


def test_a_request_whose_headers_trickle_in_is_cut_off(tmp_path):
    """One byte of the request every 0.2 s: after the deadline (here 1 s) a one-line 408 and the connection
    closes; a page's ordinary requests on the same server are answered meanwhile."""
    server = make_server("127.0.0.1", 0, db=tmp_path / "g.sqlite3", header_seconds=1.0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        request = f"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: {'a' * 40}\r\n\r\n".encode()
        t0 = time.perf_counter()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            answer = b""
            for i in range(len(request)):
                try:
                    sock.sendall(request[i:i + 1])
                except OSError:
                    break
                if i == 3:
                    assert call(base(server), "/favicon.ico")[0] == 204
                sock.settimeout(0.2)
                try:
                    chunk = sock.recv(4096)
                except TimeoutError:
                    continue
                answer += chunk
                if not chunk or answer.endswith(b"}"):
                    break
        took = time.perf_counter() - t0
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 408") and "too long" in one_line(body)
        assert 0.9 < took < 3.0, took
    finally:
        server.shutdown()
        server.server_close()


def test_a_move_found_after_the_database_closed_is_not_an_error(tmp_path):
    """An engine thread that finishes its search while the server shuts down: its move is not written (it was
    never acknowledged), the thread raises nothing, and what was stored before stays."""
    from hyperchess.web.session import Session
    store = Store(tmp_path / "g.sqlite3")
    s = Session("normal", ["human", "human"], 0.1)
    store.create(s, {})
    s.store = store
    s.play("e2e4")
    store.close()
    s.play("e7e5")                      # after the close: no sqlite3.ProgrammingError
    reopened = Store(tmp_path / "g.sqlite3")
    assert reopened.load(s.id).moves == ["e2e4"]
    reopened.close()
