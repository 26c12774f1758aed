// The table page: one seat's (or a spectator's) view of a server table, drawn from the
// observation the server sends that seat and nothing else; words from POST /api/words.
import { api, el, seatStore, TableSocket } from "./api.js";
import { announce, CardBook, tip } from "./cards.js";
import { Chat } from "./chat.js";
import { players } from "./families/common.js";
import { familyPart } from "./families/index.js";
import { nt, t } from "./i18n.js";
import { defaultName, levelWords, nameOrDefault, seatLabel, winnersLine } from "./people.js";
import { afterRender } from "./touch.js";

const $ = (sel) => document.querySelector(sel);
/** A phone's layout (table.css's breakpoint). */
const phone = matchMedia("(max-width: 820px)");
/** `box`'s children become `kids`, the empty ones (null, false) left out. */
const fill = (box, ...kids) => box.replaceChildren(...kids.filter((k) => k !== null && k !== undefined && k !== false));
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const invite = new URLSearchParams(location.search).get("invite");
/** Actions per page: keys 1 to 9 play them, 0 turns the page (never a letter O beside a 0).
 * Fewer where the screen has no room for nine (`fitActions`): never a squeezed table. */
const PAGE = 9;
const S = {
  info: null, guide: null, book: null, seat: null, token: null, sock: null,
  msg: null, words: null, seq: -1, log: [], snaps: [], look: null,
  selected: new Set(), cursor: 0, group: null, odds: false, pending: false, queued: null,
  windowEnds: null, clockEnds: null, over: null, seats: null, hover: null, queue: Promise.resolve(),
  page: 0, pageSize: PAGE, tabs: null, sheet: null, viewsAsked: false, wordsFailing: false, chat: null,
  hint: null, part: null, plan: [],
};

// -- hooks for other modules (touch, motion) ---------------------------------------------------
/**
 * Call `callback(view)` after every render of the table, where `view` is
 * `{ seq, family, observation, words, decision, look, actions }`: `observation` and `words`
 * are what is drawn (an earlier moment's while looking back, `look` then its index),
 * `decision` the seat's open decision (null when none, or while looking back) and `actions`
 * the choices on offer, each `{ kind: "act"|"group", id, label, text, risk, cards, group }`.
 * A module loads after this one (`<script type="module">` in table.html, importing from
 * here) and registers; the hook is a DOM event, so the order of evaluation never matters.
 * Returns a function that unregisters the callback.
 */
export function onRender(callback) {
  const listener = (ev) => callback(ev.detail);
  document.addEventListener("kaboom:render", listener);
  return () => document.removeEventListener("kaboom:render", listener);
}

/** Play one of the choices `onRender` gave (`actions[i]`): an action, or open its group. */
export function chooseAction(choice) { choose(choice); }

function authQuery() { return invite ? `?invite=${encodeURIComponent(invite)}` : ""; }

/** The header's game name; its edition in brackets folds away on a phone (table.css). */
function drawGameName(name) {
  const m = /^(.*?)\s*(\(.*\))$/.exec(name);
  $("#game-name").replaceChildren(m ? m[1] : name, ...(m ? [" ", el("span", { class: "edition" }, m[2])] : []));
  $("#game-name").title = name;
}

// -- people: every seat said by its name ------------------------------------------------------
/** A bot's level in words, for its badge beside its name: "bot · medium". */
function botBadge(info) {
  return t("bot · {level}", { level: levelWords(info.level) });
}

/** The name a seat goes by at this table: "You" for this page's own seat, a person's name,
 * a bot's name, else its seat ("P2"). */
function label(q) {
  if (q === S.seat) return t("You");
  const info = S.seats?.[q];
  return info?.name || `P${q}`;
}

/** `text` (the server's words, which call seats P0, P1…) with each other seat called by its
 * name: "Ada plays Favor on Bob". One place: the log, the status, the window, the actions. */
export function named(text) {
  if (!text || !S.seats) return text;
  return String(text).replace(/\bP(\d+)(?!\d)/g, (all, n) => {
    const q = Number(n);
    return q < S.seats.length && q !== S.seat && S.seats[q]?.name ? S.seats[q].name : all;
  });
}

/** Who you are, in the header, as the seats call you: "You are ann (P0)", or "watching". */
function drawWhoami() {
  // a rated table (issue 35): from the start, whether it plays rated (the server decides)
  $("#rated-tag").classList.toggle("hidden", !S.info?.rated);
  // the coach (issue 32): everyone at the table is told whether hints are on
  $("#hints-tag").classList.toggle("hidden", !S.info?.hints);
  $("#hint-btn").classList.toggle("hidden", !S.info?.hints || S.seat === null || S.seat === undefined);
  if (S.seat === null || S.seat === undefined) { $("#whoami").textContent = t("watching"); return; }
  const name = (S.seats || [])[S.seat]?.name;
  $("#whoami").textContent = name ? t("You are {name} (P{seat})", { name, seat: S.seat }) : t("You are P{seat}", { seat: S.seat });
}

function setStatus(text) { $("#status").textContent = text; }
function showError(text) { const e = $("#error"); e.textContent = text || ""; e.classList.toggle("hidden", !text); }

async function main() {
  const stored = seatStore.get(tableId);
  try {
    S.info = await api(`/api/tables/${tableId}${authQuery()}`, { token: stored?.token });
  } catch (err) {
    setStatus(t("No table here: {why}", { why: err.message }));
    return;
  }
  $("#game-name").textContent = S.info.game;
  S.guide = await api("/api/guide", { method: "POST", body: { game: S.info.game, players: S.info.players, options: S.info.options } });
  S.book = new CardBook(S.guide);
  S.part = familyPart(S.guide.family); // the family's part of the page, looked up once
  document.body.dataset.game = S.info.game;
  document.body.dataset.family = S.guide.family;
  drawGameName(S.guide.name);
  document.title = `${S.guide.name} · kaboom`;
  S.seats = S.info.seats;
  if (stored?.token) {
    connect(stored.token, stored.seat);
  } else if (S.info.status === "open") {
    drawJoin();
  } else {
    connect(null, null);
  }
  wireKeys();
  wireDock();
  wireTools();
  wireChat();
  setInterval(tick, 200);
}

// -- joining -----------------------------------------------------------------------------------
function drawJoin() {
  const free = S.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
  const name = el("input", { id: "join-name", value: defaultName(), placeholder: t("your name"), maxlength: 32, "aria-label": t("your name") });
  const seat = el("select", { id: "join-seat", "aria-label": t("seat") }, ...free.map((q) => el("option", { value: q }, t("seat {n}", { n: q }))));
  const box = $("#join");
  fill(box, el("h2", {}, t("Join this table")),
    free.length ? el("div", { class: "row cols" }, name, seat,
      el("button", { class: "primary", id: "join-btn", onclick: () => join(name.value, Number(seat.value)) }, t("Take the seat")))
      : el("p", {}, t("Every seat is taken.")),
    el("p", {}, el("button", { id: "watch-btn", onclick: () => { box.classList.add("hidden"); connect(null, null); } }, t("Watch this game"))));
  box.classList.remove("hidden");
  setStatus(t("Waiting for players"));
}

async function join(typed, seat) {
  showError("");
  const name = nameOrDefault(typed);
  try {
    const r = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name: name.trim(), seat, invite: invite || undefined } });
    localStorage.setItem("kaboom.name", name.trim());
    seatStore.set(tableId, { token: r.token, seat: r.seat, name: name.trim() });
    $("#join").classList.add("hidden");
    connect(r.token, r.seat);
  } catch (err) { showError(err.message); }
}

async function start() {
  showError("");
  try { await api(`/api/tables/${tableId}/start`, { method: "POST", token: S.token }); } catch (err) { showError(err.message); }
}

function connect(token, seat) {
  S.token = token;
  S.seat = seat;
  drawWhoami();
  S.sock = new TableSocket({ table: tableId, token, invite, onMessage, onState: (st, ev) => {
    $("#conn").textContent = st === "connected" ? "" : t("reconnecting…");
    if (st === "disconnected" && ev?.code === 4003) { seatStore.forget(tableId); showError(t("This seat's token no longer works here.")); }
  } });
  S.sock.open();
}

// -- messages ----------------------------------------------------------------------------------
function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      S.seat = msg.seat; S.info = { ...S.info, ...msg.table }; S.seats = msg.seats;
      drawWhoami();
      drawLobby();
      // the table's creator sits at seat 0 (the lobby's forms); the server may say who
      S.chat.welcome(msg.chat, { host: msg.seat !== null && msg.chat?.host === msg.seat });
      break;
    case "chat":
      S.chat.line(msg);
      break;
    case "react":
      S.chat.react(msg);
      break;
    case "chat-setting":
      S.chat.setting(msg);
      break;
    case "seats":
      S.seats = msg.seats; S.info.status = msg.status;
      drawWhoami();
      drawLobby();
      if (S.msg) draw();
      break;
    case "sync":
    case "update":
      take(msg);
      break;
    case "ack":
      // A window answer overtaken by another seat's Nope (or the game's end) is refused with
      // rule "reaction window": the window moved on, nothing went wrong (docs/protocol.md).
      if (msg.status === "refused" && msg.rule === "reaction window") { S.queued = null; S.pending = false; draw(); }
      else if (msg.status === "refused" && msg.rule === "another tab") { S.pending = false; draw(); }
      // a click on a decision that had gone by (a bot, a window's clock came first): the
      // table has moved on and says so itself; nothing went wrong
      else if (msg.status === "refused" && msg.rule === "stale") { S.pending = false; S.plan = []; draw(); }
      else if (msg.status === "refused") { showError(t("Refused ({rule}): {reason}", { rule: msg.rule, reason: msg.reason })); S.pending = false; draw(); }
      if (msg.status === "queued") { S.queued = { text: msg.text, at: S.msg?.decision?.at }; draw(); }
      break;
    case "over":
      S.over = msg;
      S.queue = S.queue.then(() => endScreen(msg)).catch((err) => showError(err.message));
      break;
    case "tabs":
      S.tabs = msg;
      drawTabs();
      if (S.msg) draw();
      break;
    case "hint":
      S.hint = { ...msg, asking: false };
      drawHint();
      fitActions(); // the hint takes room: the actions make way, never the table
      break;
    case "error":
      if (msg.code?.startsWith("hint")) { S.hint = { error: msg.message, asking: false, at: S.msg?.decision?.at }; drawHint(); }
      else if (!S.chat.refused(msg)) showError(msg.message);
      break;
    default:
  }
}

/** An update or sync: put it into words (in order), then draw. */
function take(msg) {
  const decision = msg.decision;
  const seen = decision?.observation || msg.observation;
  const events = msg.type === "sync" ? msg.missed.map((m) => m.events) : [msg.events];
  const seqs = msg.type === "sync" ? msg.missed.map((m) => m.seq) : [msg.seq];
  const body = {
    game: S.info.game, players: S.info.players, options: S.info.options, seat: S.seat,
    observation: seen, legal: decision?.legal || [], events,
  };
  S.queue = S.queue.then(async () => {
    let words;
    try {
      words = await api("/api/words", { method: "POST", body });
      wordsCame();
    } catch (err) {
      // never freeze: the action's own text now, the words when a retry gets them
      words = fallbackWords(seen, decision);
      S.wordsFailing = true;
      showError(t("The words did not come ({why}); retrying. The actions show their plain text meanwhile.", { why: err.message }));
      retryWords(body, msg, seqs);
    }
    // a sync after a reconnect holds only what was missed since the last seq seen
    seqs.forEach((q, i) => { if (words.log[i]?.length) addLog(q, words.log[i]); });
    if (msg.type === "update") announce(words.log[0]?.map(named)); // a11y: the new lines, said once (cards.js)
    S.msg = msg; S.words = words; S.seq = msg.seq; S.pending = false;
    if (S.tabs?.playing === false) S.pending = false;
    if (!decision || decision.kind !== "window") S.queued = null;
    S.windowEnds = msg.window === null ? null : performance.now() + msg.window * 1000;
    S.clockEnds = decision?.clock == null ? null : performance.now() + decision.clock * 1000;
    const keep = new Set(words.hand);
    S.selected = new Set([...S.selected].filter((i) => i < words.hand.length && keep.has(words.hand[i])));
    if (!decision) S.group = null;
    S.snaps.push({ seq: msg.seq, obs: msg.observation, words });
    if (S.snaps.length > 400) S.snaps.shift();
    $("#join").classList.add("hidden");
    S.page = 0;
    draw();
    followPlan();
    if (msg.type === "sync" && S.seat !== null && !S.viewsAsked) earlierViews();
  }).catch((err) => showError(err.message));
}

/** The words answer again: the notice that they did not goes. */
function wordsCame() {
  if (S.wordsFailing) { S.wordsFailing = false; showError(""); }
}

/** A log entry's lines, in seq order (a retried word request may answer late). */
function addLog(seq, lines) {
  if (S.log.some((e) => e.seq === seq)) return;
  S.log.push({ seq, lines });
  S.log.sort((a, b) => a.seq - b.seq);
}

/** What the page shows while /api/words is not answering: every legal action by its own
 * text, the hand by its cards' slugs; nothing the seat was not sent. */
function fallbackWords(observation, decision) {
  const hand = Array.isArray(observation?.hand) ? observation.hand.map(String) : [];
  return {
    status: decision ? t("Your move (the words are on their way)") : t("Waiting (the words are on their way)"),
    actions: (decision?.legal || []).map((a) => ({ id: a.id, text: a.text, label: a.text, risk: "", group: null, cost: 0, cards: [] })),
    hand, chain: null, answer: null, panel: [], knowledge: [], odds: null, log: [], summary: [], names: [],
    fallback: true,
  };
}

/** Ask for the words again, waiting 0.5, 1, 2, 4, 8 s between tries (then every 8 s);
 * when they come: the log lines, and the words themselves if the page still shows it. */
async function retryWords(body, msg, seqs) {
  for (let attempt = 0; ; attempt += 1) {
    await new Promise((ok) => setTimeout(ok, 500 * 2 ** Math.min(attempt, 4)));
    if (S.msg && S.msg.seq > msg.seq && attempt > 6) return; // long overtaken: let it go
    try {
      const words = await api("/api/words", { method: "POST", body });
      seqs.forEach((q, i) => { if (words.log[i]?.length) addLog(q, words.log[i]); });
      const snap = S.snaps.find((x) => x.seq === msg.seq);
      if (snap) snap.words = words;
      if (S.msg === msg) S.words = words;
      wordsCame();
      draw();
      return;
    } catch { /* try again */ }
  }
}

/** After a reload: the earlier moments of this seat's own view, from the server's log
 * (GET /api/tables/{id}/views, by the seat's token), so Look back reaches before now. */
async function earlierViews() {
  S.viewsAsked = true;
  let got;
  try { got = await api(`/api/tables/${tableId}/views`, { token: S.token }); } catch { return; }
  const have = new Set(S.snaps.map((x) => x.seq));
  const earlier = got.views.filter((v) => !have.has(v.seq) && v.seq < S.seq).map((v) => ({ seq: v.seq, obs: v.observation, words: null, events: v.events }));
  S.snaps = [...earlier, ...S.snaps].slice(-400);
  const present = new Set(S.log.map((e) => e.seq));
  const missing = got.views.filter((v) => !present.has(v.seq) && v.seq < S.seq);
  if (!missing.length) return;
  try {
    const words = await api("/api/words", { method: "POST", body: {
      game: S.info.game, players: S.info.players, options: S.info.options, seat: S.seat,
      observation: missing[missing.length - 1].observation, legal: [], events: missing.map((v) => v.events) } });
    missing.forEach((v, i) => { if (words.log[i]?.length) addLog(v.seq, words.log[i]); });
    draw();
  } catch { /* the log stays as it was */ }
}

/** An earlier moment's words (asked for when first looked at). */
async function snapWords(snap) {
  if (snap.words || snap.asking) return;
  snap.asking = true;
  try {
    snap.words = await api("/api/words", { method: "POST", body: {
      game: S.info.game, players: S.info.players, options: S.info.options, seat: S.seat,
      observation: snap.obs, legal: [], events: [] } });
  } catch { snap.words = fallbackWords(snap.obs, null); }
  snap.asking = false;
  draw();
}

// -- drawing -----------------------------------------------------------------------------------
function drawLobby() {
  const box = $("#waiting");
  if (S.info.status !== "open") { box.classList.add("hidden"); return; }
  const allTaken = S.seats.every((s) => s.taken);
  fill(box, el("h2", {}, t("Waiting to start")),
    el("ul", {}, ...S.seats.map((s) => el("li", { dataset: { seat: s.seat } }, t("seat {n}: ", { n: s.seat }),
      s.kind === "bot" ? seatLabel(s) : s.taken ? (s.seat === S.seat ? t("{name} (you)", { name: s.name }) : s.name) : t("free")))),
    el("p", {}, t("Invite others with this page's link.")),
    S.seat !== null ? el("button", { class: "primary", id: "start-btn", disabled: !allTaken, onclick: start }, allTaken ? t("Start the game") : t("Start (when every seat is taken)")) : null);
  box.classList.remove("hidden");
  S.chat.drawPops();
  setStatus(S.seat === null ? t("Watching: waiting for the game to start") : t("Waiting for everyone to sit down"));
}

/** The actions on offer now: those using every selected card, grouped as the terminal
 * table groups them (five different, a card to name). */
function shownActions() {
  const d = S.msg?.decision;
  if (!d || S.look) return [];
  const hand = S.words.hand;
  const picked = bulkNow() ? [] : [...S.selected].map((i) => hand[i]);
  const list = S.words.actions.filter((a) => picked.every((slug) => a.cards.includes(slug))
    && picked.length <= cardsPlayed(a.text));
  if (d.kind === "window") return [];
  if (S.group) return list.filter((a) => a.group === S.group).map((a) => ({ ...a, kind: "act" }));
  const out = [];
  const groups = new Set();
  for (const a of list) {
    if (a.group) {
      if (!groups.has(a.group)) { groups.add(a.group); out.push({ kind: "group", label: a.group, risk: "", group: a.group }); }
    } else out.push({ ...a, kind: "act" });
  }
  return out;
}

/** How many cards of the hand an action's text form plays: a pair 2, a triple 3, five
 * different 5, `a+b` one of each; any other play one. The selection's size bounds it: three
 * Defuse cards selected offer no pair (the selected multiset must fit in the action). */
export function cardsPlayed(text) {
  const tokens = String(text || "").split(/\s+/);
  const upTo = tokens.findIndex((t) => t.startsWith("@"));
  const [verb, ...rest] = upTo < 0 ? tokens : tokens.slice(0, upTo);
  const parts = rest.reduce((n, t) => n + t.split("+").length, 0);
  const least = { pair: 2, triple: 3, five: 5 }[verb] || 1;
  return Math.max(least, parts);
}

/** The page of `list` shown now (keys 1 to 9), and how many pages there are. */
function paged(list) {
  const size = S.pageSize;
  const pages = Math.max(1, Math.ceil(list.length / size));
  S.page = Math.min(S.page, pages - 1);
  return { items: list.slice(S.page * size, (S.page + 1) * size), offset: S.page * size, pages };
}

function nextPage(list) {
  const pages = Math.max(1, Math.ceil(list.length / S.pageSize));
  S.page = (S.page + 1) % pages;
  draw();
}

/** The highlighted default: the first choice that is not risky (none if all are). */
function defaultIndex(list) {
  return list.findIndex((a) => !a.risk);
}

function play(id) {
  const d = S.msg?.decision;
  if (!d || S.pending || S.tabs?.playing === false) return;
  S.pending = d.kind !== "window";
  S.sock.act(id, d.at);
  S.selected.clear(); S.group = null; S.page = 0;
  // the buttons wait for the answer; the table is drawn whole when it comes (a whole
  // render here would hold the page while the answer is on its way)
  if (S.pending) document.querySelectorAll("#actions button, #bulk-btn").forEach((b) => { b.disabled = true; });
}

function choose(a) {
  if (a.kind === "group") { S.group = a.group; S.page = 0; draw(); return; }
  play(a.id);
}

function draw() {
  if (!S.msg || !S.words) return;
  const snap = S.look !== null ? S.snaps[S.look] : { obs: S.msg.observation, words: S.words, seq: S.seq };
  // the look-back bar (and its way back) shows at once, even while a moment's words load
  $("#lookback-bar").classList.toggle("hidden", S.look === null);
  $("#table-area").classList.toggle("lookback", S.look !== null);
  if (!snap.words) { snapWords(snap); setStatus(t("Looking back: after log entry {n} (its words are on their way)", { n: snap.seq })); return; }
  const obs = snap.obs;
  const words = snap.words;
  // (set only when it changes: a redraw of the same moment, a resize, is no new render)
  if (document.body.dataset.seq !== String(S.seq)) document.body.dataset.seq = String(S.seq);
  document.body.dataset.mine = S.look === null && S.msg.decision ? "1" : "";
  setStatus(S.look !== null ? t("Looking back: after log entry {n} (your view then)", { n: snap.seq }) : named(words.status));
  drawSeats(obs);
  S.chat.drawPops();
  drawMiddle(obs, words);
  centreTrack();
  drawWindow(obs, words);
  drawHand(obs, words);
  S.pageSize = PAGE;
  delete document.body.dataset.tight;
  drawActions();
  drawHint();
  drawSide(obs, words);
  drawLog();
  document.dispatchEvent(new CustomEvent("kaboom:render", { detail: {
    seq: S.seq, family: obs.family, observation: obs, words, look: S.look,
    decision: S.look === null ? S.msg.decision : null, actions: shownActions(),
  } }));
  afterRender(S, play, draw, () => partContext(S.msg.observation, S.words));
  fitActions();
}

/** Fewer actions a page while the screen has no room for them: on a phone the felt must
 * hold the middle of the table whole and the buttons must end above the screen's bottom;
 * on a wide screen the column keeps room for the log. The keys follow the page. */
function fitActions() {
  if (!S.msg?.decision || S.look !== null) return;
  for (let guard = 0; guard < 8 && S.pageSize > 2 && squeezed(); guard += 1) {
    S.pageSize -= phone.matches ? 2 : 1;
    drawActions();
    afterRender(S, play, draw, () => partContext(S.msg.observation, S.words));
  }
  // a phone with no room left even so (a short screen, a tall strip of seats, a hint open):
  // drawn tighter step by step (table.css), the middle of the table kept whole
  for (const step of TIGHT) {
    if (!phone.matches || !squeezed()) break;
    document.body.dataset.tight = step;
  }
}

/** How far a phone's table is drawn tighter when it has no room (table.css). */
const TIGHT = ["1", "2", "3", "4"];

function squeezed() {
  if (phone.matches) {
    const felt = $("#middle-box");
    return felt.scrollHeight > felt.clientHeight + 1 || $("#sheet-btns").getBoundingClientRect().bottom > innerHeight + 0.5;
  }
  return $("#dock").getBoundingClientRect().bottom > $("#panel-col").getBoundingClientRect().bottom - 160;
}

// -- the coach's hint (issue 32) ---------------------------------------------------------------
/** Ask the coach for this decision's best choices (where the table allows hints). */
function askHint() {
  const d = S.msg?.decision;
  if (!S.info?.hints || S.seat === null || S.look !== null) return;
  if (!d) { S.hint = { error: t("No decision of yours to hint at now."), at: null }; drawHint(); return; }
  if (S.hint?.asking) return;
  S.hint = { asking: true, at: d.at };
  drawHint();
  fitActions();
  S.sock.send({ type: "hint" });
}

/** The hint for the decision open now: each choice in the page's own words, its chance of
 * winning and its interval; a hint for a decision gone by is dropped. */
function drawHint() {
  const box = $("#hint-box");
  const d = S.msg?.decision;
  const h = S.hint;
  const btn = $("#hint-btn");
  btn.disabled = !d;
  if (!h || S.look !== null || (h.at !== null && h.at !== undefined && h.at !== d?.at)) {
    box.classList.add("hidden");
    if (h && !h.asking && h.at !== d?.at) S.hint = null;
    return;
  }
  const words = (id, text) => named(S.words?.actions?.find((a) => a.id === id)?.label || text);
  const pct = (x) => `${Math.round(x * 100)}%`;
  const body = h.asking ? el("p", { class: "muted" }, t("The coach is thinking…"))
    : h.error ? el("p", {}, h.error)
      : el("ol", { class: "hint-choices" }, ...h.choices.map((c) => el("li", {},
        el("strong", {}, words(c.action, c.text)), t(" · {chance} to win", { chance: pct(c.win) }),
        el("span", { class: "muted" }, ` (${pct(c.interval[0])}–${pct(c.interval[1])})`))));
  fill(box, el("h2", { id: "hint-head" }, t("Hint")), body,
    h.asking || h.error ? null : el("p", { class: "muted" }, t("Searched from what you know only.")),
    el("button", { id: "hint-close", onclick: () => { S.hint = null; draw(); } }, t("Hide the hint")));
  box.classList.remove("hidden");
}

/** A bot plays your seat (your clock ran out, or the table voted): take it back. */
function awayBar() {
  const me = S.seat === null ? null : S.seats?.[S.seat];
  if (!me || !(me.away || me.takeover) || S.over) return null;
  return el("p", { class: "error" }, t("A bot is playing your seat. "),
    el("button", { id: "back-btn", onclick: takeBack }, el("kbd", {}, "B"), " ", t("Take my seat back")));
}

function takeBack() { S.sock.send({ type: "back" }); }

/** On a narrow screen the board scrolls: keep the current player's token in view. */
function centreTrack() {
  const track = document.querySelector(".track");
  const token = track?.querySelector(`[data-token="${S.msg.observation.current ?? S.seat}"]`);
  if (!track || !token || track.scrollWidth <= track.clientWidth) return;
  const left = token.getBoundingClientRect().left - track.getBoundingClientRect().left + track.scrollLeft;
  track.scrollLeft = Math.max(0, left - track.clientWidth / 2);
}

/** What the family's part of the page draws with (families/*.js): the cards, this seat, the
 * words, the seats' names, the hovered action, the room the felt has. */
export function partContext(obs, words) {
  return {
    book: S.book, viewer: S.seat, words, seats: S.seats, observation: obs, family: S.part,
    label, named, botBadge, hover: S.hover, phone: phone.matches,
    // the felt's room, read only by a part that asks (the board): a read of the layout in
    // the middle of a render lays the whole page out again
    get width() { return Math.max(240, ($("#middle-box")?.clientWidth || innerWidth) - 24); },
    get height() { return Math.max(160, ($("#middle-box")?.clientHeight || innerHeight / 2) - 24); },
    odds: S.odds && S.guide.has_odds && words?.odds !== null && words?.odds !== undefined ? words.odds : null,
    windowMark: () => windowMark(obs),
    redraw: () => draw(),
  };
}

/** The seats around the table (everyone but you, along the top) and your own pod by your
 * hand; a spectator sees every seat along the top. */
function drawSeats(obs) {
  const vote = S.seat === null || S.look !== null ? null : (q) => S.sock.send({ type: "vote", seat: q });
  const ctx = Object.assign(partContext(obs, S.words), { onVote: vote }); // (the room unread)
  const others = { ...obs, players: obs.players.filter((p) => p.seat !== S.seat) };
  fill($("#players"), players(others, ctx), awayBar());
  const mine = obs.players.filter((p) => p.seat === S.seat);
  fill($("#me"), ...(mine.length ? [players({ ...obs, players: mine }, ctx)] : []));
}

/** The felt: the family's middle of the table. */
function drawMiddle(obs, words) {
  fill($("#middle"), S.part.middle(obs, partContext(obs, words)));
}

/** On the felt while a reaction window is open: the time left as a bar under the card
 * played (the clock itself is in the window's box). */
function windowMark(obs) {
  if (!obs.window || S.look !== null) return null;
  return el("div", { class: "window-mark", id: "window-mark" }, el("span", {}, t("Reaction window")),
    el("span", { class: "bar", "aria-hidden": "true" }, el("span", { id: "window-bar" })));
}

function drawWindow(obs, words) {
  const box = $("#window");
  const d = S.msg.decision;
  const open = Boolean(obs.window) && S.look === null;
  // the window's box says what the status would: one of them, never both
  $("#status").classList.toggle("hidden", open);
  if (!open) { box.classList.add("hidden"); fill(box, ); return; }
  const kids = [el("strong", {}, t("Reaction window: ")), el("span", {}, named(words.chain) || ""),
    el("span", { class: "clock", id: "window-clock", "aria-live": "off" }, "")];
  if (d && d.kind === "window") {
    const nope = d.legal.find((a) => a.text.startsWith("nope"));
    const pass = d.legal.find((a) => a.text === "pass");
    const does = nopeDoes(obs.window, words);
    if (S.queued && S.queued.at === d.at) {
      const said = S.queued.text === "pass" ? t("You let it pass") : t("Your Nope is in: {effect}", { effect: does.effect });
      kids.push(el("span", { class: "said", id: "queued" }, said));
    } else if (nope) kids.push(el("span", { class: "says", id: "nope-says" }, does.says));
    if (nope) kids.push(el("button", { class: "primary", id: "nope-btn", onclick: () => play(nope.id) }, el("kbd", {}, "N"), ` ${words.answer || t("Nope it")}`));
    if (pass) kids.push(el("button", { id: "pass-btn", onclick: () => play(pass.id) }, el("kbd", {}, "P"), " ", t("Let it pass")));
  } else {
    kids.push(el("span", { class: "muted" }, t("every seat is asked in turn, whatever it holds")));
  }
  fill(box, ...kids);
  box.classList.remove("hidden");
  tick();
}

/** What a Nope does now, in words: the play it stops (or brings back), at once, unless
 * someone Nopes back before the others' time runs out. */
function nopeDoes(window, words) {
  const what = named(words.play) || t("the play");
  const yup = (window?.nopes?.length || 0) % 2 === 1;
  const effect = yup ? t("{play} goes ahead again unless someone Nopes back", { play: what })
    : t("stops {play} unless someone Nopes back", { play: what });
  // one whole sentence each (a translator orders it): what a Nope now does
  const says = yup ? t("Nope the Nope now: {effect}.", { effect }) : t("Nope it now: {effect}.", { effect });
  return { effect, says };
}

function drawHand(obs, words) {
  const box = $("#hand-box");
  if (S.seat === null || obs.hand === null) { box.classList.add("hidden"); fill(box, ); return; }
  box.classList.remove("hidden");
  const hand = words.hand;
  S.cursor = Math.min(S.cursor, Math.max(hand.length - 1, 0));
  const cards = hand.map((slug, i) => {
    const c = S.book.card(slug, {
      selected: S.selected.has(i) && S.look === null, index: i,
      onPick: S.look === null && S.part.pickHand ? () => { toggle(i); } : null,
    });
    if (i === S.cursor) c.classList.add("cursor");
    return c;
  });
  const handLabel = S.guide.hand_label === "Hand" ? t("Your hand") : S.guide.hand_label;
  fill(box, el("h2", {}, t("{label} ({n})", { label: handLabel, n: hand.length })),
    el("div", { class: "hand", id: "hand" }, ...(cards.length ? cards : [el("span", { class: "muted" }, t("no cards"))])));
  fitHand();
}

/** A hand wider than its place overlaps like a fan held in the hand: every card keeps its
 * band (icon, letter, name) in sight, none passes beyond the table's edge. */
function fitHand() {
  const hand = $("#hand");
  if (!hand) return;
  const cards = [...hand.querySelectorAll(":scope > .card")];
  hand.classList.remove("fanned");
  hand.style.removeProperty("--overlap");
  if (cards.length < 2) return;
  const room = hand.clientWidth - 8;
  const w = cards[0].offsetWidth;
  const gap = parseFloat(getComputedStyle(hand).columnGap) || 0;
  if (cards.length * w + (cards.length - 1) * gap <= room) return;
  hand.classList.add("fanned");
  hand.style.setProperty("--overlap", `${Math.ceil((cards.length * w - room) / (cards.length - 1))}px`);
}

function toggle(i) {
  if (S.selected.has(i)) S.selected.delete(i); else S.selected.add(i);
  S.group = null;
  S.cursor = i;
  draw();
}

function drawActions() {
  const box = $("#actions-box");
  const d = S.msg.decision;
  const list = shownActions();
  box.classList.toggle("hidden", d?.kind === "window" && S.look === null); // the window's box answers it
  if (!d || d.kind === "window" || S.look !== null) {
    fill(box, el("h2", {}, t("Actions")), el("p", { class: "muted" },
      S.look !== null ? t("Looking back: Esc returns to now.") : d?.kind === "window" ? t("Answer the reaction window above.") : S.seat === null ? t("Watching.") : t("Not your move.")));
    return;
  }
  if (S.tabs?.playing === false) {
    fill(box, el("h2", {}, t("Actions")), el("p", { class: "muted" }, t("This seat is being played in another tab.")));
    return;
  }
  const bulk = bulkBar(d);
  const def = defaultIndex(list);
  const { items, offset, pages } = paged(list);
  const buttons = items.map((a, j) => actionButton(a, offset + j, j, def));
  if (pages > 1) {
    buttons.push(el("button", { class: "more", id: "more-btn", onclick: () => nextPage(list) },
      el("span", { class: "key" }, "0"), t("More (page {page} of {pages})", { page: S.page + 1, pages })));
  }
  const head = [el("h2", {}, t("Actions"))];
  if (S.selected.size && !bulk) head.push(el("p", { class: "muted" }, nt("Only actions using the selected card. ", "Only actions using the selected cards. ", S.selected.size), el("button", { onclick: () => { S.selected.clear(); draw(); } }, el("kbd", {}, "C"), " ", t("clear"))));
  if (S.group) head.push(el("p", {}, el("button", { onclick: () => { S.group = null; draw(); } }, el("kbd", {}, "Esc"), " ", t("back")), " ", S.group));
  const clock = d.clock == null ? null : el("p", { class: "muted", id: "turn-clock" }, "");
  fill(box, ...head, bulk, clock, el("div", { class: "actions", id: "actions" }, ...buttons),
    list.length ? null : el("p", { class: "muted" }, t("No action uses that selection.")));
}

/** A family's choice of several cards at once (the board game's discard down to three):
 * select them in the hand, then one click discards them, one action after another. */
function bulkBar(d) {
  const bulk = S.part.bulk;
  if (!bulk || d.kind !== "turn") return null;
  const offered = bulk.offered(S.words.actions);
  const need = bulk.needed(S.msg.observation, S.words.hand, partContext(S.msg.observation, S.words));
  if (!offered.length || need < 2) return null;
  const chosen = [...S.selected].map((i) => S.words.hand[i]);
  const ids = planFor(chosen, offered);
  const ready = ids !== null && chosen.length === need;
  return el("div", { class: "bulk", id: "bulk" },
    el("span", {}, nt("Select {n} card in your hand to discard.", "Select {n} cards in your hand to discard.", need), " ",
      t("Chosen: {k} of {n}.", { k: chosen.length, n: need })),
    el("button", { class: "primary", id: "bulk-btn", disabled: !ready || S.pending, onclick: () => playPlan(chosen, offered) },
      nt("Discard the {n} selected card", "Discard the {n} selected cards", chosen.length || need)));
}

/** The cards of `chosen` in the order they go, if each has a discard on offer (one action
 * a card title: two Shuffles are discarded by the same action twice); else null. */
function planFor(chosen, offered) {
  return chosen.every((slug) => offered.some((a) => a.cards.includes(slug))) ? [...chosen] : null;
}

/** Whether this decision takes several cards at once (`bulkBar`): the selection is its. */
function bulkNow() {
  const d = S.msg?.decision;
  const bulk = S.part?.bulk;
  if (!bulk || d?.kind !== "turn" || !S.words) return false;
  return bulk.offered(S.words.actions).length > 0 && bulk.needed(S.msg.observation, S.words.hand, partContext(S.msg.observation, S.words)) > 1;
}

/** Play the first of `chosen` now and the others as each next decision comes. */
function playPlan(chosen, offered) {
  if (!planFor(chosen, offered)) return;
  S.plan = chosen.slice(1);
  const first = offered.find((a) => a.cards.includes(chosen[0]));
  play(first.id);
}

/** The next card of a discard plan, when the new decision still asks for one. */
function followPlan() {
  if (!S.plan.length || !S.part.bulk) return false;
  const d = S.msg?.decision;
  const offered = d?.kind === "turn" ? S.part.bulk.offered(S.words.actions) : [];
  const next = offered.find((a) => a.cards.includes(S.plan[0]));
  if (!next) { S.plan = []; return false; }
  S.plan.shift();
  play(next.id);
  return true;
}

/** One action's button: its key on this page (1 to 9), its label, its risk. */
function actionButton(a, i, j, def) {
  return el("button", {
    class: `${a.kind === "group" ? "group" : ""}${i === def ? " default" : ""}${a.risk ? " risky" : ""}`,
    dataset: { id: a.id ?? "", text: a.text ?? "", index: i }, disabled: S.pending,
    "aria-keyshortcuts": String(j + 1),
    onclick: () => choose(a),
    onmouseenter: () => { S.hover = a; drawMiddle(S.msg.observation, S.words); },
    onmouseleave: () => { S.hover = null; drawMiddle(S.msg.observation, S.words); },
  }, el("span", { class: "key" }, String(j + 1)), named(a.label),
  a.risk ? el("span", { class: "risk" }, ` ⚠ ${a.risk}`) : null);
}

/** A seat open in several tabs: which one plays it, and a button to play it here. */
function drawTabs() {
  const box = $("#tabs-note");
  const tabs = S.tabs;
  if (!tabs || tabs.count < 2 && tabs.playing) { box.classList.add("hidden"); fill(box, ); return; }
  fill(box, tabs.playing
    ? el("span", {}, nt("This seat is open in {n} tab; this one plays it.", "This seat is open in {n} tabs; this one plays it.", tabs.count))
    : el("span", {}, t("This seat is being played in another tab. "),
      el("button", { class: "primary", id: "take-btn", onclick: () => S.sock.send({ type: "take" }) }, el("kbd", {}, "T"), " ", t("Play it here"))));
  box.classList.remove("hidden");
}

function drawSide(obs, words) {
  const knowledge = words.knowledge || [];
  const kbox = $("#known");
  fill(kbox, el("h2", {}, t("What you know")),
    knowledge.length ? el("ul", { class: "known" }, ...knowledge.map((l) => el("li", {}, named(l)))) : el("p", { class: "muted" }, S.seat === null ? t("Spectators see the public table only.") : t("Nothing beyond the table.")));
  const obox = $("#odds");
  $('#sheet-btns [data-sheet="odds"]').classList.toggle("hidden", !(S.guide.has_odds && words.odds !== null));
  if (S.guide.has_odds && words.odds !== null) {
    obox.classList.remove("hidden");
    fill(obox, el("button", { id: "odds-btn", onclick: () => { S.odds = !S.odds; draw(); } }, el("kbd", {}, "%"), " ", S.odds ? t("Hide the odds") : t("Show the odds")),
      S.odds ? el("p", { class: "odds" }, t("Chance the next card is a bomb: {percent}%", { percent: Math.round(words.odds * 100) })) : null);
  } else obox.classList.add("hidden");
}

/** The last entries of the log the page shows. */
const LOG_SHOWN = 300;
/** What the log's box holds: the entries' seqs in order, and the seats' names they were
 * told with (``named``). */
const logDrawn = { seqs: [], names: null };
/** Whether the log is scrolled to its end (kept by its scroll events, never read in a
 * render: a read of the layout there lays the whole page out again). */
let logAtEnd = true;

/** The log: new entries appended to what is drawn (drawn afresh when the names changed or
 * an entry came out of order); kept at its end when it was there. */
function drawLog() {
  const box = $("#log");
  if (!box.dataset.watched) {
    box.dataset.watched = "1";
    box.addEventListener("scroll", () => { logAtEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 20; }, { passive: true });
  }
  const shown = S.log.slice(-LOG_SHOWN);
  const seqs = shown.map((e) => e.seq);
  const names = JSON.stringify(S.seats?.map((q) => q?.name ?? null) ?? null) + S.seat;
  const lines = (entry) => entry.lines.map((line) => el("p", { class: /^(You|Your)\b/.test(line) ? "mine" : "", dataset: { seq: entry.seq } }, named(line)));
  const drop = logDrawn.seqs.length ? logDrawn.seqs.indexOf(seqs[0]) : 0;
  const kept = drop < 0 ? [] : logDrawn.seqs.slice(drop);
  if (logDrawn.names !== names || drop < 0 || kept.some((q, i) => q !== seqs[i])) {
    fill(box, ...shown.flatMap(lines));
  } else {
    const gone = new Set(logDrawn.seqs.slice(0, drop));
    while (box.firstElementChild && gone.has(Number(box.firstElementChild.dataset.seq))) box.firstElementChild.remove();
    box.append(...shown.slice(kept.length).flatMap(lines));
  }
  logDrawn.seqs = seqs; logDrawn.names = names;
  if (logAtEnd) requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
}

function tick() {
  const w = $("#window-clock");
  if (w && S.windowEnds !== null) w.textContent = t("{seconds} s", { seconds: Math.max(0, (S.windowEnds - performance.now()) / 1000).toFixed(1) });
  const bar = $("#window-bar");
  if (bar && S.windowEnds !== null) bar.style.transform = `scaleX(${Math.max(0, Math.min(1, (S.windowEnds - performance.now()) / 1000 / (S.info?.window || 1)))})`;
  const c = $("#turn-clock");
  if (c && S.clockEnds !== null) c.textContent = t("Your clock: {seconds} s", { seconds: Math.ceil(Math.max(0, (S.clockEnds - performance.now()) / 1000)) });
}

// -- the end -----------------------------------------------------------------------------------
async function endScreen(over) {
  const auth = S.token ? { token: S.token } : {};
  let last = null;
  try {
    const exported = await api(`/api/games/${tableId}/export${authQuery()}`, auth);
    const replay = await api("/api/replay", { method: "POST", body: exported });
    last = replay.steps[replay.steps.length - 1];
  } catch (err) { showError(t("The log could not be read: {why}", { why: err.message })); }
  const head = over.status === "ended" ? t("The table was ended (idle).")
    : over.winners.includes(S.seat) ? t("You won!") : winnersLine(over.winners, S.seats, S.seat);
  const summary = (S.words?.summary || []).map(named);
  const hands = last ? last.hands.map((cards, q) => el("li", {}, `${label(q)}: `,
    cards.length ? counted(cards.map((c) => S.book.name(c))) : t("no cards"))) : [];
  const box = el("div", { class: "box end", role: "dialog", "aria-modal": "true", "aria-label": t("Game over") },
    el("h2", { class: "won" }, head),
    el("ul", {}, ...summary.map((l) => el("li", {}, l))),
    hands.length && S.part.handsAtEnd ? el("div", {}, el("h3", {}, t("The hands")), el("ul", {}, ...hands)) : null,
    el("p", { class: "muted" }, t("Seed {seed}. Turns played: {turns}.", { seed: over.seed, turns: S.msg?.observation?.turns ?? "?" })),
    el("div", { class: "cols" },
      S.seat !== null ? el("button", { class: "primary", id: "again-btn", onclick: playAgain }, t("Play again (same seats)")) : null,
      el("a", { href: `/replay/${tableId}${authQuery()}`, id: "replay-link" }, t("Replay the game")),
      S.seat !== null || S.info?.open_reviews ? el("a", { href: `/review/${tableId}${authQuery()}`, id: "review-link" }, t("Review: your game with the coach")) : null,
      el("button", { id: "close-end", onclick: () => $("#end").classList.add("hidden") }, t("See the table")),
      el("a", { href: "/" }, t("Lobby"))));
  fill($("#end"), box);
  $("#end").classList.remove("hidden");
  box.querySelector("button, a")?.focus(); // a11y: the dialog takes the focus
  document.body.dataset.over = "1";
}

/** `Defuse ×3, Nope`: names in order of first appearance, with their counts. */
function counted(names) {
  const seen = new Map();
  for (const n of names) seen.set(n, (seen.get(n) || 0) + 1);
  return [...seen].map(([n, k]) => (k > 1 ? `${n} ×${k}` : n)).join(", ");
}

async function playAgain() {
  showError("");
  try {
    const r = await api(`/api/tables/${tableId}/again`, { method: "POST", token: S.token });
    seatStore.set(r.table, { token: r.token, seat: r.seat, name: seatStore.get(tableId)?.name });
    location.href = `/tables/${r.table}${r.invite ? `?invite=${encodeURIComponent(r.invite)}` : ""}`;
  } catch (err) { showError(err.message); }
}

// -- keys --------------------------------------------------------------------------------------
function wireKeys() {
  addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    const help = $("#help");
    if (k === "?") { help.classList.toggle("hidden"); ev.preventDefault(); return; }
    if (k === "Escape") {
      if (!help.classList.contains("hidden")) help.classList.add("hidden");
      else if (S.sheet && phone.matches) openSheet(null); // (a wide screen's tab stays)
      else if (S.look !== null) { S.look = null; draw(); }
      else if (S.group) { S.group = null; draw(); }
      else { S.selected.clear(); draw(); }
      return;
    }
    if (!S.msg || !S.words) return;
    const d = S.msg.decision;
    const list = shownActions();
    if (k === "0") {
      if (list.length > S.pageSize) nextPage(list);
    } else if (/^[1-9]$/.test(k)) {
      const i = S.page * S.pageSize + Number(k) - 1;
      if (Number(k) <= S.pageSize && list[i] && S.tabs?.playing !== false) choose(list[i]);
    } else if (k === "t" && S.tabs?.playing === false) {
      S.sock.send({ type: "take" });
    } else if (k === "Enter") {
      const i = defaultIndex(list);
      if (i >= 0 && !(ev.target instanceof HTMLButtonElement)) { ev.preventDefault(); choose(list[i]); }
    } else if (k === "ArrowLeft" || k === "ArrowRight") {
      const n = S.words.hand.length;
      if (n) { S.cursor = (S.cursor + (k === "ArrowLeft" ? n - 1 : 1)) % n; draw(); }
      if (S.look !== null) { S.look = Math.max(0, Math.min(S.snaps.length - 1, S.look + (k === "ArrowLeft" ? -1 : 1))); draw(); }
    } else if (k === " ") {
      if (ev.target instanceof HTMLButtonElement) return; // the button's own click does it
      if (S.words.hand.length && S.part.pickHand) { ev.preventDefault(); toggle(S.cursor); }
    } else if (k === "c") { S.selected.clear(); S.group = null; draw(); }
    else if (k === "d") { const a = S.words.actions.find((x) => x.text === "draw"); if (a && d?.kind === "turn") play(a.id); }
    else if (k === "n" || k === "p") {
      const legal = d?.legal || [];
      const a = legal.find((x) => (k === "n" ? x.text.startsWith("nope") : x.text === "pass"));
      if (a && S.tabs?.playing !== false) play(a.id);
    } else if (k === "%") { S.odds = !S.odds; if (S.odds) S.sheet = "odds"; draw(); }
    else if (k === "l") { lookBack(); }
    else if (k === "b") { takeBack(); }
    else if (k === "a" && S.over) { $("#again-btn")?.click(); }
    else if (k === "r" && S.over) { $("#replay-link")?.click(); }
    else if (k === "v" && S.over) { $("#review-link")?.click(); }
    else if (k === "h" && !S.over) { askHint(); }
    else if (k === "g") {
      const slug = S.words.hand[S.cursor];
      const node = document.querySelector(`#hand .card[data-index="${S.cursor}"]`);
      if (slug && node) tip(node, S.book.help(slug));
    }
  });
  $("#help-btn").addEventListener("click", () => $("#help").classList.toggle("hidden"));
  $("#help").addEventListener("click", (ev) => { if (ev.target === $("#help")) $("#help").classList.add("hidden"); });
  $("#look-btn").addEventListener("click", lookBack);
  $("#hint-btn").addEventListener("click", askHint);
  $("#look-now").addEventListener("click", () => { S.look = null; draw(); });
  $("#look-prev").addEventListener("click", () => { if (S.look) { S.look -= 1; draw(); } });
  $("#look-next").addEventListener("click", () => { if (S.look !== null) { S.look = Math.min(S.snaps.length - 1, S.look + 1); draw(); } });
}

/** Phones: the dock (window, hand, actions) is pinned at the bottom and the table above
 * scrolls; the page keeps room below for it. The log, what you know and the odds open as
 * a sheet from the dock's buttons. Wide screens: the dock stays in sight below the table,
 * whose middle scrolls in its own box rather than pass under the dock (table.css reads
 * the dock's height and where the middle starts). */
function wireDock() {
  for (const b of document.querySelectorAll("#sheet-btns button")) {
    b.addEventListener("click", () => openSheet(b.dataset.sheet));
  }
  $("#sheet-close").addEventListener("click", () => openSheet(null));
  // the sheet lies above the buttons that open it (a phone)
  const room = () => document.body.style.setProperty("--sheet-bottom", `${Math.ceil(innerHeight - $("#sheet-btns").getBoundingClientRect().top)}px`);
  new ResizeObserver(room).observe($("#sheet-btns"));
  addEventListener("resize", () => { room(); if (S.msg && S.words) draw(); });
  // a wide screen shows one of them as a tab, the log first; a phone none until asked
  const settle = () => { if (!phone.matches && !S.sheet) openSheet("log"); };
  phone.addEventListener("change", () => { if (phone.matches) openSheet(null); settle(); });
  settle();
}

/** The header's tools (look back, sound, keys, language): a menu behind ☰ on a phone. */
function wireTools() {
  const btn = $("#tools-btn");
  const set = (open) => { document.body.dataset.tools = open ? "open" : ""; btn.setAttribute("aria-expanded", String(open)); };
  btn.addEventListener("click", () => set(document.body.dataset.tools !== "open"));
  $("#bar-tools").addEventListener("click", (ev) => { if (ev.target.closest("button")) set(false); });
  addEventListener("keydown", (ev) => { if (ev.key === "Escape") set(false); });
}

/** Show one side panel: a tab on a wide screen (one is always shown), the sheet on a phone
 * (the same one again, or null, closes it). */
function openSheet(name) {
  S.sheet = S.sheet === name && phone.matches ? null : name || (phone.matches ? null : "log");
  document.body.dataset.sheet = S.sheet || "";
  for (const b of document.querySelectorAll("#sheet-btns button")) b.setAttribute("aria-expanded", String(b.dataset.sheet === S.sheet));
  if (S.sheet === "odds" && !S.odds) { S.odds = true; draw(); }
  if (S.sheet === "chat") S.chat.seen();
}

/** The chat (chat.js): over this table's socket; a phone shows it as a sheet. */
function wireChat() {
  S.chat = new Chat({
    send: (m) => S.sock?.send(m),
    seat: () => S.seat,
    seats: () => S.seats,
    // the chat is one of the side's tabs on every screen: in sight only while it is open
    isPhone: () => true,
    sheet: () => S.sheet,
    seatBox,
  });
  phone.addEventListener("change", () => S.chat.seen());
  S.chat.draw();
}

/** Where a seat is drawn now, for its reactions: its pod at the table, else its line in the
 * waiting room (whichever is in sight: the other is hidden). */
function seatBox(q) {
  const places = document.querySelectorAll(`#players .player[data-seat="${q}"] .name, #me .player[data-seat="${q}"] .name, #waiting li[data-seat="${q}"]`);
  return [...places].find((node) => node.offsetParent !== null) || null;
}

/** Earlier moments of this game, as this seat saw them (the observations it was sent). */
function lookBack() {
  if (!S.snaps.length) return;
  S.look = S.look === null ? Math.max(0, S.snaps.length - 2) : null;
  draw();
}

main();
