"""The board game in plain words, and the board as text."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, cast

from kaboom.engine.events import Event, fixed_phrase, in_words
from kaboom.games.board import events as ev
from kaboom.games.board.data import Box
from kaboom.i18n import N_, _, ngettext

#: The sides of the board by their slug (said with ``_``).
SIDE_NAMES = {"calm": N_("Calm Mode (blue side)"), "chaos": N_("Chaos Mode (red side)")}

#: The Move Discs of the box by their slug, a number written ``{n}`` (said with ``_``).
DISC_NAMES: Final = {
    "move-{n}": N_("Move {n}"),
    "move-{n}-or-flip": N_("Move {n} or Flip"),
    "flip-then-move-{n}": N_("Flip then Move {n}"),
    "cut-the-line": N_("Cut the Line"),
    "danger-magnet": N_("Danger Magnet"),
}


def _space(box: Box, space: int) -> str:
    if space == 0:
        return _("the Litter Box")
    if space == box.ribbon:
        return _("the Ribbon")
    return _("space {n}").format(n=space)


def disc_name(slug: str) -> str:
    """``move-3-or-flip`` → ``Move 3 or Flip``, in the language of the context; a disc the
    box's own file adds is its slug in words.

    >>> disc_name("move-3-or-flip"), disc_name("cut-the-line"), disc_name("jump-7")
    ('Move 3 or Flip', 'Cut the Line', 'Jump 7')
    """
    number = re.search(r"\d+", slug)
    pattern = slug if number is None else slug.replace(number.group(), "{n}", 1)
    if pattern in DISC_NAMES:
        return _(DISC_NAMES[pattern]).format(n=number.group() if number else "")
    return " ".join(w if w in ("or", "then", "the") else w.capitalize() for w in slug.split("-"))


def side_name(side: str) -> str:
    """A side of the board by its slug (``calm``, ``chaos``), in words."""
    return _(SIDE_NAMES[side])


class Said:
    """What every phrase needs: the box, its card names by slug, and the seat's name."""

    __slots__ = ("box", "names", "who")

    def __init__(self, box: Box, seat: int | None) -> None:
        self.box, self.who = box, f"P{seat}"
        self.names = {s: _(n) for s, n in zip(box.card_slugs, box.card_names, strict=True)}


Phrase = Callable[[Said, Event], str]


def _turn(w: Said, e: Event) -> str:
    owed = cast(ev.Owed, e.data)["owed"]
    if owed > 1:
        return ngettext(
            "{who}'s turn ({n} turn owed)", "{who}'s turn ({n} turns owed)", owed
        ).format(who=w.who, n=owed)
    return _("{who}'s turn").format(who=w.who)


def _draw_cards(w: Said, e: Event) -> str:
    d = cast(ev.Drawn, e.data)
    if d.get("redacted"):
        n = d["count"]
        return ngettext("{who} draws {n} Action Card", "{who} draws {n} Action Cards", n).format(
            who=w.who, n=n
        )
    if not d["cards"]:
        return _("{who} draws nothing").format(who=w.who)
    cards = ", ".join(w.names[c] for c in d["cards"])
    return _("{who} draws {cards}").format(who=w.who, cards=cards)


def _disc(w: Said, e: Event) -> str:
    disc = disc_name(cast(ev.Disc, e.data)["disc"])
    return _("{who} flips the Move Disc: {disc}").format(who=w.who, disc=disc)


def _move(w: Said, e: Event) -> str:
    where = _space(w.box, cast(ev.Moved, e.data)["to"])
    return _("{who} moves to {space}").format(who=w.who, space=where)


def _flip(w: Said, e: Event) -> str:
    side = side_name(cast(ev.Side, e.data)["side"])
    return _("The board flips to {side}").format(side=side)


def _swap(w: Said, e: Event) -> str:
    other = f"P{cast(ev.Swap, e.data)['with']}"
    return _("{who} swaps spaces with {other}").format(who=w.who, other=other)


def _card(w: Said, e: Event) -> str:
    return w.names[cast(ev.Card, e.data)["card"]]


def _discard(w: Said, e: Event) -> str:
    return _("{who} discards {card}").format(who=w.who, card=_card(w, e))


def _play(w: Said, e: Event) -> str:
    d = cast(ev.Played, e.data)
    card = w.names[d["card"]]
    if "target" in d:
        target = f"P{d['target']}"
        return _("{who} plays {card} on {target}").format(who=w.who, card=card, target=target)
    return _("{who} plays {card}").format(who=w.who, card=card)


def _nope(w: Said, e: Event) -> str:
    if cast(ev.Nope, e.data)["depth"] % 2 == 0:
        return _("{who} plays Nope (Yup)").format(who=w.who)
    return _("{who} plays Nope").format(who=w.who)


def _noped(w: Said, e: Event) -> str:
    return _("{who}'s {card} is Noped").format(who=w.who, card=_card(w, e))


def _attack(w: Said, e: Event) -> str:
    d = cast(ev.Attacked, e.data)
    n, other = d["owed"], f"P{d['next']}"
    return ngettext(
        "{who} attacks: {other} owes {n} turn", "{who} attacks: {other} owes {n} turns", n
    ).format(who=w.who, other=other, n=n)


def _see_the_future(w: Said, e: Event) -> str:
    d = cast(ev.Seen, e.data)
    if d.get("redacted"):
        return _("{who} sees the future").format(who=w.who)
    discs = ", ".join(disc_name(x) for x in d["discs"])
    return _("{who} sees the future: {discs}").format(who=w.who, discs=discs)


def _place_magnet(w: Said, e: Event) -> str:
    d = cast(ev.Placed, e.data)
    if d.get("redacted"):
        return _("{who} secretly puts a Danger Magnet into the Move Deck").format(who=w.who)
    # TRANSLATORS: {n} counts the Move Discs above it: 0 is the top of the Move Deck.
    return _("{who} puts a Danger Magnet at position {n} (0 = top)").format(
        who=w.who, n=d["position"]
    )


def _time_up(w: Said, e: Event) -> str:
    n = cast(ev.Turns, e.data)["turns"]
    return ngettext(
        "Time is up after {n} turn: the seat furthest along wins",
        "Time is up after {n} turns: the seat furthest along wins",
        n,
    ).format(n=n)


#: Each kind of event in plain words (board/events.py lists the kinds).
PHRASES: Final[dict[str, Phrase]] = {
    "turn": _turn, "draw-cards": _draw_cards, "disc": _disc, "move": _move,
    "stay": fixed_phrase("{who} stays where they are"), "flip": _flip,
    "kitten-space": fixed_phrase("{who} lands on an Exploding Kitten space!"),
    "defuse": fixed_phrase("{who} plays a Defuse"), "explode": fixed_phrase("{who} explodes"),
    "swap": _swap, "discard": _discard, "play": _play, "nope": _nope,
    "pass": fixed_phrase("{who} lets it pass"), "noped": _noped,
    "skip": fixed_phrase("{who} skips the Move Disc"), "attack": _attack,
    "see-the-future": _see_the_future, "shuffle": fixed_phrase("{who} shuffles the Move Deck"),
    "add-magnet": fixed_phrase("{who} adds a Danger Magnet"), "place-magnet": _place_magnet,
    "reshuffle-discs": fixed_phrase("The Move Discard Pile is shuffled into a new Move Deck"),
    "time-up": _time_up, "win": fixed_phrase("{who} lands on the Ribbon and wins!"),
}  # fmt: skip


def describe_event(box: Box, e: Event) -> str:
    """An event in plain words, as the story and the terminal print it."""
    return in_words(PHRASES, Said(box, e.seat), e)


def render_board(box: Box, side: int, positions: list[int]) -> str:
    """The track as text: each space with its value or ``EK``, and who stands on it."""
    layout = box.sides[side]
    here = {p: q for q, p in enumerate(positions) if p}
    litter = " ".join(f"P{q}" for q, p in enumerate(positions) if p == 0) or "-"
    side_words = side_name(("calm", "chaos")[side])
    lines = [_("Board: {side}   Litter Box: {who}").format(side=side_words, who=litter)]
    cells = []
    for space in range(1, box.spaces + 1):
        mark = "EK" if space in layout.kittens else f"+{layout.values[space]}"
        who = f"P{here[space]}" if space in here else ""
        cells.append(f"{space:>2} {mark:<3}{who:<3}")
    for row in range(0, len(cells), 8):
        lines.append(" | ".join(cells[row : row + 8]))
    on_ribbon = " ".join(f"P{q}" for q, p in enumerate(positions) if p == box.ribbon)
    ribbon, back = box.ribbon, box.loop_back_to
    if on_ribbon:
        line = _("Ribbon ({n}): {who}; the Loop Back Arrow leads to {back}")
    else:
        line = _("Ribbon ({n}); the Loop Back Arrow leads to {back}")
    lines.append(line.format(n=ribbon, who=on_ribbon, back=back))
    return "\n".join(lines)
