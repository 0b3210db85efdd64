// hyperchess web board: the 3D view of a board with levels, drawn with three.js (vendored: three.min.js and
// OrbitControls.js, r111, THREE-LICENSE.txt). Files run along x, ranks away from White along -z, level 1 at the
// bottom. The levels are spread apart (docs/web.md "The 3D view"): from each seat's default camera every level
// has its own band of the picture, so no board hides another and every piece and cell can be clicked without
// turning the camera. A level bar fades all levels but one (faded levels take no clicks). Drag to turn, wheel to
// zoom, "Reset view" goes back to the seat's view. A click is the same click as on the flat picture (app.js).
"use strict";

const View3D = (() => {
  const ELEVATIONS = [22, 26, 30, 36];     // degrees: the default camera's height above the boards' plane, tried
  const FOV = 20;                // degrees, vertical
  const PIECE = 0.9;             // a piece's picture, in cells
  const FADED = 0.1;             // opacity of a level that is not the focused one
  const ARROW = 0.2;             // the analysis arrow's thickness, in cells (the flat one: a sixth)
  let renderer = null, scene = null, camera = null, controls = null, board = null, markers = null;
  let box = null, tools = null, levelBar = null;
  let picks = [];                // objects that answer clicks: userData {square, level, kind}
  let byName = new Map();        // square -> {at, mesh, level, sprite}
  let onClick = null;
  let data = null, turns = 0, seats = 2, gap = 2.2, focus = null, elevation = 24;
  let viewKey = "", shapeKey = "";
  let home = null;               // the seat's default camera: {position, target, distance}
  let down = null;               // pointer-down position, to tell a click from a drag
  const textures = new Map();    // piece picture key -> {texture, alpha: ImageData}

  function init(container, clicked) {
    onClick = clicked;
    box = container;
    renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(window.devicePixelRatio || 1);
    container.appendChild(renderer.domElement);
    tools = document.createElement("div");
    tools.className = "view3d-tools";
    const reset = document.createElement("button");
    reset.id = "reset-view";
    reset.textContent = "Reset view";
    reset.title = "Back to this seat's view of the whole stack";
    reset.addEventListener("click", resetView);
    levelBar = document.createElement("span");
    levelBar.id = "levels3d";
    levelBar.title = "Show one level, the others faded (they take no clicks), or all";
    tools.append(reset, levelBar);
    container.appendChild(tools);
    scene = new THREE.Scene();
    scene.background = new THREE.Color(0xf4f1ea);
    scene.add(new THREE.AmbientLight(0xffffff, 0.8));
    const sun = new THREE.DirectionalLight(0xffffff, 0.45);
    sun.position.set(5, 20, 10);
    scene.add(sun);
    camera = new THREE.PerspectiveCamera(FOV, 1, 0.1, 2000);
    controls = new THREE.OrbitControls(camera, renderer.domElement);
    controls.enableDamping = false;
    controls.enablePan = false;              // the stack stays in the middle: turn and zoom only
    controls.minPolarAngle = 0.06 * Math.PI; // not straight down ...
    controls.maxPolarAngle = 0.62 * Math.PI; // ... and at most a little below the bottom board
    controls.addEventListener("change", draw);
    renderer.domElement.addEventListener("pointerdown", (e) => { down = [e.clientX, e.clientY]; });
    renderer.domElement.addEventListener("pointerup", (e) => {
      if (down && Math.hypot(e.clientX - down[0], e.clientY - down[1]) < 5) pick(e);
      down = null;
    });
    window.addEventListener("resize", () => { if (renderer.domElement.isConnected && data) { resize(); draw(); } });
  }

  // the canvas fills the width of its box and the height left in the window (on a phone: at most 1.3 widths)
  function resize() {
    const w = Math.max(240, box.clientWidth);
    const top = box.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - tools.offsetHeight - 14;
    const h = Math.round(Math.max(240, window.innerWidth < 700 ? Math.min(room, w * 1.3) : room));
    renderer.setSize(w, h);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  }

  function draw() { if (renderer) renderer.render(scene, camera); }

  // ------------------------------------------------------------------ pictures
  function pieceCanvas(p, count) {
    const c = document.createElement("canvas");
    c.width = c.height = 128;
    const g = c.getContext("2d");
    const figurine = p.glyph.length === 1 && p.glyph.charCodeAt(0) > 0x2000;
    if (!figurine) {                              // a fairy piece: its letter on a disc, as in the pictures
      g.beginPath();
      g.arc(64, 64, 50, 0, 2 * Math.PI);
      g.fillStyle = p.fill;
      g.fill();
      g.lineWidth = 6;
      g.strokeStyle = p.outline;
      g.stroke();
    }
    g.font = `${figurine ? 104 : 64}px "DejaVu Sans", sans-serif`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.lineWidth = figurine ? 7 : 0;
    g.strokeStyle = p.outline;
    g.fillStyle = figurine ? p.fill : p.outline;
    const text = figurine ? p.glyph : p.token.slice(-1).toUpperCase();
    if (figurine) g.strokeText(text, 64, 70);
    g.fillText(text, 64, figurine ? 70 : 66);
    if (count) {                                  // a reserve's count, bottom right
      g.font = "bold 34px sans-serif";
      g.textAlign = "right";
      g.lineWidth = 6;
      g.strokeStyle = "#fff";
      g.strokeText(count, 126, 112);
      g.fillStyle = "#000";
      g.fillText(count, 126, 112);
    }
    return c;
  }

  function pieceTexture(p, count) {
    const key = `${p.glyph}|${p.token}|${p.fill}|${p.outline}|${count || ""}`;
    if (!textures.has(key)) {
      const c = pieceCanvas(p, count);
      textures.set(key, { texture: new THREE.CanvasTexture(c),
                          alpha: c.getContext("2d").getImageData(0, 0, c.width, c.height) });
    }
    return textures.get(key);
  }

  function sprite(p, count) {
    const t = pieceTexture(p, count);
    const s = new THREE.Sprite(new THREE.SpriteMaterial({ map: t.texture, transparent: true, alphaTest: 0.1 }));
    s.scale.set(PIECE, PIECE, 1);
    s.userData.alpha = t.alpha;
    return s;
  }

  // a flat text lying on a level, readable from the seat (turned by the seat's azimuth)
  function flatText(text, size, color, bold) {
    const c = document.createElement("canvas");
    c.width = 128; c.height = 64;
    const g = c.getContext("2d");
    g.font = `${bold ? "bold " : ""}44px "DejaVu Sans", sans-serif`;
    g.fillStyle = color;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(text, 64, 34);
    const m = new THREE.Mesh(new THREE.PlaneBufferGeometry(size * 2, size),
                             new THREE.MeshBasicMaterial({ map: new THREE.CanvasTexture(c), transparent: true,
                                                           depthWrite: false }));
    m.rotation.order = "YXZ";
    m.rotation.set(-Math.PI / 2, azimuth(turns), 0);
    return m;
  }

  // ------------------------------------------------------------------ where things are
  function azimuth(t) { return t * Math.PI / 2; }                 // seat t looks from (sin, cos) in (x, z)
  function toward(t) { const a = azimuth(t); return { x: Math.round(Math.sin(a)), z: Math.round(Math.cos(a)) }; }

  function place(f, r, l) {
    return new THREE.Vector3(f - (data.files - 1) / 2, l * gap, -(r - (data.ranks - 1) / 2));
  }

  // per level: the extent of its cells in x and z (cell edges)
  function levelExtents() {
    const ext = [];
    for (const c of data.cells) {
      const x = c.f - (data.files - 1) / 2, z = -(c.r - (data.ranks - 1) / 2);
      const e = ext[c.l] || (ext[c.l] = { x0: x, x1: x, z0: z, z1: z, files: new Set(), ranks: new Set() });
      e.x0 = Math.min(e.x0, x); e.x1 = Math.max(e.x1, x); e.z0 = Math.min(e.z0, z); e.z1 = Math.max(e.z1, z);
      e.files.add(c.f); e.ranks.add(c.r);
    }
    return ext;
  }

  function corners(e, y0, y1) {
    const out = [];
    for (const x of [e.x0 - 0.5, e.x1 + 0.5]) for (const z of [e.z0 - 0.5, e.z1 + 0.5])
      for (const y of [y0, y1]) out.push(new THREE.Vector3(x, y, z));
    return out;
  }

  // put the camera on seat t's side, ELEVATION above the plane, far enough that all `points` fit the picture
  function aim(t, points) {
    const b = new THREE.Box3().setFromPoints(points);
    const centre = b.getCenter(new THREE.Vector3());
    const s = toward(t), up = elevation * Math.PI / 180;
    const dir = new THREE.Vector3(s.x * Math.cos(up), Math.sin(up), s.z * Math.cos(up));
    let dist = b.getSize(new THREE.Vector3()).length() * 2;
    for (let i = 0; i < 6; i++) {
      camera.position.copy(centre).addScaledVector(dir, dist);
      camera.lookAt(centre);
      camera.updateMatrixWorld();
      let m = 0;
      for (const p of points) {
        const v = p.clone().project(camera);
        m = Math.max(m, Math.abs(v.x), Math.abs(v.y));
      }
      dist *= 0.4 + 0.6 * m / 0.93;
    }
    camera.position.copy(centre).addScaledVector(dir, dist);
    camera.lookAt(centre);
    camera.updateMatrixWorld();
    return { position: camera.position.clone(), target: centre, distance: dist };
  }

  // The smallest gap between levels for which, from every seat's default camera, each level's band of the
  // picture (its cells and the pieces standing on them) lies wholly above the band of the level below.
  function spreadGap() {
    const ext = levelExtents();
    const seatTurns = seats > 2 ? [0, 1, 2, 3] : [0, 2];
    for (let g = 1.3; g < 40; g += 0.1) {
      let ok = true;
      for (const t of seatTurns) {
        const all = [];
        ext.forEach((e, l) => { if (e) all.push(...corners(e, l * g - 0.05, l * g + PIECE + 0.1)); });
        aim(t, all);
        let below = -Infinity;
        for (let l = 0; l < ext.length && ok; l++) {
          if (!ext[l]) continue;
          const ys = corners(ext[l], l * g - 0.05, l * g + PIECE + 0.1).map((p) => p.clone().project(camera).y);
          if (Math.min(...ys) <= below + 0.01) ok = false;
          below = Math.max(...ys);
        }
        if (!ok) break;
      }
      if (ok) return g;
    }
    return 40;
  }

  // The camera height that shows the spread stack largest: for each height its gap, then the cells' area on the
  // page (the picture's scale squared, foreshortened by the height's sine) from the seats' default cameras.
  function chooseElevation() {
    let best = null;
    for (const e of ELEVATIONS) {
      elevation = e;
      const g = spreadGap();
      const ext = levelExtents();
      let worst = Infinity;
      for (const t of seats > 2 ? [0, 1, 2, 3] : [0, 2]) {
        const all = [];
        ext.forEach((x, l) => { if (x) all.push(...corners(x, l * g - 0.05, l * g + PIECE + 0.1)); });
        const h = aim(t, all);
        worst = Math.min(worst, Math.sin(e * Math.PI / 180) / (h.distance * h.distance));
      }
      if (!best || worst > best.score) best = { e, g, score: worst };
    }
    elevation = best.e;
    gap = best.g;
  }

  // ------------------------------------------------------------------ drawing a position
  // d: the server's cells3d; opts: {turns: the seat's quarter turns, key: the game, seats: colours}
  function render(d, opts) {
    data = d;
    turns = opts.turns || 0;
    seats = opts.seats || 2;
    resize();
    const shape = `${d.files}x${d.ranks}x${d.levels}:${seats}:` + d.cells.map((c) => `${c.f},${c.r},${c.l}`).join(";");
    if (shape !== shapeKey) { shapeKey = shape; chooseElevation(); focus = null; }
    if (board) scene.remove(board);
    board = new THREE.Group();
    picks = [];
    byName = new Map();
    const last = new Set(d.last);
    const geo = new THREE.BoxBufferGeometry(0.96, 0.08, 0.96);
    const edges = new THREE.EdgesGeometry(geo);
    for (const c of d.cells) {
      const at = place(c.f, c.r, c.l);
      let mesh;
      if (c.hole) {                                // a cell missing now (a vacant platform point): an outline
        mesh = new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: 0x8a8f96, transparent: true }));
        const pad = new THREE.Mesh(geo, new THREE.MeshBasicMaterial({ transparent: true, opacity: 0.05, depthWrite: false }));
        pad.position.copy(at);
        pad.userData = { square: c.sq, level: c.l, kind: "cell" };
        board.add(pad);
        picks.push(pad);
      } else {
        const color = last.has(c.sq) ? (c.dark ? 0xb9b03a : 0xdfe36f) : (c.dark ? 0xb58863 : 0xf0d9b5);
        mesh = new THREE.Mesh(geo, new THREE.MeshLambertMaterial({ color, transparent: true, opacity: 0.92 }));
        picks.push(mesh);
      }
      mesh.position.copy(at);
      mesh.userData = { square: c.sq, level: c.l, kind: "cell", base: mesh.material.opacity };
      board.add(mesh);
      const info = { at, mesh, level: c.l, hole: c.hole, piece: c.piece || null, sprite: null };
      if (c.piece) {
        const s = sprite(c.piece);
        s.position.set(at.x, at.y + 0.5, at.z);
        s.userData = Object.assign(s.userData, { square: c.sq, level: c.l, kind: "piece", base: 1 });
        board.add(s);
        picks.push(s);
        info.sprite = s;
      }
      byName.set(c.sq, info);
    }
    drawLabels();
    drawReserves();
    for (const [from, to] of d.arrows) drawArrow(from, to);
    for (const sq of d.check || []) {              // the royal piece under attack: a red glow on its cell
      const info = byName.get(sq);
      if (!info) continue;
      const glow = new THREE.Mesh(new THREE.CircleBufferGeometry(0.47, 32),
                                  new THREE.MeshBasicMaterial({ color: 0xff2020, transparent: true, opacity: 0.8 }));
      glow.rotation.x = -Math.PI / 2;
      glow.position.set(info.at.x, info.at.y + 0.05, info.at.z);
      glow.name = "check";
      glow.userData = { square: sq, level: info.level, kind: "check" };
      board.add(glow);
    }
    scene.add(board);
    markers = new THREE.Group();
    board.add(markers);
    const key = `${opts.key}:${turns}:${shape}`;
    if (key !== viewKey) {                         // a new game or seat: that seat's view of the whole stack
      viewKey = key;
      homeView();
    }
    showLevelBar();
    applyFocus();
  }

  function homeView() {
    const pts = [];
    board.updateMatrixWorld(true);
    board.traverse((o) => {
      if (o.isMesh || o.isSprite) {
        const p = new THREE.Vector3();
        o.getWorldPosition(p);
        const r = o.isSprite ? PIECE / 2 : 0.5;
        pts.push(p.clone().add(new THREE.Vector3(r, r, r)), p.clone().sub(new THREE.Vector3(r, r, r)));
      }
    });
    home = aim(turns, pts);
    controls.target.copy(home.target);
    controls.minDistance = home.distance * 0.3;
    controls.maxDistance = home.distance * 2.5;
    controls.update();
  }

  function resetView() {
    if (!home) return;
    camera.position.copy(home.position);
    controls.target.copy(home.target);
    controls.update();
    draw();
  }

  // files and ranks along the near and left edges of every level (as the seat sees it), and the level's name
  function drawLabels() {
    const s = toward(turns), left = { x: -s.z, z: s.x };
    levelExtents().forEach((e, l) => {
      if (!e) return;
      const y = l * gap + 0.02;
      // the line just outside the level's cells in the direction dir (a unit step along x or z)
      const line = (dir, more) => dir.x ? (dir.x > 0 ? e.x1 + more : e.x0 - more) : (dir.z > 0 ? e.z1 + more : e.z0 - more);
      const add = (text, x, z, size, color, bold) => {
        const m = flatText(text, size, color, bold);
        m.position.set(x, y, z);
        m.name = "label";
        m.userData = { level: l, kind: "label", base: 1 };
        board.add(m);
      };
      for (const dir of [s, left]) {
        if (dir.z) for (const f of e.files) add(d3(f, "file"), f - (data.files - 1) / 2, line(dir, 0.8), 0.5, "#333", true);
        else for (const r of e.ranks) add(d3(r, "rank"), line(dir, 0.8), -(r - (data.ranks - 1) / 2), 0.5, "#333", true);
      }
      // the level's name beyond the near left corner
      const corner = { x: 0, z: 0 };
      for (const dir of [s, left]) {
        if (dir.x) corner.x = line(dir, dir === left ? 1.8 : 0.8);
        else corner.z = line(dir, dir === left ? 1.8 : 0.8);
      }
      add(data.level_names[l] || String(l + 1), corner.x, corner.z, 0.8, "#1c3f8c", true);
    });
  }

  function d3(i, axis) {
    const labels = axis === "file" ? data.file_labels : data.rank_labels;
    return labels && labels[i] !== undefined ? labels[i] : String(i + 1);
  }

  // a drop game's reserves: a column per side beside the stack, on the seat's right
  function drawReserves() {
    if (!data.reserves || !data.reserves.length) return;
    const s = toward(turns), right = { x: s.z, z: -s.x };
    let far = -Infinity;
    for (const c of data.cells) {
      const x = c.f - (data.files - 1) / 2, z = -(c.r - (data.ranks - 1) / 2);
      far = Math.max(far, x * right.x + z * right.z);
    }
    const top = (data.levels - 1) * gap + 0.6;
    data.reserves.forEach((boxItems, k) => {
      const out = far + 1.8 + k * 1.35;
      const x = out * right.x, z = out * right.z;
      const title = flatText(boxItems.title.split(" ")[0], 0.4, "#333", true);
      title.rotation.set(0, azimuth(turns), 0);   // upright, facing the seat
      title.position.set(x, top + 0.9, z);
      title.name = "label";
      board.add(title);
      boxItems.items.forEach((item, i) => {
        const sp = sprite(item.piece, item.count);
        sp.scale.set(1.1, 1.1, 1);
        sp.position.set(x, top - i * 1.2, z);
        sp.userData = Object.assign(sp.userData, { square: item.target, kind: "reserve", base: 1 });
        board.add(sp);
        picks.push(sp);
        byName.set(item.target, { at: sp.position.clone(), mesh: sp, sprite: sp, level: undefined, reserve: true });
      });
    });
  }

  function drawArrow(from, to) {                   // the analysis' best move: a thick arrow above the boards
    const a = byName.get(from), b = byName.get(to);
    if (!a || !b) return;
    const start = a.at.clone().add(new THREE.Vector3(0, 0.55, 0)), end = b.at.clone().add(new THREE.Vector3(0, 0.55, 0));
    const dir = new THREE.Vector3().subVectors(end, start);
    const len = dir.length();
    if (len < 1e-6) return;
    const head = Math.min(0.55, len * 0.4);
    const material = new THREE.MeshBasicMaterial({ color: 0x15781b, transparent: true, opacity: 0.85, depthTest: false });
    const group = new THREE.Group();
    const shaft = new THREE.Mesh(new THREE.CylinderBufferGeometry(ARROW / 2, ARROW / 2, len - head, 12), material);
    shaft.position.y = (len - head) / 2;
    const cone = new THREE.Mesh(new THREE.ConeBufferGeometry(0.28, head, 16), material);
    cone.position.y = len - head / 2;
    group.add(shaft, cone);
    group.position.copy(start);
    group.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), dir.clone().normalize());
    group.renderOrder = 10;
    shaft.renderOrder = cone.renderOrder = 10;
    group.name = "arrow";
    board.add(group);
  }

  // ------------------------------------------------------------------ the level control
  function showLevelBar() {
    const names = data.level_names.map((n, l) => n || String(l + 1));
    const key = names.join("|");
    if (levelBar.dataset.key !== key) {
      levelBar.dataset.key = key;
      levelBar.textContent = "Levels: ";
      const add = (label, level) => {
        const b = document.createElement("button");
        b.className = "level-focus";
        b.dataset.level = level === null ? "all" : String(level);
        b.textContent = label;
        b.addEventListener("click", () => { focusLevel(level); });
        levelBar.appendChild(b);
      };
      add("all", null);
      names.forEach((n, l) => add(n, l));
    }
    levelBar.querySelectorAll("button").forEach((b) =>
      b.classList.toggle("chosen", b.dataset.level === (focus === null ? "all" : String(focus))));
  }

  // show level l (null: all): the others faded, and they take no clicks (but the targets marked on them do)
  function focusLevel(l) {
    focus = l === null || l === undefined ? null : Number(l);
    showLevelBar();
    applyFocus();
  }

  function faded(o) {
    const u = o.userData;
    return focus !== null && u.level !== undefined && u.level !== focus;
  }

  function applyFocus() {
    if (!board) return;
    board.traverse((o) => {
      const u = o.userData;
      if (!o.material || u.level === undefined || u.kind === "dest") return;
      const base = u.base !== undefined ? u.base : 1;
      o.material.opacity = faded(o) ? Math.min(base, FADED) * (u.kind === "piece" ? 2 : 1) : base;
      o.material.transparent = true;
      o.material.depthWrite = !faded(o) && u.kind !== "label";
    });
    draw();
  }

  // ------------------------------------------------------------------ markers
  // selected: the clicked source (a square or a reserve piece's id), dests: the squares its moves go to
  function mark(selected, dests) {
    if (!markers) return;
    board.remove(markers);
    markers = new THREE.Group();
    for (const [sq, info] of byName) {
      if (info.reserve) info.sprite.material.color.setHex(sq === selected ? 0x7fa8ff : 0xffffff);
      else if (!info.hole && info.mesh.material.emissive) info.mesh.material.emissive.setHex(sq === selected ? 0x1e64ff : 0);
    }
    const disc = new THREE.CylinderBufferGeometry(0.2, 0.2, 0.1, 24);
    const ring = new THREE.RingBufferGeometry(0.34, 0.48, 32);
    for (const d of dests) {
      const info = byName.get(d);
      if (!info) continue;
      const capture = !!info.piece && selected !== null;
      const place = selected === null;
      let m;
      if (capture) {                               // a capture: a red ring round the piece
        m = new THREE.Mesh(ring, new THREE.MeshBasicMaterial({ color: 0xd4240f, transparent: true, opacity: 0.9,
                                                              side: THREE.DoubleSide }));
        m.rotation.x = -Math.PI / 2;
        m.position.set(info.at.x, info.at.y + 0.07, info.at.z);
      } else {                                     // a quiet move (blue) or a placement (green): a disc
        m = new THREE.Mesh(disc, new THREE.MeshBasicMaterial({ color: place ? 0x1b9e3a : 0x1e64ff, transparent: true,
                                                              opacity: 0.8 }));
        m.position.set(info.at.x, info.at.y + 0.08, info.at.z);
      }
      m.userData = { square: d, level: info.level, kind: "dest" };
      m.name = capture ? "capture" : (place ? "place" : "dest");
      markers.add(m);
    }
    board.add(markers);
    draw();
  }

  // ------------------------------------------------------------------ picking
  // Is the sprite's picture opaque where the ray meets its plane? (Its transparent corners take no clicks.)
  function opaqueAt(s, point) {
    const a = s.userData.alpha;
    if (!a) return true;
    const right = new THREE.Vector3(1, 0, 0).applyQuaternion(camera.quaternion);
    const up = new THREE.Vector3(0, 1, 0).applyQuaternion(camera.quaternion);
    const rel = point.clone().sub(s.getWorldPosition(new THREE.Vector3()));
    const u = 0.5 + rel.dot(right) / s.scale.x, v = 0.5 - rel.dot(up) / s.scale.y;
    const x = Math.floor(u * a.width), y = Math.floor(v * a.height);
    if (x < 0 || y < 0 || x >= a.width || y >= a.height) return false;
    return a.data[(y * a.width + x) * 4 + 3] > 60;
  }

  // the square a click at page point (x, y) lands on: the first cell, piece, reserve piece or target marker the
  // ray meets, passing through faded levels and the transparent parts of pieces' pictures
  function hitAt(x, y) {
    if (!renderer) return null;
    const rect = renderer.domElement.getBoundingClientRect();
    const p = new THREE.Vector2(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
    const ray = new THREE.Raycaster();
    ray.setFromCamera(p, camera);
    const hits = ray.intersectObjects(picks.concat(markers ? markers.children : []), false);
    for (const h of hits) {
      const u = h.object.userData;
      if (u.kind !== "dest" && faded(h.object)) continue;
      if (h.object.isSprite && !opaqueAt(h.object, h.point)) continue;
      return u.square;
    }
    return null;
  }

  function pick(e) {
    const sq = hitAt(e.clientX, e.clientY);
    if (sq !== null && onClick) onClick(sq);
  }

  // where a cell's centre (or its piece, or a reserve piece) is on the page; null when off the canvas or under
  // another element of the page
  function screenOf(square, piece) {
    const info = byName.get(square);
    if (!info) return null;
    const v = info.reserve ? info.at.clone() : info.at.clone();
    if (piece && !info.reserve) v.y += 0.5;
    v.project(camera);
    const rect = renderer.domElement.getBoundingClientRect();
    const x = rect.left + (v.x + 1) / 2 * rect.width, y = rect.top + (1 - v.y) / 2 * rect.height;
    if (document.elementFromPoint(x, y) !== renderer.domElement) return null;
    return { x, y };
  }

  // what is drawn, for tests: the arrows, and every marker (kind and square)
  function arrows() { return board ? board.children.filter((o) => o.name === "arrow").length : 0; }
  function shown() {
    const out = [];
    if (!board) return out;
    board.traverse((o) => {
      if (["check", "dest", "capture", "place"].includes(o.name)) out.push({ kind: o.name, square: o.userData.square });
    });
    for (const [sq, info] of byName) {
      if (info.reserve && info.sprite.material.color.getHex() !== 0xffffff) out.push({ kind: "selected", square: sq });
      else if (!info.reserve && !info.hole && info.mesh.material.emissive && info.mesh.material.emissive.getHex())
        out.push({ kind: "selected", square: sq });
    }
    return out;
  }
  function view() {
    const off = camera.position.clone().sub(controls.target);
    return { turns, gap, focus, arrowWidth: ARROW, elevation, distance: off.length(), polar: Math.acos(off.y / off.length()),
             azimuth: Math.atan2(off.x, off.z), labels: board ? board.children.filter((o) => o.name === "label").length : 0 };
  }

  return { init, render, mark, screenOf, hitAt, arrows, shown, view, focusLevel, resetView, draw, resize };
})();
