// hyperchess web board: the steps of a move beyond its two clicks, and how a move is shown. The Pass button of
// a game that allows passing (the server marks its pass among the legal moves: `pass`); the wall's own step
// ("Place the duck", the game's words in `place`) after the move's clicks; the promotion chooser opened on the
// promotion square, its pieces in a column towards the middle of the board (as lichess shows it); a short
// slide of the piece that moved (none with the browser's prefers-reduced-motion); and which buttons a finished
// game keeps (no Resign, Offer draw or Undo once it is over).
"use strict";

const Steps = (() => {
  const SLIDE = "0.2s";        // lichess's default animation is about as long
  let dropped = null;          // {to, at}: the last move made by drag and drop (already where it goes: no slide)

  // the pass among the legal moves, or null: the Pass button plays it
  function passMove(state) {
    return state && state.legal ? state.legal.find((m) => m.pass) || null : null;
  }

  // the moves a click on the board may make: a pass only by its button, never by a click on the piece
  function clickable(legal) { return legal.filter((m) => !m.pass); }

  // the buttons of this state (and the Game box's title, and the seat this browser plays, kept)
  function showButtons(state, reviewing) {
    const over = !!state.result;
    const owner = !state.linked && state.role === "owner";
    const plays = state.players.includes("you");           // resign and draw offers are a player's
    // take-backs, the editor and pasted positions belong to a board nobody plays by link (the server refuses them)
    for (const id of ["edit", "load"]) $(id).hidden = !owner;
    $("undo").hidden = !owner || over;
    $("undo").disabled = !state.moves.length;
    for (const id of ["resign", "draw"]) $(id).hidden = !plays || over;
    const cancel = $("resign-cancel");
    if (over && cancel && !cancel.hidden) cancel.click();    // a resign being confirmed when the game ended
    const pass = passMove(state);
    $("pass").hidden = !pass || reviewing;
    $("pass").dataset.move = pass ? pass.move : "";
    const chosen = $("variant").selectedOptions[0];
    $("variant").title = chosen ? chosen.textContent : "";    // a long name is cut with an ellipsis: whole here
    Seats.keep(state, KEY);
  }

  // the wall's step: its words (the game's), shown until the wall's cell is clicked, in the panel and over
  // the board's top edge (a phone's panel is below the board); "" takes them away
  function prompt(text) {
    const m = $("message");
    m.textContent = text;
    m.className = text ? "prompt" : "";
    $("step").textContent = text;
    $("step").hidden = !text;
  }

  // the choice box at the cell `to` (its square's corner, inside the board's frame): pictures of pieces in a
  // column of cells from the square towards the middle of the board; other choices beside the square
  let placed = null;           // [to, pictures]: where the open choice box stands (placed again on a redraw)

  function placeChoice(to, pictures) {
    placed = [to, pictures];
    const box = $("choice");
    box.classList.remove("at-square", "up", "column");
    box.style.left = box.style.top = box.style.width = "";
    $("choice-cancel").textContent = "Cancel";
    const svg = $("board").querySelector("svg");
    const rect = svg && !$("board").hidden ? svg.querySelector(`rect.square[data-square="${CSS.escape(to)}"]`) : null;
    if (!rect) return;                                        // the 3D view: in the middle, as before
    const cell = rect.getBoundingClientRect(), wrap = $("board-wrap").getBoundingClientRect();
    const board = svg.getBoundingClientRect();
    const down = cell.top + cell.height / 2 < board.top + board.height / 2;    // the square in the top half
    box.classList.add("at-square");
    box.classList.toggle("column", pictures);
    box.classList.toggle("up", !down);
    $("choice-cancel").textContent = "✕";               // a cell wide: the word does not fit a phone's cell
    $("choice-cancel").title = "Cancel";
    if (pictures) box.style.width = `${cell.width}px`;
    for (const b of box.querySelectorAll("#choice-buttons button.picture")) {
      b.style.width = b.style.height = `${cell.width}px`;
    }
    const h = box.offsetHeight, w = box.offsetWidth;
    let top = down ? cell.top - wrap.top : cell.bottom - wrap.top - h;
    let left = cell.left - wrap.left;
    top = Math.max(0, Math.min(top, wrap.height - h));
    left = Math.max(0, Math.min(left, wrap.width - w));
    box.style.top = `${top}px`;
    box.style.left = `${left}px`;
  }

  // the centre of cell `name`'s square in the frame of `el`'s parent (the units a piece's translate is in)
  function centre(svg, name, el) {
    const r = svg.querySelector(`rect.square[data-square="${CSS.escape(name)}"]`);
    const ctm = el.parentNode.getScreenCTM();
    if (!r || !ctm) return null;
    const b = r.getBoundingClientRect(), p = svg.createSVGPoint();
    p.x = b.left + b.width / 2;
    p.y = b.top + b.height / 2;
    return p.matrixTransform(ctm.inverse());
  }

  // the move part of a move that also places a wall, shown made while the wall's cell is chosen: the piece
  // stands on its destination (a piece taken there is hidden)
  function preview(from, to) {
    const svg = $("board").querySelector("svg");
    if (!svg || $("board").hidden) return;
    const piece = svg.querySelector(`g.piece[data-square="${CSS.escape(from)}"]`);
    const taken = svg.querySelector(`g.piece[data-square="${CSS.escape(to)}"]`);
    const p = piece && centre(svg, to, piece);
    if (!p) return;
    if (taken) taken.style.visibility = "hidden";
    piece.setAttribute("transform", `translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`);
    piece.classList.add("preview");
  }

  // the board was drawn again (flipped, a new window size): an open choice box follows its square
  function replace() { if (placed && !$("choice").hidden) placeChoice(...placed); }

  // the move `m` made as far as `to`, its wall's cell to click: shown made, and the game's words asking for it
  function wallStep(m, to) {
    preview(m.from, to);
    prompt(`${m.place}: click a marked square`);
  }

  function noted(to) { dropped = { to, at: performance.now() }; }

  // the piece that made the last move slides there from where it stood: `before` is the state shown before
  // this one; only one new move of the same game, in the present, on the flat board
  function slide(before, state, reviewing) {
    if (!before || before.id !== state.id || state.moves.length !== before.moves.length + 1 || reviewing) return;
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const [from, to] = state.last_move || [];
    if (!from || !to || from === to) return;
    if (dropped && dropped.to === to && performance.now() - dropped.at < 2000) return;   // dragged there: it is
    const svg = $("board").querySelector("svg");
    if (!svg || $("board").hidden) return;
    const piece = svg.querySelector(`g.piece[data-square="${CSS.escape(to)}"]`);
    // in the units of the piece's own frame: a turned board's rotation is in the screen positions already
    const pa = piece && centre(svg, from, piece), pb = piece && centre(svg, to, piece);
    if (!pa || !pb) return;
    const anim = document.createElementNS(SVGNS, "animateTransform");
    anim.setAttribute("attributeName", "transform");
    anim.setAttribute("type", "translate");
    anim.setAttribute("additive", "sum");            // on top of the piece's own translate(x, y)
    anim.setAttribute("from", `${(pa.x - pb.x).toFixed(1)} ${(pa.y - pb.y).toFixed(1)}`);
    anim.setAttribute("to", "0 0");
    anim.setAttribute("dur", SLIDE);
    anim.setAttribute("begin", "indefinite");
    anim.setAttribute("fill", "remove");
    anim.dataset.from = from;
    piece.appendChild(anim);
    piece.parentNode.appendChild(piece);             // drawn above the pieces it passes
    // while it slides it takes no click: a click on a cell it passes over is that cell's
    piece.style.pointerEvents = "none";
    setTimeout(() => { piece.style.pointerEvents = ""; }, 250);
    if (anim.beginElement) anim.beginElement();
  }

  let before = null;           // {id, moves}: the state drawn last (a new move slides from there)

  // the board was drawn: the new move slides (`flat`: on the flat board, in the present), an open chooser
  // follows its square, the wall's prompt stays only while its cell is awaited (`pending`)
  function drawn(state, flat, pending) {
    if (!pending) $("step").hidden = true;
    replace();
    if (flat) slide(before, state, false);
    before = { id: state.id, moves: state.moves.slice() };
  }

  window.addEventListener("resize", replace);
  return { passMove, clickable, showButtons, prompt, placeChoice, drawn, wallStep, noted };
})();

// The seats this browser plays, kept in its own storage (localStorage, never sent to anyone): the Games page
// shows "your seat" beside those games, a way back into them.
const Seats = (() => {
  const STORE = "hyperchess.seats";
  const MOST = 200;

  function all() {
    try { return JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (e) { return {}; }
  }

  // the page plays a seat of game `state.id` by link key `key`
  function keep(state, key) {
    if (!key || state.role === "spectator" || !state.players.includes("you")) return;
    const seats = all();
    if (seats[state.id] && seats[state.id].key === key) return;
    seats[state.id] = { key, at: Date.now() };
    const ids = Object.keys(seats).sort((x, y) => seats[y].at - seats[x].at);
    for (const id of ids.slice(MOST)) delete seats[id];
    try { localStorage.setItem(STORE, JSON.stringify(seats)); } catch (e) { /* storage full or off: no way back */ }
  }

  return { all, keep };
})();
