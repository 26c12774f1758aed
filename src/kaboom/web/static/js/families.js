// The middle of the table, per family, drawn from the seat's observation only: the
// exploding family's piles, the board game's track, Eleminis's rows.
import { el, seatName } from "./api.js";

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
    const title = name.replaceAll("_", " ");
    if (pile.cards) {
      const top = pile.cards[0];
      out.append(el("div", { class: "pile" },
        top ? book.card(top, { small: true }) : el("div", { class: "empty card small" }, "empty"),
        el("div", {}, `${title[0].toUpperCase()}${title.slice(1)}: ${pile.size}`)));
    } else {
      out.append(el("div", { class: "pile" }, el("div", { class: "back card small" }, String(pile.size)),
        el("div", {}, `${title[0].toUpperCase()}${title.slice(1)}: ${pile.size}`)));
    }
  }
  return out;
}

/** The players: name, cards in hand, in or out, turns owed, where they stand. */
export function players(obs, viewer, names, seats, family, onVote = null) {
  const box = el("div", { class: "players", "aria-label": "players" });
  const section = obs[obs.family] || {};
  for (const p of obs.players) {
    const q = p.seat;
    const current = q === obs.current && obs.phase !== "over";
    const info = seats?.[q];
    const who = info?.kind === "bot" ? `bot (${info.bot})` : info?.name ? info.name : "";
    const facts = [];
    if (family !== "eleminis") facts.push(`${p.hand_size} card${p.hand_size === 1 ? "" : "s"}`);
    if (family === "exploding") facts.push(p.in ? "in" : "exploded, out");
    if (family === "board") facts.push(p.position === 0 ? "Litter Box" : `space ${p.position}`);
    if (family === "eleminis" && p.team !== null && p.team !== undefined) facts.push(`team ${p.team}`);
    if (current && section.turns_owed > 1) facts.push(`${section.turns_owed} turns owed`);
    if (obs.to_act === q && !current && obs.phase !== "over") facts.push("answering");
    if (obs.winners.includes(q)) facts.push("won!");
    const badges = [];
    if (info && info.kind === "human" && !info.connected && obs.phase !== "over") badges.push("offline");
    if (info?.away || info?.takeover) badges.push("bot plays");
    box.append(el("div", {
      class: `player${q === viewer ? " me" : ""}${current ? " current" : ""}${p.in ? "" : " out"}`,
      dataset: { seat: q },
    },
    el("div", { class: "name" }, seatName(q, viewer), who ? el("span", { class: "muted" }, ` ${who}`) : null,
      ...badges.map((b) => el("span", { class: "badge" }, b))),
    el("div", {}, facts.join(" · ")),
    onVote && info?.kind === "human" && q !== viewer && !info.connected && !info.takeover && obs.phase !== "over"
      ? el("button", { class: "vote", dataset: { vote: q }, onclick: () => onVote(q) }, "Let a bot play this seat")
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
      el("div", {}, `Draw Pile: ${obs.piles.draw.size}`),
      el("div", { class: "muted" }, `${sec.bombs_in_pile} ${bombWord} in it`)),
    el("div", { class: "pile" },
      obs.piles.discard.cards.length ? book.card(obs.piles.discard.cards[0]) : el("div", { class: "empty" }, "empty"),
      el("div", {}, `Discard Pile: ${obs.piles.discard.size}`)));
  wrap.append(pileRow);
  const out = sec.out_of_game.map((s) => book.name(s));
  if (out.length || sec.out_of_game_face_down) {
    wrap.append(el("div", { class: "muted" }, "Out of the game: ", [
      ...out, ...(sec.out_of_game_face_down ? [`${sec.out_of_game_face_down} face down`] : []),
    ].join(", ")));
  }
  if (sec.drawn_bomb) wrap.append(el("div", { class: "error" }, `${book.name(sec.drawn_bomb)} drawn!`));
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
  // tokens on one space stand side by side, two to a line, lines outward from the row
  const bySpace = new Map();
  for (const p of obs.players) bySpace.set(p.position, [...(bySpace.get(p.position) || []), p.seat]);
  const lineH = 15;
  const extra = (Math.ceil(Math.max(...[...bySpace.values()].map((s) => s.length)) / 2) - 1) * lineH;
  const top = 34 + (obs.board.side === "calm" ? extra : 0);
  const height = top + rowH * 2 + 60 + (obs.board.side === "calm" ? 0 : extra);
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "the board" });
  const up = obs.board.side;
  g.sides.forEach((side, i) => {
    const y = top + i * rowH;
    const active = side.name === up;
    svg.append(svgEl("text", { x: 4, y: y + 20, "font-size": 13, "font-weight": active ? 700 : 400, fill: active ? "#000" : "#888" },
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
      if (i === 0 && s % 5 === 0) svg.append(svgEl("text", { x: x + 6, y: 11, "font-size": 9, fill: "#666" }, String(s)));
    }
    const rx = left + n * cell;
    svg.append(svgEl("rect", { x: rx, y, width: cell + 4, height: 30, rx: 6, fill: "#c2185b", stroke: "#333", "data-space": n + 1, "data-side": side.name }));
    svg.append(svgEl("text", { x: rx + 4, y: y + 20, "font-size": 12, "font-weight": 800, fill: "#fff" }, "R"));
  });
  // the Loop Back Arrow: past the Ribbon, back to its space
  const yA = top + rowH * 2 + 10;
  const xR = left + n * cell + cell / 2;
  const xB = left + (g.loop_back_to - 1) * cell + cell / 2;
  svg.append(svgEl("path", { d: `M${xR} ${yA - 12} V${yA + 8} H${xB} V${yA - 6}`, fill: "none", stroke: "#c2185b", "stroke-width": 2, "marker-end": "url(#arrow)" }));
  const defs = svgEl("defs");
  const marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" });
  marker.append(svgEl("path", { d: "M0 0L10 5L0 10z", fill: "#c2185b" }));
  defs.append(marker);
  svg.prepend(defs);
  svg.append(svgEl("text", { x: xB + 6, y: yA + 22, "font-size": 11, fill: "#c2185b" }, `Loop Back Arrow: past the Ribbon, back to ${g.loop_back_to}`));
  // tokens beside the side that is up: above the Calm row, below the Chaos row
  const yT = up === "calm" ? top - 10 : top + rowH + 40;
  const yRow = top + (up === "calm" ? 0 : rowH);
  for (const [pos, seats] of bySpace) {
    seats.forEach((q, k) => {
      const x = (pos === 0 ? left - cell : left + (pos - 1) * cell) + 7 + (k % 2) * 14;
      const y = yT + (up === "calm" ? -1 : 1) * Math.floor(k / 2) * lineH;
      const me = q === viewer;
      const g2 = svgEl("g", { "data-token": q });
      g2.append(svgEl(me ? "rect" : "circle", me
        ? { x: x - 4.7, y: y - 4.7, width: 9.4, height: 9.4, fill: "#1f5fbf", stroke: "#000", transform: `rotate(45 ${x} ${y})` }
        : { cx: x, cy: y, r: 6.5, fill: "#ff8f00", stroke: "#000" }));
      g2.append(svgEl("text", { x: x - 3, y: y + 3.5, "font-size": 10, "font-weight": 800, fill: "#fff" }, String(q)));
      svg.append(g2);
    });
  }
  if (preview !== null && preview > 0 && preview <= n + 1) {
    const x = left + (preview - 1) * cell;
    svg.append(svgEl("rect", { x: x - 2, y: yRow - 3, width: cell + 2, height: 36, rx: 6, fill: "none", stroke: "#1f5fbf", "stroke-width": 3, "stroke-dasharray": "4 3", class: "preview" }));
  }
  const where = obs.board.disc_to_choose ? `Move Disc drawn: ${obs.board.disc_to_choose.replaceAll("-", " ")}` : "";
  return el("div", { class: "stack" },
    el("div", { class: "track" }, svg),
    el("div", { class: "track-legend muted" },
      `${up === "calm" ? "Calm" : "Chaos"} side up. K: an Exploding Kitten space; a number: the Action Cards a landing draws; R: the Ribbon (land on it exactly to win). Tokens: seat numbers, yours a blue diamond. ${where}`),
    piles(obs, book));
}

const SYM = { fire: "▲", water: "●", air: "≈", rock: "■", plant: "♣", star: "★", trash: "✖" };

/** Eleminis: each player's row with element symbols, points now, the drawn card. */
export function eleminis(obs, book, viewer, words, highlight = []) {
  const rows = el("div", { class: "rows" });
  const points = words?.points || [];
  for (const p of obs.players) {
    const line = el("div", { class: "rowline", dataset: { seat: p.seat } },
      el("span", { class: "who" }, seatName(p.seat, viewer)));
    p.row.forEach((slug, i) => {
      const cellId = `p${p.seat}.${i + 1}`;
      const hot = highlight.includes(cellId);
      line.append(el("div", {
        class: `slot${slug ? " filled" : ""}${slug ? ` el-${book.kind(slug)}` : ""}`,
        style: hot ? "outline:3px solid #1f5fbf" : null, title: slug ? book.help(slug) : `slot ${i + 1}, empty`,
        dataset: { cell: cellId },
      }, slug ? el("span", {}, el("span", { class: "sym" }, SYM[slug] || "◆"), book.name(slug)) : `${i + 1}`));
    });
    const score = obs.phase === "over" ? p.score : points[p.seat];
    line.append(el("span", { class: "points" }, `${score ?? 0} pts${p.total ? ` (match ${p.total})` : ""}`));
    rows.append(line);
  }
  const sec = obs.eleminis;
  return el("div", { class: "stack" }, rows,
    el("div", { class: "muted" }, `Game ${sec.game_number}${sec.target ? `, match to ${sec.target}` : ""}${sec.teams ? `, ${sec.teams} teams` : ""}`),
    piles(obs, book));
}
