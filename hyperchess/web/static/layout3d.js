// hyperchess web board: where the 3D view (view3d.js) puts each level, label and reserve, as pure arithmetic on the
// server's cells3d data (`data`). The levels stand in a grid that fills the canvas (docs/web.md "The 3D view"):
// side by side along the seat's right, in rows each above and behind the one below, level 1 at the bottom left;
// the number of columns and the camera height are chosen from the game's levels and size and the canvas's shape.
"use strict";

const Layout3D = (() => {
  const ELEVATIONS = [30, 35, 40, 45, 50]; // degrees: the default camera's height above the boards' plane, tried
  // (from 30 up, a piece's picture, 0.9 cells tall, cannot reach the middle of the piece behind it: sin 30 > 0.45)
  const PIECE = 0.9;             // a piece's picture, in cells
  const LABEL = 0.5;             // a coordinate's height, in cells
  const BADGE = 0.8;             // a level's name badge, in cells
  const GAP = 0.3;               // between two levels' slots in the grid, in cells
  const RESERVE_STEP = 1.25;     // a drop game's reserve pieces: their pitch, in cells
  const measure = document.createElement("canvas").getContext("2d");
  const LABEL_FONT = 52, BADGE_FONT = 44;   // a label's font, in px of its 64 px high picture
  const FONT = (px, bold) => `${bold ? "bold " : ""}${px}px "DejaVu Sans", sans-serif`;
  // how wide `text` is drawn at height h (cells)
  function textWidth(text, h) {
    measure.font = FONT(LABEL_FONT, true);
    return h * (measure.measureText(text).width + 16) / 64;
  }

  function azimuth(t) { return t * Math.PI / 2; }                 // seat t looks from (sin, cos) in (x, z)
  function toward(t) { const a = azimuth(t); return { x: Math.round(Math.sin(a)), z: Math.round(Math.cos(a)) }; }

  // The seat's picture, as seen by a far camera at `elev` degrees: screen X along the seat's right, screen Y up
  // the picture; a point (x, y, z) of a level (y: height above it) is at X = p.right, Y = y cos - (p.s) sin.
  function frame(t, elev) {
    const s = toward(t), a = elev * Math.PI / 180;
    return { s, right: { x: s.z, z: -s.x }, cos: Math.cos(a), sin: Math.sin(a) };
  }
  function screen(fr, x, y, z) {
    return { X: x * fr.right.x + z * fr.right.z, Y: y * fr.cos - (x * fr.s.x + z * fr.s.z) * fr.sin };
  }
  // the world offset that moves a level by (X, Y) in the picture at the same distance from the camera (so that
  // every level is drawn at the same scale): along the seat's right, and up and away from the seat
  function lift(fr, X, Y) {
    return new THREE.Vector3(X * fr.right.x - Y * fr.sin * fr.s.x, Y * fr.cos, X * fr.right.z - Y * fr.sin * fr.s.z);
  }
  // the point of a level's plane seen at (X, Y)
  function onPlane(fr, X, Y) {
    const v = -Y / fr.sin;
    return new THREE.Vector3(X * fr.right.x + v * fr.s.x, 0, X * fr.right.z + v * fr.s.z);
  }
  function cellXZ(data, c) { return { x: c.f - (data.files - 1) / 2, z: -(c.r - (data.ranks - 1) / 2) }; }

  // The labels of level l in the seat's picture, relative to the level's middle: along its left edge the
  // coordinate that runs away from the seat, along its near edge the one that runs across, and the level's
  // name as a badge at the near left corner. [{text, X, Y, h, badge}]
  function labelSpots(data, fr, l) {
    const cells = data.cells.filter((c) => c.l === l);
    if (!cells.length) return [];
    const at = cells.map((c) => { const p = cellXZ(data, c); return Object.assign(screen(fr, p.x, 0, p.z), { c }); });
    const left = Math.min(...at.map((a) => a.X)) - 0.5;
    const near = Math.min(...at.map((a) => a.Y)) - 0.5 * fr.sin;
    const across = fr.s.z !== 0;                   // the seat looks along z: files run across, ranks away
    const rows = new Map(), cols = new Map();
    for (const a of at) {
      rows.set(across ? a.c.r : a.c.f, a.Y);
      cols.set(across ? a.c.f : a.c.r, a.X);
    }
    const out = [];
    for (const [i, Y] of rows) {
      const text = d3(data, i, across ? "rank" : "file");
      out.push({ text, X: left - 0.12 - textWidth(text, LABEL) / 2, Y, h: LABEL });
    }
    for (const [i, X] of cols) out.push({ text: d3(data, i, across ? "file" : "rank"), X, Y: near - 0.08 - LABEL / 2, h: LABEL });
    out.push({ text: data.level_names[l] || String(l + 1), X: left - 0.08 - BADGE / 2, Y: near - 0.08 - BADGE / 2,
               h: BADGE, badge: true });
    return out;
  }

  // What level l takes of the picture (its cells, the pieces that may stand on them, its labels), relative to the
  // middle of the whole board
  function levelBox(data, fr, l) {
    const b = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
    const add = (X, Y, w, h) => {
      b.x0 = Math.min(b.x0, X - w / 2); b.x1 = Math.max(b.x1, X + w / 2);
      b.y0 = Math.min(b.y0, Y - h / 2); b.y1 = Math.max(b.y1, Y + h / 2);
    };
    for (const c of data.cells) {
      if (c.l !== l) continue;
      const p = cellXZ(data, c), m = screen(fr, p.x, 0, p.z);
      add(m.X, m.Y, 1, fr.sin);
      add(m.X, m.Y + 0.5 * fr.cos, PIECE, PIECE);
    }
    for (const t of labelSpots(data, fr, l)) add(t.X, t.Y, t.badge ? t.h : textWidth(t.text, t.h), t.h);
    return Object.assign(b, { w: b.x1 - b.x0, h: b.y1 - b.y0 });
  }

  // the reserves' columns beside the grid: their size in the picture (cells)
  function reservesSize(data) {
    const boxes = data.reserves || [];
    if (!boxes.length) return { w: 0, h: 0 };
    return { w: 0.3 + boxes.length * RESERVE_STEP,
             h: LABEL + 0.2 + Math.max(...boxes.map((b) => b.items.length)) * RESERVE_STEP };
  }

  // The levels of `boxes` (levelBox) in rows of `columns`, level 1 at the bottom left, each row centred: where
  // each level's box goes in the picture (the offset of the board's middle), and the size of the whole.
  function grid(boxes, columns) {
    const rows = [];
    for (let l = 0; l < boxes.length; l += columns) rows.push(boxes.slice(l, l + columns));
    const widths = rows.map((row) => row.reduce((w, b) => w + b.w, 0) + (row.length - 1) * GAP);
    const W = Math.max(...widths), at = [];
    let Y = 0;
    rows.forEach((row, k) => {
      const h = Math.max(...row.map((b) => b.h));
      let X = (W - widths[k]) / 2;
      for (const b of row) {
        at.push({ X: X - b.x0, Y: Y + (h - b.h) / 2 - b.y0 });
        X += b.w + GAP;
      }
      Y += h + GAP;
    });
    return { at, W, H: Y - GAP };
  }

  // The layout of the levels for the seat: the levels in a grid (above), each row above and behind the one below
  // (lift), the number of columns and the camera height chosen to make the cells largest on a w x h canvas (the
  // picture's scale squared times the height's sine: the cells' area on the page). A drop game's reserves stand
  // on the right.
  function chooseLayout(data, turns, w, h) {
    let best = null;
    const reserves = reservesSize(data);
    for (const elev of ELEVATIONS) {
      const fr = frame(turns, elev), boxes = [];
      for (let l = 0; l < data.levels; l++) boxes.push(levelBox(data, fr, l));
      for (let columns = 1; columns <= data.levels; columns++) {
        if (columns > 1 && Math.ceil(data.levels / columns) === Math.ceil(data.levels / (columns - 1))) continue;
        const g = grid(boxes, columns);
        const W = g.W + (reserves.w ? GAP + reserves.w : 0), H = Math.max(g.H, reserves.h);
        const scale = Math.min(w / W, h / H);
        const score = scale * scale * fr.sin;
        if (!best || score > best.score * 1.0001) best = { elev, columns, fr, g, scale, score };
      }
    }
    const { fr, g, columns } = best;
    return { elevation: best.elev, columns, rows: Math.ceil(data.levels / columns), fr,
             offsets: g.at.map((p) => lift(fr, p.X, p.Y)), reserves: { X: g.W + GAP + 0.3, top: g.H } };
  }

  function d3(data, i, axis) {
    const labels = axis === "file" ? data.file_labels : data.rank_labels;
    return labels && labels[i] !== undefined ? labels[i] : String(i + 1);
  }

  return { PIECE, LABEL, BADGE, GAP, RESERVE_STEP, LABEL_FONT, BADGE_FONT, FONT, textWidth, azimuth, toward, lift,
           onPlane, labelSpots, chooseLayout };
})();
