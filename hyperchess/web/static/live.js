// hyperchess web board: the live connection. Every change of the game (moves, clocks, draw offers, the
// result) is pushed by the server over a WebSocket (/ws?key=KEY); a dropped connection reconnects by itself
// (0.2 s, then up to 2 s apart) and the page resynchronises from the first message. While it is down the page
// says "Reconnecting…" and its clocks stand still (onStatus). Also the seat links.
"use strict";

const Live = (() => {
  let socket = null;
  let key = null;
  let handler = null;
  let wait = 200;
  let retry = null;
  let online = true;
  let statusHandler = null;     // called with true (connected) or false (lost)

  function setOnline(on) {
    document.body.dataset.live = on ? "on" : "off";
    const notice = document.getElementById("offline");
    if (notice) notice.hidden = on;
    if (on === online) return;
    online = on;
    if (statusHandler) statusHandler(on);
  }

  function keyFromPath() {
    const m = location.pathname.match(/^\/(play|watch)\/([A-Za-z0-9_-]+)$/);
    return m ? m[2] : null;
  }

  function token() { return new URLSearchParams(location.search).get("token") || ""; }

  // this page's address on a link: /play/KEY (or /watch/KEY for the spectators), keeping ?token=
  function linkUrl(k, watch) {
    const t = token();
    return `${location.origin}/${watch ? "watch" : "play"}/${k}` + (t ? `?token=${encodeURIComponent(t)}` : "");
  }

  function open(reconnecting) {
    if (retry) { clearTimeout(retry); retry = null; }
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const t = token();
    const ws = new WebSocket(`${proto}//${location.host}/ws?key=${encodeURIComponent(key)}` +
      (t ? `&token=${encodeURIComponent(t)}` : ""));
    socket = ws;
    let first = reconnecting;    // the first message after a reconnection: the page resynchronises
    ws.onopen = () => { wait = 200; setOnline(true); };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (m.type === "update" && handler) { handler(m, first); first = false; }
    };
    ws.onclose = () => {
      if (socket !== ws) return;                  // replaced by a newer connection
      setOnline(false);
      retry = setTimeout(() => open(true), wait);
      wait = Math.min(2000, wait * 2);
    };
  }

  // follow the game of link key k (a spectator's: watch): call onUpdate(message, first) for each pushed change
  function follow(k, onUpdate, watch) {
    handler = onUpdate;
    const path = (k === keyFromPath()) ? null : linkUrl(k, !!watch);
    if (path) history.replaceState(null, "", path);   // a reload comes back to this game
    if (k === key && socket && socket.readyState <= 1) return;
    key = k;
    if (socket) { const old = socket; socket = null; old.close(); }
    open(false);
  }

  // the owner's list of seat links (and the spectators' link); the other pages show whose seat is theirs
  // a game of teams of several colours (four-player Teams), the page's seats all of one team:
  // " (Blue and Green against Red and Yellow)"
  function partners(state, mine) {
    const teams = state.teams || [];
    const ours = teams[state.colors.indexOf(mine[0])];
    if (!ours || !ours.includes(" and ") || mine.some((c) => teams[state.colors.indexOf(c)] !== ours)) return "";
    return ` (${ours} against ${[...new Set(teams.filter((t) => t !== ours))].join(" and ")})`;
  }

  function showSeats(state) {
    const box = document.getElementById("links");
    const list = document.getElementById("link-list");
    if (!box || !list) return;
    const mine = state.colors.filter((c, i) => state.players[i] === "you");
    document.getElementById("seat-role").textContent = state.role === "spectator" ? "You are watching this game." :
      (mine.length ? `You play ${mine.map((c) => Sides.name(state, c)).join(", ")}${partners(state, mine)}.` : "");
    const links = state.links;
    box.hidden = !links;
    list.textContent = "";
    if (!links) return;
    document.getElementById("links-title").textContent = Object.keys(links.seats).length ?
      "Send each person their seat's link (anyone with a link plays that seat):" : "Anyone with this link can watch the game:";
    const rows = Object.entries(links.seats).map(([color, k]) => [`${Sides.name(state, color)}`, linkUrl(k, false)]);
    if (links.watch) rows.push(["spectators", linkUrl(links.watch, true)]);
    for (const [who, url] of rows) {
      const li = document.createElement("li");
      li.dataset.seat = who;
      const label = document.createElement("span");
      label.className = "link-who";
      label.textContent = who + ": ";
      const input = document.createElement("input");
      input.readOnly = true;
      input.value = url;
      input.className = "link-url";
      const copy = document.createElement("button");
      copy.textContent = "Copy";
      copy.addEventListener("click", async () => {
        input.select();
        try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; }
        catch (e) { copy.textContent = "Ctrl-C"; }
      });
      li.append(label, input, copy);
      list.appendChild(li);
    }
  }

  function onStatus(fn) { statusHandler = fn; }

  return { keyFromPath, follow, showSeats, linkUrl, onStatus, online: () => online };
})();
