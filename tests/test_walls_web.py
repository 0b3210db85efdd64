"""Walls on the web board (docs/variants-file.md, "Walls"): a move that also places a wall is three clicks, the
piece, its destination, then the wall's cell among the marked ones; duck chess played a few moves by clicks."""
from __future__ import annotations

import pytest

from hyperchess.web.testing import BoardPage

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

# each move: the piece, its destination, the wall's cell (the duck moves every time)
MOVES = [("e2", "e4", "e6"), ("d7", "d5", "e2"), ("e4", "d5", "h6"), ("d8", "d5", "c3")]


@BROWSER_MARKS[1]
@BROWSER_MARKS[2]
@pytest.mark.browser
def test_duck_chess_by_clicks(board):
    url, b = board
    view = BoardPage(b, url, "duck", ["human", "human"])
    try:
        for i, (frm, to, wall) in enumerate(MOVES):
            st = view.state()
            move = next(m for m in st["legal"] if m["move"] == f"{frm}{to},{to}{wall}")
            assert move["then"] == wall and move["from"] == frm and move["to"] == to
            view.click_target(frm)
            assert to in view.destinations()
            view.click_target(to)
            # the third click: the cells the duck may go to are marked, its own cell (if any) is not
            marked = view.destinations()
            assert wall in marked and frm in marked and to not in marked
            if i:
                assert MOVES[i - 1][2] not in marked            # the duck cannot stay put
            assert not view.page.locator("#choice").is_visible()
            view.click_target(wall)
            st = view.wait_for_turn(i)
            assert st["moves"][-1] == f"{frm}{to},{to}{wall}"
            assert view.page.locator(f'#board svg rect.hole[data-square="{wall}"]').count() == 1
            assert view.page.locator('#board svg rect.hole').count() == 1
        assert st["fen"].split()[0] == "rnb1kbnr/ppp1pppp/8/3q4/8/2*5/PPPP1PPP/RNBQKBNR"
        assert not view.errors, view.errors
    finally:
        view.page.close()
