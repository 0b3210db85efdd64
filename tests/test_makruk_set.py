"""Makruk and its family drawn with a makruk set (issue 71): by the drawing's data (``pieces = "carved"``, each
letter's figure in ``shapes``), on an unchequered board; the khun, khon and met one tower in three sizes, the
boat squat, the horse's head, the cowrie-shell pawn (sources in variants/formats/fsf_display.toml). A file game
may ask for the set; a figure the set does not have is refused with one line. In Chromium: a makruk game played
by clicks, every piece inside its cell; screenshots docs/screenshots/web-board-makruk-{laptop,phone}.png."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from hyperchess.pictures import render_svg
from hyperchess.pictures.carved import carved_svg
from hyperchess.variants import add_variants, get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.web.testing import BoardPage, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

SVG = "{http://www.w3.org/2000/svg}"
SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
FIGURES = {"K": "khun", "M": "met", "S": "khon", "R": "ruea", "N": "ma", "P": "bia"}


def figures(svg: str) -> dict[str, str]:
    """Each occupied square -> the figure drawn there ("" for none)."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if "piece" in (g.get("class") or "").split():
            inner = [c.get("class", "").split() for c in g.iter(f"{SVG}g") if "carved" in c.get("class", "")]
            out[g.get("data-square")] = inner[0][1] if inner else ""
    return out


def top(shape: str) -> float:
    """The highest point of a figure (y grows downwards): the smallest y of its paths' points."""
    ys = []
    for d in re.findall(r'd="([^"]+)"', carved_svg(shape, "#fff", "#000", 100)):
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
        ys += numbers[1::2]
    return min(ys)


@pytest.mark.parametrize("name", ["makruk", "makpong", "cambodian", "karouk"])
def test_makruk_family_drawn_with_its_set(name):
    game = get_game(name)
    assert game.drawing.pieces == "carved" and game.drawing.board == "grid"
    pos = game.position()
    drawn = figures(render_svg(pos))
    assert len(drawn) == 32
    assert set(drawn.values()) == set(FIGURES.values())
    # the start position's figures by square: the pawns on the third and sixth ranks, the king on d1 and e8
    assert {drawn[f"{f}3"] for f in "abcdefgh"} == {drawn[f"{f}6"] for f in "abcdefgh"} == {"bia"}
    assert drawn["a1"] == drawn["h8"] == "ruea" and drawn["b1"] == drawn["g8"] == "ma"
    assert drawn["c1"] == drawn["f8"] == "khon" and drawn["d1"] == drawn["e8"] == "khun"
    assert drawn["e1"] == drawn["d8"] == "met"
    svg = render_svg(pos)
    assert 'class="board grid"' in svg                                 # unchequered: the cells' squares unseen
    assert all('fill-opacity="0"' in r for r in re.findall(r'<rect class="square[^>]*>', svg))


def test_three_towers_in_three_sizes_and_a_squat_boat():
    assert top("khun") < top("met") < top("khon") < top("ruea")      # the khun tallest, the boat lowest


def test_a_piece_without_a_figure_is_its_letter():
    """Ai-wok's ai-wok (a rook + knight + met) has no figure in a makruk set: its letter on a disc."""
    game = get_game("ai-wok")
    drawn = figures(render_svg(game.position()))
    assert drawn["e1"] == "" and drawn["d1"] == "khun"
    assert ">A<" in render_svg(game.position())


def test_file_games_ask_for_the_set():
    text = """
[boats]
files = 8
ranks = 8
start = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"
promotion = ""
drawing = { board = "grid", pieces = "carved", shapes = { K = "khun", R = "ruea" } }

[boats.pieces]
K = { name = "khun", betza = "K", royal = true }
R = { name = "ruea", betza = "R" }
"""
    names = add_variants(text, "boats.toml")
    game = get_game(names[0])
    assert game.drawing.pieces == "carved" and game.drawing.shapes == {"K": "khun", "R": "ruea"}
    assert figures(render_svg(game.position())) == {"a8": "ruea", "e8": "khun", "a1": "ruea", "e1": "khun"}
    bad = text.replace('R = "ruea" }', 'R = "tower" }').replace("boats", "boats-bad")
    with pytest.raises(VariantsFileError, match=r"drawing\.shapes: a table of letter = one of khun, met, khon"):
        add_variants(bad, "bad.toml")


def in_chromium(test):
    for mark in BROWSER_MARKS:
        test = mark(test)
    return test


@pytest.mark.parametrize("size, viewport", [("laptop", (1400, 900)), ("phone", (390, 844))])
@in_chromium
def test_makruk_played_by_clicks(board, size, viewport):
    url, b = board
    view = BoardPage(b, url, "makruk", ["human", "human"], viewport=viewport)
    try:
        for i, text in enumerate(["e3e4", "d6d5", "e4d5", "e8d7"]):
            move = next(m for m in view.state()["legal"] if m["move"] == text)
            view.play_by_clicks(move)
            view.page.wait_for_function(f"state.moves.length > {i}")
        # every figure drawn inside its own cell
        inside = view.page.evaluate("""() => [...document.querySelectorAll('#board svg g.piece')].map((g) => {
            const f = g.querySelector("g.carved").getBoundingClientRect();
            const c = document.querySelector(`#board svg rect.square[data-square="${g.dataset.square}"]`).getBoundingClientRect();
            return [g.dataset.square, f.left >= c.left - 1 && f.right <= c.right + 1 && f.top >= c.top - 1
                    && f.bottom <= c.bottom + 1 && f.width > c.width * 0.4]; })""")
        assert len(inside) == 31 and all(ok for _, ok in inside), [i for i in inside if not i[1]]
        save_screenshot(view.page, SHOTS / f"web-board-makruk-{size}.png")
        assert not view.errors, view.errors
    finally:
        view.page.close()
