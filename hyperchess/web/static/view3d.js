// hyperchess web board: the 3D view of a board with levels, drawn with three.js (vendored: three.min.js and
// OrbitControls.js, r111, THREE-LICENSE.txt). Files run along x, ranks away from White along -z. The levels stand
// in a grid that fills the canvas (layout3d.js; docs/web.md "The 3D view"), so that from the seat's default
// camera no level hides another and every piece and cell can be clicked without turning the camera. The level bar
// shows one level large and fades the others (faded levels take no clicks). Drag to turn, wheel to zoom, "Reset
// view" goes back to the seat's view. A click is the same click as on the flat picture (app.js).
"use strict";

const View3D = (() => {
  const FOV = 20;                // degrees, vertical
  const FIT = 0.95;              // the picture's share of the canvas the whole layout takes
  const { PIECE, LABEL, RESERVE_STEP, LABEL_FONT, BADGE_FONT, FONT, textWidth, azimuth, toward, lift, onPlane, labelSpots,
          chooseLayout } = Layout3D;
  const RESERVE_TITLE = 0.34;    // the reserve's title ("White"): as high as fits its column
  const FADED = 0.1;             // opacity of a level that is not the focused one
  const FOG = [0x4f565e, 0x6b737c];  // fog of war: a cell the seat does not see, dark and light
  const ARROW = 0.2;             // the analysis arrow's thickness, in cells (the flat one: a sixth)
  let renderer = null, scene = null, camera = null, controls = null, board = null, markers = null;
  let box = null, tools = null, levelBar = null;
  let picks = [];                // objects that answer clicks: userData {square, level, kind}
  let byName = new Map();        // square -> {at, mesh, level, sprite}
  let onClick = null;
  let data = null, opts = null, turns = 0, focus = null;
  let layout = null;             // chooseLayout's answer for the present seat and canvas
  let viewKey = "";
  let marked = null;             // the last mark(): drawn again when the window's size redraws the view
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
    levelBar.title = "Show one level large, the others faded (they take no clicks), or all levels";
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
    window.addEventListener("resize", () => {        // the layout follows the canvas's shape
      if (renderer.domElement.isConnected && data) { render(data, opts); if (marked) mark(...marked); }
    });
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
    return [w, h];
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

  // an upright text facing the camera (a sprite), h cells high; a badge: white on a blue rounded square
  function textSprite(text, h, badge) {
    const c = document.createElement("canvas");
    c.height = 64;
    c.width = badge ? 64 : Math.ceil(textWidth(text, 64));
    const g = c.getContext("2d");
    if (badge) {
      g.fillStyle = "#1c3f8c";
      g.beginPath();
      g.moveTo(12, 2); g.arcTo(62, 2, 62, 62, 10); g.arcTo(62, 62, 2, 62, 10); g.arcTo(2, 62, 2, 2, 10); g.arcTo(2, 2, 62, 2, 10);
      g.fill();
    }
    g.font = FONT(badge ? Math.min(BADGE_FONT, BADGE_FONT * 2 / text.length) : LABEL_FONT, true);
    g.fillStyle = badge ? "#fff" : "#222";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(text, c.width / 2, 34);
    const texture = new THREE.CanvasTexture(c);
    texture.minFilter = THREE.LinearFilter;
    const m = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, transparent: true, depthWrite: false }));
    m.scale.set(h * c.width / 64, h, 1);
    m.name = "label";
    return m;
  }

  // put the camera on seat t's side, at the layout's height, far enough that all `points` fit the picture
  function aim(t, points) {
    const b = new THREE.Box3().setFromPoints(points);
    const centre = b.getCenter(new THREE.Vector3());
    const s = toward(t), up = layout.elevation * Math.PI / 180;
    const dir = new THREE.Vector3(s.x * Math.cos(up), Math.sin(up), s.z * Math.cos(up));
    let dist = b.getSize(new THREE.Vector3()).length() * 2;
    for (let i = 0; i < 8; i++) {
      camera.position.copy(centre).addScaledVector(dir, dist);
      camera.lookAt(centre);
      camera.updateMatrixWorld();
      let m = 0;
      for (const p of points) {
        const v = p.clone().project(camera);
        m = Math.max(m, Math.abs(v.x), Math.abs(v.y));
      }
      dist *= 0.4 + 0.6 * m / FIT;
    }
    camera.position.copy(centre).addScaledVector(dir, dist);
    camera.lookAt(centre);
    camera.updateMatrixWorld();
    return { position: camera.position.clone(), target: centre, distance: dist };
  }

  // ------------------------------------------------------------------ where things are
  function place(f, r, l) {
    const o = layout.offsets[l];
    return new THREE.Vector3(o.x + f - (data.files - 1) / 2, o.y, o.z - (r - (data.ranks - 1) / 2));
  }

  // ------------------------------------------------------------------ drawing a position
  // d: the server's cells3d; options: {turns: the seat's quarter turns, key: the game}
  function render(d, options) {
    const shape = `${d.files}x${d.ranks}x${d.levels}:` + d.cells.map((c) => `${c.f},${c.r},${c.l}`).join(";");
    if (!data || shape !== data.shape) focus = null;
    data = Object.assign({ shape }, d);
    opts = options;
    turns = opts.turns || 0;
    const size = resize();
    const key = `${opts.key}:${turns}:${shape}:${size.join("x")}:${(d.reserves || []).length}`;
    if (key !== viewKey) layout = chooseLayout(data, turns, size[0] * FIT, size[1] * FIT);
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
        // fog of war: a cell the seat does not see is slate grey
        const color = c.fog ? FOG[c.dark ? 0 : 1] :
          last.has(c.sq) ? (c.dark ? 0xb9b03a : 0xdfe36f) : (c.dark ? 0xb58863 : 0xf0d9b5);
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
    if (key !== viewKey) {                         // a new game, seat or canvas: that seat's view of all levels
      viewKey = key;
      homeView();
      if (focus !== null) frameFocus();
    }
    showLevelBar();
    applyFocus();
  }

  // points bounding what is drawn: of level l only, or (l undefined) of everything
  function extentPoints(l) {
    const pts = [];
    board.updateMatrixWorld(true);
    board.traverse((o) => {
      if ((o.isMesh || o.isSprite) && (l === undefined || o.userData.level === l)) {
        const p = o.getWorldPosition(new THREE.Vector3());
        const r = o.isSprite ? Math.max(o.scale.x, o.scale.y) / 2 : 0.5;
        pts.push(p.clone().addScalar(r), p.clone().addScalar(-r));
      }
    });
    return pts;
  }

  function homeView() {
    home = aim(turns, extentPoints());
    controls.target.copy(home.target);
    controls.minDistance = home.distance * 0.3;
    controls.maxDistance = home.distance * 2.5;
    controls.update();
  }

  // the focused level fills the view (at most 2.5 times nearer than the seat's view); no focus: the seat's view
  function frameFocus() {
    if (focus === null) { resetView(); return; }
    const v = aim(turns, extentPoints(focus));
    const off = camera.position.clone().sub(v.target);
    camera.position.copy(v.target).addScaledVector(off.normalize(), Math.max(v.distance, home.distance * 0.4));
    controls.target.copy(v.target);
    controls.update();
    draw();
  }

  function resetView() {
    if (!home) return;
    camera.position.copy(home.position);
    controls.target.copy(home.target);
    controls.update();
    draw();
  }

  // every level's coordinates and name (labelSpots), upright, on the level's plane
  function drawLabels() {
    for (let l = 0; l < data.levels; l++)
      for (const t of labelSpots(data, layout.fr, l)) {
        const m = textSprite(t.text, t.h, t.badge);
        m.position.copy(onPlane(layout.fr, t.X, t.Y)).add(layout.offsets[l]);
        m.userData = { level: l, kind: t.badge ? "level name" : "label", base: 1 };
        board.add(m);
      }
  }

  // a drop game's reserves: a column per side beside the grid, on the seat's right, its top level with the grid's
  function drawReserves() {
    const fr = layout.fr, at = (X, Y) => lift(fr, X, Y);
    (data.reserves || []).forEach((boxItems, k) => {
      const X = layout.reserves.X + (k + 0.5) * RESERVE_STEP;
      const title = textSprite(boxItems.title.split(" ")[0], RESERVE_TITLE);
      title.position.copy(at(X, layout.reserves.top - LABEL / 2));
      board.add(title);
      boxItems.items.forEach((item, i) => {
        const sp = sprite(item.piece, item.count);
        sp.scale.set(1.1, 1.1, 1);
        sp.position.copy(at(X, layout.reserves.top - LABEL - 0.2 - (i + 0.5) * RESERVE_STEP));
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
    frameFocus();
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
      o.material.depthWrite = !faded(o) && o.name !== "label";
    });
    draw();
  }

  // ------------------------------------------------------------------ markers
  // selected: the clicked source (a square or a reserve piece's id), dests: the squares its moves go to
  function mark(selected, dests) {
    if (!markers) return;
    marked = [selected, dests];
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

  // what the scene draws on each cell, for tests: whether it is fog (slate grey) and whether a piece stands on it
  function drawn() {
    const out = {};
    for (const [sq, info] of byName) {
      if (!info.reserve) out[sq] = { fog: !info.hole && FOG.includes(info.mesh.material.color.getHex()), piece: !!info.sprite };
    }
    return out;
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
  // how many px high a sprite is drawn
  function pxHigh(o) {
    const up = new THREE.Vector3(0, o.scale.y / 2, 0).applyQuaternion(camera.quaternion);
    const p = o.getWorldPosition(new THREE.Vector3());
    const a = p.clone().add(up).project(camera), b = p.clone().sub(up).project(camera);
    return Math.abs(a.y - b.y) / 2 * renderer.domElement.clientHeight;
  }
  function view() {
    const off = camera.position.clone().sub(controls.target);
    const labels = board ? board.children.filter((o) => o.name === "label") : [];
    const least = (kind) => Math.min(...labels.filter((o) => o.userData.kind === kind).map(pxHigh));
    return { turns, focus, arrowWidth: ARROW, elevation: layout.elevation, columns: layout.columns, rows: layout.rows,
             distance: off.length(), polar: Math.acos(off.y / off.length()), azimuth: Math.atan2(off.x, off.z),
             labels: labels.length, coordinateFontPx: least("label") * LABEL_FONT / 64,
             levelNameFontPx: least("level name") * BADGE_FONT / 64 };
  }

  return { init, render, mark, screenOf, hitAt, arrows, shown, drawn, view, focusLevel, resetView, draw, resize };
})();
