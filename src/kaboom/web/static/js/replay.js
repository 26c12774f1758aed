// A finished game step by step, every hand shown: its export (GET /api/games/{id}/export),
// dealt again and told by POST /api/replay. Arrow keys step; Home and End jump; `?step=N`
// opens it at the step after N actions (the review's links to a decision).
import { api, el, seatStore } from "./api.js";
import { CardBook } from "./cards.js";
import { chatLine } from "./chat.js";
import { players } from "./families/common.js";
import { familyPart } from "./families/index.js";
import { t } from "./i18n.js";
import { levelWords, seatLabel, seatsFrom } from "./people.js";

const $ = (sel) => document.querySelector(sel);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const query = new URLSearchParams(location.search);
const invite = query.get("invite");
/** The step to open at (`?step=N`), within the game once it is known; none: the start. */
const firstStep = Number.parseInt(query.get("step") || "0", 10) || 0;
let R = null;
/** The game's seats by name and a bot's level (issue 46: "Ada (bot, medium)"). */
let seats = [];
let book = null;
let at = 0;
/** The table's chat (the export's `chat`, when it has one): each line shown from the step
 * it was said at (its `seq`: -1 before the deal, then the log entry it followed). */
let chat = [];

function draw() {
  const step = R.steps[at];
  const obs = step.observation;
  $("#step").value = String(at);
  $("#turn").value = String(step.turn);
  const who = step.seat === null ? "" : `${seatLabel(seats[step.seat]) || `P${step.seat}`}: `;
  $("#status").textContent = `${t("Step {n} of {last} (turn {turn})", { n: at, last: R.steps.length - 1, turn: step.turn })} · ${who}${step.action}`;
  const part = familyPart(obs.family);
  const ctx = { book, viewer: null, words: null, seats, family: part, label: (q) => (seats[q]?.name || `P${q}`), botBadge: (info) => t("bot · {level}", { level: levelWords(info.level) }), width: $("#middle").clientWidth || 600, phone: matchMedia("(max-width: 820px)").matches, redraw: draw };
  $("#players").replaceChildren(players(obs, ctx));
  $("#middle").replaceChildren(part.middle(obs, ctx));
  $("#hands").replaceChildren(...step.hands.map((cards, q) => el("li", {}, el("strong", {}, `P${q}${seats[q]?.name ? ` ${seatLabel(seats[q])}` : ""}: `),
    el("div", { class: "hand" }, ...(cards.length ? cards.map((c) => book.card(c, { small: true })) : [el("span", { class: "muted" }, t("no cards"))])))));
  drawChat();
  const none = t("none");
  $("#lines").replaceChildren(...step.lines.map((l) => el("p", {}, l)), ...(at === R.steps.length - 1 ? [el("p", { class: "won" }, t("Winners: {who}", { who: R.winners.map((q) => seatLabel(seats[q]) || `P${q}`).join(", ") || none }))] : []));
}

function drawChat() {
  const box = $("#chat-lines");
  const last = at === R.steps.length - 1;
  const said = chat.filter((l) => last || (l.seq ?? -1) <= at);
  box.replaceChildren(...(said.length ? said.map((l) => {
    const line = chatLine(l, { seats: (R.names || []).map((name) => ({ name })) });
    if ((l.seq ?? -1) === at) line.classList.add("now");
    return line;
  }) : [el("p", { class: "muted" }, t("Nothing said yet."))]));
  box.scrollTop = box.scrollHeight;
}

function go(i) { at = Math.max(0, Math.min(R.steps.length - 1, i)); draw(); }

async function main() {
  const token = seatStore.get(tableId)?.token;
  const q = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  try {
    const exported = await api(`/api/games/${tableId}/export${q}`, { token });
    const { chat: said, ...game } = exported;
    R = await api("/api/replay", { method: "POST", body: game });
    chat = Array.isArray(said) ? said : [];
    seats = seatsFrom(R.names, R.levels);
  } catch (err) {
    $("#status").textContent = t("No replay: {why}", { why: err.message });
    return;
  }
  const guide = await api("/api/guide", { method: "POST", body: { game: R.game, players: R.players, options: R.options } });
  book = new CardBook(guide);
  $("#game-name").textContent = guide.name;
  $("#step").max = String(R.steps.length - 1);
  $("#chat-box").classList.toggle("hidden", chat.length === 0);
  $("#step").addEventListener("input", () => go(Number($("#step").value)));
  $("#turn").addEventListener("change", () => {
    const t = Number($("#turn").value);
    const i = R.steps.findIndex((s) => s.turn >= t);
    go(i < 0 ? R.steps.length - 1 : i);
  });
  $("#first").addEventListener("click", () => go(0));
  $("#prev").addEventListener("click", () => go(at - 1));
  $("#next").addEventListener("click", () => go(at + 1));
  $("#last").addEventListener("click", () => go(R.steps.length - 1));
  addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.type === "number") return;
    if (ev.key === "ArrowLeft") go(at - 1);
    else if (ev.key === "ArrowRight") go(at + 1);
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(R.steps.length - 1);
  });
  go(firstStep);
}

main();
