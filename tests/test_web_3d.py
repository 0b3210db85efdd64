"""The 3D view and the board basics in a real headless Chromium (Playwright on the system's chromium).

Reach is measured with the page's own picking (tests/web3d_support.py): a piece is in reach when a click near
the centre of its picture or its cell lands on it. The heavy runs (every game's reach and moves, a whole
Raumschach game, every game's layout) are marked slow; the default suite keeps one quick case of each.
"""
from __future__ import annotations

import base64
import re
import subprocess
import sys
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from hyperchess.variants import game_names, get_game
from hyperchess.variants.board.codes import HOLE
from hyperchess.web.testing import BoardPage, png_stats, running_server, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

from web3d_support import click_areas, layout_problems, open_3d, pieces_3d, points_3d, reach_counts, seat_views

pytestmark = BROWSER_MARKS

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:                 # the tests are skipped then
    PlaywrightTimeout = TimeoutError

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "artifacts" / "web"
LEVELLED = ("mixed3d", "raumschach", "next-generation", "future-generation", "first-contact")
# First Contact starts with an empty tower: a position from its play phase with 32 pieces on it
FIRST_CONTACT_FULL = ("npkp/rpp1/npqb/rppb|4/4/4/4|QNRP/RPPN/BPPP/KPBP w - - 4 21 Na1u,Na4d,Bd1u,Bd4d:2/p1 - "
                      "play Bd1u")


def slow_except(*quick):
    return [n if n in quick else pytest.param(n, marks=pytest.mark.slow) for n in LEVELLED if n in game_names()]


def load(view, fen: str) -> None:
    view.page.fill("#fen", fen)
    view.page.click("#load")
    view.page.wait_for_function(f"(state.fen === {fen!r} || state.start_fen === {fen!r})"
                                " && (state.cells3d !== null || document.querySelector('#board3d').hidden)")


def settle(view, condition: str, timeout: float = 30) -> dict:
    """Wait for ``condition`` on the page's state with the 3D view drawn from it (an action's answer comes
    without the 3D data; the page fetches it next)."""
    view.page.wait_for_function(f"({condition}) && state.cells3d !== null", timeout=timeout * 1000)
    return view.state()


def click_3d(view, square: str) -> None:
    """A real mouse click where the page's picking lands on ``square`` (its piece, cell, marker or reserve piece),
    focusing the square's level with the level bar when no point of it is in reach with all levels shown."""
    point = points_3d(view, [square])[square]
    if point is None:
        level = next((c["l"] for c in view.page.evaluate("state.cells3d.cells") if c["sq"] == square), None)
        if level is not None:
            view.page.click(f'#levels3d button[data-level="{level}"]')
            point = points_3d(view, [square])[square]
    assert point is not None, f"{square} is not in reach in the 3D view"
    view.page.mouse.click(point["x"], point["y"])


def play_3d(view, move: dict) -> None:
    """One of ``state.legal`` by clicks in the 3D view: its source (unless it is made on its own cell), its
    destination, then its label when several moves share the two clicks."""
    if move["from"] != move["to"]:
        for attempt in range(3):                 # a live update's redraw may swallow a click: click again
            click_3d(view, move["from"])
            try:
                view.page.wait_for_function(f"selected === {move['from']!r}", timeout=3000)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
        marked = {m["square"] for m in view.page.evaluate("View3D.shown()") if m["kind"] != "selected"}
        assert move["to"] in marked, (move, sorted(marked))
    click_3d(view, move["to"])
    if view.page.locator("#choice").is_visible():
        view.page.locator(f'#choice-buttons button[data-move="{move["move"]}"]').click()
    view.page.click('#levels3d button[data-level="all"]')


@pytest.mark.parametrize("name", slow_except("raumschach", "next-generation"))
def test_every_piece_is_in_reach_from_every_seat(board, name):
    url, b = board
    game = get_game(name)
    view = BoardPage(b, url, name, ["human"] * game.players)
    try:
        if name == "first-contact":
            load(view, FIRST_CONTACT_FULL)
        open_3d(view)
        for label in seat_views(view, game.players):
            counts = reach_counts(view)
            print(name, label, counts)
            assert sum(t for _, t in counts.values()) >= 20
            assert all(n == t for n, t in counts.values()), (label, counts)
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.parametrize("name", slow_except("raumschach"))
def test_every_piece_is_at_least_24_px_with_its_centre_free_from_every_seat_at_1400x900(board, name):
    """Issue 58: every piece's clickable area (the connected part of the canvas where the page's own picking lands
    on its square) is at least 24 px wide and high, and picking at its picture's centre lands on it, from every
    seat's default camera (measured every 3 px: View3D.hitAt); coordinates and level names readable."""
    url, b = board
    game = get_game(name)
    view = BoardPage(b, url, name, ["human"] * game.players, viewport=(1400, 900))
    try:
        if name == "first-contact":
            load(view, FIRST_CONTACT_FULL)
        open_3d(view)
        start = len(pieces_3d(view))
        assert start >= 32 and (name == "first-contact" or start == sum(1 for c in game.position().board if c > HOLE))
        for label in seat_views(view, game.players):
            areas = click_areas(view)
            assert len(areas) == start
            small = [(a["sq"], a["width"], a["height"]) for a in areas if a["width"] < 24 or a["height"] < 24]
            covered = [a["sq"] for a in areas if a["covered"]]
            widths, heights = sorted(a["width"] for a in areas), sorted(a["height"] for a in areas)
            shown = view.page.evaluate("View3D.view()")
            print(name, label, shown, f"{len(areas)} pieces: width min {widths[0]} median {widths[len(widths) // 2]}, "
                  f"height min {heights[0]} median {heights[len(heights) // 2]}, "
                  f"area min {min(a['area'] for a in areas)} px2; covered {len(covered)}")
            assert not small, (label, small)
            assert not covered, (label, covered)
            # labels readable: coordinates as 12 px text at least, level names as 18 px
            assert shown["coordinateFontPx"] >= 12 and shown["levelNameFontPx"] >= 18, shown
            save_screenshot(view.page, SHOTS / f"{name}-3d-{label.replace(' ', '')}-1400x900.png")
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_focused_level_is_drawn_large_and_the_grid_follows_the_canvas(board):
    """A level chosen in the level bar fills the view and still takes clicks; "all" goes back to the seat's view;
    a phone-sized window gets fewer columns of levels, with every piece still in reach."""
    url, b = board
    view = BoardPage(b, url, "raumschach", ["human", "human"], viewport=(1400, 900))
    try:
        open_3d(view)
        home = view.page.evaluate("View3D.view()")

        def cell_px() -> float:
            a, c = (view.page.evaluate(f"View3D.screenOf('{sq}', false)") for sq in ("Ba1", "Be1"))
            return abs(c["x"] - a["x"]) / 4

        before = cell_px()
        view.page.click('#levels3d button[data-level="1"]')              # level B
        assert cell_px() > 1.5 * before
        click_3d(view, "Bb2")                                            # its pieces take clicks
        assert view.page.evaluate("selected") == "Bb2"
        assert "Bb3" in {m["square"] for m in view.page.evaluate("View3D.shown()") if m["kind"] == "dest"}
        view.page.click('#levels3d button[data-level="all"]')
        back = view.page.evaluate("View3D.view()")
        assert back["distance"] == pytest.approx(home["distance"]) and cell_px() == pytest.approx(before)
        view.page.set_viewport_size({"width": 390, "height": 844})
        view.page.wait_for_function(f"View3D.view().columns < {home['columns']}")
        assert all(n == t for n, t in reach_counts(view).values())
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.parametrize("name", slow_except("raumschach"))
def test_moves_of_the_start_position_by_two_clicks_in_3d(board, name):
    """At least 20 legal moves of the start (all where fewer), each made by clicks and checked, then undone."""
    url, b = board
    game = get_game(name)
    view = BoardPage(b, url, name, ["human"] * game.players)
    try:
        open_3d(view)
        camera = view.page.evaluate("View3D.view()")
        legal = sorted(view.state()["legal"], key=lambda m: (m["from"], m["to"], m["move"]))
        sample = legal if len(legal) <= 20 else [legal[(i * len(legal)) // 20] for i in range(20)]
        for move in sample:
            play_3d(view, move)
            assert settle(view, "state.moves.length === 1")["moves"] == [move["move"]]
            view.page.click("#undo")
            settle(view, "state.moves.length === 0")
        after = view.page.evaluate("View3D.view()")
        assert after["distance"] == pytest.approx(camera["distance"]) and after["polar"] == pytest.approx(camera["polar"])
        assert not view.errors, view.errors
    finally:
        view.page.close()


@contextmanager
def raumschach_3d(board, fen: str):
    """A Raumschach page (people at both seats) at ``fen``, in the 3D view; closed after, with no console error."""
    url, b = board
    view = BoardPage(b, url, "raumschach", ["human", "human"])
    try:
        load(view, fen)
        open_3d(view)
        yield view
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_check_marker_on_the_royal_piece_in_3d(board):
    with raumschach_3d(board, "2k2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2r2/5/5/5/2K2 w - - 0 1") as view:
        shown = view.page.evaluate("View3D.shown()")
        assert [m["square"] for m in shown if m["kind"] == "check"] == ["Ac1"]
        # and it is drawn: red around the king's picture
        point = view.page.evaluate("View3D.screenOf('Ac1', false)")
        shot = view.page.screenshot(clip={"x": point["x"] - 25, "y": point["y"] - 15, "width": 50, "height": 30})
        reds = view.page.evaluate("""async (url) => {
            const img = new Image(); img.src = url; await img.decode();
            const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
            const g = c.getContext('2d'); g.drawImage(img, 0, 0);
            const d = g.getImageData(0, 0, c.width, c.height).data; let n = 0;
            for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] < 110 && d[i + 2] < 110) n++;
            return n; }""", "data:image/png;base64," + base64.b64encode(shot).decode())
        assert reds > 30, reds


def test_captures_are_marked_apart_from_quiet_moves_and_the_arrow_is_thick(board):
    with raumschach_3d(board, "2k2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2r2/5/5/5/R1K2 w - - 0 1") as view:
        click_3d(view, "Aa1")
        shown = view.page.evaluate("View3D.shown()")
        assert {m["square"] for m in shown if m["kind"] == "capture"} == set()
        click_3d(view, "Aa1")                     # unselect
        load(view, "2k2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|r1r2/5/5/5/R2K1 w - - 0 1")
        click_3d(view, "Aa1")
        shown = view.page.evaluate("View3D.shown()")
        assert {m["square"] for m in shown if m["kind"] == "capture"} == {"Aa5"}
        assert "Aa2" in {m["square"] for m in shown if m["kind"] == "dest"}
        assert view.page.evaluate("View3D.view().labels") > 0             # coordinates and level names
        click_3d(view, "Aa1")                     # unselect; the analysis' best move as an arrow
        view.page.click("#analyze")
        view.page.wait_for_function("state.analysis && state.analysis.line.length > 0 && View3D.arrows() === 1",
                                    timeout=30000)
        assert view.page.evaluate("View3D.view().arrowWidth") >= 1 / 6     # the flat arrow: a sixth of a cell
        view.page.click("#analyze")


def test_first_contact_platforms_kings_pawn_and_a_platform_move_by_clicks_in_3d(board):
    url, b = board
    view = BoardPage(b, url, "first-contact", ["human", "human"])
    try:
        open_3d(view)
        done = {"platform": 0, "king": 0, "pawn": 0, "board": 0, "move": 0}
        for _ in range(40):
            st = view.state()
            legal = st["legal"]
            moving = [m for m in legal if m["label"].startswith("move the platform")]
            placing = [m for m in legal if m["from"] == m["to"]]
            kings = [m for m in legal if m["from"].endswith("-K")]
            pawns = [m for m in legal if m["from"].endswith("-P")]
            mine = {c["sq"] for c in st["cells3d"]["cells"]
                    if c.get("piece") and c["piece"]["color"] == st["turn"] and c["piece"]["token"] in "Pp"}
            # a pawn of the mover stepping onto a platform (the platform points are the levels 1, 3, 5, 7)
            boarding = [m for m in legal if m["from"] in mine and m["label"] == "move" and int(m["to"][-1]) % 2 == 1]
            if done["pawn"] and moving:
                move, what = moving[0], "move"
            elif placing:
                move, what = placing[0], "platform"
            elif kings:
                move, what = kings[len(kings) // 2], "king"
            elif boarding:
                move, what = boarding[0], "board"
            else:
                move, what = pawns[0], "pawn"
            before = len(st["moves"])
            play_3d(view, move)
            assert settle(view, f"state.moves.length === {before + 1}")["moves"][-1] == move["move"]
            done[what] += 1
            if done["move"]:
                break
        assert done["platform"] >= 4 and done["king"] == 2 and done["pawn"] >= 1 and done["move"] == 1, done
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.parametrize("name, mode3d", [("raumschach", True), ("normal", False)])
@pytest.mark.parametrize("size", [(1400, 900), (1280, 720), (390, 844)])
def test_layout_at_laptop_and_phone_sizes(chromium, name, mode3d, size):
    with running_server() as url:
        view = BoardPage(chromium, url, name, ["human", "human"], viewport=size)
        try:
            view.page.fill("#clock", "10:00+5")
            view.page.click("#new")
            view.page.wait_for_function("state.clock === '10:00+5'")
            for ply in range(2):                   # a move each, so that the move list has lines
                st = view.state()
                view.page.fill("#typed", st["legal"][len(st["legal"]) // 2]["move"])
                view.page.click("#play")
                view.page.wait_for_function(f"state.moves.length === {ply + 1}")
            if mode3d:
                open_3d(view)
            problems = layout_problems(view, mode3d, narrow=size[0] < 700)
            shot = save_screenshot(view.page, SHOTS / f"layout-{name}-{size[0]}x{size[1]}.png")
            assert not problems, problems
            colours, busy = png_stats(view.page, shot)
            assert colours > 50 and busy > 0.2, (colours, busy)
            assert not view.errors, view.errors
        finally:
            view.page.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1400, 900), (1280, 720)])
def test_layout_of_every_game_flat_and_3d(chromium, size):
    problems = []
    for name in game_names():
        game = get_game(name)
        with running_server() as url:
            view = BoardPage(chromium, url, name, ["human"] * game.players, viewport=size)
            view.page.fill("#clock", "10:00+5")
            view.page.click("#new")
            view.page.wait_for_function("state.clock === '10:00+5'")
            for mode in (False, True) if game.geometry.levels > 1 else (False,):
                if mode:
                    open_3d(view)
                problems += [f"{name} {'3D' if mode else 'flat'}: {p}" for p in layout_problems(view, mode)]
            view.page.close()
    assert not problems, problems


def test_drag_and_drop_san_and_rematch_with_colours_swapped(board):
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "engine"], movetime=0.1)
    try:
        src = view.page.locator('#board svg rect.square[data-square="g1"]').bounding_box()
        dst = view.page.locator('#board svg rect.square[data-square="f3"]').bounding_box()
        view.page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
        view.page.mouse.down()
        view.page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=8)
        view.page.mouse.up()
        st = view.wait_for_turn(0)
        assert st["moves"][0] == "g1f3"
        assert st["notated"][0] == "Nf3"
        text = view.page.inner_text("#moves")
        assert text.startswith("1. Nf3 " + st["notated"][1])                  # SAN in the move list
        view.click_target("e2")                                             # clicks still work
        view.click_target("e4")
        st = view.wait_for_turn(2)
        assert st["notated"][2] == "e4" and "2. e4" in view.page.inner_text("#moves")
        view.page.click("#rematch")
        view.page.wait_for_function("state.seats[0] === 'engine' && state.moves.length >= 1")
        st = view.state()
        assert st["seats"] == ["engine", "human"] and st["flipped"] is True   # the person now plays Black
        assert view.page.input_value("#seat-white") == "engine" and view.page.input_value("#seat-black") == "human"
        assert view.page.inner_text("#moves").startswith("1. ")
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_game_from_black_is_numbered_1_dots(board):
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "human"])
    try:
        load(view, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        view.page.fill("#typed", "g8f6")
        view.page.click("#play")
        view.page.wait_for_function("state.moves.length === 1")
        assert view.page.inner_text("#moves").strip() == "1... Nf6"
    finally:
        view.page.close()


def test_flag_fall_against_a_bare_king_is_a_draw(board):
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "human"])
    try:
        view.page.fill("#clock", "2s+0")
        view.page.click("#new")
        view.page.wait_for_function("state.clock === '2s+0'")
        load(view, "8/8/8/8/8/8/k7/4K2R w - - 0 1")     # White to move, with a rook; Black has only its king
        view.page.wait_for_function("state.result !== null", timeout=15000)
        st = view.state()
        assert st["result"] == "1/2-1/2" and st["termination"] == "time forfeit"
        with urllib.request.urlopen(f"{url}api/pgn?game={st['id']}", timeout=10) as r:
            pgn = r.read().decode()
        assert '[Result "1/2-1/2"]' in pgn and '[Termination "time forfeit"]' in pgn
        assert re.search(r"\{White's flag fell.*cannot mate.*\} 1/2-1/2", pgn)
    finally:
        view.page.close()


@pytest.mark.slow
def test_a_whole_raumschach_game_by_clicks_in_3d(board, tmp_path):
    """White by clicks in the 3D view only, against the engine at 0.2 s a move, until the game ends or 60 moves
    each; then a draw is offered (and, if the engine declines, White resigns). The PGN passes ``pgn check``."""
    url, b = board
    view = BoardPage(b, url, "raumschach", ["human", "engine"], movetime=0.2)
    try:
        open_3d(view)
        st = view.state()
        ply = 0
        while st["result"] is None and ply < 60:
            legal = sorted(st["legal"], key=lambda m: (m["from"], m["to"], m["move"]))
            captures = [m for m in legal if any(c["sq"] == m["to"] and c.get("piece")
                                                for c in st["cells3d"]["cells"])]
            move = (captures or legal)[(ply * 7919) % len(captures or legal)]
            played = len(st["moves"])
            play_3d(view, move)
            st = settle(view, f"state.moves.length > {played} && (state.legal.length > 0 || state.result !== null)", 60)
            assert st["moves"][played] == move["move"]
            ply += 1
        if st["result"] is None:
            view.page.click("#draw")
            view.page.wait_for_timeout(500)
            if view.state()["result"] is None:
                view.page.click("#resign")
                view.page.click("#resign")
            view.page.wait_for_function("state.result !== null")
        st = view.state()
        print("whole game:", len(st["moves"]), "plies,", st["result"], st["reason"])
        with urllib.request.urlopen(f"{url}api/pgn?game={st['id']}", timeout=10) as r:
            pgn = r.read().decode()
        path = tmp_path / "raumschach.pgn"
        path.write_text(pgn)
        out = subprocess.run([sys.executable, "-m", "hyperchess", "pgn", "check", str(path)],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stdout + out.stderr
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_camera_limits_reset_view_and_a_new_game_from_the_persons_side(board):
    """Dragging the 3D view far down stops a little below the bottom board; "Reset view" goes back to the seat's
    view; a new game with the person at Black starts from Black's side."""
    import math
    url, b = board
    view = BoardPage(b, url, "raumschach", ["human", "human"])
    try:
        open_3d(view)
        home = view.page.evaluate("View3D.view()")
        box = view.page.locator("#board3d canvas").bounding_box()
        x = box["x"] + box["width"] / 2

        def drag(y0: float, y1: float) -> dict:
            view.page.mouse.move(x, y0)
            view.page.mouse.down()
            view.page.mouse.move(x + 40, y1, steps=10)
            view.page.mouse.up()
            return view.page.evaluate("View3D.view()")

        top, bottom = box["y"] + 20, box["y"] + box["height"] - 20
        over = drag(top, bottom)                  # dragging down lifts the camera: not past straight above
        assert over["polar"] == pytest.approx(0.06 * math.pi)
        view.page.click("#reset-view")
        under = drag(bottom, top)                 # dragging up lowers it: a little below the bottom board at most
        assert under["polar"] > home["polar"] + 0.1 and under["polar"] <= 0.62 * math.pi + 1e-6
        view.page.click("#reset-view")
        back = view.page.evaluate("View3D.view()")
        assert back["polar"] == pytest.approx(home["polar"]) and back["azimuth"] == pytest.approx(home["azimuth"])
        view.page.select_option("#seat-white", "engine")
        view.page.click("#new")
        view.page.wait_for_function("state.seats[0] === 'engine' && state.cells3d !== null && state.turns === 2")
        view.page.wait_for_timeout(200)
        assert abs(view.page.evaluate("View3D.view().azimuth")) == pytest.approx(math.pi)   # from Black's side
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_state_read_for_the_old_view_never_replaces_the_3d_view(board):
    """A live update's read of the state, asked before the 3D view was chosen and answered after the 3D view's
    own read, is dropped: the board stays in 3D (under load this order happened, and the view stayed empty)."""
    url, b = board
    view = BoardPage(b, url, "raumschach", ["human", "human"])
    try:
        held = []
        view.page.route("**/api/state?*", lambda route: held.append(route) if "view=3d" not in route.request.url
                        else route.continue_())
        view.page.evaluate("() => { window.liveRead = fetchState(); }")     # as onLive does for a new version
        for _ in range(50):
            if held:
                break
            view.page.wait_for_timeout(100)
        assert len(held) == 1, "the flat view's read did not start"
        open_3d(view)                                   # its own read, answered first
        held[0].continue_()                             # then the old view's answer arrives
        view.page.evaluate("window.liveRead")
        view.page.wait_for_timeout(200)
        assert view.page.evaluate("state.cells3d !== null"), "the flat view's late answer replaced the 3D view's state"
        assert len(pieces_3d(view)) == 40 and view.page.evaluate("!document.querySelector('#board3d').hidden")
        assert not view.errors, view.errors
    finally:
        view.page.close()
