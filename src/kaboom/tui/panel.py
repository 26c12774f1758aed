"""What the table draws of a game, from one seat's observation only: the generic table.

A :class:`Family` knows how a family's observation names the seat's cards, which cards an
action uses, the field-guide text of each card, and draws a small panel of the family's
public table (piles and players, rows, the track). Everything here reads an observation
(``State.observe(seat)``, in the shape of docs/observations.md) and the game's public card
lists, never a state. A family with no panel of its own (a new game's) is drawn by
:class:`Family` from the shared parts alone; ``kaboom.tui.families`` finds a game's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from kaboom.engine.observation import Window
from kaboom.engine.state import Observation
from kaboom.i18n import N_, _, ngettext
from kaboom.tui.words import seat_name, yours

#: Words of an action's text form that name no card (verbs and phrases).
VERBS = frozenset({"play", "pair", "triple", "five", "give", "take", "discard", "swap-with"})


#: What the table may ask of a family's game: the preview of an action (the seat's view
#: after it, in a world sampled from what the seat knows), or None.
Preview = Callable[[str], "Observation | None"]


def counted(names: list[str]) -> str:
    """``Skip, Nope x2``: names in order of first appearance, with their counts."""
    seen = Counter(names)  # counts in order of first appearance
    return ", ".join(n if k == 1 else f"{n} x{k}" for n, k in seen.items()) or "-"


def slot(cell: str) -> str:
    """``p2.3`` -> ``P2's slot 3``."""
    seat, _sep, number = cell.removeprefix("p").partition(".")
    return _("{seat}'s slot {n}").format(seat=f"P{seat}", n=number)


class Family:
    """Any family's table, from the shared parts of its observation (players, piles, the
    hand, the window, what the seat knows, the family's section as it is); a family with a
    panel of its own fills in the rest.

    Before it labels, orders or warns about actions the table hands it the seat's view
    (``view``): the labels may name the seat's own cards, the size of a pile, where a move
    lands. Everything it reads is that seat's observation."""

    #: What the row of the seat's cards is called (marked: said with ``hand_word``).
    hand_label = N_("Hand")
    #: Which of the table's keys mean something in this family: d (draw), n and p in a
    #: reaction window, p to pass outside one (Eleminis), o (the odds of a bomb).
    has_draw = False
    has_windows = False
    has_pass = False
    has_odds = False
    #: What d does, in the footer: the family's word for ending a turn (marked: said with
    #: ``_``).
    draw_word = N_("Draw")

    def __init__(self, guide: dict[str, tuple[str, str]] | None = None) -> None:
        #: Card slug -> (display name, field-guide text).
        self.guide: dict[str, tuple[str, str]] = dict(guide or {})
        self.obs: Observation = {}
        self.viewer: int | None = None
        self.mine: list[str] = []
        self.preview: Preview | None = None

    def view(self, obs: Observation, viewer: int | None, preview: Preview | None = None) -> None:
        """The seat's observation the next labels are made for."""
        self.obs, self.viewer, self.preview = obs, viewer, preview
        self.mine = self.hand(obs) if obs else []

    def hand_word(self) -> str:
        """What the row of the seat's cards is called, said now."""
        return _(self.hand_label)

    def name(self, slug: str) -> str:
        """A card's name, said now: the guide's, else its slug in words (``two-of-a-kind``:
        ``Two of a kind``)."""
        return _(self.guide.get(slug, (slug.replace("-", " ").capitalize(), ""))[0])

    def legend(self) -> str:
        """How to read this family's table, for the help screen (``h``); "" if it needs
        no more than its words."""
        return ""

    def hand_name(self, slug: str) -> str:
        """A card as the row of the seat's cards shows it (by default its name)."""
        return self.name(slug)

    def hand_card(self, slug: str) -> tuple[str, str]:
        """A card in the row of the seat's cards: what it says, and the role its rank plays
        where the name does not say it ("": none; the row shows a role once after a run of
        cards that share it). By default the card as ``hand_name`` shows it, no role."""
        return self.hand_name(slug), ""

    def help_text(self, slug: str) -> str:
        """The card's name and its field-guide text."""
        text = self.guide.get(slug, ("", ""))[1]
        said = _(text) if text else _("no field-guide text for this card.")
        return _("{card}: {text}").format(card=self.name(slug), text=said)

    def hand(self, obs: Observation) -> list[str]:
        """The cards the seat holds (or has drawn, where the family has a drawn card), as
        slugs."""
        return list(obs.get("hand") or [])

    def rank(self, slug: str) -> str:
        """The word an action uses for this card."""
        return slug

    @property
    def ranked(self) -> bool:
        """Whether cards play by rank, not by title (Dynamitt's ranks)."""
        return False

    def short(self, slug: str) -> str:
        """A card's few words where its design gives none (an Elemini's: what it beats)."""
        return ""

    def parts(self) -> dict[str, object]:
        """The family's own parts for the field guide (the board's track, Eleminis's cycle),
        as JSON; none for the generic table."""
        return {}

    def row_points(self, obs: Observation) -> list[int] | None:
        """Each seat's points so far, where the family keeps a score in play."""
        return None

    def uses(self, action: str) -> set[str]:
        """The card words an action's text form plays (not a card it only names)."""
        words: set[str] = set()
        for token in action.split():
            if token.startswith("@"):
                break
            if token not in VERBS:
                words.update(p for part in token.split("+") for p in part.split("="))
        return words

    def narrows(self, action: str, selected: list[str]) -> bool:
        """Whether ``action`` uses every selected card."""
        used = self.uses(action)
        return all(self.rank(card) in used for card in selected)

    def bombs(self) -> frozenset[str]:
        """Slugs of the cards whose draw is the danger (for the odds)."""
        return frozenset()

    def label(self, action: str) -> str:
        """An action's text form in plain words, for the list of actions."""
        return action

    def in_order(self, line: str) -> str:
        """A log line that lists a hand (``P0 holds: 10♦, 2♦``) with the cards in the order
        of the game's cards (the order the table shows hands in); any other line as it is."""
        head, sep, cards = line.partition(" holds: ")
        if not sep or not re.fullmatch(r"P\d+", head):
            return line
        order = {self.name(slug): i for i, slug in enumerate(self.guide)}
        names = cards.split(", ")
        return head + sep + ", ".join(sorted(names, key=lambda n: order.get(n, len(order))))

    def cost(self, action: str) -> float:
        """Where an action goes in the list: the cheapest first (by default as given)."""
        return 0

    def risk(self, action: str) -> str:
        """Why an action is never the highlighted default ("gives away a Defuse"), or ""."""
        return ""

    def group(self, action: str) -> str:
        """The entry that stands for this action and its like ("five different cards"),
        which opens the choice among them; "" for an action listed on its own."""
        return ""

    def window_text(self, window: Window) -> str:
        """The play waiting in an open reaction window, as a noun."""
        return self.label(str(window["play"]))

    def chain(self, window: Window, viewer: int | None) -> str:
        """An open window in words: the play, then each Nope in the chain as what it does
        (a Nope cancels, a Nope of that Nope - a Yup - brings the play back), and where it
        stands now.

        >>> Family().chain({"player": 0, "play": "play skip", "nopes": [2, 0]}, 0)
        'You played play skip; P2 Noped it; You Noped back (Yup): it goes ahead for now'
        """
        who = seat_name(int(window["player"]), viewer)
        play = yours(self.window_text(window), viewer)
        parts = [_("{who} played {play}").format(who=who, play=play)]
        for depth, q in enumerate(window["nopes"]):
            noper = seat_name(int(q), viewer)
            said = _("{who} Noped it") if depth % 2 == 0 else _("{who} Noped back (Yup)")
            parts.append(said.format(who=noper))
        if not window["nopes"]:
            return parts[0]
        if len(window["nopes"]) % 2:
            now = _("it is cancelled for now")
        else:
            now = _("it goes ahead for now")
        return _("{chain}: {now}").format(chain="; ".join(parts), now=now)

    def answer(self, window: Window) -> str:
        """What n does in an open window: Nope the play, or the last Nope (a Yup)."""
        return _("Nope it") if len(window["nopes"]) % 2 == 0 else _("Nope the Nope (Yup)")

    def doing(self, obs: Observation, viewer: int) -> str:
        """What is happening and what is asked of the seat at the device (never a phase's
        internal name)."""
        actor = obs.get("to_act")
        if actor == viewer:
            return _("Your move: choose an action")
        if actor is None:
            return _("Waiting")
        return _("{who} is thinking").format(who=seat_name(actor, viewer))

    def summary(self, obs: Observation, viewer: int) -> list[str]:
        """The players at the end of a game, one line each."""
        return [
            _("{who}: {fate}").format(
                who=seat_name(p["seat"], viewer),
                fate=_("won") if p["seat"] in obs["winners"] else "-",
            )
            for p in obs["players"]
        ]

    def panel(self, obs: Observation, viewer: int) -> str:
        """The table as plain text: the piles, the players, the open window, the family's
        section, what the seat knows, the winners."""
        lines = [pile_line(obs["piles"], self.name)]
        for player in obs["players"]:
            q = player["seat"]
            mark = ">" if q == obs["current"] else " "
            state = _("in") if player["in"] else _("out")
            size = cards(player["hand_size"])
            lines.append(f"{mark} {seat_name(q, viewer):4} {size:>8}  {state}")
        window = obs["window"]
        if window:
            lines.append(_("On the table: {chain}").format(chain=self.chain(window, viewer)))
        section = obs[obs["family"]]
        lines += [f"{key.replace('_', ' ')}: {value}" for key, value in section.items()]
        lines += self.knowledge(obs)
        if obs["winners"]:
            names = ", ".join(seat_name(q, viewer) for q in obs["winners"])
            lines.append(_("Winners: {names}").format(names=names))
        return "\n".join(lines)

    def knowledge(self, obs: Observation) -> list[str]:
        """What the seat knows that others may not: cards in piles, cards in hands."""
        out = []
        for pile, cards in obs["known"]["piles"].items():
            out += known_from_top(cards, self.name, pile.replace("_", " "))
        for q, held in obs["known"]["hands"].items():
            out.append(self.known_hand(int(q), held))
        return out

    def known_hand(self, seat: int, held: list[str]) -> str:
        """``You know P2 holds Skip, Nope x2``."""
        holder = seat_name(seat, self.viewer)
        names = counted([self.name(c) for c in held])
        return _("You know {who} holds {cards}").format(who=holder, cards=names)


def cards(n: int) -> str:
    """``1 card``, ``3 cards``, said now."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def pile_line(piles: dict[str, dict[str, Any]], name: Callable[[str], str]) -> str:
    """``Deck 5, Discard 3 (top Two)``: each pile's size and its top card if face up.

    >>> pile_line({"deck": {"size": 5}, "discard": {"size": 1, "cards": ["two"]}}, str.title)
    'Deck 5, Discard 1 (top Two)'
    """
    parts = []
    for pile, face in piles.items():
        cards = face.get("cards")
        top = _(" (top {card})").format(card=name(cards[0])) if cards else ""
        parts.append(f"{pile.replace('_', ' ').capitalize()} {face['size']}{top}")
    return ", ".join(parts)


def known_runs(runs: list[list[str]], name: Callable[[str], str], where: str = "") -> list[str]:
    """Runs of cards (or discs) whose order a seat saw, but not where they lie now.

    >>> known_runs([["tacocat", "skip"]], str.title)
    ['You know the order (top first, places unknown): Tacocat, then Skip']
    """
    said = (
        _("You know the order of the {pile} (top first, places unknown): {cards}")
        if where
        else _("You know the order (top first, places unknown): {cards}")
    )
    return [said.format(pile=where, cards=_(", then ").join(name(c) for c in run)) for run in runs]


def known_from_top(known: dict[str, str], name: Callable[[str], str], where: str = "") -> list[str]:
    """The cards (or discs) a seat has seen in a pile, by place from the top.

    >>> known_from_top({"1": "skip", "0": "nope"}, str.title)
    ['You know (from the top): #1 Nope, #2 Skip']
    """
    if not known:
        return []
    seen = ", ".join(
        f"#{int(k) + 1} {name(v)}" for k, v in sorted(known.items(), key=lambda kv: int(kv[0]))
    )
    if where:
        return [_("You know (from the top of the {pile}): {cards}").format(pile=where, cards=seen)]
    return [_("You know (from the top): {cards}").format(cards=seen)]
