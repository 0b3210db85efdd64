// hyperchess games page: beside each game this browser plays a seat of (steps.js `Seats`, kept in this browser's
// own storage), a "your seat" link back into it. The server never puts a seat's key into this page: the link is
// made here, from what this browser kept, so nobody else's page shows it.
"use strict";

(() => {
  let seats = {};
  try { seats = JSON.parse(localStorage.getItem("hyperchess.seats") || "{}") || {}; } catch (e) { seats = {}; }
  const token = new URLSearchParams(location.search).get("token");
  for (const row of document.querySelectorAll("table.games tr[data-game]")) {
    const mine = seats[row.dataset.game];
    const cell = row.querySelector("td.links");
    if (!mine || !cell || !/^[A-Za-z0-9_-]+$/.test(mine.key)) continue;
    const a = document.createElement("a");
    a.className = "seat";
    a.href = `/play/${mine.key}` + (token ? `?token=${encodeURIComponent(token)}` : "");
    a.textContent = row.closest("#playing") ? "play (your seat)" : "your seat";
    a.title = "Back into the seat you play (kept in this browser only)";
    cell.prepend(a, " ");
  }
})();
