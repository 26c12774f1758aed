"""The exploding family's events and actions in plain words, for stories and terminals."""

from __future__ import annotations

from kaboom.engine.events import Event
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


def describe_event(ed: Edition, e: Event) -> str:
    """An event in plain words, as the story and the terminal print it."""
    d, who = e.data, f"P{e.seat}"
    names = _names(ed)
    card = names.get(str(d.get("card")), str(d.get("card")))
    hidden = bool(d.get("redacted"))
    kind = e.kind
    if kind == "hand":
        return f"{who} holds: " + ", ".join(names[c] for c in d["cards"])
    if kind == "turn":
        return f"{who}'s turn" + (f" ({d['owed']} turns owed)" if d["owed"] > 1 else "")
    if kind == "draw":
        return f"{who} draws a card" if hidden else f"{who} draws {card}"
    if kind == "draw-bomb":
        return f"{who} draws {a_or_an(card)}!"
    if kind == "play":
        if "cards" in d and len(d["cards"]) == 1:  # a card of a rank: say what it plays as
            title = d["cards"][0]
            effect = EFFECT_NAMES[ed.effects[ed.slugs.index(title)]]
            copied = d["action"].split()[1].partition("=")[2].split()
            as_what = f"Clone as {names[copied[0]]}" if copied else effect
            return f"{who} plays {names[title]} ({as_what})" + _target(d["action"])
        shown = f" ({', '.join(names[c] for c in d['cards'])})" if "cards" in d else ""
        return f"{who} {play_phrase(ed, d['action'])[0]}{shown}"
    if kind == "nope":
        played = f"{names[d['card']]} as a Nope" if "card" in d else "Nope"
        return f"{who} plays {played}" + (" (Yup)" if d["depth"] % 2 == 0 else "")
    if kind == "pass":
        return f"{who} lets it pass"
    if kind == "noped":
        noun = play_phrase(ed, d["action"])[1]
        return f"{who}'s {noun} {'are' if noun.startswith('five') else 'is'} Noped"
    if kind == "attack":
        return f"{who} attacks: P{d['next']} owes {d['owed']} turns"
    if kind == "skip":
        return f"{who} skips a turn"
    if kind == "shuffle":
        return f"{who} shuffles the Draw Pile"
    if kind == "see-the-future":
        if hidden:
            return f"{who} sees the future"
        return f"{who} sees the future: " + ", ".join(names[c] for c in d["cards"])
    if kind == "favor":
        return f"{who} asks P{d['target']} for a Favor"
    if kind == "favor-empty":
        return f"{who} asks P{d['target']} for a Favor, but P{d['target']} has no cards"
    if kind == "give":
        return f"{who} gives P{d['to']} " + ("a card" if hidden else card)
    if kind == "steal":
        return f"{who} steals {'a card' if hidden else card} from P{d['target']}"
    if kind == "steal-empty":
        return f"{who} tries to steal from P{d['target']}, who has no cards"
    if kind == "name-hit":
        taken = names[d["given"]] if "given" in d else "it"
        return f"{who} names {card} and takes {taken} from P{d['target']}"
    if kind == "name-miss":
        return f"{who} names {card}, but P{d['target']} has none"
    if kind == "five":
        return f"{who} may take any card from the Discard Pile"
    if kind == "take":
        return f"{who} takes {card} from the Discard Pile"
    if kind == "defuse":
        return f"{who} plays " + (f"{names[d['card']]} as a Defuse" if "card" in d else "a Defuse")
    if kind == "place":
        bomb = names[d["card"]] if "card" in d else ed.names[ed.only("bomb")]
        if hidden:
            return f"{who} secretly puts the {bomb} back"
        return f"{who} puts the {bomb} back at position {d['position']} (0 = top)"
    if kind == "draw-bottom":
        return f"{who} draws from the bottom"
    if kind == "explode":
        dead = d.get("discarded")
        if dead:
            hand = ", ".join(names[c] for c in dead)
            return f"{who} explodes and is out; their hand goes to the Discard Pile: {hand}"
        return f"{who} explodes and is out"
    if kind == "win":
        return f"{who} wins!"
    return f"{who}: {kind} {d}"
