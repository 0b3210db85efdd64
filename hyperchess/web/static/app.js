// hyperchess web board: the page talks to `hyperchess serve` (web/server.py) through its JSON API.
// The board is the server's SVG picture; every cell carries data-square, reserve pieces data-target.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
let games = [];
let state = null;
let selected = null;      // the clicked source target, or null
let pending = null;       // the moves sharing the two cells clicked, each awaiting its third click (a wall's cell)
let pollTimer = null;
let reviewPly = null;     // the move number being looked at, or null for the present
let flip = false;         // the board seen from the other side
let rot = 0;              // quarter turns more (four-player games: the view from any seat)
let clockTimer = null;    // ticks the shown clocks between server states
let analyzing = false;    // analysis mode: the engine thinks about the position shown
let mode3d = false;       // the 3D view instead of the flat panels
let view3dReady = false;
let shownVersion = null; // the game version last drawn
let clockBase = 0;        // performance.now() when the shown clocks were read

// A server bound beyond loopback prints its address with ?token=...: every API request carries it back.
const TOKEN = new URLSearchParams(location.search).get("token") || "";
// The game's link key (live.js): from /play/KEY or /watch/KEY, or the one /api/new gave this page.
let KEY = Live.keyFromPath();

// Every answer to a change (a POST) counts here: a state read (GET) asked before a change was answered is older
// than the state that change gave, and is dropped, so the board never steps back (a premove's reply, say).
let changesAnswered = 0;
let newsAsked = 0;        // New games asked for (newGame)

// The answer to a change of a game the page has left while it was on its way (a New game answered first), or to
// a New game asked for before the last one: not this page's any more, so it is dropped (its callers' catch does
// nothing for it: failed). The seats' answer of the old game, coming after the new game's, put the old game back
// on the page, which then followed the new one's link, updates and reads: the page stood still.
class Superseded extends Error {}

function failed(e) { if (!(e instanceof Superseded)) say(e.message, true); }

async function api(path, body) {
  const key = KEY, news = newsAsked;
  const headers = TOKEN ? { "X-Hyperchess-Token": TOKEN } : {};
  if (KEY) headers["X-Hyperchess-Key"] = KEY;
  const opts = body === undefined ? { headers } :
    { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => null);
  if (body !== undefined && (path === "/api/new" ? news !== newsAsked : key !== KEY)) throw new Superseded(path);
  if (data === null) throw new Error(`server answered ${r.status}`);
  if (!r.ok) throw new Error(data.error || `server answered ${r.status}`);
  if (body !== undefined) changesAnswered++;
  return data;
}

function say(text, isError) {
  $("message").textContent = text || "";
  $("message").className = isError ? "error" : "";
}

function game() { return games.find((g) => g.name === $("variant").value); }

function renderSeats(seats) {
  const g = game();
  const box = $("seats");
  box.textContent = "";
  // fog of war: the spectators' choice instead of the engine's time and level (its fog player searches a
  // fixed number of nodes: engine/fog.py)
  $("watch-all-box").hidden = !g.fog;
  $("movetime-box").hidden = !!g.fog;
  $("level-box").hidden = !!g.fog;
  g.colors.forEach((color, i) => {
    const label = document.createElement("label");
    label.textContent = (g.sides ? g.sides[i] : color) + " ";
    const sel = document.createElement("select");
    sel.id = "seat-" + color.replace(/ /g, "-");     // two boards: "A white" is #seat-A-white
    sel.dataset.seat = String(i);
    // engines from outside (serve --engine NAME=...) that play this game: a seat choice by their name
    for (const who of ["human", "link", "engine", ...(g.engines || [])]) {
      const o = document.createElement("option");
      o.value = who;
      o.textContent = { human: "you", link: "person (link)", engine: "engine" }[who] || who;
      sel.appendChild(o);
    }
    sel.value = seats ? seats[i] : (i === 0 ? "human" : "engine");
    sel.addEventListener("change", changeSeats);
    label.appendChild(sel);
    box.appendChild(label);
  });
}

function chosenSeats() {
  return [...document.querySelectorAll("#seats select")].map((s) => s.value);
}

async function changeSeats() {
  if (!state || state.variant !== $("variant").value) return;
  if (state.linked || state.role !== "owner" || chosenSeats().includes("link")) return;   // a game by links: New game
  try {
    state = await api("/api/seats", { key: KEY, seats: chosenSeats(), movetime: parseFloat($("movetime").value),
                                      level: parseInt($("level").value, 10) });
    selected = null;
    show();
  } catch (e) { failed(e); }
}

async function newGame() {
  try {
    newsAsked++;
    const s = await api("/api/new", { variant: $("variant").value, seats: chosenSeats(),
                                      movetime: parseFloat($("movetime").value), clock: $("clock").value,
                                      level: parseInt($("level").value, 10),
                                      ...(game().fog ? { watch_all: $("watch-all").checked } : {}) });
    state = s;
    KEY = s.key;
    Live.follow(KEY, onLive);
    selected = null;
    reviewPly = null;
    say("");
    if (flip || rot || mode3d) await fetchState(); else show();
  } catch (e) { failed(e); }
}

// The state as this page shows it: the move looked at, the side of the board, the 3D view's data.
function stateQuery() {
  return `/api/state?key=${encodeURIComponent(KEY)}` + (reviewPly !== null ? `&ply=${reviewPly}` : "") + (flip ? "&flip=1" : "") +
    (rot ? `&rot=${rot}` : "") + (mode3d ? "&view=3d" : "");
}

// Each read of the state counts here: the answer to a read that a newer one followed is dropped, so a live
// update's read, asked before the 3D view (or flip, or a move to review) was chosen, never replaces the newer
// view's state with one drawn for the old view.
let statesAsked = 0;
async function fetchState() {
  const mine = ++statesAsked;
  for (let tries = 0; tries < 3; tries++) {     // asked again if a change was answered while it was on its way
    const asked = changesAnswered;
    const s = await api(stateQuery());          // the view as it is now, on every try
    if (mine !== statesAsked || s.id !== state.id) return;
    if (asked === changesAnswered) { state = s; show(); return; }
  }
}

async function review(ply) {
  if (!state || state.two_boards) return;       // two boards show the present only
  const n = state.moves.length;
  ply = Math.max(0, Math.min(n, ply));
  reviewPly = ply === n ? null : ply;
  selected = null;
  try {
    if (analyzing) await startAnalysis(); else await fetchState();
    say("");
  } catch (e) { failed(e); }
}

function onKey(ev) {
  const tag = (document.activeElement && document.activeElement.tagName) || "";
  if (!state || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  const n = state.moves.length;
  const now = reviewPly === null ? n : reviewPly;
  const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: n }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  review(to);
}

function show() {
  $("view3d").hidden = !(state.levels > 1);
  $("rotate").hidden = state.colors.length <= 2 || !!state.two_boards;
  $("analyze").hidden = !!state.two_boards;        // two boards: no analysis, review or rematch (a new game)
  Steps.showButtons(state, reviewPly !== null);    // no Resign, Offer draw or Undo once the game is over; Pass
  if (mode3d && !(state.levels > 1)) mode3d = false;
  $("view3d").textContent = mode3d ? "Flat view" : "3D view";
  $("board").hidden = mode3d;
  $("board3d").hidden = !mode3d;
  $("board").innerHTML = state.svg;
  const svg = boardSvg();
  if (state.two_boards && window.innerWidth < 700) stackBoards(svg);
  Sides.apply(svg);
  Sides.show(state, $("letters"));
  Notation.show(state, $("notation"));
  const vb = svg.viewBox && svg.viewBox.baseVal;
  // a board much wider than high (First Contact's elevations) gets the whole width; the panel goes below
  document.querySelector("main").classList.toggle("wide", !mode3d && !!(vb && vb.width > 1.9 * vb.height));
  if (mode3d && state.cells3d) {
    if (!view3dReady) { View3D.init($("board3d"), (t) => { if (state) clickTarget(t); }); view3dReady = true; }
    View3D.render(state.cells3d, { turns: state.turns, key: state.id, seats: state.colors.length });
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.addEventListener("click", onBoardClick);
  Drag.attach(svg, {
    source: (el) => {
      const t = targetOf(el);
      return t !== null && !state.editing && reviewPly === null && state.legal.some((m) => m.from === t && m.to !== t) ? t : null;
    },
    targetAt: targetOf,
    begin: (from) => { if (selected !== from) clickTarget(from); },
    drop: (from, to) => { Steps.noted(to); if (selected !== from) clickTarget(from); clickTarget(to); },
  });
  svg.dataset.flipped = String(state.flipped);
  svg.dataset.turns = String(state.turns);
  if (state.version !== shownVersion) { $("choice").hidden = true; pending = null; }   // a redraw of the same game keeps a pending choice
  shownVersion = state.version;
  markSelection();
  Steps.drawn(state, !mode3d && !state.two_boards && reviewPly === null, !!pending);   // the slide, the chooser
  // two boards (bughouse): each board's side to move, named with its board ("A white, B black")
  const who = state.two_boards ? "to move on each board" : state.players[state.colors.indexOf(state.turn)];
  // a turn of several moves (double-move chess): which of them is due
  const nth = state.turn_move ? `, move ${state.turn_move + 1} of the turn` : "";
  $("turn").textContent = state.result ? "Game over." : state.two_boards ? `${state.turn} to move` +
    (state.draw_offer ? `; ${offers(state.draw_offer, "a draw")}` : "") : `${Sides.name(state, state.turn)} to move (${who}${nth})` +
    (state.draw_offer ? `; ${offers(state.draw_offer, "a draw")}` : "");
  // more than two sides: the colour to move beside its name
  if (state.colors.length > 2 && !state.two_boards && !state.result) $("turn").prepend(Sides.swatch(Sides.fill(svg, state.turn)));
  Live.showSeats(state);
  $("turn").dataset.turn = state.turn;
  $("result").textContent = state.result ? `${state.result} ${state.reason}` : "";
  $("eliminated").textContent = state.eliminated.length ?
    state.eliminated.map((c) => `${c} is ${state.points ? "out" : "eliminated (king captured)"}: its pieces stay as inert blockers`).join("; ") : "";
  Sides.showPoints(state, $("points"), svg);
  showFog();
  $("thinking").textContent = state.thinking || "-";
  $("review").hidden = state.review_ply === null;
  if (state.review_ply !== null) {
    $("review-text").textContent = state.review_ply === 0 ? "the start position" :
      `after move ${state.review_ply} (${Notation.moves(state)[state.review_ply - 1]}) of ${state.moves.length}`;
  }
  const fen = state.review_ply === null ? state.fen : state.review_fen;
  if (document.activeElement !== $("fen")) $("fen").value = fen;
  $("games-link").href = "/games" + (TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : "");
  $("pgn").href = `/api/pgn?key=${encodeURIComponent(KEY)}` + (TOKEN ? `&token=${encodeURIComponent(TOKEN)}` : "");
  $("captured").textContent = Object.entries(state.captured).filter(([, l]) => l.length)
    .map(([c, l]) => `${Sides.name(state, c)} lost: ${l.join(" ")}`).join("; ");
  if (state.hint) $("typed").placeholder = `type a move, e.g. ${Notation.one(state.hint)}`;  // one the person may play now
  if (state.message) say(state.message, true);
  clockBase = performance.now();
  showClocks();
  if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
  if (state.clocks && !state.result) clockTimer = setInterval(showClocks, 100);
  showAnalysis();
  showEditor();
  showMoves();
  showRematch();
  fitWide();
  schedulePoll();
  afterShow();
}

// the panel below a wide picture (two boards, First Contact's elevations): the picture gives up height until
// the move box (the last control a player needs) is inside the window, down to 40% of the window's height
function fitWide() {
  const svg = boardSvg();
  if (!svg) return;
  svg.style.maxHeight = "";
  if (!document.querySelector("main").classList.contains("wide")) return;
  const over = $("play").getBoundingClientRect().bottom + window.scrollY + 8 - window.innerHeight;
  if (over > 0) svg.style.maxHeight = `${Math.max(0.4 * window.innerHeight, svg.getBoundingClientRect().height - over)}px`;
}

// two boards on a narrow screen: one above the other (the server draws them side by side)
function stackBoards(svg) {
  let y = 0, width = 0;
  for (const b of svg.querySelectorAll(":scope > svg")) {
    const h = +b.getAttribute("height");
    b.setAttribute("x", "0");
    b.setAttribute("y", String(y));
    y += h + 20;
    width = Math.max(width, +b.getAttribute("width"));
  }
  svg.setAttribute("viewBox", `0 0 ${width} ${y - 20}`);
}

function schedulePoll() {
  if (pollTimer) { clearTimeout(pollTimer); pollTimer = null; }
  if (state && (state.engine_to_move || analyzing)) pollTimer = setTimeout(poll, analyzing ? 400 : 250);
}

async function startAnalysis() {
  // the position shown: the present, or the reviewed one
  try {
    state = await api("/api/analyze", { key: KEY, on: true, ply: reviewPly });
    if (mode3d) await fetchState(); else show();
  } catch (e) { if (e instanceof Superseded) return; say(e.message, true); analyzing = false; showAnalysis(); }
}

function showAnalysis() {
  const box = $("analysis");
  $("analyze").textContent = analyzing ? "Stop analysis" : "Analyse";
  box.hidden = !analyzing;
  if (!analyzing) return;
  const a = state.analysis;
  if (!a) { box.textContent = "analysis: starting..."; return; }
  box.textContent = `analysis (${a.running ? "thinking" : "done"}): depth ${a.depth}, score ${a.score || "?"} ` +
    `for ${a.side} (to move), best line: ${Notation.line(a).join(" ") || "-"}`;
}

async function poll() {
  pollTimer = null;
  if (!Live.online()) return;
  const id = state.id, asked = changesAnswered;
  try {
    const s = await api(`/api/state?key=${encodeURIComponent(KEY)}` + (reviewPly !== null ? `&ply=${reviewPly}` : "") + (flip ? "&flip=1" : "") +
      (rot ? `&rot=${rot}` : "") + (mode3d ? "&view=3d" : "") + (analyzing ? "" : `&known=${state.version}`));
    if (!state || state.id !== id) return;
    if (asked !== changesAnswered) { schedulePoll(); return; }   // a change was answered meanwhile: newer
    if (s.unchanged) {                 // the same game: only the engine's line and the clocks
      state.thinking = s.thinking;
      $("thinking").textContent = s.thinking || "-";
      takeClocks(s);
      schedulePoll();
      return;
    }
    if (s.version !== state.version || analyzing) {
      state = s;
      show();
      if (analyzing && !state.analysis && state.legal !== undefined) startAnalysis();   // the position changed
      return;
    }
    state.thinking = s.thinking;
    $("thinking").textContent = s.thinking || "-";
  } catch (e) { say(e.message, true); }
  schedulePoll();
}

async function action(path, extra) {
  try {
    state = await api(path, Object.assign({ key: KEY }, extra || {}));
    selected = null;
    reviewPly = null;
    say("");
    if (flip || rot || mode3d) await fetchState(); else show();
  } catch (e) { failed(e); }
}

// A change pushed over the WebSocket (live.js): a new version is fetched as this page sees it (its seat's
// legal moves, its side of the board); the same version only refreshes the clocks and the engine's line.
let liveFetching = false, liveAgain = false;
async function onLive(m, first) {
  if (!state || m.game !== state.id) return;
  if (m.version === state.version && !first) {
    takeClocks(m);
    state.thinking = m.thinking;
    $("thinking").textContent = m.thinking || "-";
    return;
  }
  if (liveFetching) { liveAgain = true; return; }
  liveFetching = true;
  try {
    do { liveAgain = false; await fetchState(); } while (liveAgain);
  } catch (e) { say(e.message, true); }
  finally { liveFetching = false; }
}

// A page opened on a link (or reloaded): the game as it stands, then its live updates.
async function resumeGame(watch) {
  const s = await api(`/api/state?key=${encodeURIComponent(KEY)}`);
  state = s;
  $("variant").value = s.variant;
  renderSeats(s.seats.map((who, i) => (who === "human" && s.players[i] !== "you" ? "link" : who)));
  $("clock").value = s.clock || "none";
  $("movetime").value = String(s.movetime);
  $("level").value = String(s.level || 8);
  $("watch-all").checked = !!s.watch_all;
  Live.follow(KEY, onLive, watch || s.role === "spectator");
  if (flip || rot || mode3d) await fetchState(); else show();
}

async function init() {
  games = await api("/api/games");
  const sel = $("variant");
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = `${g.title} (${g.name})`;
    sel.appendChild(o);
  }
  const params = new URLSearchParams(location.search);
  if (params.get("variant") && games.some((g) => g.name === params.get("variant"))) sel.value = params.get("variant");
  const seats = params.get("seats") ? params.get("seats").split(",") : null;
  if (params.get("movetime")) $("movetime").value = params.get("movetime");
  if (/^[1-8]$/.test(params.get("level") || "")) $("level").value = params.get("level");
  renderSeats(seats && seats.length === game().colors.length ? seats : null);
  sel.addEventListener("change", () => { renderSeats(null); newGame(); });
  $("new").addEventListener("click", newGame);
  $("level").addEventListener("change", changeSeats);
  $("watch").addEventListener("click", () => {
    document.querySelectorAll("#seats select").forEach((s) => { s.value = "engine"; });
    changeSeats();
  });
  $("undo").addEventListener("click", () => action("/api/undo"));
  Confirm.attach($("resign"), "Confirm resign", () => action("/api/resign"));
  // colours swapped, the same clock (rematch.py); between people it is made when the other side agrees
  $("rematch").addEventListener("click", () => action("/api/rematch"));
  Sound.attach($("mute"));
  window.addEventListener("resize", fitWide);
  Live.onStatus(onConnection);
  $("draw").addEventListener("click", () => action("/api/draw"));
  $("pass").addEventListener("click", () => { if ($("pass").dataset.move) playMove($("pass").dataset.move); });
  $("flip").addEventListener("click", async () => { flip = !flip; try { await fetchState(); } catch (e) { say(e.message, true); } });
  $("present").addEventListener("click", () => review(Number.MAX_SAFE_INTEGER));
  $("letters").addEventListener("click", () => { Sides.toggle(); if (state) show(); });
  $("notation").addEventListener("click", () => { Notation.toggle(); if (state) show(); });
  $("rotate").addEventListener("click", async () => { rot = (rot + 1) % 4; try { await fetchState(); } catch (e) { say(e.message, true); } });
  $("view3d").addEventListener("click", async () => {
    mode3d = !mode3d;
    selected = null;
    try { await fetchState(); } catch (e) { say(e.message, true); }
  });
  wireEditor();
  $("analyze").addEventListener("click", async () => {
    analyzing = !analyzing;
    if (analyzing) { await startAnalysis(); return; }
    try { state = await api("/api/analyze", { key: KEY, on: false, ply: reviewPly }); show(); }
    catch (e) { failed(e); }
  });
  document.addEventListener("keydown", onKey);
  $("load").addEventListener("click", () => action("/api/position", { position: $("fen").value }));
  $("play").addEventListener("click", () => { const t = $("typed").value; $("typed").value = ""; playMove(t); });
  $("typed").addEventListener("keydown", (e) => { if (e.key === "Enter") $("play").click(); });
  $("choice-cancel").addEventListener("click", () => { $("choice").hidden = true; selected = null; pending = null; Steps.prompt(""); markSelection(); });
  $("copy").addEventListener("click", async () => {
    $("fen").value = state.fen;
    $("fen").select();
    try { await navigator.clipboard.writeText(state.fen); say("position copied"); }
    catch (e) { say("position selected: copy it with Ctrl-C"); }
  });
  if (KEY) await resumeGame(); else await newGame();
}

// Started once the whole page is parsed, every one of its scripts run (DOMContentLoaded): init() waits for the
// server, and a script still arriving then (a slow network, a loaded machine) was missing when it went on (a page
// with no board, only "onConnection is not defined", when panel.js came after the list of games)
function start() { init().catch((e) => say(e.message, true)); }
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
