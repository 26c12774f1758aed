"""The exploding family's events and actions in plain words, for stories and terminals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Final, NamedTuple, cast

from kaboom.engine.events import Event, fixed_phrase, in_words
from kaboom.games.kittens import events
from kaboom.games.kittens.edition import Edition
from kaboom.i18n import N_, _, language, ngettext, pgettext

#: The suits of a standard card's face (Dynamitt's names: ``J♠``).
SUITS: Final = "♠♥♦♣"


def _faces() -> dict[str, str]:
    """The letters on a standard card's face, as the rulebook writes them (Dynamitt)."""
    return {
        # TRANSLATORS: the letter on a playing card's face: A(ce); nb: E (ess)
        "A": pgettext("card face", "A"),
        # TRANSLATORS: the letter on a playing card's face: J(ack); nb: Kn (knekt)
        "J": pgettext("card face", "J"),
        # TRANSLATORS: the letter on a playing card's face: Q(ueen); nb: D (dame)
        "Q": pgettext("card face", "Q"),
        # TRANSLATORS: the letter on a playing card's face: K(ing); nb: K (konge)
        "K": pgettext("card face", "K"),
    }


def _rank_words() -> dict[str, str]:
    """A standard card's rank named in a sentence (Dynamitt: "you drew a J", nb "knekt")."""
    return {
        # TRANSLATORS: a rank named in a sentence ("you hold no A"); nb: ess
        "A": pgettext("rank", "A"),
        # TRANSLATORS: a rank named in a sentence ("you drew a J"); nb: knekt
        "J": pgettext("rank", "J"),
        # TRANSLATORS: a rank named in a sentence ("a Q or K"); nb: dame
        "Q": pgettext("rank", "Q"),
        # TRANSLATORS: a rank named in a sentence ("a Q or K"); nb: konge
        "K": pgettext("rank", "K"),
        "Joker": pgettext("rank", "Joker"),
    }


def card_name(name: str) -> str:
    """A card's name in the context's language: the catalogue's (the decks' TOML), or a
    standard card's face with the rulebook's letter (``J♠``; in nb ``Kn♠``).

    >>> card_name("Exploding Kitten"), card_name("J♠"), card_name("10♥")
    ('Exploding Kitten', 'J♠', '10♥')
    """
    faces = _faces()
    if name in faces:
        return faces[name]
    face, suit = name[:-1], name[-1:]
    if face in faces and suit and suit in SUITS:
        return faces[face] + suit
    return _(name) if name else name


def rank_name(ed: Edition, rank: str) -> str:
    """A rank named in a sentence in the context's language: a card's name (the Original's,
    the Minions'), or a standard rank's word (Dynamitt's ``J``; in nb ``knekt``)."""
    name = ed.rank_name(rank)
    return _rank_words().get(name) or card_name(name)


def _names(ed: Edition) -> dict[str, str]:
    """Display names of every card and every rank, by slug, in the context's language
    (made once per edition and language; not to be changed)."""
    return _names_in(ed, language())


@lru_cache(maxsize=64)
def _names_in(ed: Edition, lang: str) -> dict[str, str]:
    names = {rank: rank_name(ed, rank) for rank in ed.rank_slugs}
    return names | {slug: card_name(name) for slug, name in zip(ed.slugs, ed.names, strict=True)}


#: What each effect is called, for cards whose name does not say it (Dynamitt's ranks);
#: said with ``_()``.
EFFECT_NAMES = {
    "nope": N_("Nope"), "attack": N_("Attack"), "see-the-future": N_("See the Future"),
    "skip": N_("Skip"), "favor": N_("Favor"), "shuffle": N_("Shuffle"),
    "draw-bottom": N_("Draw from the Bottom"), "clone": N_("Clone"), "defuse": N_("Defuse"),
    "bomb": N_("Dynamite"), "cat": N_("no effect"), "wild": N_("wild"),
}  # fmt: skip


def a_or_an(name: str) -> str:
    """``an Exploding Kitten``, ``a J♠``, ``an 8♥`` (English only: a message of the
    catalogue carries its own article, ``starts_with_vowel`` picks the message)."""
    return f"an {name}" if starts_with_vowel(name) else f"a {name}"


def starts_with_vowel(name: str) -> bool:
    """Whether English says ``an`` before ``name``: the message to say it in is chosen by
    this, each its whole sentence with its article (docs/i18n.md)."""
    return name[:1].lower() in "aeio8"


def _and(parts: list[str]) -> str:
    said = parts[0]
    for part in parts[1:]:
        said = _("{first} and {second}").format(first=said, second=part)
    return said


class Play(NamedTuple):
    """A play's parts in the context's language: its form (``card``, ``pair``, ``three``,
    ``five``), what it is called, and what a three names or the cards of a five."""

    form: str
    noun: str
    extra: str = ""


def play_parts(ed: Edition, action: str) -> Play:
    """A play's text form (``triple skip @3 defuse``) as its parts, named."""
    names = _names(ed)
    word, *rest = action.split()
    if word == "defuse":  # a Defuse in a window (house rule nope_defuse, docs/house-rules.md)
        return Play("card", names.get(rest[0] if rest else "defuse", card_name("Defuse")))
    if "=" in rest[0]:  # a Clone played as the card it copies
        return Play("card", _clone_noun(names, rest))
    if word == "five":
        cards = ", ".join(names[s] for s in rest[0].split("+"))
        return Play("five", _("five different cards"), cards)
    first, *extra = rest[0].split("+")
    card, others = names[first], [names[x] for x in extra]
    target = f"P{rest[1][1:]}" if len(rest) > 1 else ""
    if word == "pair":
        return Play("pair", _pair_noun(card, others, target))
    if word == "triple":
        return Play("three", _three_noun(card, others, target), names[rest[2]])
    noun = _("{card} on {target}").format(card=card, target=target) if target else card
    return Play("card", noun)


def play_phrase(ed: Edition, action: str) -> tuple[str, str]:
    """A play's text form as ``(what the player does, what the play is called)``, in the
    context's language.

    >>> from kaboom.games.kittens import ORIGINAL
    >>> play_phrase(ORIGINAL, "triple skip @3 defuse")
    ('plays three Skip against P3, naming Defuse', 'three Skip against P3')
    >>> play_phrase(ORIGINAL, "play favor @1")
    ('plays Favor on P1', 'Favor on P1')
    >>> play_phrase(ORIGINAL, "defuse")
    ('plays Defuse', 'Defuse')
    """
    play = play_parts(ed, action)
    if play.form == "five":
        does = _("plays five different cards: {cards}").format(cards=play.extra)
    elif play.form == "pair":
        does = _("plays a {pair}").format(pair=play.noun)
    elif play.form == "three":
        does = _("plays {three}, naming {named}").format(three=play.noun, named=play.extra)
    else:
        does = _("plays {card}").format(card=play.noun)
    return does, play.noun


def play_label(ed: Edition, action: str) -> str:
    """A play offered to a person, in the context's language (the tables' action lists).

    >>> from kaboom.games.kittens import ORIGINAL
    >>> play_label(ORIGINAL, "triple skip @3 defuse"), play_label(ORIGINAL, "pair tacocat @1")
    ('Play three Skip against P3, naming Defuse', 'Play a pair of Tacocat against P1')
    """
    play = play_parts(ed, action)
    if play.form == "five":
        return _("Play five different cards: {cards}").format(cards=play.extra)
    if play.form == "pair":
        return _("Play a {pair}").format(pair=play.noun)
    if play.form == "three":
        return _("Play {three}, naming {named}").format(three=play.noun, named=play.extra)
    return _("Play {card}").format(card=play.noun)


def effect_name(effect: str) -> str:
    """What an effect is called (``EFFECT_NAMES``), in the context's language."""
    return _(EFFECT_NAMES[effect]) if effect in EFFECT_NAMES else effect


def _clone_noun(names: dict[str, str], rest: list[str]) -> str:
    clone, _sep, copied = rest[0].partition("=")
    if len(rest) > 1:
        return _("{clone} as {card} on {target}").format(
            clone=names[clone], card=names[copied], target=f"P{rest[1][1:]}"
        )
    return _("{clone} as {card}").format(clone=names[clone], card=names[copied])


def _pair_noun(card: str, extra: list[str], target: str) -> str:
    if extra:
        return _("pair of {card} and {other} against {target}").format(
            card=card, other=_and(extra), target=target
        )
    return _("pair of {card} against {target}").format(card=card, target=target)


def _three_noun(card: str, extra: list[str], target: str) -> str:
    if extra:
        return _("three {card} with {others} against {target}").format(
            card=card, others=_and(extra), target=target
        )
    return _("three {card} against {target}").format(card=card, target=target)


class Said:
    """What every phrase needs: the edition, its names by slug (in the context's language),
    and the seat's name."""

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
    cards = w.listed(cast(events.Cards, e.data)["cards"])
    return _("{who} holds: {cards}").format(who=w.who, cards=cards)


def _turn(w: Said, e: Event) -> str:
    owed = cast(events.Owed, e.data)["owed"]
    if owed > 1:
        return ngettext(
            "{who}'s turn ({n} turn owed)", "{who}'s turn ({n} turns owed)", owed
        ).format(who=w.who, n=owed)
    return _("{who}'s turn").format(who=w.who)


def _draw(w: Said, e: Event) -> str:
    if _hidden(e):
        return _("{who} draws a card").format(who=w.who)
    return _("{who} draws {card}").format(who=w.who, card=w.card(e.data))


def _draw_bomb(w: Said, e: Event) -> str:
    card = w.card(e.data)
    if starts_with_vowel(card):
        return _("{who} draws an {card}!").format(who=w.who, card=card)
    return _("{who} draws a {card}!").format(who=w.who, card=card)


def _play(w: Said, e: Event) -> str:
    d = cast(events.Played, e.data)
    if "cards" in d and len(d["cards"]) == 1:  # a card of a rank: say what it plays as
        return _play_ranked(w, d)
    does = play_phrase(w.ed, d["action"])[0]
    if "cards" in d:
        return _("{who} {does} ({cards})").format(who=w.who, does=does, cards=w.listed(d["cards"]))
    return _("{who} {does}").format(who=w.who, does=does)


def _play_ranked(w: Said, d: events.Played) -> str:
    title = d["cards"][0]
    copied = d["action"].split()[1].partition("=")[2].split()
    if copied:
        as_what = _("Clone as {card}").format(card=w.names[copied[0]])
    else:
        as_what = effect_name(w.ed.effects[w.ed.slugs.index(title)])
    at = d["action"].split("@")
    if len(at) > 1:
        return _("{who} plays {card} ({effect}) on {target}").format(
            who=w.who, card=w.names[title], effect=as_what, target=f"P{at[1]}"
        )
    return _("{who} plays {card} ({effect})").format(who=w.who, card=w.names[title], effect=as_what)


def _nope(w: Said, e: Event) -> str:
    d = cast(events.Nope, e.data)
    yup = d["depth"] % 2 == 0
    if "card" in d:
        card = w.names[d["card"]]
        if yup:
            return _("{who} plays {card} as a Nope (Yup)").format(who=w.who, card=card)
        return _("{who} plays {card} as a Nope").format(who=w.who, card=card)
    if yup:
        return _("{who} plays Nope (Yup)").format(who=w.who)
    return _("{who} plays Nope").format(who=w.who)


def _noped(w: Said, e: Event) -> str:
    action = cast(events.Noped, e.data)["action"]
    noun = play_phrase(w.ed, action)[1]
    if action.startswith("five"):
        return _("{who}'s {play} are Noped").format(who=w.who, play=noun)
    return _("{who}'s {play} is Noped").format(who=w.who, play=noun)


def _attack(w: Said, e: Event) -> str:
    d = cast(events.Attacked, e.data)
    return ngettext(
        "{who} attacks: {next} owes {n} turn", "{who} attacks: {next} owes {n} turns", d["owed"]
    ).format(who=w.who, next=f"P{d['next']}", n=d["owed"])


def _see_the_future(w: Said, e: Event) -> str:
    if _hidden(e):
        return _("{who} sees the future").format(who=w.who)
    cards = w.listed(cast(events.Cards, e.data)["cards"])
    return _("{who} sees the future: {cards}").format(who=w.who, cards=cards)


def _favor(w: Said, e: Event) -> str:
    return _("{who} asks {target} for a Favor").format(who=w.who, target=f"P{_asked(e)}")


def _favor_empty(w: Said, e: Event) -> str:
    return _("{who} asks {target} for a Favor, but {target} has no cards").format(
        who=w.who, target=f"P{_asked(e)}"
    )


def _give(w: Said, e: Event) -> str:
    to = f"P{cast(events.Given, e.data)['to']}"
    if _hidden(e):
        return _("{who} gives {to} a card").format(who=w.who, to=to)
    return _("{who} gives {to} {card}").format(who=w.who, to=to, card=w.card(e.data))


def _steal(w: Said, e: Event) -> str:
    target = f"P{_asked(e)}"
    if _hidden(e):
        return _("{who} steals a card from {target}").format(who=w.who, target=target)
    return _("{who} steals {card} from {target}").format(
        who=w.who, card=w.card(e.data), target=target
    )


def _steal_empty(w: Said, e: Event) -> str:
    return _("{who} tries to steal from {target}, who has no cards").format(
        who=w.who, target=f"P{_asked(e)}"
    )


def _name_hit(w: Said, e: Event) -> str:
    d = cast(events.Named, e.data)
    target = f"P{d['target']}"
    if "given" in d:
        return _("{who} names {card} and takes {taken} from {target}").format(
            who=w.who, card=w.card(d), taken=w.names[d["given"]], target=target
        )
    return _("{who} names {card} and takes it from {target}").format(
        who=w.who, card=w.card(d), target=target
    )


def _name_miss(w: Said, e: Event) -> str:
    return _("{who} names {card}, but {target} has none").format(
        who=w.who, card=w.card(e.data), target=f"P{_asked(e)}"
    )


def _take(w: Said, e: Event) -> str:
    return _("{who} takes {card} from the Discard Pile").format(who=w.who, card=w.card(e.data))


def _defuse(w: Said, e: Event) -> str:
    d = cast(events.MaybeCard, e.data)
    if "card" in d:
        return _("{who} plays {card} as a Defuse").format(who=w.who, card=w.names[d["card"]])
    return _("{who} plays a Defuse").format(who=w.who)


def _place(w: Said, e: Event) -> str:
    d = cast(events.Placed, e.data)
    bomb = w.names[d["card"]] if "card" in d else card_name(w.ed.names[w.ed.only("bomb")])
    if _hidden(e):
        return _("{who} secretly puts the {bomb} back").format(who=w.who, bomb=bomb)
    return _("{who} puts the {bomb} back at position {position} (0 = top)").format(
        who=w.who, bomb=bomb, position=d["position"]
    )


def _explode(w: Said, e: Event) -> str:
    dead = cast(events.Exploded, e.data).get("discarded")
    if dead:
        return _("{who} explodes and is out; their hand goes to the Discard Pile: {cards}").format(
            who=w.who, cards=w.listed(dead)
        )
    return _("{who} explodes and is out").format(who=w.who)


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


#: The draws that Draw from the Bottom makes (its own event comes just before the draw's).
BOTTOM_DRAWS: Final = frozenset({"draw", "draw-bomb"})


def describe_events(ed: Edition, evs: list[Event]) -> list[str]:
    """Events in plain words, a line each, but Draw from the Bottom and the draw it makes
    are one line, as they are one draw at the table (issue 46: "P2 draws from the bottom"
    then "P2 draws a card" told one draw twice)."""
    out: list[str] = []
    i = 0
    while i < len(evs):
        e = evs[i]
        after = evs[i + 1] if i + 1 < len(evs) else None
        if (
            e.kind == "draw-bottom"
            and after is not None
            and after.kind in BOTTOM_DRAWS
            and after.seat == e.seat
        ):
            out.append(_from_the_bottom(Said(ed, after.seat), after))
            i += 2
            continue
        out.append(describe_event(ed, e))
        i += 1
    return out


def _from_the_bottom(w: Said, e: Event) -> str:
    """A draw from the bottom of the Draw Pile (its card, where the seat may know it)."""
    if e.kind == "draw-bomb":
        card = w.card(e.data)
        if starts_with_vowel(card):
            return _("{who} draws an {card} from the bottom!").format(who=w.who, card=card)
        return _("{who} draws a {card} from the bottom!").format(who=w.who, card=card)
    if _hidden(e):
        return _("{who} draws a card from the bottom").format(who=w.who)
    return _("{who} draws {card} from the bottom").format(who=w.who, card=w.card(e.data))
