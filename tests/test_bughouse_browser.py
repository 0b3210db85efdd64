"""Bughouse in Chromium (web/team_session.py, team_view.py): the owner's page gives the four seats away by
link, four pages play a whole game by clicks on the two boards side by side, and B's Black drops the queen its
partner took on board A to mate. Screenshots docs/screenshots/web-bughouse*.png."""
from __future__ import annotations

from pathlib import Path

import pytest

from hyperchess.web.testing import BoardPage, save_screenshot

from browser_support import BROWSER_MARKS, chromium  # noqa: F401 (fixture)
from test_bughouse_web import GAME

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots"
NAMES = ("A white", "A black", "B white", "B black")

pytestmark = BROWSER_MARKS


def test_four_people_by_link_play_bughouse_by_clicks_with_a_drop(chromium):  # noqa: F811
    from hyperchess.web.testing import running_server
    with running_server() as url:
        owner = BoardPage(chromium, url, "bughouse", ["link"] * 4, viewport=(1400, 900))
        pages = []
        try:
            owner.page.wait_for_function("state.links && document.querySelectorAll('#link-list li').length === 5")
            links = owner.page.evaluate(
                "Object.fromEntries([...document.querySelectorAll('#link-list li')].map("
                "li => [li.dataset.seat, li.querySelector('input').value]))")
            assert set(links) == {*NAMES, "spectators"}
            # both boards in one picture, each its own <svg> with its squares named by board
            assert owner.page.locator("#board svg svg[data-board]").count() == 2
            assert owner.page.locator('#board svg rect.square[data-square="B:e4"]').count() == 1
            owner.page.close()
            pages = [BoardPage(chromium, links[n], viewport=(1400, 900)) for n in NAMES]
            watch = BoardPage(chromium, links["spectators"], viewport=(390, 844))
            assert [p.state()["players"].index("you") for p in pages] == [0, 1, 2, 3]
            # each page shows its own board on the left, seen from its own side
            firsts = [p.page.evaluate("document.querySelector('#board svg svg').dataset.board") for p in pages]
            assert firsts == ["A", "A", "B", "B"]
            for n, (board, seat, move) in enumerate(GAME):
                view = pages[seat]
                text = f"{board}:{move}"
                view.page.wait_for_function(f"state.legal.some(m => m.move === {text!r})", timeout=30000)
                target = next(m for m in view.state()["legal"] if m["move"] == text)
                if "@" in move:
                    # the queen A's White took stands in B's Black's hand, beside board B: clicked, then f2
                    assert view.state()["boards"][1]["hands"]["black"] == {"Q": 1}
                    assert target["from"] == "B:reserve-black-Q"
                    view.click_target("B:reserve-black-Q")
                    marks = view.destinations()
                    assert "B:f2" in marks and len(marks) == 32 and all(m.startswith("B:") for m in marks)
                    save_screenshot(view.page, SHOTS / "web-bughouse.png")
                    view.click_target("B:f2")
                else:
                    view.play_by_clicks(target)
                for p in pages + [watch]:
                    p.page.wait_for_function(f"state.moves.length > {n}", timeout=10000)
                    assert p.state()["moves"][n] == text
            for p in pages + [watch]:
                p.page.wait_for_function("state.result !== null", timeout=10000)
                assert p.state()["result"] == "1-0"
                assert "board B: Black mates" in p.page.inner_text("#result")
                assert not p.errors, p.errors
            save_screenshot(pages[3].page, SHOTS / "web-bughouse-mate.png")
            save_screenshot(watch.page, SHOTS / "web-bughouse-phone.png")
        finally:
            for p in pages:
                p.page.close()


def test_a_person_against_three_engine_seats(chromium):  # noqa: F811
    """A's White clicks; our engine plays A's Black on board A, and B's two seats against each other on B."""
    from hyperchess.web.testing import running_server
    with running_server() as url:
        view = BoardPage(chromium, url, "bughouse", ["human", "engine", "engine", "engine"], movetime=0.05,
                         viewport=(1400, 900))
        posts = []
        view.page.on("request", lambda r: posts.append(r.post_data) if r.url.endswith("/api/move") else None)
        try:
            for n in range(3):
                view.page.wait_for_function("state.legal.some(m => m.move.startsWith('A:')) || state.result",
                                            timeout=30000)
                st = view.state()
                if st["result"]:            # board B's engines ended the game (a mate there)
                    break
                move = sorted(st["legal"], key=lambda m: m["move"])[n * 5 % len(st["legal"])]
                assert all(m["move"].startswith("A:") for m in st["legal"])
                view.play_by_clicks(move)
                view.page.wait_for_function(f"state.moves.filter(m => m.startsWith('A:')).length >= {2 * n + 2}"
                                            " || state.result", timeout=30000)
            st = view.state()
            assert sum(m.startswith("B:") for m in st["moves"]) >= 1 or st["result"]
            colors = st["move_colors"]
            on_a = [c for c, m in zip(colors, st["moves"]) if m.startswith("A:")]
            # the person's three moves by clicks, each answered by the engine unless board B ended the game
            assert len(posts) == on_a.count("A white") and len(on_a) >= 2
            assert on_a == [("A white", "A black")[i % 2] for i in range(len(on_a))]
            assert len(on_a) == 6 or st["result"]
            assert not view.errors, view.errors
        finally:
            view.page.close()


@pytest.mark.parametrize("name", ["bughouse", "koedem", "supply"])
def test_two_boards_and_their_buttons_fit_a_1280x720_window(chromium, name):  # noqa: F811
    """A new game of four seats with a clock, the owner's page showing the seat links under the clocks (the
    tallest panel): both boards, the status, the clocks, the move list and the buttons all inside a 1280x720
    window."""
    from hyperchess.web.testing import running_server
    from web3d_support import layout_problems
    with running_server() as url:
        view = BoardPage(chromium, url, name, ["human"] * 4, viewport=(1280, 720))
        try:
            # a page playing both teams names no partnership
            view.page.wait_for_function("state.players.every(p => p === 'you')")
            assert view.page.inner_text("#seat-role") == "You play A white, A black, B white, B black."
            # the other three seats by link (set without a change event: New game reads them), so the links stay
            # in every state the owner's page is sent (a game of "you" seats shows them only on New game's answer,
            # and the next live update's state, without them, hid them again: a race under load)
            view.page.evaluate("document.querySelectorAll('#seats select').forEach((s, i) => { s.value = i ? 'link' : 'human'; })")
            view.page.fill("#clock", "10:00+5")
            view.page.click("#new")
            view.page.wait_for_function("state.clock === '10:00+5' && state.players[0] === 'you' && state.linked")
            view.page.wait_for_function("!document.querySelector('#links').hidden")
            assert view.page.inner_text("#seat-role").startswith("You play A white (")
            assert view.page.locator("#board svg svg[data-board]").count() == 2
            # take-backs belong to a board nobody plays by link (steps.js): no Undo to place
            problems = [p for p in layout_problems(view, False) if p != "undo: not shown"]
            if name == "supply":
                save_screenshot(view.page, SHOTS / "web-supply-1280x720.png")
            assert not problems, problems
            assert not view.errors, view.errors
        finally:
            view.page.close()
