"""Eleminis events in plain words."""

from __future__ import annotations

from kaboom.engine.events import Event
from kaboom.games.eleminis.deck import Deck


def _slot(cell: str) -> str:
    seat, slot = cell.removeprefix("p").split(".")
    return f"P{seat}'s slot {slot}"


def describe_event(d: Deck, e: Event) -> str:
    names = dict(zip(d.slugs, d.names, strict=True))
    data, who = e.data, f"P{e.seat}"
    card = names.get(str(data.get("card")), "")
    kind = e.kind
    if kind == "draw":
        return f"{who} draws {card}"
    if kind == "place":
        replaced = f", replacing {names[data['replaced']]}" if "replaced" in data else ""
        return f"{who} plays {card} into {_slot(data['to'])}{replaced}"
    if kind == "move":
        return f"{who} moves {card} from {_slot(data['from'])} to {_slot(data['to'])}"
    if kind == "swap":
        a, b = (names[c] for c in data["cards"])
        return f"{who} swaps {a} ({_slot(data['a'])}) with {b} ({_slot(data['b'])})"
    if kind == "discard":
        return f"{who} discards {card} from {_slot(data['from'])}"
    if kind == "recycle":
        return f"{who} recycles {card} from {_slot(data['from'])} and plays again"
    if kind == "pass":
        return f"{who} cannot play {card}: it is discarded and the turn is lost"
    if kind == "turnover":
        return f"The Discard Pile is turned over as the new Deck ({data['cards']} cards)"
    if kind == "time-up":
        return f"Time is up after {data['turns']} turns: the best row wins"
    if kind == "win":
        team = f" (team {data['team']})" if data.get("team") is not None else ""
        return f"{who} completes a row{team}: Eleminis!"
    if kind == "score":
        scores = ", ".join(f"P{q} {s}" for q, s in enumerate(data["scores"]))
        totals = ", ".join(f"P{q} {s}" for q, s in enumerate(data["totals"]))
        return f"Scores: {scores} (totals: {totals})"
    if kind == "new-game":
        return f"Game {data['game']} begins; {who} goes first"
    if kind == "match-over":
        return "The match is won by " + ", ".join(f"P{q}" for q in data["winners"])
    return f"{who}: {kind} {data}"
