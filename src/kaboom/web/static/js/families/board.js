// The board game's part of the page: a real board, the track snaking across the table in
// rows (the Litter Box first, the Ribbon last, the Loop Back Arrow between them), each
// space large enough to read (52 px and more at 1280 wide; the whole track on a phone),
// the Exploding Kitten spaces as bombs, the cards a landing draws, each player's pawn in
// its seat's colour; the Move Disc drawn, the decks beside. Discarding down to three is
// one choice of cards (`bulk`), played one discard at a time.
import { el } from "../api.js";
import { nt, t } from "../i18n.js";
import { backPile, facePile, initial, seatColour, svgEl } from "./common.js";

/** The side shown while peeking at the one that is down (null: the side that is up). */
let peek = null;

/** How the track lies in `width` x `height` px: columns, rows (as even as the cells allow),
 * the size of a space: as large as the room allows, never under 32 px (the felt scrolls
 * first). */
export function layout(cells, width, height, phone) {
  const gap = 4;
  const room = Math.max(240, width - 12);
  const target = phone ? 40 : 58;
  const most = Math.max(6, Math.min(cells, Math.floor(room / target)));
  const rows = Math.ceil(cells / most);
  const cols = Math.ceil(cells / rows);
  const byWidth = Math.floor(room / cols) - gap;
  const byHeight = Math.floor((height - 12) / rows) - gap;
  const size = Math.max(32, Math.min(phone ? 52 : 80, byWidth, byHeight));
  return { cols, rows, size, gap };
}

/** Where cell `i` (0: the Litter Box, spaces + 1: the Ribbon) lies: rows run left to right,
 * then right to left, as a track snakes over a board. */
export function cellAt(i, { cols, size, gap }) {
  const row = Math.floor(i / cols);
  const k = i % cols;
  const col = row % 2 === 0 ? k : cols - 1 - k;
  return { x: 6 + col * (size + gap), y: 6 + row * (size + gap), row, col };
}

/** A bomb: a round body, a fuse and its spark (an Exploding Kitten space). */
function bomb(cx, cy, r) {
  const g = svgEl("g", { "aria-hidden": "true" });
  g.append(svgEl("circle", { cx, cy: cy + r * 0.15, r, fill: "#111" }));
  g.append(svgEl("path", { d: `M${cx + r * 0.5} ${cy - r * 0.6} q ${r * 0.5} ${-r * 0.6} ${r * 0.9} ${-r * 0.3}`, stroke: "#8d6e63", "stroke-width": Math.max(1.5, r * 0.18), fill: "none" }));
  g.append(svgEl("circle", { cx: cx + r * 1.4, cy: cy - r * 0.9, r: r * 0.28, fill: "#ffb300" }));
  g.append(svgEl("text", { x: cx, y: cy + r * 0.5, "font-size": r * 1.05, "font-weight": 800, fill: "#ffd54f", "text-anchor": "middle" }, "K"));
  return g;
}

/** A pawn in the seat's colour with its initial (yours ringed). */
function pawn(x, y, h, seat, label, me) {
  const g = svgEl("g", { "data-token": seat, class: "pawn" });
  const w = h * 0.7;
  const colour = seatColour(seat);
  g.append(svgEl("path", {
    d: `M${x - w / 2} ${y + h / 2} Q${x - w / 2} ${y} ${x - w * 0.22} ${y - h * 0.05} A${w * 0.3} ${w * 0.3} 0 1 1 ${x + w * 0.22} ${y - h * 0.05} Q${x + w / 2} ${y} ${x + w / 2} ${y + h / 2} Z`,
    fill: colour, stroke: me ? "#fff" : "#111", "stroke-width": me ? 2.5 : 1.2,
  }));
  g.append(svgEl("text", { x, y: y + h * 0.38, "font-size": h * 0.4, "font-weight": 800, fill: "#fff", "text-anchor": "middle" }, initial(label, seat)));
  return g;
}

/** The track, drawn for `width` px: every space with its number and what a landing does,
 * the pawns, the Ribbon, the Loop Back Arrow, where the hovered move goes. */
function track(obs, ctx, side, up) {
  const g = ctx.book.guide.board;
  const cells = g.spaces + 2;
  // the room the board has: the felt less its head and the decks below it
  const L = layout(cells, ctx.width, (ctx.height || 400) - (ctx.phone ? 110 : 190), ctx.phone);
  const w = 12 + L.cols * (L.size + L.gap);
  const h = 12 + L.rows * (L.size + L.gap) + 4;
  const svg = svgEl("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, "aria-hidden": "true", focusable: "false", class: "board-svg" });
  const centre = (i) => { const c = cellAt(i, L); return [c.x + L.size / 2, c.y + L.size / 2]; };
  // the track's path, behind the spaces: the way a pawn goes
  svg.append(svgEl("path", { d: Array.from({ length: cells }, (_, i) => `${i ? "L" : "M"}${centre(i).join(" ")}`).join(" "), class: "track-path", fill: "none" }));
  for (let i = 0; i < cells; i += 1) svg.append(space(i, side, g, L, up));
  svg.append(loopBack(g, L, centre));
  const bySpace = new Map();
  for (const p of obs.players) bySpace.set(p.position, [...(bySpace.get(p.position) || []), p.seat]);
  // the pawns on a space in a grid of their own, each whole: none covers another
  const top = L.size * 0.22; // the space's number above them
  for (const [pos, seats] of bySpace) {
    const c = cellAt(pos, L);
    const n = seats.length;
    const cols = n <= 2 ? n : Math.ceil(Math.sqrt(n));
    const rows = Math.ceil(n / cols);
    const w = L.size / cols;
    const h = (L.size - top) / rows;
    const ph = Math.min(L.size * 0.42, h * 0.9, (w * 0.9) / 0.7);
    seats.forEach((q, k) => {
      const x = c.x + w * ((k % cols) + 0.5);
      const y = c.y + top + h * (Math.floor(k / cols) + 0.5);
      svg.append(pawn(x, y, ph, q, ctx.label(q), q === ctx.viewer));
    });
  }
  const to = ctx.hover?.to ?? null;
  if (to !== null && to >= 0 && to < cells && side.name === up) {
    const c = cellAt(to, L);
    svg.append(svgEl("rect", { x: c.x - 3, y: c.y - 3, width: L.size + 6, height: L.size + 6, rx: 9, class: "preview", fill: "none" }));
  }
  return svg;
}

function space(i, side, g, L, up) {
  const c = cellAt(i, L);
  const s = L.size;
  const grp = svgEl("g", { class: "space" });
  const ribbon = i === g.ribbon;
  const kitten = side.kittens.includes(i);
  const cls = i === 0 ? "box" : ribbon ? "ribbon" : kitten ? "kitten" : `draws-${side.values[i] || 0}`;
  grp.append(svgEl("rect", { x: c.x, y: c.y, width: s, height: s, rx: 7, class: `cell ${cls}`, "data-space": i, "data-side": side.name === up ? up : side.name }));
  const small = Math.max(10, s * 0.2);
  if (i === 0) {
    grp.append(svgEl("text", { x: c.x + s / 2, y: c.y + small, "font-size": small * 0.9, "text-anchor": "middle", class: "cell-word" }, t("Start")));
  } else if (ribbon) {
    grp.append(svgEl("path", { d: `M${c.x + s * 0.5} ${c.y + s * 0.3} l${-s * 0.22} ${-s * 0.12} v${s * 0.24} z M${c.x + s * 0.5} ${c.y + s * 0.3} l${s * 0.22} ${-s * 0.12} v${s * 0.24} z`, fill: "#fff" }));
    grp.append(svgEl("text", { x: c.x + s / 2, y: c.y + s * 0.85, "font-size": small, "font-weight": 800, "text-anchor": "middle", fill: "#fff" }, t("Win")));
  } else {
    grp.append(svgEl("text", { x: c.x + 4, y: c.y + small + 1, "font-size": small, class: "cell-no" }, String(i)));
    if (kitten) grp.append(bomb(c.x + s * 0.45, c.y + s * 0.6, s * 0.2));
    else if (side.values[i]) {
      for (let k = 0; k < side.values[i]; k += 1) {
        grp.append(svgEl("rect", { x: c.x + s * (0.5 + 0.13 * k) - s * 0.12, y: c.y + s * (0.5 - 0.05 * k) - s * 0.02, width: s * 0.24, height: s * 0.32, rx: 2, class: "mini-card" }));
      }
    }
  }
  return grp;
}

/** The Loop Back Arrow: from the Ribbon back to its space, dashed. */
function loopBack(g, L, centre) {
  const [x1, y1] = centre(g.ribbon);
  const [x2, y2] = centre(g.loop_back_to);
  const bend = L.size * 0.9;
  const path = svgEl("path", {
    d: `M${x1} ${y1 - L.size * 0.3} C${x1} ${y1 - bend - L.size}, ${x2} ${y2 - bend}, ${x2} ${y2 - L.size * 0.35}`,
    class: "loop-back", fill: "none", "marker-end": "url(#loop-arrow)",
  });
  const defs = svgEl("defs");
  const marker = svgEl("marker", { id: "loop-arrow", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" });
  marker.append(svgEl("path", { d: "M0 0L10 5L0 10z", class: "loop-head" }));
  defs.append(marker);
  const grp = svgEl("g", {});
  grp.append(defs, path);
  return grp;
}

/** The side that is up, space by space, in words: what a screen reader reads instead. */
function spaceList(obs, g, ctx, side) {
  const who = (pos) => obs.players.filter((p) => p.position === pos).map((p) => (p.seat === ctx.viewer ? t("you") : ctx.label(p.seat)));
  const item = (pos, title, what) => {
    const here = who(pos);
    return el("li", { class: here.length ? "here" : "" }, here.length ? t("{space}: {what}; here: {who}", { space: title, what, who: here.join(", ") }) : t("{space}: {what}", { space: title, what }));
  };
  const items = [item(0, t("Litter Box"), t("the start"))];
  for (let s = 1; s <= g.spaces; s += 1) {
    const draws = side.values[s] || 0;
    const what = side.kittens.includes(s) ? t("an Exploding Kitten space")
      : draws ? nt("a landing draws {n} Action Card", "a landing draws {n} Action Cards", draws) : t("nothing");
    items.push(item(s, t("Space {n}", { n: s }), what));
  }
  items.push(item(g.ribbon, t("The Ribbon"), t("land on it exactly to win")));
  return el("ol", { class: "sr-only", "aria-label": side.name === "calm" ? t("The board, Calm side up, space by space") : t("The board, Chaos side up, space by space") }, ...items);
}

function middle(obs, ctx) {
  const g = ctx.book.guide.board;
  const up = obs.board.side;
  const shown = peek && peek !== up ? g.sides.find((s) => s.name === peek) : g.sides.find((s) => s.name === up);
  const other = g.sides.find((s) => s.name !== up);
  // whole sentences, one per side (a translator moves every part)
  const upWords = { calm: () => t("Calm side up"), chaos: () => t("Chaos side up") };
  const peekWords = { calm: () => t("Looking at the Calm side (face down)"), chaos: () => t("Looking at the Chaos side (face down)") };
  const seeWords = { calm: () => t("See the Calm side"), chaos: () => t("See the Chaos side") };
  const backWords = { calm: () => t("Back to the Calm side"), chaos: () => t("Back to the Chaos side") };
  const head = el("div", { class: "board-head" },
    el("span", { class: `side-tag ${shown.name}` }, shown.name === up ? upWords[up]() : peekWords[shown.name]()),
    el("button", { type: "button", class: "peek", "aria-pressed": String(shown.name !== up), onclick: () => { peek = shown.name === up ? other.name : null; ctx.redraw(); } },
      shown.name === up ? seeWords[other.name]() : backWords[up]()),
    el("span", { class: "legend" }, el("span", { class: "key kitten" }, "K"), t("Exploding Kitten space"), " ",
      el("span", { class: "key draws" }, "▮"), t("Action Cards a landing draws"), " ", el("span", { class: "key ribbon" }, "R"), t("the Ribbon: land on it exactly to win")));
  const board = el("div", { class: "track", role: "region", tabindex: "0", "aria-label": t("The board") }, track(obs, ctx, shown, up), spaceList(obs, g, ctx, g.sides.find((s) => s.name === up)));
  const disc = obs.board.disc_to_choose
    ? el("div", { class: "disc", role: "status" }, el("span", { class: "disc-face" }, obs.board.disc_to_choose.replaceAll("-", " ")), el("span", {}, t("Move Disc drawn")))
    : null;
  const p = obs.piles;
  const decks = el("div", { class: "piles board-piles" },
    backPile(ctx.book, "move_deck", p.move_deck.size), facePile(ctx.book, "move_discard", p.move_discard),
    el("div", { id: "depth-slot", class: "depth-slot" }),
    backPile(ctx.book, "action_deck", p.action_deck.size), facePile(ctx.book, "action_discard", p.action_discard, { extra: ctx.windowMark?.() || null }), disc);
  return el("div", { class: "felt-stack board-felt" }, head, board, decks);
}

/** The seat's facts in its pod: cards, where it stands. */
function seatFacts(p) {
  return [nt("{n} card", "{n} cards", p.hand_size), p.position === 0 ? t("Litter Box") : t("space {n}", { n: p.position })];
}

/** Tap targets on the board: a hit area over each space a move takes the pawn to. */
function marks(acts, ctx) {
  const up = ctx.observation.board?.side;
  for (const old of document.querySelectorAll("#middle .track rect.hit")) old.remove();
  for (const rect of document.querySelectorAll(`#middle .track rect[data-space][data-side="${up}"]:not(.hit)`)) {
    const sp = Number(rect.dataset.space);
    const to = acts.filter((a) => /^move\b/.test(a.text) && a.to === sp);
    if (!to.length) continue;
    const hit = svgEl("rect", {});
    for (const k of ["x", "y", "width", "height", "rx", "data-space", "data-side"]) hit.setAttribute(k, rect.getAttribute(k));
    hit.setAttribute("class", "hit");
    rect.ownerSVGElement.append(hit);
    const where = sp === ctx.book.guide.board.ribbon ? t("the Ribbon") : sp === 0 ? t("the Litter Box") : t("space {n}", { n: sp });
    ctx.target(hit, where, to);
  }
}

/** Discarding down to three after an explosion: choose the cards, then one click. */
const bulk = {
  /** The discards on offer now (`discard <card>`), if this decision is one. */
  offered(actions) { return actions.filter((a) => /^discard\s/.test(a.text)); },
  /** How many the seat must still discard. */
  needed(obs, hand, ctx) { return Math.max(0, hand.length - (ctx.book.guide.board.keep ?? 3)); },
};

function moment(e, ctx) {
  const who = ctx.label(e.seat);
  const me = e.seat === ctx.viewer;
  switch (e.kind) {
    case "kitten-space": return { tone: "bomb", title: me ? t("You landed on an Exploding Kitten!") : t("{who} landed on an Exploding Kitten!", { who }) };
    case "defuse": return { tone: "defuse", title: me ? t("You defused it!") : t("{who} defused it!", { who }) };
    case "explode": return { tone: "explode", title: me ? t("You exploded!") : t("{who} exploded!", { who }) };
    case "nope": return { tone: "nope", title: me ? t("You say Nope!") : t("{who} says Nope!", { who }) };
    case "flip": return { tone: "flip", title: t("The board flips!") };
    default: return null;
  }
}

export default {
  family: "board",
  /** Where a Danger Magnet goes (touch.js's places in the pile). */
  placeInto: { group: () => t("where in the Move Deck"), head: () => t("Tap where it goes in the Move Deck (top first)") },
  middle,
  seatFacts,
  marks,
  bulk,
  moment,
  pickHand: true,
  handsAtEnd: true,
  /** The hovered move's space, from the server's preview (`to`). */
  hoverTo: (a) => a?.to ?? null,
};
