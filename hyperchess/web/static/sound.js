// hyperchess web board: sounds, synthesised with WebAudio (no sound files): a move, a capture, a check, and
// low time on the person's own clock. The mute switch is kept in localStorage ("hyperchess.muted").
"use strict";

const Sound = (() => {
  const KEY = "hyperchess.muted";
  // per sound: its tones as [frequency Hz, start s, length s, wave, volume]
  const TONES = {
    move: [[520, 0, 0.07, "triangle", 0.25]],
    capture: [[330, 0, 0.08, "square", 0.12], [220, 0.06, 0.12, "square", 0.12]],
    check: [[880, 0, 0.09, "sine", 0.25], [660, 0.11, 0.14, "sine", 0.25]],
    lowtime: [[990, 0, 0.1, "sine", 0.22], [990, 0.18, 0.1, "sine", 0.22]],
  };
  let ctx = null;
  let muted = false;
  try { muted = localStorage.getItem(KEY) === "1"; } catch (e) { /* storage refused: not muted */ }
  let button = null;

  function context() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    if (!ctx) ctx = new Ctx();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    return ctx;
  }

  // play one of TONES (unless muted); whether it was played
  function play(kind) {
    if (muted || !TONES[kind]) return false;
    const c = context();
    if (!c) return false;
    const now = c.currentTime;
    for (const [freq, start, length, wave, volume] of TONES[kind]) {
      const osc = c.createOscillator();
      const gain = c.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(volume, now + start);
      gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
      osc.connect(gain).connect(c.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
    return true;
  }

  // the sound of a move from its mark ("x" a capture, "+" a check)
  function move(mark) {
    return play(mark && mark.includes("+") ? "check" : mark && mark.includes("x") ? "capture" : "move");
  }

  function label() {
    if (!button) return;
    button.textContent = muted ? "Sound off" : "Sound on";
    button.setAttribute("aria-pressed", String(!muted));
  }

  function setMuted(m) {
    muted = !!m;
    try { localStorage.setItem(KEY, muted ? "1" : "0"); } catch (e) { /* not kept */ }
    label();
  }

  function attach(b) {
    button = b;
    label();
    b.addEventListener("click", () => setMuted(!muted));
  }

  return { play, move, attach, setMuted, muted: () => muted };
})();
