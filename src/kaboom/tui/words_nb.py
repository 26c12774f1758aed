"""The seat phrases of the table in Norwegian bokmål (``kaboom.tui.words`` chooses them when
the language of the context is ``nb``).

Norwegian verbs do not agree with the person, so "P0 spiller Hopp over" told to seat 0 is
"Du spiller Hopp over": only the seat's name changes, by its place in the sentence. The
seat is "Du" leading the line, "du" as the subject of a later clause, "deg" as an object,
"din", "ditt" or "dine" where it owns something ("P0s tur": "Din tur"), and where "Du" is
the subject the reflexives follow it ("sin" becomes "din", "seg" "deg")."""

from __future__ import annotations

import re
from collections.abc import Callable

#: Nouns whose "your" is ``ditt`` (neuter) and ``dine`` (plural), after a seat's possessive.
NEUTER = frozenset({"trekk", "lag", "felt", "spor", "valg", "mål", "kort", "kattekort"})
PLURAL = frozenset({"poeng", "turer", "kortene", "kort."})
#: Words that start a clause whose subject follows them.
CLAUSE = r"(?:^|: |; |\. |, men |, og |, så |\b(?:hvor|der|når|fordi|mens|hvis) )"
#: Reflexives of a third-person subject, as they read when the subject is "Du".
REFLEXIVE = {"sin": "din", "sitt": "ditt", "sine": "dine", "seg": "deg", "Sin": "Din"}
#: Second-person possessives and objects, as they read told of another seat (``told_of``).
THIRD = {"din": "sin", "ditt": "sitt", "dine": "sine", "deg": "seg"}
#: Imperatives an action's label starts with (``Trekk et kort``), and their present tense.
VERBS = {
    "trekk": "trekker", "spill": "spiller", "nope": "noper", "la": "lar",
    "desarmer": "desarmerer", "eksploder": "eksploderer", "legg": "legger", "gi": "gir",
    "ta": "tar", "flytt": "flytter", "snu": "snur", "vend": "vender", "bytt": "bytter",
    "kast": "kaster", "resirkuler": "resirkulerer", "pass": "passer", "stå": "står",
    "velg": "velger", "sett": "setter", "stjel": "stjeler", "be": "ber", "putt": "putter",
}  # fmt: skip
LETTER = "a-zæøå"


def _your(noun: str, capital: bool) -> str:
    """``din``, ``ditt`` or ``dine`` before ``noun``."""
    bare = noun.lower().rstrip(".,:;!)")
    word = "dine" if bare in PLURAL else "ditt" if bare in NEUTER else "din"
    return word.capitalize() if capital else word


def yours(text: str, viewer: int | None) -> str:
    """A line told of seats told to the seat at the device.

    >>> yours("P0 spiller et par Tacocat mot P2", 0)
    'Du spiller et par Tacocat mot P2'
    >>> yours("P1 stjeler Desarmer fra P0", 0), yours("P0s tur (2 turer igjen)", 0)
    ('P1 stjeler Desarmer fra deg', 'Din tur (2 turer igjen)')
    >>> yours("P2 angriper: P0 skylder 2 turer", 0)
    'P2 angriper: du skylder 2 turer'
    >>> yours("P1 ber P0 om en tjeneste, men P0 har ingen kort", 0)
    'P1 ber deg om en tjeneste, men du har ingen kort'
    >>> yours("P0 eksploderer og er ute; hånda hans går til kastehaugen", 0)
    'Du eksploderer og er ute; hånda hans går til kastehaugen'
    >>> yours("P0 trekker et kort (avslutter turen sin)", 0)
    'Du trekker et kort (avslutter turen din)'
    >>> yours("Poeng: P0 10, P1 20", 0), yours("P1 gir P0 et kort", 0)
    ('Poeng: Du 10, P1 20', 'P1 gir deg et kort')
    >>> yours("Vinnere: P1, P0", 0), yours("Kampen er vunnet av P1, P0", 0)
    ('Vinnere: P1, Du', 'Kampen er vunnet av P1, deg')
    >>> yours("P1 gir et kort til P0 og P2", 0), yours("P0 og P2 vinner", 0)
    ('P1 gir et kort til deg og P2', 'Du og P2 vinner')
    >>> yours("P1 spiller Hopp over", 0), yours("P10 vinner", 1), yours("P2 tar P1s kort", 1)
    ('P1 spiller Hopp over', 'P10 vinner', 'P2 tar ditt kort')
    """
    if viewer is None:
        return text
    me = f"P{viewer}"
    if me not in text:
        return text
    seat = re.escape(me) + r"(?!\d)"
    you_lead = re.match(seat + " ", text) is not None
    out = re.sub(
        seat + r"s ([^ ]+)", lambda m: f"{_your(m.group(1), m.start() == 0)} {m.group(1)}", text
    )
    out = re.sub(r"^" + seat + r"(?= [" + LETTER + "])", "Du", out)
    out = re.sub(
        "(" + CLAUSE + ")" + seat + r"(?= (?:ikke |også |i hemmelighet )?[" + LETTER + "])",
        lambda m: m.group(1) + "du",
        out,
    )
    # a name in a list after a head ("Poeng: Du 10, P1 20"; "Vinnere: P1, Du")
    listed = r"(: (?:P\d+(?: \d+)?, )*)" + seat + r"(?=$|,|\)| \d| og )"
    out = re.sub(listed, lambda m: m.group(1) + "Du", out)
    out = re.sub(seat, "deg", out)
    if you_lead:
        out = re.sub(r"\b(sin|sitt|sine|seg)\b", lambda m: REFLEXIVE[m.group(1)], out)
    return out


def polish(line: str, place: Callable[[int], str]) -> str:
    """A game's Norwegian line in the table's words: a seat's own row told of that seat
    ("sin egen"), a place in a pile from the top (``place``: where position ``n`` is, in
    words; ``kaboom.tui.words.place_in_pile``).

    >>> def place(n: int) -> str:
    ...     return f"{n + 1}. fra toppen"
    >>> polish("P3 spiller Luft på P3s plass 1, og erstatter P1s Ild", place)
    'P3 spiller Luft på sin egen plass 1, og erstatter P1s Ild'
    >>> polish("P1 legger den eksploderende kattungen tilbake på plass 2 (0 = øverst)", place)
    'P1 legger den eksploderende kattungen tilbake 3. fra toppen'
    """
    line = re.sub(r"^(P\d+)( .*?)\b\1s ", r"\1\2sin egen ", line)
    return re.sub(
        r"(?: på)? plass (\d+) \(0 = øverst\)", lambda m: " " + place(int(m.group(1))), line
    )


def told_of(seat: int, label: str) -> str:
    """An action's label (an imperative, offered to the seat that plays it) told of that
    seat, for a replay; a label that does not start with a verb is a card played.

    >>> told_of(2, "Trekk et kort (avslutter turen din)")
    'P2 trekker et kort (avslutter turen sin)'
    >>> told_of(1, "La det passere"), told_of(3, "Nope det")
    ('P1 lar det passere', 'P3 noper det')
    >>> told_of(1, "Vend den øverste flyttebrikken og flytt (avslutter turen din)")
    'P1 vender den øverste flyttebrikken og flytter (avslutter turen sin)'
    >>> told_of(0, "Luft på P1s plass 2 (tom)")
    'P0 spiller Luft på P1s plass 2 (tom)'
    >>> told_of(2, "Pass: kortet kan ikke spilles")
    'P2 passer: kortet kan ikke spilles'
    """
    first, _sep, rest = label.partition(" ")
    verb = first.rstrip(":")
    if verb.lower() not in VERBS:
        return f"P{seat} spiller {label}"
    said = VERBS[verb.lower()]
    rest = re.sub(r"\bog (" + "|".join(VERBS) + r")\b", lambda m: "og " + VERBS[m.group(1)], rest)
    rest = re.sub(r"\b(din|ditt|dine|deg)\b", lambda m: THIRD[m.group(1)], rest)
    return f"P{seat} {said}{first[len(verb) :]}" + (f" {rest}" if rest else "")
