// Optional sound, off by default: a short chime when it becomes your turn and a brighter
// two-note call when a reaction window asks you. Made in the page with the Web Audio API
// (no sound files); the header's toggle is remembered in localStorage.
import { el } from "./api.js";
import { t } from "./i18n.js";

const KEY = "kaboom.sound";
let audio = null;
let lastAsked = null;

export function isOn() { return localStorage.getItem(KEY) === "on"; }

/** The toggle, in the header before the Keys button. */
export function mountToggle() {
  if (document.querySelector("#sound-btn")) return;
  const btn = el("button", { id: "sound-btn", type: "button", "aria-pressed": String(isOn()), "aria-label": t("Sound"), title: t("sound for your turn and a reaction window") });
  // (on a phone the words fold away, table.css: the note and aria-pressed say it)
  const label = () => {
    btn.replaceChildren("♪ ", el("span", { class: "label" }, isOn() ? t("Sound on") : t("Sound off")));
    btn.setAttribute("aria-pressed", String(isOn()));
  };
  btn.addEventListener("click", () => {
    localStorage.setItem(KEY, isOn() ? "off" : "on");
    label();
    if (isOn()) chime([660, 880]); // the click is the gesture that lets the page sound
  });
  label();
  const help = document.querySelector("#help-btn");
  if (help) help.before(btn); else document.querySelector("header")?.append(btn);
}

/** The table drew `S`: sound when your turn begins and when a new window asks you. */
export function onRender(S) {
  if (S.look !== null || S.seat === null || !S.msg) return;
  const d = S.msg.decision;
  const turn = d?.kind === "turn";
  const asking = d?.kind === "window" ? d.at : null;
  const first = lastAsked === null;
  const call = !first && asking !== null && asking !== lastAsked.asking ? "window"
    : !first && turn && !lastAsked.turn ? "turn" : null;
  lastAsked = { turn, asking };
  if (!isOn() || !call) return;
  if (call === "window") chime([880, 1175], 0.09);
  else chime([523, 659], 0.14);
}

/** Notes (Hz) one after another, soft sine tones with a quick fade. */
function chime(notes, each = 0.12) {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  audio = audio || new Ctx();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const start = audio.currentTime + 0.02;
  notes.forEach((hz, i) => {
    const t = start + i * each;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.setValueAtTime(hz, t);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + each * 1.6);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + each * 1.7);
  });
}
