"""Helpers for the 3D view's browser tests (tests/test_web_3d.py): where a click lands, measured with the page's
own picking (``View3D.hitAt``: the square the ray from a page point reaches first), not with our own geometry.

A square is *in reach* when some point of the canvas, not covered by another element of the page, picks it.
The points tried lie within about a quarter cell of the centre of its piece and of its cell
(``View3D.screenOf``): the body of a piece, not the transparent corners of its picture.
"""
from __future__ import annotations

# The page-side search: for each square, the first grid point (around its piece, then its cell) that the
# page's picking maps to that square. Only View3D.screenOf and View3D.hitAt are used, so the same code
# measures any version of the view.
FIND_POINTS = """(squares) => {
  const canvas = document.querySelector('#board3d canvas');
  const out = {};
  const ring = [[0, 0]];
  for (let r = 1; r <= 4; r++)
    for (let a = 0; a < 12; a++) ring.push([r / 4 * Math.cos(a * Math.PI / 6), r / 4 * Math.sin(a * Math.PI / 6)]);
  for (const [sq, piece] of squares) {
    out[sq] = null;
    const cell = View3D.screenOf(sq, false), top = View3D.screenOf(sq, true);
    // the unit: how far the piece's centre stands above its cell's centre on the page (half a cell)
    const unit = cell && top ? Math.max(4, Math.hypot(top.x - cell.x, top.y - cell.y)) : 10;
    search:
    for (const c of piece ? [top, cell] : [cell]) {
      if (!c) continue;
      for (const [dx, dy] of ring) {
        // within about a quarter cell of the centre: the body of the piece or the middle of its cell
        const x = c.x + dx * unit * 0.6, y = c.y + dy * unit * 0.6;
        if (document.elementFromPoint(x, y) !== canvas) continue;
        if (View3D.hitAt(x, y) === sq) { out[sq] = { x, y }; break search; }
      }
    }
  }
  return out;
}"""


def open_3d(view) -> None:
    view.page.click("#view3d")
    view.page.wait_for_function("state.cells3d !== null && document.querySelector('#board3d canvas') !== null"
                                " && !document.querySelector('#board3d').hidden")
    view.page.wait_for_timeout(100)


def pieces_3d(view) -> dict[str, str]:
    """square -> colour of every piece in the 3D view's data."""
    cells = view.page.evaluate("state.cells3d.cells")
    return {c["sq"]: c["piece"]["color"] for c in cells if c.get("piece")}


def points_3d(view, squares: list[str], piece: bool = True) -> dict[str, dict | None]:
    return view.page.evaluate(FIND_POINTS, [[sq, piece] for sq in squares])


def reach_counts(view) -> dict[str, tuple[int, int]]:
    """colour -> (pieces in reach, pieces) from the present camera."""
    pieces = pieces_3d(view)
    points = points_3d(view, sorted(pieces))
    out: dict[str, list[int]] = {}
    for sq, color in pieces.items():
        entry = out.setdefault(color, [0, 0])
        entry[0] += points[sq] is not None
        entry[1] += 1
    return {c: (n, t) for c, (n, t) in out.items()}


def seat_views(view, players: int):
    """Yield a label for each seat's view in turn: the default view, then Flip (two players) or Rotate (four
    players: each quarter turn), waiting for the page to show the new state."""
    yield "default"
    button = "#flip" if players == 2 else "#rotate"
    for i in range(1 if players == 2 else players - 1):
        before = view.page.evaluate("state.turns")
        view.page.click(button)
        view.page.wait_for_function(f"state.turns !== {before}")
        view.page.wait_for_timeout(150)
        yield f"{button[1:]} x{i + 1}"


# The parts a player needs at once: each must lie wholly inside the window (no scrolling).
NEEDED = {"board": "#board svg", "board 3D": "#board3d canvas", "status": "#status", "clocks": "#clocks",
          "moves": "#moves", "moves title": "#moves-title", "undo": "#undo", "resign": "#resign", "draw": "#draw", "flip": "#flip"}


def layout_problems(view, mode3d: bool, narrow: bool = False) -> list[str]:
    """What is not fully in the window: the board (flat or 3D), status, clocks, move list and buttons; on a
    narrow screen only the board (it must fit the width) and the page's width."""
    out = []
    size = view.page.viewport_size
    width = view.page.evaluate("document.documentElement.scrollWidth")
    if width > size["width"]:
        out.append(f"page {width} px wide in a {size['width']} px window")
    for name, sel in NEEDED.items():
        if (name == "board") == mode3d and name in ("board", "board 3D"):
            continue
        if narrow and name not in ("board", "board 3D"):
            continue
        box = None
        for _ in range(5):                       # a live update may be redrawing the board: look again
            box = view.page.locator(sel).first.bounding_box()
            if box is not None:
                break
            view.page.wait_for_timeout(200)
        if box is None:
            out.append(f"{name}: not shown")
            continue
        if box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > size["width"] + 0.5 \
                or box["y"] + box["height"] > size["height"] + 0.5 or (box["height"] < 4 and name != "moves"):
            out.append(f"{name}: {box} outside {size}")
    return out


# The page-side measure of every piece's clickable area: the canvas sampled every `step` px with the view's own
# picking (View3D.hitAt); a piece's area is the connected set of samples picking its square that holds the
# sample nearest its picture's centre (View3D.screenOf). Its width and height are measured between the outermost
# samples (so they never overstate the area), and its centre is covered when picking at the projected centre
# lands on another square (or nothing).
CLICK_AREAS = """(step) => {
  const canvas = document.querySelector('#board3d canvas');
  const r = canvas.getBoundingClientRect();
  const x0 = Math.ceil(r.left) + 0.5, y0 = Math.ceil(r.top) + 0.5;
  const nx = Math.floor((r.right - x0) / step) + 1, ny = Math.floor((r.bottom - y0) / step) + 1;
  const ids = new Map(), names = [], grid = new Int32Array(nx * ny).fill(-1);
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const sq = View3D.hitAt(x0 + i * step, y0 + j * step);
      if (sq === null) continue;
      if (!ids.has(sq)) { ids.set(sq, names.length); names.push(sq); }
      grid[j * nx + i] = ids.get(sq);
    }
  const out = [];
  for (const c of state.cells3d.cells.filter((c) => c.piece)) {
    const p = View3D.screenOf(c.sq, true);
    const entry = {sq: c.sq, color: c.piece.color, covered: !p || View3D.hitAt(p.x, p.y) !== c.sq,
                   width: 0, height: 0, area: 0};
    out.push(entry);
    const id = ids.get(c.sq);
    if (!p || id === undefined) continue;
    // the sample of the square nearest the centre, then its connected samples
    let start = -1, best = Infinity;
    const ci = Math.round((p.x - x0) / step), cj = Math.round((p.y - y0) / step);
    for (let j = Math.max(0, cj - 3); j <= Math.min(ny - 1, cj + 3); j++)
      for (let i = Math.max(0, ci - 3); i <= Math.min(nx - 1, ci + 3); i++)
        if (grid[j * nx + i] === id && Math.hypot(i - ci, j - cj) < best) { best = Math.hypot(i - ci, j - cj); start = j * nx + i; }
    if (start < 0) continue;
    const seen = new Set([start]), todo = [start];
    let i0 = nx, i1 = -1, j0 = ny, j1 = -1;
    while (todo.length) {
      const k = todo.pop(), i = k % nx, j = (k - i) / nx;
      i0 = Math.min(i0, i); i1 = Math.max(i1, i); j0 = Math.min(j0, j); j1 = Math.max(j1, j);
      for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const a = i + di, b = j + dj, n = b * nx + a;
        if (a >= 0 && b >= 0 && a < nx && b < ny && grid[n] === id && !seen.has(n)) { seen.add(n); todo.push(n); }
      }
    }
    Object.assign(entry, {width: (i1 - i0) * step, height: (j1 - j0) * step, area: seen.size * step * step});
  }
  return out;
}"""


def click_areas(view, step: int = 3) -> list[dict]:
    """Every piece of the 3D view: {sq, color, covered, width, height, area} (px) from the present camera."""
    return view.page.evaluate(CLICK_AREAS, step)
