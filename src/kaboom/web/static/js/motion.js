// Motion that explains: each update's events (only those the server sent this seat, so only
// what it may see) move a card from where it comes from to where it goes: a draw from the
// pile, a play to the Discard Pile, a steal and a Favor's gift between players, a bomb put
// back, an Eleminis card into its slot; an explosion shakes, a defuse glows, tokens slide.
// The Web Animations API; nothing at all under `prefers-reduced-motion: reduce`.
import { el } from "./api.js";
import { t } from "./i18n.js";

const TIME = 480;
const STAGGER = 140;
let lastSeq = null;
/** Where each board token was at the last render (screen px), to slide it from there. */
let tokensBefore = new Map();

export function reduced() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The table drew `S`: animate the events of a new update (not a look back, not a sync). */
export function onRender(S) {
  const seq = S.seq;
  const fresh = seq !== lastSeq && S.look === null && S.msg?.type === "update";
  lastSeq = seq;
  const tokensNow = tokenRects();
  if (fresh && !reduced()) {
    slideTokens(tokensNow);
    picked(S.msg.events || []).forEach((e, i) => setTimeout(() => animate(S, e), i * STAGGER));
  }
  tokensBefore = tokensNow;
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
  return $(`#players .player[data-seat="${q}"]`) || $(`#middle .rowline[data-seat="${q}"]`);
}

function pileNamed(word) {
  return [...document.querySelectorAll("#middle .pile")].find((p) => p.textContent.includes(word)) || null;
}

function drawPile() {
  return pileNamed(t("Draw Pile")) || $("#middle .pile .back")?.closest(".pile") || null;
}

function discardPile() {
  return pileNamed(t("Discard")) || null;
}

function cell(id) { return $(`#middle [data-cell="${id}"]`); }

// -- the events ------------------------------------------------------------------------------------
function animate(S, e) {
  const d = e.data || {};
  const actor = e.seat;
  const top = S.msg.observation?.piles?.discard?.cards?.[0] ?? null;
  const face = (slug) => (slug ? S.book.card(slug, { small: true }) : null);
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
      fly(seatBox(S, actor), d.to ? cell(d.to) : drawPile(), face(d.card));
      break;
    case "place-magnet":
      fly(seatBox(S, actor), drawPile(), null);
      break;
    case "move":
      if (d.from && d.to) fly(cell(d.from), cell(d.to), face(d.card));
      break;
    case "swap":
      if (d.a && d.b) { fly(cell(d.a), cell(d.b), face(d.cards?.[0])); fly(cell(d.b), cell(d.a), face(d.cards?.[1])); }
      break;
    case "discard":
    case "recycle":
      if (d.from) fly(cell(d.from), discardPile() || seatBox(S, actor), face(d.card));
      else fly(seatBox(S, actor), discardPile(), face(d.card));
      break;
    default:
  }
}

/** A card (its face, or a back) flies from `src` to `dst`, then is gone. */
function fly(src, dst, face, tone = "") {
  if (!src || !dst || src === dst) return null;
  const a = src.getBoundingClientRect();
  const b = dst.getBoundingClientRect();
  if (!a.width || !b.width) return null;
  const ghost = el("div", { class: `ghost${tone ? ` ${tone}` : ""}`, "aria-hidden": "true" },
    face || el("div", { class: "back card small" }));
  document.body.append(ghost);
  const w = ghost.offsetWidth;
  const h = ghost.offsetHeight;
  // in the page's coordinates: a scroll during the flight moves the ghost with the page
  const at = (r) => `translate(${scrollX + r.left + r.width / 2 - w / 2}px, ${scrollY + r.top + r.height / 2 - h / 2}px)`;
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
