// Direct manipulation: tap a player to Favor or steal from them, an Eleminis slot to put a
// card there, a space of the board game's track to move there, a place in the Draw Pile to
// put a bomb back. Each tap plays a legal action the page already holds (the words of
// POST /api/words), through the table's own `play`: nothing here invents an action. The
// action buttons stay as the keyboard and screen-reader way to do the same.
import { el } from "./api.js";
import { nt, t } from "./i18n.js";
import * as motion from "./motion.js";
import * as sound from "./sound.js";

/** What the table last drew with: its state `S`, its `play(id)` and `draw()`. */
let T = null;
let installed = false;

/** Called by the table at the end of every draw. */
export function afterRender(S, play, draw) {
  T = { S, play, draw };
  if (!installed) install();
  decorate();
  motion.onRender(S);
  sound.onRender(S);
}

sound.mountToggle();

function install() {
  installed = true;
  document.addEventListener("click", onTap);
  document.addEventListener("keydown", onKey);
  // the table refills the middle on hovering an action: mark its targets again
  const watch = new MutationObserver(() => decorate());
  for (const id of ["#middle", "#players"]) {
    const node = document.querySelector(id);
    if (node) watch.observe(node, { childList: true });
  }
}

// -- which legal actions a thing on the table stands for ----------------------------------------
/** The legal actions a tap may play now: the seat's own turn (never a window, a look back,
 * a pending move), narrowed by the selected cards as the action list is. */
function offered() {
  const S = T?.S;
  const d = S?.msg?.decision;
  if (!d || d.kind === "window" || S.look !== null || S.pending || !S.words) return [];
  const picked = [...S.selected].map((i) => S.words.hand[i]);
  return S.words.actions.filter((a) => picked.every((slug) => a.cards.includes(slug)));
}

/** Actions aimed at a player: `… @2` (Favor, a pair or three of a kind, Swap Spaces). */
export function aimedAt(actions, seat) {
  const at = new RegExp(`(^|\\s)@${seat}(\\s|$)`);
  return actions.filter((a) => at.test(a.text));
}

/** Actions that put a card into an Eleminis cell: `play fire -> p1.3`, `move p0.1 -> p1.3`. */
export function intoCell(actions, cell) {
  return actions.filter((a) => a.text.split(" -> ")[1] === cell);
}

/** The Move Disc's moves whose label takes the token to `space` ("Move: to space 12"; the
 * Ribbon is spaces + 1, the Litter Box 0). */
export function toSpace(actions, space, ribbon) {
  return actions.filter((a) => {
    if (a.to !== undefined) return /^move\b/.test(a.text) && a.to === space; // the server's preview
    const m = /\bspace (\d+)\b|\b(Ribbon)\b|\b(Litter Box)\b/.exec(a.label || "");
    if (!m || !/^move\b/.test(a.text)) return false;
    return (m[2] ? ribbon : m[3] ? 0 : Number(m[1])) === space;
  });
}

/** Putting a bomb (or the Danger Magnet) back: `place N`, N from the top. */
export function placements(actions) {
  return actions
    .map((a) => ({ a, depth: /^place (\d+)$/.exec(a.text) }))
    .filter((x) => x.depth)
    .map((x) => ({ ...x.a, depth: Number(x.depth[1]) }))
    .sort((x, y) => x.depth - y.depth);
}

// -- marking the targets ------------------------------------------------------------------------
function decorate() {
  if (!T) return;
  const acts = offered();
  closeMenu();
  markPlayers(acts);
  const family = T.S.msg?.observation?.family;
  if (family === "eleminis") markCells(acts);
  if (family === "board") markSpaces(acts);
  drawDepthPile(acts);
}

/** A thing on the table that a tap plays: a name, a focus stop, the affordance. An item of
 * a list (a player, an Eleminis slot) keeps its role and its own name: a button covering it
 * is the focus stop, named for what it plays (a list holds list items only). */
function target(node, name, actions) {
  node.classList.add("tap-target");
  node.dataset.tap = actions.map((a) => a.id).join(",");
  if (node.getAttribute("role") === "listitem") {
    node.querySelector(":scope > button.tap-cover")?.remove();
    node.append(el("button", { class: "tap-cover", dataset: { tap: node.dataset.tap }, "aria-label": name, title: name }));
    return;
  }
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", name);
  if (node instanceof SVGElement && !node.querySelector("title")) {
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = name;
    node.append(title);
  }
}

function nameFor(what, actions) {
  return actions.length === 1 ? t("{what}: {action}", { what, action: actions[0].label }) : nt("{what}: {n} choice", "{what}: {n} choices", actions.length, { what });
}

function markPlayers(acts) {
  for (const box of document.querySelectorAll("#players .player[data-seat]")) {
    const seat = Number(box.dataset.seat);
    const aimed = aimedAt(acts, seat);
    if (aimed.length) target(box, nameFor(`P${seat}`, aimed), aimed);
  }
}

function markCells(acts) {
  for (const slot of document.querySelectorAll("#middle .slot[data-cell]")) {
    const into = intoCell(acts, slot.dataset.cell);
    if (into.length) target(slot, nameFor(t("slot {n} of {who}'s row", { n: slot.dataset.cell.split(".")[1], who: slot.closest(".rowline")?.querySelector(".who")?.textContent || "" }), into), into);
  }
}

/** A hit area over each space a move takes the token to: on top of the space's words and
 * the tokens, so the whole space answers a tap. */
function markSpaces(acts) {
  const up = T.S.msg.observation.board?.side;
  const ribbon = T.S.guide.board.ribbon;
  for (const old of document.querySelectorAll("#middle .track rect.hit")) old.remove();
  for (const rect of document.querySelectorAll(`#middle .track rect[data-space][data-side="${up}"]:not(.hit)`)) {
    const space = Number(rect.dataset.space);
    const to = toSpace(acts, space, ribbon);
    if (!to.length) continue;
    const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const k of ["x", "y", "width", "height", "rx", "data-space", "data-side"]) hit.setAttribute(k, rect.getAttribute(k));
    hit.setAttribute("class", "hit");
    rect.ownerSVGElement.append(hit);
    const where = space === ribbon ? t("the Ribbon") : space === 0 ? t("the Litter Box") : t("space {n}", { n: space });
    target(hit, nameFor(where, to), to);
  }
}

/** The Draw Pile (or Move Deck) as a pile of backs with a place between each: tap where the
 * bomb goes. Drawn only while putting one back. */
function drawDepthPile(acts) {
  document.querySelector("#depth-pile")?.remove();
  const places = placements(acts);
  // on a phone the middle lies under the pinned hand and actions: the pile goes on top of
  // the actions there, one row across (table.css's phone layout, the same width)
  const phone = matchMedia("(max-width: 820px)").matches;
  const box = document.querySelector(phone ? "#actions-box" : "#middle-box");
  if (!places.length || !box) return;
  const obs = T.S.msg.observation;
  const board = obs.family === "board";
  const pile = el("div", { class: "depth-pile", role: "group", "aria-label": board ? t("where in the Move Deck") : t("where in the Draw Pile") });
  const depthSize = Math.max(...places.map((p) => p.depth));
  for (let k = 0; k <= depthSize; k += 1) {
    const here = places.find((p) => p.depth === k);
    if (here) {
      pile.append(el("button", {
        class: "depth tap-target", dataset: { tap: String(here.id), depth: k }, "aria-label": here.label, title: here.label,
      }, k === 0 ? t("top") : k === depthSize ? t("bottom") : ordinal(k + 1)));
    }
    if (k < depthSize) pile.append(el("div", { class: "depth-card", "aria-hidden": "true" }));
  }
  const shown = el("div", { id: "depth-pile" },
    el("h3", {}, board ? t("Tap where it goes in the Move Deck (top first)") : t("Tap where it goes in the Draw Pile (top first)")), pile);
  if (phone) box.prepend(shown); else box.append(shown);
}

function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  if (s === "st") return t("{n}st", { n });
  if (s === "nd") return t("{n}nd", { n });
  return s === "rd" ? t("{n}rd", { n }) : t("{n}th", { n });
}

// -- tapping --------------------------------------------------------------------------------------
function onTap(ev) {
  if (!(ev.target instanceof Element)) return;
  if (ev.target.closest("#tap-menu")) return;
  const node = ev.target.closest("[data-tap]");
  if (!node || ev.target.closest("button.vote")) { closeMenu(); return; }
  ev.preventDefault();
  choose(node);
}

function onKey(ev) {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const node = ev.target instanceof Element ? ev.target.closest("[data-tap]") : null;
  if (!node || node instanceof HTMLButtonElement) return; // a button's own click does it
  ev.preventDefault();
  ev.stopPropagation(); // not the table's Enter (its default action)
  choose(node);
}

/** One action: play it; several: a menu by the thing tapped, in the action list's words. */
function choose(node) {
  const ids = node.dataset.tap.split(",").map(Number);
  const acts = offered().filter((a) => ids.includes(a.id));
  if (!acts.length) return;
  const groups = new Set(acts.filter((a) => a.group).map((a) => a.group));
  const single = acts.filter((a) => !a.group);
  if (single.length === 1 && !groups.size) { T.play(single[0].id); return; }
  openMenu(node, single, [...groups]);
}

function openMenu(node, single, groups) {
  closeMenu();
  const r = node.getBoundingClientRect();
  const pick = (fn) => () => { closeMenu(); fn(); };
  const menu = el("div", { id: "tap-menu", role: "menu", "aria-label": "choose" },
    ...single.map((a) => el("button", { role: "menuitem", dataset: { id: a.id }, onclick: pick(() => T.play(a.id)) }, a.label)),
    ...groups.map((g) => el("button", { role: "menuitem", class: "group", onclick: pick(() => { T.S.group = g; T.draw(); }) }, `${g}…`)),
    el("button", { role: "menuitem", class: "muted", onclick: pick(() => {}) }, "Cancel"));
  document.body.append(menu);
  menu.style.left = `${Math.max(8, Math.min(r.left + scrollX, scrollX + innerWidth - menu.offsetWidth - 8))}px`;
  menu.style.top = `${r.bottom + scrollY + 4}px`;
  menu.querySelector("button")?.focus();
}

function closeMenu() { document.querySelector("#tap-menu")?.remove(); }
