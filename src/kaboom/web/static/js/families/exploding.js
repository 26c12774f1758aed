// The exploding family's part of the page (Exploding Kittens, Exploding Minions, Dynamitt):
// the Draw Pile large in the middle with its bombs and the cards this seat has seen in it,
// the Discard Pile's top card, the bomb just drawn, what is out of the game; the moments
// that make the game (a bomb drawn, a Defuse, a Nope, an explosion).
import { el } from "../api.js";
import { nt, t } from "../i18n.js";
import { backPile, facePile } from "./common.js";

/** "top", "2nd", "3rd" from the top of a pile: where a seen card lies. */
function placeWord(k) {
  if (k === 0) return t("top");
  return [t("2nd"), t("3rd"), t("4th"), t("5th")][k - 1] || t("{n}th", { n: k + 1 });
}

/** The cards of the Draw Pile this seat has seen (See the Future, a bomb it put back), top
 * first, each face up with its place. */
function seenInPile(obs, book) {
  const places = obs.known?.piles?.draw || {};
  const keys = Object.keys(places).map(Number).sort((a, b) => a - b).slice(0, 5);
  if (!keys.length) return null;
  return el("div", { class: "seen", role: "group", "aria-label": t("Cards you know in the Draw Pile") },
    el("div", { class: "seen-head" }, t("You know:")),
    ...keys.map((k) => el("div", { class: "seen-card" }, book.card(places[String(k)], { small: true }), el("span", { class: "seen-at" }, placeWord(k)))));
}

function middle(obs, ctx) {
  const { book } = ctx;
  const sec = obs.exploding;
  const ex = book.guide.exploding;
  const bombWord = sec.bombs_in_pile === 1 ? ex.bomb_word : ex.bombs_word;
  const oddsLine = ctx.odds !== null && ctx.odds !== undefined
    ? el("div", { class: "odds-chip" }, t("Chance the next card is a bomb: {percent}%", { percent: Math.round(ctx.odds * 100) })) : null;
  const draw = backPile(book, "draw", obs.piles.draw.size, {
    big: true,
    extra: el("div", { class: "pile-note" }, t("{n} {bombs} in it", { n: sec.bombs_in_pile, bombs: bombWord })),
  });
  draw.append(...[oddsLine].filter(Boolean));
  const discard = facePile(book, "discard", obs.piles.discard, { big: true, extra: ctx.windowMark?.() || null });
  const row = el("div", { class: "piles centre" }, draw, el("div", { id: "depth-slot", class: "depth-slot" }), seenInPile(obs, book), discard);
  const wrap = el("div", { class: "felt-stack" }, row);
  if (sec.drawn_bomb) wrap.append(bombBanner(obs, ctx));
  const out = sec.out_of_game.map((s) => book.name(s));
  if (out.length || sec.out_of_game_face_down) {
    wrap.append(el("div", { class: "felt-note" }, t("Out of the game: "), [
      ...out, ...(sec.out_of_game_face_down ? [t("{n} face down", { n: sec.out_of_game_face_down })] : []),
    ].join(", ")));
  }
  return wrap;
}

/** The bomb just drawn, in the middle of the table until it is defused or goes off. */
function bombBanner(obs, ctx) {
  const sec = obs.exploding;
  const mine = obs.current === ctx.viewer;
  return el("div", { class: "bomb-banner", role: "status" },
    ctx.book.card(sec.drawn_bomb, { small: true }),
    el("div", {},
      el("strong", {}, mine ? t("You drew {card}!", { card: ctx.book.name(sec.drawn_bomb) }) : t("{who} drew {card}!", { who: ctx.label(obs.current), card: ctx.book.name(sec.drawn_bomb) })),
      el("div", {}, mine ? t("Defuse it, or you explode.") : t("Will they defuse it?"))));
}

/** The seat's facts in its pod: cards in hand, in or exploded. */
function seatFacts(p) {
  return [nt("{n} card", "{n} cards", p.hand_size), p.in ? t("in") : t("exploded, out")];
}

/** The events that are moments of the whole table: each as its tone, its words, its card. */
function moment(e, ctx) {
  const who = ctx.label(e.seat);
  const d = e.data || {};
  switch (e.kind) {
    case "draw-bomb":
      return { tone: "bomb", card: d.card, title: e.seat === ctx.viewer ? t("You drew {card}!", { card: ctx.book.name(d.card) }) : t("{who} drew {card}!", { who, card: ctx.book.name(d.card) }) };
    case "defuse":
      return { tone: "defuse", title: e.seat === ctx.viewer ? t("You defused it!") : t("{who} defused it!", { who }) };
    case "explode":
      return { tone: "explode", title: e.seat === ctx.viewer ? t("You exploded!") : t("{who} exploded!", { who }) };
    case "nope": {
      const card = d.card || (ctx.book.bySlug.has("nope") ? "nope" : null);
      const me = e.seat === ctx.viewer;
      if ((d.depth || 1) % 2) return { tone: "nope", card, title: me ? t("You say Nope!") : t("{who} says Nope!", { who }) };
      return { tone: "nope", card, title: me ? t("You Nope the Nope!") : t("{who} Nopes the Nope!", { who }) };
    }
    default:
      return null;
  }
}

export default {
  family: "exploding",
  /** Where a bomb goes back (touch.js's places in the pile). */
  placeInto: { group: () => t("where in the Draw Pile"), head: () => t("Tap where it goes in the Draw Pile (top first)") },
  middle,
  seatFacts,
  moment,
  pickHand: true,
  handsAtEnd: true,
};
