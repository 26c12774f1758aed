// The lobby: open tables, games in play, create a table (every option the game declares,
// bot seats), a player's history. Only the documented HTTP routes.
import { api, el, seatStore } from "./api.js";

const $ = (sel) => document.querySelector(sel);
let games = [];

function game() { return games.find((g) => g.id === $("#game").value); }

function drawSeats() {
  const g = game();
  const n = Math.max(g.min_players, Math.min(g.max_players, Number($("#players").value) || g.min_players));
  $("#players").min = g.min_players; $("#players").max = g.max_players;
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const kinds = ["human", "heuristic", "ismcts", "random"];
  const words = { human: "a person", heuristic: "Simple bot", ismcts: "ISMCTS bot (at the level)", random: "Random bot" };
  $("#seats").replaceChildren(...Array.from({ length: n }, (_, q) => el("label", { class: "seatspec" }, `Seat ${q}${q === 0 ? " (you)" : ""}`,
    el("select", { name: `seat${q}`, disabled: q === 0 }, ...kinds.map((k) => el("option", { value: k, selected: (old[q] || (q === 0 ? "human" : q === 1 ? "human" : "heuristic")) === k }, words[k]))))));
}

function drawOptions() {
  const g = game();
  $("#summary").textContent = `${g.summary || ""} (${g.min_players}–${g.max_players} players)`;
  $("#options").replaceChildren(...g.options.filter((o) => !o.path).map((o) => {
    let input;
    if (o.kind === "bool") input = el("input", { type: "checkbox", name: o.name, checked: o.default === true });
    else if (o.choices) input = el("select", { name: o.name }, ...o.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === o.default }, String(c))));
    else if (o.kind === "int") input = el("input", { type: "number", name: o.name, value: o.default, min: o.minimum, max: o.maximum });
    else input = el("input", { name: o.name, value: o.default ?? "" });
    input.dataset.kind = o.kind;
    if (o.kind === "bool") return el("label", { title: o.help }, el("span", {}, input, ` ${o.name}`), el("span", { class: "muted" }, o.help));
    return el("label", { title: o.help }, `${o.name}`, input, el("span", { class: "muted" }, o.help));
  }));
}

function readOptions() {
  const out = {};
  const g = game();
  for (const o of g.options.filter((x) => !x.path)) {
    const input = $(`#options [name="${o.name}"]`);
    let v;
    if (o.kind === "bool") v = input.checked;
    else if (o.choices) v = JSON.parse(input.value);
    else if (o.kind === "int") v = Number(input.value);
    else v = input.value;
    if (JSON.stringify(v) !== JSON.stringify(o.default)) out[o.name] = v;
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  const err = $("#error");
  err.classList.add("hidden");
  const name = $("#name").value.trim();
  const num = (id) => ($(id).value === "" ? null : Number($(id).value));
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  seats[0] = "human";
  const body = {
    game: $("#game").value, players: seats.length, options: readOptions(), seats,
    level: $("#level").value, private: $("#private").checked, clock: num("#clock"),
    window: num("#window") ?? 3, bot_delay: num("#bot_delay") ?? 0.8,
    // a seed goes as the decimal string typed: a JS number rounds above 2**53 (docs/protocol.md)
    seed: $("#seed").value.trim() || null,
  };
  try {
    if (!name) throw new Error("name: your name, to sit down");
    const t = await api("/api/tables", { method: "POST", body });
    const j = await api(`/api/tables/${t.id}/join`, { method: "POST", body: { name, seat: 0, invite: t.invite || undefined } });
    localStorage.setItem("kaboom.name", name);
    seatStore.set(t.id, { token: j.token, seat: j.seat, name });
    location.href = `/tables/${t.id}${t.invite ? `?invite=${encodeURIComponent(t.invite)}` : ""}`;
  } catch (e) {
    err.textContent = e.message;
    err.classList.remove("hidden");
  }
}

function tableLine(t) {
  const name = games.find((g) => g.id === t.game)?.name || t.game;
  const people = t.seats.filter((s) => s.kind === "human");
  const free = people.filter((s) => !s.taken).length;
  return el("li", {}, el("a", { href: `/tables/${t.id}` }, `${name}, ${t.players} players`),
    ` · ${free ? `${free} free seat${free > 1 ? "s" : ""}` : "full"} · ${t.seats.filter((s) => s.kind === "bot").length} bots`);
}

async function refresh() {
  try {
    const t = await api("/api/tables");
    $("#open").replaceChildren(...(t.open.length ? t.open.map(tableLine) : [el("li", { class: "muted" }, "none yet: create one")]));
    $("#playing").replaceChildren(...(t.playing.length ? t.playing.map(tableLine) : [el("li", { class: "muted" }, "none")]));
  } catch { /* the next refresh tries again */ }
}

async function history(ev) {
  ev.preventDefault();
  const name = $("#history-name").value.trim();
  if (!name) return;
  try {
    const h = await api(`/api/history?name=${encodeURIComponent(name)}`);
    $("#history").replaceChildren(...(h.games.length ? h.games.map((g) => el("li", {},
      el("a", { href: `/replay/${g.id}` }, `${g.game}, ${g.players} players`), ` · seat ${g.seat} · ${g.won ? "won" : g.status === "ended" ? "ended" : "lost"}`))
      : [el("li", { class: "muted" }, "no finished games under that name")]));
  } catch (e) { $("#history").replaceChildren(el("li", { class: "error" }, e.message)); }
}

async function main() {
  games = await api("/api/games");
  $("#game").replaceChildren(...games.map((g) => el("option", { value: g.id }, g.name)));
  $("#name").value = localStorage.getItem("kaboom.name") || "";
  $("#game").addEventListener("change", () => { drawOptions(); drawSeats(); });
  $("#players").addEventListener("change", drawSeats);
  $("#create").addEventListener("submit", create);
  $("#history-form").addEventListener("submit", history);
  drawOptions(); drawSeats();
  refresh();
  setInterval(refresh, 3000);
}

main();
