// hyperchess web board: premove. While another seat is to move, a click on one of the person's pieces and then
// on any cell queues that move (one at a time); it is played as soon as it is the person's turn, if it is
// legal then (else it is dropped with a word). Any click on the board while one is queued cancels it.
"use strict";

const Premove = (() => {
  let from = null;       // the piece chosen, waiting for its destination
  let queued = null;     // {from, to}

  // a click on target t while another seat is to move (own: the cells of the person's pieces); the message
  // to show, or null when the click is not a premove's
  function click(t, own) {
    if (queued) { const q = queued; queued = null; return `premove ${q.from}-${q.to} cancelled`; }
    if (from === null) {
      if (!own.includes(t)) return null;
      from = t;
      return `premove: ${t} chosen; now its cell (played when it is your turn)`;
    }
    if (t === from) { from = null; return "premove cancelled"; }
    queued = { from, to: t };
    from = null;
    return `premove ${queued.from}-${queued.to} queued: played when it is your turn (a click cancels it)`;
  }

  // the moves of `legal` matching the queued premove (it is used up), or null when none was queued
  function take(legal) {
    if (!queued) { from = null; return null; }
    const q = queued;
    queued = null;
    from = null;
    return { q, moves: legal.filter((m) => m.from === q.from && m.to === q.to) };
  }

  function clear() { from = null; queued = null; }

  // the cells to mark on the board: the chosen piece, or the queued move's two cells
  function cells() { return queued ? [queued.from, queued.to] : from !== null ? [from] : []; }

  return { click, take, clear, cells, queued: () => queued, chosen: () => from };
})();
