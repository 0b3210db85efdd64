"""The move list in a real Chromium in the notation each family reads (issue 71): shogi in Western notation,
xiangqi in WXF, seirawan in SAN with its gates, janggi in its numbers with a pass as a word; the "Coordinates"
switch writes the moves as the server reads them, and the page remembers it across a reload. Screenshots in
docs/screenshots/web-notation-GAME.png."""
from __future__ import annotations

from pathlib import Path

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.san import write, write_moves
from hyperchess.web.testing import BoardPage, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

pytestmark = BROWSER_MARKS
SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

# each game's moves (the server's names) and how its players write them (the sources: docs/notation.md)
GAMES = {
    "shogi": (["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"], ["P-7f", "P-3d", "Bx2b+", "Sx2b", "B*5e"]),
    "xiangqi": (["h3e3", "h10g8", "h1g3", "i10h10", "i1h1"], ["C2=5", "H8+7", "H2+3", "R9=8", "R1=2"]),
    "seirawan": (["g1f3h", "g8f6e", "e2e4", "f6e4", "f1c4e"], ["Nf3/H", "Nf6/E", "e4", "Nxe4", "Bc4/E"]),
    "janggi": (["h1g3", "e9e9", "b1c3", "h10g8"], ["H08-87", "pass", "H02-83", "H18-37"]),
}


def listed(view: BoardPage) -> list[str]:
    """The moves as the list shows them, without the move numbers."""
    return [t.strip() for t in view.page.locator("#moves span.move").all_text_contents()]


def type_moves(view: BoardPage, moves: list[str]) -> None:
    for i, name in enumerate(moves):
        view.page.fill("#typed", name)
        view.page.click("#play")
        view.page.wait_for_function(f"state.moves.length > {i}")


@pytest.mark.parametrize("variant", list(GAMES))
def test_the_move_list_in_the_notation_of_each_family(board, variant):
    url, b = board
    moves, written = GAMES[variant]
    assert write_moves(get_game(variant).position(), moves) == written
    view = BoardPage(b, url, variant, ["human", "human"], viewport=(1400, 900))
    try:
        type_moves(view, moves)
        assert listed(view) == written
        button = view.page.locator("#notation")
        assert button.is_visible() and button.text_content() == "Coordinates"
        button.click()
        coordinates = listed(view)
        assert [c.rstrip("+") for c in coordinates] == [m.rstrip("+") for m in moves]
        assert button.text_content() == "Notation"
        assert not view.errors, view.errors
        view.page.reload()                           # the same game again: the switch is kept
        view.page.wait_for_function(f"state !== null && state.moves.length === {len(moves)}")
        view.errors.clear()                          # (a request the reload cut short is not the page's error)
        assert listed(view) == coordinates and view.page.locator("#notation").text_content() == "Notation"
        view.page.click("#notation")
        assert listed(view) == written
        save_screenshot(view.page, SHOTS / f"web-notation-{variant}.png")
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_games_with_levels_keep_their_names_and_no_switch(board):
    url, b = board
    view = BoardPage(b, url, "raumschach", ["human", "human"])
    try:
        assert view.state()["notated"] is None and not view.page.locator("#notation").is_visible()
    finally:
        view.page.close()


def edge_labels_shown(view: BoardPage, kind: str) -> list[str]:
    """The board's edge labels a person sees (``kind`` "file": under the columns, left to right; "rank": beside
    the rows, top first)."""
    return view.page.evaluate("""(kind) => {
        const shown = [...document.querySelectorAll(`#board svg text.coord.${kind}`)]
          .filter((t) => getComputedStyle(t).display !== "none");
        const at = (t) => t.getBoundingClientRect()[kind === "file" ? "left" : "top"];
        return shown.sort((a, b) => at(a) - at(b)).map((t) => t.textContent);
    }""", kind)


# what the board's edges show in the notation and with the "Coordinates" switch on: (files, ranks) each
EDGES = {
    "shogi": ((list("987654321"), list("abcdefghi")), (list("abcdefghi"), list("987654321"))),
    "xiangqi": ((list("987654321"), []), (list("abcdefghi"), [str(r) for r in range(10, 0, -1)])),
}


@pytest.mark.parametrize("viewport", [(1400, 900), (390, 844)])
@pytest.mark.parametrize("variant", list(EDGES))
def test_the_board_edges_and_the_move_box_speak_the_notation(board, variant, viewport):
    """Shogi's edges numbered 9..1 and lettered a..i from the top (Hodges), xiangqi's files 9..1 from Red's
    right (WXF, which names no rank), the coordinates' letters and numbers with the switch; a move typed in the
    notation is played, a wrong one answered in one line. Screenshots in
    docs/screenshots/web-edges-GAME-WxH.png."""
    url, b = board
    moves, written = GAMES[variant]
    notation, coordinates = EDGES[variant]
    view = BoardPage(b, url, variant, ["human", "human"], viewport=viewport)
    try:
        view.page.evaluate("localStorage.removeItem('hyperchess-coordinates')")
        view.page.reload()
        view.page.wait_for_function("state !== null")
        assert (edge_labels_shown(view, "file"), edge_labels_shown(view, "rank")) == notation
        type_moves(view, written[:2])                 # P-7f P-3d, C2=5 H8+7: as the list writes them
        assert view.state()["moves"] == moves[:2] and listed(view) == written[:2]
        view.page.fill("#typed", written[0])          # the same move again: no longer legal
        view.page.click("#play")
        view.page.wait_for_function("document.getElementById('message').textContent !== ''")
        message = view.page.locator("#message").text_content()
        assert "illegal move" in message and "\n" not in message, message
        view.errors.clear()                           # (the refused move's 400, which the console logs)
        save_screenshot(view.page, SHOTS / f"web-edges-{variant}-{viewport[0]}x{viewport[1]}.png")
        view.page.click("#notation")                  # Coordinates: the list and the edges as the server names
        assert (edge_labels_shown(view, "file"), edge_labels_shown(view, "rank")) == coordinates
        assert listed(view) == moves[:2]
        view.page.click("#notation")
        assert (edge_labels_shown(view, "file"), edge_labels_shown(view, "rank")) == notation
        assert not view.errors, view.errors
    finally:
        view.page.close()
    view = BoardPage(b, url, variant, ["human", "human"], viewport=viewport)
    try:                # the move box's example: a legal move written as the list writes it, and it plays
        example = view.page.get_attribute("#typed", "placeholder").rsplit(" ", 1)[-1]
        pos = get_game(variant).position()
        assert example in [write(pos, m) for m in pos.legal_moves()], example
        view.page.click("#notation")                  # with the switch, the example is in coordinates
        assert view.page.get_attribute("#typed", "placeholder").rsplit(" ", 1)[-1] in [
            pos.move_name(m) for m in pos.legal_moves()]
        view.page.click("#notation")
        view.page.fill("#typed", example)
        view.page.click("#play")
        view.page.wait_for_function("state.moves.length === 1")
        assert listed(view) == [example] and not view.errors, view.errors
    finally:
        view.page.close()
