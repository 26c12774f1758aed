// The coach's review of a finished game (issue 32): GET /api/tables/{id}/review (your seat's
// decisions; another seat's with `?seat=K` where the table's reviews are open), drawn as a
// curve of your chance of winning (an SVG built here from the JSON) and a table of your
// decisions, each linked to the replay at that step: each choice in the table's words
// (POST /api/labels, in the person's language), its notation in the title. This page's own words
// through t() (kaboom.i18n.browser_words).
import { api, el, seatStore } from "./api.js";
import { nt, t } from "./i18n.js";
import { seatLabel } from "./people.js";

const $ = (sel) => document.querySelector(sel);
const SVG = "http://www.w3.org/2000/svg";
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const query = new URLSearchParams(location.search);
const invite = query.get("invite");
const seatAsked = query.get("seat");
/** A mark's words, as a chess coach marks a move (said where drawn: the catalogue's). */
const MARKS = { blunder: () => t("Blunder ??"), mistake: () => t("Mistake ?"), inaccuracy: () => t("Inaccuracy ?!") };
const markWords = (mark) => (MARKS[mark] ? MARKS[mark]() : mark);

const pct = (x) => `${Math.round(x * 100)}%`;

/** An SVG element with its attributes. */
function svg(tag, attrs = {}, ...kids) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const k of kids) node.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return node;
}

/** The curve of the seat's chance of winning after each of its decisions, over the game's
 * steps: a line, a dot per decision (the marked ones a red diamond), 0, 50 and 100%. */
export function curve(decisions, steps, mine, seat, name = `P${seat}`) {
  const w = 600, h = 200, left = 46, right = 10, top = 10, bottom = 24;
  const x = (step) => left + (steps ? step / steps : 0) * (w - left - right);
  const y = (win) => top + (1 - win) * (h - top - bottom);
  const points = decisions.map((d) => [x(d.step), y(d.played.win)]);
  const went = {
    first: decisions.length ? pct(decisions[0].played.win) : "",
    last: decisions.length ? pct(decisions[decisions.length - 1].played.win) : "",
    n: decisions.filter((d) => d.mark).length, seat, name,
  };
  const summary = !decisions.length ? t("No decision with a choice to review.")
    : mine ? nt("Your chance of winning went from {first} at the first decision to {last} at the last; {n} marked.",
      "Your chance of winning went from {first} at the first decision to {last} at the last; {n} marked.", went.n, went)
      : nt("{name}'s chance of winning went from {first} at the first decision to {last} at the last; {n} marked.",
        "{name}'s chance of winning went from {first} at the first decision to {last} at the last; {n} marked.", went.n, went);
  const title = mine ? t("Your chance of winning over the game") : t("{name}'s chance of winning over the game", { name });
  const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-labelledby": "curve-title curve-desc" },
    svg("title", { id: "curve-title" }, title),
    svg("desc", { id: "curve-desc" }, summary),
    ...[0, 0.5, 1].flatMap((v) => [
      svg("line", { class: v === 0.5 ? "half" : "grid", x1: left, x2: w - right, y1: y(v), y2: y(v) }),
      svg("text", { class: "axis", x: 2, y: y(v) + 5 }, pct(v)),
    ]),
    svg("text", { class: "axis", x: left, y: h - 6 }, t("step {step}", { step: 0 })),
    svg("text", { class: "axis", x: w - right, y: h - 6, "text-anchor": "end" }, t("step {step}", { step: steps })),
    points.length > 1 ? svg("polyline", { class: "line", points: points.map((p) => p.join(",")).join(" ") }) : "",
    // a marked decision: a diamond, not only a colour (the page's rule: a shape beside a hue)
    ...decisions.map((d, i) => {
      const [cx, cy] = points[i];
      return d.mark ? svg("path", { class: `dot ${d.mark}`, d: `M${cx} ${cy - 7}L${cx + 7} ${cy}L${cx} ${cy + 7}L${cx - 7} ${cy}Z` })
        : svg("circle", { class: "dot", cx, cy, r: 3.5 });
    }));
  return chart;
}

/** The choices' texts in the table's words (POST /api/labels); the notation where the words
 * cannot be had. */
async function labelled(R) {
  const texts = [...new Set(R.decisions.flatMap((d) => [d.played.text, d.best.text]))];
  try {
    const { labels } = await api("/api/labels", { method: "POST", body: { game: R.game, players: R.players, options: R.options ?? {}, texts } });
    return new Map(texts.map((t, i) => [t, labels[i]]));
  } catch {
    return new Map();
  }
}

/** A choice in the table's words, its notation in the title (the notation alone where the
 * words cannot be had). */
function said(text, words) {
  const label = words.get(text);
  if (!label || label === text) return el("span", {}, text);
  return el("span", { title: text }, label);
}

function row(d, replay, words) {
  const chance = (c) => el("span", { class: "chance" }, `${pct(c.win)} (${pct(c.interval[0])}–${pct(c.interval[1])})`);
  const same = d.best.action === d.played.action;
  return el("tr", { class: d.mark ? "marked" : "", dataset: { step: d.step } },
    el("td", {}, el("a", { href: replay(d.step), "aria-label": t("step {step}: open the replay there", { step: d.step }) }, t("step {step}", { step: d.step }))),
    el("td", {}, said(d.played.text, words), " ", chance(d.played)),
    el("td", {}, same ? t("the same") : said(d.best.text, words), " ", chance(d.best)),
    el("td", {}, d.mark ? el("span", { class: `mark ${d.mark}` }, markWords(d.mark)) : "",
      d.mark ? el("span", { class: "chance" }, `−${pct(d.loss)}`) : ""));
}

async function main() {
  const token = seatStore.get(tableId)?.token;
  const params = new URLSearchParams();
  if (invite) params.set("invite", invite);
  if (seatAsked !== null) params.set("seat", seatAsked);
  const q = params.toString() ? `?${params}` : "";
  const back = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const replay = (step) => `/replay/${tableId}?${new URLSearchParams({ ...(invite ? { invite } : {}), step: String(step) })}`;
  $("#replay-link").href = `/replay/${tableId}${back}`;
  $("#status").textContent = t("The coach is reviewing the game: each of your decisions is searched from what you knew then (this takes a little while)…");
  let R;
  try {
    R = await api(`/api/tables/${tableId}/review${q}`, { token });
  } catch (err) {
    $("#status").textContent = t("No review.");
    $("#error").textContent = err.message;
    $("#error").classList.remove("hidden");
    return;
  }
  let name = R.game;
  try { name = (await api("/api/guide", { method: "POST", body: { game: R.game, players: R.players, options: {} } })).name; } catch { /* the id will do */ }
  $("#game-name").textContent = name;
  document.title = t("Review · {game} · kaboom", { game: name });
  const mine = seatStore.get(tableId)?.seat === R.seat;
  const marked = R.decisions.filter((d) => d.mark);
  const won = R.winners === null ? t("The table ended before the game did.") : R.winners.includes(R.seat) ? t("Won.") : t("Lost.");
  // the seat by its name: "Review of ann", "Review of Ada (bot, medium)" (issue 46)
  const who = seatLabel(R.table_seats?.[R.seat]) || `P${R.seat}`;
  const counts = { seat: R.seat, name: who, n: R.decisions.length, marked: marked.length, playouts: R.playouts };
  $("#status").textContent = nt("Review of {name}: {n} decision, {marked} marked.", "Review of {name}: {n} decisions, {marked} marked.", counts.n, counts);
  $("#summary-head").textContent = mine ? t("Your game with the coach") : t("{name}'s game with the coach", counts);
  $("#decisions-head").textContent = mine ? t("Your decisions") : t("{name}'s decisions", counts);
  const told = nt("{n} decision with a choice, {marked} marked (a mistake beyond the search's noise). Each searched {playouts} rounds at most.",
    "{n} decisions with a choice, {marked} marked (a mistake beyond the search's noise). Each searched {playouts} rounds at most.", counts.n, counts);
  $("#summary-text").textContent = `${won} ${told}`;
  $("#curve").replaceChildren(curve(R.decisions, R.steps, mine, R.seat, who));
  $("#curve").classList.add("curve");
  const words = await labelled(R);
  $("#decisions tbody").replaceChildren(...R.decisions.map((d) => row(d, replay, words)));
  $("#summary").classList.remove("hidden");
  $("#decisions-box").classList.remove("hidden");
  document.body.dataset.ready = "1";
}

main();
