// A lesson (/learn/{game}): each step's words, the learner's own table and the choices,
// told by POST /api/lessons/{game} from the actions tried so far (the server keeps nothing:
// this page keeps the accepted ones). Every word comes from the server: the lesson's in the
// person's language (?lang=, the kaboom_lang cookie, Accept-Language), this page's own through
// t() (kaboom.i18n.browser_words). Keys 1-9 choose.
import { api, el } from "./api.js";
import { CardBook } from "./cards.js";
import { players } from "./families/common.js";
import { familyPart } from "./families/index.js";
import { nt, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let kept = [];
let book = null;
let shownStep = -1;
let busy = false;

async function send(actions) {
  if (busy) return;
  busy = true;
  try {
    const lesson = await api(`/api/lessons/${encodeURIComponent(game)}`, { method: "POST", body: { actions } });
    if (!book) {
      const guide = await api("/api/guide", { method: "POST", body: { game: lesson.game, players: lesson.players, options: lesson.options } });
      book = new CardBook(guide);
    }
    kept = lesson.kept;
    draw(lesson);
  } catch (err) {
    $("#progress").textContent = t("No lesson: {error}", { error: err.message });
  } finally {
    busy = false;
  }
}

function draw(lesson) {
  document.title = t("Learn {game} · kaboom", { game: lesson.name });
  $("#game-name").textContent = lesson.name;
  $("#lesson-title").textContent = lesson.title;
  drawAnswer(lesson.feedback);
  const done = lesson.done;
  for (const id of ["#step-box", "#play-box"]) $(id).classList.toggle("hidden", done);
  $("#finished").classList.toggle("hidden", !done);
  if (done) {
    $("#progress").textContent = nt("All {n} step done", "All {n} steps done", lesson.steps, { n: lesson.steps });
    $("#finished-text").textContent = t("You have seen every card and rule of {game}.", { game: lesson.name });
    $("#finished-title").focus();
    shownStep = lesson.steps;
    return;
  }
  const moved = lesson.index !== shownStep;
  shownStep = lesson.index;
  const at = { n: lesson.index + 1, total: lesson.steps };
  $("#progress").textContent = t("Step {n} of {total}", at);
  $("#step-title").textContent = lesson.step.title;
  $("#say").textContent = lesson.step.say;
  $("#rule").textContent = lesson.step.rule ? t("Rule: {rule}", { rule: lesson.step.rule }) : "";
  $("#rule").classList.toggle("hidden", !lesson.step.rule);
  drawTable(lesson.view);
  const focused = [...document.querySelectorAll("#actions button")].indexOf(document.activeElement);
  $("#actions").replaceChildren(...lesson.view.actions.map((a, i) => el("button", {
    type: "button", dataset: { text: a.text }, onclick: () => attempt(a.text),
  }, i < 9 ? el("kbd", { "aria-hidden": "true" }, String(i + 1)) : null, i < 9 ? " " : null, a.label)));
  if (moved) $("#step-title").focus();
  else if (focused >= 0) document.querySelectorAll("#actions button")[focused]?.focus();
}

function drawAnswer(feedback) {
  const box = $("#answer-box");
  box.classList.toggle("hidden", !feedback);
  if (!feedback) return;
  box.classList.toggle("ok", feedback.accepted);
  box.classList.toggle("no", !feedback.accepted);
  $("#answer").replaceChildren(
    el("p", { class: "verdict" }, feedback.accepted ? t("✓ Done") : t("✗ Not this time")),
    ...(feedback.lines.length ? [el("ul", {}, ...feedback.lines.map((l) => el("li", {}, l)))] : []),
    el("p", {}, feedback.words));
}

function drawTable(view) {
  const obs = view.observation;
  $("#table-status").textContent = view.status;
  const part = familyPart(obs.family);
  const ctx = { book, viewer: view.seat, words: null, seats: null, family: part, label: (q) => (q === view.seat ? t("You") : `P${q}`), botBadge: () => "", width: $("#middle").clientWidth || 600, phone: matchMedia("(max-width: 820px)").matches, redraw: () => drawTable(view) };
  $("#players").replaceChildren(players(obs, ctx));
  $("#middle").replaceChildren(part.middle(obs, ctx));
  $("#hand").replaceChildren(...(view.hand.length
    ? view.hand.map((slug) => el("div", { role: "listitem" }, book.card(slug, { small: true })))
    : [el("p", { class: "muted", role: "listitem" }, t("no cards"))]));
}

function attempt(text) { send([...kept, text]); }

function main() {
  $("#typed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("#typed-action").value.trim();
    if (text) attempt(text);
  });
  $("#again").addEventListener("click", () => { shownStep = -1; kept = []; send([]); });
  addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const n = Number(ev.key);
    if (Number.isInteger(n) && n >= 1 && n <= 9) document.querySelectorAll("#actions button")[n - 1]?.click();
  });
  send([]).then(() => { document.body.dataset.ready = "1"; });
}

main();
