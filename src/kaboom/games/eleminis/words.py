"""Eleminis events in plain words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from kaboom.engine.events import Event, in_words
from kaboom.games.eleminis import events as ev
from kaboom.games.eleminis.deck import Deck


def _slot(cell: str) -> str:
    seat, slot = cell.removeprefix("p").split(".")
    return f"P{seat}'s slot {slot}"


class Said:
    """What every phrase needs: the card names by slug and the seat's name."""

    __slots__ = ("names", "who")

    def __init__(self, deck: Deck, seat: int | None) -> None:
        self.names, self.who = dict(zip(deck.slugs, deck.names, strict=True)), f"P{seat}"

    def card(self, e: Event) -> str:
        """The name of the event's card (empty when it has none)."""
        return self.names.get(str(e.data.get("card")), "")


Phrase = Callable[[Said, Event], str]


def _draw(w: Said, e: Event) -> str:
    return f"{w.who} draws {w.card(e)}"


def _place(w: Said, e: Event) -> str:
    d = cast(ev.Placed, e.data)
    replaced = f", replacing {w.names[d['replaced']]}" if "replaced" in d else ""
    return f"{w.who} plays {w.card(e)} into {_slot(d['to'])}{replaced}"


def _move(w: Said, e: Event) -> str:
    d = cast(ev.Moved, e.data)
    return f"{w.who} moves {w.card(e)} from {_slot(d['from'])} to {_slot(d['to'])}"


def _swap(w: Said, e: Event) -> str:
    d = cast(ev.Swapped, e.data)
    a, b = (w.names[c] for c in d["cards"])
    return f"{w.who} swaps {a} ({_slot(d['a'])}) with {b} ({_slot(d['b'])})"


def _discard(w: Said, e: Event) -> str:
    return f"{w.who} discards {w.card(e)} from {_slot(cast(ev.FromSlot, e.data)['from'])}"


def _recycle(w: Said, e: Event) -> str:
    cell = _slot(cast(ev.FromSlot, e.data)["from"])
    return f"{w.who} recycles {w.card(e)} from {cell} and plays again"


def _pass(w: Said, e: Event) -> str:
    return f"{w.who} cannot play {w.card(e)}: it is discarded and the turn is lost"


def _turnover(w: Said, e: Event) -> str:
    cards = cast(ev.Turnover, e.data)["cards"]
    return f"The Discard Pile is turned over as the new Deck ({cards} cards)"


def _time_up(w: Said, e: Event) -> str:
    return f"Time is up after {cast(ev.Turns, e.data)['turns']} turns: the best row wins"


def _win(w: Said, e: Event) -> str:
    team = cast(ev.Won, e.data).get("team")
    return (
        f"{w.who} completes a row" + (f" (team {team})" if team is not None else "") + ": Eleminis!"
    )


def _score(w: Said, e: Event) -> str:
    d = cast(ev.Scores, e.data)
    scores = ", ".join(f"P{q} {s}" for q, s in enumerate(d["scores"]))
    totals = ", ".join(f"P{q} {s}" for q, s in enumerate(d["totals"]))
    return f"Scores: {scores} (totals: {totals})"


def _new_game(w: Said, e: Event) -> str:
    return f"Game {cast(ev.Game, e.data)['game']} begins; {w.who} goes first"


def _match_over(w: Said, e: Event) -> str:
    winners = cast(ev.Winners, e.data)["winners"]
    return "The match is won by " + ", ".join(f"P{q}" for q in winners)


#: Each kind of event in plain words (eleminis/events.py lists the kinds).
PHRASES: Final[dict[str, Phrase]] = {
    "draw": _draw, "place": _place, "move": _move, "swap": _swap, "discard": _discard,
    "recycle": _recycle, "pass": _pass, "turnover": _turnover, "time-up": _time_up,
    "win": _win, "score": _score, "new-game": _new_game, "match-over": _match_over,
}  # fmt: skip


def describe_event(d: Deck, e: Event) -> str:
    """An event in plain words, as the story and the terminal print it."""
    return in_words(PHRASES, Said(d, e.seat), e)
