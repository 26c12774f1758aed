"""Words a player reads at the table: "You" for the seat at the device, plurals, places in a
pile ("top", "2nd from the top", "bottom"). The games tell events as ``P0 plays Skip``; the
table tells the seat at the device ``You play Skip``. Nothing here reads a game: only text.

The seat phrases have a grammar per language (docs/i18n.md), chosen by the language of the
context (``kaboom.i18n.language``): English (verbs agree with "You"), Norwegian
bokmål (``kaboom.tui.words_nb``: verbs never agree; "Du", "du", "deg", "din"), and for any
other language a plain substitution of the catalogue's "You" (the pseudo-language's
``⟦Ýøû⟧``)."""

from __future__ import annotations

import re

from kaboom.i18n import SOURCE, _, language

#: Third-person verbs whose plain form is not the word less its ``s``.
IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "tries": "try", "was": "were"}


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards``; ``many`` where the plural is not ``word + s``.

    >>> plural(1, "card"), plural(3, "Exploding Kitten"), plural(2, "Action Card")
    ('1 card', '3 Exploding Kittens', '2 Action Cards')
    >>> plural(2, "turn", "turns"), plural(1, "Dynamite", "Dynamite")
    ('2 turns', '1 Dynamite')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd`` in English; ``1.``, ``2.`` in Norwegian (and the other languages).

    >>> ordinal(2), ordinal(11)
    ('2nd', '11th')
    """
    return english_ordinal(n) if language() == SOURCE else f"{n}."


def english_ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``.

    >>> [english_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def place_in_pile(position: int, size: int | None = None) -> str:
    """Where a card put back into a pile goes, ``position`` counted from 0 at the top, in
    a pile of ``size`` cards before it goes in (``None``: not known, no "bottom").

    >>> [place_in_pile(p, 3) for p in range(4)]
    ['on top', '2nd from the top', '3rd from the top', 'at the bottom']
    >>> place_in_pile(0, 0), place_in_pile(5)
    ('on top (the only card)', '6th from the top')
    """
    if position == 0:
        return _("on top (the only card)") if size == 0 else _("on top")
    if size is not None and position >= size:
        return _("at the bottom")
    # TRANSLATORS: {nth} is an ordinal number ("2nd"; in Norwegian "2.")
    return _("{nth} from the top").format(nth=ordinal(position + 1))


def seat_name(seat: int, viewer: int | None) -> str:
    """``You`` for the seat at the device, ``P2`` for another.

    >>> seat_name(0, 0), seat_name(2, 0), seat_name(1, None)
    ('You', 'P2', 'P1')
    """
    return _("You") if seat == viewer else f"P{seat}"


def _plain(verb: str) -> str:
    """``plays`` -> ``play``, ``is`` -> ``are``, ``pushes`` -> ``push``, ``wins!`` -> ``win!``."""
    core = verb.rstrip("!:,;")
    tail = verb[len(core) :]
    if core in IRREGULAR:
        return IRREGULAR[core] + tail
    if re.search(r"(ss|sh|ch|x|z)es$", core):
        return core[:-2] + tail
    if core.endswith("s") and not core.endswith("ss"):
        return core[:-1] + tail
    return verb


def yours(text: str, viewer: int | None) -> str:
    """A line told of seats ``P0``, ``P1``... told to the seat at the device, in the grammar
    of the context's language (``english_yours``; Norwegian: ``words_nb.yours``; another
    language: ``P0`` becomes its "You").

    >>> yours("P0's turn (2 turns owed)", 0)
    'Your turn (2 turns owed)'
    """
    lang = language()
    if lang == SOURCE:
        return english_yours(text, viewer)
    if lang == "nb":
        from kaboom.tui import words_nb

        return words_nb.yours(text, viewer)
    if viewer is None:
        return text
    return re.sub(rf"P{viewer}(?!\d)", _("You"), text)


def english_yours(text: str, viewer: int | None) -> str:
    """A line told of seats ``P0``, ``P1``... told to the seat at the device: it is "You"
    (the verb that follows agrees), "you", "your".

    >>> yours("P0 plays a pair of Tacocat against P2", 0)
    'You play a pair of Tacocat against P2'
    >>> yours("P1 steals Defuse from P0", 0)
    'P1 steals Defuse from you'
    >>> yours("P0's turn (2 turns owed)", 0)
    'Your turn (2 turns owed)'
    >>> yours("P2 attacks: P0 owes 2 turns", 0)
    'P2 attacks: you owe 2 turns'
    >>> yours("P0 explodes and is out; their hand goes to the Discard Pile", 0)
    'You explode and are out; your hand goes to the Discard Pile'
    >>> yours("P0 lands on the Ribbon and wins!", 0)
    'You land on the Ribbon and win!'
    >>> yours("P0 secretly puts the Exploding Kitten back", 0)
    'You secretly put the Exploding Kitten back'
    >>> yours("P3 tries to steal from P0, who has no cards", 0)
    'P3 tries to steal from you, who have no cards'
    >>> yours("P1 asks P0 for a Favor, but P0 has no cards", 0)
    'P1 asks you for a Favor, but you have no cards'
    >>> yours("P0 stays where they are", 0), yours("Scores: P0 10, P1 20", 0)
    ('You stay where you are', 'Scores: You 10, P1 20')
    >>> yours("The match is won by P1, P0", 0), yours("P1 gives P0 a card", 0)
    ('The match is won by P1, You', 'P1 gives you a card')
    >>> yours("P1 plays Skip", 0), yours("P10 wins", 1)
    ('P1 plays Skip', 'P10 wins')
    """
    if viewer is None:
        return text
    me = f"P{viewer}"
    if me not in text:
        return text
    pattern = re.escape(me) + r"(?!\d)"
    subject = re.compile(
        r"(^|: |, but |; )" + pattern + r"( (?:secretly |also )?)([a-z]+[!:,;]?)(?= |$)"
    )

    def agree(m: re.Match[str]) -> str:
        start = m.group(1)
        word = "You" if start == "" else "you"
        return f"{start}{word}{m.group(2)}{_plain(m.group(3))}"

    out = re.sub(
        r"(^|(?<=: ))" + pattern + "'s", lambda m: "Your" if not m.group(1) else "your", text
    )
    out = re.sub(pattern + "'s", "your", out)
    you_lead = re.match(pattern + r" ", out) is not None
    out = subject.sub(agree, out)
    listed = r"(?<![a-z] )" + pattern + r"(?=$|,|\)| \d| and )"
    out = re.sub(listed, "You", out)  # a name in a list: "Scores: You 10, P1 20"
    out = re.sub(pattern, "you", out)
    out = out.replace("you, who has", "you, who have")
    if you_lead:
        out = re.sub(r"\band ([a-z]+s)\b", lambda m: "and " + _plain(m.group(1)), out)
        out = re.sub(
            r"\b(their|they are)\b", lambda m: "your" if m.group(1) == "their" else "you are", out
        )
        out = out.replace("where they are", "where you are")
    return out


def polish(line: str) -> str:
    """A game's line in the table's words (``english_polish``; Norwegian: places in a pile
    said as the table says them, ``words_nb.polish``).

    >>> polish("P2 draws 3 Action Card(s)")
    'P2 draws 3 Action Cards'
    """
    lang = language()
    if lang == "nb":
        from kaboom.tui import words_nb

        return words_nb.polish(line, place_in_pile)
    return english_polish(line) if lang == SOURCE else line


def english_polish(line: str) -> str:
    """A game's line in the table's words: places in a pile from the top ("2nd from the
    top", not "position 1 (0 = top)"), plurals counted.

    >>> polish("P0 puts the Exploding Kitten back at position 0 (0 = top)")
    'P0 puts the Exploding Kitten back on top'
    >>> polish("P1 puts a Danger Magnet at position 2 (0 = top)")
    'P1 puts a Danger Magnet 3rd from the top'
    >>> polish("P2 draws 1 Action Card(s)"), polish("P2 draws 3 Action Card(s)")
    ('P2 draws 1 Action Card', 'P2 draws 3 Action Cards')
    >>> polish("P3 plays Air into P3's slot 1, replacing P1's Fire")
    "P3 plays Air into their own slot 1, replacing P1's Fire"
    """
    # a seat's own row, told of that seat: "their own" (never "P3 ... P3's slot")
    line = re.sub(r"^(P\d+)( .*?)\b\1's ", r"\1\2their own ", line)
    line = re.sub(
        r"(?: at)? position (\d+) \(0 = top\)",
        lambda m: " " + place_in_pile(int(m.group(1))),
        line,
    )
    return re.sub(
        r"(\d+) ([A-Z][a-z]+ Card)\(s\)", lambda m: plural(int(m.group(1)), m.group(2)), line
    )


def tell(line: str, viewer: int | None) -> str:
    """A game's line as the seat at the device reads it (``polish``, then ``yours``).

    >>> tell("P0 puts the Exploding Kitten back at position 3 (0 = top)", 0)
    'You put the Exploding Kitten back 4th from the top'
    """
    return yours(polish(line), viewer)


#: Verbs an action's label starts with (``Draw a card``), told of another seat in the third
#: person (``P2 draws a card``); a label that starts otherwise (``Air into P1's row``) is
#: a card played.
ACTION_VERBS = frozenset({
    "draw", "play", "nope", "let", "defuse", "explode", "put", "give", "take", "move",
    "flip", "swap", "discard", "recycle", "pass",
})  # fmt: skip


def _third(verb: str) -> str:
    """``draw`` -> ``draws``, ``pass`` -> ``passes``."""
    return verb + ("es" if re.search(r"(s|sh|ch|x|z)$", verb) else "s")


def told_of(seat: int, label: str) -> str:
    """An action's label told of the seat that plays it, for a replay, in the grammar of the
    context's language (``english_told_of``; Norwegian: ``words_nb.told_of``; another
    language: ``P2: <the label>``).

    >>> told_of(2, "Draw a card (ends your turn)")
    'P2 draws a card (ends their turn)'
    """
    lang = language()
    if lang == SOURCE:
        return english_told_of(seat, label)
    label = re.sub(r" \([a-z]\)$", "", label)  # a key's hint: ``(p)``
    if lang == "nb":
        from kaboom.tui import words_nb

        return words_nb.told_of(seat, label)
    return f"P{seat}: {label}"


def english_told_of(seat: int, label: str) -> str:
    """An action's label (the words the table offers the seat that plays it, ``Draw a
    card (ends your turn)``) told of that seat, for a replay: ``P2 draws a card (ends
    their turn)``; ``tell`` then makes the seat at the device "You".

    >>> told_of(2, "Draw a card (ends your turn)")
    'P2 draws a card (ends their turn)'
    >>> told_of(1, "Let it pass"), told_of(3, "Nope it")
    ('P1 lets it pass', 'P3 Nopes it')
    >>> told_of(1, "Flip the top Move Disc and move (ends your turn)")
    'P1 flips the top Move Disc and moves (ends their turn)'
    >>> told_of(0, "Air into P1's slot 2 (empty)")
    "P0 plays Air into P1's slot 2 (empty)"
    >>> told_of(2, "Pass: the card cannot be played (p)")
    'P2 passes: the card cannot be played'
    >>> tell(told_of(0, "Draw a card (ends your turn)"), 0)
    'You draw a card (ends your turn)'
    """
    label = re.sub(r" \([a-z]\)$", "", label)  # a key's hint: ``(p)``
    first, _sep, rest = label.partition(" ")
    verb = first.rstrip(":")
    if verb.lower() not in ACTION_VERBS:
        return f"P{seat} plays {label}"
    said = _third(verb) if verb == "Nope" else _third(verb.lower())
    rest = re.sub(
        r"\band (" + "|".join(ACTION_VERBS) + r")\b", lambda m: "and " + _third(m.group(1)), rest
    )
    rest = re.sub(r"\byour\b", "their", rest)
    return f"P{seat} {said}{first[len(verb) :]}" + (f" {rest}" if rest else "")
