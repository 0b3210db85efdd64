// hyperchess web board: drag-and-drop on the flat picture. Press on a piece (or a reserve piece) that has moves,
// drag it, release it over a cell: the same as clicking the piece and then the cell (app.js clickTarget), so
// clicks keep working and every rule stays on the server. The piece follows the pointer while it is dragged.
"use strict";

const Drag = (() => {
  let hooks = null;
  let drag = null;           // {from, x, y, el, transform, svg, moved}
  let swallowClick = false;  // the click that follows a drop is not a second click

  // hooks: source(element) -> the click id of a movable piece there, or null; targetAt(element) -> a click id;
  // begin(from): the drag started (select it); drop(from, to): it was released over `to`
  function attach(svg, h) {
    hooks = h;
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      const el = e.target.closest && e.target.closest("g.piece, g.reserve-piece");
      const from = el ? hooks.source(el) : null;
      if (!from) return;
      drag = { from, x: e.clientX, y: e.clientY, el, transform: el.getAttribute("transform") || "", svg, moved: false };
    });
    svg.addEventListener("click", (e) => {
      if (swallowClick) { swallowClick = false; e.stopImmediatePropagation(); }
    }, true);
  }

  function move(e) {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    if (!drag.moved) { drag.moved = true; drag.el.style.pointerEvents = "none"; drag.el.style.opacity = "0.75"; hooks.begin(drag.from); }
    const m = drag.svg.getScreenCTM();
    const sx = m ? dx / m.a : dx, sy = m ? dy / m.d : dy;
    drag.el.setAttribute("transform", `translate(${sx} ${sy}) ${drag.transform}`);
  }

  function up(e) {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (!d.moved) return;
    d.el.setAttribute("transform", d.transform);
    d.el.style.pointerEvents = "";
    d.el.style.opacity = "";
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const to = under ? hooks.targetAt(under) : null;
    if (to !== null && to !== d.from) hooks.drop(d.from, to);
  }

  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", up);
  return { attach };
})();

// Resign asks first: the first click turns the button into "Confirm resign" for a few seconds, with "Keep
// playing" beside it; the second click resigns.
const Confirm = (() => {
  function attach(button, question, run) {
    const label = button.textContent;
    const cancel = document.createElement("button");
    cancel.textContent = "Keep playing";
    cancel.id = button.id + "-cancel";
    cancel.hidden = true;
    button.after(cancel);
    let timer = null;
    const reset = () => {
      clearTimeout(timer);
      button.textContent = label;
      button.classList.remove("confirming");
      cancel.hidden = true;
    };
    button.addEventListener("click", () => {
      if (button.classList.contains("confirming")) { reset(); run(); return; }
      button.textContent = question;
      button.classList.add("confirming");
      cancel.hidden = false;
      timer = setTimeout(reset, 5000);
    });
    cancel.addEventListener("click", reset);
  }
  return { attach };
})();
