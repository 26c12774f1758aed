// Eleminis's part of the page: every player's row of five slots on the table (the rows are
// the game: they stay in view while you choose a slot in them), the card you drew, the
// points so far, the deck. A hovered action lights the slots it names (`p1.3`: seat 1's
// third slot, the notation's cell); a tap on a slot plays what goes there.
import { el } from "../api.js";
import { t } from "../i18n.js";
import { piles, seatToken } from "./common.js";

/** The cells an action names (`play fire -> p1.3`, `swap p0.1 p2.4`): `p<seat>.<slot>`. */
export function cellsOf(text) {
  return String(text || "").split(/\s+/).filter((w) => /^p\d+\.\d+$/.test(w));
}

/** The cell an action puts a card into (after ` -> `). */
export function intoCell(actions, cell) {
  return actions.filter((a) => a.text.split(" -> ")[1] === cell);
}

function middle(obs, ctx) {
  const { book } = ctx;
  const hot = ctx.hover ? cellsOf(ctx.hover.text) : [];
  const rows = el("div", { class: "rows" });
  const points = ctx.words?.points || [];
  for (const p of obs.players) {
    const whose = ctx.label(p.seat);
    const line = el("div", {
      class: `rowline${p.seat === obs.current && obs.phase !== "over" ? " current" : ""}${p.seat === ctx.viewer ? " me" : ""}`,
      role: "list", "aria-label": p.seat === ctx.viewer ? t("Your row") : t("{who}'s row", { who: whose }), dataset: { seat: p.seat },
    }, el("span", { class: "who", "aria-hidden": "true" }, seatToken(p.seat, whose, { me: p.seat === ctx.viewer }), el("span", { class: "who-name" }, whose)));
    p.row.forEach((slug, i) => {
      const cellId = `p${p.seat}.${i + 1}`;
      line.append(el("div", {
        class: `slot${slug ? " filled" : ""}${slug ? ` el-${book.kind(slug)}` : ""}${hot.includes(cellId) ? " hot" : ""}`, role: "listitem",
        title: slug ? book.help(slug) : t("slot {n}, empty", { n: i + 1 }),
        dataset: { cell: cellId },
      }, el("span", { class: "sr-only" }, t("slot {n}: ", { n: i + 1 })),
      slug ? el("span", {}, el("span", { class: "sym" }, book.icon(slug)), el("span", { class: "slot-name" }, book.name(slug)))
        : el("span", {}, el("span", { "aria-hidden": "true" }, `${i + 1}`), el("span", { class: "sr-only" }, t("empty")))));
    });
    const score = obs.phase === "over" ? p.score : points[p.seat];
    line.append(el("span", { class: "points" }, p.total ? t("{points} pts (match {total})", { points: score ?? 0, total: p.total }) : t("{points} pts", { points: score ?? 0 })));
    rows.append(line);
  }
  const sec = obs.eleminis;
  return el("div", { class: "felt-stack eleminis-felt" }, rows,
    el("div", { class: "felt-foot" },
      el("div", { class: "felt-note" }, [t("Game {n}", { n: sec.game_number }), sec.target ? t("match to {n}", { n: sec.target }) : null, sec.teams ? t("{n} teams", { n: sec.teams }) : null].filter(Boolean).join(", ")),
      piles(obs, book)));
}

function seatFacts(p) {
  return p.team !== null && p.team !== undefined ? [t("team {n}", { n: p.team })] : [];
}

/** Tap targets: each slot a card may go into now. */
function marks(acts, ctx) {
  for (const slot of document.querySelectorAll("#middle .slot[data-cell]")) {
    const into = intoCell(acts, slot.dataset.cell);
    const [seat, n] = slot.dataset.cell.slice(1).split(".");
    if (into.length) ctx.target(slot, t("slot {n} of {who}'s row", { n, who: ctx.label(Number(seat)) }), into);
  }
}

/** A card flies between cells (a move, a swap) or from a cell to the discard. */
function animate(e, ctx) {
  const d = e.data || {};
  const cell = (id) => document.querySelector(`#middle [data-cell="${id}"]`);
  switch (e.kind) {
    case "move":
      if (d.from && d.to) ctx.fly(cell(d.from), cell(d.to), ctx.face(d.card));
      return true;
    case "swap":
      if (d.a && d.b) { ctx.fly(cell(d.a), cell(d.b), ctx.face(d.cards?.[0])); ctx.fly(cell(d.b), cell(d.a), ctx.face(d.cards?.[1])); }
      return true;
    case "place":
      ctx.fly(ctx.seatBox(e.seat), d.to ? cell(d.to) : null, ctx.face(d.card));
      return true;
    case "discard":
    case "recycle":
      if (d.from) { ctx.fly(cell(d.from), ctx.discardPile() || ctx.seatBox(e.seat), ctx.face(d.card)); return true; }
      return false;
    default:
      return false;
  }
}

export default {
  family: "eleminis",
  middle,
  seatFacts,
  marks,
  animate,
  pickHand: false,
  handsAtEnd: false,
  showsHands: false,
};
