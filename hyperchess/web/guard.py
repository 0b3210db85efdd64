"""Which requests the web server serves (the local model of Jupyter Server), as ASGI middleware in front of
every HTTP request and WebSocket handshake.

- ``Host`` names this server (the bound address or ``localhost``, on the bound port): a DNS-rebinding page
  names its own host.
- An ``Origin``, where one is sent, is the server's own (``http://`` + Host); for a WebSocket it must be sent.
- A POST carries ``Content-Type: application/json`` (which a foreign page cannot send without a CORS
  preflight, and this server answers no preflight) and a ``Content-Length`` from 0 to MAX_BODY.
- A POST's body is read here, whatever its framing (``Content-Length`` or chunked): the bytes received are
  counted, and beyond MAX_BODY it is refused (413) and the connection closed, so no more is read or held; the
  whole body must arrive within ``body_seconds`` (408). A client gone mid-body is one line in the log.
- Bound beyond loopback: a request needs the token printed at start-up (``?token=`` or ``X-Hyperchess-Token``)
  or a link's key that opens a game (``/play/KEY``, ``/watch/KEY``, ``?key=`` or ``X-Hyperchess-Key``); only
  the page's own files are served without. A key alone does not start games or list them (TOKEN_ONLY). The path checked is the one routed, whatever the form of the
  request target (origin-form, absolute-form ``http://host/path``).

Every refusal is a status and one line of JSON.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import secrets
from typing import Callable
from urllib.parse import parse_qs, urlsplit

MAX_BODY = 64 * 1024
BODY_SECONDS = 10.0                  # a request's whole body must arrive within this long of its headers
log = logging.getLogger("hyperchess.web")
TOKEN_HEADER = "x-hyperchess-token"
KEY_HEADER = "x-hyperchess-key"
PUBLIC = ("/", "/favicon.ico")       # served without the token (the page carries ?token= to the API)
TOKEN_ONLY = ("/api/new", "/games")  # beyond loopback a link's key is not enough: new games, the list of games


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def path_key(path: str) -> str | None:
    """The key in a link's path: ``/play/KEY`` or ``/watch/KEY``."""
    for prefix in ("/play/", "/watch/"):
        if path.startswith(prefix) and "/" not in path[len(prefix):]:
            return path[len(prefix):]
    return None


class Guard:
    """The rules above for a server bound to ``host``:``port`` with ``token`` (None on loopback);
    ``key_known(key)`` tells whether a link's key opens a game."""

    def __init__(self, app, host: str, port: int, token: str | None, key_known: Callable[[str], bool],
                 body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.body_seconds = body_seconds
        self.port = port
        self.token = token
        self.key_known = key_known
        self.wildcard = host in ("", "0.0.0.0", "::")
        bare = host.strip("[]")
        self.hosts = {"localhost", bare, f"[{bare}]" if ":" in bare else bare}

    def host_ok(self, value: str | None) -> bool:
        if not value:
            return False
        name, _, port = value.rpartition(":") if not value.endswith("]") else (value, "", "")
        if not name or not port.isdigit() or not port.isascii() or len(port) > 5 or int(port) != self.port:
            return False
        return self.wildcard or name.lower() in self.hosts

    def refusal(self, scope) -> tuple[int, str] | None:
        """(status, reason) for a request this server must not serve, else None."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host")
        if not self.host_ok(host):
            return 403, f"Host {host!r} is not this server (DNS rebinding?)"
        origin = headers.get("origin")
        websocket = scope["type"] == "websocket"
        if (origin is not None or websocket) and origin != f"http://{host}":
            return 403, f"requests from {origin!r} are not served (cross-site request)"
        path = scope["path"]
        query = {k: v[0] for k, v in parse_qs(scope.get("query_string", b"").decode("latin-1")).items()}
        if self.token is not None and not (scope["type"] == "http" and scope["method"] == "GET"
                                           and (path in PUBLIC or path.startswith("/static/"))):
            given = headers.get(TOKEN_HEADER) or query.get("token") or ""
            if not secrets.compare_digest(given.encode("utf-8", "replace"), self.token.encode()):
                key = path_key(path) or headers.get(KEY_HEADER) or query.get("key")
                if not (key and self.key_known(key)):
                    return 403, "this server wants the token it printed at start-up, or a game's link"
                if path in TOKEN_ONLY or (path == "/api/pgn" and "game" in query):
                    return 403, "a game's link opens only its game: this wants the token printed at start-up"
        if scope["type"] == "http" and scope["method"] == "POST":
            length = headers.get("content-length")
            if length is not None and not (length.strip().isdigit() and length.strip().isascii()
                                           and len(length.strip()) <= 9 and int(length) <= MAX_BODY):
                return 400, f"Content-Length must be a whole number from 0 to {MAX_BODY}"
            ctype = (headers.get("content-type") or "").split(";")[0].strip().lower()
            if ctype != "application/json":
                return 415, "a request must be Content-Type: application/json"
        return None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        if not path.startswith("/"):
            # absolute-form (``GET http://host:port/api/...``) or asterisk-form: route and check its path
            path = urlsplit(path).path or "/"
            scope = dict(scope, path=path, raw_path=path.encode("utf-8", "replace"))
        refused = self.refusal(scope)
        if refused is None and scope["type"] == "http" and scope["method"] == "POST":
            body, refused = await self.read_body(scope, receive)
            if body is None and refused is None:
                return                        # the client has gone: nobody to answer
            receive = replay(body, receive)
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, reason = refused
        if scope["type"] == "websocket":      # the handshake is refused: the server answers 403
            await send({"type": "websocket.close", "code": 1008, "reason": reason[:120]})
            return
        body = one_line(reason)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"cache-control", b"no-store"), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


    async def read_body(self, scope, receive) -> tuple[bytes | None, tuple[int, str] | None]:
        """(the whole body, None), or (None, a refusal), or (None, None) when the client has gone."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_seconds
        chunks: list[bytes] = []
        size = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                return None, (408, f"the request's body took longer than {self.body_seconds:g} s")
            if message["type"] == "http.disconnect":
                client = scope.get("client") or ("?", 0)
                log.warning("hyperchess serve: %s:%s left during the body of POST %s (%d bytes received)",
                            client[0], client[1], scope.get("path", "")[:80], size)
                return None, None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                return None, (413, f"a request body is at most {MAX_BODY} bytes")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), None


def replay(body: bytes, receive):
    """An ASGI ``receive`` that gives the body already read, then whatever the connection says."""
    given = False

    async def again():
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return again


def one_line(reason: str) -> bytes:
    return json.dumps({"error": reason}).encode()
