"""Shogi played: a promoted piece on the pictures, promotion and drops by clicks on the web board to a result, and
(slow) a ``hyperchess match`` game against Debian's Fairy-Stockfish over UCI, refereed and ``pgn check`` clean."""
from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.pictures import render_svg
from hyperchess.variants import get_game
from hyperchess.web.targets import legal_targets
from hyperchess.web.testing import BoardPage

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[1]
FSF_BINARY = next((p for p in ("/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish") if Path(p).exists()), None)
SVG = "{http://www.w3.org/2000/svg}"
# White promotes its rook on h7 (a choice), Black moves a pawn, White drops a gold on a8 guarded by its silver: mate
FEN = "k8/9/1S2p4/9/9/9/9/9/7RK[G] w - - 0 1"


def test_a_promoted_piece_is_drawn_in_red_and_the_choice_is_labelled():
    pos = get_game("shogi").position("k8/9/1S2p4/9/9/9/9/9/7+RK[G] b - - 0 1")
    root = ET.fromstring(render_svg(pos))
    pieces = {g.get("data-square"): g for g in root.iter(SVG + "g") if "piece" in (g.get("class") or "").split()}
    # the dragon king: its character in red on a pentagon (docs/variants-file.md, "How a game is drawn")
    text = next(t for t in pieces["h1"].iter(SVG + "text"))
    assert (pieces["h1"].get("data-piece"), text.text, text.get("fill"), text.get("data-letter")) == \
        ("+R", "龍", "#c8102e", "+R")
    pos = get_game("shogi").position(FEN)
    rook = {t["label"]: t["move"] for t in legal_targets(pos) if t["from"] == "h1" and t["to"] == "h7"}
    assert rook == {"promote": "h1h7+", "stay unpromoted": "h1h7"}
    assert {t["label"] for t in legal_targets(pos) if t["from"] == "h1" and t["to"] == "h2"} == {"move"}
    assert {t["move"] for t in legal_targets(pos) if t["from"] == "reserve-white-G"} >= {"G@a8", "G@e5"}


@BROWSER_MARKS[1]
@BROWSER_MARKS[2]
@pytest.mark.browser
def test_shogi_to_a_result_by_clicks_with_a_promotion_and_a_drop(board):
    url, b = board
    view = BoardPage(b, url, "shogi", ["human", "human"])
    try:
        view.page.fill("#fen", FEN)
        view.page.click("#load")
        view.page.wait_for_function("state.fen.includes('[G]')")
        view.click_target("h1")
        view.click_target("h7")
        view.page.locator("#choice").wait_for(state="visible")
        labels = view.page.locator("#choice-buttons button").all_text_contents()
        assert len(labels) == 2, labels
        view.page.locator('#choice-buttons button[data-move="h1h7+"]').click()
        st = view.wait_for_turn(0)
        assert st["moves"] == ["h1h7+"] and "+R" in st["fen"]
        assert view.page.locator('#board svg g.piece[data-square="h7"]').get_attribute("data-piece") == "+R"
        assert "龍" in "".join(view.page.locator('#board svg g.piece[data-square="h7"]').all_text_contents())
        view.click_target("e7")
        view.click_target("e6")
        st = view.wait_for_turn(1)
        view.click_target("reserve-white-G")
        assert "a8" in view.destinations()
        view.click_target("a8")
        view.page.wait_for_function("state.result !== null")
        st = view.state()
        assert st["moves"] == ["h1h7+", "e7e6", "G@a8"] and st["result"].startswith("1-0"), st["result"]
        assert not view.errors, view.errors
    finally:
        view.page.close()


@pytest.mark.slow
@pytest.mark.skipif(FSF_BINARY is None, reason="Debian's fairy-stockfish is not installed")
def test_a_match_game_of_shogi_against_fairy_stockfish_over_uci(tmp_path):
    pgn = tmp_path / "shogi.pgn"
    r = CliRunner().invoke(main, ["match", "--variant", "shogi", "--engine",
                                  f"cmd={sys.executable} -m hyperchess uci", "proto=uci", "name=hyperchess",
                                  f"dir={ROOT}", "--engine", f"cmd={FSF_BINARY}", "proto=uci", "name=fsf",
                                  "option.Threads=1", "option.Hash=16", "--each", "tc=20+0.2", "timemargin=500",
                                  "--games", "2", "--pgnout", str(pgn), "-q"], catch_exceptions=False)
    assert r.exit_code == 0 and "Runner errors: 0" in r.output, r.output
    check = CliRunner().invoke(main, ["pgn", "check", str(pgn)])
    assert check.exit_code == 0 and "all legal" in check.output, check.output
    text = pgn.read_text()
    assert '[Variant "shogi"]' in text and "@" in text.split("\n\n", 1)[1]
