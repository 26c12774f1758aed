// What every family's part of the page shares: the seats around the table (a pod each:
// a token in the seat's colour, the name, a fan of card backs with the count, in or out,
// turns owed, whose turn), the piles as cards, the SVG helper. Drawn from one seat's
// observation only (and the table's public seat list).
import { el } from "../api.js";
import { nt, t } from "../i18n.js";

export const NS = "http://www.w3.org/2000/svg";

/** An SVG element with its attributes (and text). */
export function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

/** Each seat's colour (its token, its pawn on the board, the ring of its pod): nine hues
 * told apart by the seat's initial beside them, never by the colour alone. */
export const SEAT_COLOURS = ["#1f5fbf", "#c05a00", "#1b7a3d", "#8e24aa", "#b3261e", "#00798a", "#6d4c41", "#ad1457", "#4f5b66"];

export function seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length]; }

/** The initial a seat's token shows: the first letter of its name, else its number. */
export function initial(label, seat) {
  const ch = [...String(label || "").trim()][0];
  return ch && !/\d/.test(ch) ? ch.toUpperCase() : String(seat);
}

/** A seat's round token: its colour and initial (the pods, the end, the board's legend). */
export function seatToken(seat, label, { me = false } = {}) {
  return el("span", { class: `token${me ? " me" : ""}`, style: `--seat:${seatColour(seat)}`, "aria-hidden": "true" }, initial(label, seat));
}

/** The piles' names, by their key in an observation (else the key in words). */
const PILE_NAMES = {
  draw: () => t("Draw Pile"),
  discard: () => t("Discard Pile"),
  deck: () => t("Deck"),
  move_deck: () => t("Move deck"),
  move_discard: () => t("Move discard"),
  action_deck: () => t("Action deck"),
  action_discard: () => t("Action discard"),
};

/** A pile's name: "Move deck". */
export function pileName(key) {
  if (PILE_NAMES[key]) return PILE_NAMES[key]();
  const title = key.replaceAll("_", " ");
  return `${title[0].toUpperCase()}${title.slice(1)}`;
}

/** A pile of face-down cards: a stack of backs (thicker the more it holds) with its size. */
export function backPile(book, key, size, { big = false, extra = null } = {}) {
  const depth = Math.min(4, Math.ceil(size / 12));
  const stack = el("div", { class: `stack-of${big ? " big" : ""}`, style: `--depth:${depth}` },
    ...Array.from({ length: depth }, (_, i) => el("div", { class: "under card back", style: `--i:${i + 1}`, "aria-hidden": "true" })),
    size ? book.back?.({ count: size }) || el("div", { class: "back card" }, el("span", { class: "count" }, String(size)))
      : el("div", { class: "empty card" }, t("empty")));
  return el("div", { class: `pile${big ? " big" : ""}`, dataset: { pile: key } }, stack,
    el("div", { class: "pile-name" }, t("{pile}: {n}", { pile: pileName(key), n: size })), extra);
}

/** A face-up pile: its top card (or an empty place) and its size. */
export function facePile(book, key, pile, { big = false, extra = null } = {}) {
  const top = pile.cards?.[0];
  return el("div", { class: `pile${big ? " big" : ""}`, dataset: { pile: key } },
    top ? book.card(top, { small: !big }) : el("div", { class: `empty card${big ? "" : " small"}` }, t("empty")),
    el("div", { class: "pile-name" }, t("{pile}: {n}", { pile: pileName(key), n: pile.size })), extra);
}

/** Every pile of an observation, backs and face-up ones alike. */
export function piles(obs, book, { big = false } = {}) {
  const out = el("div", { class: "piles" });
  for (const [key, pile] of Object.entries(obs.piles)) {
    out.append(pile.cards ? facePile(book, key, pile, { big }) : backPile(book, key, pile.size, { big }));
  }
  return out;
}

/** A fan of `n` small card backs (at most 7 drawn; the count says the rest). */
export function fan(n) {
  const shown = Math.min(n, 7);
  return el("span", { class: "fan", "aria-hidden": "true", style: `--n:${shown}` },
    ...Array.from({ length: shown }, (_, i) => el("span", { class: "mini-back", style: `--i:${i}` })));
}

/**
 * The seats around the table: each a pod with its token, its name (and a bot's level as a
 * badge), a fan of card backs with the count, the family's facts (in or out, turns owed,
 * where it stands), whose turn, who is being asked, a known card. `ctx`: `{ viewer, label(q),
 * seats, family, onVote, known }`.
 */
export function players(obs, ctx) {
  const box = el("div", { class: "players", role: "list", "aria-label": t("Players") });
  for (const p of obs.players) box.append(pod(obs, p, ctx));
  return box;
}

function pod(obs, p, ctx) {
  const q = p.seat;
  const over = obs.phase === "over";
  const current = q === obs.current && !over;
  const info = ctx.seats?.[q];
  const label = ctx.label(q);
  const facts = ctx.family.seatFacts(p, obs);
  const owed = obs[obs.family]?.turns_owed;
  if (current && owed > 1) facts.push(nt("{n} turn owed", "{n} turns owed", owed));
  if (obs.to_act === q && !current && !over) facts.push(t("answering"));
  if (obs.winners.includes(q)) facts.push(t("won!"));
  const badges = [];
  if (info?.kind === "bot") badges.push(el("span", { class: "badge level" }, ctx.botBadge(info)));
  if (info && info.kind === "human" && !info.connected && !over) badges.push(el("span", { class: "badge" }, t("offline")));
  if (info?.away || info?.takeover) badges.push(el("span", { class: "badge" }, t("bot plays")));
  const known = (obs.known?.hands?.[String(q)] || []).filter(() => q !== ctx.viewer);
  // the hand as a fan of backs with its count (the count's words leave the facts' line)
  const counted = nt("{n} card", "{n} cards", p.hand_size);
  const cards = ctx.family.showsHands === false ? null
    : el("span", { class: "cards", role: "img", "aria-label": counted }, fan(p.hand_size), el("span", { class: "count", "aria-hidden": "true" }, String(p.hand_size)));
  const said = cards && q !== ctx.viewer ? facts.filter((f) => f !== counted) : facts;
  return el("div", {
    role: "listitem",
    class: `player${q === ctx.viewer ? " me" : ""}${current ? " current" : ""}${p.in ? "" : " out"}`,
    dataset: { seat: q }, style: `--seat:${seatColour(q)}`,
  },
  seatToken(q, label, { me: q === ctx.viewer }),
  el("div", { class: "pod-text" },
    el("div", { class: "name" }, el("span", { class: "who" }, label)),
    el("div", { class: "facts" }, ...badges, badges.length ? " " : null, said.join(" · ")),
    known.length ? el("div", { class: "known-cards" }, t("holds {cards}", { cards: known.map((s) => ctx.book.name(s)).join(", ") })) : null),
  cards,
  ctx.onVote && info?.kind === "human" && q !== ctx.viewer && !info.connected && !info.takeover && !over
    ? el("button", { class: "vote", dataset: { vote: q }, onclick: () => ctx.onVote(q) }, t("Let a bot play this seat"))
    : null);
}
