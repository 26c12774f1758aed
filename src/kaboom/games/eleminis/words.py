"""Eleminis events in plain words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from kaboom.engine.events import Event, in_words
from kaboom.games.eleminis import events as ev
from kaboom.games.eleminis.deck import Deck
from kaboom.i18n import _, ngettext


def _slot(cell: str) -> str:
    seat, slot = cell.removeprefix("p").split(".")
    return _("{seat}'s slot {slot}").format(seat=f"P{seat}", slot=slot)


class Said:
    """What every phrase needs: the card names by slug and the seat's name."""

    __slots__ = ("names", "who")

    def __init__(self, deck: Deck, seat: int | None) -> None:
        self.names = {s: _(n) for s, n in zip(deck.slugs, deck.names, strict=True)}
        self.who = f"P{seat}"

    def card(self, e: Event) -> str:
        """The name of the event's card (empty when it has none)."""
        return self.names.get(str(e.data.get("card")), "")


Phrase = Callable[[Said, Event], str]


def _draw(w: Said, e: Event) -> str:
    return _("{who} draws {card}").format(who=w.who, card=w.card(e))


def _place(w: Said, e: Event) -> str:
    d = cast(ev.Placed, e.data)
    card, slot = w.card(e), _slot(d["to"])
    if "replaced" in d:
        return _("{who} plays {card} into {slot}, replacing {replaced}").format(
            who=w.who, card=card, slot=slot, replaced=w.names[d["replaced"]]
        )
    return _("{who} plays {card} into {slot}").format(who=w.who, card=card, slot=slot)


def _move(w: Said, e: Event) -> str:
    d = cast(ev.Moved, e.data)
    return _("{who} moves {card} from {start} to {end}").format(
        who=w.who, card=w.card(e), start=_slot(d["from"]), end=_slot(d["to"])
    )


def _swap(w: Said, e: Event) -> str:
    d = cast(ev.Swapped, e.data)
    a, b = (w.names[c] for c in d["cards"])
    return _("{who} swaps {a} ({slot_a}) with {b} ({slot_b})").format(
        who=w.who, a=a, slot_a=_slot(d["a"]), b=b, slot_b=_slot(d["b"])
    )


def _discard(w: Said, e: Event) -> str:
    slot = _slot(cast(ev.FromSlot, e.data)["from"])
    return _("{who} discards {card} from {slot}").format(who=w.who, card=w.card(e), slot=slot)


def _recycle(w: Said, e: Event) -> str:
    slot = _slot(cast(ev.FromSlot, e.data)["from"])
    return _("{who} recycles {card} from {slot} and plays again").format(
        who=w.who, card=w.card(e), slot=slot
    )


def _pass(w: Said, e: Event) -> str:
    return _("{who} cannot play {card}: it is discarded and the turn is lost").format(
        who=w.who, card=w.card(e)
    )


def _turnover(w: Said, e: Event) -> str:
    n = cast(ev.Turnover, e.data)["cards"]
    return ngettext(
        "The Discard Pile is turned over as the new Deck ({n} card)",
        "The Discard Pile is turned over as the new Deck ({n} cards)",
        n,
    ).format(n=n)


def _time_up(w: Said, e: Event) -> str:
    n = cast(ev.Turns, e.data)["turns"]
    return ngettext(
        "Time is up after {n} turn: the best row wins",
        "Time is up after {n} turns: the best row wins",
        n,
    ).format(n=n)


def _win(w: Said, e: Event) -> str:
    team = cast(ev.Won, e.data).get("team")
    if team is not None:
        return _("{who} completes a row (team {team}): Eleminis!").format(who=w.who, team=team)
    return _("{who} completes a row: Eleminis!").format(who=w.who)


def _score(w: Said, e: Event) -> str:
    d = cast(ev.Scores, e.data)
    scores = ", ".join(f"P{q} {s}" for q, s in enumerate(d["scores"]))
    totals = ", ".join(f"P{q} {s}" for q, s in enumerate(d["totals"]))
    return _("Scores: {scores} (totals: {totals})").format(scores=scores, totals=totals)


def _new_game(w: Said, e: Event) -> str:
    game = cast(ev.Game, e.data)["game"]
    return _("Game {n} begins; {who} goes first").format(n=game, who=w.who)


def _match_over(w: Said, e: Event) -> str:
    winners = ", ".join(f"P{q}" for q in cast(ev.Winners, e.data)["winners"])
    return _("The match is won by {winners}").format(winners=winners)


#: Each kind of event in plain words (eleminis/events.py lists the kinds).
PHRASES: Final[dict[str, Phrase]] = {
    "draw": _draw, "place": _place, "move": _move, "swap": _swap, "discard": _discard,
    "recycle": _recycle, "pass": _pass, "turnover": _turnover, "time-up": _time_up,
    "win": _win, "score": _score, "new-game": _new_game, "match-over": _match_over,
}  # fmt: skip


def describe_event(d: Deck, e: Event) -> str:
    """An event in plain words, as the story and the terminal print it."""
    return in_words(PHRASES, Said(d, e.seat), e)
