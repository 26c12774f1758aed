"""What the table draws for each family of games, from one seat's observation only.

A :class:`Family` knows how a family's observation names the seat's cards, which cards an
action uses, the field-guide text of each card, and draws a small panel of the family's
public table (piles and players, rows, the track). Everything here reads an observation
(``State.observe(seat)``) and the game's public card lists, never a state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from typing import Any

from kaboom.engine.state import Observation, State
from kaboom.games.board.data import Box
from kaboom.games.board.state import BoardGameState
from kaboom.games.board.words import SIDE_NAMES, disc_name
from kaboom.games.eleminis.deck import Deck
from kaboom.games.eleminis.state import EleminisState
from kaboom.games.kittens.edition import Edition
from kaboom.games.kittens.state import KittensState
from kaboom.games.kittens.words import EFFECT_NAMES, play_phrase

#: Words of an action's text form that name no card (verbs and phrases).
VERBS = frozenset({"play", "pair", "triple", "five", "give", "take", "discard", "swap-with"})


def you(seat: int, viewer: int) -> str:
    """``P2`` or ``P2 you``."""
    return f"P{seat} you" if seat == viewer else f"P{seat}"


def counted(names: list[str]) -> str:
    """``Skip, Nope x2``: names in order of first appearance, with their counts."""
    seen = Counter(names)  # counts in order of first appearance
    return ", ".join(n if k == 1 else f"{n} x{k}" for n, k in seen.items()) or "-"


def slot(cell: str) -> str:
    """``p2.3`` -> ``P2's slot 3``."""
    seat, _, number = cell.removeprefix("p").partition(".")
    return f"P{seat}'s slot {number}"


class Family(ABC):
    """The generic parts; subclasses fill in one family."""

    #: Card slug -> (display name, field-guide text).
    guide: dict[str, tuple[str, str]]

    def name(self, slug: str) -> str:
        return self.guide.get(slug, (slug, ""))[0]

    def help_text(self, slug: str) -> str:
        """The card's name and its field-guide text."""
        name, text = self.guide.get(slug, (slug, ""))
        return f"{name}: {text or 'no field-guide text for this card.'}"

    def hand(self, obs: Observation) -> list[str]:
        """The cards the seat holds (or has drawn), as slugs."""
        return list(obs.get("hand") or [])

    def rank(self, slug: str) -> str:
        """The word an action uses for this card."""
        return slug

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

    @abstractmethod
    def panel(self, obs: Observation, viewer: int) -> str:
        """The family's table as plain text."""


class Kittens(Family):
    """Exploding Kittens, Exploding Minions, Dynamitt: piles, hands, turns owed."""

    def __init__(self, edition: Edition) -> None:
        self.ed = edition
        self.guide = dict(
            zip(edition.slugs, zip(edition.names, edition.texts, strict=True), strict=True)
        )

    def rank(self, slug: str) -> str:
        return self.ed.rank_of(self.ed.title_of(slug)) if slug in self.ed.slugs else slug

    def bomb_word(self) -> str:
        """What the bombs are called: the card's name, or its effect where ranks play it."""
        return EFFECT_NAMES["bomb"] if self.ed.ranks else self.ed.names[self.ed.only("bomb")]

    def bombs(self) -> frozenset[str]:
        return frozenset(
            s for s, e in zip(self.ed.slugs, self.ed.effects, strict=True) if e == "bomb"
        )

    def label(self, action: str) -> str:
        """``pair tacocat @2`` -> ``Play a pair of Tacocat against P2``.

        >>> from kaboom.games.kittens import ORIGINAL
        >>> Kittens(ORIGINAL).label("place 0")
        'Put the Exploding Kitten back at position 0 (0 = top)'
        """
        word, *rest = action.split()
        if word in ("play", "pair", "triple", "five"):
            return "Play" + play_phrase(self.ed, action)[0].removeprefix("plays")
        fixed = {"draw": "Draw a card (ends your turn)", "nope": "Nope!", "pass": "Let it pass"}
        if word in fixed:
            return fixed[word]
        card = (
            self.ed.rank_name(rest[0])
            if rest and word == "defuse"
            else (self.name(rest[0]) if rest else "")
        )
        if word == "defuse":
            return f"Defuse with {card}" if card else "Play a Defuse"
        if word == "place":
            return f"Put the {self.bomb_word()} back at position {rest[0]} (0 = top)"
        return {"give": f"Give {card}", "take": f"Take {card} from the Discard Pile"}.get(
            word, action
        )

    def panel(self, obs: Observation, viewer: int) -> str:
        top = obs["discard_pile"][0] if obs["discard_pile"] else None
        lines = [
            f"Draw Pile {obs['draw_pile_size']} ({obs['bombs_in_pile']} {self.bomb_word()}), "
            f"Discard {len(obs['discard_pile'])}",
            f"Top of the Discard Pile: {self.name(top) if top else '-'}",
            f"Out: {counted([self.name(c) for c in obs['out_of_game']])}"
            + (
                f" + {obs['out_of_game_face_down']} face down"
                if obs["out_of_game_face_down"]
                else ""
            ),
        ]
        lines += self._players(obs, viewer)
        lines += self._knowledge(obs)
        return "\n".join(lines)

    def _players(self, obs: Observation, viewer: int) -> list[str]:
        out = []
        for q in range(obs["players"]):
            state = "in" if obs["alive"][q] else "OUT"
            mark = ">" if q == obs["current"] else " "
            owed = ""
            if q == obs["current"] and obs["turns_owed"] > 1:
                owed = f", {obs['turns_owed']} turns"
            out.append(f"{mark} {you(q, viewer):7} {obs['hand_sizes'][q]:2} cards  {state}{owed}")
        pending = obs.get("pending")
        if pending:
            nopes = (
                f", Noped by {', '.join(f'P{q}' for q in pending['nopes'])}"
                if pending["nopes"]
                else ""
            )
            out.append(f"On the table: P{pending['seat']}: {self.label(pending['action'])}{nopes}")
        if obs.get("drawn_bomb"):
            out.append(f"P{obs['current']} drew {self.name(obs['drawn_bomb'])}!")
        return out

    def _knowledge(self, obs: Observation) -> list[str]:
        out = []
        out += known_from_top(obs.get("known_pile") or {}, self.name)
        for q, cards in (obs.get("known_hands") or {}).items():
            out.append(f"You know P{q} holds {counted([self.name(c) for c in cards])}")
        return out


class Eleminis(Family):
    """Eleminis: the rows, the drawn card, scores and teams."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.guide = dict(zip(deck.slugs, zip(deck.names, deck.texts, strict=True), strict=True))

    def hand(self, obs: Observation) -> list[str]:
        return [obs["drawn"]] if obs.get("drawn") else []

    def narrows(self, action: str, selected: list[str]) -> bool:
        return True  # every option plays the drawn card

    def label(self, action: str) -> str:
        """``play air -> p1.2`` -> ``Air into P1's slot 2``.

        >>> from kaboom.games.eleminis import DECK
        >>> Eleminis(DECK).label("swap p0.1 p2.5")
        "Swap P0's slot 1 with P2's slot 5"
        """
        word, *rest = action.split()
        cells = [slot(w) for w in rest if w.startswith("p") and "." in w]
        if word == "play":
            return f"{self.name(rest[0])} into {cells[-1]}"
        if word == "move":
            return f"Move {cells[0]} to {cells[1]}"
        if word == "swap":
            return f"Swap {cells[0]} with {cells[1]}"
        if word in ("discard", "recycle"):
            again = " and play again" if word == "recycle" else ""
            return f"{word.capitalize()} {cells[0]}{again}"
        return "Pass: the card cannot be played" if word == "pass" else action

    def panel(self, obs: Observation, viewer: int) -> str:
        top = obs["discard_pile"][0] if obs["discard_pile"] else None
        head = (
            f"Deck {obs['deck_size']}, Discard {len(obs['discard_pile'])} "
            f"(top {self.name(top) if top else '-'}), game {obs['game_number']}"
        )
        if obs.get("target"):
            head += f", match to {obs['target']}"
        lines = [head]
        if obs.get("drawn"):
            lines.append(f"P{obs['current']} drew {self.name(obs['drawn'])}")
        teams = int(obs.get("teams") or 0)
        head = "".join(f"{s + 1:<6}" for s in range(len(obs["rows"][0])))
        lines.append(f"  {'':7}{head}{'pts':>4}" + (" tm" if teams else ""))
        for q, row in enumerate(obs["rows"]):
            mark = ">" if q == obs["current"] else " "
            cells = "".join(f"{(self.name(c) if c else '.')[:5]:6}" for c in row)
            team = f" {q % teams:2}" if teams else ""
            lines.append(f"{mark} {you(q, viewer):7}{cells}{obs['totals'][q]:4}{team}")
        if obs.get("winners"):
            lines.append("Winners: " + ", ".join(f"P{q}" for q in obs["winners"]))
        return "\n".join(lines)


class Board(Family):
    """Exploding Kittens: The Board Game: the track on both sides, positions, the discs."""

    def __init__(self, box: Box) -> None:
        self.box = box
        texts = box.card_texts or tuple("" for _ in box.card_slugs)
        self.guide = dict(zip(box.card_slugs, zip(box.card_names, texts, strict=True), strict=True))

    def uses(self, action: str) -> set[str]:
        words = super().uses(action)
        return words | ({"defuse"} if action == "defuse" else set())

    def label(self, action: str) -> str:
        """``play swap-spaces @1`` -> ``Play Swap Spaces on P1``."""
        word, *rest = action.split()
        target = next((f" P{w[1:]}" for w in rest if w.startswith("@")), "")
        card = self.name(rest[0]) if rest and not rest[0].startswith("@") else ""
        words = {
            "draw": "Flip the top Move Disc (end your turn)",
            "nope": "Nope!",
            "pass": "Let it pass",
            "move": "Move",
            "flip": "Flip the board",
            "defuse": "Play a Defuse",
            "explode": "Explode: back to last place",
            "play": f"Play {card}" + (f" on{target}" if target else ""),
            "swap-with": f"Swap spaces with{target}",
            "discard": f"Discard {card}",
            "place": f"Put the Danger Magnet at position {rest[0] if rest else ''} (0 = top)",
        }
        return words.get(word, action)

    def track(self, side: int) -> str:
        """One side of the board, a character a space: K a kitten space, else its value."""
        layout = self.box.sides[side]
        return "".join(
            "K" if s in layout.kittens else str(layout.values[s])
            for s in range(1, self.box.spaces + 1)
        )

    def panel(self, obs: Observation, viewer: int) -> str:
        ribbon = self.box.ribbon
        marks = [" "] * (ribbon + 1)
        for q, pos in enumerate(obs["positions"]):
            marks[pos] = str(q) if marks[pos] == " " else "*"
        lines = [
            f"Board: {SIDE_NAMES[obs['side']]}",
            f"Calm |{self.track(0)}|R",
            f"Chaos|{self.track(1)}|R",
            f"Who  {''.join(marks)}",
        ]
        for q in range(obs["players"]):
            mark = ">" if q == obs["current"] else " "
            pos = obs["positions"][q]
            where = "Litter Box" if pos == 0 else "Ribbon" if pos == ribbon else f"space {pos}"
            lines.append(f"{mark} {you(q, viewer):7} {obs['hand_sizes'][q]:2} cards  {where}")
        lines.append(
            f"Move Deck {obs['move_deck_size']}, Action Deck {obs['action_deck_size']}, "
            f"magnets aside {obs['magnets_aside']}"
        )
        if obs.get("disc_to_choose"):
            lines.append(f"Move Disc drawn: {disc_name(obs['disc_to_choose'])}")
        elif obs["move_discard"]:
            lines.append(f"Last Move Disc: {disc_name(obs['move_discard'][0])}")
        lines += self._extras(obs)
        return "\n".join(lines)

    def _extras(self, obs: Observation) -> list[str]:
        out = []
        pending = obs.get("pending")
        if pending:
            target = f" on P{pending['target']}" if pending.get("target") is not None else ""
            out.append(
                f"On the table: P{pending['seat']} plays {self.name(pending['card'])}{target}"
            )
        out += known_from_top(obs.get("known_move_deck") or {}, disc_name)
        return out


def family_of(state: State) -> Family:
    """The family that draws ``state``'s game."""
    if isinstance(state, KittensState):
        return Kittens(state.edition)
    if isinstance(state, EleminisState):
        return Eleminis(state.deck_data)
    if isinstance(state, BoardGameState):
        return Board(state.box)
    raise TypeError(f"no table for {type(state).__name__}")


def status_line(obs: dict[str, Any], viewer: int) -> str:
    """Whose decision it is, as the seat may know it."""
    if obs.get("phase") == "over":
        return "Game over"
    actor = obs.get("to_act")
    if actor == viewer:
        return f"Your move ({obs.get('phase', 'turn')})"
    if actor is None:
        return "A reaction window is open"
    return f"P{actor} is thinking ({obs.get('phase', 'turn')})"


def reveal(state: State) -> str:
    """The whole table with every hand shown, for replays of finished games only: the
    family's panel of the public table, each seat's hand, and the game's own render."""
    family = family_of(state)
    lines = [family.panel(state.observe(None), -1), ""]
    for q in range(state.players):
        cards = family.hand(state.observe(q)) if "hand" in state.observe(q) else []
        if cards:
            lines.append(f"P{q} holds: {counted([family.name(c) for c in cards])}")
    board = state.render()
    return "\n".join([*lines, *([board] if board else [])])


def known_from_top(known: dict[str, str], name: Callable[[str], str]) -> list[str]:
    """The cards (or discs) a seat has seen in a pile, by place from the top.

    >>> known_from_top({"1": "skip", "0": "nope"}, str.title)
    ['You know (from the top): #1 Nope, #2 Skip']
    """
    if not known:
        return []
    seen = ", ".join(
        f"#{int(k) + 1} {name(v)}" for k, v in sorted(known.items(), key=lambda kv: int(kv[0]))
    )
    return [f"You know (from the top): {seen}"]
