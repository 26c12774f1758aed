// Cards drawn with SVG and CSS, our own design (kaboom.web.design, through /api/guide), one
// look per game (`deck-<game>` on every card, cards.css): a band in the colour of what the
// card does with an icon and a letter (icon and letter alone tell the kinds of a game apart:
// colour-blind safe), the card's name and its effect in a few words, at every size; a
// ranked game's cards (Dynamitt) as playing cards: rank and suit in two corners, a big suit
// (a court card's letter, the dynamite) in the middle, the card's role in a few words. Each
// game has its own back (`CardBook.back`). The field-guide text shows on hover, on a long
// press, and with `?` on the card under the cursor.
import { el } from "./api.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
/** The standard suits: their colour and their drawing (`guide.icons`). */
const SUITS = {
  "♥": { colour: "red", icon: "suit-heart" },
  "♦": { colour: "red", icon: "suit-diamond" },
  "♣": { colour: "black", icon: "suit-club" },
  "♠": { colour: "black", icon: "suit-spade" },
};
/** A standard deck's court ranks: their letter big in the middle. */
const COURT = new Set(["j", "q", "k"]);
let ids = 0;

const VOWEL = /[aeiouyæøåäöüéèêáàóò]/i;
/** Two consonants that start a syllable together (one sound, or a usual onset in English
 * and Norwegian): a break goes before them, never between. */
const ONSET = new Set(["bl", "br", "ch", "ck", "dr", "fl", "fr", "gj", "gl", "gr", "kj", "kl", "kr",
  "kv", "ph", "pl", "pr", "sh", "sj", "sk", "sl", "sm", "sn", "sp", "st", "sv", "th", "tj", "tr"]);
/** `text` with soft hyphens in each word of 8 letters or more, where a break reads well
 * enough (a syllable's start, roughly: before the consonant, or the onset, ahead of a vowel;
 * 2 letters or more before a break, 3 or more after the last): a long name
 * ("Eksploderende": Eks-plo-de-rende) wraps at a hyphen in a phone-sized card, never at any
 * letter. Unseen where it fits. */
export function breakable(text) {
  return text.replace(/\p{L}{8,}/gu, (word) => {
    let out = "";
    let from = 0;
    for (let i = 2; i <= word.length - 3; i += 1) {
      if (VOWEL.test(word[i]) || !VOWEL.test(word[i + 1])) continue;
      const at = !VOWEL.test(word[i - 1]) && ONSET.has(word.slice(i - 1, i + 1).toLowerCase()) ? i - 1 : i;
      if (at - from < 2 || !VOWEL.test(word.slice(from, at))) continue;
      out += `${word.slice(from, at)}\u00ad`;
      from = at;
    }
    return out + word.slice(from);
  });
}

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

/** An SVG element with its attributes. */
function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** The dynamite (a ranked game's bomb): three red sticks tied, a lit fuse; hidden from
 * screen readers (the card's name and words say it). */
function dynamite() {
  const stick = (x) => [
    svgEl("rect", { x, y: 14, width: 7, height: 26, rx: 2, fill: "#c62828", stroke: "#5a0f0b", "stroke-width": 1.2 }),
    svgEl("rect", { x: x + 1.5, y: 15.5, width: 1.6, height: 23, rx: 0.8, fill: "#ef9a9a" }),
  ];
  return svgEl("svg", { viewBox: "0 0 32 44", "aria-hidden": "true", focusable: "false", class: "dynamite" },
    ...stick(5), ...stick(20), ...stick(12.5),
    svgEl("rect", { x: 4, y: 30, width: 24, height: 4, fill: "#1d1d1f" }),
    svgEl("path", { d: "M16 14c0-5 3-7 7-8", fill: "none", stroke: "#1d1d1f", "stroke-width": 1.6, "stroke-linecap": "round" }),
    svgEl("path", { d: "M25 0.5l1.5 3.3 3.5-1.2-1.6 3.3 3.3 1.6-3.5 1 1 3.5-3.2-1.7-1.7 3.2-1-3.5-3.5 1 1.8-3.2-3.2-1.7 3.5-1.1-1-3.4 3.3 1.5z", fill: "#f9a825", stroke: "#8a4b00", "stroke-width": 0.8 }),
  );
}

/** What a guide knows of its cards, by slug. */
export class CardBook {
  constructor(guide) {
    this.guide = guide;
    this.bySlug = new Map(guide.cards.map((c) => [c.slug, c]));
    this.order = new Map(guide.cards.map((c, i) => [c.slug, i]));
    // the page shows this game: any card back it draws itself (a `.back`, not `back()`)
    // takes the game's look (cards.css, `html[data-deck]`, as `body[data-game]`)
    document.documentElement.dataset.deck = guide.game;
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

  /** The class every card and back of this game carries: its look (cards.css). */
  deck() { return `deck-${this.guide.game}`; }

  /** Whether the game's cards are playing cards (a rank and a suit: Dynamitt). */
  ranked() { return Boolean(this.guide[this.guide.family]?.ranked); }

  /** The suit of a playing card (`♥`), null for a card without one (a Joker). */
  suit(slug) { return [...this.name(slug)].find((ch) => SUITS[ch]) || null; }

  /** The back of this game's cards, as the Draw Pile shows it: `count` (the pile's size)
   * on it where given; `small` as a small card. Hidden from screen readers: the pile's
   * label beside it says the pile and its size. */
  back({ small = false, count = null } = {}) {
    const cls = ["back", "card", this.deck(), small ? "small" : ""].filter(Boolean).join(" ");
    const shown = count === null || count === undefined ? null : String(count);
    return el("div", { class: cls, "aria-hidden": "true", dataset: { game: this.guide.game } },
      shown === null ? null : el("span", { class: "count" }, shown));
  }

  /** A card: a button when `onPick` is given (clicked: `onPick`), else an image; named as
   * the card is called aloud, described by its few words; the field guide on hover and
   * long press. */
  card(slug, { small = false, selected = false, onPick = null, index = null } = {}) {
    const d = this.design(slug);
    const name = this.name(slug);
    const suit = this.suit(slug);
    const playing = this.ranked();
    // a long name (a long word, or many) in a smaller size, in fewer lines
    const long = name.length > 16 || name.split(/[\s-]/).some((w) => w.length > 9);
    const cls = ["card", this.deck(), `fx-${d.icon}`, playing ? "playing" : "", small ? "small" : "",
      selected ? "selected" : "", suit ? SUITS[suit].colour : "", long ? "long" : ""];
    ids += 1;
    const subId = `card-sub-${ids}`;
    const face = playing ? this.playingFace(d, suit, subId) : this.face(d, name, suit, subId);
    const node = el(
      onPick ? "button" : "div",
      {
        class: cls.filter(Boolean).join(" "), title: this.help(slug), role: onPick ? null : "img",
        "aria-label": d.label, "aria-describedby": subId,
        "aria-pressed": onPick ? String(selected) : null, dataset: { slug, index: index ?? "" },
      },
      ...face,
    );
    if (onPick) node.addEventListener("click", () => onPick(slug, index));
    longPress(node, () => tip(node, this.help(slug)));
    return node;
  }

  /** A card of a game with its own cards: the band (icon, letter), the name, few words. */
  face(d, name, suit, subId) {
    return [
      el("span", { class: "band", "aria-hidden": "true" }, icon(this.guide.icons, d.icon),
        el("span", { class: "mark" }, d.letter), suit ? el("span", { class: "suit" }, suit) : null),
      el("span", { class: "title", "aria-hidden": "true" }, breakable(name)),
      el("span", { class: "sub", id: subId }, ...said(d.short)),
    ];
  }

  /** A playing card: the rank and suit in the top left corner and, upside down, in the
   * bottom right; the suit big in the middle (a court card's letter, the bomb's dynamite, a
   * Joker's star); its role in a few words, the role's icon in the top right corner. */
  playingFace(d, suit, subId) {
    const icons = this.guide.icons;
    const mark = () => (suit ? icon(icons, SUITS[suit].icon) : icon(icons, d.icon));
    const corner = (where) => el("span", { class: `corner ${where}`, "aria-hidden": "true" },
      el("span", { class: "rank" }, d.letter), mark());
    let middle;
    if (d.icon === "bomb") middle = dynamite();
    else if (COURT.has(d.kind)) middle = el("span", { class: "face" }, d.letter);
    else middle = mark();
    const role = d.description || d.short;
    return [
      corner("tl"),
      el("span", { class: "pip", "aria-hidden": "true" }, middle),
      el("span", { class: "role", "aria-hidden": "true" }, icon(icons, d.icon)),
      el("span", { class: "sub", id: subId }, breakable(role)),
      corner("br"),
    ];
  }
}

/** The few words as shown; a rank before " · " is hidden from screen readers (the card's
 * name says it: "Ace of spades", described "Nope"). */
function said(short) {
  const cut = short.indexOf(" · ");
  return cut < 0 ? [breakable(short)] : [el("span", { "aria-hidden": "true" }, short.slice(0, cut + 3)), breakable(short.slice(cut + 3))];
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
