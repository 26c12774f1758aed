// A player's profile (issue 35): games, wins, and each rating with its history as a chart,
// an inline SVG drawn here from GET /api/players/{name} (no chart library). Every text
// from the server goes in as text (textContent, through `el` and `svg`).
import { api, el } from "./api.js";
import { nt, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const NS = "http://www.w3.org/2000/svg";
const fixed = (x) => (Math.round(x * 10) / 10).toFixed(1);
/** A new player's rating: OpenSkill's mu 25 less three times its sigma 25/3. */
const START = 0;

/** An SVG element with attributes and text children (never markup). */
function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The rating over the player's rated games: from the start (0) through each game, drawn
 * `width` units wide (the panel's width: the labels keep their size on a phone). */
export function chart(history, label, width = 600) {
  const W = Math.round(Math.max(280, Math.min(800, width))), H = 220, L = 44, R = 12, T = 12, B = 28;
  const values = [START, ...history.map((h) => h.rating)];
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 1) { lo -= 1; hi += 1; }
  const x = (i) => L + (i * (W - L - R)) / Math.max(1, values.length - 1);
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const root = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
  root.append(svg("title", {}, label));
  root.append(svg("line", { class: "axis", x1: L, x2: W - R, y1: y(lo), y2: y(lo) }));
  root.append(svg("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }));
  for (const v of [lo, hi]) root.append(svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, fixed(v)));
  root.append(svg("text", { x: L, y: H - 8 }, t("start")));
  root.append(svg("text", { x: W - R, y: H - 8, "text-anchor": "end" }, t("game {n}", { n: values.length - 1 })));
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  root.append(svg("polyline", { class: "line", points }));
  values.forEach((v, i) => root.append(svg("circle", { class: "dot", cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3.5 })));
  return root;
}

function rating(r, gameName) {
  const title = `${gameName(r.game)}, ${nt("{n} player", "{n} players", r.players)}`;
  const said = nt("Rating {rating} after {n} rated game ({wins} won)", "Rating {rating} after {n} rated games ({wins} won)", r.games, { rating: fixed(r.rating), wins: r.wins });
  return el("section", { class: "panel" },
    el("h3", {}, title),
    el("p", {}, said, " · ", el("a", { href: `/ladder?game=${encodeURIComponent(r.game)}&players=${r.players}` }, t("the ladder"))),
    chart(r.history, nt("{title}: rating over {n} rated game, now {rating}", "{title}: rating over {n} rated games, now {rating}", r.history.length, { title, rating: fixed(r.rating) }),
      $("#ratings").clientWidth - 26));
}

async function main() {
  const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  $("#who").textContent = name;
  try {
    const [p, games] = await Promise.all([api(`/api/players/${encodeURIComponent(name)}`), api("/api/games")]);
    const gameName = (id) => games.find((g) => g.id === id)?.name || id;
    document.title = `kaboom: ${p.name}`;
    $("#who").textContent = p.name;
    $("#player-title").textContent = p.name;
    $("#games").textContent = String(p.games);
    $("#wins").textContent = String(p.wins);
    $("#record").classList.remove("hidden");
    $("#status").textContent = p.ratings.length ? "" : t("No rated games yet.");
    $("#status").classList.toggle("hidden", p.ratings.length > 0);
    const draw = () => $("#ratings").replaceChildren(...p.ratings.map((r) => rating(r, gameName)));
    draw();
    // the chart is drawn to the panel's width: again when the window changes size
    let last = window.innerWidth;
    window.addEventListener("resize", () => { if (window.innerWidth !== last) { last = window.innerWidth; draw(); } });
  } catch (e) {
    $("#status").textContent = e.message === "no such player" ? t("No player is called {name}.", { name }) : e.message;
  }
  document.body.dataset.ready = "1";
}

main();
