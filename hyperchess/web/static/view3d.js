// hyperchess web board: the 3D view of a board with levels, drawn with three.js (vendored: three.min.js and
// OrbitControls.js, r111, THREE-LICENSE.txt). The levels are stacked in space as their players picture them:
// files along x, ranks away from White along -z, level 1 at the bottom. Drag to turn, wheel to zoom; a click on a
// cell or a piece is the same click as on the flat picture (app.js clickTarget).
"use strict";

const View3D = (() => {
  const LEVEL_GAP = 2.2;         // cell widths between two levels
  let renderer = null, scene = null, camera = null, controls = null, board = null, markers = null;
  let cellMeshes = [];           // meshes (cells and piece sprites) that answer clicks, userData.square
  let byName = new Map();        // square -> {x, y, z, mesh}
  let onClick = null;
  let layoutKey = "";            // the board whose camera is set: a new game or board size resets the view
  let down = null;               // pointer-down position, to tell a click from a drag

  function init(container, clicked) {
    onClick = clicked;
    renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(window.devicePixelRatio || 1);
    container.appendChild(renderer.domElement);
    scene = new THREE.Scene();
    scene.background = new THREE.Color(0xf4f1ea);
    scene.add(new THREE.AmbientLight(0xffffff, 0.75));
    const sun = new THREE.DirectionalLight(0xffffff, 0.5);
    sun.position.set(5, 20, 10);
    scene.add(sun);
    camera = new THREE.PerspectiveCamera(40, 1, 0.1, 500);
    controls = new THREE.OrbitControls(camera, renderer.domElement);
    controls.enableDamping = false;
    controls.addEventListener("change", draw);
    renderer.domElement.addEventListener("pointerdown", (e) => { down = [e.clientX, e.clientY]; });
    renderer.domElement.addEventListener("pointerup", (e) => {
      if (down && Math.hypot(e.clientX - down[0], e.clientY - down[1]) < 5) pick(e);
      down = null;
    });
    window.addEventListener("resize", () => { if (renderer.domElement.isConnected) resize(); });
  }

  function resize() {
    const box = renderer.domElement.parentNode;
    const w = Math.max(300, box.clientWidth);
    const h = Math.max(300, Math.min(window.innerHeight - 90, w * 0.75));
    renderer.setSize(w, h);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    draw();
  }

  function draw() { if (renderer) renderer.render(scene, camera); }

  function pieceTexture(p) {
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
    const t = new THREE.CanvasTexture(c);
    return t;
  }

  // (file, rank, level) -> the centre of the cell in space
  function place(f, r, l, data) {
    return new THREE.Vector3(f - (data.files - 1) / 2, l * LEVEL_GAP, -(r - (data.ranks - 1) / 2));
  }

  function render(data, flipped) {
    if (board) scene.remove(board);
    board = new THREE.Group();
    cellMeshes = [];
    byName = new Map();
    const last = new Set(data.last);
    const geo = new THREE.BoxBufferGeometry(0.96, 0.08, 0.96);
    const edges = new THREE.EdgesGeometry(geo);
    for (const c of data.cells) {
      const at = place(c.f, c.r, c.l, data);
      let mesh;
      if (c.hole) {                                // a cell missing now (a vacant platform point): an outline
        mesh = new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: 0x8a8f96 }));
        const pad = new THREE.Mesh(geo, new THREE.MeshBasicMaterial({ transparent: true, opacity: 0.05 }));
        pad.position.copy(at);
        pad.userData.square = c.sq;
        board.add(pad);
        cellMeshes.push(pad);
      } else {
        const color = last.has(c.sq) ? (c.dark ? 0xaaa23b : 0xcdd16a) : (c.dark ? 0xb58863 : 0xf0d9b5);
        mesh = new THREE.Mesh(geo, new THREE.MeshLambertMaterial({ color, transparent: true, opacity: 0.92 }));
        cellMeshes.push(mesh);
      }
      mesh.position.copy(at);
      mesh.userData.square = c.sq;
      board.add(mesh);
      byName.set(c.sq, { at, mesh, dark: c.dark, hole: c.hole });
      if (c.piece) {
        const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: pieceTexture(c.piece), transparent: true }));
        sprite.position.set(at.x, at.y + 0.5, at.z);
        sprite.scale.set(0.95, 0.95, 0.95);
        sprite.userData.square = c.sq;
        board.add(sprite);
        cellMeshes.push(sprite);
      }
    }
    for (const [from, to] of data.arrows) {        // the analysis' best move
      const a = byName.get(from), b = byName.get(to);
      if (!a || !b) continue;
      const dir = new THREE.Vector3().subVectors(b.at, a.at);
      const len = dir.length();
      const arrow = new THREE.ArrowHelper(dir.normalize(), new THREE.Vector3(a.at.x, a.at.y + 0.3, a.at.z),
                                         len, 0x15781b, 0.45, 0.3);
      arrow.name = "arrow";
      board.add(arrow);
    }
    // level names beside each level
    for (let l = 0; l < data.levels; l++) {
      const name = data.level_names[l] || String(l + 1);
      const c = document.createElement("canvas");
      c.width = 128; c.height = 64;
      const g = c.getContext("2d");
      g.font = "bold 40px sans-serif";
      g.fillStyle = "#333";
      g.fillText(name, 8, 46);
      const label = new THREE.Sprite(new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(c), transparent: true }));
      const at = place(-1.6, 0, l, data);
      label.position.copy(at);
      label.scale.set(1.2, 0.6, 1);
      board.add(label);
    }
    scene.add(board);
    markers = new THREE.Group();
    board.add(markers);
    const key = `${data.files}x${data.ranks}x${data.levels}:${flipped}`;
    if (key !== layoutKey) {                     // a new board: look at it from the side of the one who plays
      layoutKey = key;
      // the whole board in sight: back off along a view from the front, a little from the side and above,
      // until its bounding sphere fits the field of view
      const sphere = new THREE.Box3().setFromObject(board).getBoundingSphere(new THREE.Sphere());
      const side = flipped ? -1 : 1;
      const dir = new THREE.Vector3(0.35, 0.55, side).normalize();
      const dist = sphere.radius / Math.sin((camera.fov / 2) * Math.PI / 180) * 0.92;
      camera.position.copy(sphere.center).addScaledVector(dir, dist);
      controls.target.copy(sphere.center);
      controls.update();
    }
    resize();
  }

  function mark(selected, dests) {
    if (!markers) return;
    board.remove(markers);
    markers = new THREE.Group();
    for (const [sq, info] of byName) {
      if (!info.hole && info.mesh.material.emissive) info.mesh.material.emissive.setHex(sq === selected ? 0x1e64ff : 0);
    }
    const disc = new THREE.CylinderBufferGeometry(0.18, 0.18, 0.1, 20);
    for (const d of dests) {
      const info = byName.get(d);
      if (!info) continue;
      const m = new THREE.Mesh(disc, new THREE.MeshBasicMaterial({ color: 0x1e64ff, transparent: true, opacity: 0.7 }));
      m.position.set(info.at.x, info.at.y + 0.08, info.at.z);
      m.userData.square = d;
      m.name = "dest";
      markers.add(m);
    }
    board.add(markers);
    draw();
  }

  // the square a click at page point (x, y) lands on: the nearest cell, piece or marker under it
  function hitAt(x, y) {
    const rect = renderer.domElement.getBoundingClientRect();
    const p = new THREE.Vector2(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
    const ray = new THREE.Raycaster();
    ray.setFromCamera(p, camera);
    const hits = ray.intersectObjects(cellMeshes.concat(markers ? markers.children : []), false);
    return hits.length ? hits[0].object.userData.square : null;
  }

  function pick(e) {
    const sq = hitAt(e.clientX, e.clientY);
    if (sq !== null && onClick) onClick(sq);
  }

  // where a cell's centre (or its piece) is on the page, for tests and screenshots
  function screenOf(square, piece) {
    const info = byName.get(square);
    if (!info) return null;
    const v = info.at.clone();
    if (piece) v.y += 0.5;
    v.project(camera);
    const rect = renderer.domElement.getBoundingClientRect();
    const x = rect.left + (v.x + 1) / 2 * rect.width, y = rect.top + (1 - v.y) / 2 * rect.height;
    // off the canvas, or under another element of the page: not clickable there
    if (document.elementFromPoint(x, y) !== renderer.domElement) return null;
    return { x, y };
  }

  function arrows() { return board ? board.children.filter((o) => o.name === "arrow").length : 0; }

  return { init, render, mark, screenOf, hitAt, arrows, draw, resize };
})();
