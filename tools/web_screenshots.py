"""Regenerate docs/screenshots/web-VARIANT.png: each game's web board in headless Chromium after a few moves
(the person plays the first legal moves by clicking, the engine replies), and for every game with levels its 3D
view too (web-VARIANT-3d.png). Needs ``pip install -e '.[browser]'`` and /usr/bin/chromium. Run from the
checkout: ``python3 tools/web_screenshots.py [VARIANT ...]`` (default: the built-in games and raumschach).
``python3 tools/web_screenshots.py people``: the new-game dialog with seat links and the games page, at laptop
(1400x900) and phone (390x844) size (web-people-links-SIZE.png, web-games-SIZE.png).
``python3 tools/web_screenshots.py 3d [VARIANT ...]``: the 3D view of mixed3d and raumschach (or the games named)
from White's and Black's side at laptop and phone size, a few moves in with a piece selected
(web-VARIANT-3d-SIDE-SIZE.png), and on the phone that piece's level chosen in the level bar
(web-VARIANT-3d-focus-phone.png).
``python3 tools/web_screenshots.py play``: lichess's habits at both sizes: a rematch offered to the other page
(web-play-rematch-SIZE.png), the promotion choice by pictures
(web-play-promotion-SIZE.png), a premove queued while the engine thinks (web-play-premove-SIZE.png), and the
"Reconnecting…" notice while the server is down (web-play-reconnecting-SIZE.png)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hyperchess.variants import BUILT_IN_GAMES, game_names, get_game  # noqa: E402
from hyperchess.web.testing import BoardPage, browser, png_stats, running_server, save_screenshot  # noqa: E402


def main(names: list[str]) -> int:
    out = ROOT / "docs" / "screenshots"
    with running_server() as url, browser() as b:
        for name in names or [n for n in game_names() if n in BUILT_IN_GAMES or get_game(n).geometry.levels > 1]:
            players = get_game(name).players
            view = BoardPage(b, url, name, ["human"] + ["engine"] * (players - 1), movetime=0.2)
            played = 0
            for ply in range(2):
                st = view.state()
                if not st["legal"]:
                    break
                legal = sorted(st["legal"], key=lambda m: (m["from"], m["to"], m["move"]))
                view.play_by_clicks(legal[(ply * 7919) % len(legal)])
                played = len(view.wait_for_turn(played)["moves"])
            # show the person's next choice: select a piece so its destinations are marked
            st = view.state()
            movers = [m for m in st["legal"] if m["from"] != m["to"]]
            if movers:
                view.click_target(movers[len(movers) // 2]["from"])
            path = out / f"web-{name}.png"
            data = save_screenshot(view.page, path)
            colours, busy = png_stats(view.page, data)
            print(f"{path.relative_to(ROOT)}: {colours} colours, {busy:.0%} not background"
                  + (f"; console errors: {view.errors}" if view.errors else ""), flush=True)
            if get_game(name).geometry.levels > 1:
                view.page.click("#view3d")
                view.page.wait_for_function("state.cells3d !== null && document.querySelector('#board3d canvas')")
                if movers:                # the same piece selected, its targets marked in 3D
                    view.page.evaluate("(sq) => clickTarget(sq)", movers[len(movers) // 2]["from"])
                    view.page.wait_for_function("window.dests3d !== undefined && window.dests3d.length > 0")
                view.page.wait_for_timeout(300)
                path = out / f"web-{name}-3d.png"
                data = save_screenshot(view.page, path)
                colours, busy = png_stats(view.page, data)
                print(f"{path.relative_to(ROOT)}: {colours} colours, {busy:.0%} not background", flush=True)
            view.page.close()
    return 0


SIZES = {"laptop": (1400, 900), "phone": (390, 844)}


def people() -> int:
    """A four-player game whose seats are given by link (the owner's page with its links), and the games page
    after two finished games and one in play."""
    import json
    import urllib.request
    out = ROOT / "docs" / "screenshots"
    with running_server() as url, browser() as b:
        def new(body: dict) -> dict:
            req = urllib.request.Request(url + "api/new", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read())

        def post(path: str, body: dict) -> None:
            req = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
            urllib.request.urlopen(req, timeout=60).read()
        fool = new({"variant": "normal", "seats": ["link", "link"]})
        for i, move in enumerate(["f2f3", "e7e5", "g2g4", "d8h4"]):
            post("api/move", {"key": fool["links"]["seats"]["white" if i % 2 == 0 else "black"], "move": move})
        resigned = new({"variant": "raumschach", "seats": ["link", "link"]})
        post("api/resign", {"key": resigned["links"]["seats"]["black"]})
        new({"variant": "future-generation", "seats": ["link", "engine", "link", "engine"]})
        for size, (w, h) in SIZES.items():
            view = BoardPage(b, url, "future-generation", ["engine"] * 4, movetime=0.2, viewport=(w, h))
            for color in ("white", "black", "gold", "silver"):
                view.page.select_option(f"#seat-{color}", "link")
            view.page.click("#new")
            view.page.wait_for_function("document.querySelectorAll('#link-list li').length === 5")
            view.page.locator("#links").scroll_into_view_if_needed()
            path = out / f"web-people-links-{size}.png"
            data = save_screenshot(view.page, path)
            print(f"{path.relative_to(ROOT)}: {png_stats(view.page, data)}", flush=True)
            view.page.goto(url + "games")
            path = out / f"web-games-{size}.png"
            data = save_screenshot(view.page, path)
            print(f"{path.relative_to(ROOT)}: {png_stats(view.page, data)}", flush=True)
            view.page.close()
    return 0


def seat_views_3d(names: list[str]) -> int:
    """Each game's 3D view from both sides at each size: people at both seats, two moves played by clicks on the
    flat board, then a piece of the side to move selected so its targets are marked."""
    with running_server() as url, browser() as b:
        for name in names or ["mixed3d", "raumschach"]:
            for size, (w, h) in SIZES.items():
                view = BoardPage(b, url, name, ["human", "human"], viewport=(w, h))
                for ply in range(2):
                    legal = sorted(view.state()["legal"], key=lambda m: (m["from"], m["to"], m["move"]))
                    view.play_by_clicks(legal[(ply * 7919 + 3) % len(legal)])
                    view.page.wait_for_function(f"state.moves.length === {ply + 1}")
                view.page.click("#view3d")
                view.page.wait_for_function("state.cells3d !== null && document.querySelector('#board3d canvas')")
                movers = sorted(m["from"] for m in view.state()["legal"] if m["from"] != m["to"])
                view.page.evaluate("(sq) => clickTarget(sq)", movers[len(movers) // 2])
                for side in ("white", "black"):
                    if side == "black":
                        view.page.click("#flip")
                        view.page.wait_for_function("state.turns === 2 && state.cells3d !== null")
                    view.page.wait_for_timeout(300)
                    shot(view, f"web-{name}-3d-{side}-{size}.png")
                    print("  layout:", view.page.evaluate("View3D.view()"), flush=True)
                if size == "phone":       # the selected piece's level chosen in the level bar: drawn large
                    level = next(c["l"] for c in view.state()["cells3d"]["cells"] if c["sq"] == movers[len(movers) // 2])
                    view.page.click(f'#levels3d button[data-level="{level}"]')
                    view.page.wait_for_timeout(300)
                    shot(view, f"web-{name}-3d-focus-{size}.png")
                view.page.close()
    return 0


def play() -> int:
    for size, (w, h) in SIZES.items():
        with browser() as b:
            play_at(b, size, (w, h))
    return 0


def shot(view: BoardPage, name: str) -> None:
    path = ROOT / "docs" / "screenshots" / name
    data = save_screenshot(view.page, path)
    print(f"{path.relative_to(ROOT)}: {png_stats(view.page, data)}"
          + (f"; console errors: {view.errors}" if view.errors else ""), flush=True)


def play_at(b, size: str, viewport: tuple[int, int]) -> None:
    import json
    import urllib.request
    with running_server() as url:
        req = urllib.request.Request(url + "api/new", headers={"Content-Type": "application/json"}, data=json.dumps(
            {"variant": "normal", "seats": ["link", "link"], "clock": "3+2"}).encode())
        with urllib.request.urlopen(req, timeout=60) as r:
            st = json.loads(r.read())
        white, black = (BoardPage(b, f"{url}play/{st['links']['seats'][c]}", viewport=viewport)
                        for c in ("white", "black"))
        for i, move in enumerate(["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]):
            view = (white, black)[i % 2]
            view.page.wait_for_function(f"state.moves.length === {i} && state.legal.length > 0")
            view.page.fill("#typed", move)
            view.page.press("#typed", "Enter")
        black.page.wait_for_function("state.result !== null")
        white.page.click("#rematch")
        black.page.wait_for_function("state.rematch && state.rematch.offered.length === 1")
        black.page.locator("#rematch").scroll_into_view_if_needed()
        shot(black, f"web-play-rematch-{size}.png")
        view = BoardPage(b, url, "normal", ["human", "engine"], viewport=viewport)
        view.page.fill("#fen", "r3k3/1P6/8/8/8/8/6K1/8 w - - 0 1")
        view.page.click("#load")
        view.page.wait_for_function("state.fen.startsWith('r3k3/1P6')")
        view.click_target("b7")
        view.click_target("a8")
        view.page.locator("#choice-buttons button").first.wait_for()
        shot(view, f"web-play-promotion-{size}.png")
        view.page.close()
        view = BoardPage(b, url, "normal", ["human", "engine"], movetime=3.0, viewport=viewport)
        view.page.fill("#typed", "e2e4")
        view.page.press("#typed", "Enter")
        view.page.wait_for_function("state.moves.length === 1 && state.own_cells.length > 0")
        view.click_target("g1")
        view.click_target("f3")
        shot(view, f"web-play-premove-{size}.png")
        view.page.close()
    # the server has stopped under the two pages of the finished game
    black.page.wait_for_function("!document.getElementById('offline').hidden")
    shot(black, f"web-play-reconnecting-{size}.png")
    white.page.close()
    black.page.close()


if __name__ == "__main__":
    modes = {"people": people, "play": play}
    if sys.argv[1:2] == ["3d"]:
        sys.exit(seat_views_3d(sys.argv[2:]))
    sys.exit(modes[sys.argv[1]]() if sys.argv[1:2] and sys.argv[1] in modes else main(sys.argv[1:]))
