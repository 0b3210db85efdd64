"""Boards by family in a real Chromium (issue 71): xiangqi and janggi played by clicks on the intersections of
their lines (every piece drawn on a crossing, the river, the palaces' diagonals, the sides named red and black,
blue and red), shogi with its pentagons, a promotion drawn in red and a drop from the hand, the "Letters"
switch; screenshots at 1400x900 and 390x844 in docs/screenshots/ (web-board-GAME-SIZE.png)."""
from __future__ import annotations

from pathlib import Path

import pytest

from hyperchess.pictures.pieces import CJK_FONT, PROMOTED_INK
from hyperchess.variants import get_game
from hyperchess.web.testing import BoardPage, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

pytestmark = BROWSER_MARKS
SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
SIZES = {"laptop": (1400, 900), "phone": (390, 844)}

# where each piece, cell and line is drawn on the screen, read from the page
GEOMETRY = """() => {
  const c = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const svg = document.querySelector('#board svg');
  const files = [...svg.querySelectorAll('line.file-line')].map((l) => l.getBoundingClientRect());
  const ranks = [...svg.querySelectorAll('line.rank-line')].map((l) => l.getBoundingClientRect());
  const pieces = [...svg.querySelectorAll('g.piece circle:first-child')].map((e) =>
      [e.closest('g.piece').dataset.square, ...c(e.getBoundingClientRect())]);
  const cells = Object.fromEntries([...svg.querySelectorAll('rect.square')].map((r) =>
      [r.dataset.square, c(r.getBoundingClientRect())]));
  const diagonals = [...svg.querySelectorAll('line.palace-diagonal')].map((l) => {
      const p = svg.createSVGPoint();
      const end = (x, y) => { p.x = x; p.y = y; const q = p.matrixTransform(l.getScreenCTM()); return [q.x, q.y]; };
      return [end(+l.getAttribute('x1'), +l.getAttribute('y1')), end(+l.getAttribute('x2'), +l.getAttribute('y2'))];
  });
  return {files: files.map((r) => [(r.left + r.right) / 2, r.top, r.bottom]),
          ranks: ranks.map((r) => [(r.top + r.bottom) / 2, r.left, r.right]), pieces, cells, diagonals};
}"""


# each character drawn on a canvas in the pictures' font list: a missing glyph is drawn as the same empty box
# ("tofu") whatever the character, so characters that render alike are missing from the machine's fonts
INKED = """([chars, font]) => chars.map((ch) => {
  const c = document.createElement('canvas'); c.width = c.height = 48;
  const x = c.getContext('2d'); x.font = `40px ${font}`; x.textBaseline = 'middle'; x.fillText(ch, 4, 24);
  const d = x.getImageData(0, 0, 48, 48).data; let h = 0, n = 0;
  for (let i = 3; i < d.length; i += 4) { h = (h * 31 + d[i]) >>> 0; n += d[i] > 0; }
  return [h, n];
})"""


def near(a: float, b: float, tol: float = 1.5) -> bool:
    return abs(a - b) <= tol


def check_on_crossings(view: BoardPage) -> dict:
    """Every piece's disc is centred where a file's line crosses a rank's line, on its own cell's crossing."""
    g = view.page.evaluate(GEOMETRY)
    assert g["files"] and g["ranks"] and g["pieces"]
    xs = {round(x, 1) for x, _, _ in g["files"]}
    ys = {round(y, 1) for y, _, _ in g["ranks"]}
    for square, x, y in g["pieces"]:
        assert any(near(x, fx) for fx in xs) and any(near(y, ry) for ry in ys), f"{square} at {x},{y} off the lines"
        # and on a line that reaches it (the river breaks the inner files' lines)
        assert any(near(x, fx) and top - 1 <= y <= bottom + 1 for fx, top, bottom in g["files"]), square
        assert near(x, g["cells"][square][0]) and near(y, g["cells"][square][1]), square
    return g


def check_palaces(g: dict, corners: list[tuple[str, str]]) -> None:
    """The palaces' diagonals join the crossings of their corner cells (both diagonals of each)."""
    ends = [tuple(sorted((tuple(round(v) for v in a), tuple(round(v) for v in b)))) for a, b in g["diagonals"]]
    assert len(ends) == 2 * len(corners)
    for a, b in corners:
        (ax, ay), (bx, by) = g["cells"][a], g["cells"][b]
        want = [((ax, ay), (bx, by)), ((bx, ay), (ax, by))]
        for p, q in want:
            assert any(near(p[0], e[0][0], 2) and near(p[1], e[0][1], 2) and near(q[0], e[1][0], 2)
                       and near(q[1], e[1][1], 2) or near(q[0], e[0][0], 2) and near(q[1], e[0][1], 2)
                       and near(p[0], e[1][0], 2) and near(p[1], e[1][1], 2) for e in ends), (a, b)


def play(view: BoardPage, moves: list[str]) -> None:
    """Each move by clicks, from the page's own legal click targets."""
    for i, text in enumerate(moves):
        st = view.state()
        move = next((m for m in st["legal"] if m["move"] == text), None)
        assert move is not None, f"{text} not among {[m['move'] for m in st['legal']][:40]}"
        view.play_by_clicks(move)
        view.page.wait_for_function(f"state.moves.length > {i}")
    assert view.state()["moves"] == moves


def shots(b, url: str, variant: str, moves: list[str]) -> None:
    """The game after ``moves`` at both sizes (docs/screenshots/web-board-VARIANT-SIZE.png)."""
    for size, viewport in SIZES.items():
        view = BoardPage(b, url, variant, ["human", "human"], viewport=viewport)
        try:
            play(view, moves)
            if variant != "shogi":
                check_on_crossings(view)
            save_screenshot(view.page, SHOTS / f"web-board-{variant}-{size}.png")
            assert not view.errors, view.errors
        finally:
            view.page.close()


@pytest.mark.browser
def test_xiangqi_played_on_the_intersections(board):
    url, b = board
    view = BoardPage(b, url, "xiangqi", ["human", "human"])
    try:
        g = check_on_crossings(view)
        # nine files, ten ranks; the river breaks the seven inner files: 2 + 7 * 2 line pieces
        assert len(g["ranks"]) == 10 and len(g["files"]) == 2 + 7 * 2
        check_palaces(g, [("d1", "f3"), ("d8", "f10")])
        assert view.page.locator("#turn").text_content().startswith("red to move")
        assert view.page.locator("#seats label").first.text_content().startswith("red")
        # the characters render (Debian's fonts-noto-cjk): every one inked, no two alike (a tofu box is the same)
        chars = sorted({c for glyphs in get_game("xiangqi").drawing.glyphs.values() for c in glyphs})
        inked = view.page.evaluate(INKED, [chars, CJK_FONT])
        assert all(n > 50 for _, n in inked) and len({h for h, _ in inked}) == len(chars), inked
        play(view, ["h3e3", "h10g8", "b1c3", "i10h10"])
        check_on_crossings(view)
        assert view.page.locator("#turn").text_content().startswith("red to move")
        assert view.page.locator('#board svg g.piece[data-square="e3"] text').text_content() == "炮"
        legend = view.page.locator("#board svg g.legend-item").evaluate_all("es => es.map(e => e.dataset.text)")
        assert legend == ["chariot (R)", "advisor (A)", "cannon (C)", "soldier (P)", "horse (H)", "elephant (E)",
                          "general (K)"]
        view.page.click("#letters")           # Latin letters instead of the characters, kept across redraws
        assert view.page.locator('#board svg g.piece[data-square="e3"] text').text_content() == "C"
        play_more = next(m for m in view.state()["legal"] if m["move"] == "e3e7")
        view.play_by_clicks(play_more)
        view.page.wait_for_function("state.moves.length > 4")
        assert view.page.locator('#board svg g.piece[data-square="e7"] text').text_content() == "C"
        view.page.click("#letters")
        assert view.page.locator('#board svg g.piece[data-square="e7"] text').text_content() == "炮"
        assert not view.errors, view.errors
    finally:
        view.page.close()
    shots(b, url, "xiangqi", ["h3e3", "h10g8", "b1c3", "i10h10"])


@pytest.mark.browser
def test_janggi_played_on_the_intersections_and_palace_diagonals(board):
    url, b = board
    view = BoardPage(b, url, "janggi", ["human", "human"])
    try:
        g = check_on_crossings(view)
        assert len(g["ranks"]) == 10 and len(g["files"]) == 9           # no river
        check_palaces(g, [("d1", "f3"), ("d8", "f10")])
        assert view.page.locator("#turn").text_content().startswith("blue to move")
        # the general steps along a palace diagonal, e2 to d3, by clicks on the crossings
        play(view, ["e2d3", "e9f8", "b1c3"])
        g = check_on_crossings(view)
        assert view.page.locator('#board svg g.piece[data-square="d3"] text').text_content() == "楚"
        assert view.page.locator('#board svg g.piece[data-square="f8"] text').text_content() == "漢"
        assert view.page.locator("#turn").text_content().startswith("red to move")
        assert not view.errors, view.errors
    finally:
        view.page.close()
    shots(b, url, "janggi", ["e2d3", "e9f8", "b1c3"])


@pytest.mark.browser
def test_shogi_promotion_in_red_and_a_drop_from_the_hand(board):
    url, b = board
    view = BoardPage(b, url, "shogi", ["human", "human"])
    try:
        assert view.page.locator("#turn").text_content().startswith("sente to move")
        play(view, ["c3c4", "g7g6", "b2h8+"])       # the bishop takes and promotes: the choice said "promote"
        text = view.page.locator('#board svg g.piece[data-square="h8"] text')
        assert text.text_content() == "馬" and text.get_attribute("fill") == PROMOTED_INK
        # each side's pieces point at the other: those of the side at the top of the board are turned half round
        # (a board played from one page is seen from the side to move: gote's now)
        flipped = view.state()["flipped"]
        for square, gote in (("e9", True), ("e1", False)):
            turned = view.page.locator(f'#board svg g.piece[data-square="{square}"] g.pentagon').get_attribute(
                "transform") == "rotate(180)"
            assert turned == (gote != flipped), (square, flipped)
        st = view.state()
        move = next(m for m in st["legal"] if m["move"] == "g9h8")
        view.play_by_clicks(move)
        view.page.wait_for_function("state.moves.length > 3")
        hand = view.page.locator('#board svg g.reserve-piece[data-target="reserve-white-B"]')
        assert hand.get_attribute("data-count") == "\u00d71" and hand.locator("text.piece-text").text_content() == "角"
        view.click_target("reserve-white-B")
        view.click_target("e5")
        view.page.wait_for_function("state.moves.length > 4")
        assert view.state()["moves"][-1] == "B@e5"
        assert view.page.locator('#board svg g.piece[data-square="e5"] text').text_content() == "角"
        assert view.page.locator('#board svg g.reserve-piece[data-target="reserve-white-B"]').count() == 0
        titles = view.page.locator("#board svg text.side-title").all_text_contents()
        assert titles == ["Sente in hand", "Gote in hand"]
        assert not view.errors, view.errors
    finally:
        view.page.close()
    shots(b, url, "shogi", ["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"])
