"""Fog of war on the web board in a real headless Chromium (docs/web.md "Fog of war"): two people, one at the
page that made the game and one by link, play fogofwar by clicks to a king taken. Each page draws fog over
exactly the cells its seat does not see (the rules' ``visible_cells``, replayed here) and no opponent piece
there; the game over, both see the whole board. Screenshots: docs/screenshots/web-fog-laptop.png (1400x900,
White's page) and web-fog-phone.png (390x844, Black's page)."""
from __future__ import annotations

from pathlib import Path

from hyperchess.variants import get_game
from hyperchess.variants.core.visibility import visible_cells
from hyperchess.web.testing import BoardPage, png_stats, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

pytestmark = BROWSER_MARKS

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots"
# the queen's raid of the scholar's mate; with no check in fog of war, Black does not see it coming and
# White takes the king
MOVES = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7", "a7a6", "f7e8"]


def drawn(view) -> tuple[set[str], dict[str, str]]:
    """(the cells drawn as fog, cell -> colour of each piece drawn) on a page's flat board."""
    fog = set(view.page.eval_on_selector_all("#board svg rect.fog", "rs => rs.map(r => r.dataset.square)"))
    pieces = dict(view.page.eval_on_selector_all(
        "#board svg g.piece", "gs => gs.map(g => [g.dataset.square, g.dataset.color])"))
    return fog, pieces


def test_two_people_play_fog_of_war_by_clicks_each_seeing_only_its_cells(board):
    url, b = board
    white = BoardPage(b, url, "fogofwar", ["human", "link"], viewport=(1400, 900))
    black = None
    try:
        key = white.state()["links"]["seats"]["black"]
        black = BoardPage(b, f"{url}play/{key}", viewport=(390, 844))
        game = get_game("fogofwar")
        names = game.names
        pos = game.position()
        pages = [white, black]
        for ply, text in enumerate(MOVES):
            mover = pages[ply % 2]
            st = mover.state()
            move = next(m for m in st["legal"] if m["move"] == text)
            mover.play_by_clicks(move)
            for view in pages:
                view.page.wait_for_function(f"state.moves.length > {ply}")
            pos.push(pos.parse_move(text))
            if pos.outcome() is not None:
                break
            for color, view in enumerate(pages):
                view.page.wait_for_function(f"state.moves.length === {ply + 1} && !!state.fog")
                seen = {names.name(c) for c in visible_cells(pos, color)}
                fog, pieces = drawn(view)
                assert fog == {names.name(c) for c in range(64)} - seen, (color, ply)
                assert all(sq in seen for sq, c in pieces.items() if c != game.color_names[color])
                assert view.page.locator("#fog-note").is_visible()
            if ply == 0:          # Black saw nothing of 1.e4: its list says only that White moved
                assert black.state()["moves"] == ["?"] and white.state()["moves"] == ["e2e4"]
            if ply == 5:          # White to move, its queen on h5 seeing f7: the screenshots
                shot = save_screenshot(white.page, SHOTS / "web-fog-laptop.png")
                assert png_stats(white.page, shot)[0] > 50
                shot = save_screenshot(black.page, SHOTS / "web-fog-phone.png")
                assert png_stats(black.page, shot)[0] > 50
        for view in pages:
            view.page.wait_for_function("state.result !== null")
            st = view.state()
            assert st["result"] == "1-0" and st["moves"] == MOVES, (st["result"], st["moves"])
            fog, pieces = drawn(view)
            assert not fog and len(pieces) == sum(1 for c in pos.board if c > 1)   # the whole board now
            assert not view.page.locator("#fog-note").is_visible()
        shot = save_screenshot(white.page, SHOTS / "web-fog-over.png")
        assert png_stats(white.page, shot)[0] > 50
        assert not white.errors and not black.errors, white.errors + black.errors
    finally:
        white.page.close()
        if black is not None:
            black.page.close()


def test_a_person_plays_fog_of_war_by_clicks_against_our_engine_seat(board):
    """The engine plays Black from its seat's views (engine/fog.py); the person's page shows only White's
    sight after each of its replies, checked once the game is over and its moves are all shown."""
    url, b = board
    view = BoardPage(b, url, "fogofwar", ["human", "engine"], viewport=(1400, 900))
    try:
        game = get_game("fogofwar")
        names = game.names
        seen_at: dict[int, tuple[set[str], dict[str, str], list[str]]] = {}
        st = view.state()
        played = 0
        for ply in range(6):
            legal = sorted(st["legal"], key=lambda m: m["move"])
            view.play_by_clicks(legal[(ply * 7919) % len(legal)])
            st = view.wait_for_turn(played)
            if st["result"] is not None:
                break
            assert len(st["moves"]) == played + 2, st["moves"]          # the engine replied
            assert st["thinking"] in ("", "-") or st["thinking"].endswith(": thinking"), st["thinking"]
            played = len(st["moves"])
            fog, pieces = drawn(view)
            seen_at[played] = (fog, pieces, list(st["moves"]))
        if st["result"] is None:
            view.page.locator("#resign").click()
            view.page.locator("#resign").click()              # "Confirm resign"
            view.page.wait_for_function("state.result !== null")
        moves = view.state()["moves"]                         # the game over: every move shown
        pos = game.position()
        for n, text in enumerate(moves, 1):
            pos.push(pos.parse_move(text))
            if n in seen_at:
                fog, pieces, shown = seen_at[n]
                seen = {names.name(c) for c in visible_cells(pos, 0)}
                assert fog == {names.name(c) for c in range(64)} - seen, n
                assert all(sq in seen for sq, c in pieces.items() if c == "black"), n
                assert shown[0::2] == moves[0:n:2]                          # its own moves whole
        assert seen_at and not view.errors, view.errors
    finally:
        view.page.close()
