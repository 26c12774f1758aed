// Cards drawn with SVG and CSS, our own design: a band in the colour of what the card does
// with a shape beside it (the shape alone tells the kinds apart: colour-blind safe), the
// card's name and a line of what it does. The field-guide text shows on hover, on a long
// press, and with `?` on the card under the cursor.
import { el } from "./api.js";

const NS = "http://www.w3.org/2000/svg";

/** Shapes, one per kind of card; each is an SVG path in a 24×24 box. */
const SHAPES = {
  bomb: "M12 3l2 5 5-2-2 5 5 2-5 2 2 5-5-2-2 5-2-5-5 2 2-5-5-2 5-2-2-5 5 2z",
  defuse: "M10 3h4v7h7v4h-7v7h-4v-7H3v-4h7z",
  nope: "M12 2a10 10 0 110 20 10 10 0 010-20zm0 3a7 7 0 00-5.6 11.2l9.8-9.8A7 7 0 0012 5zm5.6 2.8l-9.8 9.8A7 7 0 0017.6 7.8z",
  attack: "M12 2l10 18H2z",
  skip: "M3 4l9 8-9 8zm9 0l9 8-9 8z",
  favor: "M12 21l-8-8a5 5 0 017-7l1 1 1-1a5 5 0 017 7z",
  shuffle: "M3 6h12l-3-3 2-1 5 5-5 5-2-1 3-3H3zm18 12H9l3 3-2 1-5-5 5-5 2 1-3 3h12z",
  "see-the-future": "M12 5c5 0 9 4 10 7-1 3-5 7-10 7S3 15 2 12c1-3 5-7 10-7zm0 3a4 4 0 100 8 4 4 0 000-8z",
  cat: "M4 3l5 5h6l5-5v10a8 8 0 01-16 0z",
  clone: "M4 4h11v11H4zm5 5h11v11H9z",
  "draw-bottom": "M11 3h2v12l4-4 1.5 1.5L12 19l-6.5-6.5L7 11l4 4zM4 20h16v2H4z",
  star: "M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z",
  fire: "M12 2c2 5 7 7 7 13a7 7 0 01-14 0c0-4 3-5 3-9 2 2 2 4 4 4 0-3-1-5 0-8z",
  water: "M12 2c4 6 7 9 7 13a7 7 0 01-14 0c0-4 3-7 7-13z",
  air: "M3 8h12a3 3 0 10-3-3M3 13h16a3 3 0 11-3 3M3 18h8",
  rock: "M4 16l3-9 6-3 6 5 2 8-6 4H8z",
  plant: "M12 22V11M12 11C12 5 7 3 3 3c0 5 3 8 9 8zm0 0c0-5 4-8 9-8 0 5-3 8-9 8z",
  trash: "M5 6h14l-1 15H6zM9 3h6v2H9z",
  move: "M2 11h14l-5-5 2-2 8 8-8 8-2-2 5-5H2z",
  swap: "M7 3L2 8l5 5V9h12V7H7zm10 8v4H5v2h12v4l5-5z",
  discard: "M6 6l12 12M18 6L6 18",
  recycle: "M12 3l4 6h-3v4h-2V9H8zm-7 16l3-6 2 3 3-2v2l-4 3zm14 0H9v-2h10z",
  other: "M4 4h16v16H4z",
};
const SUITS = { "♥": "red", "♦": "red", "♣": "black", "♠": "black" };

function shape(kind) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", SHAPES[kind] || SHAPES.other);
  path.setAttribute("fill", kind === "air" || kind === "discard" ? "none" : "currentColor");
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", kind === "air" || kind === "discard" ? "2.4" : "0.6");
  svg.append(path);
  return svg;
}

/** What a guide knows of its cards, by slug. */
export class CardBook {
  constructor(guide) {
    this.guide = guide;
    this.bySlug = new Map(guide.cards.map((c) => [c.slug, c]));
    this.order = new Map(guide.cards.map((c, i) => [c.slug, i]));
  }

  name(slug) { return this.bySlug.get(slug)?.name || slug.replaceAll("-", " "); }

  help(slug) { return this.bySlug.get(slug)?.help || this.name(slug); }

  /** The kind a card is drawn as: its effect, element or kind. */
  kind(slug) {
    const g = this.guide;
    if (g.family === "exploding") return g.exploding.effect_of[slug] || "other";
    if (g.family === "eleminis") return g.eleminis.kinds[slug] === "elemini" ? slug : (g.eleminis.kinds[slug] || "other");
    if (g.family === "board") {
      const map = { "exploding-kitten": "bomb", "see-the-future": "see-the-future", "swap-spaces": "swap", "flip-the-board": "shuffle", "add-a-magnet": "draw-bottom" };
      return map[slug] || (SHAPES[slug] ? slug : "other");
    }
    return "other";
  }

  /** What the card does in a few words (Dynamitt: the effect of its rank). */
  sub(slug) {
    const g = this.guide;
    if (g.family === "exploding" && g.exploding.ranked) {
      const rank = g.exploding.rank_of[slug];
      const r = g.exploding.ranks.find((x) => x.rank === rank);
      return r ? r.effect : "";
    }
    const text = this.bySlug.get(slug)?.text || "";
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  }

  /** A card as a button: `onPick` when clicked; the field guide on hover and long press. */
  card(slug, { small = false, selected = false, onPick = null, index = null } = {}) {
    const kind = this.kind(slug);
    const name = this.name(slug);
    const suit = [...name].find((ch) => SUITS[ch]);
    const fx = this.guide.family === "eleminis" ? `el-${kind}` : `fx-${kind}`;
    const cls = ["card", fx, small ? "small" : "", selected ? "selected" : "", suit && SUITS[suit] === "red" ? "red" : ""];
    const mark = suit || name.slice(0, 1).toUpperCase();
    const node = el(
      onPick ? "button" : "div",
      { class: cls.join(" "), title: this.help(slug), "aria-pressed": onPick ? String(selected) : null, dataset: { slug, index: index ?? "" } },
      el("span", { class: "band" }, shape(kind), el("span", { class: "mark" }, mark)),
      el("span", { class: "title" }, name),
      el("span", { class: "sub" }, this.sub(slug)),
    );
    if (onPick) node.addEventListener("click", () => onPick(slug, index));
    longPress(node, () => tip(node, this.help(slug)));
    return node;
  }
}

let tipNode = null;
/** The field-guide text in a bubble by `anchor` (a long press on a phone). */
export function tip(anchor, text) {
  tipNode?.remove();
  const r = anchor.getBoundingClientRect();
  tipNode = el("div", { class: "tip", role: "tooltip" }, text);
  document.body.append(tipNode);
  const top = Math.max(8, r.top - tipNode.offsetHeight - 8);
  tipNode.style.left = `${Math.max(8, Math.min(r.left, innerWidth - tipNode.offsetWidth - 8))}px`;
  tipNode.style.top = `${top}px`;
  const close = () => { tipNode?.remove(); tipNode = null; removeEventListener("pointerdown", close, true); };
  setTimeout(() => addEventListener("pointerdown", close, true), 0);
}

function longPress(node, fn) {
  let timer = null;
  node.addEventListener("touchstart", () => { timer = setTimeout(fn, 500); }, { passive: true });
  for (const ev of ["touchend", "touchmove", "touchcancel"]) node.addEventListener(ev, () => clearTimeout(timer));
}
