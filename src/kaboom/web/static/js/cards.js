// Cards drawn with SVG and CSS, our own design (kaboom.web.design, through /api/guide): a
// band in the colour of what the card does with an icon and a letter (icon and letter alone
// tell the kinds of a game apart: colour-blind safe), the card's name and its effect in a
// few words, at every size. The field-guide text shows on hover, on a long
// press, and with `?` on the card under the cursor.
import { el } from "./api.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const SUITS = { "♥": "red", "♦": "red", "♣": "black", "♠": "black" };
let ids = 0;

/** The design data's icon `name` (`guide.icons`: SVG path data in a 24×24 box), hidden from
 * screen readers: the card's name says it. */
export function icon(icons, name) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const spec = icons[name] || icons.other;
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", spec.d);
  const line = spec.draw === "line";
  path.setAttribute("fill", line ? "none" : "currentColor");
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", line ? "2.4" : "0.6");
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

  /** The card's design (`/api/guide`): kind, icon, letter, short words, spoken name. */
  design(slug) {
    const name = this.name(slug);
    return this.bySlug.get(slug)?.design
      || { kind: slug, icon: "other", letter: name.slice(0, 2), short: "", label: name, description: name };
  }

  /** The icon a card is drawn with (its colour class too). */
  kind(slug) { return this.design(slug).icon; }

  /** What the card does in a few words (Dynamitt: its rank and role, "A · Nope"). */
  sub(slug) { return this.design(slug).short; }

  /** The card's icon alone (an Elemini in a row's slot). */
  icon(slug) { return icon(this.guide.icons, this.kind(slug)); }

  /** A card: a button when `onPick` is given (clicked: `onPick`), else an image; named as
   * the card is called aloud, described by its few words; the field guide on hover and
   * long press. */
  card(slug, { small = false, selected = false, onPick = null, index = null } = {}) {
    const d = this.design(slug);
    const name = this.name(slug);
    const suit = [...name].find((ch) => SUITS[ch]);
    const fx = this.guide.family === "eleminis" ? `el-${d.icon}` : `fx-${d.icon}`;
    const long = name.split(/[\s-]/).some((w) => w.length > 9); // a smaller name, unbroken
    const cls = ["card", fx, small ? "small" : "", selected ? "selected" : "", suit && SUITS[suit] === "red" ? "red" : "", long ? "long" : ""];
    ids += 1;
    const subId = `card-sub-${ids}`;
    const node = el(
      onPick ? "button" : "div",
      {
        class: cls.filter(Boolean).join(" "), title: this.help(slug), role: onPick ? null : "img",
        "aria-label": d.label, "aria-describedby": subId,
        "aria-pressed": onPick ? String(selected) : null, dataset: { slug, index: index ?? "" },
      },
      el("span", { class: "band", "aria-hidden": "true" }, icon(this.guide.icons, d.icon),
        el("span", { class: "mark" }, d.letter), suit ? el("span", { class: "suit" }, suit) : null),
      el("span", { class: "title", "aria-hidden": "true" }, name),
      el("span", { class: "sub", id: subId }, ...said(d.short)),
    );
    if (onPick) node.addEventListener("click", () => onPick(slug, index));
    longPress(node, () => tip(node, this.help(slug)));
    return node;
  }
}

/** The few words as shown; a rank before " · " is hidden from screen readers (the card's
 * name says it: "Ace of spades", described "Nope"). */
function said(short) {
  const cut = short.indexOf(" · ");
  return cut < 0 ? [short] : [el("span", { "aria-hidden": "true" }, short.slice(0, cut + 3)), short.slice(cut + 3)];
}

let liveNode = null;
/** Say `lines` (what just happened) in a polite live region, once each: a screen reader
 * hears each new log line, never the whole log again. */
export function announce(lines) {
  if (!lines?.length) return;
  if (!liveNode) {
    liveNode = el("div", { class: "sr-only", id: "announce", role: "log", "aria-live": "polite", "aria-label": t("What just happened") });
    document.body.append(liveNode);
  }
  liveNode.append(...lines.map((l) => el("p", {}, l)));
  while (liveNode.childElementCount > 20) liveNode.firstElementChild.remove();
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
