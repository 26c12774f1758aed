// Accounts, optional (issue 35): the lobby header's "Sign in" / "Sign up" (a small form: a
// name, a password; the server's reply shown when it refuses), the signed-in name with
// "Sign out", and "Your tables": a seat of the account at a table not over, taken back on
// this device (a fresh token: the other device's stops working). Guests see the two
// buttons and nothing else changes for them.
import { api, el, seatStore } from "./api.js";
import { nt, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
let mode = "in"; // the form signs "in" or "up"
let signedIn = null; // the account's name, or null for a guest
const SIGNED_IN = "kaboom.account";

/** The account signed in on this browser (null: a guest), as the server says. */
export const account = () => signedIn;

function show(box, message) {
  box.textContent = message || "";
  box.classList.toggle("hidden", !message);
}

function openForm(which) {
  mode = which;
  const up = which === "up";
  $("#account-title").textContent = up ? t("Sign up") : t("Sign in");
  $("#account-submit").textContent = up ? t("Sign up") : t("Sign in");
  $("#account-password").autocomplete = up ? "new-password" : "current-password";
  $("#sign-in-btn").setAttribute("aria-expanded", String(!up));
  $("#sign-up-btn").setAttribute("aria-expanded", String(up));
  show($("#account-error"), "");
  $("#account-box").classList.remove("hidden");
  $("#account-user").focus();
}

function closeForm() {
  $("#account-box").classList.add("hidden");
  $("#account-password").value = "";
  for (const b of ["#sign-in-btn", "#sign-up-btn"]) $(b).setAttribute("aria-expanded", "false");
}

function drawAccount(name, onChange) {
  signedIn = name;
  // (only a browser that signed in asks the server who it is: a guest's page asks nothing)
  if (name) localStorage.setItem(SIGNED_IN, name); else localStorage.removeItem(SIGNED_IN);
  $("#signed-out").classList.toggle("hidden", !!name);
  $("#signed-in").classList.toggle("hidden", !name);
  $("#account-name").textContent = name || "";
  if (name) $("#name").value = name;
  onChange?.(name);
  drawMine();
}

async function submit(ev, onChange) {
  ev.preventDefault();
  const body = { name: $("#account-user").value.trim(), password: $("#account-password").value };
  try {
    const me = await api(mode === "up" ? "/api/accounts" : "/api/sessions", { method: "POST", body });
    closeForm();
    drawAccount(me.name, onChange);
    $("#sign-out-btn").focus();
  } catch (e) {
    show($("#account-error"), e.message);
    $("#account-password").focus();
  }
}

async function signOut(onChange) {
  try { await api("/api/sessions", { method: "DELETE" }); } catch { /* signed out either way */ }
  drawAccount(null, onChange);
  $("#sign-in-btn").focus();
}

// -- your tables ----------------------------------------------------------------------------
async function drawMine() {
  const panel = $("#mine-panel");
  if (!signedIn) { panel.classList.add("hidden"); return; }
  let mine = [];
  try { mine = (await api("/api/me/tables")).tables; } catch { mine = []; }
  panel.classList.toggle("hidden", mine.length === 0);
  $("#mine").replaceChildren(...mine.map((row) => el("li", {},
    el("span", {}, `${row.game}, ${nt("{n} player", "{n} players", row.players)} · ${t("seat {n}", { n: row.seat })} · ${row.status === "open" ? t("waiting for players") : t("in play")}`),
    el("button", { type: "button", class: "primary", "data-table": row.table, onclick: () => takeBack(row.table) }, t("Take your seat back")))));
}

/** The account's seat at `table` on this device, then the table. */
async function takeBack(table) {
  try {
    const got = await api(`/api/tables/${table}/seat-back`, { method: "POST" });
    seatStore.set(table, { token: got.token, seat: got.seat, name: signedIn });
    location.href = `/tables/${table}`;
  } catch (e) { show($("#mine-error"), e.message); }
}

/** Wire the header; ask the server who is signed in here. */
export async function setupAccount(onChange) {
  $("#sign-in-btn").addEventListener("click", () => openForm("in"));
  $("#sign-up-btn").addEventListener("click", () => openForm("up"));
  $("#account-cancel").addEventListener("click", closeForm);
  $("#account-form").addEventListener("submit", (ev) => submit(ev, onChange));
  $("#account-form").addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeForm(); });
  $("#sign-out-btn").addEventListener("click", () => signOut(onChange));
  let name = null;
  if (localStorage.getItem(SIGNED_IN)) {
    try { name = (await api("/api/me")).name; } catch { name = null; }
  }
  drawAccount(name, onChange);
}
