// The server's documented protocol (docs/protocol.md): the lobby over HTTP, play over one
// WebSocket. Nothing else talks to the server. The server answers each person in their
// own language (docs/i18n.md): the cookie and Accept-Language go with every request, and a
// page asked for in a language (`?lang=`) asks its requests in it too.

import { lang, t } from "./i18n.js";

const asked = new URLSearchParams(location.search).has("lang");

/** `path` with the page's language asked for (`?lang=nb`) where the page was asked so. */
export function withLang(path) {
  if (!asked) return path;
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
}

/** A JSON request; a refusal throws an Error with the server's `detail`. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  // credentials same-origin: a signed-in person's session cookie goes with it (issue 35)
  const res = await fetch(withLang(path), { method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!res.ok) {
    const detail = data && data.detail;
    const why = typeof detail === "string" ? detail
      : Array.isArray(detail) ? detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ")
      : `HTTP ${res.status}`;
    throw new Error(why);
  }
  return data;
}

/** Where a seat's token is kept in this browser (a reload takes the same seat). */
export const seatStore = {
  get(table) {
    try { return JSON.parse(localStorage.getItem(`kaboom.seat.${table}`) || "null"); } catch { return null; }
  },
  set(table, value) { localStorage.setItem(`kaboom.seat.${table}`, JSON.stringify(value)); },
  forget(table) { localStorage.removeItem(`kaboom.seat.${table}`); },
};

let keyCounter = 0;
/** A client key for an action: a resend after a timeout is never applied twice. */
export function clientKey() {
  keyCounter += 1;
  const rnd = Math.random().toString(36).slice(2, 10);
  return `b${Date.now().toString(36)}.${rnd}.${keyCounter}`;
}

/**
 * One WebSocket to a table, as a seat (with its token) or a spectator. Reconnects by
 * itself, saying the last `seq` it saw, so the server sends what was missed.
 */
export class TableSocket {
  constructor({ table, token, invite, onMessage, onState }) {
    Object.assign(this, { table, token, invite, onMessage, onState });
    this.lastSeq = -1;
    this.closed = false;
    this.retry = 0;
  }

  open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(withLang(`${proto}//${location.host}/ws`));
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      const hello = { v: 1, type: "hello", table: this.table, last_seq: this.lastSeq };
      if (this.token) hello.token = this.token;
      if (this.invite) hello.invite = this.invite;
      ws.send(JSON.stringify(hello));
      this.onState?.("connected");
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if ((msg.type === "update" || msg.type === "sync") && msg.seq > this.lastSeq) this.lastSeq = msg.seq;
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.closed) return;
      this.onState?.("disconnected", ev);
      if (ev.code >= 4000 && ev.code < 4100) return; // refused: bad token, no table, left
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.open(), 250 * 2 ** this.retry);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ v: 1, ...msg }));
  }

  /** Play an action by id for the decision `at`. */
  act(id, at) { this.send({ type: "action", key: clientKey(), id, at }); }

  close() { this.closed = true; this.ws?.close(); }
}

/** A DOM element: `el("p", {class: "x"}, "text", child)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** `P2`, or `You` for the seat at this browser. */
export function seatName(seat, viewer, names) {
  if (seat === viewer) return t("You");
  const n = names && names[seat];
  return n ? `P${seat} ${n}` : `P${seat}`;
}
