// How the page names the sides and the pieces of a game as its players do: the colours' own names (xiangqi's
// red and black: the state's `sides`, beside the `colors` the server's API uses), and the "Letters" switch of
// games drawn with characters (xiangqi, janggi, shogi), which shows each piece's Latin letter instead (kept in
// this browser). The picture's piece texts carry their letter in `data-letter`.
const Sides = (() => {
  const KEY = "hyperchess-letters";
  let letters = localStorage.getItem(KEY) === "1";

  // the name players use for colour `c` (one of state.colors)
  function name(state, c) {
    const i = state && state.colors ? state.colors.indexOf(c) : -1;
    return i >= 0 && state.sides ? state.sides[i] : c;
  }

  // the letters in place of the characters, when the switch is on
  function apply(svg) {
    if (!letters || !svg) return;
    svg.querySelectorAll("text.piece-text[data-letter]").forEach((t) => {
      t.textContent = t.dataset.letter;
      t.setAttribute("font-family", "DejaVu Sans, sans-serif");
      t.setAttribute("font-size", String(+t.getAttribute("font-size") * (t.dataset.letter.length > 1 ? 0.72 : 0.88)));
    });
  }

  function show(state, button) {
    button.hidden = !(state && state.letters);
    button.textContent = letters ? "Characters" : "Letters";
    button.title = letters ? "Show the pieces' characters" : "Show the pieces' Latin letters";
  }

  function toggle() {
    letters = !letters;
    localStorage.setItem(KEY, letters ? "1" : "0");
  }

  // the colour side `c`'s pieces are drawn in (the picture's own fill; grey once its army is dead), else its name
  function fill(svg, c) {
    const el = svg && (svg.querySelector(`g.piece.eliminated[data-color="${c}"] [fill]`) ||
                       svg.querySelector(`g.piece[data-color="${c}"] [fill]`));
    return el ? el.getAttribute("fill") : c;
  }

  function swatch(color) {
    const s = document.createElement("span");
    s.className = "swatch";
    s.style.background = color;
    return s;
  }

  // a game won on points (free-for-all): each side's points beside its colour, the side to move marked; at the
  // end the ranking
  function showPoints(state, box, svg) {
    box.textContent = "";
    const p = state && state.points;
    if (!p) return;
    if (p.ranking.length) { box.textContent = `Final ranking: ${p.ranking.join(", ")}`; return; }
    box.append("Points: ");
    Object.entries(p.points).forEach(([c, n], i) => {
      const item = document.createElement("span");
      item.className = "side-points" + (c === state.turn && !state.result ? " to-move" : "");
      item.dataset.color = c;
      item.append(swatch(fill(svg, c)), `${name(state, c)} ${n}`);
      box.append(i ? ", " : "", item);
    });
  }

  return { name, apply, show, toggle, fill, swatch, showPoints };
})();
