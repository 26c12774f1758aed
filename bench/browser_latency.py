"""The browser table's latency and weight, measured with Playwright and Debian's Chromium
against a real ``kaboom serve`` on localhost:

- a person's own action to its render on screen: ``performance.now()`` in the page, from
  the click on the highlighted action to the table's next render (``data-seq`` changing:
  the update came, its words were fetched from ``POST /api/words`` and drawn), p50 and p95
  over N actions;
- the reference, measured in the same run and the same page: a WebSocket round trip alone
  (a ``ping`` to the server and its ``pong``, on a socket of its own), p50 and p95, and the
  ratio of the two;
- the first load's weight: the bytes transferred for the lobby and for a table page on a
  fresh cache (every response's headers and body as they came over the wire).

    .venv/bin/python bench/browser_latency.py               # 60 actions
    .venv/bin/python bench/browser_latency.py --actions 200 --json

The figures are printed, never checked against a threshold.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import DESKTOP, launch  # noqa: E402
from server_support import Server, quick_args  # noqa: E402

#: In the page: click the highlighted action (else the first), resolve with the ms until
#: the next render of the table.
CLICK_TO_RENDER = """() => new Promise((done) => {
  const button = document.querySelector('#actions button.default:not([disabled])')
    || document.querySelector('#actions button:not([disabled])');
  if (!button) { done(null); return; }
  const before = document.body.dataset.seq;
  const t0 = performance.now();
  new MutationObserver((_, seen) => {
    if (document.body.dataset.seq === before) return; // a redraw of the same moment
    seen.disconnect(); done(performance.now() - t0);
  })
    .observe(document.body, { attributes: true, attributeFilter: ['data-seq'] });
  button.click();
})"""

#: In the page: N ping/pong round trips on a WebSocket of its own (a spectator's), in ms.
ROUND_TRIPS = """async ([table, n]) => {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  await new Promise((ok) => { ws.onopen = ok; });
  ws.send(JSON.stringify({ v: 1, type: 'hello', table, last_seq: 1e6 }));
  const said = (type, ok) => (ev) => { if (JSON.parse(ev.data).type === type) ok(); };
  await new Promise((ok) => { ws.onmessage = said('welcome', ok); });
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    await new Promise((ok) => {
      ws.onmessage = said('pong', ok);
      ws.send(JSON.stringify({ v: 1, type: 'ping' }));
    });
    out.push(performance.now() - t0);
  }
  ws.close();
  return out;
}"""


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def new_table(base: str, seed: int) -> tuple[str, str]:
    """A table of a person (seat 0) and a heuristic bot, started: its id and the token."""
    body = {"game": "exploding-kittens", "players": 2, "seats": ["human", "heuristic"],
            "window": 0, "bot_delay": 0, "seed": seed}  # fmt: skip
    table = httpx.post(f"{base}/api/tables", json=body, timeout=10).json()["id"]
    token = httpx.post(
        f"{base}/api/tables/{table}/join", json={"name": "ann", "seat": 0}, timeout=10
    ).json()["token"]
    httpx.post(
        f"{base}/api/tables/{table}/start",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    ).raise_for_status()
    return table, token


def weight(browser: Any, base: str, path: str, before: str | None = None) -> int:
    """Bytes over the wire for ``path`` on a fresh cache (a new context)."""
    ctx = browser.new_context(viewport=DESKTOP, base_url=base)
    page = ctx.new_page()
    if before:
        page.add_init_script(before)
    total = [0]

    def finished(request: Any) -> None:
        sizes = request.sizes()
        total[0] += sizes["responseHeadersSize"] + sizes["responseBodySize"]

    page.on("requestfinished", finished)
    page.goto(path, wait_until="networkidle")
    ctx.close()
    return total[0]


def measure(browser: Any, base: str, actions: int) -> dict[str, Any]:
    own: list[float] = []
    pings: list[float] = []
    seed = 1
    while len(own) < actions:
        table, token = new_table(base, seed)
        seed += 1
        ctx = browser.new_context(viewport=DESKTOP, base_url=base)
        seat = json.dumps({"token": token, "seat": 0, "name": "ann"})
        ctx.add_init_script(f"localStorage.setItem('kaboom.seat.{table}', {json.dumps(seat)})")
        page = ctx.new_page()
        page.goto(f"/tables/{table}")
        while len(own) < actions:
            try:
                page.wait_for_selector(
                    "#actions button:not([disabled]), #end:not(.hidden)", timeout=20_000
                )
            except Exception:
                break
            if page.evaluate("() => document.body.dataset.over === '1'"):
                break
            took = page.evaluate(CLICK_TO_RENDER)
            if took is not None:
                own.append(float(took))
                pings.extend(page.evaluate(ROUND_TRIPS, [table, 1]))
        ctx.close()
    return {"own": own, "pings": pings}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        srv = Server(f"sqlite:///{folder}/bench.db", folder / "server.log", *quick_args())
        srv.start()
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                table, token = new_table(srv.base, 999)
                seat = json.dumps({"token": token, "seat": 0, "name": "ann"})
                stored = f"localStorage.setItem('kaboom.seat.{table}', {json.dumps(seat)})"
                lobby = weight(browser, srv.base, "/")
                table_page = weight(browser, srv.base, f"/tables/{table}", stored)
                started = time.perf_counter()
                got = measure(browser, srv.base, args.actions)
                seconds = time.perf_counter() - started
                browser.close()
        finally:
            srv.stop()
    own, pings = got["own"], got["pings"]
    out: dict[str, Any] = {
        "actions": len(own),
        "own_action_to_render_ms": {"p50": quantile(own, 0.5), "p95": quantile(own, 0.95),
                                    "mean": statistics.fmean(own)},
        "websocket_round_trip_ms": {"p50": quantile(pings, 0.5), "p95": quantile(pings, 0.95),
                                    "mean": statistics.fmean(pings)},
        "ratio_p50": quantile(own, 0.5) / quantile(pings, 0.5),
        "first_load_bytes": {"lobby": lobby, "table": table_page},
        "seconds": seconds,
    }  # fmt: skip
    if args.json:
        print(json.dumps(out, indent=1))
        return
    o, w = out["own_action_to_render_ms"], out["websocket_round_trip_ms"]
    n = len(own)
    print(f"own action to render, {n} actions: p50 {o['p50']:.1f} ms, p95 {o['p95']:.1f} ms")
    print(f"WebSocket ping round trip (reference): p50 {w['p50']:.1f} ms, p95 {w['p95']:.1f} ms")
    print(f"ratio (p50): {out['ratio_p50']:.1f}x the round trip alone")
    kib = f"lobby {lobby / 1024:.1f} KiB, table {table_page / 1024:.1f} KiB"
    print(f"first load, fresh cache: {kib}")


if __name__ == "__main__":
    main()
