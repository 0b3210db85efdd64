"""Alice chess on the web board in a real headless Chromium (docs/rules/alice.md, docs/web.md): both boards side
by side, flat and 3D; a game by clicks between two people (Wikipedia's short mate) and against an engine seat,
each move checked against the oracle of tests/alice_oracle.py. Screenshots: docs/screenshots/web-alice*.png."""
from __future__ import annotations

from pathlib import Path

import pytest

from alice_oracle import Alice
from hyperchess.variants import get_game
from hyperchess.web.testing import BoardPage, png_stats, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)
from test_web_browser import click_3d, reachable_3d

pytestmark = BROWSER_MARKS

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots"
MATE = ["Ae2Ae4", "Ad7Ad5", "Af1Ac4", "Bd5Be4", "Bc4Bb5"]


def boards_drawn(view) -> set[str]:
    """The board letters of the squares drawn on the flat board."""
    return {sq[0] for sq in view.page.eval_on_selector_all("#board svg rect[data-square]",
                                                           "rects => rects.map(r => r.dataset.square)")}


def test_two_people_play_the_short_mate_by_clicks(board):
    url, b = board
    view = BoardPage(b, url, "alice", ["human", "human"])
    try:
        assert boards_drawn(view) == {"A", "B"}                     # both boards, side by side
        ref = Alice(view.state()["fen"])
        for ply, text in enumerate(MATE):
            st = view.state()
            move = next(m for m in st["legal"] if m["move"] == text)
            assert (move["from"], move["to"]) == (text[:3], text[3:])     # clicked on its own board
            view.play_by_clicks(move)
            view.page.wait_for_function(f"state.moves.length > {ply}")
            ref = ref.legal()[text]
            assert view.state()["fen"] == ref.fen()                 # the piece stands on the other board
        st = view.state()
        assert st["result"] is not None and st["result"].startswith("1-0"), st["result"]
        # Black's king on Ae8, White's bishop on Ab5 (it moved on B): pieces of both boards drawn where they stand
        assert view.page.locator('#board svg g.piece[data-square="Ab5"]').count() == 1
        assert view.page.locator('#board svg g.piece[data-square="Bb5"]').count() == 0
        shot = save_screenshot(view.page, SHOTS / "web-alice-mate.png")
        colours, busy = png_stats(view.page, shot)
        assert colours > 50 and busy > 0.2, (colours, busy)
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_person_against_an_engine_seat_by_clicks(board):
    url, b = board
    view = BoardPage(b, url, "alice", ["human", "engine"], movetime=0.1)
    try:
        st = view.state()
        played = 0
        for ply in range(4):
            ref = Alice(st["fen"])
            legal = sorted(st["legal"], key=lambda m: m["move"])
            assert {m["move"] for m in legal} == set(ref.legal())
            move = legal[(ply * 7919) % len(legal)]
            view.play_by_clicks(move)
            st = view.wait_for_turn(played)
            assert st["moves"][played] == move["move"]
            if st["result"] is not None:
                break
            assert len(st["moves"]) == played + 2                  # the engine replied, legally
            assert st["moves"][played + 1] in ref.legal()[move["move"]].legal()
            played = len(st["moves"])
        pos = get_game("alice").position()
        for text in st["moves"]:
            pos.push(pos.parse_move(text))
        assert pos.fen() == st["fen"]
        shot = save_screenshot(view.page, SHOTS / "web-alice.png")
        colours, busy = png_stats(view.page, shot)
        assert colours > 50 and busy > 0.2, (colours, busy)
        assert not view.errors, view.errors
    finally:
        view.page.close()


def test_a_move_by_clicks_in_the_3d_view(board):
    url, b = board
    view = BoardPage(b, url, "alice", ["human", "engine"], movetime=0.1)
    try:
        view.page.click("#view3d")
        view.page.wait_for_function("state.cells3d !== null && document.querySelector('#board3d canvas') !== null")
        st = view.state()
        assert {c["sq"][0] for c in st["cells3d"]["cells"]} == {"A", "B"}   # both boards in the 3D view
        # the knight's move to h3 (f3 stands behind the f-pawn's picture from White's seat)
        move = next(m for m in st["legal"] if m["move"] == "Ag1Ah3")
        assert reachable_3d(view, "Ag1", True) and reachable_3d(view, "Ah3", False)
        click_3d(view, "Ag1", True)
        view.page.wait_for_function("selected === 'Ag1' && window.dests3d.length > 0")
        click_3d(view, "Ah3", False)
        st = view.wait_for_turn(0)
        assert st["moves"][0] == move["move"] and len(st["moves"]) >= 2
        assert any(c["sq"] == "Bh3" and c.get("piece") for c in st["cells3d"]["cells"])   # the knight crossed
        shot = save_screenshot(view.page, SHOTS / "web-alice-3d.png")
        colours, busy = png_stats(view.page, shot)
        assert colours > 50 and busy > 0.1, (colours, busy)
        assert not view.errors, view.errors
    finally:
        view.page.close()
