// Motion that explains: each update's events (only those the server sent this seat, so only
// what it may see) move a card from where it comes from to where it goes: a draw from the
// pile, a play to the Discard Pile, a steal and a Favor's gift between players, a bomb put
// back, an Eleminis card into its slot; an explosion shakes, a defuse glows, tokens slide.
// The moments that make the game (a bomb drawn, a Defuse, a Nope landing, an explosion;
// each family says which: families/*.js `moment`) take the whole felt for a moment, with
// their sound, never the column where you answer. The Web Animations API; under
// `prefers-reduced-motion: reduce` nothing moves, and a moment shows still.
import { el } from "./api.js";
import * as sound from "./sound.js";

const TIME = 480;
const STAGGER = 140;
let lastSeq = null;
/** Where each board token was at the last render (screen px), to slide it from there. */
let tokensBefore = new Map();

export function reduced() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The table drew `S`: animate the events of a new update (not a look back, not a sync);
 * `context()` is what the family's part draws with (table.js `partContext`). */
export function onRender(S, context) {
  const seq = S.seq;
  const fresh = seq !== lastSeq && S.look === null && S.msg?.type === "update";
  lastSeq = seq;
  const tokensNow = tokenRects();
  if (fresh) {
    const events = picked(S.msg.events || []);
    const ctx = context();
    const big = events.map((e) => S.part.moment?.(e, ctx)).filter(Boolean);
    if (big.length) showMoment(S, big[big.length - 1]);
    if (!reduced()) {
      slideTokens(tokensNow);
      events.forEach((e, i) => setTimeout(() => animate(S, e, ctx), i * STAGGER));
    }
  }
  tokensBefore = tokensNow;
}

// -- the moments ---------------------------------------------------------------------------------
/** How long a moment holds the felt (ms): long enough to read its line, short of the
 * shortest reaction window. */
export const MOMENT_MS = 1600;
let momentTimer = null;

/** A moment of the whole table on the felt: its words (and its card), its sound; it lets
 * every click through and goes by itself. */
function showMoment(S, m) {
  const box = $("#moment");
  if (!box) return;
  clearTimeout(momentTimer);
  box.className = `moment ${m.tone}`;
  box.replaceChildren(el("div", { class: "moment-box" }, m.card ? S.book.card(m.card, { small: false }) : null, el("span", {}, m.title)));
  box.dataset.tone = m.tone;
  if (!reduced()) {
    box.animate([{ opacity: 0, transform: "scale(0.92)" }, { opacity: 1, transform: "scale(1)", offset: 0.06 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }],
      { duration: MOMENT_MS, easing: "ease-out" });
  }
  sound.moment(m.tone);
  momentTimer = setTimeout(() => { box.className = "moment hidden"; box.replaceChildren(); }, MOMENT_MS);
}

/** A private event and its public twin (`redacted`) arrive together for those who saw it:
 * keep the one that says the most. */
export function picked(events) {
  const told = new Set(events.filter((e) => e.private).map((e) => `${e.kind}:${e.seat}`));
  return events.filter((e) => !(e.data?.redacted && told.has(`${e.kind}:${e.seat}`)));
}

// -- where things are ---------------------------------------------------------------------------
const $ = (sel) => document.querySelector(sel);

function seatBox(S, q) {
  if (q === S.seat && $("#hand")) return $("#hand");
  return $(`#players .player[data-seat="${q}"]`) || $(`#me .player[data-seat="${q}"]`) || $(`#middle .rowline[data-seat="${q}"]`);
}

/** The pile a card is drawn from: the Draw Pile (the family's first face-down pile). */
function drawPile() {
  return $('#middle .pile[data-pile="draw"]') || $("#middle .pile .back")?.closest(".pile") || null;
}

/** The pile a played card lands on: the Discard Pile (the family's first face-up pile). */
function discardPile() {
  return $('#middle .pile[data-pile="discard"]') || $('#middle .pile[data-pile$="discard"]') || null;
}

// -- the events ------------------------------------------------------------------------------------
function animate(S, e, ctx) {
  const d = e.data || {};
  const actor = e.seat;
  const top = S.msg.observation?.piles?.discard?.cards?.[0] ?? null;
  const face = (slug) => (slug ? S.book.card(slug, { small: true }) : null);
  // the family's own motion first (Eleminis's cards between slots)
  if (S.part.animate?.(e, { ...ctx, fly, face, seatBox: (q) => seatBox(S, q), discardPile })) return;
  switch (e.kind) {
    case "draw":
      fly(drawPile(), seatBox(S, actor), face(d.card));
      break;
    case "draw-cards":
      fly(drawPile(), seatBox(S, actor), face(d.cards?.[0]));
      break;
    case "draw-bomb":
      fly(drawPile(), seatBox(S, actor), face(d.card), "bomb");
      break;
    case "play":
    case "nope":
      fly(seatBox(S, actor), discardPile(), face(top));
      break;
    case "steal":
      fly(seatBox(S, d.target), seatBox(S, actor), face(d.card));
      break;
    case "give":
      fly(seatBox(S, actor), seatBox(S, d.to), face(d.card));
      break;
    case "favor":
      pulse(seatBox(S, d.target), "asked");
      break;
    case "explode":
    case "kitten-space":
      shake(seatBox(S, actor));
      break;
    case "defuse":
      fly(seatBox(S, actor), discardPile(), face(top));
      pulse(seatBox(S, actor), "saved");
      break;
    case "place":
      // a bomb goes back face up (everyone saw it drawn), to the pile, not to its place
      fly(seatBox(S, actor), drawPile(), face(d.card));
      break;
    case "place-magnet":
      fly(seatBox(S, actor), drawPile(), null);
      break;
    case "discard":
      fly(seatBox(S, actor), discardPile(), face(d.card));
      break;
    default:
  }
}

/** The layer cards fly in: over the whole screen, clipping, letting every click through. */
function flightLayer() {
  let layer = $("#flight");
  if (!layer) {
    layer = el("div", { id: "flight", "aria-hidden": "true" });
    document.body.append(layer);
  }
  return layer;
}

/** A card (its face, or a back) flies from `src` to `dst`, then is gone. */
function fly(src, dst, face, tone = "") {
  if (!src || !dst || src === dst) return null;
  const a = src.getBoundingClientRect();
  const b = dst.getBoundingClientRect();
  if (!a.width || !b.width) return null;
  const ghost = el("div", { class: `ghost${tone ? ` ${tone}` : ""}`, "aria-hidden": "true" },
    face || el("div", { class: "back card small" }));
  flightLayer().append(ghost);
  const w = ghost.offsetWidth;
  const h = ghost.offsetHeight;
  // in the screen's coordinates, inside a layer over the screen that clips: a card in
  // flight never widens the page
  const at = (r) => `translate(${r.left + r.width / 2 - w / 2}px, ${r.top + r.height / 2 - h / 2}px)`;
  // fully opaque all the way (it grows out of where it comes from, shrinks into where it
  // goes): its words keep their contrast at every moment of the flight, never faded
  const run = ghost.animate([
    { transform: `${at(a)} scale(0.55)` },
    { transform: `${at(a)} scale(1)`, offset: 0.15 },
    { transform: `${at(b)} scale(1)`, offset: 0.85 },
    { transform: `${at(b)} scale(0.45)` },
  ], { duration: TIME * 1.4, easing: "ease-in-out" });
  run.onfinish = () => ghost.remove();
  run.oncancel = () => ghost.remove();
  dst.animate([{ transform: "scale(1)" }, { transform: "scale(1.04)", offset: 0.9 }, { transform: "scale(1)" }],
    { duration: TIME * 1.5 });
  return run;
}

function pulse(node, tone) {
  if (!node) return;
  const colour = tone === "saved" ? "rgba(30, 140, 60, 0.7)" : "rgba(31, 95, 191, 0.7)";
  node.animate([
    { boxShadow: `0 0 0 0 ${colour}` }, { boxShadow: `0 0 0 10px ${colour}`, offset: 0.5 }, { boxShadow: "0 0 0 0 transparent" },
  ], { duration: TIME * 1.6 });
}

function shake(node) {
  if (!node) return;
  node.animate([
    { transform: "translateX(0)", backgroundColor: "rgba(200, 30, 30, 0.35)" },
    { transform: "translateX(-8px)" }, { transform: "translateX(8px)" },
    { transform: "translateX(-5px)" }, { transform: "translateX(5px)" },
    { transform: "translateX(0)", backgroundColor: "transparent" },
  ], { duration: TIME * 1.5 });
}

// -- the board's tokens ----------------------------------------------------------------------------
/** Where each token stands on the board, in the board's own units (not the screen's: the
 * track scrolls on a phone). */
function tokenRects() {
  const out = new Map();
  for (const g of document.querySelectorAll("#middle [data-token]")) out.set(g.dataset.token, g.getBBox());
  return out;
}

/** Each token that moved slides from where it stood. */
function slideTokens(now) {
  for (const g of document.querySelectorAll("#middle [data-token]")) {
    const was = tokensBefore.get(g.dataset.token);
    const is = now.get(g.dataset.token);
    if (!was || !is) continue;
    const dx = was.x - is.x;
    const dy = was.y - is.y;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    g.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration: TIME * 1.6, easing: "ease-in-out" });
  }
}
