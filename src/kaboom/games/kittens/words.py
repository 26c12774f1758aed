"""The exploding family's events and actions in plain words, for stories and terminals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, cast

from kaboom.engine.events import Event, fixed_phrase, in_words
from kaboom.games.kittens import events
from kaboom.games.kittens.edition import Edition


def _names(ed: Edition) -> dict[str, str]:
    """Display names of every card and every rank, by slug."""
    names = {rank: ed.rank_name(rank) for rank in ed.rank_slugs}
    return names | dict(zip(ed.slugs, ed.names, strict=True))


#: What each effect is called, for cards whose name does not say it (Dynamitt's ranks).
EFFECT_NAMES = {
    "nope": "Nope", "attack": "Attack", "see-the-future": "See the Future", "skip": "Skip",
    "favor": "Favor", "shuffle": "Shuffle", "draw-bottom": "Draw from the Bottom",
    "clone": "Clone", "defuse": "Defuse", "bomb": "Dynamite", "cat": "no effect",
    "wild": "wild",
}  # fmt: skip


def a_or_an(name: str) -> str:
    """``an Exploding Kitten``, ``a J♠``, ``an 8♥``."""
    return f"an {name}" if name[:1].lower() in "aeio8" else f"a {name}"


def play_phrase(ed: Edition, action: str) -> tuple[str, str]:
    """A play's text form as ``(what the player does, what the play is called)``.

    >>> from kaboom.games.kittens import ORIGINAL
    >>> play_phrase(ORIGINAL, "triple skip @3 defuse")
    ('plays three Skip against P3, naming Defuse', 'three Skip against P3')
    >>> play_phrase(ORIGINAL, "play favor @1")
    ('plays Favor on P1', 'Favor on P1')
    >>> play_phrase(ORIGINAL, "defuse")
    ('plays Defuse', 'Defuse')
    """
    names = _names(ed)
    word, *rest = action.split()
    if word == "defuse":  # a Defuse in a window (house rule nope_defuse, docs/house-rules.md)
        noun = names.get(rest[0] if rest else "defuse", "Defuse")
        return f"plays {noun}", noun
    if "=" in rest[0]:  # a Clone played as the card it copies
        clone, _, copied = rest[0].partition("=")
        on = f" on P{rest[1][1:]}" if len(rest) > 1 else ""
        noun = f"{names[clone]} as {names[copied]}{on}"
        return f"plays {noun}", noun
    if word == "five":
        cards = ", ".join(names[s] for s in rest[0].split("+"))
        return f"plays five different cards: {cards}", "five different cards"
    first, *extra = rest[0].split("+")
    card = names[first]
    target = f"P{rest[1][1:]}" if len(rest) > 1 else ""
    if word == "pair":
        also = "".join(f" and {names[x]}" for x in extra)
        noun = f"pair of {card}{also} against {target}"
        return f"plays a {noun}", noun
    if word == "triple":
        also = f" with {' and '.join(names[x] for x in extra)}" if extra else ""
        noun = f"three {card}{also} against {target}"
        return f"plays {noun}, naming {names[rest[2]]}", noun
    noun = f"{card} on {target}" if target else card
    return f"plays {noun}", noun


def _target(action: str) -> str:
    at = action.split("@")
    return f" on P{at[1]}" if len(at) > 1 else ""


class Said:
    """What every phrase needs: the edition, its names by slug, and the seat's name."""

    __slots__ = ("ed", "names", "who")

    def __init__(self, ed: Edition, seat: int | None) -> None:
        self.ed, self.names, self.who = ed, _names(ed), f"P{seat}"

    def card(self, data: Mapping[str, object]) -> str:
        """The name of the event's card (its slug when it has no name)."""
        slug = str(data.get("card"))
        return self.names.get(slug, slug)

    def listed(self, slugs: list[str]) -> str:
        return ", ".join(self.names[c] for c in slugs)


Phrase = Callable[[Said, Event], str]


def _hand(w: Said, e: Event) -> str:
    return f"{w.who} holds: " + w.listed(cast(events.Cards, e.data)["cards"])


def _turn(w: Said, e: Event) -> str:
    owed = cast(events.Owed, e.data)["owed"]
    return f"{w.who}'s turn" + (f" ({owed} turns owed)" if owed > 1 else "")


def _draw(w: Said, e: Event) -> str:
    return f"{w.who} draws a card" if _hidden(e) else f"{w.who} draws {w.card(e.data)}"


def _draw_bomb(w: Said, e: Event) -> str:
    return f"{w.who} draws {a_or_an(w.card(e.data))}!"


def _play(w: Said, e: Event) -> str:
    d = cast(events.Played, e.data)
    if "cards" in d and len(d["cards"]) == 1:  # a card of a rank: say what it plays as
        title = d["cards"][0]
        effect = EFFECT_NAMES[w.ed.effects[w.ed.slugs.index(title)]]
        copied = d["action"].split()[1].partition("=")[2].split()
        as_what = f"Clone as {w.names[copied[0]]}" if copied else effect
        return f"{w.who} plays {w.names[title]} ({as_what})" + _target(d["action"])
    shown = f" ({w.listed(d['cards'])})" if "cards" in d else ""
    return f"{w.who} {play_phrase(w.ed, d['action'])[0]}{shown}"


def _nope(w: Said, e: Event) -> str:
    d = cast(events.Nope, e.data)
    played = f"{w.names[d['card']]} as a Nope" if "card" in d else "Nope"
    return f"{w.who} plays {played}" + (" (Yup)" if d["depth"] % 2 == 0 else "")


def _noped(w: Said, e: Event) -> str:
    noun = play_phrase(w.ed, cast(events.Noped, e.data)["action"])[1]
    return f"{w.who}'s {noun} {'are' if noun.startswith('five') else 'is'} Noped"


def _attack(w: Said, e: Event) -> str:
    d = cast(events.Attacked, e.data)
    return f"{w.who} attacks: P{d['next']} owes {d['owed']} turns"


def _see_the_future(w: Said, e: Event) -> str:
    if _hidden(e):
        return f"{w.who} sees the future"
    return f"{w.who} sees the future: " + w.listed(cast(events.Cards, e.data)["cards"])


def _favor(w: Said, e: Event) -> str:
    return f"{w.who} asks P{_asked(e)} for a Favor"


def _favor_empty(w: Said, e: Event) -> str:
    target = _asked(e)
    return f"{w.who} asks P{target} for a Favor, but P{target} has no cards"


def _give(w: Said, e: Event) -> str:
    to = cast(events.Given, e.data)["to"]
    return f"{w.who} gives P{to} " + ("a card" if _hidden(e) else w.card(e.data))


def _steal(w: Said, e: Event) -> str:
    card = "a card" if _hidden(e) else w.card(e.data)
    return f"{w.who} steals {card} from P{_asked(e)}"


def _steal_empty(w: Said, e: Event) -> str:
    return f"{w.who} tries to steal from P{_asked(e)}, who has no cards"


def _name_hit(w: Said, e: Event) -> str:
    d = cast(events.Named, e.data)
    taken = w.names[d["given"]] if "given" in d else "it"
    return f"{w.who} names {w.card(d)} and takes {taken} from P{d['target']}"


def _name_miss(w: Said, e: Event) -> str:
    return f"{w.who} names {w.card(e.data)}, but P{_asked(e)} has none"


def _take(w: Said, e: Event) -> str:
    return f"{w.who} takes {w.card(e.data)} from the Discard Pile"


def _defuse(w: Said, e: Event) -> str:
    d = cast(events.MaybeCard, e.data)
    return f"{w.who} plays " + (f"{w.names[d['card']]} as a Defuse" if "card" in d else "a Defuse")


def _place(w: Said, e: Event) -> str:
    d = cast(events.Placed, e.data)
    bomb = w.names[d["card"]] if "card" in d else w.ed.names[w.ed.only("bomb")]
    if _hidden(e):
        return f"{w.who} secretly puts the {bomb} back"
    return f"{w.who} puts the {bomb} back at position {d['position']} (0 = top)"


def _explode(w: Said, e: Event) -> str:
    dead = cast(events.Exploded, e.data).get("discarded")
    if dead:
        return f"{w.who} explodes and is out; their hand goes to the Discard Pile: {w.listed(dead)}"
    return f"{w.who} explodes and is out"


def _hidden(e: Event) -> bool:
    """Whether the event is the others' view of a private one (its secret left out)."""
    return bool(e.data.get("redacted"))


def _asked(e: Event) -> int:
    return cast(events.Target, e.data)["target"]


#: Each kind of event in plain words (kittens/events.py lists the kinds).
PHRASES: Final[dict[str, Phrase]] = {
    "hand": _hand, "turn": _turn, "draw": _draw, "draw-bomb": _draw_bomb, "play": _play,
    "nope": _nope, "pass": fixed_phrase("{who} lets it pass"), "noped": _noped, "attack": _attack,
    "skip": fixed_phrase("{who} skips a turn"),
    "shuffle": fixed_phrase("{who} shuffles the Draw Pile"), "see-the-future": _see_the_future,
    "favor": _favor, "favor-empty": _favor_empty, "give": _give, "steal": _steal,
    "steal-empty": _steal_empty, "name-hit": _name_hit, "name-miss": _name_miss,
    "five": fixed_phrase("{who} may take any card from the Discard Pile"), "take": _take,
    "defuse": _defuse, "place": _place, "draw-bottom": fixed_phrase("{who} draws from the bottom"),
    "explode": _explode, "win": fixed_phrase("{who} wins!"),
}  # fmt: skip


def describe_event(ed: Edition, e: Event) -> str:
    """An event in plain words, as the story and the terminal print it."""
    return in_words(PHRASES, Said(ed, e.seat), e)
