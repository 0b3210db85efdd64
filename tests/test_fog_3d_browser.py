"""Fog of war in the web board's 3D view, in Chromium (docs/web.md "Fog of war"; docs/rules/fogofwar.md): a
game of levels with ``fog = true`` (no shipped game has both: raumschach's table with ``fog = true`` and
``check = "capture"``, from a variants file) seen from White's seat, Black's seat (by link) and the spectators'
link. What the 3D scene draws (``View3D.drawn()``: each cell's colour, fog or not, and its piece) is checked
against the rules' ``visible_cells`` after every move, the moves made by clicks in the 3D view: a seat sees
pieces on exactly the cells it sees, and fog on the rest; the spectators see nothing during play (flat and 3D),
or everything when the game was made with "spectators see all"; the game over, everyone sees the whole board. Screenshots
docs/screenshots/web-fog-3d-*.png."""
from __future__ import annotations

from pathlib import Path

import pytest

from hyperchess.variants import add_variants, get_game
from hyperchess.variants.core.visibility import visible_cells
from hyperchess.web.testing import BoardPage, png_stats, save_screenshot

import hyperchess.variants.games as games_package
from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)
from test_web_3d import play_3d
from web3d_support import open_3d

pytestmark = BROWSER_MARKS

SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
NAME = "fog-raumschach"


def fog_raumschach() -> str:
    """Raumschach's own table from spatial.toml, renamed, with fog and the king taken instead of check."""
    text = (Path(games_package.__file__).parent / "spatial.toml").read_text()
    table = text[text.index("[raumschach]"):text.index("[raumschach.pieces]")]
    pieces = text[text.index("[raumschach.pieces]"):]
    pieces = pieces[:pieces.index("\n[", 1)]
    return (table.replace("[raumschach]", f"[{NAME}]") + 'fog = true\ncheck = "capture"\n\n'
            + pieces.replace("[raumschach.pieces]", f"[{NAME}.pieces]") + "\n")


@pytest.fixture(scope="module")
def game():
    add_variants(fog_raumschach(), "fog-raumschach.toml")
    g = get_game(NAME)
    assert g.fog and g.geometry.levels == 5
    return g


def drawn_3d(view) -> tuple[set[str], set[str], set[str]]:
    """(every cell, the cells drawn as fog, the cells a piece is drawn on) of the page's 3D scene."""
    cells = view.page.evaluate("View3D.drawn()")
    return set(cells), {sq for sq, c in cells.items() if c["fog"]}, {sq for sq, c in cells.items() if c["piece"]}


def flat(view) -> tuple[set[str], set[str]]:
    """(the cells drawn as fog, the cells a piece is drawn on) of the page's flat board."""
    fog, pieces = view.page.evaluate("""() => [
        [...document.querySelectorAll('#board svg rect.fog')].map(r => r.dataset.square),
        [...document.querySelectorAll('#board svg g.piece')].map(g => g.dataset.square)]""")
    return set(fog), set(pieces)


def check_seat(view, pos, color: int) -> None:
    """The 3D view of seat ``color``: pieces on exactly the occupied cells it sees, fog on every other cell."""
    names = pos.game.names
    seen = {names.name(c) for c in visible_cells(pos, color)}
    cells, fog, pieces = drawn_3d(view)
    assert fog == cells - seen, (color, sorted(fog ^ (cells - seen)))
    assert pieces == {sq for sq in seen if pos.board[names.parse(sq)] > 1}, color


def check_all(view, pos) -> None:
    """No fog, and every piece of the position drawn."""
    names = pos.game.names
    cells, fog, pieces = drawn_3d(view)
    assert not fog and pieces == {names.name(c) for c, code in enumerate(pos.board) if code > 1}


def wait_drawn(view, n: int) -> None:
    view.page.wait_for_function(f"state.moves.length === {n} && state.cells3d !== null"
                                " && !document.querySelector('#board3d').hidden", timeout=30000)


def test_fog_in_3d_from_both_seats_and_the_spectators(board, game):
    url, b = board
    white = BoardPage(b, url, NAME, ["human", "link"], viewport=(1400, 900))
    pages = [white]
    try:
        links = white.state()["links"]
        black = BoardPage(b, f"{url}play/{links['seats']['black']}", viewport=(1400, 900))
        watch = BoardPage(b, f"{url}watch/{links['watch']}", viewport=(390, 844))
        pages += [black, watch]
        pos = game.position()
        fog, pieces = flat(watch)                            # the flat board first: the spectators see no piece
        assert fog == {game.names.name(c) for c in range(len(pos.board))} and not pieces
        for view in pages:
            open_3d(view)
        for ply in range(6):
            mover = pages[ply % 2]
            st = mover.state()
            legal = sorted(st["legal"], key=lambda m: m["move"])
            # pawns forward first, so that the armies come into each other's sight
            pawns = [m for m in legal if pos.board[game.names.parse(m["from"])] in
                     (game.letters["P"], game.letters["p"])]
            move = (pawns or legal)[(ply * 5) % len(pawns or legal)]
            play_3d(mover, move)
            pos.push(pos.parse_move(move["move"]))
            for view in pages:
                wait_drawn(view, ply + 1)
            check_seat(white, pos, 0)
            check_seat(black, pos, 1)
            cells, fog, pieces = drawn_3d(watch)
            assert fog == cells and not pieces              # the spectators see no piece during play
        save_screenshot(white.page, SHOTS / "web-fog-3d-white.png")
        save_screenshot(black.page, SHOTS / "web-fog-3d-black.png")
        shot = save_screenshot(watch.page, SHOTS / "web-fog-3d-spectator-phone.png")
        assert png_stats(watch.page, shot)[0] > 50
        black.page.locator("#resign").click()
        black.page.locator("#resign").click()               # "Confirm resign"
        for view in pages:
            view.page.wait_for_function("state.result !== null && state.cells3d !== null && !state.fog")
            assert view.state()["result"] == "1-0"
            check_all(view, pos)                            # the game over: the whole board for everyone
        save_screenshot(black.page, SHOTS / "web-fog-3d-over.png")
        for view in pages:
            assert not view.errors, view.errors
    finally:
        for view in pages:
            view.page.close()


def test_spectators_see_all_in_3d_when_the_game_says_so(board, game):
    url, b = board
    white = BoardPage(b, url, NAME, ["human", "link"], viewport=(1400, 900))
    pages = [white]
    try:
        white.page.check("#watch-all")
        white.page.click("#new")
        white.page.wait_for_function("state.watch_all === true && !!state.links")
        links = white.state()["links"]
        black = BoardPage(b, f"{url}play/{links['seats']['black']}", viewport=(1400, 900))
        watch = BoardPage(b, f"{url}watch/{links['watch']}", viewport=(1400, 900))
        pages += [black, watch]
        pos = game.position()
        fog, pieces = flat(watch)                            # the flat board first: every piece, no fog
        assert not fog and pieces == {game.names.name(c) for c, code in enumerate(pos.board) if code > 1}
        for view in pages:
            open_3d(view)
        for ply, view in enumerate([white, black]):
            move = sorted(view.state()["legal"], key=lambda m: m["move"])[0]
            play_3d(view, move)
            pos.push(pos.parse_move(move["move"]))
            for v in pages:
                wait_drawn(v, ply + 1)
            check_seat(white, pos, 0)                       # the seats still see only their cells
            check_seat(black, pos, 1)
            check_all(watch, pos)                           # the spectators see the whole board
        shot = save_screenshot(watch.page, SHOTS / "web-fog-3d-spectator-sees-all.png")
        assert png_stats(watch.page, shot)[0] > 50
        for view in pages:
            assert not view.errors, view.errors
    finally:
        for view in pages:
            view.page.close()
