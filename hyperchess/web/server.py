"""The web board's HTTP server (standard library ``http.server``): the static page and a small JSON API.

API (JSON bodies and answers; errors are ``{"error": "one line"}`` with status 400/404):
- ``GET  /api/games``                     the games: name, title, players, colours, description
- ``POST /api/new``   {variant, seats, movetime, clock}  a new game -> state (clock: e.g. "5+0.1", or none)
- ``GET  /api/state?id=ID[&ply=N][&flip=1][&rot=Q][&view=3d]``  the game's state (picture, legal click targets, moves,
  thinking...); ``ply``: the picture after that many moves (review), ``flip``: seen from the other side,
  ``view=3d``: every cell as data for the 3D view; ``known=V``: the page has version V, so only the engine's
  line and the clocks come back (``unchanged``) unless the game has changed
- ``POST /api/move``  {id, move}          a person's move in native notation -> state
- ``POST /api/undo``  {id}                take back to the person's previous turn -> state
- ``POST /api/position`` {id, position}   start from a pasted position string -> state
- ``POST /api/seats`` {id, seats, movetime}  who plays which colour -> state
- ``POST /api/resign`` {id}              the person's side resigns -> state
- ``POST /api/draw``  {id}               the person offers a draw (the engine agrees within 0.3 pawns) -> state
- ``POST /api/analyze`` {id, on, ply}     analysis of the present (ply null) or a reviewed position -> state
- ``POST /api/edit``  {id, start | square+piece | cancel | done+rest}  the board editor -> state
- ``GET  /api/pgn?id=ID``                 the game as a PGN file

Who may call it (the local model of Jupyter Server): the server trusts no request because it reached the
port. Every request names this server in ``Host`` (the bound address or ``localhost``, on the bound port: a
DNS-rebinding page names its own host); an ``Origin``, where one is sent, is the server's own; a POST carries
``Content-Type: application/json`` (which a foreign page cannot send without a CORS preflight, and this
server answers no preflight) and a ``Content-Length`` from 0 to 64 KiB. Bound to anything but loopback, the
server also wants the token it printed at start-up (``?token=`` on the page's address; the page sends it back
as ``X-Hyperchess-Token``). Every refusal is a status and one line of JSON.
"""
from __future__ import annotations

import ipaddress
import json
import secrets
import sys
import threading
import time
from collections import OrderedDict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, urlparse

from hyperchess.variants import DEFAULT_GAME, game_names, get_game

from .session import BadInput, Session

MAX_SESSIONS = 32
MAX_BODY = 64 * 1024
PERSON_AWAY = 30 * 60     # seconds without a request after which a person's game may be closed for a new one
TOKEN_HEADER = "X-Hyperchess-Token"
STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/static/view3d.js": ("view3d.js", "text/javascript; charset=utf-8"),
          "/static/drag.js": ("drag.js", "text/javascript; charset=utf-8"),
          "/static/three.min.js": ("three.min.js", "text/javascript; charset=utf-8"),
          "/static/OrbitControls.js": ("OrbitControls.js", "text/javascript; charset=utf-8"),
          "/static/THREE-LICENSE.txt": ("THREE-LICENSE.txt", "text/plain; charset=utf-8"),
          "/static/style.css": ("style.css", "text/css; charset=utf-8")}


class Refused(Exception):
    """A request the server will not serve: ``status`` and a one-line reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Board:
    """The sessions of one server. Beyond MAX_SESSIONS a new game closes an old one: engine-only games
    first (idle ones, then busy ones, oldest first), then games of a person who has sent nothing for
    PERSON_AWAY seconds. A game in which a person is playing is never closed for a new one: the new game is
    refused instead."""

    def __init__(self) -> None:
        self.sessions: OrderedDict[str, Session] = OrderedDict()
        self.seen: dict[str, float] = {}          # session id -> time of its last request
        self.lock = threading.Lock()

    def _victim(self, now: float) -> str | None:
        def person(s: Session) -> bool:
            return "human" in s.seats
        order = ([sid for sid, s in self.sessions.items() if not person(s) and not s.busy()]
                 + [sid for sid, s in self.sessions.items() if not person(s) and s.busy()]
                 + [sid for sid, s in self.sessions.items()
                    if person(s) and now - self.seen.get(sid, 0.0) > PERSON_AWAY])
        return order[0] if order else None

    def new(self, body: dict) -> Session:
        variant = body.get("variant", DEFAULT_GAME)
        if not isinstance(variant, str):
            raise BadInput("variant must be a game name")
        seats = body.get("seats")
        if seats is None:
            try:
                players = get_game(variant).players
            except KeyError:
                raise BadInput(f"unknown variant {variant!r} (known: {', '.join(game_names())})") from None
            seats = ["human"] + ["engine"] * (players - 1)
        s = Session(variant, seats, body.get("movetime", 0.5), clock=body.get("clock"))
        if body.get("position"):
            s.set_position(body["position"])
        with self.lock:
            now = time.monotonic()
            if len(self.sessions) >= MAX_SESSIONS:
                victim = self._victim(now)
                if victim is None:
                    s.close()
                    raise Refused(503, f"{MAX_SESSIONS} games are in play by people here: finish one first")
                self.sessions.pop(victim).close()
                self.seen.pop(victim, None)
            self.sessions[s.id] = s
            self.seen[s.id] = now
        s.kick()
        return s

    def get(self, sid) -> Session:
        with self.lock:
            s = self.sessions.get(sid) if isinstance(sid, str) else None
            if s is not None:
                self.seen[sid] = time.monotonic()
        if s is None:
            raise LookupError(f"no game {sid!r} (start a new one)")
        return s

    def close(self) -> None:
        with self.lock:
            for s in self.sessions.values():
                s.close()


def games_list() -> list[dict]:
    out = []
    for name in game_names():
        g = get_game(name)
        start = g.position()
        legal = sorted(start.legal_moves())
        out.append({"name": name, "title": g.title, "players": g.players, "description": g.description,
                    "colors": list(g.color_names[:g.players]),
                    "example": start.move_name(legal[len(legal) // 2]) if legal else ""})
    return out


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


class Guard:
    """Which requests this server serves (see the module's docstring)."""

    def __init__(self, host: str, port: int, token: str | None) -> None:
        self.port = port
        self.token = token
        self.wildcard = host in ("", "0.0.0.0", "::")
        bare = host.strip("[]")
        self.hosts = {"localhost", bare, f"[{bare}]" if ":" in bare else bare}

    def host_ok(self, value: str | None) -> bool:
        if not value:
            return False
        name, _, port = value.rpartition(":") if not value.endswith("]") else (value, "", "")
        if not name or not port.isdigit() or int(port) != self.port:
            return False
        return self.wildcard or name.lower() in self.hosts

    def check(self, handler: "BaseHTTPRequestHandler", post: bool, query: dict) -> None:
        """Raise Refused for a request this server must not serve."""
        headers = handler.headers
        if not self.host_ok(headers.get("Host")):
            raise Refused(403, f"Host {headers.get('Host')!r} is not this server (DNS rebinding?)")
        origin = headers.get("Origin")
        if origin is not None and origin != f"http://{headers.get('Host')}":
            raise Refused(403, f"requests from {origin!r} are not served (cross-site request)")
        if self.token is not None and not post and not handler.path.startswith("/api/"):
            pass                                   # the page and its files: the page carries ?token= to the API
        elif self.token is not None:
            given = headers.get(TOKEN_HEADER) or query.get("token") or ""
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                raise Refused(403, "this server wants the token it printed at start-up")
        if post:
            ctype = (headers.get("Content-Type") or "").split(";")[0].strip().lower()
            if ctype != "application/json":
                raise Refused(415, "a request must be Content-Type: application/json")


class Handler(BaseHTTPRequestHandler):
    server_version = "hyperchess-web"
    timeout = 10              # seconds a connection may stall mid-request before it is closed
    board: Board              # set on the class made by make_server
    guard: Guard

    def log_message(self, fmt: str, *args) -> None:      # quiet: the page polls several times a second
        pass

    # ------------------------------------------------------------------ replies
    def _send(self, status: int, body: bytes, ctype: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True          # the page went away (closed, reloaded): nothing to answer

    def _json(self, obj, status: int = 200) -> None:
        self._send(status, json.dumps(obj).encode(), "application/json")

    def _error(self, status: int, message: str) -> None:
        self._json({"error": message}, status)

    def _length(self) -> int:
        """The request's Content-Length: a whole number from 0 to MAX_BODY (absent: 0), else Refused."""
        text = self.headers.get("Content-Length")
        if text is None:
            return 0
        text = text.strip()
        if not text.isdigit() or not text.isascii() or len(text) > 9:
            raise Refused(400, f"Content-Length must be a whole number from 0 to {MAX_BODY}")
        n = int(text)
        if n > MAX_BODY:
            raise Refused(400, f"Content-Length must be a whole number from 0 to {MAX_BODY}, got {n}")
        return n

    def _body_of(self, n: int) -> dict:
        raw = self.rfile.read(n) if n else b"{}"
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise BadInput("the request is not JSON") from None
        if not isinstance(body, dict):
            raise BadInput("the request must be a JSON object")
        return body

    # ------------------------------------------------------------------ routes
    def do_GET(self) -> None:
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        try:
            self._length()
            self.guard.check(self, False, query)
            if url.path in STATIC:
                fname, ctype = STATIC[url.path]
                data = resources.files("hyperchess.web").joinpath("static", fname).read_bytes()
                self._send(200, data, ctype)
            elif url.path == "/favicon.ico":
                self._send(204, b"", "image/x-icon")
            elif url.path == "/api/games":
                self._json(games_list())
            elif url.path == "/api/state":
                known = query.get("known")
                s = self.board.get(query.get("id"))
                if known is not None and known.isdigit() and int(known) == s.version:
                    self._json(s.light_state())
                    return
                ply = query.get("ply")
                if ply is not None and not (ply.isdigit() and len(ply) < 7):
                    raise BadInput(f"ply: a move number, got {ply[:20]!r}")
                rot = query.get("rot", "0")
                self._json(s.state(None if ply is None else int(ply), query.get("flip") == "1",
                                   query.get("view") == "3d", int(rot) % 4 if rot in ("0", "1", "2", "3") else 0))
            elif url.path == "/api/pgn":
                s = self.board.get(query.get("id"))
                self._send(200, s.pgn().encode(), "application/x-chess-pgn; charset=utf-8",
                           {"Content-Disposition": f'attachment; filename="hyperchess-{s.variant}.pgn"'})
            else:
                self._error(404, f"no such page {url.path}")
        except Refused as exc:
            self._error(exc.status, str(exc))
        except LookupError as exc:
            self._error(404, str(exc.args[0]))
        except BadInput as exc:
            self._error(400, str(exc))

    def do_POST(self) -> None:
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        try:
            n = self._length()
            self.guard.check(self, True, query)
            body = self._body_of(n)
            if url.path == "/api/new":
                self._json(self.board.new(body).state())
                return
            s = self.board.get(body.get("id"))
            if url.path == "/api/move":
                move = body.get("move")
                if not isinstance(move, str) or not move.strip():
                    raise BadInput("move: give the move as text, e.g. e2e4")
                s.play(move)
            elif url.path == "/api/undo":
                s.undo()
            elif url.path == "/api/position":
                text = body.get("position")
                if not isinstance(text, str):
                    raise BadInput("position: give a position string")
                s.set_position(text)
            elif url.path == "/api/seats":
                s.set_seats(body.get("seats"), body.get("movetime"))
            elif url.path == "/api/resign":
                s.resign()
            elif url.path == "/api/draw":
                s.offer_draw()
            elif url.path == "/api/edit":
                s.edit(body)
            elif url.path == "/api/analyze":
                ply = body.get("ply")
                if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool)):
                    raise BadInput("ply: a move number or null")
                s.analyze(bool(body.get("on")), ply)
                self._json(s.state(ply))
                return
            else:
                self._error(404, f"no such action {url.path}")
                return
            self._json(s.state())
        except Refused as exc:
            self._error(exc.status, str(exc))
        except LookupError as exc:
            self._error(404, str(exc.args[0]))
        except BadInput as exc:
            self._error(400, str(exc))


class QuietServer(ThreadingHTTPServer):
    """A page that goes away mid-answer is no error worth a traceback: one line on stderr for anything else."""

    def handle_error(self, request, client_address) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError, TimeoutError)):
            return
        print(f"hyperchess serve: {type(exc).__name__} answering {client_address[0]}: {exc}", file=sys.stderr)


def make_server(host: str = "127.0.0.1", port: int = 8000, token: str | None = None) -> ThreadingHTTPServer:
    """A server bound to ``host``:``port`` (port 0 = any free port); call ``serve_forever``. A host other than
    loopback gets a token (``token``, or a new random one), kept in ``server.token``; loopback needs none."""
    if token is None and not is_loopback(host):
        token = secrets.token_urlsafe(16)
    # searches are pure Python: a short switch interval gives request threads the GIL within ~1 ms
    sys.setswitchinterval(0.001)
    handler = type("BoundHandler", (Handler,), {"board": Board()})
    server = QuietServer((host, port), handler)
    server.daemon_threads = True
    handler.guard = Guard(host, server.server_address[1], token)
    server.board = handler.board        # type: ignore[attr-defined]
    server.token = token                # type: ignore[attr-defined]
    return server
