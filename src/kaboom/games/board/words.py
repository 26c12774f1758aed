"""The board game in plain words, and the board as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from kaboom.engine.events import Event, fixed_phrase, in_words
from kaboom.games.board import events as ev
from kaboom.games.board.data import Box

SIDE_NAMES = {"calm": "Calm Mode (blue side)", "chaos": "Chaos Mode (red side)"}


def _space(box: Box, space: int) -> str:
    if space == 0:
        return "the Litter Box"
    if space == box.ribbon:
        return "the Ribbon"
    return f"space {space}"


def disc_name(slug: str) -> str:
    """``move-3-or-flip`` → ``Move 3 or Flip``."""
    return " ".join(w if w in ("or", "then", "the") else w.capitalize() for w in slug.split("-"))


class Said:
    """What every phrase needs: the box, its card names by slug, and the seat's name."""

    __slots__ = ("box", "names", "who")

    def __init__(self, box: Box, seat: int | None) -> None:
        self.box, self.who = box, f"P{seat}"
        self.names = dict(zip(box.card_slugs, box.card_names, strict=True))


Phrase = Callable[[Said, Event], str]


def _turn(w: Said, e: Event) -> str:
    owed = cast(ev.Owed, e.data)["owed"]
    return f"{w.who}'s turn" + (f" ({owed} turns owed)" if owed > 1 else "")


def _draw_cards(w: Said, e: Event) -> str:
    d = cast(ev.Drawn, e.data)
    if d.get("redacted"):
        return f"{w.who} draws {d['count']} Action Card(s)"
    return f"{w.who} draws " + (", ".join(w.names[c] for c in d["cards"]) or "nothing")


def _disc(w: Said, e: Event) -> str:
    return f"{w.who} flips the Move Disc: {disc_name(cast(ev.Disc, e.data)['disc'])}"


def _move(w: Said, e: Event) -> str:
    return f"{w.who} moves to {_space(w.box, cast(ev.Moved, e.data)['to'])}"


def _flip(w: Said, e: Event) -> str:
    return f"The board flips to {SIDE_NAMES[cast(ev.Side, e.data)['side']]}"


def _swap(w: Said, e: Event) -> str:
    return f"{w.who} swaps spaces with P{cast(ev.Swap, e.data)['with']}"


def _card(w: Said, e: Event) -> str:
    return w.names[cast(ev.Card, e.data)["card"]]


def _discard(w: Said, e: Event) -> str:
    return f"{w.who} discards {_card(w, e)}"


def _play(w: Said, e: Event) -> str:
    d = cast(ev.Played, e.data)
    target = f" on P{d['target']}" if "target" in d else ""
    return f"{w.who} plays {w.names[d['card']]}{target}"


def _nope(w: Said, e: Event) -> str:
    depth = cast(ev.Nope, e.data)["depth"]
    return f"{w.who} plays Nope" + (" (Yup)" if depth % 2 == 0 else "")


def _noped(w: Said, e: Event) -> str:
    return f"{w.who}'s {_card(w, e)} is Noped"


def _attack(w: Said, e: Event) -> str:
    d = cast(ev.Attacked, e.data)
    return f"{w.who} attacks: P{d['next']} owes {d['owed']} turns"


def _see_the_future(w: Said, e: Event) -> str:
    d = cast(ev.Seen, e.data)
    if d.get("redacted"):
        return f"{w.who} sees the future"
    return f"{w.who} sees the future: " + ", ".join(disc_name(x) for x in d["discs"])


def _place_magnet(w: Said, e: Event) -> str:
    d = cast(ev.Placed, e.data)
    if d.get("redacted"):
        return f"{w.who} secretly puts a Danger Magnet into the Move Deck"
    return f"{w.who} puts a Danger Magnet at position {d['position']} (0 = top)"


def _time_up(w: Said, e: Event) -> str:
    turns = cast(ev.Turns, e.data)["turns"]
    return f"Time is up after {turns} turns: the seat furthest along wins"


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
    lines = [f"Board: {SIDE_NAMES[('calm', 'chaos')[side]]}   Litter Box: {litter}"]
    cells = []
    for space in range(1, box.spaces + 1):
        mark = "EK" if space in layout.kittens else f"+{layout.values[space]}"
        who = f"P{here[space]}" if space in here else ""
        cells.append(f"{space:>2} {mark:<3}{who:<3}")
    for row in range(0, len(cells), 8):
        lines.append(" | ".join(cells[row : row + 8]))
    on_ribbon = " ".join(f"P{q}" for q, p in enumerate(positions) if p == box.ribbon)
    ribbon = f"Ribbon ({box.ribbon}): {on_ribbon}" if on_ribbon else f"Ribbon ({box.ribbon})"
    lines.append(f"{ribbon}; the Loop Back Arrow leads to {box.loop_back_to}")
    return "\n".join(lines)
