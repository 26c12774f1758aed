// The table's chat and reactions (docs/protocol.md, "The chat protocol"): the lines, a box to
// write in, the six reactions, mute per person, the creator's switch. Every word a person
// wrote (a line, a name) goes in as text (`el` makes text nodes): never as HTML.
import { el } from "./api.js";
import { announce } from "./cards.js";
import { t } from "./i18n.js";

/** The fixed reactions, as the server names them (the wire's words), and as said. */
export const REACTIONS = [
  ["thumbs-up", t("thumbs up")],
  ["laugh", t("laugh")],
  ["wow", t("wow")],
  ["sad", t("sad")],
  ["clap", t("clap")],
  ["boom", t("boom")],
];
const SAID = Object.fromEntries(REACTIONS);

// Each reaction drawn by us (a 24x24 box, SVG): never an emoji, which a system without a
// colour-emoji font shows as an empty box. A face's yellow, a dark outline (3:1 and more
// against the page and the buttons), features in the outline's colour.
const INK = "#4a3300";
const SKIN = "#ffc83d";
const FACE = ["circle", { cx: 12, cy: 12, r: 10, fill: SKIN, stroke: INK, "stroke-width": 1.4 }];
const LINE = { fill: "none", stroke: INK, "stroke-width": 1.5, "stroke-linecap": "round" };
const TEAR = "#1e88e5";
const DRAWINGS = {
  "thumbs-up": [
    ["path", { d: "M8 10.5h2.4l2.3-6a1.9 1.9 0 013.6.8v3.9h3.4a2 2 0 012 2.4l-1.4 7.1a2.2 2.2 0 01-2.2 1.8H8z", fill: SKIN, stroke: INK, "stroke-width": 1.4, "stroke-linejoin": "round" }],
    ["rect", { x: 2.8, y: 10, width: 4.4, height: 11.5, rx: 1, fill: "#1f5fbf", stroke: INK, "stroke-width": 1.4 }],
    ["path", { d: "M16 12.5h3.5M15.5 15.5h3.4M15 18.5h3", ...LINE, "stroke-width": 1.1 }],
  ],
  laugh: [
    FACE,
    ["path", { d: "M6.5 9.8q1.7-2.4 3.4 0M14.1 9.8q1.7-2.4 3.4 0", ...LINE }],
    ["path", { d: "M6.3 13h11.4a5.7 5.7 0 01-11.4 0z", fill: "#7a1f12", stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" }],
    ["path", { d: "M9 17.3q3-1.8 6 0", fill: "#ef6f6c" }],
    ["path", { d: "M3.2 11.5q-1.6 2.4-.6 3.3 1.2.9 2-.6z M20.8 11.5q1.6 2.4.6 3.3-1.2.9-2-.6z", fill: TEAR }],
  ],
  wow: [
    FACE,
    ["path", { d: "M6.6 6.6q1.6-1.4 3.2-.6M14.2 6q1.6-.8 3.2.6", ...LINE, "stroke-width": 1.2 }],
    ["circle", { cx: 8.6, cy: 10, r: 1.5, fill: INK }],
    ["circle", { cx: 15.4, cy: 10, r: 1.5, fill: INK }],
    ["ellipse", { cx: 12, cy: 16, rx: 2.4, ry: 3, fill: "#7a1f12", stroke: INK, "stroke-width": 1.2 }],
  ],
  sad: [
    FACE,
    ["path", { d: "M6.4 8.2l3-1.2M17.6 8.2l-3-1.2", ...LINE, "stroke-width": 1.2 }],
    ["circle", { cx: 8.6, cy: 10.6, r: 1.4, fill: INK }],
    ["circle", { cx: 15.4, cy: 10.6, r: 1.4, fill: INK }],
    ["path", { d: "M8 17.6q4-3.6 8 0", ...LINE }],
    ["path", { d: "M7.6 12.8q-1.6 2.6-.5 3.4 1.3.8 1.9-.8z", fill: TEAR }],
  ],
  clap: [
    // two palms meeting, fingers up, the clap's lines above
    ["path", { d: "M12 1.2v2.4M6.6 2.4l1.3 2M17.4 2.4l-1.3 2", ...LINE, "stroke-width": 1.3 }],
    ["g", { transform: "rotate(16 8 21)" }, [
      ["rect", { x: 4.2, y: 7.2, width: 7.6, height: 14.3, rx: 3.6, fill: SKIN, stroke: INK, "stroke-width": 1.3 }],
      ["path", { d: "M6.8 7.6v3.4M9.2 7.6v3.4", ...LINE, "stroke-width": 1 }],
    ]],
    ["g", { transform: "rotate(-16 16 21)" }, [
      ["rect", { x: 12.2, y: 7.2, width: 7.6, height: 14.3, rx: 3.6, fill: SKIN, stroke: INK, "stroke-width": 1.3 }],
      ["path", { d: "M14.8 7.6v3.4M17.2 7.6v3.4", ...LINE, "stroke-width": 1 }],
    ]],
  ],
  boom: [
    ["path", { d: "M12 1L13.7 6.2 17.1 4.1 16.5 8.1 21.5 7.7 17.9 11.1 20.7 13.3 17.5 14.5 20.3 19.2 15.2 17 14.8 21.5 12 18 9.4 21 8.8 17 3.7 19.2 6.5 14.5 3.3 13.3 6.1 11.1 2.5 7.7 7.5 8.1 6.6 3.7 10.3 6.2z", fill: "#f4511e", stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" }],
    ["path", { d: "M14.2 5.9L14.2 9.4 17.6 8.8 15.3 11.4 18.4 13.1 14.9 13.7 16.2 17 13.2 15.2 12 18.5 10.8 15.2 7.8 17 9.1 13.7 5.6 13.1 8.7 11.4 6.4 8.8 9.8 9.4 9.8 5.9 12 8.6z", fill: "#ffd43b" }],
  ],
};

/** A reaction's drawing, named as it is said (`role="img"`, a `<title>`). */
export function reactionIcon(reaction) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const said = SAID[reaction] || reaction;
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", width: 24, height: 24, role: "img", "aria-label": said, focusable: "false", class: "reaction", "data-reaction": reaction })) svg.setAttribute(k, String(v));
  const title = document.createElementNS(ns, "title");
  title.textContent = said;
  svg.append(title);
  const draw = (into, parts) => {
    for (const [tag, attrs, inner] of parts) {
      const part = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) part.setAttribute(k, String(v));
      if (inner) draw(part, inner);
      into.append(part);
    }
  };
  draw(svg, DRAWINGS[reaction] || []);
  return svg;
}
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
    this.pops = new Map(); // seat -> { reaction, name, until }
    this.me = null; // this connection's `who` where the server says it (a spectator's S3)
    this.noteTimer = null;
    this.sent = [];
    this.wire();
  }

  wire() {
    const bar = $("#reacts");
    bar.replaceChildren(...REACTIONS.map(([k, said]) => el("button", {
      type: "button", class: "react", dataset: { reaction: k }, "aria-label": t("React: {reaction}", { reaction: said }), title: said,
      onclick: () => this.ctx.send({ type: "react", reaction: k }),
    }, reactionIcon(k))));
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
    const said = SAID[msg.reaction];
    if (!said || this.muted.has(msg.who)) return;
    const name = this.mine(msg) ? t("You") : speaker(msg, this.ctx.seats());
    announce([this.mine(msg) ? t("You react: {reaction}", { reaction: said }) : t("{name} reacts: {reaction}", { name, reaction: said })]);
    const key = msg.seat === null || msg.seat === undefined ? "watching" : msg.seat;
    this.pops.set(key, { reaction: msg.reaction, name, until: performance.now() + SHOWN });
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
      if (old && old.dataset.reaction === p.reaction) continue;
      old?.remove();
      // (a seat drawn again mid-way goes on where its animation was)
      const since = Math.round(now - (p.until - SHOWN));
      box.append(el("span", { class: "react-pop", "aria-hidden": "true", dataset: { key: String(k), reaction: p.reaction }, style: `animation-delay: -${since}ms` },
        k === "watching" ? ` ${p.name} ` : null, reactionIcon(p.reaction)));
    }
  }
}
