// The lobby's pictures: a small picture of each game (our own SVG: shapes and letters, no
// art from the boxes), and the order the games are shown in. The options' words come with
// the games from the server (/api/games: each option's `words`, from
// kaboom.games.option_words, which the terminal's picker reads too).

/** The games in the order the lobby shows them: the first game of the family first (a game
 * the lobby does not know yet comes after these, in the server's order). */
export const GAME_ORDER = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"];

const svg = (body) => `<svg viewBox="0 0 64 64" width="64" height="64" xmlns="http://www.w3.org/2000/svg" focusable="false">${body}</svg>`;
const card = (x, y, r, fill) => `<rect x="${x}" y="${y}" width="30" height="42" rx="4" fill="${fill}" stroke="#1d1d1f" stroke-width="2" transform="rotate(${r} ${x + 15} ${y + 21})"/>`;

/** A small picture of each game (our own drawing). */
export const GAME_PICTURES = {
  "exploding-kittens": svg(`${card(8, 14, -12, "#fff")}${card(26, 10, 10, "#222")}`
    + `<path d="M41 20l2 5 5-2-2 5 5 2-5 2 2 5-5-2-2 5-2-5-5 2 2-5-5-2 5-2-2-5 5 2z" fill="#f9a825"/>`
    + `<path d="M12 24l4 4h6l4-4v9a7 7 0 01-14 0z" fill="#8d6e63"/>`),
  "exploding-minions": svg(`${card(8, 14, -12, "#fff")}${card(26, 10, 10, "#f9d71c")}`
    + `<circle cx="41" cy="29" r="7" fill="#fff" stroke="#555" stroke-width="3"/><circle cx="41" cy="29" r="3" fill="#5d4037"/>`
    + `<rect x="29" y="27" width="24" height="4" fill="#333" transform="rotate(10 41 29)"/>`
    + `<path d="M14 26l5-5 5 5-5 5z" fill="#00838f"/>`),
  dynamitt: svg(`${card(8, 14, -12, "#fff")}${card(26, 10, 10, "#fff")}`
    + `<text x="14" y="32" font-size="13" font-weight="800" fill="#b3261e" font-family="sans-serif" transform="rotate(-12 23 35)">Q♥</text>`
    + `<rect x="36" y="24" width="10" height="18" rx="2" fill="#c62828" transform="rotate(10 41 33)"/>`
    + `<path d="M43 22q3-5 7-4" stroke="#333" stroke-width="2" fill="none"/><circle cx="51" cy="17" r="2.5" fill="#f9a825"/>`),
  "kittens-board-game": svg(`<rect x="4" y="4" width="56" height="56" rx="8" fill="#e9f5ea" stroke="#1d1d1f" stroke-width="2"/>`
    + `<path d="M12 50 C12 30 30 40 32 24 S52 20 52 12" stroke="#8d6e63" stroke-width="7" fill="none" stroke-dasharray="6 3"/>`
    + `<circle cx="12" cy="50" r="5" fill="#1f5fbf"/><circle cx="30" cy="33" r="4" fill="#b3261e"/>`
    + `<path d="M48 8h8v8l-4-3-4 3z" fill="#ad1457"/>`),
  eleminis: svg(`<rect x="2" y="22" width="60" height="20" rx="4" fill="#fff" stroke="#1d1d1f" stroke-width="2"/>`
    + ["#78909c", "#1565c0", "#6d4c41", "#c62828", "#2e7d32"].map((c, i) => `<circle cx="${9 + i * 11.5}" cy="32" r="5" fill="${c}"/>`).join("")
    + `<path d="M32 4l3 6h6l-5 4 2 6-6-4-6 4 2-6-5-4h6z" fill="#f9a825"/>`),
  default: svg(`${card(17, 11, 0, "#fff")}`),
};
