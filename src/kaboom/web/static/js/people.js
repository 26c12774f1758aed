// How every page names the people and the bots at a table (issue 46, "People first"): a
// bot's seat by its name and level, "Ada (bot, medium)" (the server names it from public
// facts: kaboom.server.people); a person by the name they took; a guest who typed none as
// "Guest 4821" (a number kept in this browser), never "You": that word is each screen's
// own seat. Every word through t() (the server's catalogue, docs/i18n.md).
import { t } from "./i18n.js";

/** Where this browser keeps a guest's number (their "Guest 4821"), the name typed last,
 * and the signed-in account's name (account.js writes it). */
export const GUEST_KEY = "kaboom.guest";
export const NAME_KEY = "kaboom.name";
export const ACCOUNT_KEY = "kaboom.account";

/** A bot's level word (SeatInfo.level) in the page's language. */
const LEVELS = {
  easy: () => t("easy"),
  medium: () => t("medium"),
  hard: () => t("hard"),
  simple: () => t("simple"),
  random: () => t("random"),
  learned: () => t("learned"),
  custom: () => t("custom"),
};

/** `medium` -> "medium" ("middels"); an unknown level as it came. */
export function levelWords(level) {
  return LEVELS[level] ? LEVELS[level]() : String(level || t("custom"));
}

/** A seat in words, for anyone at or watching the table: "Ada (bot, medium)" for a bot,
 * the person's name ("ann"), "P2" for a person's seat nobody has taken yet. `info`: a
 * SeatInfo of the server (`seat`, `kind`, `name`, `level`). */
export function seatLabel(info) {
  if (!info) return "";
  if (info.kind === "bot") return t("{name} (bot, {level})", { name: info.name || `P${info.seat}`, level: levelWords(info.level) });
  return info.name || `P${info.seat}`;
}

/** A seat as this screen says it: "You" for the seat at this browser (`viewer`), else its
 * label (`seats`: the table's SeatInfos; a seat not among them: "P2"). */
export function seatCalled(q, viewer, seats) {
  if (q === viewer && viewer !== null && viewer !== undefined) return t("You");
  const info = seats?.[q];
  return info ? seatLabel(info) : `P${q}`;
}

/** A seat by its name alone, "Ada", "ann" ("P2" where nobody sat; "You" for `viewer`'s):
 * where the sentence says the rest (the end's winners). */
export function seatShort(q, viewer, seats) {
  if (q === viewer && viewer !== null && viewer !== undefined) return t("You");
  return seats?.[q]?.name || `P${q}`;
}

/** The end in one sentence: "Bob won.", "Bob and Ada won.", "You won.", "Ann, Bob and Ada
 * won."; "Nobody won." (`winners`: seats; `seats`: SeatInfos; `viewer`: this screen's seat). */
export function winnersLine(winners, seats, viewer = null) {
  const names = (winners || []).map((q) => seatShort(q, viewer, seats));
  if (names.length === 0) return t("Nobody won.");
  if (names.length === 1) return winners[0] === viewer ? t("You won.") : t("{name} won.", { name: names[0] });
  const last = names[names.length - 1];
  return t("{names} and {last} won.", { names: names.slice(0, -1).join(", "), last });
}

/** This browser's guest number: four digits drawn once, then kept (a stable "Guest 4821"). */
export function guestNumber(store = localStorage) {
  let n = store.getItem(GUEST_KEY);
  if (!/^\d{4}$/.test(n || "")) {
    n = String(1000 + Math.floor(Math.random() * 9000));
    store.setItem(GUEST_KEY, n);
  }
  return n;
}

/** A guest's name where the name box is left empty: "Guest 4821" ("Gjest 4821"). */
export function guestName(store = localStorage) {
  return t("Guest {n}", { n: guestNumber(store) });
}

/** The name a person sits down under where they typed none (the join form's default, the
 * lobby's): the signed-in account's name, else the name typed last here, else the guest's. */
export function defaultName(store = localStorage) {
  return store.getItem(ACCOUNT_KEY) || store.getItem(NAME_KEY) || guestName(store);
}

/** The name to sit down under: what was typed (trimmed), else `defaultName()`. */
export function nameOrDefault(typed, store = localStorage) {
  return String(typed || "").trim() || defaultName(store);
}

/** A ladder row's player: the person's name, or a bot kind by its level, "Bot · medium". */
export function ladderName(row) {
  return row.kind === "bot" ? t("Bot · {level}", { level: levelWords(row.level) }) : row.name;
}

/** SeatInfo-like records from a finished game's names and levels (a replay's, an export's:
 * `levels[q]` is a bot's level, null for a person's seat). */
export function seatsFrom(names, levels) {
  return (names || []).map((name, seat) => ({ seat, name, kind: levels?.[seat] ? "bot" : "human", level: levels?.[seat] || null }));
}
