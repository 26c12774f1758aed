// Direct manipulation: tap a player to Favor or steal from them, an Eleminis slot to put a
// card there, a space of the board game's track to move there, a place in the Draw Pile to
// put a bomb back. Each tap plays a legal action the page already holds (the words of
// POST /api/words), through the table's own `play`: nothing here invents an action. The
// action buttons stay as the keyboard and screen-reader way to do the same.
import { el } from "./api.js";
import { nt, t } from "./i18n.js";
import * as motion from "./motion.js";
import * as sound from "./sound.js";

/** What the table last drew with: its state `S`, its `play(id)`, `draw()`, and `context()`
 * (what the family's part of the page draws with: table.js `partContext`). */
let T = null;
let installed = false;

/** Called by the table at the end of every draw. */
export function afterRender(S, play, draw, context) {
  T = { S, play, draw, context };
  if (!installed) install();
  decorate();
  motion.onRender(S, context);
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
  const ctx = T.context();
  markPlayers(acts, ctx);
  // the family's own targets: Eleminis's slots, the board's spaces (families/*.js)
  T.S.part.marks?.(acts, { ...ctx, target: (node, what, actions) => target(node, nameFor(what, actions, ctx.named), actions) });
  drawDepthPile(acts, ctx);
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

/** A target's name: what it is and what a tap plays there (seats called by their names). */
function nameFor(what, actions, named) {
  return actions.length === 1 ? t("{what}: {action}", { what, action: named(actions[0].label) }) : nt("{what}: {n} choice", "{what}: {n} choices", actions.length, { what });
}

function markPlayers(acts, ctx) {
  for (const box of document.querySelectorAll("#players .player[data-seat]")) {
    const seat = Number(box.dataset.seat);
    const aimed = aimedAt(acts, seat);
    if (aimed.length) target(box, nameFor(ctx.label(seat), aimed, ctx.named), aimed);
  }
}

/** The Draw Pile (or Move Deck) as a pile of backs with a place between each: tap where the
 * bomb goes. Drawn only while putting one back: beside the pile on the felt (its
 * `#depth-slot`; a phone: one row across the felt). */
function drawDepthPile(acts, ctx) {
  document.querySelector("#depth-pile")?.remove();
  const places = placements(acts);
  const box = document.querySelector("#depth-slot") || document.querySelector("#actions-box");
  if (!places.length || !box) return;
  const into = T.S.part.placeInto;
  const pile = el("div", { class: "depth-pile", role: "group", "aria-label": into.group() });
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
  const shown = el("div", { id: "depth-pile" }, el("h3", {}, into.head()), pile);
  box.append(shown);
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
  const { named } = T.context();
  const menu = el("div", { id: "tap-menu", role: "menu", "aria-label": "choose" },
    ...single.map((a) => el("button", { role: "menuitem", dataset: { id: a.id }, onclick: pick(() => T.play(a.id)) }, named(a.label))),
    ...groups.map((g) => el("button", { role: "menuitem", class: "group", onclick: pick(() => { T.S.group = g; T.draw(); }) }, `${g}…`)),
    el("button", { role: "menuitem", class: "muted", onclick: pick(() => {}) }, "Cancel"));
  document.body.append(menu);
  menu.style.left = `${Math.max(8, Math.min(r.left + scrollX, scrollX + innerWidth - menu.offsetWidth - 8))}px`;
  menu.style.top = `${r.bottom + scrollY + 4}px`;
  menu.querySelector("button")?.focus();
}

function closeMenu() { document.querySelector("#tap-menu")?.remove(); }
