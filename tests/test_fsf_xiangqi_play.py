"""Xiangqi played: to a result by clicks on the web board (the flying general and the stalemate that loses,
as a player meets them), and a match of hyperchess against Fairy-Stockfish over UCI refereed by our rules."""
from __future__ import annotations

from pathlib import Path

import pytest

from hyperchess.web.testing import BoardPage, png_stats, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)
from protocol_support import FSF_BINARY, match_against_fsf

ROOT = Path(__file__).resolve().parents[1]
# White's general on d1 may not step to e1 (it would face Black's on e10); after 1. Ra9 Kf10 it may, and Black,
# whose general can go neither to e10 (facing) nor f9 (the chariot), is stalemated: a loss in xiangqi
FEN = "4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1"


@BROWSER_MARKS[1]
@BROWSER_MARKS[2]
@pytest.mark.browser
def test_xiangqi_to_a_result_by_clicks(board):
    url, b = board
    view = BoardPage(b, url, "xiangqi", ["human", "human"])
    try:
        shot = save_screenshot(view.page, ROOT / "artifacts" / "web" / "xiangqi-start.png")
        colours, busy = png_stats(view.page, shot)
        assert colours > 50 and busy > 0.2, (colours, busy)
        # the start: 32 pieces on the points of a 9x10 board
        assert view.page.locator("#board svg g.piece").count() == 32
        assert view.page.locator("#board svg rect.square").count() == 90
        # drawn as xiangqi is: the river and the two palaces' diagonals (two lines a palace)
        assert view.page.locator("#board svg .river").count() >= 1
        assert view.page.locator("#board svg .palace-diagonal").count() == 4
        view.page.fill("#fen", FEN)
        view.page.click("#load")
        view.page.wait_for_function("state.fen.startsWith('4k4/9/R8/')")
        view.click_target("d1")
        assert view.destinations() == {"d2"}                 # e1 would face Black's general
        view.click_target("d1")                              # put it down again
        played = 0
        for move, marked in (("a8a9", None), ("e10f10", {"f10"}), ("d1e1", {"d2", "e1"})):
            st = view.state()
            legal = next(m for m in st["legal"] if m["move"] == move)
            if marked is not None:
                view.click_target(legal["from"])
                assert view.destinations() == marked, (move, view.destinations())
                view.click_target(legal["from"])
            view.play_by_clicks(legal)
            st = view.wait_for_turn(played)
            played += 1
            assert st["moves"][-1] == move
        assert st["result"] == "1-0", st["result"]
        assert "stalemate" in view.page.inner_text("body").lower()
        save_screenshot(view.page, ROOT / "artifacts" / "web" / "xiangqi-played.png")
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.slow
@pytest.mark.skipif(FSF_BINARY is None, reason="Debian's fairy-stockfish is not installed")
def test_a_xiangqi_match_against_fairy_stockfish(tmp_path):
    """hyperchess over UCI against Fairy-Stockfish over UCI (``UCI_Variant xiangqi``), refereed by our rules:
    no runner error, and every move legal by ``pgn check``."""
    text = match_against_fsf("xiangqi", tmp_path / "xq.pgn")
    assert '[Variant "xiangqi"]' in text and text.count("[Result ") == 2
