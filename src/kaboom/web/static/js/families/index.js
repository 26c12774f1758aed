// The family's part of the page, looked up once by the observation's `family`: its middle
// of the table, its seats' facts, its tap targets, its motion and its moments. The only
// place in the page's scripts that knows there are families; a family without a module of
// its own gets the piles every family has (docs/adding-a-game.md).
import board from "./board.js";
import eleminis from "./eleminis.js";
import exploding from "./exploding.js";
import { piles } from "./common.js";
import { t } from "../i18n.js";

const GENERIC = {
  family: null,
  middle: (obs, ctx) => piles(obs, ctx.book, { big: true }),
  seatFacts: () => [],
  pickHand: true,
  handsAtEnd: true,
  placeInto: { group: () => t("where in the Draw Pile"), head: () => t("Tap where it goes in the Draw Pile (top first)") },
};

const PARTS = new Map([exploding, board, eleminis].map((part) => [part.family, part]));

/** The family's part (each method optional but `middle` and `seatFacts`). */
export function familyPart(family) {
  return { ...GENERIC, ...(PARTS.get(family) || {}) };
}
