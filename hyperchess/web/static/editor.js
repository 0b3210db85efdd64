// The position editor of the web board (app.js): the palette of pieces to put on the board, and the edit
// requests (/api/edit) that a click on a cell or the editor's buttons send.
let brush = "";           // the editor's chosen piece token ("" removes)

async function editAction(body) {
  try {
    state = await api("/api/edit", Object.assign({ key: KEY }, body));
    if (mode3d) await fetchState(); else show();
    return true;
  } catch (e) { failed(e); return false; }
}

function showEditor() {
  const ed = state.editing;
  $("editor").hidden = !ed;
  $("edit").disabled = !!ed;
  if (!ed) return;
  const pal = $("palette");
  if (pal.dataset.variant !== state.variant) {
    pal.textContent = "";
    pal.dataset.variant = state.variant;
    for (const p of [{ token: "", color: "", name: "remove" }, ...ed.palette]) {
      const b = document.createElement("button");
      b.className = "brush";
      b.dataset.token = p.token;
      b.textContent = p.token ? `${p.token} ${p.color} ${p.name}` : "empty (remove)";
      b.addEventListener("click", () => { brush = p.token; markBrush(); });
      pal.appendChild(b);
    }
    $("edit-rest").value = ed.rest;
  }
  markBrush();
}

function markBrush() {
  document.querySelectorAll("#palette button").forEach((b) => b.classList.toggle("chosen", b.dataset.token === brush));
}

// The editor's buttons: start editing the position shown, give up, or set the edited position.
function wireEditor() {
  $("edit").addEventListener("click", async () => {
    reviewPly = null;
    analyzing = false;
    $("palette").dataset.variant = "";
    await editAction({ start: true });
  });
  $("edit-cancel").addEventListener("click", () => editAction({ cancel: true }));
  $("edit-done").addEventListener("click", async () => {
    if (await editAction({ done: true, rest: $("edit-rest").value })) say("the edited position is set");
  });
}
