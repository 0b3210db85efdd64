"""The web board in a real headless Chromium (the system's /usr/bin/chromium driven by Playwright).

For the 3D and four-player games a person plays three moves by clicking and the engine's replies appear; every
game's page is photographed (artifacts/web/VARIANT.png) and the shot is checked not to be blank; the page
must log no console errors. Skipped only when no Chromium or no Playwright (``pip install -e '.[browser]'``)
is available; ``.ci/run`` installs both.
"""
from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from hyperchess.pictures.svg import piece_glyph
from hyperchess.variants import game_names, get_game
from hyperchess.variants.core.game import EMPTY, HOLE
from hyperchess.web.testing import BoardPage, png_stats, running_server, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

pytestmark = BROWSER_MARKS

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "artifacts" / "web"
PLAYED = ("mixed3d", "future-generation", "first-contact", "raumschach")     # played by clicking


def pick(legal: list[dict], ply: int) -> dict:
    """A varied legal move: captures and plain moves from different pieces as the game goes on."""
    ordered = sorted(legal, key=lambda m: (m["from"], m["to"], m["move"]))
    return ordered[(ply * 7919) % len(ordered)]


@pytest.mark.parametrize("name", [n for n in PLAYED if n in game_names()])
def test_three_clicked_moves_and_engine_replies(board, name):
    url, b = board
    players = get_game(name).players
    view = BoardPage(b, url, name, ["human"] + ["engine"] * (players - 1), movetime=0.1)
    try:
        st = view.state()
        assert st["legal"], "the person has no move to click"
        played = 0
        for ply in range(3):
            move = pick(st["legal"], ply)
            view.play_by_clicks(move)
            st = view.wait_for_turn(played)
            assert st["moves"][played] == move["move"], (st["moves"], move)
            if st["result"] is None:
                # the engine's replies: one per other seat, each a move of its own colour
                assert len(st["moves"]) == played + players, st["moves"]
                human = st["colors"][0]
                assert st["move_colors"][played] == human
                assert human not in st["move_colors"][played + 1:]
                # the engine's line is not shown to the person who plays it, in play (docs/web.md)
                assert "depth" not in st["thinking"], st["thinking"]
            played = len(st["moves"])
            # the list is drawn once the page has the state as its view shows it (a 3D view fetches it again)
            view.page.wait_for_function("moves => moves.every(m => document.getElementById('moves').innerText"
                                        ".includes(m))", arg=st["moves"])
            if st["result"] is not None:
                break
        assert played >= 3
        shot = save_screenshot(view.page, SHOTS / f"{name}-played.png")
        colours, busy = png_stats(view.page, shot)
        assert colours > 50 and busy > 0.2, (colours, busy)
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.parametrize("name", game_names())
def test_page_of_every_game_and_screenshot(board, name):
    url, b = board
    players = get_game(name).players
    seats = ["human"] + ["engine"] * (players - 1)
    if getattr(get_game(name), "hand_rules", None) is not None and get_game(name).hand_rules.two_boards:
        seats = ["human", "engine"] * 2         # two boards, four seats: each board's White a person (no move yet)
    view = BoardPage(b, url, name, seats)
    try:
        st = view.state()
        pieces = view.page.locator("#board svg g.piece").count()
        # a two-board game (bughouse) shows both boards, each with its own position string
        fens = [board["fen"] for board in st["boards"]] if st.get("two_boards") else [st["fen"]]
        on_board = sum(1 for fen in fens for c in get_game(name).position(fen).board if c not in (EMPTY, HOLE))
        in_hand = view.page.locator("#board svg g.reserve-piece").count()
        # a game may start with an empty board and its pieces in hand (flipersi)
        assert pieces == on_board and (on_board > 0 or in_hand > 0 or name == "first-contact"), (pieces, on_board)
        # the side as its players name it (xiangqi's red; issue 71), the API's colour otherwise
        side = st["turn"] if st.get("two_boards") else st["sides"][st["colors"].index(st["turn"])]
        assert view.page.inner_text("#turn").startswith(f"{side} to move")
        shot = save_screenshot(view.page, SHOTS / f"{name}.png")
        colours, busy = png_stats(view.page, shot)
        assert colours > 50 and busy > 0.2, (colours, busy)
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_the_page_starts_once_all_its_scripts_have_run_whatever_order_they_arrive_in(board):
    """The page's start (``init`` in app.js) waits for the server's list of games and then uses what the
    other scripts define. A script after app.js in the page (panel.js, with ``onConnection``, stood there)
    arriving after that answer (a loaded machine; any real network) left the page with no board, saying only
    "onConnection is not defined": the first-board timeouts of the CI's browser tests. Here the page is
    served with panel.js after app.js again and panel.js held back until the list of games has been
    answered (or for 3 s, for a page that waits for its scripts before it asks)."""
    url, b = board
    page = b.new_page()
    try:
        held, answered, errors = [], [], []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("response", lambda r: answered.append(r.url) if "/api/games" in r.url else None)

        def document(route) -> None:
            real = route.fetch()
            text = real.text()
            panel = '<script src="/static/panel.js"></script>\n'
            app = '<script src="/static/app.js"></script>\n'
            assert panel in text and app in text
            route.fulfill(response=real, body=text.replace(panel, "").replace(app, app + panel))

        page.route(lambda u: urlsplit(u).path == "/", document)
        page.route("**/static/panel.js", lambda route: held.append(route))
        page.goto(f"{url}?variant=normal&seats=human,engine&movetime=0.1", wait_until="commit")
        deadline = time.monotonic() + 3
        while not (held and answered) and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert held, "panel.js was never asked for"
        held[0].continue_()
        page.wait_for_function("(state !== null && document.querySelector('#board svg') !== null)"
                               " || document.querySelector('#message').textContent !== ''", timeout=60_000)
        said = page.inner_text("#message")
        assert said == "" and page.evaluate("state !== null && state.variant === 'normal'"), said
        assert page.locator("#board svg g.piece").count() == 32 and not errors, errors
    finally:
        page.close()


def test_the_answer_to_a_change_of_the_game_before_new_game_never_replaces_the_new_game(board):
    """Choosing a seat changes the present game's seats (POST /api/seats); New game right after makes another
    game (POST /api/new). Their answers may come in either order: the seats' answer, of the old game, coming
    last put the old game back on the page while its link, live updates and reads were the new game's: the
    page stood still on the old game (test_camera_limits_reset_view_and_a_new_game_from_the_persons_side timed
    out once under load waiting for the new game's 3D view). Here the seats' answer is held back until the new
    game is shown."""
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "engine"])
    try:
        old = view.state()["id"]
        held, made = [], []
        view.page.route("**/api/seats", lambda route: held.append(route))
        view.page.on("response", lambda r: made.append(r) if r.url.endswith("/api/new") else None)
        view.page.select_option("#seat-black", "human")          # asks for the seats at once
        deadline = time.monotonic() + 10
        while not held and time.monotonic() < deadline:
            view.page.wait_for_timeout(20)
        assert held, "no seats asked for"
        view.page.click("#new")
        view.page.wait_for_function(f"state.id !== {old!r}")
        new = view.state()["id"]
        assert made and made[0].json()["id"] == new
        with view.page.expect_event("requestfinished", lambda r: r.url.endswith("/api/seats")):
            held[0].continue_()
        view.page.wait_for_timeout(500)
        st = view.state()
        assert st["id"] == new and st["seats"] == ["human", "human"], (st["id"], old, new)
        assert view.page.evaluate("KEY") == made[0].json()["key"]
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_bad_input_in_the_page_keeps_the_game(board):
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "engine"])
    try:
        before = view.state()
        view.page.fill("#typed", "e2e5")
        view.page.click("#play")
        view.page.wait_for_function("document.querySelector('#message').textContent.length > 0")
        assert "e2e5" in view.page.inner_text("#message") and "illegal" in view.page.inner_text("#message")
        view.page.fill("#fen", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1")
        view.page.click("#load")
        view.page.wait_for_function("document.querySelector('#message').textContent.includes('bad position')")
        after = view.state()
        assert after["fen"] == before["fen"] and after["moves"] == before["moves"]
        # a click on an empty square with nothing selected does nothing; a piece with no move says so
        view.click_target("a1")
        assert view.destinations() == set()
        view.click_target("g1")
        assert view.destinations() == {"f3", "h3"}
        view.click_target("e5")                   # not a destination: the selection is dropped
        assert view.destinations() == set()
        # console errors are ours to avoid even after refused input (the 400 answers are handled)
        assert not [e for e in view.errors if "request failed" in e or "page error" in e]
    finally:
        view.page.close()


def test_promotion_is_a_choice(board):
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "engine"])
    try:
        view.page.fill("#fen", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
        view.page.click("#load")
        view.page.wait_for_function("state.fen.startsWith('8/4P3')")
        view.click_target("e7")
        view.click_target("e8")
        buttons = view.page.locator("#choice-buttons button")
        buttons.first.wait_for()
        labels = [buttons.nth(i).get_attribute("title") for i in range(buttons.count())]   # pictures, named
        assert sorted(l.split(" (")[0] for l in labels) == ["promote to bishop", "promote to knight",
                                                           "promote to queen", "promote to rook"]
        glyphs = view.page.locator("#choice-buttons button svg text").all_text_contents()   # pictures as on the board
        game = get_game("normal")
        assert sorted(glyphs) == sorted(piece_glyph(game, game.letters[l]).parts[0][0] for l in "QRBN")
        king = view.page.locator('#board svg g.piece[data-piece="K"] text').first.text_content()
        assert king == piece_glyph(game, game.letters["K"]).parts[0][0]
        view.page.locator('#choice-buttons button[data-move="e7e8n"]').click()
        st = view.wait_for_turn(0)
        assert st["moves"][0] == "e7e8n"
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_clock_shows_minutes_seconds_and_tenths_cut_never_rounded_up(board):
    """299.96 s left is 4:59.9: rounding to tenths once showed 4:60.0 (found by the reconnect test)."""
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "human"])
    try:
        times = [0, -1, 0.04, 0.05, 9.99, 59.96, 60, 299.96, 300, 3599.99, 61.25, 7200.5]
        shown = view.page.evaluate("(ts) => ts.map(fmtClock)", times)
        expected = []
        for t in times:
            tenths = int(t * 10 + 1e-6) if t > 0 else 0
            expected.append(f"{tenths // 600}:{tenths % 600 // 10:02d}.{tenths % 10}")
        assert shown == expected
        assert shown[7] == "4:59.9" and shown[3] == "0:00.0" and shown[10] == "1:01.2"
    finally:
        view.page.close()


def test_first_contact_drop_from_the_reserve_and_platform_move_by_clicks(board):
    """A drop starts at the reserve piece beside the board; a platform carrying a pawn moves by clicking the
    pawn, then the matching cell of the vacant point (§C(b) Platform moves)."""
    url, b = board
    view = BoardPage(b, url, "first-contact", ["human", "engine"])
    try:
        # White: platforms Wa1u (with a White pawn), Wd1u, Ba4u, Bd4u; kings Wb2, Bc3; White to move
        fen = ("4/2k1/4/4|4/4/4/4|4/4/1K2/4 w - - 0 4 Wa1u:1P/2,Wd1u,Ba4u,Bd4u "
               "[QRRBBNNPPPPPPPqrrbbnnpppppppp] play -")
        view.page.fill("#fen", fen)
        view.page.click("#load")
        view.page.wait_for_function("state.fen.includes('Wa1u:1P/2')")
        view.click_target("reserve-white-N")
        empty_w = {f"{f}{r}2" for f in "abcd" for r in "1234"} - {"b22"}
        assert view.destinations() == empty_w
        view.click_target("a32")
        st = view.wait_for_turn(1)          # the engine's reply too (a live update may show the drop alone)
        assert st["moves"][0] == "N@a32" and len(st["moves"]) == 2
        assert view.page.locator('#board svg g.piece[data-square="a32"][data-piece="N"]').count() == 1
        played = len(st["moves"])
        # Black cannot move or reach the platform carrying White's pawn: it is still there, and it moves
        pawn_moves = {m["label"] for m in st["legal"] if m["from"] == "a13"}
        assert {"move the platform Wa1u-Wa4u", "move the platform Wa1u-Na1u"} <= pawn_moves
        view.click_target("a13")
        assert {"a35", "a53"} <= view.destinations()
        view.click_target("a35")
        st = view.wait_for_turn(played)
        assert st["moves"][played] == "Wa1u-Na1u"
        assert view.page.locator('#board svg g.block.platform[data-label="Na1u"]').count() == 1
        assert view.page.locator('#board svg g.piece[data-square="a35"][data-piece="P"]').count() == 1
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_the_page_works_beyond_loopback_with_its_token(board):
    """Bound to every address, the server wants its token: the page opened at the printed address (with
    ``?token=``) plays a move and gets the engine's reply; the same page without the token is refused."""
    _, b = board
    with running_server("0.0.0.0") as url:
        assert "?token=" in url
        view = BoardPage(b, url, "normal", ["human", "engine"], movetime=0.1)
        try:
            move = next(m for m in view.state()["legal"] if m["move"] == "e2e4")
            view.play_by_clicks(move)
            st = view.wait_for_turn(1)
            assert st["moves"][0] == "e2e4" and len(st["moves"]) == 2
            assert view.errors == []
        finally:
            view.page.close()
        bare = b.new_page()
        try:
            bare.goto(url.split("?")[0] + "?variant=normal")
            bare.wait_for_function("document.getElementById('message').textContent.includes('token')")
        finally:
            bare.close()


@pytest.mark.parametrize("name", [n for n in PLAYED if n != "raumschach"])
def test_flip_play_review_and_back_to_the_present(board, name):
    """By clicking: flip the view, play 3 moves, review move 1 (its position and last-move highlight), step
    with the arrow keys, and come back to the present, where play goes on."""
    url, b = board
    game = get_game(name)
    view = BoardPage(b, url, name, ["human"] + ["engine"] * (game.players - 1), movetime=0.1)
    try:
        before = view.state()["flipped"]
        view.page.click("#flip")
        view.page.wait_for_function(f"state.flipped === {str(not before).lower()}")
        assert view.page.get_attribute("#board svg", "data-flipped") == str(not before).lower()
        view.page.click("#flip")                          # and back: the person's own side
        view.page.wait_for_function(f"state.flipped === {str(before).lower()}")
        st = view.state()
        played = 0
        for ply in range(3):
            move = pick(st["legal"], ply)
            view.play_by_clicks(move)
            st = view.wait_for_turn(played)
            played = len(st["moves"])
            if st["result"] is not None:
                break
        assert played >= 3
        view.page.locator('#moves span.move[data-ply="1"]').click()
        view.page.wait_for_function("state.review_ply === 1")
        st = view.state()
        pos = game.position(st["start_fen"])
        pos.push(pos.parse_move(st["moves"][0]))
        assert st["review_fen"] == pos.fen() and view.page.input_value("#fen") == pos.fen()
        assert view.page.is_visible("#review") and st["legal"] == [] or st["review_ply"] == 1
        assert view.page.locator("#moves span.move.current").get_attribute("data-ply") == "1"
        view.page.keyboard.press("ArrowRight")
        view.page.wait_for_function("state.review_ply === 2")
        view.page.keyboard.press("Home")
        view.page.wait_for_function("state.review_ply === 0")
        assert view.state()["review_fen"] == st["start_fen"]
        view.page.keyboard.press("End")
        view.page.wait_for_function("state.review_ply === null")
        st = view.state()
        assert not view.page.is_visible("#review") and st["fen"] == view.page.input_value("#fen")
        if st["result"] is None:
            move = pick(st["legal"], 5)
            view.play_by_clicks(move)                     # play goes on from the present
            st = view.wait_for_turn(played)
            assert st["moves"][played] == move["move"]
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_hint_score_side_no_move_piece_and_resign(board):
    url, b = board
    view = BoardPage(b, url, "mixed3d", ["human", "engine"], movetime=0.1)
    try:
        placeholder = view.page.get_attribute("#typed", "placeholder")
        example = placeholder.rsplit(" ", 1)[-1]
        pos = get_game("mixed3d").position()
        assert pos.parse_move(example) in pos.legal_moves()           # the game's own notation, not e2e4
        view.click_target("4e1")                                      # the king cannot move at the start
        assert "has no legal move" in view.page.inner_text("#message")
        st = view.state()
        view.play_by_clicks(pick(st["legal"], 0))
        st = view.wait_for_turn(0)
        assert "score" not in st["thinking"]                          # hidden from its opponent in play
        assert view.page.inner_text("#message") == ""                # the old message is gone
        view.page.click("#resign")                                  # resigning asks first
        assert view.page.inner_text("#resign") == "Confirm resign" and view.page.is_visible("#resign-cancel")
        view.page.wait_for_timeout(300)
        assert view.state()["result"] is None
        view.page.click("#resign")
        view.page.wait_for_function("state.result === '0-1'")
        assert view.page.inner_text("#result") == "0-1 White resigns"
        # the game over, the engine's line is the player's to read: its side named, its score for that side
        thinking = view.state()["thinking"]
        assert thinking.startswith("black (engine): score ") and " for black" in thinking, thinking
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_clocked_game_lost_on_time(board):
    """normal at 5 s + 0.1 s: the person plays two moves, then lets the clock run out. The page shows the loss;
    the PGN has the TimeControl tag, %clk comments and the time-forfeit termination."""
    import re
    import urllib.request
    url, b = board
    view = BoardPage(b, url, "normal", ["human", "engine"], movetime=0.1)
    try:
        view.page.fill("#clock", "5s+0.1")
        view.page.click("#new")
        view.page.wait_for_function("state.clock === '5s+0.1' && state.moves.length === 0")
        assert view.page.locator("#clocks .clock").count() == 2
        for ply in range(2):
            st = view.state()
            view.play_by_clicks(pick(st["legal"], ply))
            st = view.wait_for_turn(2 * ply)
        left = view.state()["clocks"][0]
        assert 3.0 < left <= 5.2, left                      # 5 s, less thinking, plus 0.1 s a move
        view.page.wait_for_function("state.result === '0-1'", timeout=15000)
        st = view.state()
        assert st["termination"] == "time forfeit" and "loses on time" in view.page.inner_text("#result")
        assert view.page.locator("#clocks .clock").first.inner_text() == "white 0:00.0"
        with urllib.request.urlopen(f"{url}api/pgn?game={st['id']}", timeout=10) as r:
            pgn = r.read().decode()
        assert '[TimeControl "5+0.1"]' in pgn and '[Termination "time forfeit"]' in pgn
        assert len(re.findall(r"\[%clk 0:00:0\d\.\d\]", pgn)) == len(st["moves"]) >= 4
        assert "{White loses on time} 0-1" in pgn
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.parametrize("name", [n for n in PLAYED if n != "raumschach"])
def test_analysis_with_an_arrow_then_the_editor_and_play_on(board, name):
    """By clicking: analysis of the position shown (a score, a line in native notation, the best move as an
    arrow on the board); then the editor removes a piece by clicks and play goes on from the edited position.
    (First Contact starts with an empty board: the person drops pieces first.)"""
    from hyperchess.variants.core.load import load_position
    url, b = board
    game = get_game(name)
    view = BoardPage(b, url, name, ["human"] + ["engine"] * (game.players - 1), movetime=0.1)
    try:
        st = view.state()
        played = 0
        for ply in range(12):
            # First Contact starts with an empty board: play on (drops first) until a piece besides the kings
            # stands on it
            drops = [m for m in st["legal"] if m["label"] == "drop"]
            view.play_by_clicks(pick(drops or st["legal"], ply + 1))
            st = view.wait_for_turn(played)
            played = len(st["moves"])
            board_pieces = [c for c in game.position(st["fen"]).board if c > 1 and c not in game.royal_codes]
            if board_pieces and st["result"] is None:
                break
        view.page.click("#analyze")
        view.page.wait_for_function("state.analysis && state.analysis.depth >= 2 && state.analysis.line.length > 0",
                                    timeout=30000)
        st = view.state()
        pos = game.position(st["fen"])
        assert pos.parse_move(st["analysis"]["line"][0]) in pos.legal_moves()       # native notation
        assert st["analysis"]["side"] == st["turn"] and st["analysis"]["score"]
        arrow = view.page.locator("#board svg line.arrow")
        assert arrow.count() == 1
        first = pos.parse_move(st["analysis"]["line"][0])
        assert arrow.get_attribute("data-from") == game.names.name(first[0])
        assert "score" in view.page.inner_text("#analysis") and st["analysis"]["line"][0] in view.page.inner_text("#analysis")
        view.page.click("#analyze")                                                  # stop
        view.page.wait_for_function("state.analysis === null")
        view.page.click("#edit")
        view.page.wait_for_function("state.editing !== null")
        pieces_before = sum(1 for c in pos.board if c > 1)
        removed = None
        for cell in sorted(c for side in pos.occupied for c in side):
            code = pos.board[cell]
            if code in game.royal_codes:
                continue
            trial = pos.copy()
            trial.put(cell, 0)
            try:
                load_position(game, trial.fen())
            except Exception:
                continue
            if trial.legal_moves():
                removed = game.names.name(cell)
                break
        assert removed is not None
        view.page.locator('#palette button[data-token=""]').click()
        view.click_target(removed)
        view.page.wait_for_function(
            f"!document.querySelector('#board svg g.piece[data-square=\"{removed}\"]')")
        view.page.click("#edit-done")
        view.page.wait_for_function("state.editing === null")
        st = view.state()
        edited = game.position(st["fen"])
        assert sum(1 for c in edited.board if c > 1) == pieces_before - 1
        assert edited.board[game.names.parse(removed)] == 0
        assert st["moves"] == [] and st["start_fen"] == st["fen"]
        move = pick(st["legal"], 2)                                                  # play on
        view.play_by_clicks(move)
        st = view.wait_for_turn(0)
        assert st["moves"][0] == move["move"] and len(st["moves"]) >= min(game.players, 2)
        assert not view.errors, view.errors
    finally:
        view.page.close()


def click_3d(view, square: str, piece: bool) -> None:
    """A real mouse click on ``square`` in the 3D view, where the picking ray lands on it."""
    point = view.page.evaluate("([sq, piece]) => View3D.screenOf(sq, piece)", [square, piece])
    assert point is not None, square
    view.page.mouse.click(point["x"], point["y"])


def reachable_3d(view, square: str, piece: bool) -> bool:
    point = view.page.evaluate("([sq, piece]) => View3D.screenOf(sq, piece)", [square, piece])
    return point is not None and view.page.evaluate("([x, y]) => View3D.hitAt(x, y)", [point["x"], point["y"]]) == square


@pytest.mark.parametrize("name", ["mixed3d", "first-contact"])
def test_a_move_by_clicks_in_the_3d_view_and_the_engine_replies(board, name):
    url, b = board
    game = get_game(name)
    view = BoardPage(b, url, name, ["human"] + ["engine"] * (game.players - 1), movetime=0.1)
    try:
        view.page.click("#view3d")
        view.page.wait_for_function("state.cells3d !== null && document.querySelector('#board3d canvas') !== null")
        assert view.page.is_hidden("#board") and view.page.is_visible("#board3d canvas")
        st = view.state()
        pieces = {c["sq"] for c in st["cells3d"]["cells"] if c.get("piece")}
        # a move whose clicks land where they should: from a piece (or a single click on a cell, First
        # Contact's platform placement) to a cell the picking ray reaches
        move = None
        placements = [m for m in st["legal"] if m["from"] == m["to"]]
        for m in sorted(placements, key=lambda m: m["to"]):
            if reachable_3d(view, m["to"], False):
                move = m
                break
        sources = sorted({m["from"] for m in st["legal"] if m["from"] != m["to"] and m["from"] in pieces})
        for source in sources if move is None else ():
            if not reachable_3d(view, source, True):
                continue
            click_3d(view, source, True)                          # select the piece: its targets are marked
            view.page.wait_for_function(f"selected === {source!r} && window.dests3d.length > 0")
            move = next((m for m in sorted(st["legal"], key=lambda m: m["to"])
                         if m["from"] == source and reachable_3d(view, m["to"], False)), None)
            if move is not None:
                break
            click_3d(view, source, True)                          # unselect it
        assert move is not None, "no move reachable by clicks in the 3D view"
        click_3d(view, move["to"], False)
        if view.page.locator("#choice").is_visible():
            view.page.locator(f'#choice-buttons button[data-move="{move["move"]}"]').click()
        st = view.wait_for_turn(0)
        assert st["moves"][0] == move["move"] and len(st["moves"]) >= 2     # the engine replied
        assert view.page.is_visible("#board3d canvas") and st["cells3d"] is not None
        shot = save_screenshot(view.page, SHOTS / f"{name}-3d-played.png")
        colours, busy = png_stats(view.page, shot)
        assert colours > 50 and busy > 0.1, (colours, busy)      # First Contact's tower is mostly air
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_four_player_board_turns_to_the_persons_seat_and_rotates(board):
    """future-generation played as Gold: the board is turned a quarter so that Gold's pawns advance up the
    screen; Rotate turns it on to each seat's side; the person plays by clicks in the turned view."""
    url, b = board
    game = get_game("future-generation")
    view = BoardPage(b, url, "future-generation", ["engine", "engine", "human", "engine"], movetime=0.05)
    try:
        st = view.wait_for_turn(-1)
        assert st["turn"] == "gold" and st["turns"] == 1

        def up_the_screen(frm: str, to: str) -> bool:
            ys = [view.page.locator(f'#board svg rect.square[data-square="{sq}"]').first.bounding_box()["y"]
                  for sq in (frm, to)]
            return ys[1] < ys[0]

        pos = game.position(st["fen"])
        gold_pawn = next(c for c in sorted(pos.occupied[2]) if pos.board[c] in game.pawn_codes)
        f, r, l = game.geometry.coords[gold_pawn]
        ahead = game.names.name(game.geometry.index[(f - 1, r, l)])
        assert up_the_screen(game.names.name(gold_pawn), ahead)          # Gold's forward (towards file a) is up
        seen = [st["turns"]]
        for _ in range(3):
            view.page.click("#rotate")
            view.page.wait_for_function(f"state.turns === {(seen[-1] + 1) % 4}")
            seen.append(view.state()["turns"])
        assert seen == [1, 2, 3, 0]
        view.page.click("#rotate")                                        # back to Gold's side
        view.page.wait_for_function("state.turns === 1")
        before = view.state()
        move = pick(before["legal"], 3)
        view.play_by_clicks(move)
        st = view.wait_for_turn(len(before["moves"]))        # counted before the click: no race with it
        assert move["move"] in st["moves"] and not view.errors, view.errors
    finally:
        view.page.close()
