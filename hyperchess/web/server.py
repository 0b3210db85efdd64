"""The web board's server: a Starlette application on uvicorn (HTTP and WebSockets), in front of it the
request guard (``guard.py``: Host, Origin, token, body limits).

API (JSON bodies and answers; errors are ``{"error": "one line"}`` with status 400/403/404/503). A game is
reached through a link's key (``key`` in the body or query, or ``X-Hyperchess-Key``); the key decides which
seats the caller plays (``board.py``):
- ``GET  /api/games``                     the games: name, title, players, colours, description, and the
  engines from outside (``serve --engine``) that play it, each a seat choice by its name
- ``POST /api/new``   {variant, seats, movetime, clock, position}  a new game -> state, with ``key`` (the
  owner's) and ``links`` (one per seat given by link: seats ``"link"``; and the spectator's)
- ``GET  /api/state?key=K[&ply=N][&flip=1][&rot=Q][&view=3d][&known=V]``  the game's state for this key
  (picture, legal click targets when its seat is to move, moves, thinking...); ``ply``: the picture after that
  many moves (review), ``flip``: seen from the other side, ``view=3d``: every cell as data for the 3D view;
  ``known=V``: the page has version V, so only the engine's line and the clocks come back (``unchanged``)
- ``POST /api/move``  {key, move}         a move for the key's seat, in native notation -> state
- ``POST /api/resign`` {key}, ``/api/draw`` {key}, ``/api/rematch`` {key}   resign; offer (or accept) a draw;
  ask for (or agree to) a rematch -> state (with ``rematch_key``, this link's key in the rematch, once made)
- ``POST /api/undo``, ``/api/position`` {position}, ``/api/seats`` {seats, movetime}, ``/api/edit``,
  ``/api/analyze`` {on, ply}: the owner's, at a board where no seat is played by link -> state
- ``GET  /api/pgn?key=K`` or ``?game=ID``  the game as a PGN file
- ``GET  /play/KEY``, ``/watch/KEY``      the page on a link; ``GET /games[?all=1]`` the games kept (with a
  move; ``all``: every one)
- ``WS   /ws?key=K``  every change of the game is pushed as ``{"type": "update", ...}`` (``Session.update``);
  the client may send ``{"type": "move", "move": M[, "id": N]}`` (refused: ``error``; with an ``id``,
  acknowledged ``ack``; the update that follows acknowledges it in any case).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import signal
import socket
import sys
import threading
from importlib import resources

import h11
import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.h11_impl import H11Protocol
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hyperchess.variants import game_names, game_summary

from .board import Board, Full, pgn_of
from .guard import BODY_SECONDS, KEY_HEADER, MAX_BODY, Guard, is_loopback, path_key
from . import rematch
from .pages import games_page
from .session import BadInput, NotAllowed
from .store import Store
from .fog import fog_names
from .team_session import two_board_names

STATIC = {"app.js": "text/javascript; charset=utf-8", "editor.js": "text/javascript; charset=utf-8",
          "live.js": "text/javascript; charset=utf-8",
          "view3d.js": "text/javascript; charset=utf-8", "drag.js": "text/javascript; charset=utf-8", "three.min.js": "text/javascript; charset=utf-8",
          "layout3d.js": "text/javascript; charset=utf-8",
          "OrbitControls.js": "text/javascript; charset=utf-8", "THREE-LICENSE.txt": "text/plain; charset=utf-8",
          "style.css": "text/css; charset=utf-8", "sound.js": "text/javascript; charset=utf-8",
          "premove.js": "text/javascript; charset=utf-8", "panel.js": "text/javascript; charset=utf-8",
          "sides.js": "text/javascript; charset=utf-8", "steps.js": "text/javascript; charset=utf-8",
          "games.js": "text/javascript; charset=utf-8", "clicks.js": "text/javascript; charset=utf-8"}
NO_STORE = {"Cache-Control": "no-store"}


def games_list() -> list[dict]:
    """The games the board offers, read without building any (``game_summary``)."""
    out = []
    two = two_board_names()
    fogged = fog_names()
    for name in game_names():
        s = game_summary(name)
        colors = list(s.color_names[:s.players])
        sides = list((s.side_names or s.color_names)[:s.players])
        if name in two:         # four seats: each board's two colours (team_session.py)
            colors = [f"{b} {c}" for b in "AB" for c in colors]
            sides = [f"{b} {c}" for b in "AB" for c in sides]
        out.append({"name": name, "title": s.title, "players": len(colors), "description": s.description,
                    "colors": colors, "sides": sides, "two_boards": name in two, "fog": name in fogged})
    return out


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message.replace("\n", " ")}, status, headers=NO_STORE)


def parse_body(raw: bytes) -> dict:
    try:
        body = json.loads(raw.decode("utf-8")) if raw else {}
    except (UnicodeDecodeError, ValueError, RecursionError):   # ValueError: also a 5,000-digit number
        raise BadInput("the request is not JSON (or holds a number too long)") from None
    if not isinstance(body, dict):
        raise BadInput("the request must be a JSON object")
    return body


def query_number(text: str | None, digits: int) -> int | None:
    """A whole number of at most ``digits`` ASCII digits from a query string, else None (``str.isdigit`` also
    takes Unicode digits such as ``²``, which ``int`` refuses)."""
    if text is None or not (text.isascii() and text.isdigit() and len(text) <= digits):
        return None
    return int(text)


def small_int(value, name: str, allow_none: bool = True) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10 ** 6:
        raise BadInput(f"{name}: a move number" + (" or null" if allow_none else ""))
    return value


class Api:
    """The routes, over one Board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.queues: dict[str, set[asyncio.Queue]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------------ live updates
    def notify(self, game_id: str) -> None:
        """A game changed (called from any thread): wake its pages' senders."""
        loop = self.loop
        if loop is not None and game_id in self.queues:
            try:
                loop.call_soon_threadsafe(self._wake, game_id)
            except RuntimeError:          # the loop has closed: the server is stopping
                pass

    def _wake(self, game_id: str) -> None:
        for q in self.queues.get(game_id, ()):
            if q.empty():
                q.put_nowait(True)

    # ------------------------------------------------------------------ the work (in worker threads)
    def act(self, key, action: str, body: dict, query: dict | None = None, answer: bool = True) -> dict | None:
        """Do ``action`` for the link ``key``; the state as the key sees it (``answer``), or None."""
        s, role, colors = self.board.find(key)
        mine = colors
        if action == "move":
            move = body.get("move")
            if not isinstance(move, str) or not move.strip():
                raise BadInput("move: give the move as text, e.g. e2e4")
            s.play(move, mine)
            if not answer:
                return None
        elif action == "undo":
            s.undo(role)
        elif action == "position":
            s.set_position(body.get("position"), role)
        elif action == "seats":
            s.set_seats(body.get("seats"), body.get("movetime"), role, body.get("level"))
        elif action == "resign":
            s.resign(mine)
        elif action == "draw":
            s.offer_draw(mine)
        elif action == "rematch":
            rematch.offer(self.board, s, key, role, mine)
        elif action == "edit":
            s.edit(body, role)
        elif action == "analyze":
            ply = small_int(body.get("ply"), "ply")
            if (role != "owner" or s.linked) and s.outcome() is None:
                raise NotAllowed("analysis: only of a finished game, or at a board where no seat is played by link")
            if s.fog_viewer(s.mine_or_local(mine), s.outcome()) is not None:
                raise NotAllowed("analysis: not of a fog-of-war game in play (it would see the fog's pieces)")
            s.analyze(bool(body.get("on")), ply)
            return self.view(s, role, mine, ply, key=key)
        elif action == "state":
            q = query or {}
            known = q.get("known")
            if known is not None and query_number(known, 9) == s.version:
                return s.light_state(mine)
            ply = q.get("ply")
            if ply is not None and query_number(ply, 6) is None:
                raise BadInput(f"ply: a move number, got {ply[:20]!r}")
            rot = q.get("rot", "0")
            return self.view(s, role, mine, query_number(ply, 6), q.get("flip") == "1",
                             q.get("view") == "3d", int(rot) if rot in ("0", "1", "2", "3") else 0, key=key)
        else:
            raise LookupError(f"no such action /api/{action[:40]}")
        return self.view(s, role, mine, key=key)

    @staticmethod
    def view(s, role: str, mine, *args, key=None) -> dict:
        """The state for a key: with the seat links for the owner of a game with linked seats, and the key's
        link into the game's rematch once it is made."""
        state = s.state(*args, mine=mine, role=role)
        if role == "owner" and s.linked:
            state["links"] = s.links()
        state["rematch_key"] = rematch.next_key(s, key)
        return state

    def new(self, body: dict) -> dict:
        s, key = self.board.new(body)
        state = self.view(s, "owner", s.keys[key][1])
        state["key"] = key
        state["links"] = s.links()
        return state

    # ------------------------------------------------------------------ HTTP
    async def run(self, fn, *args):
        try:
            return JSONResponse(await run_in_threadpool(fn, *args), headers=NO_STORE)
        except BadInput as exc:
            return error(400, str(exc))
        except NotAllowed as exc:
            return error(403, str(exc))
        except LookupError as exc:
            return error(404, str(exc.args[0]) if exc.args else "not found")
        except Full as exc:
            return error(503, str(exc))

    @staticmethod
    def key_of(request: Request, body: dict | None = None):
        return (body or {}).get("key") or request.query_params.get("key") or request.headers.get(KEY_HEADER)

    async def post(self, request: Request) -> Response:
        action = request.path_params["action"]
        body_bytes = await request.body()        # read and bounded by the guard (guard.py)
        try:
            body = parse_body(body_bytes)
        except BadInput as exc:
            return error(400, str(exc))
        if action == "new":
            return await self.run(self.new, body)
        return await self.run(self.act, self.key_of(request, body), action, body)

    async def state(self, request: Request) -> Response:
        return await self.run(self.act, self.key_of(request), "state", {}, dict(request.query_params))

    async def pgn(self, request: Request) -> Response:
        def work():
            game_id = request.query_params.get("game")
            if game_id is None:
                s, _, colors = self.board.find(self.key_of(request))
                return s.variant, s.pgn_for(colors)
            return pgn_of(self.board, game_id)
        try:
            variant, text = await run_in_threadpool(work)
        except NotAllowed as exc:
            return error(403, str(exc))
        except LookupError as exc:
            return error(404, str(exc.args[0]))
        return Response(text, media_type="application/x-chess-pgn; charset=utf-8",
                        headers={**NO_STORE, "Content-Disposition": f'attachment; filename="hyperchess-{variant}.pgn"'})

    async def catalog(self, request: Request) -> Response:
        games = await run_in_threadpool(games_list)
        engines = self.board.engines          # each game lists the outside engines that play it (outside.py)
        # not yet on two boards: a two-board game's seats are people and our engine (team_session.py)
        return JSONResponse([dict(g, engines=[n for n, e in engines.items() if g["name"] in e.games
                                              and not g["two_boards"]]) for g in games],
                            headers=NO_STORE)

    async def page(self, request: Request) -> Response:
        key = path_key(request.url.path)
        if key is not None and not await run_in_threadpool(self.board.key_known, key):
            return error(403, "this link opens no game here")
        data = resources.files("hyperchess.web").joinpath("static", "index.html").read_bytes()
        return HTMLResponse(data, headers=NO_STORE)

    async def games(self, request: Request) -> Response:
        everything = request.query_params.get("all") == "1"
        rows = await run_in_threadpool(lambda: self.board.store.listing(everything=everything))
        return HTMLResponse(games_page(rows, request.query_params.get("token")), headers=NO_STORE)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return error(404, f"no such page /static/{name[:60]}")
        data = resources.files("hyperchess.web").joinpath("static", name).read_bytes()
        return Response(data, media_type=STATIC[name], headers=NO_STORE)

    async def favicon(self, request: Request) -> Response:
        return Response(b"", 204)

    async def not_found(self, request: Request, exc) -> Response:
        return error(getattr(exc, "status_code", 404), f"no such page {request.url.path[:80]}")

    # ------------------------------------------------------------------ WebSocket
    async def socket(self, ws: WebSocket) -> None:
        self.loop = asyncio.get_running_loop()
        key = ws.query_params.get("key")
        try:
            s, role, colors = await run_in_threadpool(self.board.find, key)
        except (NotAllowed, Full) as exc:
            await ws.close(code=1008, reason=str(exc)[:120])
            return
        await ws.accept()
        q: asyncio.Queue = asyncio.Queue(maxsize=1)
        self.queues.setdefault(s.id, set()).add(q)
        self.board.watching(s.id, +1)

        async def sender() -> None:
            while True:
                await ws.send_text(json.dumps(s.update(colors, role)))
                await q.get()

        async def receiver() -> None:
            while True:
                text = await ws.receive_text()
                try:
                    msg = parse_body(text.encode("utf-8", "replace")[:MAX_BODY])
                    kind = msg.get("type")
                    if kind == "move":
                        # on the loop itself: a person's move takes about a millisecond (most of it the
                        # database's commit), less than handing it to a worker thread and back
                        self.act(key, "move", msg, answer=False)
                        if msg.get("id") is None:
                            continue            # the update pushed to every page is the acknowledgement
                        reply = {"type": "ack", "id": msg.get("id") if isinstance(msg.get("id"), int) else None}
                    elif kind == "ping":
                        reply = {"type": "pong"}
                    else:
                        raise BadInput("a message is {\"type\": \"move\", \"move\": ...} or {\"type\": \"ping\"}")
                except (BadInput, NotAllowed) as exc:
                    reply = {"type": "error", "status": 403 if isinstance(exc, NotAllowed) else 400,
                             "error": str(exc).replace("\n", " ")}
                await ws.send_text(json.dumps(reply))

        tasks = [asyncio.create_task(sender()), asyncio.create_task(receiver())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self.queues.get(s.id, set()).discard(q)
            if not self.queues.get(s.id):
                self.queues.pop(s.id, None)
            self.board.watching(s.id, -1)
            try:
                await ws.close()
            except (RuntimeError, WebSocketDisconnect, Exception):
                pass


def make_app(board: Board) -> tuple[Starlette, Api]:
    api = Api(board)
    board.notify = api.notify
    routes = [Route("/", api.page), Route("/play/{key}", api.page), Route("/watch/{key}", api.page),
              Route("/games", api.games), Route("/favicon.ico", api.favicon),
              Route("/static/{name}", api.static),
              Route("/api/games", api.catalog), Route("/api/state", api.state), Route("/api/pgn", api.pgn),
              Route("/api/{action}", api.post, methods=["POST"]),
              WebSocketRoute("/ws", api.socket)]
    app = Starlette(routes=routes, exception_handlers={404: api.not_found, 405: api.not_found})
    return app, api


HEADER_SECONDS = 10.0     # a request's line and headers must arrive within this long of the connection's start


class HeaderDeadline(H11Protocol):
    """uvicorn's h11 protocol with a total deadline for a request's line and headers (uvicorn has none): a
    client that sends them a byte at a time gets a one-line 408 and the connection closes. Counted from the
    connection's start and from the end of each answer on a kept-alive connection."""

    deadline = HEADER_SECONDS

    def connection_made(self, transport) -> None:  # type: ignore[override]
        self.answered = 0
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        self.answered += 1
        super().on_response_complete()
        self._arm()

    def _arm(self) -> None:
        self.loop.call_later(self.deadline, self._headers_late, self.answered)

    def _headers_late(self, answered: int) -> None:
        if (self.transport.is_closing() or self.transport.get_protocol() is not self
                or self.answered != answered or self.conn.their_state is not h11.IDLE):
            return                  # the headers came (or the connection moved on): no deadline now
        body = b'{"error": "the request\'s headers took too long"}'
        self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                             b"connection: close\r\ncontent-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        self.transport.close()


class Uvicorn(uvicorn.Server):
    """uvicorn's server, leaving the process's signal handlers as they are. uvicorn sets its own for SIGINT and
    SIGTERM only while it runs, so a Ctrl-C before that (the imports, the database, the loop's start: seconds
    under load) met whatever the process had: ignored, in a process started in the background, and the
    server then served on (``hyperchess serve`` hung on Ctrl-C in its first moments). ``hyperchess serve``
    installs its handlers (``stop``) before it makes the server, once, for the process's whole life."""

    @contextlib.contextmanager
    def capture_signals(self):  # type: ignore[override]
        yield


class WebServer:
    """The board on uvicorn, bound at construction (``server_address`` is known before serving):
    ``serve_forever()`` serves in the calling thread until ``shutdown()`` (from another thread) or ``stop``
    (a signal handler's: stops it even before it serves)."""

    def __init__(self, host: str, port: int, token: str | None, db, header_seconds: float = HEADER_SECONDS,
                 body_seconds: float = BODY_SECONDS, engines: list | None = None) -> None:
        self.token = token
        store = Store(db, exclusive=True)      # one server per database: DatabaseBusy if another holds it
        self.sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.sock.bind((host.strip("[]"), port))
        except OSError:
            self.sock.close()
            store.close()
            raise
        self.board = Board(store, engines={e.name: e for e in engines or ()})
        self.app, self.api = make_app(self.board)
        self.sock.listen(2048)          # listening from here: connections wait in the backlog until served
        self.server_address = self.sock.getsockname()[:2]
        self.reopened = threading.Event()   # set once the unfinished games are open again (serve_forever)
        guarded = Guard(self.app, host, self.server_address[1], token, self.board.key_known, body_seconds)
        config = uvicorn.Config(guarded, log_level="error", access_log=False, lifespan="off",
                                http=type("Deadline", (HeaderDeadline,), {"deadline": header_seconds}),
                                ws="websockets-sansio", proxy_headers=False, server_header=False, backlog=2048,
                                ws_max_size=MAX_BODY, ws_per_message_deflate=False, timeout_keep_alive=5, timeout_graceful_shutdown=1,
                                ws_ping_interval=10, ws_ping_timeout=10)
        self.uv = Uvicorn(config)
        self.done = threading.Event()

    def stop(self, sig: int = signal.SIGTERM, frame=None) -> None:
        """Stop serving (a signal handler: the first signal stops it once open requests are answered, a second
        Ctrl-C at once); asked before ``serve_forever``, that serves nothing."""
        self.uv.handle_exit(sig, frame)

    def serve_forever(self) -> None:
        if self.uv.should_exit:           # stopped before it served
            self.done.set()
            return
        # in the background, so that the first requests do not wait: the unfinished games opened again (a
        # request for one of them meanwhile opens it itself)
        threading.Thread(target=self._warm_up, name="warm-up", daemon=True).start()
        try:
            self.uv.run(sockets=[self.sock])
        finally:
            self.done.set()

    def _warm_up(self) -> None:
        try:
            self.board.reopen_unfinished()
        finally:
            self.reopened.set()

    def shutdown(self) -> None:
        self.uv.should_exit = True
        self.done.wait(10)

    def server_close(self) -> None:
        self.board.close()
        self.sock.close()
        self.board.store.close()


def make_server(host: str = "127.0.0.1", port: int = 8000, token: str | None = None, db=":memory:",
                header_seconds: float = HEADER_SECONDS, body_seconds: float = BODY_SECONDS,
                engines: list | None = None) -> WebServer:
    """A server bound to ``host``:``port`` (port 0 = any free port) keeping its games in the SQLite file ``db``
    (``:memory:``: nowhere, for throwaway servers); call ``serve_forever``. ``engines``: engines from outside
    (``outside.OutsideEngine``, from ``outside.probe``) offered as seats. A host other than loopback gets
    a token (``token``, or a new random one), kept in ``server.token``; loopback needs none."""
    if token is None and not is_loopback(host):
        token = secrets.token_urlsafe(16)
    # searches hold the GIL: a short switch interval gives the server's threads the GIL within ~1 ms
    sys.setswitchinterval(0.001)
    return WebServer(host, port, token, db, header_seconds, body_seconds, engines)
