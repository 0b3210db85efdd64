"""The web server trusts no caller (hyperchess/web/server.py, the local model of Jupyter Server): requests as a
foreign web page or a DNS-rebinding page would send them, sent as raw HTTP to a running server. Each refusal is
a status and one line of JSON, at once; the page's own requests keep working; a flood of new games never
closes the game a person is playing."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from web_support import exchange, games_made, serving




@pytest.fixture(scope="module")
def server():
    with serving() as s:
        yield s


def raw(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"",
        timeout: float = 5.0, half_close: bool = False) -> tuple[int, bytes]:
    """Send exactly these request bytes and read the whole answer (status, body) up to the server's close
    (``Connection: close``). ``half_close`` ends the sending side after the body (uvicorn takes that as the
    client gone and answers nothing)."""
    lines = [f"{method} {path} HTTP/1.1"] + [f"{k}: {v}" for k, v in headers.items()]
    data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
    return exchange(port, data, timeout, half_close)


def own(server, extra: dict[str, str] | None = None, body: bytes = b"") -> dict[str, str]:
    port = server.server_address[1]
    headers = {"Host": f"127.0.0.1:{port}", "Connection": "close", "Content-Length": str(len(body))}
    headers.update(extra or {})
    return headers


def one_line(payload: bytes) -> str:
    """The one-line reason of a refusal: our JSON ``error``, or the HTTP server's own one-line text for a
    request it cannot parse at all."""
    text = payload.decode("utf-8", "replace").strip()
    assert text and "\n" not in text, text
    try:
        return json.loads(text)["error"]
    except ValueError:
        return text


def one_line_error(payload: bytes) -> str:
    text = payload.decode()
    assert "\n" not in text.strip()
    message = json.loads(text)["error"]
    assert message and "\n" not in message
    return message


NEW = json.dumps({"variant": "normal", "seats": ["engine", "engine"], "movetime": 0.05}).encode()


@pytest.mark.parametrize("method, path, change, status, reason", [
    ("POST", "/api/new", {"Host": "evil.example"}, 403, "DNS rebinding"),
    ("GET", "/api/games", {"Host": "rebind.evil.example:{port}"}, 403, "DNS rebinding"),
    ("POST", "/api/new", {"Origin": "http://evil.example"}, 403, "cross-site"),
    ("POST", "/api/new", {"Content-Type": "text/plain"}, 415, "application/json"),
    ("POST", "/api/new", {"Content-Length": "-1"}, 400, "Invalid HTTP request"),   # refused by the parser
    ("POST", "/api/new", {"Content-Length": "abc"}, 400, "Invalid HTTP request"),
    ("POST", "/api/new", {"Content-Length": "70000"}, 400, "Content-Length"),
    ("GET", "/api/games", {"Host": "127.0.0.1:1"}, 403, "not this server"),
])
def test_foreign_requests_are_refused_at_once(server, method, path, change, status, reason):
    port = server.server_address[1]
    headers = own(server, {"Content-Type": "application/json"} if method == "POST" else {}, NEW if method == "POST" else b"")
    headers.update({k: v.format(port=port) for k, v in change.items()})
    before = games_made(server)
    # the connection stays open: an answer that waited for the body's end (or to EOF) would time out
    got, payload = raw(port, method, path, headers, NEW if method == "POST" else b"", timeout=5, half_close=False)
    assert got == status
    assert reason in one_line(payload)
    assert games_made(server) == before


def test_the_pages_own_requests_work(server):
    port = server.server_address[1]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}"):
        got, payload = raw(port, "GET", "/api/games", own(server, {"Host": host}), timeout=60)
        assert got == 200 and "future-generation" in payload.decode()
    headers = own(server, {"Content-Type": "application/json; charset=utf-8", "Origin": f"http://127.0.0.1:{port}"},
                  NEW)
    got, payload = raw(port, "POST", "/api/new", headers, NEW)
    assert got == 200 and json.loads(payload)["variant"] == "normal"
    got, page = raw(port, "GET", "/", own(server))
    assert got == 200 and b"hyperchess web board" in page


def test_beyond_loopback_the_printed_token_is_needed():
    with serving("0.0.0.0") as server:
        token = server.token
        assert token and len(token) >= 16
        port = server.server_address[1]
        got, page = raw(port, "GET", "/", own(server))
        assert got == 200                                   # the page itself, which carries ?token=
        got, payload = raw(port, "GET", "/api/games", own(server))
        assert got == 403 and "token" in one_line_error(payload)
        got, payload = raw(port, "GET", "/api/games", own(server, {"X-Hyperchess-Token": "wrong"}))
        assert got == 403
        got, payload = raw(port, "GET", "/api/games", own(server, {"X-Hyperchess-Token": token}))
        assert got == 200
        got, payload = raw(port, "GET", f"/api/games?token={token}", own(server))
        assert got == 200
    with serving("127.0.0.1") as local:
        assert local.token is None


def test_a_flood_of_new_games_never_closes_a_persons_game():
    with serving() as server:
        server.board.max_open = 8
        port = server.server_address[1]
        mine = json.dumps({"variant": "normal", "seats": ["human", "engine"], "movetime": 0.05}).encode()
        got, payload = raw(port, "POST", "/api/new", own(server, {"Content-Type": "application/json"}, mine), mine)
        key = json.loads(payload)["key"]
        # 100 from a foreign page: refused, nothing created
        for _ in range(100):
            got, _ = raw(port, "POST", "/api/new", own(server, {"Content-Type": "text/plain",
                                                                "Origin": "http://evil.example"}, NEW), NEW)
            assert got in (403, 415)
        assert games_made(server) == 1
        # 100 games that pass every check (people's and engines'): none refused; older ones are set aside
        people = json.dumps({"variant": "normal", "seats": ["human", "human"]}).encode()
        for i in range(100):
            body = people if i % 2 else NEW
            got, _ = raw(port, "POST", "/api/new", own(server, {"Content-Type": "application/json"}, body), body)
            assert got == 200
        assert len(server.board.sessions) <= 8 and games_made(server) == 101
        # the person's game opens again on its link, as it was, and takes a move
        move = json.dumps({"key": key, "move": "e2e4"}).encode()
        got, payload = raw(port, "POST", "/api/move", own(server, {"Content-Type": "application/json"}, move), move,
                           timeout=20)
        assert got == 200 and json.loads(payload)["moves"][0] == "e2e4"


header_text = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(host=header_text | st.sampled_from(["127.0.0.1:{port}", "localhost:{port}"]),
       length=header_text | st.integers(0, 100).map(str), ctype=header_text | st.just("application/json"),
       origin=st.none() | header_text | st.just("http://127.0.0.1:{port}"))
@example(host="", length="99999999999999999999", ctype="", origin=None)
@example(host="127.0.0.1:{port}", length="99999999999999999999", ctype="application/json",
         origin="http://127.0.0.1:{port}")
def test_any_headers_get_one_line_and_no_game(server, host, length, ctype, origin):
    port = server.server_address[1]
    headers = {"Host": host.replace("{port}", str(port)).strip() or "x", "Content-Length": length.strip() or "x",
               "Content-Type": ctype, "Connection": "close"}
    if origin is not None:
        headers["Origin"] = origin.replace("{port}", str(port))
    before = games_made(server)
    claimed = headers["Content-Length"]
    body = NEW
    huge = claimed.isdigit() and claimed.isascii() and int(claimed) > 1 << 20
    if claimed.isdigit() and claimed.isascii() and not huge:   # the body is as long as it says (else the server waits)
        body = (NEW + b" " * int(claimed))[:int(claimed)]
    got, payload = raw(port, "POST", "/api/new", headers, body)
    if huge:                                            # refused by its length before any byte of it is read
        assert got in (400, 403, 413) and one_line(payload)
    elif got != 200:
        assert got in (400, 403, 415) and one_line(payload)
    else:                                               # only a request that passes every check makes a game
        assert headers["Host"] in (f"127.0.0.1:{port}", f"localhost:{port}")
        assert games_made(server) == before + 1
