// Optional sound, off by default: a short chime when it becomes your turn and a brighter
// two-note call when a reaction window asks you; each moment of the table its own sound. Made in the page with the Web Audio API
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

/** The sound of a moment of the table (motion.js): a bomb's alarm, a Defuse's rising
 * notes, a Nope's buzz, an explosion's rumble, the board flipping. */
export function moment(tone) {
  if (!isOn()) return;
  if (tone === "bomb") chime([880, 660, 880, 660], 0.11, "square");
  else if (tone === "defuse") chime([523, 659, 784, 1047], 0.09);
  else if (tone === "nope") chime([220, 196], 0.16, "sawtooth");
  else if (tone === "explode") noise(0.9);
  else if (tone === "flip") chime([392, 523, 392], 0.1, "triangle");
}

/** A burst of noise that falls away: an explosion. */
function noise(seconds) {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  audio = audio || new Ctx();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const frames = Math.floor(audio.sampleRate * seconds);
  const buffer = audio.createBuffer(1, frames, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const src = audio.createBufferSource();
  const filter = audio.createBiquadFilter();
  const gain = audio.createGain();
  src.buffer = buffer;
  filter.type = "lowpass";
  filter.frequency.value = 700;
  gain.gain.value = 0.35;
  src.connect(filter).connect(gain).connect(audio.destination);
  src.start();
}

/** Notes (Hz) one after another, soft tones (sine unless `wave`) with a quick fade. */
function chime(notes, each = 0.12, wave = "sine") {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  audio = audio || new Ctx();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const start = audio.currentTime + 0.02;
  notes.forEach((hz, i) => {
    const t = start + i * each;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(hz, t);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + each * 1.6);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + each * 1.7);
  });
}
