// hyperchess web board: clicks on the board (either view) and the moves they make, over app.js's state:
// the selected piece, the moves sharing two clicked cells, the chooser when several moves remain, the move sent.

function boardSvg() { return $("board").querySelector("svg"); }

function targetOf(el) {
  const svg = boardSvg();
  while (el && el !== svg) {
    if (el.dataset && el.dataset.target) return el.dataset.target;
    if (el.dataset && el.dataset.square) return el.dataset.square;
    el = el.parentNode;
  }
  return null;
}

function cellRect(name) {
  return boardSvg().querySelector(`rect.square[data-square="${CSS.escape(name)}"], rect.hole[data-square="${CSS.escape(name)}"]`);
}

function markSelection() {
  const pre = Premove.cells();
  if (mode3d) {
    const legal = Steps.clickable(state.legal);
    const dests = selected !== null ? [...new Set(legal.filter((m) => m.from === selected).map((m) => m.to))]
      : [...new Set(legal.filter((m) => m.from === m.to).map((m) => m.to))];
    if (pre.length) View3D.mark(pre[0], pre.slice(1)); else View3D.mark(selected, dests);
    window.dests3d = dests;
    return;
  }
  const svg = boardSvg();
  if (!svg) return;
  svg.querySelectorAll(".dest").forEach((e) => e.remove());
  svg.querySelectorAll(".selected").forEach((e) => e.classList.remove("selected"));
  svg.querySelectorAll(".premove").forEach((e) => e.classList.remove("premove"));
  for (const c of pre) { const r = cellRect(c); if (r) r.classList.add("premove"); }
  const legal = Steps.clickable(state.legal);
  let dests = [];
  let kind = "";
  if (pending) {
    // the third click: the cells the moves' walls may go to, the destination clicked marked
    const r = cellRect(pending[0].to);
    if (r) r.classList.add("selected");
    dests = [...new Set(pending.map((m) => m.then))];
    kind = " place";
  } else if (selected !== null) {
    const src = svg.querySelector(`g.reserve-piece[data-target="${CSS.escape(selected)}"]`) || cellRect(selected);
    if (src) src.classList.add("selected");
    dests = [...new Set(legal.filter((m) => m.from === selected).map((m) => m.to))];
  } else {
    // moves made by one click on their own square (placing a platform): shown without a selection
    dests = [...new Set(legal.filter((m) => m.from === m.to).map((m) => m.to))];
    kind = " place";
  }
  for (const d of dests) {
    const r = cellRect(d);
    if (!r) continue;
    const x = +r.getAttribute("x"), y = +r.getAttribute("y"), w = +r.getAttribute("width");
    const occupied = svg.querySelector(`g.piece[data-square="${CSS.escape(d)}"]`);
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("cx", x + w / 2);
    c.setAttribute("cy", y + w / 2);
    c.setAttribute("r", occupied && !kind ? w * 0.44 : w * 0.16);
    c.setAttribute("class", "dest" + (occupied && !kind ? " capture" : "") + kind);
    c.dataset.dest = d;
    (r.ownerSVGElement || svg).appendChild(c);     // two boards: each board is its own <svg> in the picture
  }
}

function onBoardClick(ev) {
  if (!state) return;
  const t = targetOf(ev.target);
  if (t === null) return;
  clickTarget(t);
}

function pieceOn(t) {
  if (mode3d && state.cells3d) return state.cells3d.cells.some((c) => c.sq === t && c.piece);
  return !!boardSvg().querySelector(`g.piece[data-square="${CSS.escape(t)}"]`);
}

// a click on a cell, piece or reserve piece, in either view
function clickTarget(t) {
  if (state.editing) { editAction({ square: t, piece: brush }); return; }
  const legal = Steps.clickable(state.legal);      // a pass is its button's
  if (reviewPly !== null) {
    say("reviewing an earlier position: go back to the present to play (End)", false);
    return;
  }
  if (!legal.length && !state.result && state.own_cells && state.own_cells.length) {
    const said = Premove.click(t, state.own_cells);
    if (said !== null) { say(said, false); markSelection(); return; }
  }
  if (!state.legal.length) {
    const waiting = state.two_boards ? "not yours" : state.players[state.colors.indexOf(state.turn)];
    say(state.result ? "the game is over" : state.role === "spectator" ? "you are watching: a spectator cannot move" :
      `wait: it is ${Sides.name(state, state.turn)}'s turn (${waiting})`, false);
    return;
  }
  if (pending) {
    const walled = pending.filter((p) => p.then === t);     // several: a promotion that also places a wall
    pending = null;
    Steps.prompt("");                                // (the message too)
    if (walled.length) { choose(walled); return; }
    selected = null;
    show();                                          // the move shown made goes back: the click is a new start
  }
  if (selected !== null) {
    const moves = legal.filter((m) => m.from === selected && m.to === t);
    if (moves.length > 1 && moves.every((m) => m.then) && new Set(moves.map((m) => m.then)).size > 1) {
      // the wall's step of its own: the move is made, its wall (the duck) still to place
      pending = moves;
      selected = null;
      markSelection();
      Steps.wallStep(moves[0], t);
      return;
    }
    if (moves.length) { choose(moves); return; }
    if (t === selected) { selected = null; markSelection(); return; }
  }
  const from = legal.filter((m) => m.from === t);
  const others = from.filter((m) => m.to !== t);
  if (!others.length && from.length) { selected = null; markSelection(); choose(from); return; }
  if (others.length) {
    selected = t;
    say("");
  } else if (pieceOn(t)) {
    // a piece that cannot move (or not ours): select it, and say why nothing happens
    selected = null;
    markSelection();
    const r = mode3d ? null : cellRect(t);
    if (r) r.classList.add("selected");
    say(`the piece on ${t} has no legal move now`, false);
    return;
  } else {
    if (selected !== null) say(`no legal move from ${selected} to ${t}`, true);
    else if (legal.some((m) => m.to === t && m.from !== t && !pieceOn(m.from))) say(`choose a piece beside the board first, then ${t}`, false);
    else say("");
    selected = null;
  }
  markSelection();
}

function choose(moves) {
  if (moves.length === 1) { playMove(moves[0].move); return; }
  const box = $("choice-buttons");
  box.textContent = "";
  for (const m of moves) {
    const b = document.createElement("button");
    if (m.picture) {
      // the piece it makes, as the board draws it (the server's SVG glyph)
      b.innerHTML = m.picture;
      b.className = "picture";
      b.title = `${m.label} (${m.move})`;
      b.setAttribute("aria-label", b.title);
    } else b.textContent = `${m.label} (${m.move})`;
    b.dataset.move = m.move;
    b.addEventListener("click", () => { $("choice").hidden = true; playMove(m.move); });
    box.appendChild(b);
  }
  $("choice").hidden = false;
  const pictures = moves.every((m) => m.picture);
  $("choice").classList.toggle("pictures", pictures);
  $("choice-title").textContent = pictures ? "Promote to:" : "Which move?";
  Steps.placeChoice(moves[0].to, pictures);       // at the square, not in the middle of the board
}

async function playMove(text) {
  try {
    state = await api("/api/move", { key: KEY, move: text });
    selected = null;
    reviewPly = null;
    say("");
    if (flip || rot || mode3d) await fetchState(); else show();
  } catch (e) {
    if (e instanceof Superseded) return;
    say(e.message, true);
    selected = null;
    markSelection();
  }
}
