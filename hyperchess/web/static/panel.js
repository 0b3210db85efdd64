// hyperchess web board: the side panel's live parts, over app.js's `state`: the move list, the clocks (they
// stand still while the server is unreachable), the rematch offer, the fog of war's note, and what follows
// each new state: the move's sound and a queued premove.
"use strict";

const LOW_TIME = 10;          // seconds: the person's own clock below this sounds once and turns red
let lowSounded = {};          // per colour: the low-time sound was played on this turn
let heard = { id: null, moves: 0 };   // the game and move count the sounds are up to

// "Black offers a draw", "White and Gold offer a rematch"
function offers(subject, what) { return `${subject} ${subject.includes(" and ") ? "offer" : "offers"} ${what}`; }

// The move list's notation: the one the game's players read (the state's `notation` and `notated`: SAN,
// Hodges' shogi notation, WXF, janggi's numbers), or the coordinates the server reads (`moves`, with + after a
// check), by the "Coordinates" switch (kept in this browser), and the board's edge labels with it. Games without a
// notation show coordinates.
const Notation = (() => {
  const KEY = "hyperchess-coordinates";
  let coordinates = false;
  try { coordinates = localStorage.getItem(KEY) === "1"; } catch (e) { /* storage refused: the notation */ }

  // the moves as the list shows them
  function moves(state) {
    if (state.notated && !coordinates) return state.notated;
    return state.moves.map((m, i) => m + (state.marks && state.marks[i].includes("+") ? "+" : ""));
  }

  // an analysis line as the list would show it
  function line(a) { return (!coordinates && a.line_notated) || a.line; }

  // one move ({move, notated}) as the list would write it
  function one(m) { return (!coordinates && m.notated) || m.move; }

  function show(state, button) {
    button.hidden = !(state && state.notated);
    // the board's edge labels follow the list: the notation's (shogi's 9..1, a..i) or the coordinates'
    document.body.classList.toggle("coordinates", coordinates);
    button.textContent = coordinates ? "Notation" : "Coordinates";
    button.title = coordinates ? `Write the moves in ${NAMES[state && state.notation] || "the game's notation"}`
      : "Write the moves as coordinates (from-square, to-square)";
  }

  function toggle() {
    coordinates = !coordinates;
    try { localStorage.setItem(KEY, coordinates ? "1" : "0"); } catch (e) { /* not kept */ }
  }

  const NAMES = { "san": "SAN", "hodges": "Western shogi notation", "wxf": "WXF notation",
                  "janggi-numeric": "janggi's numbers" };
  return { moves, line, one, show, toggle };
})();

function showMoves() {
  const ol = $("moves");
  ol.textContent = "";
  let li = null;
  let turn = state.start_turn;
  let number = state.start_fullmove;
  const current = reviewPly === null ? state.moves.length : reviewPly;
  const shown = Notation.moves(state);
  state.moves.forEach((m, i) => {
    if (li === null || turn === 0) {
      if (li !== null) number += 1;
      li = document.createElement("li");
      const num = document.createElement("span");
      num.className = "num";
      // a round that does not start with the first colour: "1... g8f6"
      num.textContent = i === 0 && turn !== 0 ? `${number}... ` : `${number}. `;
      li.appendChild(num);
      ol.appendChild(li);
    }
    const span = document.createElement("span");
    span.className = "move" + (i + 1 === current ? " current" : "");
    span.dataset.color = state.move_colors[i];
    span.dataset.ply = String(i + 1);
    span.dataset.move = m;
    span.textContent = shown[i] + " ";
    span.addEventListener("click", () => review(i + 1));
    li.appendChild(span);
    if (state.notes && state.notes[i]) {
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = `(${state.notes[i]}) `;
      li.appendChild(note);
    }
    turn = state.move_turns[i + 1];
  });
  const cur = ol.querySelector("span.current");
  if (reviewPly === null) ol.scrollTop = ol.scrollHeight;
  else if (cur) cur.scrollIntoView({ block: "nearest" });
}

function fmtClock(t) {          // m:ss.t, the tenths cut, not rounded (299.96 s is 4:59.9, never 4:60.0)
  if (!(t > 0)) return "0:00.0";
  const tenths = Math.floor(t * 10 + 1e-6), m = Math.floor(tenths / 600), s = tenths % 600;
  return `${m}:${s < 100 ? "0" : ""}${Math.floor(s / 10)}.${s % 10}`;
}

// the clock that runs: the server's word (none before a seat's first move in a game by link, none at the end,
// none while the server cannot be reached)
function runningClock() { return !state.result && Live.online() ? state.clock_running : null; }

function showClocks() {
  const box = $("clocks");
  if (!state.clocks) { box.textContent = ""; return; }
  const gone = (performance.now() - clockBase) / 1000;
  const runs = runningClock();
  box.textContent = "";
  state.colors.forEach((c, i) => {
    const running = Array.isArray(runs) ? runs.includes(c) : runs === c;    // two boards: two clocks run
    const t = state.clocks[i] - (running ? gone : 0);
    const span = document.createElement("span");
    span.className = "clock" + (running ? " running" : "") + (t <= LOW_TIME ? " low" : "");
    span.dataset.color = c;
    span.textContent = `${Sides.name(state, c)} ${fmtClock(t)}`;
    box.appendChild(span);
    if (running && state.players[i] === "you" && t <= LOW_TIME && t > 0 && !lowSounded[c]) {
      lowSounded[c] = true;
      Sound.play("lowtime");
    }
    if (t > LOW_TIME) lowSounded[c] = false;
  });
  // the person's own flag falls on the server too; ask it when the shown time is up
  if ([].concat(runs || []).some((r) => state.clocks[state.colors.indexOf(r)] - gone <= 0)) {
    if (!pollTimer) pollTimer = setTimeout(poll, 50);
  }
}

// new clock readings (a pushed update or a poll): shown from now
function takeClocks(m) {
  if (!m.clocks) return;
  state.clocks = m.clocks;
  if (m.clock_running !== undefined) state.clock_running = m.clock_running;
  clockBase = performance.now();
  showClocks();
}

// the connection to the server was lost (false) or is back (true): the shown clocks stop where they are
function onConnection(on) {
  if (!state || !state.clocks) return;
  if (!on) {
    const gone = (performance.now() - clockBase) / 1000;
    for (const r of [].concat(state.clock_running || [])) {
      const i = state.colors.indexOf(r);
      if (i >= 0) state.clocks[i] -= gone;
    }
    clockBase = performance.now();
  }
  showClocks();
}

// the Rematch button: "Rematch", "Accept rematch" when the other side asked, "Rematch asked" when this page did
function showRematch() {
  const r = state.rematch;
  const b = $("rematch");
  const mine = state.colors.filter((c, i) => state.players[i] === "you");
  const asked = r && mine.length && mine.every((c) => r.offered.includes(c));
  b.textContent = asked ? "Rematch asked" : r && r.offered.length ? "Accept rematch" : "Rematch";
  b.disabled = !!asked || state.role === "spectator";
  b.hidden = state.role === "spectator" || !!state.two_boards;
  b.classList.toggle("offered", !!(r && r.offered.length && !asked));
  if (r && r.offered.length && !r.made) {
    const who = r.offered.map((c) => Sides.name(state, c)).map((c) => c[0].toUpperCase() + c.slice(1)).join(" and ");
    $("rematch-offer").textContent = offers(who, "a rematch") + (asked ? " (waiting for the other side)" : "");
  } else $("rematch-offer").textContent = "";
  $("rematch-offer").hidden = !$("rematch-offer").textContent;
}

// the rematch is made: this page moves on to its link in the new game (the header shows its seats and clock)
async function followRematch() {
  if (!state.rematch_key || state.rematch_key === KEY) return;
  KEY = state.rematch_key;
  flip = false;
  rot = 0;
  reviewPly = null;
  selected = null;
  Premove.clear();
  await resumeGame(state.role === "spectator");
  say("a new game: the rematch");
}

// after a new state is drawn: the sound of a new move, and a queued premove played when the turn has come
function afterShow() {
  if (heard.id === state.id && state.moves.length > heard.moves && reviewPly === null) {
    Sound.move(state.marks[state.moves.length - 1]);
  }
  heard = { id: state.id, moves: state.moves.length };
  if (state.legal.length && reviewPly === null && !state.editing) {
    const p = Premove.take(state.legal);
    if (p && p.moves.length) choose(p.moves);
    else if (p) say(`premove ${p.q.from}-${p.q.to} is not legal now: dropped`, false);
  }
  if (state.rematch_key) followRematch().catch((e) => say(e.message, true));
}

// fog of war: the cells this seat does not see are shaded (the server's picture); the opponent's moves show
// only what became visible; analysis, the editor and the PGN wait for the end
function showFog() {
  const fogged = !!state.fog;
  $("fog-note").hidden = !fogged;
  if (fogged) {
    $("fog-note").textContent = state.role === "spectator" || !state.players.includes("you") ?
      "Fog of war: the board is shown when the game is over." :
      "Fog of war: you see your pieces and the cells they can move to; the shaded cells are fog. " +
      "The opponent's moves show only what you saw of them (?)." +
      (state.watch_all ? " Spectators see the whole board." : "");
    $("analyze").hidden = true;
    $("edit").hidden = true;
  }
  $("pgn").hidden = fogged;
}
