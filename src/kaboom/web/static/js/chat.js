// The table's chat and reactions (docs/protocol.md, "The chat protocol"): the lines, a box to
// write in, the six reactions, mute per person, the creator's switch. Every word a person
// wrote (a line, a name) goes in as text (`el` makes text nodes): never as HTML.
import { el } from "./api.js";
import { announce } from "./cards.js";
import { t } from "./i18n.js";

/** The fixed reactions, as the server names them, drawn and said. */
export const REACTIONS = [
  ["thumbs-up", "👍", t("thumbs up")],
  ["laugh", "😂", t("laugh")],
  ["wow", "😮", t("wow")],
  ["sad", "😢", t("sad")],
  ["clap", "👏", t("clap")],
  ["boom", "💥", t("boom")],
];
const DRAWN = Object.fromEntries(REACTIONS.map(([k, glyph, said]) => [k, { glyph, said }]));
/** How long a reaction shows beside its seat (ms). */
const SHOWN = 2600;
/** Lines kept on the page (the server's welcome holds the last 50). */
const KEEP = 200;
/** What a refusal says (the `error`'s rule or code). */
const REFUSED = {
  "chat-rate": t("Slow down: at most 5 lines and 10 reactions in 10 seconds."),
  "chat-off": t("Chat is off at this table."),
  "chat-length": t("A line is 1 to 200 characters."),
  "chat-host": t("Only the table's creator can turn chat off or on."),
  "chat-mute": t("You have muted as many people as you can."),
};

const $ = (sel) => document.querySelector(sel);

/** A person's name in the chat: their seat's name, else `P1` or `Spectator 3`. */
export function speaker(msg, seats) {
  const seatName = msg.seat !== null && msg.seat !== undefined ? seats?.[msg.seat]?.name : null;
  const name = msg.name || seatName;
  if (name) return name;
  const m = /^S(\d+)$/.exec(msg.who || "");
  return m ? t("Spectator {n}", { n: m[1] }) : msg.who || t("someone");
}

/** One line as an element: `name: text`, a spectator's marked as such. `mute(who, name)`
 * (optional) makes the name a button that mutes the person. */
export function chatLine(msg, { seats = null, mine = false, mute = null } = {}) {
  const name = mine ? t("You") : speaker(msg, seats);
  const watching = msg.seat === null || msg.seat === undefined;
  const who = mute && !mine
    ? el("button", { class: "who", type: "button", title: t("Mute {name}", { name }), "aria-label": t("{name} (mute)", { name }), onclick: () => mute(msg.who, name) }, name)
    : el("span", { class: "who" }, name);
  return el("p", { class: `line${mine ? " mine" : ""}${watching ? " spect" : ""}`, dataset: { who: msg.who || "", n: msg.n ?? "", seq: msg.seq ?? "" } },
    who, watching ? el("span", { class: "tag", title: msg.audience === "spectators" ? t("said to the spectators only") : null }, t(" (spectator)")) : null,
    ": ", el("span", { class: "text" }, msg.text));
}

/**
 * The chat at the table page. `ctx` gives `send(msg)` (over the table's socket), `seat()`
 * (this page's seat, null watching), `seats()` (the seats' info), `isPhone()`, `sheet()` (the
 * phone's open sheet) and `seatBox(seat)` (where that seat is drawn now, or null).
 */
export class Chat {
  constructor(ctx) {
    this.ctx = ctx;
    this.lines = [];
    this.on = true;
    this.host = false;
    this.muted = new Map(); // who -> name
    this.unread = 0;
    this.pops = new Map(); // seat -> { glyph, until }
    this.me = null; // this connection's `who` where the server says it (a spectator's S3)
    this.noteTimer = null;
    this.sent = [];
    this.wire();
  }

  wire() {
    const bar = $("#reacts");
    bar.replaceChildren(...REACTIONS.map(([k, glyph, said]) => el("button", {
      type: "button", class: "react", dataset: { reaction: k }, "aria-label": t("React: {reaction}", { reaction: said }), title: said,
      onclick: () => this.ctx.send({ type: "react", reaction: k }),
    }, glyph)));
    $("#chat-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = $("#chat-input");
      const text = input.value.trim();
      if (!text) { this.note(REFUSED["chat-length"]); return; }
      this.ctx.send({ type: "chat", text });
      // a spectator learns its own `who` from its first line coming back (the server
      // tells a seat's only: P and the seat)
      if (this.ctx.seat() === null && this.me === null) this.sent.push(text.replace(/\s+/g, " "));
      input.value = "";
    });
    $("#chat-switch").addEventListener("click", () => this.ctx.send({ type: "chat-setting", on: !this.on }));
  }

  /** The `welcome`'s `chat`: on or off, the last lines this connection may see;
   * `host`: whether this page's seat is the table's host (`chat.host`), who may turn it off. */
  welcome(chat, { host = false } = {}) {
    this.host = host;
    this.me = chat?.you ?? chat?.who ?? this.me;
    this.on = chat?.on !== false;
    // a reconnect's welcome holds the lines again: keep each line once (its number)
    const known = new Set(this.lines.map((l) => l.n));
    for (const l of chat?.lines || []) if (!known.has(l.n)) this.lines.push(l);
    this.lines.sort((a, b) => (a.n ?? 0) - (b.n ?? 0));
    this.draw();
  }

  mine(msg) {
    const seat = this.ctx.seat();
    if (seat !== null && seat !== undefined) return msg.who === `P${seat}`;
    return this.me !== null && msg.who === this.me;
  }

  /** A line came. */
  line(msg) {
    if (this.lines.some((l) => l.n === msg.n && msg.n !== undefined)) return;
    if (this.me === null && msg.seat === null && this.sent.includes(msg.text)) { this.me = msg.who; this.sent = []; }
    this.lines.push(msg);
    if (this.lines.length > KEEP) this.lines.shift();
    if (!this.mine(msg) && !this.visible()) this.unread += 1;
    this.draw();
  }

  /** A reaction came: beside the sender's seat for a moment (a spectator's, in the chat). */
  react(msg) {
    const d = DRAWN[msg.reaction];
    if (!d || this.muted.has(msg.who)) return;
    const name = this.mine(msg) ? t("You") : speaker(msg, this.ctx.seats());
    announce([this.mine(msg) ? t("You react: {reaction}", { reaction: d.said }) : t("{name} reacts: {reaction}", { name, reaction: d.said })]);
    const key = msg.seat === null || msg.seat === undefined ? "watching" : msg.seat;
    this.pops.set(key, { glyph: d.glyph, name, until: performance.now() + SHOWN });
    this.drawPops();
    setTimeout(() => this.drawPops(), SHOWN + 50);
  }

  /** The host turned chat off or on. */
  setting(msg) {
    this.on = msg.on !== false;
    this.note(this.on ? t("Chat is on.") : t("Chat is off at this table."));
    this.draw();
  }

  /** An `error`: whether it was the chat's (then it is said in the chat's note line). */
  refused(msg) {
    const rule = msg.rule || msg.code;
    if (!REFUSED[rule]) return false;
    this.note(REFUSED[rule]);
    return true;
  }

  note(text) {
    const box = $("#chat-note");
    box.textContent = text;
    clearTimeout(this.noteTimer);
    this.noteTimer = setTimeout(() => { box.textContent = ""; }, 6000);
  }

  mute(who, name) {
    this.muted.set(who, name);
    this.ctx.send({ type: "mute", who, on: true });
    this.note(t("{name} is muted: their lines are hidden.", { name }));
    this.draw();
  }

  unmute(who) {
    const name = this.muted.get(who);
    this.muted.delete(who);
    this.ctx.send({ type: "mute", who, on: false });
    this.note(t("{name} is heard again.", { name }));
    this.draw();
  }

  /** Whether the chat is in sight now (a phone's chat sheet open, or a wide screen). */
  visible() { return !this.ctx.isPhone() || this.ctx.sheet() === "chat"; }

  /** The phone's chat sheet opened (or the page widened): nothing is unread any more. */
  seen() {
    if (this.visible()) { this.unread = 0; this.drawBadge(); }
  }

  drawBadge() {
    const badge = $("#chat-unread");
    badge.textContent = this.unread ? String(this.unread) : "";
    badge.classList.toggle("hidden", !this.unread);
    const btn = $('#sheet-btns [data-sheet="chat"]');
    btn.setAttribute("aria-label", this.unread ? t("Chat, {n} unread", { n: this.unread }) : t("Chat"));
  }

  draw() {
    const box = $("#chat-lines");
    const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 20;
    const shown = this.lines.filter((l) => !this.muted.has(l.who));
    const mute = (who, name) => this.mute(who, name);
    box.replaceChildren(...(shown.length
      ? shown.map((l) => chatLine(l, { seats: this.ctx.seats(), mine: this.mine(l), mute }))
      : [el("p", { class: "muted" }, this.on ? t("No lines yet. Say hello.") : t("Chat is off."))]));
    if (atEnd || this.lines.length && this.mine(this.lines[this.lines.length - 1])) box.scrollTop = box.scrollHeight;
    const muted = [...this.muted];
    $("#chat-muted").replaceChildren(...(muted.length ? [el("span", { class: "muted" }, t("Muted: ")),
      ...muted.map(([who, name]) => el("button", { type: "button", class: "unmute", "aria-label": t("Unmute {name}", { name }), onclick: () => this.unmute(who) }, `${name} ✕`))] : []));
    $("#chat-input").disabled = !this.on;
    $("#chat-input").placeholder = this.on ? t("Say something") : t("Chat is off");
    $("#chat-send").disabled = !this.on;
    for (const b of document.querySelectorAll("#reacts button")) b.disabled = !this.on;
    const sw = $("#chat-switch");
    sw.classList.toggle("hidden", !this.host);
    sw.textContent = this.on ? t("Turn chat off") : t("Turn chat on");
    if (this.visible()) this.unread = 0;
    this.drawBadge();
  }

  /** The reactions showing now, beside their seats (called after every draw of the seats). */
  drawPops() {
    const now = performance.now();
    for (const [k, p] of this.pops) if (p.until <= now) this.pops.delete(k);
    for (const old of document.querySelectorAll(".react-pop")) {
      const k = old.dataset.key;
      if (!this.pops.has(k === "watching" ? k : Number(k))) old.remove();
    }
    for (const [k, p] of this.pops) {
      const box = k === "watching" ? $(".chat-top") : this.ctx.seatBox(k);
      if (!box) continue;
      const old = box.querySelector(":scope > .react-pop");
      if (old && old.dataset.glyph === p.glyph) continue;
      old?.remove();
      // (a seat drawn again mid-way goes on where its animation was)
      const since = Math.round(now - (p.until - SHOWN));
      box.append(el("span", { class: "react-pop", "aria-hidden": "true", dataset: { key: String(k), glyph: p.glyph }, style: `animation-delay: -${since}ms` },
        k === "watching" ? ` ${p.name} ${p.glyph}` : p.glyph));
    }
  }
}
