"""The cards as a player sees them (issue 46), in Debian's Chromium over a real ``kaboom
serve``: one look per game (Minions in their own frame and band, Dynamitt as playing cards
with rank and suit in the corners, a back per game), every card of every game readable at
phone size and on a desktop in English and Norwegian (no text under 9.5 px, text at 4.5:1
or more against what is behind it, inside its card, no word broken but at a hyphen, no part
of a card drawn over another), the chat's reactions drawn as SVG with names (never an emoji,
which a system without a colour-emoji font shows as an empty box), and a card in flight
that passes axe-core's ``color-contrast`` at every moment of its flight.

The card gallery draws every card of a game with the page's own ``CardBook`` (``cards.js``)
from ``/api/guide`` on the table page (its style sheets), at the sizes the table uses: 66x92
in a phone's hand (at 390x844), 70x96 small and 92x128 on a desktop (1280x800)."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import (  # noqa: F401 (the fixture server)
    DESKTOP,
    PHONE,
    Person,
    create_table,
    person,
    server_fixture,
    start,
)
from server_support import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser_cards")]

GAMES = ["exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis"]
#: The sizes a card is drawn at: (width, height, small, the viewport it is seen in).
SIZES = {
    "phone hand": (66, 92, False, PHONE),
    "small": (70, 96, True, DESKTOP),
    "desktop": (92, 128, False, DESKTOP),
}

#: Draws every card of ``game`` (each kind once; Dynamitt: each card) at one size on a
#: page of the site, with the page's CardBook, and the game's back with a count.
GALLERY = """async ([game, w, h, small]) => {
  const { CardBook } = await import('/static/js/cards.js');
  const { api } = await import('/static/js/api.js');
  const g = await api('/api/guide', { method: 'POST', body: { game, players: 3, options: {} } });
  const book = new CardBook(g);
  const seen = new Set();
  const box = document.createElement('div');
  box.id = 'gallery';
  box.style.cssText = 'display:flex;flex-wrap:wrap;gap:6px;padding:8px;background:#f4f1ea';
  const sized = (node) => {
    node.style.setProperty('--card-w', `${w}px`);
    node.style.setProperty('--card-h', `${h}px`);
    return node;
  };
  for (const c of g.cards) {
    const key = g.exploding?.ranked ? c.slug : c.design.kind;
    if (seen.has(key)) continue;
    seen.add(key);
    box.append(sized(book.card(c.slug, { small })));
  }
  if (book.back) box.append(sized(book.back({ small, count: 29 })));
  document.body.replaceChildren(box);
  document.body.dataset.game = game;
  return seen.size;
}"""

#: What is wrong with the cards given (an empty list: nothing). For each text of a card:
#: its size (9.5 px or more), its contrast against the first background colour behind it
#: (4.5:1), its lines inside the card's border, each word on one line (a break at a hyphen
#: or a soft hyphen only); and no two parts of a card (band, name, words; corners, middle,
#: role) drawn on each other, their text lines and drawings compared.
PROBLEMS = """(cards) => {
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const parse = (c) => {
    const m = c.match(/[\\d.]+/g).map(Number);
    return { rgb: m.slice(0, 3), a: m.length > 3 ? m[3] : 1 };
  };
  const behind = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c.a > 0) return c.rgb;
    }
    return [255, 255, 255];
  };
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const texts = (root) => {
    const out = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) if (t.textContent.trim()) out.push(t);
    return out;
  };
  const lines = (t) => {
    const r = document.createRange();
    r.selectNodeContents(t);
    return [...r.getClientRects()].filter((x) => x.width > 1);
  };
  const charAt = (t, i) => {
    const r = document.createRange();
    r.setStart(t, i);
    r.setEnd(t, i + 1);
    return r.getBoundingClientRect();
  };
  const out = [];
  for (const card of cards) {
    const name = card.getAttribute('aria-label') || card.className;
    const box = card.getBoundingClientRect();
    const cs = getComputedStyle(card);
    const inner = {
      left: box.left + parseFloat(cs.borderLeftWidth) - 0.5,
      right: box.right - parseFloat(cs.borderRightWidth) + 0.5,
      top: box.top + parseFloat(cs.borderTopWidth) - 0.5,
      bottom: box.bottom - parseFloat(cs.borderBottomWidth) + 0.5,
    };
    for (const t of texts(card)) {
      const host = t.parentElement;
      const st = getComputedStyle(host);
      const said = t.textContent.replaceAll('\\u00ad', '');
      const size = parseFloat(st.fontSize);
      if (size < 9.5) out.push(`${name}: "${said}" at ${size} px`);
      const [a, b] = [lum(parse(st.color).rgb), lum(behind(host))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) out.push(`${name}: "${said}" at ${ratio.toFixed(2)}:1`);
      for (let n = host; n && n !== card.parentElement; n = n.parentElement) {
        if (Number(getComputedStyle(n).opacity) < 1) out.push(`${name}: "${said}" faded`);
      }
      if (lines(t).some((r) => r.left < inner.left || r.right > inner.right
          || r.top < inner.top || r.bottom > inner.bottom)) {
        out.push(`${name}: "${said}" outside the card`);
      }
      const word = /[^\\s\\-\\u00ad·]+/g;
      for (let m = word.exec(t.textContent); m; m = word.exec(t.textContent)) {
        const first = charAt(t, m.index);
        const last = charAt(t, m.index + m[0].length - 1);
        if (Math.abs(first.bottom - last.bottom) > 2) out.push(`${name}: "${m[0]}" broken`);
      }
    }
    const inks = [...card.children].map((part) => ({
      part,
      rects: [...[...part.querySelectorAll('svg')].map((g) => g.getBoundingClientRect()),
        ...texts(part).flatMap(lines)],
    }));
    inks.forEach((a, i) => inks.slice(i + 1).forEach((b) => {
      if (a.rects.some((x) => b.rects.some((y) => hit(x, y)))) {
        out.push(`${name}: ${a.part.className} drawn on ${b.part.className}`);
      }
    }));
  }
  return out;
}"""


def gallery(browser: Any, base: str, game: str, size: str, lang: str = "en") -> Any:
    """A page of ``base`` in ``lang`` showing every card of ``game`` at ``size``."""
    w, h, small, viewport = SIZES[size]
    ctx = browser.new_context(
        viewport=viewport,
        is_mobile=viewport is PHONE,
        has_touch=viewport is PHONE,
        base_url=base,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    page = ctx.new_page()
    page.goto(f"/tables/none?lang={lang}")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert page.evaluate(GALLERY, [game, w, h, small]) > 1
    return page


def problems(page: Any, selector: str = "#gallery .card:not(.back)") -> list[str]:
    found: list[str] = page.evaluate(
        f"() => ({PROBLEMS})([...document.querySelectorAll({selector!r})])"
    )
    return found


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_every_card_is_readable(
    server: Server, browser: Any, game: str, size: str, lang: str
) -> None:
    page = gallery(browser, server.base, game, size, lang)
    try:
        assert problems(page) == []
    finally:
        page.context.close()


#: The look of the first card of each kind named: its frame, its face, its band.
LOOK = """(slugs) => Object.fromEntries(slugs.map((slug) => {
  const c = document.querySelector(`#gallery .card[data-slug="${slug}"]`);
  const s = getComputedStyle(c);
  const band = c.querySelector('.band');
  const b = band && getComputedStyle(band);
  return [slug, {
    frame: `${s.borderTopColor} ${s.borderTopWidth} ${s.borderTopLeftRadius}`,
    face: s.backgroundColor,
    band: b ? `${b.backgroundColor} ${b.outlineStyle} ${b.color}` : null,
  }];
}))"""


def looks(browser: Any, base: str, game: str, slugs: list[str]) -> dict[str, dict[str, Any]]:
    page = gallery(browser, base, game, "desktop")
    try:
        found: dict[str, dict[str, Any]] = page.evaluate(LOOK, slugs)
    finally:
        page.context.close()
    return found


def test_minions_look_like_themselves_not_like_kittens(server: Server, browser: Any) -> None:
    """The same kinds of card (Defuse, Nope, Skip) in another frame, face and band."""
    shared = ["defuse", "nope", "skip", "shuffle"]
    kittens = looks(browser, server.base, "exploding-kittens", shared)
    minions = looks(browser, server.base, "exploding-minions", [*shared, "kevin"])
    for slug in shared:
        for part in ("frame", "face", "band"):
            assert minions[slug][part] != kittens[slug][part], (slug, part, minions[slug][part])
    # a Minion pair card: its band yellow with dark words (not the cats' brown)
    assert minions["kevin"]["band"].startswith("rgb(255, 212, 59)"), minions["kevin"]


def test_the_board_game_and_eleminis_have_their_own_frames(server: Server, browser: Any) -> None:
    kittens = looks(browser, server.base, "exploding-kittens", ["defuse"])["defuse"]
    board = looks(browser, server.base, "kittens-board-game", ["defuse"])["defuse"]
    assert (board["frame"], board["face"]) != (kittens["frame"], kittens["face"])
    elements = looks(browser, server.base, "eleminis", ["fire", "water", "plant"])
    frames = {slug: look["frame"] for slug, look in elements.items()}
    assert len(set(frames.values())) == 3, frames  # each Elemini framed in its element
    assert len({look["face"] for look in elements.values()}) == 3


#: Each Dynamitt card in the gallery: its two corners (rank, suit drawn), its middle, its
#: role, its colour.
PLAYING = """() => [...document.querySelectorAll('#gallery .card.playing')].map((c) => {
  const corner = (where) => {
    const k = c.querySelector(`.corner.${where}`);
    return k && { rank: k.querySelector('.rank').textContent,
      suit: k.querySelector('svg path')?.getAttribute('d'),
      colour: getComputedStyle(k).color, turned: getComputedStyle(k).transform };
  };
  const pip = c.querySelector('.pip');
  return { slug: c.dataset.slug, tl: corner('tl'), br: corner('br'),
    middle: pip.querySelector('.dynamite') ? 'dynamite' : pip.querySelector('.face')
      ? `face ${pip.textContent}` : `pip ${pip.querySelector('svg path')?.getAttribute('d')}`,
    role: c.querySelector('.sub').textContent.replaceAll('\\u00ad', ''),
    described: c.getAttribute('aria-describedby') === c.querySelector('.sub').id };
})"""


def test_dynamitt_cards_are_playing_cards(server: Server, browser: Any) -> None:
    """Rank and suit in the top left corner and, turned, the bottom right; hearts and
    diamonds red, clubs and spades black (each suit its own drawing besides); the suit big
    in the middle, a court card's letter, the Jack (the bomb) drawn as dynamite; its role in
    a few words."""
    from kaboom.web.design import ICONS
    from kaboom.web.words import guide

    page = gallery(browser, server.base, "dynamitt", "phone hand")
    try:
        cards = {c["slug"]: c for c in page.evaluate(PLAYING)}
    finally:
        page.context.close()
    designs = {c["slug"]: c["design"] for c in guide("dynamitt", 3, {})["cards"]}
    assert set(cards) == set(designs)
    suits = {"s": "suit-spade", "h": "suit-heart", "d": "suit-diamond", "c": "suit-club"}
    red, black = "rgb(198, 40, 40)", "rgb(29, 29, 31)"
    for slug, card in cards.items():
        d = designs[slug]
        assert card["tl"]["rank"] == card["br"]["rank"] == d["letter"], slug
        assert card["br"]["turned"] != "none" and card["tl"]["turned"] == "none", slug
        assert card["role"] == d["description"] and card["described"], slug
        if slug == "joker":
            continue
        drawing = ICONS[suits[slug[-1]]][0]
        assert card["tl"]["suit"] == card["br"]["suit"] == drawing, slug
        assert card["tl"]["colour"] == (red if slug[-1] in "hd" else black), slug
        rank = slug[:-1]
        if rank == "j":
            assert card["middle"] == "dynamite", slug
        elif rank in ("q", "k"):
            assert card["middle"] == f"face {d['letter']}", slug
        else:
            assert card["middle"] == f"pip {drawing}", slug
    assert cards["jh"]["role"] == "Dynamite" and cards["qs"]["role"] == "Defuse"


#: Each back in the gallery: its picture, its count and the count's contrast on its disc.
BACKS = """() => {
  const lum = (c) => {
    const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const back = document.querySelector('#gallery .back');
  const count = back.querySelector('.count');
  const s = getComputedStyle(count);
  const [a, b] = [lum(s.color), lum(s.backgroundColor)];
  // a back the table draws itself (no CardBook): the page's game picks its picture
  const plain = document.createElement('div');
  plain.className = 'pile';
  plain.innerHTML = '<div class="back card small">7</div>';
  document.body.append(plain);
  const byBody = getComputedStyle(plain.firstChild).backgroundImage;
  delete document.body.dataset.game;  // (the page's CardBook says the game without it)
  return { picture: getComputedStyle(back).backgroundImage, count: count.textContent,
    ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    hidden: back.getAttribute('aria-hidden'), byBody,
    byPage: getComputedStyle(plain.firstChild).backgroundImage };
}"""


def test_each_game_has_its_own_back(server: Server, browser: Any) -> None:
    pictures = {}
    for game in GAMES:
        page = gallery(browser, server.base, game, "small")
        try:
            back = page.evaluate(BACKS)
        finally:
            page.context.close()
        assert back["picture"].startswith('url("data:image/svg+xml'), (game, back["picture"][:80])
        # a back the table draws itself: body[data-game], or the page's CardBook, picks it
        assert back["byBody"] == back["byPage"] == back["picture"], game
        assert back["count"] == "29" and back["ratio"] >= 4.5, (game, back)
        assert back["hidden"] == "true"  # the pile's label beside it says the pile
        pictures[game] = back["picture"]
    assert len(set(pictures.values())) == len(GAMES)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
@pytest.mark.parametrize("game", GAMES)
def test_a_hand_at_the_table_is_readable(
    server: Server, browser: Any, game: str, phone: bool
) -> None:
    """At a real table, at the deal: the cards in the hand as the table sizes them."""
    ann: Person = person(browser, server.base, "ann", phone=phone)
    try:
        create_table(ann, game, ["human", "heuristic", "heuristic"], seed=3)
        start(ann)
        ann.page.wait_for_selector("#hand .card")
        assert problems(ann.page, "#hand .card") == []
        if phone:
            w, h = ann.page.evaluate(
                "() => { const r = document.querySelector('#hand .card').getBoundingClientRect();"
                " return [r.width, r.height]; }"
            )
            assert w <= 74 and h <= 104, (w, h)  # a phone's card, not a desktop's
        assert ann.errors == []
    finally:
        ann.page.context.close()


#: The reaction buttons: each one's name, its text, its drawing's name and size.
REACTS = """() => [...document.querySelectorAll('#reacts button')].map((b) => {
  const svg = b.querySelector('svg');
  const r = svg?.getBoundingClientRect();
  return { name: b.getAttribute('aria-label'),
    text: b.textContent.replace(svg?.textContent ?? '', '').trim(),
    role: svg?.getAttribute('role'), said: svg?.getAttribute('aria-label'),
    title: svg?.querySelector('title')?.textContent,
    parts: svg?.querySelectorAll('path, circle, rect, ellipse').length,
    size: r ? [r.width, r.height] : null };
})"""

#: Every frame the page sends over its socket, kept (the wire's format).
SENT = """() => {
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.__sent.push(String(data));
    return send.call(this, data);
  };
}"""


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_reactions_are_drawn_as_svg_with_names(server: Server, browser: Any, phone: bool) -> None:
    """Six buttons, each our own drawing named as the reaction is said, no emoji at all (no
    text beside the drawing's title); a click sends the reaction by its wire name, and it
    shows beside the seat as the same drawing."""
    import json

    ann: Person = person(browser, server.base, "ann", phone=phone)
    try:
        ann.page.add_init_script(f"({SENT})()")
        create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=3)
        chat = ann.page.locator('#sheet-btns [data-sheet="chat"]')
        if chat.is_visible():  # the chat is a tab (a phone: a sheet), opened by its button
            chat.click()
        ann.page.wait_for_selector("#reacts button", state="visible")
        buttons = ann.page.evaluate(REACTS)
        said = ["thumbs up", "laugh", "wow", "sad", "clap", "boom"]
        assert [b["name"] for b in buttons] == [f"React: {s}" for s in said]
        for b, s in zip(buttons, said, strict=True):
            assert b["text"] == "" and b["role"] == "img" and b["said"] == b["title"] == s, b
            assert b["parts"] >= 2 and b["size"][0] >= 16 and b["size"][1] >= 16, b
        ann.page.click('#reacts button[aria-label="React: laugh"]')
        pop = ann.page.wait_for_selector(
            '#waiting li[data-seat="0"] .react-pop svg[role="img"]', state="attached"
        )
        assert pop is not None and pop.get_attribute("aria-label") == "laugh"
        sent = [json.loads(f) for f in ann.page.evaluate("() => window.__sent")]
        # the wire as before (docs/protocol.md): the reaction by its name, nothing else
        assert [f for f in sent if f.get("type") == "react"] == [
            {"v": 1, "type": "react", "reaction": "laugh"}
        ]
        assert ann.errors == []
    finally:
        ann.page.context.close()


#: Pause every card in flight as soon as it takes off (before a frame of it is drawn).
CATCH = """() => {
  window.__ghosts = [];
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) {
      if (n.classList?.contains('ghost')) {
        for (const a of n.getAnimations()) a.pause();
        window.__ghosts.push(n);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""

#: The first ghost's flight set at ``share`` of its time: its opacity then.
AT = """(share) => {
  const g = window.__ghosts.find((n) => n.isConnected && n.querySelector('.title, .sub'));
  const run = g.getAnimations()[0];
  run.currentTime = share * run.effect.getComputedTiming().duration;
  return { opacity: getComputedStyle(g).opacity, text: g.innerText.trim().length };
}"""


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_card_in_flight_keeps_its_contrast(
    server: Server, browser: Any, axe: Any, phone: bool
) -> None:
    """A drawn card flies from the Draw Pile to the hand: held at moments of its flight
    (taking off, the way, landing), axe-core's ``color-contrast`` finds nothing on it and
    it is never faded."""
    ann: Person = person(browser, server.base, "ann", phone=phone, motion=True)
    try:
        create_table(ann, "exploding-kittens", ["human", "heuristic"], seed=3)
        start(ann)
        ann.page.wait_for_selector('#actions button[data-text="draw"]:not([disabled])')
        ann.page.evaluate(f"({CATCH})()")
        ann.page.click('#actions button[data-text="draw"]')
        ann.page.wait_for_function(
            "() => window.__ghosts.some((n) => n.isConnected && n.querySelector('.title, .sub'))"
        )
        for share in (0.0, 0.05, 0.1, 0.5, 0.9, 0.97):
            now = ann.page.evaluate(AT, share)
            assert now["text"] > 0 and now["opacity"] == "1", (share, now)
            found = axe.run(
                ann.page,
                context={"include": [[".ghost"]]},
                options={"runOnly": ["color-contrast"], "resultTypes": ["violations"]},
            ).response
            assert found["violations"] == [], (share, found["violations"])
    finally:
        ann.page.context.close()
