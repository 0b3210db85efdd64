"""Regenerate docs/screenshots/web-VARIANT.png: each game's web board in headless Chromium after a few moves
(the person plays the first legal moves by clicking, the engine replies), and for every game with levels its 3D
view too (web-VARIANT-3d.png). Needs ``pip install -e '.[browser]'`` and /usr/bin/chromium. Run from the
checkout: ``python3 tools/web_screenshots.py [VARIANT ...]`` (default: the built-in games and raumschach)."""
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
                if movers:
                    view.page.wait_for_function("window.dests3d !== undefined")
                view.page.wait_for_timeout(300)
                path = out / f"web-{name}-3d.png"
                data = save_screenshot(view.page, path)
                colours, busy = png_stats(view.page, data)
                print(f"{path.relative_to(ROOT)}: {colours} colours, {busy:.0%} not background", flush=True)
            view.page.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
