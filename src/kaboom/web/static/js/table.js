// The table page: one seat's (or a spectator's) view of a server table, drawn from the
// observation the server sends that seat and nothing else; words from POST /api/words.
import { api, el, seatName, seatStore, TableSocket } from "./api.js";
import { announce, CardBook, tip } from "./cards.js";
import * as fam from "./families.js";

const $ = (sel) => document.querySelector(sel);
/** `box`'s children become `kids`, the empty ones (null, false) left out. */
const fill = (box, ...kids) => box.replaceChildren(...kids.filter((k) => k !== null && k !== undefined && k !== false));
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const invite = new URLSearchParams(location.search).get("invite");
const S = {
  info: null, guide: null, book: null, seat: null, token: null, sock: null,
  msg: null, words: null, seq: -1, log: [], snaps: [], look: null,
  selected: new Set(), cursor: 0, group: null, odds: false, pending: false, queued: null,
  windowEnds: null, clockEnds: null, over: null, seats: null, hover: null, queue: Promise.resolve(),
};

function authQuery() { return invite ? `?invite=${encodeURIComponent(invite)}` : ""; }

function setStatus(text) { $("#status").textContent = text; }
function showError(text) { const e = $("#error"); e.textContent = text || ""; e.classList.toggle("hidden", !text); }

async function main() {
  const stored = seatStore.get(tableId);
  try {
    S.info = await api(`/api/tables/${tableId}${authQuery()}`, { token: stored?.token });
  } catch (err) {
    setStatus(`No table here: ${err.message}`);
    return;
  }
  $("#game-name").textContent = S.info.game;
  S.guide = await api("/api/guide", { method: "POST", body: { game: S.info.game, players: S.info.players, options: S.info.options } });
  S.book = new CardBook(S.guide);
  $("#game-name").textContent = S.guide.name;
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
  setInterval(tick, 200);
}

// -- joining -----------------------------------------------------------------------------------
function drawJoin() {
  const free = S.seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat);
  const name = el("input", { id: "join-name", value: localStorage.getItem("kaboom.name") || "", placeholder: "your name", maxlength: 32, "aria-label": "your name" });
  const seat = el("select", { id: "join-seat", "aria-label": "seat" }, ...free.map((q) => el("option", { value: q }, `seat ${q}`)));
  const box = $("#join");
  fill(box, el("h2", {}, "Join this table"),
    free.length ? el("div", { class: "row cols" }, name, seat,
      el("button", { class: "primary", id: "join-btn", onclick: () => join(name.value, Number(seat.value)) }, "Take the seat"))
      : el("p", {}, "Every seat is taken."),
    el("p", {}, el("button", { id: "watch-btn", onclick: () => { box.classList.add("hidden"); connect(null, null); } }, "Watch (spectate)")));
  box.classList.remove("hidden");
  setStatus("Waiting for players");
}

async function join(name, seat) {
  showError("");
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
  $("#whoami").textContent = seat === null ? "watching" : `you are P${seat}`;
  S.sock = new TableSocket({ table: tableId, token, invite, onMessage, onState: (st, ev) => {
    $("#conn").textContent = st === "connected" ? "" : "reconnecting…";
    if (st === "disconnected" && ev?.code === 4003) { seatStore.forget(tableId); showError("This seat's token no longer works here."); }
  } });
  S.sock.open();
}

// -- messages ----------------------------------------------------------------------------------
function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      S.seat = msg.seat; S.info = { ...S.info, ...msg.table }; S.seats = msg.seats;
      drawLobby();
      break;
    case "seats":
      S.seats = msg.seats; S.info.status = msg.status;
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
      else if (msg.status === "refused") { showError(`Refused (${msg.rule}): ${msg.reason}`); S.pending = false; draw(); }
      if (msg.status === "queued") { S.queued = { text: msg.text, at: S.msg?.decision?.at }; draw(); }
      break;
    case "over":
      S.over = msg;
      S.queue = S.queue.then(() => endScreen(msg)).catch((err) => showError(err.message));
      break;
    case "error":
      showError(msg.message);
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
    const words = await api("/api/words", { method: "POST", body });
    // a sync after a reconnect holds only what was missed since the last seq seen
    seqs.forEach((q, i) => { if (words.log[i].length) S.log.push({ seq: q, lines: words.log[i] }); });
    if (msg.type === "update") announce(words.log[0]); // a11y: the new lines, said once (cards.js)
    S.msg = msg; S.words = words; S.seq = msg.seq; S.pending = false;
    if (!decision || decision.kind !== "window") S.queued = null;
    S.windowEnds = msg.window === null ? null : performance.now() + msg.window * 1000;
    S.clockEnds = decision?.clock == null ? null : performance.now() + decision.clock * 1000;
    const keep = new Set(words.hand);
    S.selected = new Set([...S.selected].filter((i) => i < words.hand.length && keep.has(words.hand[i])));
    if (!decision) S.group = null;
    S.snaps.push({ seq: msg.seq, obs: msg.observation, words });
    if (S.snaps.length > 400) S.snaps.shift();
    $("#join").classList.add("hidden");
    draw();
  }).catch((err) => showError(err.message));
}

// -- drawing -----------------------------------------------------------------------------------
function drawLobby() {
  const box = $("#waiting");
  if (S.info.status !== "open") { box.classList.add("hidden"); return; }
  const allTaken = S.seats.every((s) => s.taken);
  fill(box, el("h2", {}, "Waiting to start"),
    el("ul", {}, ...S.seats.map((s) => el("li", {}, `seat ${s.seat}: `,
      s.kind === "bot" ? `bot (${s.bot})` : s.taken ? `${s.name}${s.seat === S.seat ? " (you)" : ""}` : "free"))),
    el("p", {}, "Invite others with this page's link."),
    S.seat !== null ? el("button", { class: "primary", id: "start-btn", disabled: !allTaken, onclick: start }, allTaken ? "Start the game" : "Start (when every seat is taken)") : null);
  box.classList.remove("hidden");
  setStatus(S.seat === null ? "Watching: waiting for the game to start" : "Waiting for everyone to sit down");
}

/** The actions on offer now: those using every selected card, grouped as the terminal
 * table groups them (five different, a card to name). */
function shownActions() {
  const d = S.msg?.decision;
  if (!d || S.look) return [];
  const hand = S.words.hand;
  const picked = [...S.selected].map((i) => hand[i]);
  let list = S.words.actions.filter((a) => picked.every((slug) => a.cards.includes(slug)));
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

/** The highlighted default: the first choice that is not risky (none if all are). */
function defaultIndex(list) {
  return list.findIndex((a) => !a.risk);
}

function play(id) {
  const d = S.msg?.decision;
  if (!d || S.pending) return;
  S.pending = d.kind !== "window";
  S.sock.act(id, d.at);
  S.selected.clear(); S.group = null;
  draw();
}

function choose(a) {
  if (a.kind === "group") { S.group = a.group; draw(); return; }
  play(a.id);
}

function draw() {
  if (!S.msg || !S.words) return;
  const snap = S.look !== null ? S.snaps[S.look] : { obs: S.msg.observation, words: S.words, seq: S.seq };
  const obs = snap.obs;
  const words = snap.words;
  document.body.dataset.seq = String(S.seq);
  document.body.dataset.family = obs.family;
  setStatus(S.look !== null ? `Looking back: after log entry ${snap.seq} (your view then)` : words.status);
  $("#lookback-bar").classList.toggle("hidden", S.look === null);
  $("#table-area").classList.toggle("lookback", S.look !== null);
  const names = S.seats?.map((s) => s.name);
  const vote = S.seat === null || S.look !== null ? null : (q) => S.sock.send({ type: "vote", seat: q });
  fill($("#players"), fam.players(obs, S.seat, names, S.seats, obs.family, vote), awayBar());
  fill($("#middle"), middle(obs, words));
  centreTrack();
  drawWindow(obs, words);
  drawHand(obs, words);
  drawActions();
  drawSide(obs, words);
  drawLog();
}

/** A bot plays your seat (your clock ran out, or the table voted): take it back. */
function awayBar() {
  const me = S.seat === null ? null : S.seats?.[S.seat];
  if (!me || !(me.away || me.takeover) || S.over) return null;
  return el("p", { class: "error" }, "A bot is playing your seat. ",
    el("button", { id: "back-btn", onclick: takeBack }, el("kbd", {}, "B"), " Take my seat back"));
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

function hoverSpace() {
  const a = S.hover;
  if (!a || S.info.game !== "kittens-board-game") return null;
  const m = /space (\d+)|(Ribbon)/.exec(a.label || "");
  if (!m) return null;
  return m[2] ? S.guide.board.ribbon : Number(m[1]);
}

function middle(obs, words) {
  if (obs.family === "exploding") return fam.exploding(obs, S.book, words);
  if (obs.family === "board") return fam.board(obs, S.book, S.seat, hoverSpace());
  if (obs.family === "eleminis") {
    const cells = S.hover ? S.hover.text.split(" ").filter((w) => /^p\d+\.\d+$/.test(w)) : [];
    return fam.eleminis(obs, S.book, S.seat, words, cells);
  }
  return fam.piles(obs, S.book);
}

function drawWindow(obs, words) {
  const box = $("#window");
  const d = S.msg.decision;
  if (!obs.window || S.look !== null) { box.classList.add("hidden"); fill(box, ); return; }
  const kids = [el("strong", {}, "Reaction window: "), el("span", {}, words.chain || ""), el("span", { class: "clock", id: "window-clock" }, "")];
  if (d && d.kind === "window") {
    const nope = d.legal.find((a) => a.text.startsWith("nope"));
    const pass = d.legal.find((a) => a.text === "pass");
    if (S.queued && S.queued.at === d.at) {
      const said = S.queued.text === "pass" ? "let it pass" : words.answer || "Nope";
      kids.push(el("span", { class: "muted", id: "queued" }, `You: ${said}, when the clock runs out`));
    }
    if (nope) kids.push(el("button", { class: "primary", id: "nope-btn", onclick: () => play(nope.id) }, el("kbd", {}, "N"), ` ${words.answer || "Nope it"}`));
    if (pass) kids.push(el("button", { id: "pass-btn", onclick: () => play(pass.id) }, el("kbd", {}, "P"), " Let it pass"));
  } else {
    kids.push(el("span", { class: "muted" }, "every seat is asked in turn, whatever it holds"));
  }
  fill(box, ...kids);
  box.classList.remove("hidden");
  tick();
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
      onPick: S.look === null && obs.family !== "eleminis" ? () => { toggle(i); } : null,
    });
    if (i === S.cursor) c.classList.add("cursor");
    return c;
  });
  fill(box, el("h2", {}, `${S.guide.hand_label === "Hand" ? "Your hand" : S.guide.hand_label} (${hand.length})`),
    el("div", { class: "hand", id: "hand" }, ...(cards.length ? cards : [el("span", { class: "muted" }, "no cards")])));
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
  if (!d || d.kind === "window" || S.look !== null) {
    fill(box, el("h2", {}, "Actions"), el("p", { class: "muted" },
      S.look !== null ? "Looking back: Esc returns to now." : d?.kind === "window" ? "Answer the reaction window above." : S.seat === null ? "Watching." : "Not your move."));
    return;
  }
  const def = defaultIndex(list);
  const buttons = list.map((a, i) => el("button", {
    class: `${a.kind === "group" ? "group" : ""}${i === def ? " default" : ""}${a.risk ? " risky" : ""}`,
    dataset: { id: a.id ?? "", text: a.text ?? "", index: i }, disabled: S.pending,
    onclick: () => choose(a),
    onmouseenter: () => { S.hover = a; fill($("#middle"), middle(S.msg.observation, S.words)); },
    onmouseleave: () => { S.hover = null; fill($("#middle"), middle(S.msg.observation, S.words)); },
  }, el("span", { class: "key" }, i < 9 ? String(i + 1) : i === 9 ? "0" : ""), a.label,
  a.risk ? el("span", { class: "risk" }, ` ⚠ ${a.risk}`) : null));
  const head = [el("h2", {}, "Actions")];
  if (S.selected.size) head.push(el("p", { class: "muted" }, `Only actions using the selected card${S.selected.size > 1 ? "s" : ""}. `, el("button", { onclick: () => { S.selected.clear(); draw(); } }, el("kbd", {}, "C"), " clear")));
  if (S.group) head.push(el("p", {}, el("button", { onclick: () => { S.group = null; draw(); } }, el("kbd", {}, "Esc"), " back"), " ", S.group));
  const clock = d.clock == null ? null : el("p", { class: "muted", id: "turn-clock" }, "");
  fill(box, ...head, clock, el("div", { class: "actions", id: "actions" }, ...buttons),
    list.length ? null : el("p", { class: "muted" }, "No action uses that selection."));
}

function drawSide(obs, words) {
  const knowledge = words.knowledge || [];
  const kbox = $("#known");
  fill(kbox, el("h2", {}, "What you know"),
    knowledge.length ? el("ul", { class: "known" }, ...knowledge.map((l) => el("li", {}, l))) : el("p", { class: "muted" }, S.seat === null ? "Spectators see the public table only." : "Nothing beyond the table."));
  const obox = $("#odds");
  if (S.guide.has_odds && words.odds !== null) {
    obox.classList.remove("hidden");
    fill(obox, el("button", { id: "odds-btn", onclick: () => { S.odds = !S.odds; draw(); } }, el("kbd", {}, "O"), S.odds ? " Hide the odds" : " Show the odds"),
      S.odds ? el("p", { class: "odds" }, `Chance the next card is a bomb: ${Math.round(words.odds * 100)}%`) : null);
  } else obox.classList.add("hidden");
}

function drawLog() {
  const box = $("#log");
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 20;
  fill(box, ...S.log.slice(-300).flatMap((entry) => entry.lines.map((line) => el("p", { class: /^(You|Your)\b/.test(line) ? "mine" : "", dataset: { seq: entry.seq } }, line))));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

function tick() {
  const w = $("#window-clock");
  if (w && S.windowEnds !== null) w.textContent = `${Math.max(0, (S.windowEnds - performance.now()) / 1000).toFixed(1)} s`;
  const c = $("#turn-clock");
  if (c && S.clockEnds !== null) c.textContent = `Your clock: ${Math.ceil(Math.max(0, (S.clockEnds - performance.now()) / 1000))} s`;
}

// -- the end -----------------------------------------------------------------------------------
async function endScreen(over) {
  const auth = S.token ? { token: S.token } : {};
  let last = null;
  try {
    const exported = await api(`/api/games/${tableId}/export${authQuery()}`, auth);
    const replay = await api("/api/replay", { method: "POST", body: exported });
    last = replay.steps[replay.steps.length - 1];
  } catch (err) { showError(`The log could not be read: ${err.message}`); }
  const winners = over.winners.map((q) => seatName(q, S.seat));
  const head = over.status === "ended" ? "The table was ended (idle)."
    : over.winners.includes(S.seat) ? "You won!" : `${winners.join(" and ")} won.`;
  const summary = S.words?.summary || [];
  const hands = last ? last.hands.map((cards, q) => el("li", {}, `${seatName(q, S.seat)}: `,
    cards.length ? counted(cards.map((c) => S.book.name(c))) : "no cards")) : [];
  const box = el("div", { class: "box end", role: "dialog", "aria-modal": "true", "aria-label": "Game over" },
    el("h2", { class: "won" }, head),
    el("ul", {}, ...summary.map((l) => el("li", {}, l))),
    hands.length && S.guide.family !== "eleminis" ? el("div", {}, el("h3", {}, "The hands"), el("ul", {}, ...hands)) : null,
    el("p", { class: "muted" }, `Seed ${over.seed}. Turns played: ${S.msg?.observation?.turns ?? "?"}.`),
    el("div", { class: "cols" },
      S.seat !== null ? el("button", { class: "primary", id: "again-btn", onclick: playAgain }, "Play again (same seats)") : null,
      el("a", { href: `/replay/${tableId}${authQuery()}`, id: "replay-link" }, "Replay the game"),
      el("button", { id: "close-end", onclick: () => $("#end").classList.add("hidden") }, "See the table"),
      el("a", { href: "/" }, "Lobby")));
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
      else if (S.look !== null) { S.look = null; draw(); }
      else if (S.group) { S.group = null; draw(); }
      else { S.selected.clear(); draw(); }
      return;
    }
    if (!S.msg || !S.words) return;
    const d = S.msg.decision;
    const list = shownActions();
    if (/^[0-9]$/.test(k)) {
      const i = k === "0" ? 9 : Number(k) - 1;
      if (list[i]) choose(list[i]);
    } else if (k === "Enter") {
      const i = defaultIndex(list);
      if (i >= 0 && !(ev.target instanceof HTMLButtonElement)) { ev.preventDefault(); choose(list[i]); }
    } else if (k === "ArrowLeft" || k === "ArrowRight") {
      const n = S.words.hand.length;
      if (n) { S.cursor = (S.cursor + (k === "ArrowLeft" ? n - 1 : 1)) % n; draw(); }
      if (S.look !== null) { S.look = Math.max(0, Math.min(S.snaps.length - 1, S.look + (k === "ArrowLeft" ? -1 : 1))); draw(); }
    } else if (k === " ") {
      if (ev.target instanceof HTMLButtonElement) return; // the button's own click does it
      if (S.words.hand.length && S.guide.family !== "eleminis") { ev.preventDefault(); toggle(S.cursor); }
    } else if (k === "c") { S.selected.clear(); S.group = null; draw(); }
    else if (k === "d") { const a = S.words.actions.find((x) => x.text === "draw"); if (a && d?.kind === "turn") play(a.id); }
    else if (k === "n" || k === "p") {
      const legal = d?.legal || [];
      const a = legal.find((x) => (k === "n" ? x.text.startsWith("nope") : x.text === "pass"));
      if (a) play(a.id);
    } else if (k === "o") { S.odds = !S.odds; draw(); }
    else if (k === "l") { lookBack(); }
    else if (k === "b") { takeBack(); }
    else if (k === "a" && S.over) { $("#again-btn")?.click(); }
    else if (k === "r" && S.over) { $("#replay-link")?.click(); }
    else if (k === "g") {
      const slug = S.words.hand[S.cursor];
      const node = document.querySelector(`#hand .card[data-index="${S.cursor}"]`);
      if (slug && node) tip(node, S.book.help(slug));
    }
  });
  $("#help-btn").addEventListener("click", () => $("#help").classList.toggle("hidden"));
  $("#help").addEventListener("click", (ev) => { if (ev.target === $("#help")) $("#help").classList.add("hidden"); });
  $("#look-btn").addEventListener("click", lookBack);
  $("#look-now").addEventListener("click", () => { S.look = null; draw(); });
  $("#look-prev").addEventListener("click", () => { if (S.look) { S.look -= 1; draw(); } });
  $("#look-next").addEventListener("click", () => { if (S.look !== null) { S.look = Math.min(S.snaps.length - 1, S.look + 1); draw(); } });
}

/** Earlier moments of this game, as this seat saw them (the observations it was sent). */
function lookBack() {
  if (!S.snaps.length) return;
  S.look = S.look === null ? Math.max(0, S.snaps.length - 2) : null;
  draw();
}

main();
