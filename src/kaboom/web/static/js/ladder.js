// The ladder (issue 35): a game's leaderboard at a player count, best rating first, from
// GET /api/ladder; the game and the player count picked here (and kept in the address, so
// a link shows the same board). Names are text (textContent only, through `el`).
import { api, el } from "./api.js";
import { nt, t } from "./i18n.js";
import { ladderName } from "./people.js";

const $ = (sel) => document.querySelector(sel);
let games = [];

const fixed = (x) => (Math.round(x * 10) / 10).toFixed(1);

function drawPlayers(wanted) {
  const g = games.find((x) => x.id === $("#game").value) || games[0];
  const counts = [];
  for (let n = Math.max(2, g.min_players); n <= g.max_players; n += 1) counts.push(n);
  const pick = counts.includes(wanted) ? wanted : counts.includes(4) ? 4 : counts[0];
  $("#players").replaceChildren(...counts.map((n) => el("option", { value: n, selected: n === pick }, nt("{n} player", "{n} players", n))));
}

function row(r) {
  // a bot by its kind and level, "Bot · medium", its spec in the title (issue 46)
  const who = r.kind === "person"
    ? el("a", { href: `/players/${encodeURIComponent(r.name)}` }, r.name)
    : el("span", { title: r.bot || "" }, ladderName(r));
  return el("tr", {},
    el("td", { class: "num" }, String(r.rank)), el("td", {}, who),
    el("td", { class: "num", title: t("skill {mu}, uncertainty {sigma}", { mu: fixed(r.mu), sigma: fixed(r.sigma) }) }, fixed(r.rating)),
    el("td", { class: "num" }, String(r.games)), el("td", { class: "num" }, String(r.wins)));
}

async function load() {
  const game = $("#game").value;
  const players = Number($("#players").value);
  history.replaceState(null, "", `/ladder?game=${encodeURIComponent(game)}&players=${players}`);
  $("#status").textContent = t("Loading…");
  try {
    const board = await api(`/api/ladder?game=${encodeURIComponent(game)}&players=${players}`);
    $("#rows").replaceChildren(...board.rows.map(row));
    const name = games.find((g) => g.id === game)?.name || game;
    $("#status").textContent = board.rows.length
      ? `${name}, ${nt("{n} player", "{n} players", players)}: ${t("{n} rated", { n: board.rows.length })}`
      : `${name}, ${nt("{n} player", "{n} players", players)}: ${t("no rated games yet")}`;
  } catch (e) {
    $("#rows").replaceChildren();
    $("#status").textContent = e.message;
  }
}

async function main() {
  games = await api("/api/games");
  const q = new URLSearchParams(location.search);
  const first = games.find((g) => g.id === q.get("game")) || games[0];
  $("#game").replaceChildren(...games.map((g) => el("option", { value: g.id, selected: g.id === first.id }, g.name)));
  drawPlayers(Number(q.get("players")) || 0);
  $("#game").addEventListener("change", () => { drawPlayers(Number($("#players").value)); load(); });
  $("#players").addEventListener("change", load);
  $("#pick").addEventListener("submit", (ev) => { ev.preventDefault(); load(); });
  await load();
  document.body.dataset.ready = "1";
}

main();
