// The middle of the table, per family, drawn from the seat's observation only: the
// exploding family's piles, the board game's track, Eleminis's rows.
import { el, seatName } from "./api.js";
import { nt, t } from "./i18n.js";

/** The piles' names, by their key in an observation (else the key in words). */
const PILE_NAMES = {
  draw: () => t("Draw"),
  discard: () => t("Discard"),
  deck: () => t("Deck"),
  move_deck: () => t("Move deck"),
  move_discard: () => t("Move discard"),
  action_deck: () => t("Action deck"),
  action_discard: () => t("Action discard"),
};

/** A pile's name: "Move deck". */
function pileName(key) {
  if (PILE_NAMES[key]) return PILE_NAMES[key]();
  const title = key.replaceAll("_", " ");
  return `${title[0].toUpperCase()}${title.slice(1)}`;
}

const NS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

/** The piles every family has: backs with their sizes, face-up piles with their top card. */
export function piles(obs, book) {
  const out = el("div", { class: "piles" });
  for (const [name, pile] of Object.entries(obs.piles)) {
    const title = t("{pile}: {n}", { pile: pileName(name), n: pile.size });
    if (pile.cards) {
      const top = pile.cards[0];
      out.append(el("div", { class: "pile" },
        top ? book.card(top, { small: true }) : el("div", { class: "empty card small" }, t("empty")),
        el("div", {}, title)));
    } else {
      out.append(el("div", { class: "pile" }, el("div", { class: "back card small" }, String(pile.size)),
        el("div", {}, title)));
    }
  }
  return out;
}

/** The players: name, cards in hand, in or out, turns owed, where they stand. */
export function players(obs, viewer, names, seats, family, onVote = null) {
  const box = el("div", { class: "players", role: "list", "aria-label": t("Players") });
  const section = obs[obs.family] || {};
  for (const p of obs.players) {
    const q = p.seat;
    const current = q === obs.current && obs.phase !== "over";
    const info = seats?.[q];
    const who = info?.kind === "bot" ? t("bot ({bot})", { bot: info.bot }) : info?.name ? info.name : "";
    const facts = [];
    if (family !== "eleminis") facts.push(nt("{n} card", "{n} cards", p.hand_size));
    if (family === "exploding") facts.push(p.in ? t("in") : t("exploded, out"));
    if (family === "board") facts.push(p.position === 0 ? t("Litter Box") : t("space {n}", { n: p.position }));
    if (family === "eleminis" && p.team !== null && p.team !== undefined) facts.push(t("team {n}", { n: p.team }));
    if (current && section.turns_owed > 1) facts.push(nt("{n} turn owed", "{n} turns owed", section.turns_owed));
    if (obs.to_act === q && !current && obs.phase !== "over") facts.push(t("answering"));
    if (obs.winners.includes(q)) facts.push(t("won!"));
    const badges = [];
    if (info && info.kind === "human" && !info.connected && obs.phase !== "over") badges.push(t("offline"));
    if (info?.away || info?.takeover) badges.push(t("bot plays"));
    box.append(el("div", {
      role: "listitem",
      class: `player${q === viewer ? " me" : ""}${current ? " current" : ""}${p.in ? "" : " out"}`,
      dataset: { seat: q },
    },
    el("div", { class: "name" }, seatName(q, viewer), who ? el("span", { class: "muted" }, ` ${who}`) : null,
      ...badges.map((b) => el("span", { class: "badge" }, b))),
    el("div", {}, facts.join(" · ")),
    onVote && info?.kind === "human" && q !== viewer && !info.connected && !info.takeover && obs.phase !== "over"
      ? el("button", { class: "vote", dataset: { vote: q }, onclick: () => onVote(q) }, t("Let a bot play this seat"))
      : null));
  }
  return box;
}

/** The exploding family: the Draw Pile (its bombs), the Discard Pile's top, out of the game. */
export function exploding(obs, book, words) {
  const sec = obs.exploding;
  const wrap = el("div", { class: "stack" });
  const ex = book.guide.exploding;
  const bombWord = sec.bombs_in_pile === 1 ? ex.bomb_word : ex.bombs_word;
  const pileRow = el("div", { class: "piles" },
    el("div", { class: "pile" }, el("div", { class: "back card" }, String(obs.piles.draw.size)),
      el("div", {}, t("Draw Pile: {n}", { n: obs.piles.draw.size })),
      el("div", { class: "muted" }, t("{n} {bombs} in it", { n: sec.bombs_in_pile, bombs: bombWord }))),
    el("div", { class: "pile" },
      obs.piles.discard.cards.length ? book.card(obs.piles.discard.cards[0]) : el("div", { class: "empty" }, t("empty")),
      el("div", {}, t("Discard Pile: {n}", { n: obs.piles.discard.size }))));
  wrap.append(pileRow);
  const out = sec.out_of_game.map((s) => book.name(s));
  if (out.length || sec.out_of_game_face_down) {
    wrap.append(el("div", { class: "muted" }, t("Out of the game: "), [
      ...out, ...(sec.out_of_game_face_down ? [t("{n} face down", { n: sec.out_of_game_face_down })] : []),
    ].join(", ")));
  }
  if (sec.drawn_bomb) wrap.append(el("div", { class: "error" }, t("{card} drawn!", { card: book.name(sec.drawn_bomb) })));
  return wrap;
}

/**
 * The board game's track as a board: both sides (the one up is bright), the Litter Box,
 * the Exploding Kitten spaces (a bomb shape and K), the cards a landing draws, the Ribbon,
 * the Loop Back Arrow, each player's token (its seat number; yours a star), and where the
 * hovered action would take you (`preview`: a space).
 */
export function board(obs, book, viewer, preview = null) {
  const g = book.guide.board;
  const n = g.spaces;
  const cell = 30;
  const left = 86;
  const width = left + (n + 2) * cell + 10;
  const rowH = 48;
  const up = obs.board.side;
  const bySpace = new Map();
  for (const p of obs.players) bySpace.set(p.position, [...(bySpace.get(p.position) || []), p.seat]);
  // tokens two abreast, rows of them away from the side that is up: none covers another
  const band = Math.ceil(Math.max(1, ...[...bySpace.values()].map((l) => l.length)) / 2) * 14;
  const top = 20 + (up === "calm" ? band : 14);
  const extra = up === "calm" ? 0 : band;
  const height = top + rowH * 2 + 60 + extra;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false" });
  g.sides.forEach((side, i) => {
    const y = top + i * rowH;
    const active = side.name === up;
    svg.append(svgEl("text", { x: 4, y: y + 20, "font-size": 13, "font-weight": active ? 700 : 400, fill: active ? "#000" : "#666" },
      `${side.name === "calm" ? "Calm" : "Chaos"}${active ? " ▲" : ""}`));
    svg.append(svgEl("rect", { x: left - cell, y, width: cell - 2, height: 30, rx: 5, fill: active ? "#e0d6c4" : "#eee", stroke: "#777", "data-space": 0, "data-side": side.name }));
    svg.append(svgEl("text", { x: left - cell + 3, y: y + 19, "font-size": 9 }, "Box"));
    for (let s = 1; s <= n; s += 1) {
      const x = left + (s - 1) * cell;
      const kitten = side.kittens.includes(s);
      const fill = kitten ? (active ? "#222" : "#666") : active ? "#fffdf6" : "#f2f2f2";
      svg.append(svgEl("rect", { x, y, width: cell - 2, height: 30, rx: 4, fill, stroke: active ? "#333" : "#aaa", "data-space": s, "data-side": side.name }));
      const label = kitten ? "K" : String(side.values[s] || "");
      svg.append(svgEl("text", { x: x + 9, y: y + 20, "font-size": 13, "font-weight": 700, fill: kitten ? "#ffd54f" : "#333" }, label));
      if (i === 0 && s % 5 === 0) svg.append(svgEl("text", { x: x + 6, y: 11, "font-size": 9, fill: "#555" }, String(s)));
    }
    const rx = left + n * cell;
    svg.append(svgEl("rect", { x: rx, y, width: cell + 4, height: 30, rx: 6, fill: "#c2185b", stroke: "#333", "data-space": n + 1, "data-side": side.name }));
    svg.append(svgEl("text", { x: rx + 4, y: y + 20, "font-size": 12, "font-weight": 800, fill: "#fff" }, "R"));
  });
  // the Loop Back Arrow: past the Ribbon, back to its space
  const yA = top + rowH * 2 + 10 + extra;
  const xR = left + n * cell + cell / 2;
  const xB = left + (g.loop_back_to - 1) * cell + cell / 2;
  svg.append(svgEl("path", { d: `M${xR} ${yA - 12 - extra} V${yA + 8} H${xB} V${yA - 6 - extra}`, fill: "none", stroke: "#c2185b", "stroke-width": 2, "marker-end": "url(#arrow)" }));
  const defs = svgEl("defs");
  const marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" });
  marker.append(svgEl("path", { d: "M0 0L10 5L0 10z", fill: "#c2185b" }));
  defs.append(marker);
  svg.prepend(defs);
  svg.append(svgEl("text", { x: xB + 6, y: yA + 22, "font-size": 11, fill: "#c2185b" }, t("Loop Back Arrow: past the Ribbon, back to {n}", { n: g.loop_back_to })));
  const yRow = top + (up === "calm" ? 0 : rowH);
  const yT = up === "calm" ? top - 9 : top + rowH + 39;
  for (const [pos, seats] of bySpace) {
    seats.forEach((q, k) => {
      const x = (pos === 0 ? left - cell : left + (pos - 1) * cell) + 7 + (k % 2) * 14;
      const y = yT + (up === "calm" ? -1 : 1) * Math.floor(k / 2) * 14;
      svg.append(token(x, y, q, q === viewer));
    });
  }
  if (preview !== null && preview > 0 && preview <= n + 1) {
    const x = left + (preview - 1) * cell;
    svg.append(svgEl("rect", { x: x - 2, y: yRow - 3, width: cell + 2, height: 36, rx: 6, fill: "none", stroke: "#1f5fbf", "stroke-width": 3, "stroke-dasharray": "4 3", class: "preview" }));
  }
  const where = obs.board.disc_to_choose ? t("Move Disc drawn: {disc}", { disc: obs.board.disc_to_choose.replaceAll("-", " ") }) : "";
  return el("div", { class: "stack" },
    el("div", { class: "track", role: "region", tabindex: "0", "aria-label": t("The board") }, svg, spaceList(obs, g, viewer, bySpace)),
    el("div", { class: "track-legend muted" },
      `${up === "calm" ? t("Calm side up.") : t("Chaos side up.")} ${t("K: an Exploding Kitten space; a number: the Action Cards a landing draws; R: the Ribbon (land on it exactly to win). Tokens: seat numbers, yours a blue diamond.")} ${where}`),
    piles(obs, book));
}

/** A player's token: an orange disc with the seat number (yours a blue diamond). */
function token(x, y, seat, me) {
  const g = svgEl("g", { "data-token": seat });
  g.append(svgEl(me ? "rect" : "circle", me
    ? { x: x - 5, y: y - 5, width: 10, height: 10, fill: "#1f5fbf", stroke: "#000", transform: `rotate(45 ${x} ${y})` }
    : { cx: x, cy: y, r: 6.5, fill: "#ff8f00", stroke: "#000" }));
  g.append(svgEl("text", { x, y: y + 3, "font-size": 9, "font-weight": 800, fill: me ? "#fff" : "#000", "text-anchor": "middle" }, String(seat)));
  return g;
}

/** The side that is up, space by space, in words: what each space does and who stands on
 * it (what a screen reader reads instead of the drawing). */
function spaceList(obs, g, viewer, bySpace) {
  const side = g.sides.find((s) => s.name === obs.board.side);
  const who = (pos) => (bySpace.get(pos) || []).map((q) => (q === viewer ? t("you") : `P${q}`));
  const item = (pos, title, what) => {
    const here = who(pos);
    return el("li", { class: here.length ? "here" : "" }, here.length ? t("{space}: {what}; here: {who}", { space: title, what, who: here.join(", ") }) : t("{space}: {what}", { space: title, what }));
  };
  const items = [item(0, t("Litter Box"), t("the start"))];
  for (let s = 1; s <= g.spaces; s += 1) {
    const draws = side.values[s] || 0;
    const what = side.kittens.includes(s) ? t("an Exploding Kitten space")
      : draws ? nt("a landing draws {n} Action Card", "a landing draws {n} Action Cards", draws) : t("nothing");
    items.push(item(s, t("Space {n}", { n: s }), what));
  }
  items.push(item(g.ribbon, t("The Ribbon"), t("land on it exactly to win")));
  return el("ol", { class: "sr-only", "aria-label": side.name === "calm" ? t("The board, Calm side up, space by space") : t("The board, Chaos side up, space by space") }, ...items);
}

/** Eleminis: each player's row with element symbols, points now, the drawn card. */
export function eleminis(obs, book, viewer, words, highlight = []) {
  const rows = el("div", { class: "rows" });
  const points = words?.points || [];
  for (const p of obs.players) {
    const whose = seatName(p.seat, viewer);
    const line = el("div", { class: "rowline", role: "list", "aria-label": p.seat === viewer ? t("Your row") : t("{who}'s row", { who: whose }), dataset: { seat: p.seat } },
      el("span", { class: "who", "aria-hidden": "true" }, whose));
    p.row.forEach((slug, i) => {
      const cellId = `p${p.seat}.${i + 1}`;
      const hot = highlight.includes(cellId);
      line.append(el("div", {
        class: `slot${slug ? " filled" : ""}${slug ? ` el-${book.kind(slug)}` : ""}`, role: "listitem",
        style: hot ? "outline:3px solid #1f5fbf" : null, title: slug ? book.help(slug) : t("slot {n}, empty", { n: i + 1 }),
        dataset: { cell: cellId },
      }, el("span", { class: "sr-only" }, t("slot {n}: ", { n: i + 1 })),
      slug ? el("span", {}, el("span", { class: "sym" }, book.icon(slug)), book.name(slug)) : el("span", {}, el("span", { "aria-hidden": "true" }, `${i + 1}`), el("span", { class: "sr-only" }, t("empty")))));
    });
    const score = obs.phase === "over" ? p.score : points[p.seat];
    line.append(el("span", { class: "points" }, p.total ? t("{points} pts (match {total})", { points: score ?? 0, total: p.total }) : t("{points} pts", { points: score ?? 0 })));
    rows.append(line);
  }
  const sec = obs.eleminis;
  return el("div", { class: "stack" }, rows,
    el("div", { class: "muted" }, [t("Game {n}", { n: sec.game_number }), sec.target ? t("match to {n}", { n: sec.target }) : null, sec.teams ? t("{n} teams", { n: sec.teams }) : null].filter(Boolean).join(", ")),
    piles(obs, book));
}
