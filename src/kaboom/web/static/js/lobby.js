// The lobby, for people: "Play now" (Exploding Kittens against three bots, at once), "Play
// with friends" (a private table, its invite link and QR code), the open tables and games
// to watch, a game picker (each game's pitch, player count and our own small picture) with
// a custom table behind a fold (every option the game declares, in plain words), a
// player's history. Only the documented HTTP routes.
import { api, el, seatStore } from "./api.js";
import { account, setupAccount } from "./account.js";
import { nt, t } from "./i18n.js";
import { NAME_KEY, guestName, seatLabel } from "./people.js";

const $ = (sel) => document.querySelector(sel);
/** "Play now": the first game of the box, against three thinking bots at the middle level,
 * with the server's default secret seed, reaction window and bots' pace. */
export const PLAY_NOW = { bots: 3, bot: "ismcts:level=medium" };
/** The games in the server's order (/api/games: the shelf's): the first is Play now's. */
let games = [];

const firstGame = () => games[0]?.id;
const picked = () => document.querySelector("#games input[name=game]:checked")?.value || firstGame();
const game = (id = picked()) => games.find((g) => g.id === id);
const players = (g) => t("{min}–{max} players", { min: g.min_players, max: g.max_players });
/** The name to sit down under: the one typed (a signed-in person's: their account's), else
 * this browser's guest name, "Guest 4821" (issue 46: never "You"). */
const myName = () => $("#name").value.trim() || guestName();
const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));

function showError(box, message) {
  box.textContent = message || "";
  box.classList.toggle("hidden", !message);
}

// -- sitting down ------------------------------------------------------------------------
/** Create a table, take seat 0, remember the seat; start it at once if asked. */
async function sitDown(body, name, { startNow = false } = {}) {
  const t = await api("/api/tables", { method: "POST", body });
  const j = await api(`/api/tables/${t.id}/join`, { method: "POST", body: { name, seat: 0, invite: t.invite || undefined } });
  // a name typed is remembered; a guest's stays a guest's (the box stays empty for it)
  if (name !== guestName()) localStorage.setItem(NAME_KEY, name);
  seatStore.set(t.id, { token: j.token, seat: j.seat, name });
  if (startNow) await api(`/api/tables/${t.id}/start`, { method: "POST", token: j.token });
  return { table: t.id, invite: t.invite, url: tableUrl(t.id, t.invite) };
}

function tableUrl(id, invite) {
  return `/tables/${id}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}

/** A started table of `gameId`: you and `bots` thinking bots at the medium level, the
 * server's defaults for the rest; `label` (of `button`) says "Dealing…" meanwhile. */
async function playBots(gameId, bots, button, label, err) {
  showError(err, "");
  const words = label.textContent;
  button.disabled = true;
  label.textContent = t("Dealing…");
  try {
    const seats = ["human", ...Array(bots).fill(PLAY_NOW.bot)];
    // against bots only, the server's default turns hints on (the coach, issue 32)
    const sat = await sitDown({ game: gameId, players: seats.length, seats }, myName(), { startNow: true });
    location.href = sat.url;
  } catch (e) {
    showError(err, e.message);
    button.disabled = false;
    label.textContent = words;
  }
}

function playNow() {
  const button = $("#play-now");
  return playBots(firstGame(), PLAY_NOW.bots, button, button.querySelector(".big-line"), $("#quick-error"));
}

/** The picked game against bots: four players where the game allows, else the nearest. */
function playPicked() {
  const g = game();
  const bots = clamp(1 + PLAY_NOW.bots, g.min_players, g.max_players) - 1;
  const button = $("#play-picked");
  return playBots(g.id, bots, button, button, $("#error-picked"));
}

function drawPicked() {
  const g = game();
  const bots = clamp(1 + PLAY_NOW.bots, g.min_players, g.max_players) - 1;
  $("#play-picked").textContent = nt("Play {game} against {n} bot", "Play {game} against {n} bots", bots, { game: shortName(g) });
  $("#friends-picked").textContent = t("Play {game} with friends", { game: shortName(g) });
}

/** A game's name without its edition: "Exploding Kittens (Original Edition)" -> "Exploding Kittens". */
const shortName = (g) => g.name.replace(/\s*\(.*\)$/, "");

function friendsPicked() {
  if ($("#friends").classList.contains("hidden")) toggleFriends();
  $("#friends-game").value = picked();
  drawFriends();
  $("#quick").scrollIntoView({ block: "start" });
  $("#friends-game").focus();
}

// -- play with friends -------------------------------------------------------------------
function toggleFriends() {
  const box = $("#friends");
  const open = box.classList.toggle("hidden") === false;
  $("#play-friends").setAttribute("aria-expanded", String(open));
  if (open) { drawFriends(); $("#friends-game").focus(); }
}

/** The friends' form within the game's player count: host + friends + bots. */
function drawFriends() {
  const g = game($("#friends-game").value);
  const friends = clamp(Number($("#friends-count").value) || 1, 1, g.max_players - 1);
  const bots = clamp(Number($("#friends-bots").value) || 0, 0, g.max_players - 1 - friends);
  Object.assign($("#friends-count"), { max: g.max_players - 1, value: friends });
  Object.assign($("#friends-bots"), { max: g.max_players - 1 - friends, value: bots });
  const total = 1 + friends + bots;
  const short = g.min_players - total;
  const friendsSaid = nt("{n} friend", "{n} friends", friends);
  const botsSaid = nt("{n} bot", "{n} bots", bots);
  $("#friends-summary").textContent = short > 0
    ? t("{game} needs {min} players: {short} more (a friend or a bot).", { game: g.name, min: g.min_players, short })
    : bots ? t("{game}: you, {friends} and {bots} ({total} players).", { game: g.name, friends: friendsSaid, bots: botsSaid, total })
      : nt("{game}: you, {n} friend ({total} players).", "{game}: you, {n} friends ({total} players).", friends, { game: g.name, total });
  $("#friends-create").disabled = short > 0;
}

async function createForFriends(ev) {
  ev.preventDefault();
  const err = $("#quick-error");
  showError(err, "");
  const friends = Number($("#friends-count").value);
  const bots = Number($("#friends-bots").value);
  const seats = ["human", ...Array(friends).fill("human"), ...Array(bots).fill(PLAY_NOW.bot)];
  // hints (issue 32): off unless ticked where friends play (everyone at the table is told)
  const body = { game: $("#friends-game").value, players: seats.length, seats, private: true, hints: $("#friends-hints").checked };
  try {
    showInvite(await sitDown(body, myName()));
  } catch (e) { showError(err, e.message); }
}

function showInvite(sat) {
  const link = new URL(sat.url, location.origin).href;
  $("#invite-link").value = link;
  $("#invite-qr").src = `/api/tables/${sat.table}/invite.svg?invite=${encodeURIComponent(sat.invite)}`;
  $("#go-table").href = sat.url;
  $("#friends-form").classList.add("hidden");
  $("#invite").classList.remove("hidden");
  $("#copy-note").textContent = "";
  $("#go-table").focus();
  drawReach(link);
}

/** Beside the QR code: whether other devices can open the link (issue 46). The server says
 * where it listens (GET /api/health's `listen`): on a loopback address (`kaboom serve`'s
 * default, 127.0.0.1) no other device can reach it; a link that names this computer by a
 * loopback name (localhost) does not reach it from another device either. */
async function drawReach(link) {
  const note = $("#invite-reach");
  let listen = null;
  try { listen = (await api("/api/health")).listen; } catch { listen = null; }
  const here = isLoopback(new URL(link).hostname);
  const said = listen?.loopback
    ? t("Other devices cannot open this address: the server listens on {host} only (this computer). To play with phones in the room, start it with kaboom serve --host 0.0.0.0 and open the lobby at this computer's network address.", { host: listen.host })
    : here ? t("This link names this computer ({host}): other devices cannot open it. Open the lobby at this computer's network address, then make the table.", { host: new URL(link).hostname })
      : "";
  note.textContent = said;
  note.classList.toggle("hidden", !said);
}

/** Whether a host name is this computer's loopback (127.x, ::1, localhost). */
function isLoopback(host) {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\./.test(h);
}

/** The invite link to the clipboard (the Clipboard API; else the link is selected for the
 * person to copy: a page over plain http has no clipboard). */
async function copyInvite() {
  const input = $("#invite-link");
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard here");
    await navigator.clipboard.writeText(input.value);
    $("#copy-note").textContent = t("Copied: paste it to your friends.");
  } catch {
    input.focus();
    input.select();
    $("#copy-note").textContent = t("Selected: copy it with Ctrl+C (or long-press, Copy).");
  }
}

// -- the game picker ---------------------------------------------------------------------
function drawPicker() {
  $("#games").replaceChildren(...games.map((g) => el("label", { class: "game-card", "data-game": g.id },
    el("input", { type: "radio", name: "game", value: g.id, checked: g.id === firstGame(), class: "visually-hidden" }),
    picture(g.id),
    el("span", { class: "game-text" },
      el("span", { class: "game-name" }, g.name),
      el("span", { class: "game-count" }, players(g)),
      el("span", { class: "game-pitch" }, g.summary || "")))));
  $("#friends-game").replaceChildren(...games.map((g) => el("option", { value: g.id, selected: g.id === firstGame() }, `${g.name} (${players(g)})`)));
}

/** A Learn link for each game that has a lesson (GET /api/lessons), in the picker's order. */
async function drawLessons() {
  let lessons = [];
  try { lessons = await api("/api/lessons"); } catch { return; }
  const order = (l) => games.findIndex((g) => g.id === l.game);
  lessons.sort((a, b) => order(a) - order(b));
  $("#learn-list").replaceChildren(...lessons.map((l) => el("li", {},
    el("a", { href: `/learn/${encodeURIComponent(l.game)}`, dataset: { learn: l.game }, title: l.title }, t("Learn {game}", { game: l.name })))));
}

/** A game's small picture: our own drawing, `/static/pictures/<game>.svg` (a card for a
 * game that has none). */
function picture(id) {
  const img = el("img", { src: `/static/pictures/${encodeURIComponent(id)}.svg`, alt: "", width: 64, height: 64, loading: "lazy" });
  img.addEventListener("error", () => { img.src = "/static/pictures/default.svg"; }, { once: true });
  return el("span", { class: "game-pic", "aria-hidden": "true" }, img);
}

function pick() {
  $("#friends-game").value = picked();
  drawPicked();
  drawFriends();
  drawOptions();
  drawSeats();
}

// -- a custom table ----------------------------------------------------------------------
const SEAT_KINDS = [
  ["human", t("A person")],
  ["ismcts", t("Bot that thinks ahead")],
  ["heuristic", t("Simple bot")],
  ["random", t("Random bot")],
];

function drawSeats() {
  const g = game();
  const n = clamp(Number($("#players").value) || g.min_players, g.min_players, g.max_players);
  Object.assign($("#players"), { min: g.min_players, max: g.max_players, value: n });
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  $("#seats").replaceChildren(...Array.from({ length: n }, (_, q) => el("label", { class: "seatspec" },
    q === 0 ? t("Seat 0: you") : t("Seat {n}", { n: q }),
    q === 0 ? null : el("select", { name: `seat${q}` },
      ...SEAT_KINDS.map(([k, words]) => el("option", { value: k, selected: (old[q - 1] || "ismcts") === k }, words))))));
  drawOptions();
}

/** A game's options in plain words, the common ones first, house rules folded. */
function drawOptions() {
  const g = game();
  const before = g.id === drawOptions.game ? chosen() : {};
  drawOptions.game = g.id;
  const offered = g.options.filter((o) => !o.path);
  const inputs = offered.map((o) => [o.words, optionInput(o, before[o.name])]);
  $("#options").replaceChildren(...inputs.filter(([w]) => !w.house).map(([w, i]) => optionLabel(w, i)));
  const house = inputs.filter(([w]) => w.house);
  $("#house-options").replaceChildren(...house.map(([w, i]) => optionLabel(w, i)));
  $("#house").classList.toggle("hidden", house.length === 0);
  $("#options").classList.toggle("hidden", house.length === inputs.length);
}

/** An option's input, showing `value` (what was chosen before a redraw) or the default. */
function optionInput(o, value = o.default) {
  const words = o.words;
  const choose = (pairs) => el("select", {}, ...pairs.map(([v, label]) => el("option", { value: JSON.stringify(v), selected: v === value }, label)));
  let input;
  if (o.kind === "bool") input = el("input", { type: "checkbox", checked: value === true });
  else if (words.choices) input = choose(words.choices);
  // (a value the game accepts at this player count, asked of the game: /api/games)
  else if (words.by_players) input = choose(words.by_players[$("#players").value] || []);
  else if (o.kind === "int") input = el("input", { type: "number", value, min: o.minimum, max: o.maximum, inputmode: "numeric" });
  else input = el("input", { value: value ?? "" });
  Object.assign(input.dataset, { option: o.name, kind: o.kind });
  return input;
}

function optionLabel(words, input) {
  const help = el("span", { class: "opt-help" }, words.help);
  if (input.type === "checkbox") return el("label", { class: "opt check" }, input, el("span", {}, el("b", {}, words.label), help));
  return el("label", { class: "opt" }, el("b", {}, words.label), input, help);
}

/** Every option shown now, by name: its value as chosen. */
function chosen() {
  const out = {};
  for (const input of document.querySelectorAll("#create [data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") out[input.dataset.option] = input.checked;
    else if (input.tagName === "SELECT") out[input.dataset.option] = input.value === "" ? undefined : JSON.parse(input.value);
    else if (kind === "int") out[input.dataset.option] = Number(input.value);
    else out[input.dataset.option] = input.value;
  }
  return out;
}

/** The options that differ from the game's defaults (the request names only those). */
function readOptions() {
  const now = chosen();
  const out = {};
  for (const o of game().options.filter((x) => !x.path)) {
    if (o.name in now && now[o.name] !== undefined && JSON.stringify(now[o.name]) !== JSON.stringify(o.default)) out[o.name] = now[o.name];
  }
  return out;
}

async function createCustom(ev) {
  ev.preventDefault();
  const err = $("#error");
  showError(err, "");
  const num = (id) => ($(id).value === "" ? null : Number($(id).value));
  const seats = ["human", ...[...document.querySelectorAll("#seats select")].map((s) => s.value)];
  const body = {
    game: picked(), players: seats.length, options: readOptions(), seats,
    level: $("#level").value, private: $("#private").checked, clock: num("#clock"),
    // (empty boxes: the page's defaults, which are the server's: bench/window_pace.py)
    window: num("#window") ?? Number($("#window").defaultValue), bot_delay: num("#bot_delay") ?? Number($("#bot_delay").defaultValue),
    // a seed goes as the decimal string typed: a JS number rounds above 2**53 (docs/protocol.md)
    seed: $("#seed").value.trim() || null,
  };
  // the table's chat is on unless unticked (the server's default: on)
  if (!$("#chat").checked) body.chat = false;
  // rated (issue 35): the box is enabled only while signed in
  if ($("#rated").checked && !$("#rated").disabled) body.rated = true;
  // the coach (issue 32): hints (always on against bots only), everyone's review open;
  // never at a rated table, said before asking (issue 46: the server refuses both at once)
  if ($("#hints").checked && body.rated) { showError(err, noCoachWords()); return; }
  if ($("#hints").checked) body.hints = true;
  if ($("#open-reviews").checked) body.open_reviews = true;
  try {
    location.href = (await sitDown(body, myName())).url;
  } catch (e) { showError(err, e.message); }
}

// -- the lists -----------------------------------------------------------------------------
function tableLine(row, watch) {
  const g = games.find((x) => x.id === row.game);
  const people = row.seats.filter((s) => s.kind === "human");
  const free = people.filter((s) => !s.taken).length;
  // everyone seated by name, a bot by its name and level: "ann, Ada (bot, medium)" (issue 46)
  const who = row.seats.filter((s) => s.kind === "bot" || s.name).map(seatLabel).join(", ");
  const name = g?.name || row.game;
  const seats = watch ? "" : free ? ` · ${nt("{n} free seat", "{n} free seats", free)}` : ` · ${t("full")}`;
  return el("li", {}, el("a", { href: `/tables/${row.id}` }, watch ? t("Watch {game}", { game: name }) : t("{game}: take a seat", { game: name })),
    el("span", { class: "muted" }, ` · ${nt("{n} player", "{n} players", row.players)}${who ? ` (${who})` : ""}${seats}`));
}

async function refresh() {
  try {
    const lists = await api("/api/tables");
    $("#open").replaceChildren(...(lists.open.length ? lists.open.map((x) => tableLine(x, false)) : [el("li", { class: "muted" }, t("None right now: press Play with friends to open one."))]));
    $("#playing").replaceChildren(...(lists.playing.length ? lists.playing.map((x) => tableLine(x, true)) : [el("li", { class: "muted" }, t("No games in play right now."))]));
  } catch { /* the next refresh tries again */ }
}

async function history(ev) {
  ev.preventDefault();
  const name = $("#history-name").value.trim();
  if (!name && !account()) return;
  try {
    // signed in, no name: your own games, by account (issue 35)
    const h = await api(name ? `/api/history?name=${encodeURIComponent(name)}` : "/api/history");
    const gameName = (id) => games.find((g) => g.id === id)?.name || id;
    $("#history").replaceChildren(...(h.games.length ? h.games.map((g) => el("li", {},
      el("a", { href: `/replay/${g.id}` }, `${gameName(g.game)}, ${nt("{n} player", "{n} players", g.players)}`), ` · ${t("seat {n}", { n: g.seat })} · ${g.won ? t("won") : g.status === "ended" ? t("ended") : t("lost")}`))
      : [el("li", { class: "muted" }, t("No finished games under that name."))]));
  } catch (e) { $("#history").replaceChildren(el("li", { class: "error" }, e.message)); }
}

/** The Rated box (issue 35): only a signed-in person may ask for a rated table. */
function drawRated(name) {
  $("#rated").disabled = !name;
  if (!name) $("#rated").checked = false;
  $("#rated-note").textContent = name
    ? t("A rated table plays unrated unless every person at it is signed in.")
    : t("Sign in to play rated. A rated table plays unrated unless every person at it is signed in.");
  drawCoach();
}

/** Why a rated table has no hints (the server's rule, said before asking: issue 46). */
const noCoachWords = () => t("No hints at a rated table: a rating is of the players alone, with no coach. Untick Rated to allow hints.");

/** Rated and Hints exclude each other: while Rated is ticked the Hints box is off and
 * disabled, and the note beside it says why (issue 46: never dropped silently). */
function drawCoach() {
  const rated = $("#rated").checked && !$("#rated").disabled;
  if (rated) $("#hints").checked = false;
  $("#hints").disabled = rated;
  $("#hints-note").textContent = rated ? noCoachWords() : "";
  $("#hints-note").classList.toggle("hidden", !rated);
}

/** The name box: a signed-in person's account name, read-only (the server seats them under
 * it), else what was typed here before; empty, a guest's name shows as its placeholder. */
function drawName(name) {
  const box = $("#name");
  box.readOnly = !!name;
  if (name) box.value = name;
  else if (box.value === box.dataset.account) box.value = localStorage.getItem(NAME_KEY) || "";
  box.dataset.account = name || "";
  box.title = name ? t("Signed in: you play under your account's name") : "";
}

async function main() {
  $("#name").value = localStorage.getItem(NAME_KEY) || "";
  $("#name").placeholder = guestName();
  games = await api("/api/games");
  drawPicker();
  drawLessons();
  $("#play-now").addEventListener("click", playNow);
  $("#play-friends").addEventListener("click", toggleFriends);
  $("#play-picked").addEventListener("click", playPicked);
  $("#friends-picked").addEventListener("click", friendsPicked);
  $("#friends-form").addEventListener("submit", createForFriends);
  for (const id of ["#friends-game", "#friends-count", "#friends-bots"]) $(id).addEventListener("change", drawFriends);
  $("#copy-btn").addEventListener("click", copyInvite);
  $("#games").addEventListener("change", pick);
  $("#players").addEventListener("change", drawSeats);
  $("#create").addEventListener("submit", createCustom);
  $("#rated").addEventListener("change", drawCoach);
  $("#history-form").addEventListener("submit", history);
  drawSeats();
  drawPicked();
  drawFriends();
  await setupAccount((name) => {
    $("#history-name").placeholder = name ? t("a player's name (empty: yours)") : t("a player's name");
    drawRated(name);
    drawName(name);
  });
  document.body.dataset.ready = "1";
  refresh();
  setInterval(refresh, 3000);
}

main();
