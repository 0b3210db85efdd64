"""The web board's HTTP server (standard library ``http.server``): the static page and a small JSON API.

API (JSON bodies and answers; errors are ``{"error": "one line"}`` with status 400/404):
- ``GET  /api/games``                     the games: name, title, players, colours, description
- ``POST /api/new``   {variant, seats, movetime}  a new game -> state
- ``GET  /api/state?id=ID``               the game's state (picture, legal click targets, moves, thinking...)
- ``POST /api/move``  {id, move}          a person's move in native notation -> state
- ``POST /api/undo``  {id}                take back to the person's previous turn -> state
- ``POST /api/position`` {id, position}   start from a pasted position string -> state
- ``POST /api/seats`` {id, seats, movetime}  who plays which colour -> state
- ``GET  /api/pgn?id=ID``                 the game as a PGN file
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, urlparse

from hyperchess.variants import DEFAULT_GAME, game_names, get_game

from .session import BadInput, Session

MAX_SESSIONS = 32
MAX_BODY = 64 * 1024
STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/static/style.css": ("style.css", "text/css; charset=utf-8")}


class Board:
    """The sessions of one server (the oldest are closed beyond MAX_SESSIONS)."""

    def __init__(self) -> None:
        self.sessions: OrderedDict[str, Session] = OrderedDict()
        self.lock = threading.Lock()

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
        s = Session(variant, seats, body.get("movetime", 0.5))
        if body.get("position"):
            s.set_position(body["position"])
        with self.lock:
            self.sessions[s.id] = s
            while len(self.sessions) > MAX_SESSIONS:
                _, old = self.sessions.popitem(last=False)
                old.close()
        s.kick()
        return s

    def get(self, sid) -> Session:
        with self.lock:
            s = self.sessions.get(sid) if isinstance(sid, str) else None
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
        out.append({"name": name, "title": g.title, "players": g.players, "description": g.description,
                    "colors": list(g.color_names[:g.players])})
    return out


class Handler(BaseHTTPRequestHandler):
    server_version = "hyperchess-web"
    board: Board              # set on the class made by make_server

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
        self.wfile.write(body)

    def _json(self, obj, status: int = 200) -> None:
        self._send(status, json.dumps(obj).encode(), "application/json")

    def _error(self, status: int, message: str) -> None:
        self._json({"error": message}, status)

    def _body(self) -> dict:
        n = int(self.headers.get("Content-Length") or 0)
        if n > MAX_BODY:
            raise BadInput("request too large")
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
            if url.path in STATIC:
                fname, ctype = STATIC[url.path]
                data = resources.files("hyperchess.web").joinpath("static", fname).read_bytes()
                self._send(200, data, ctype)
            elif url.path == "/favicon.ico":
                self._send(204, b"", "image/x-icon")
            elif url.path == "/api/games":
                self._json(games_list())
            elif url.path == "/api/state":
                self._json(self.board.get(query.get("id")).state())
            elif url.path == "/api/pgn":
                s = self.board.get(query.get("id"))
                self._send(200, s.pgn().encode(), "application/x-chess-pgn; charset=utf-8",
                           {"Content-Disposition": f'attachment; filename="hyperchess-{s.variant}.pgn"'})
            else:
                self._error(404, f"no such page {url.path}")
        except LookupError as exc:
            self._error(404, str(exc.args[0]))
        except BadInput as exc:
            self._error(400, str(exc))

    def do_POST(self) -> None:
        url = urlparse(self.path)
        try:
            body = self._body()
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
            else:
                self._error(404, f"no such action {url.path}")
                return
            self._json(s.state())
        except LookupError as exc:
            self._error(404, str(exc.args[0]))
        except BadInput as exc:
            self._error(400, str(exc))


def make_server(host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """A server bound to ``host``:``port`` (port 0 = any free port); call ``serve_forever``."""
    handler = type("BoundHandler", (Handler,), {"board": Board()})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    server.board = handler.board        # type: ignore[attr-defined]
    return server
