"""lichess's habits on the web board, in real headless Chromium pages (issue 58): clocks by link that wait for
each side's first move, a rematch asked on one page and agreed on the other, a visible "Reconnecting…" while
the server is down, the clock field's minutes, premoves, sounds and their mute switch, the four-player header,
the spectator's panel, check in native move lists, and the promotion choice by pictures."""
from __future__ import annotations

import time
import urllib.request

import pytest

from browser_support import BROWSER_MARKS
from hyperchess.variants import get_game
from hyperchess.web.testing import BoardPage, browser, running_server
from test_web_people import api_new, click_move, free_port, open_link, server_process

pytestmark = BROWSER_MARKS

# counts every WebAudio tone the page starts (its frequency), before the page's own scripts run
COUNT_AUDIO = """
window.audioCalls = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.audioCalls.push(this.frequency.value);
  return start.apply(this, args);
};
"""


@pytest.fixture(scope="module")
def chromium():
    with browser() as b:
        yield b


class Scripted:
    """A browser whose pages each get their own context with ``script`` run before the page's scripts (and
    their own localStorage, kept across reloads)."""

    def __init__(self, b, script: str) -> None:
        self.b, self.script = b, script

    def new_page(self, viewport, **options):
        context = self.b.new_context(viewport=viewport, **options)
        context.add_init_script(self.script)
        return context.new_page()


def warm(url: str) -> None:
    """The games' catalogue is compiled once per server process, by the first page that asks: ask it first, with
    time to spare on a loaded machine (a page waits 30 s at most)."""
    urllib.request.urlopen(url.split("?")[0] + "api/games", timeout=180).read()


def shown_clocks(p: BoardPage) -> list[str]:
    return p.page.locator("#clocks .clock").all_inner_texts()


def move_of(p: BoardPage, name: str) -> dict:
    return next(m for m in p.state()["legal"] if m["move"] == name)


def close(*pages: BoardPage) -> None:
    for p in pages:
        p.page.close()


def test_clocks_by_link_stand_still_until_each_sides_first_move(chromium):
    with running_server() as url:
        warm(url)
        st = api_new(url, {"variant": "normal", "seats": ["link", "link"], "clock": "1+0"})
        white = open_link(chromium, url, st["links"]["seats"]["white"])
        black = open_link(chromium, url, st["links"]["seats"]["black"])
        try:
            time.sleep(1.5)                          # white's link opened late: its clock has not started
            for p in (white, black):
                assert shown_clocks(p) == ["white 1:00.0", "black 1:00.0"]
                assert p.page.locator("#clocks .clock.running").count() == 0
            click_move(white, move_of(white, "e2e4"))
            black.page.wait_for_function("state.moves.length === 1 && state.legal.length > 0")
            time.sleep(1.2)                          # black has not moved yet: its clock stands still too
            for p in (white, black):
                assert shown_clocks(p) == ["white 1:00.0", "black 1:00.0"], shown_clocks(p)
                assert p.state()["clocks"] == [60.0, 60.0]
            click_move(black, move_of(black, "e7e5"))
            white.page.wait_for_function("state.moves.length === 2 && state.clock_running === 'white'")
            time.sleep(1.2)                          # from now on white's clock runs on its turns
            assert white.state()["clocks"][1] == 60.0
            assert white.page.locator("#clocks .clock.running").inner_text().startswith("white 0:5")
            assert shown_clocks(white)[1] == "black 1:00.0"
            assert not white.errors and not black.errors, white.errors + black.errors
        finally:
            close(white, black)


def test_rematch_between_people_is_agreed_on_the_other_page_and_keeps_the_clock(chromium):
    with running_server() as url:
        st = api_new(url, {"variant": "normal", "seats": ["link", "link"], "clock": "3+2"})
        white = open_link(chromium, url, st["links"]["seats"]["white"])
        black = open_link(chromium, url, st["links"]["seats"]["black"])
        watch = open_link(chromium, url, st["links"]["watch"])
        try:
            click_move(white, move_of(white, "e2e4"))
            black.page.wait_for_function("state.moves.length === 1 && state.legal.length > 0")
            black.page.click("#draw")
            white.page.wait_for_function("document.getElementById('turn').textContent.includes('offers')")
            assert white.page.inner_text("#turn") == "black to move (person); Black offers a draw"
            white.page.click("#resign")
            white.page.click("#resign")                      # confirmed
            black.page.wait_for_function("state.result === '0-1'")
            assert black.page.inner_text("#rematch") == "Rematch" and watch.page.locator("#rematch").is_hidden()
            white.page.click("#rematch")
            black.page.wait_for_function("state.rematch && state.rematch.offered.length === 1")
            assert black.page.inner_text("#rematch-offer") == "White offers a rematch"
            assert black.page.inner_text("#rematch") == "Accept rematch"
            assert white.page.inner_text("#rematch") == "Rematch asked"
            assert white.state()["id"] == st["id"]                  # nothing made before the other side agrees
            black.page.click("#rematch")
            for p in (white, black, watch):
                p.page.wait_for_function(f"state.id !== {st['id']!r} && state.id !== null && state.moves.length === 0")
            new = white.state()
            assert all(p.state()["id"] == new["id"] for p in (black, watch))
            # the colours are swapped, the clock kept (and shown in the header for the next New game)
            assert white.state()["players"] == ["person", "you"] and black.state()["players"] == ["you", "person"]
            assert new["clock"] == "3+2" and new["clocks"] == [180.0, 180.0]
            assert white.page.input_value("#clock") == "3+2"
            assert shown_clocks(black) == ["white 3:00.0", "black 3:00.0"]
            assert "/play/" in white.page.url and "/watch/" in watch.page.url and watch.state()["role"] == "spectator"
            # the new game is played on: black's page (now white) moves, white's page (now black) sees it
            click_move(black, move_of(black, "d2d4"))
            white.page.wait_for_function("state.moves.length === 1 && state.legal.length > 0")
            for p in (white, black, watch):
                assert not p.errors, p.errors
        finally:
            close(white, black, watch)


def test_reconnecting_is_shown_while_the_server_is_down_and_the_clocks_stop(chromium, tmp_path):
    db, port = tmp_path / "games.sqlite3", free_port()
    with server_process(db, port) as (proc, url):
        warm(url)
        st = api_new(url, {"variant": "normal", "seats": ["link", "link"], "clock": "5+0"})
        pages = [open_link(chromium, url, st["links"]["seats"][c]) for c in ("white", "black")]
        for n, move in enumerate(["e2e4", "e7e5", "g1f3"]):
            view = pages[n % 2]
            view.page.wait_for_function(f"state.moves.length === {n} && state.legal.length > 0", timeout=10000)
            click_move(view, move_of(view, move))
        for p in pages:
            p.page.wait_for_function("state.moves.length === 3 && state.clock_running === 'black'", timeout=5000)
            assert p.page.locator("#offline").is_hidden()
        before = [len(p.errors) for p in pages]
    # the server is stopped (server_process's exit); both pages say so, and black's clock stops on screen
    down = time.monotonic()
    for p in pages:
        p.page.wait_for_function("!document.getElementById('offline').hidden", timeout=10000)
        assert "Reconnecting" in p.page.inner_text("#offline")
    shown = [shown_clocks(p) for p in pages]
    time.sleep(1.5)
    assert [shown_clocks(p) for p in pages] == shown
    assert all(p.page.locator("#clocks .clock.running").count() == 0 for p in pages)
    with server_process(db, port) as (proc, url):
        up = time.monotonic()
        for p in pages:
            p.page.wait_for_function("document.getElementById('offline').hidden", timeout=10000)
            p.page.wait_for_function("state.clock_running === 'black'", timeout=10000)
        back = time.monotonic() - up
        outage = up - down
        shown = pages[1].page.locator("#clocks .clock.running").inner_text()
        assert shown.startswith(("black 4:5", "black 5:00.0")), shown      # the time used before the stop: given back
        click_move(pages[1], move_of(pages[1], "b8c6"))
        pages[0].page.wait_for_function("state.moves.length === 4", timeout=5000)
    # one failed connection attempt at most every 2 s (plus the first quick ones): no flood in the console
    for p, n in zip(pages, before):
        new = p.errors[n:]
        assert all("WebSocket" in e or "ERR_CONNECTION_REFUSED" in e for e in new), new
        assert len(new) <= 4 + (outage + back) / 2, (len(new), outage, back, new)
    print(f"reconnecting: outage {outage:.1f} s, pages back {back:.1f} s after the restart, "
          f"console errors {[len(p.errors) - n for p, n in zip(pages, before)]}")
    close(*pages)


def test_the_clock_field_reads_minutes_and_seconds_with_a_unit(chromium):
    with running_server() as url:
        view = BoardPage(chromium, url, "normal", ["human", "human"])
        try:
            for text, shown in (("3+2", "3:00.0"), ("45s+1", "0:45.0"), ("1:30+1", "1:30.0")):
                view.page.fill("#clock", text)
                view.page.click("#new")
                view.page.wait_for_function(f"state.clock === {text!r}")
                assert shown_clocks(view)[1] == f"black {shown}"
            game = view.state()["id"]
            view.page.fill("#clock", "3+")
            view.page.click("#new")
            view.page.wait_for_function("document.getElementById('message').textContent !== ''")
            assert view.page.inner_text("#message").startswith("clock: a time control such as 3+2")
            assert view.state()["id"] == game
        finally:
            close(view)


def test_a_premove_is_played_when_the_engine_has_replied_and_a_click_cancels_one(chromium):
    with running_server() as url:
        view = BoardPage(chromium, url, "normal", ["human", "engine"], movetime=2.0)
        try:
            view.play_by_clicks(move_of(view, "e2e4"))
            view.page.wait_for_function("state.moves.length === 1 && state.own_cells.length === 16")
            view.click_target("g1")
            view.click_target("f3")
            assert view.page.evaluate("Premove.queued()") == {"from": "g1", "to": "f3"}
            assert "queued" in view.page.inner_text("#message")
            assert view.page.locator("#board svg rect.premove").count() == 2
            assert len(view.state()["moves"]) == 1                  # queued while the engine still thought
            view.page.wait_for_function("state.moves.length === 3", timeout=30000)
            assert view.state()["moves"][2] == "g1f3"
            view.page.wait_for_function("state.moves.length === 3 && state.own_cells.length > 0")
            view.click_target("b1")
            view.click_target("c3")
            view.click_target("a5")                                 # a click elsewhere: cancelled
            assert view.page.evaluate("Premove.queued()") is None
            assert "cancelled" in view.page.inner_text("#message")
            st = view.wait_for_turn(3)
            time.sleep(0.5)
            assert len(view.state()["moves"]) == 4 and st["legal"]
            assert not view.errors, view.errors
        finally:
            close(view)


def test_sounds_for_moves_captures_checks_and_low_time_and_the_mute_switch_is_kept(chromium):
    move, capture, check, low = [520], [330, 220], [880, 660], [990, 990]
    with running_server() as url:
        view = BoardPage(Scripted(chromium, COUNT_AUDIO), url, "normal", ["human", "human"])
        try:
            assert view.page.inner_text("#mute") == "Sound on"
            expected = []
            for name, sound in (("e2e4", move), ("d7d5", move), ("e4d5", capture), ("d8d5", capture),
                                ("b1c3", move), ("d5e5", check)):
                n = len(view.state()["moves"])
                view.page.fill("#typed", name)
                view.page.press("#typed", "Enter")
                view.page.wait_for_function(f"state.moves.length === {n + 1}")
                expected += sound
                view.page.wait_for_function(f"window.audioCalls.length >= {len(expected)}")
                assert view.page.evaluate("window.audioCalls") == expected
            assert view.page.inner_text("#moves").split()[-1] == "Qe5+"
            view.page.fill("#clock", "12s+0")                         # a board at one page: the clock runs now
            view.page.click("#new")
            view.page.wait_for_function(f"window.audioCalls.length >= {len(expected) + 2}", timeout=10000)
            assert view.page.evaluate("window.audioCalls") == expected + low
            view.page.click("#mute")
            assert view.page.inner_text("#mute") == "Sound off"
            view.page.reload()
            view.page.wait_for_function("state !== null && state.moves !== undefined")
            assert view.page.inner_text("#mute") == "Sound off"      # kept in this browser
            view.page.fill("#typed", "e2e4")
            view.page.press("#typed", "Enter")
            view.page.wait_for_function("state.moves.length === 1")
            time.sleep(0.3)
            assert view.page.evaluate("window.audioCalls") == []     # muted: not one tone
            assert not view.errors, view.errors
        finally:
            view.page.context.close()


def test_four_player_header_spectator_panel_and_native_check(chromium):
    with running_server() as url:
        four = BoardPage(chromium, url, "future-generation", ["human", "engine", "engine", "engine"],
                         movetime=0.05, viewport=(1400, 900))
        try:
            games = four.page.locator("#games-link").bounding_box()
            assert games["x"] + games["width"] <= 1400 and games["y"] + games["height"] <= 120, games
            assert four.page.evaluate("document.querySelector('header').scrollWidth <= innerWidth")
        finally:
            close(four)
        st = api_new(url, {"variant": "normal", "seats": ["link", "link"]})
        watch = open_link(chromium, url, st["links"]["watch"])
        try:
            assert watch.page.locator("#links").is_hidden()
            assert watch.page.inner_text("#seat-role") == "You are watching this game."
        finally:
            close(watch)
        # raumschach in 3D: a rook move that gives check is written with + in the native move list
        view = BoardPage(chromium, url, "raumschach", ["human", "human"])
        try:
            fen = "2k2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|R4/5/5/5/2K2 w - - 0 1"
            view.page.fill("#fen", fen)
            view.page.click("#load")
            view.page.wait_for_function("state.moves.length === 0 && state.fen.startsWith('2k2')")
            name = next(m["move"] for m in view.state()["legal"] if gives_check(fen, m["move"]))
            view.page.click("#view3d")
            view.page.wait_for_function("state.cells3d !== null")
            view.page.fill("#typed", name)
            view.page.press("#typed", "Enter")
            view.page.wait_for_function("state.moves.length === 1 && document.querySelector('#moves li') !== null")
            assert view.state()["notated"] is None and view.page.inner_text("#moves").strip() == f"1. {name}+"
        finally:
            close(view)


def gives_check(fen: str, name: str) -> bool:
    pos = get_game("raumschach").position(fen)
    pos.push(pos.parse_move(name))
    return pos.in_check()
