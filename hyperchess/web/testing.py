"""Driving the web board in a real headless Chromium (Playwright pointed at the system's chromium binary),
shared by the browser tests and ``tools/web_screenshots.py``. Needs the optional extra ``.[browser]``.

A person's clicks are real mouse clicks at the middle of a cell's square (whatever is drawn on top of it),
so the page's own click handling is what is tested.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
import traceback
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    """The system Chromium (Playwright's own browser download cannot be used here)."""
    for name in (os.environ.get("HYPERCHESS_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"):
        if name and (os.path.isfile(name) or shutil.which(name)):
            return name if os.path.isfile(name) else shutil.which(name)
    return None


@contextmanager
def running_server(host: str = "127.0.0.1", db: str | Path | None = None, engines: list | None = None) -> Iterator[str]:
    """The web board on a free port of ``host`` in this process, keeping its games in ``db`` (default: a file
    in a temporary directory), offering the outside ``engines`` (``outside.probe``); yields its URL on
    127.0.0.1 (with the server's ``?token=`` when it is bound beyond loopback)."""
    from .server import make_server
    with tempfile.TemporaryDirectory() as tmp:
        server = make_server(host, 0, db=db or Path(tmp) / "games.sqlite3", engines=engines)
        thread = threading.Thread(target=server.serve_forever, name=f"server-{server.server_address[1]}", daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/" + (f"?token={server.token}" if server.token else "")
        finally:
            server.shutdown()
            thread.join(20)
            server.server_close()
        # a server still serving beside the next test's would share this process (the GIL, the engine slots)
        # unseen: said here, with where its threads stand
        if thread.is_alive():
            raise AssertionError(f"the server on port {server.server_address[1]} did not stop in 30 s; "
                                 f"this process's threads:\n{thread_dump()}")


@contextmanager
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class BoardPage:
    """One browser tab on the board, recording console errors and uncaught exceptions. A page that shows no
    first board fails with what it says (#message), what it logged, each of its requests (sent, answered,
    finished: one that never came back shows) and where this process's threads stand (the servers')."""

    def __init__(self, browser, url: str, variant: str | None = None, seats: list[str] | None = None,
                 movetime: float = 0.1, viewport: tuple[int, int] = (1400, 1000), motion: str = "reduce") -> None:
        """A new game of ``variant`` with ``seats`` made by the page at ``url``; or, without ``variant``, the
        page at ``url`` as it is (a seat's or the spectators' link). ``motion``: the browser's
        prefers-reduced-motion, "reduce" by default: a moved piece stands on its square at once (no slide), so
        tests measure and screenshots show where it went ("no-preference": the page's slides)."""
        self.page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]}, reduced_motion=motion)
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}")
                     if m.type in ("error", "assert") else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        # a request the page itself gave up (a reload or a new game's navigation cancels a poll in flight:
        # net::ERR_ABORTED) is not a failure the page meets
        self.page.on("requestfailed", lambda r: None if "ERR_ABORTED" in str(r.failure)
                     else self.errors.append(f"request failed: {r.url} ({r.failure})"))
        # every request of the page and when it was asked and answered: a page that shows no board says which
        # request never came back
        self.started = time.monotonic()
        self.requests: dict[object, list] = {}         # request -> [sent, (answered, status), (ended, how)]
        self.sockets: list[list] = []                  # [url, opened, [frame times, close]]
        recorders = {"request": lambda r: self.requests.setdefault(r, [time.monotonic(), None, None]),
                     "response": lambda r: self._seen(r.request, 1, r.status),
                     "requestfinished": lambda r: self._seen(r, 2, "done"),
                     "requestfailed": lambda r: self._seen(r, 2, f"failed {r.failure}"),
                     "websocket": self._socket}
        for event, fn in recorders.items():
            self.page.on(event, fn)
        sep = "&" if "?" in url else "?"
        self.page.goto(url if variant is None else
                       f"{url}{sep}variant={variant}&seats={','.join(seats or [])}&movetime={movetime}")
        try:
            # a liveness bound, not a speed one: a loaded CI machine has taken over 30 s for a first page. A
            # page that says an error before it has a game has stopped (nothing tries again): it fails at once
            board = "state !== null && document.querySelector('#board svg') !== null"
            self.page.wait_for_function(f"({board}) || document.querySelector('#message.error') !== null",
                                        timeout=90_000)
            failed = None if self.page.evaluate(board) else "it stopped"
        except Exception as exc:
            failed = type(exc).__name__
        if failed is not None:
            try:
                said = self.page.evaluate("[document.querySelector('#message')?.textContent, "
                                          "typeof games === 'undefined' || !games ? -1 : games.length]")
            except Exception as inner:              # the page itself is gone
                said = repr(inner)
            raise AssertionError(f"the page shows no board ({failed}); it says {said}; "
                                 f"what it logged: {self.errors}; its requests: {self.request_log()}; "
                                 f"this process's threads:\n{thread_dump()}") from None
        for event, fn in recorders.items():           # recorded for the first board only
            self.page.remove_listener(event, fn)
        self.requests.clear()

    def _seen(self, request, slot: int, what) -> None:
        entry = self.requests.setdefault(request, [None, None, None])
        entry[slot] = (time.monotonic(), what)

    def _socket(self, ws) -> None:
        entry = [f"WS {ws.url}", time.monotonic(), []]
        self.sockets.append(entry)

        def note(what) -> None:             # the first few only: a page lives on after its first board
            if len(entry[2]) < 20:
                entry[2].append(what)
        ws.on("framereceived", lambda _: note(round(time.monotonic() - self.started, 2)))
        ws.on("close", lambda _: note(f"closed at {time.monotonic() - self.started:.2f}"))
        ws.on("socketerror", lambda e: note(f"error {e}"))

    def request_log(self) -> list[str]:
        """Each request the page made: its method and path, when it was sent, answered and finished (seconds
        from the page's start), so a request that never came back shows as one answered or finished never."""
        out = []
        t0 = self.started
        for r, (sent, answered, finished) in self.requests.items():
            path = r.url.split("/", 3)[-1][:80]
            out.append(f"{r.method} /{path}: sent {sent - t0:.2f}" if sent is not None else f"{r.method} /{path}")
            out[-1] += f", answered {answered[1]} at {answered[0] - t0:.2f}" if answered else ", never answered"
            out[-1] += f", {finished[1]} at {finished[0] - t0:.2f}" if finished else ", never finished"
        for name, opened, frames in self.sockets:
            out.append(f"{name[:60]}: opened {opened - t0:.2f}, frames {frames[:10]}")
        return out

    def state(self) -> dict:
        return self.page.evaluate("({...state, svg: undefined})")

    def click_target(self, target: str) -> None:
        """A mouse click in the middle of a cell's square or on a reserve piece."""
        loc = self.page.locator(f'#board svg g.reserve-piece[data-target="{target}"]')
        if loc.count() == 0:
            loc = self.page.locator(f'#board svg rect.square[data-square="{target}"], '
                                    f'#board svg rect.hole[data-square="{target}"]')
        # a live update may be redrawing the board: the cell found may be replaced before it is measured, so
        # measure it again (the locator finds the new one) until it stays
        from playwright.sync_api import Error as PlaywrightError
        box, deadline = None, time.monotonic() + 10
        while box is None and time.monotonic() < deadline:
            try:
                loc.first.wait_for(state="attached", timeout=1000)
                box = loc.first.bounding_box(timeout=1000)
            except PlaywrightError:
                box = None
        assert box is not None, f"{target} is not on the page"
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def destinations(self) -> set[str]:
        return set(self.page.evaluate("[...document.querySelectorAll('#board svg .dest')].map(c => c.dataset.dest)"))

    def play_by_clicks(self, move: dict) -> None:
        """Play one of ``state.legal`` by clicking: its source (unless it is made on its own square), then its
        destination, then its third cell (a wall's) or its label in the choice box when several moves share the
        two clicks."""
        before = self.page.evaluate("state.moves.length")
        for _ in range(3):
            if move["from"] != move["to"]:
                for _ in range(3):      # a redraw landing with the click (a live update) can clear it: click again
                    self.click_target(move["from"])
                    marked = self.destinations()
                    if move["to"] in marked:
                        break
                    self.page.wait_for_timeout(300)
                assert move["to"] in marked, f"{move['to']} not marked after clicking {move['from']}: {sorted(marked)}"
            self.click_target(move["to"])
            if "then" in move:      # a third click: the wall's cell, marked once the destination is clicked
                self.page.wait_for_function(f"[...document.querySelectorAll('#board svg .dest')]"
                                            f".some(c => c.dataset.dest === {move['then']!r})")
                self.click_target(move["then"])
                return
            choice = self.page.locator("#choice")
            if choice.is_visible():
                self.page.locator(f'#choice-buttons button[data-move="{move["move"]}"]').click()
            if not self._lost(move, before):
                return

    def _lost(self, move: dict, before: int) -> bool:
        """Was the move's last click cleared by a redraw between the two clicks: after 3 s the move list is as
        long as ``before`` and the move is still among the legal ones (a premove or a refused move is not)."""
        try:
            self.page.wait_for_function(f"state.moves.length > {before}", timeout=3000)
            return False
        except Exception:       # playwright's TimeoutError: the move did not arrive
            return bool(self.page.evaluate("name => state.moves.length === %d && state.legal.some(m => m.move === name)"
                                           % before, move["move"]))

    def wait_for_turn(self, played: int, timeout: float = 30.0) -> dict:
        """Wait until more than ``played`` moves stand in the list and a person is to move (or the game ended)."""
        self.page.wait_for_function(
            f"state.moves.length > {played} && (state.legal.length > 0 || state.result !== null)",
            timeout=timeout * 1000)
        return self.state()


def thread_dump() -> str:
    """Every thread of this process and where it stands (the servers' loops, their worker threads, engine
    searches): what a hung page was waiting for on the server's side."""
    names = {t.ident: t.name for t in threading.enumerate()}
    out = []
    for ident, frame in sys._current_frames().items():
        stack = "".join(traceback.format_stack(frame)[-8:])
        out.append(f"--- {names.get(ident, ident)}\n{stack}")
    return "\n".join(out)


def png_stats(page, data: bytes) -> tuple[int, float]:
    """(number of distinct colours, share of pixels that differ from the most common colour) of the PNG
    ``data``, decoded by the browser (an <img> drawn on a canvas): a blank or one-colour shot fails."""
    import base64
    url = "data:image/png;base64," + base64.b64encode(data).decode()
    return tuple(page.evaluate("""async (url) => {
        const img = new Image(); img.src = url; await img.decode();
        const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
        const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        const counts = new Map();
        for (let i = 0; i < d.length; i += 4) {
            const k = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
            counts.set(k, (counts.get(k) || 0) + 1);
        }
        const total = d.length / 4;
        return [counts.size, 1 - Math.max(...counts.values()) / total];
    }""", url))


def save_screenshot(page, path: Path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = page.screenshot(path=str(path), full_page=False)
    return data
