"""What a player sees and keeps, in a real Chromium (issue 71, item 8): the engine's line hidden from the person
who plays against it while the game is in play (shown to a spectator, and to the player once the game is over,
as lichess shows nothing of its computer's search during a game); the Games page's way back into a seat this
browser plays, from its own storage, shown to nobody else; long game names cut with an ellipsis in the Game box
at 1400 px, the whole name as its title. Screenshots: docs/screenshots/web-games-seat-{laptop,phone}.png."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from hyperchess.web.testing import BoardPage, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

pytestmark = BROWSER_MARKS
SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

# every text the engine's line box shows, from now on
LINES = """() => { window.lines = [];
  new MutationObserver(() => window.lines.push(document.getElementById('thinking').textContent))
    .observe(document.getElementById('thinking'), {childList: true, characterData: true, subtree: true}); }"""


def typed(view: BoardPage, move: str) -> None:
    n = len(view.state()["moves"])
    view.page.fill("#typed", move)
    view.page.press("#typed", "Enter")
    view.page.wait_for_function(f"state.moves.length > {n}")


def link(view: BoardPage, who: str) -> str:
    return view.page.locator(f'#link-list li[data-seat="{who}"] input').input_value()


def test_engine_line_hidden_from_its_opponent_during_play(board):
    url, b = board
    player = BoardPage(b, url, "normal", ["human", "engine"], movetime=1.5)
    watcher = None
    try:
        watcher = BoardPage(b, link(player, "spectators"))
        for page in (player, watcher):
            page.page.evaluate(LINES)
        typed(player, "e2e4")
        player.wait_for_turn(1, timeout=60)
        watcher.page.wait_for_function("state.moves.length === 2")
        seen, watched = player.page.evaluate("window.lines"), watcher.page.evaluate("window.lines")
        assert any("depth" in t and "score" in t for t in watched), watched      # the spectator sees the search
        assert not any("depth" in t or "score" in t for t in seen), seen        # the player only that it thinks
        assert "black (engine): thinking" in seen, seen
        # nor over the API, by the player's key (the page that made the game plays white)
        key = player.page.evaluate("KEY")
        with urllib.request.urlopen(f"{url}api/state?key={key}") as r:
            assert "depth" not in json.load(r)["thinking"]
        # over: the player sees the engine's last line
        player.page.click("#resign")
        player.page.click("#resign")
        player.page.wait_for_function("state.result !== null")
        assert "depth" in player.page.locator("#thinking").text_content()
        assert not player.errors and not watcher.errors, (player.errors, watcher.errors)
    finally:
        player.page.close()
        if watcher is not None:
            watcher.page.close()


def test_games_page_leads_back_into_your_seat(board):
    url, b = board
    owner = BoardPage(b, url, "normal", ["link", "link"])
    white = black = other = None
    try:
        white_url, black_url = link(owner, "white"), link(owner, "black")
        white_key = white_url.rsplit("/", 1)[1]
        white = BoardPage(b, white_url)                     # each page its own browser context (storage)
        typed(white, "e2e4")
        black = BoardPage(b, black_url)
        typed(black, "e7e5")
        game = white.state()["id"]
        for size, viewport in {"laptop": (1400, 900), "phone": (390, 844)}.items():
            white.page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
            white.page.goto(f"{url}games")
            seat = white.page.locator(f'#playing tr[data-game="{game}"] a.seat')
            assert seat.count() == 1 and seat.text_content() == "play (your seat)"
            assert seat.get_attribute("href") == f"/play/{white_key}"
            save_screenshot(white.page, SHOTS / f"web-games-seat-{size}.png")
        white.page.set_viewport_size({"width": 1400, "height": 900})
        white.page.locator(f'#playing tr[data-game="{game}"] a.seat').click()
        white.page.wait_for_url(f"**/play/{white_key}")
        white.page.wait_for_function("typeof state !== 'undefined' && state !== null && state.moves.length === 2")
        assert white.page.evaluate("KEY") == white_key and white.state()["players"][0] == "you"
        # black's browser leads to black's seat; a browser that plays none shows no seat, and no page has a key
        black.page.goto(f"{url}games")
        assert black.page.locator(f'tr[data-game="{game}"] a.seat').get_attribute("href") == \
            "/play/" + black_url.rsplit("/", 1)[1]
        other = b.new_page()
        other.goto(f"{url}games")
        assert other.locator(f'tr[data-game="{game}"]').count() == 1
        assert other.locator("a.seat").count() == 0
        assert white_key not in other.content()
        with urllib.request.urlopen(f"{url}games") as r:
            assert white_key not in r.read().decode()
        assert not white.errors and not black.errors, (white.errors, black.errors)
    finally:
        for v in (owner, white, black):
            if v is not None:
                v.page.close()
        if other is not None:
            other.close()


# the Game box's text as drawn: wider than the box's room for text (a select's arrow takes about 20 px)?
FITS = """() => { const s = document.getElementById('variant'), st = getComputedStyle(s);
  const c = document.createElement('canvas').getContext('2d'); c.font = `${st.fontSize} ${st.fontFamily}`;
  const text = s.selectedOptions[0].textContent, room = s.clientWidth - parseFloat(st.paddingLeft) - 20;
  return {text, wide: c.measureText(text).width > room, overflow: st.textOverflow, title: s.title,
          right: s.getBoundingClientRect().right, next: s.closest('label').nextElementSibling.getBoundingClientRect().left}; }"""


def test_long_game_names_fit_the_game_box(board):
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "human"], viewport=(1400, 900))
    try:
        longest = max(view.page.evaluate("games.map((g) => [g.title.length + g.name.length, g.name])"))[1]
        view.page.select_option("#variant", longest)
        view.page.wait_for_function(f"state.variant === {longest!r}")
        box = view.page.evaluate(FITS)
        assert box["wide"], box                     # the longest name does not fit: cut, with an ellipsis
        assert box["overflow"] == "ellipsis" and box["title"] == box["text"], box
        assert box["right"] <= box["next"], box     # inside the header's row, nothing overlapped
        assert not view.errors, view.errors
    finally:
        view.page.close()
