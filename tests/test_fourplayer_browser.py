"""Four-player chess (docs/rules/fourplayer.md) on the web board in Chromium, by clicks (issue 69): a person in
one seat against three engine seats, Teams and Free-for-all, and four people by their four seat links. After
each turn the page's move list, whose turn it says and the board it draws are checked against the rules
replayed here; the board is drawn from the person's side; in a free-for-all the points shown change with a
capture. Screenshots docs/screenshots/web-fourplayer-*.png (1400x900 and 390x844)."""
from __future__ import annotations

from pathlib import Path

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.load import load_position
from hyperchess.web.testing import BoardPage, png_stats, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)
from test_fourplayer import board as board_field

pytestmark = BROWSER_MARKS

SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
KINGS = {"red": "h1", "blue": "a7", "yellow": "g14", "green": "n8"}   # each side's king's home square
SQUARE_Y = "(sq) => document.querySelector(`#board svg rect.square[data-square=\"${sq}\"]`).getBoundingClientRect().y"


def drawn(view) -> dict[str, str]:
    """square -> piece token (``bR``) of every piece the page's flat board draws."""
    return dict(view.page.eval_on_selector_all(
        "#board svg g.piece", "gs => gs.map(g => [g.dataset.square, g.dataset.piece])"))


def replayed(game, st: dict):
    """The position the page's moves lead to from its start, each move refused unless legal by our rules."""
    pos = load_position(game, st["start_fen"])
    for text in st["moves"]:
        assert text in {pos.move_name(m) for m in pos.legal_moves()}, (text, st["moves"])
        pos.push(pos.parse_move(text))
    return pos


def pieces_of(pos) -> dict[str, str]:
    token = {code: t for t, code in pos.game.letters.items()}
    return {pos.game.names.name(c): token[code] for c, code in enumerate(pos.board) if code > 1}


def lower_half(view, square: str) -> bool:
    """Is ``square`` drawn in the lower half of the board (the side of the seat the board is turned to)?"""
    # measured in one step of the page: a live update may redraw the board between two
    return view.page.evaluate("""(sq) => {
        const svg = document.querySelector('#board svg');
        const c = svg.querySelector(`rect.square[data-square="${sq}"]`).getBoundingClientRect();
        const b = svg.querySelector('rect.border').getBoundingClientRect();
        return c.y + c.height / 2 > b.y + b.height / 2; }""", square)


def check_page(view, game, me: str) -> dict:
    """The page's move list, turn line and drawn board agree with the rules; the board is turned to ``me``."""
    st = view.state()
    pos = replayed(game, st)
    if st["result"] is None:
        assert st["turn"] == game.color_names[pos.turn]
        turn = view.page.inner_text("#turn")
        assert turn.lower().startswith(f"{st['turn']} to move"), turn
        # the colour to move beside its name: the colour its pieces are drawn in
        swatch, pieces = view.page.evaluate("""(c) => [
            getComputedStyle(document.querySelector('#turn .swatch')).backgroundColor,
            [...document.querySelectorAll(`#board svg g.piece[data-color="${c}"] text`)].map(t => {
                const probe = document.createElement('span'); probe.style.color = t.getAttribute('fill');
                document.body.append(probe); const rgb = getComputedStyle(probe).color; probe.remove(); return rgb; })]""",
                                             st["turn"])
        assert pieces and set(pieces) == {swatch}, (swatch, pieces)
        if st["points"]:
            assert view.page.eval_on_selector_all("#points .side-points.to-move", "s => s.map(x => x.dataset.color)") \
                == [st["turn"]]
    assert drawn(view) == pieces_of(pos)
    shown = view.page.inner_text("#moves").split()
    assert all(n in shown for n in st["notated"]), (shown, st["notated"])
    across = {"red": "yellow", "blue": "green", "yellow": "red", "green": "blue"}[me]
    assert lower_half(view, KINGS[me]) and not lower_half(view, KINGS[across])
    return st


@pytest.mark.parametrize("name, me", [("fourplayer-teams", "blue"), ("fourplayer-ffa", "red")])
def test_a_person_against_three_engine_seats_by_clicks(board, name, me):
    url, b = board
    game = get_game(name)
    seats = ["human" if c == me else "engine" for c in game.color_names]
    view = BoardPage(b, url, name, seats, movetime=0.05, viewport=(1400, 900))
    try:
        st = view.wait_for_turn(-1 if me == "red" else 0)
        for turn in range(3):
            st = check_page(view, game, me)
            assert st["turn"] == me and "(you)" in view.page.inner_text("#turn")
            played = len(st["moves"])
            legal = sorted(st["legal"], key=lambda m: m["move"])
            move = legal[(turn * 7 + 3) % len(legal)]
            view.play_by_clicks(move)
            st = view.wait_for_turn(played)
            assert st["moves"][played] == move["move"]
            if st["result"] is None:      # the three engines answered in turn
                assert len(st["moves"]) == played + 4, st["moves"]
                assert st["move_colors"][played:] == [game.color_names[(game.color_names.index(me) + k) % 4]
                                                       for k in range(4)]
        check_page(view, game, me)
        if name == "fourplayer-ffa":
            # a capture: Red's queen takes Yellow's pawn (+1); the points shown change at once
            pieces = {"h1": "rK", "a7": "bK", "g14": "yK", "n8": "gK", "e5": "rQ", "e9": "yP", "k11": "bR"}
            fen = f"{board_field(pieces)} r - - 0 1"
            view.page.fill("#fen", fen)
            view.page.click("#load")
            view.page.wait_for_function("state.moves.length === 0 && state.turn === 'red'")
            assert view.page.inner_text("#points").replace(",", "").split()[1:] == \
                ["red", "0", "blue", "0", "yellow", "0", "green", "0"]
            view.play_by_clicks(next(m for m in view.state()["legal"] if m["move"] == "e5e9"))
            st = view.wait_for_turn(0)
            assert st["points"]["points"]["red"] == 1
            shown = view.page.inner_text("#points").replace(",", "").split()
            assert shown[shown.index("red") + 1] == "1", shown
            check_page(view, game, me)
        # Rotate: a quarter turn a click, each seat's side at the bottom in turn, back to the person's
        at_bottom = []
        for _ in range(4):
            before = view.page.evaluate(SQUARE_Y, KINGS[me])
            view.page.click("#rotate")
            view.page.wait_for_function(f"({SQUARE_Y})({KINGS[me]!r}) !== {before}")
            view.page.wait_for_timeout(100)
            at_bottom.append(max(KINGS, key=lambda c: view.page.evaluate(SQUARE_Y, KINGS[c])))
        assert sorted(at_bottom) == sorted(KINGS) and at_bottom[-1] == me, at_bottom
        shot = save_screenshot(view.page, SHOTS / f"web-{name}-laptop.png")
        assert png_stats(view.page, shot)[0] > 50
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.parametrize("name", ["fourplayer-teams", "fourplayer-ffa"])
def test_four_people_by_their_seat_links_play_by_clicks(board, name):
    """The owner gives all four seats away; each person plays from their own link, two moves each, every page
    showing each move, whose turn it is and the same board, each turned to its own seat."""
    url, b = board
    game = get_game(name)
    owner = BoardPage(b, url, name, ["link"] * 4, viewport=(1400, 900))
    pages = {}
    try:
        links = owner.state()["links"]
        assert sorted(links["seats"]) == sorted(game.color_names) and links["watch"]
        for c in game.color_names:
            size = (390, 844) if c == "blue" else (1400, 900)
            pages[c] = BoardPage(b, f"{url}play/{links['seats'][c]}", viewport=size)
        for c, view in pages.items():
            assert view.state()["players"][game.color_names.index(c)] == "you"
        if name == "fourplayer-teams":
            assert pages["blue"].page.inner_text("#seat-role") == \
                "You play blue (Blue and Green against Red and Yellow)."
            assert pages["red"].page.inner_text("#seat-role") == "You play red (Red and Yellow against Blue and Green)."
        else:                                         # every player for itself
            assert pages["blue"].page.inner_text("#seat-role") == "You play blue."
        # two rounds: a pawn move each, then any move
        for n in range(8):
            mover = game.color_names[n % 4]
            view = pages[mover]
            st = view.state()
            assert st["turn"] == mover and st["legal"], (n, st["turn"])
            for other, page in pages.items():         # nobody else may move now
                assert other == mover or not page.state()["legal"]
            legal = sorted(st["legal"], key=lambda m: m["move"])
            on_board = drawn(view)
            pawns = [m for m in legal if on_board.get(m["from"], "").endswith("P")]
            move = (pawns if n < 4 else legal)[len(pawns if n < 4 else legal) // 2]
            view.play_by_clicks(move)
            for page in pages.values():
                page.page.wait_for_function(f"state.moves.length === {n + 1}")
            for c, page in pages.items():
                st = check_page(page, game, c)
                assert st["moves"][n] == move["move"]
        save_screenshot(pages["blue"].page, SHOTS / f"web-{name}-people-phone.png")
        for view in pages.values():
            assert not view.errors, view.errors
    finally:
        owner.page.close()
        for view in pages.values():
            view.page.close()
