"""Eleminis's table: the rows, the drawn card, points and teams, from the observation of
docs/observations.md."""

from __future__ import annotations

from typing import Any

from kaboom.engine.state import Observation, State
from kaboom.games.eleminis.deck import Deck
from kaboom.i18n import N_, _, ngettext
from kaboom.tui.panel import Family
from kaboom.tui.words import seat_name

#: What a card that is not an Elemini does, in a few words (the field guide says more).
KINDS = {
    "star": N_("wild: into an empty slot or over an Elemini or Trash; nothing replaces it"),
    "trash": N_("only into another player's row, empty or over an Elemini"),
    "move": N_("a card to an empty slot of another row"),
    "swap": N_("two cards of two different rows change places"),
    "discard": N_("a card from any row to the Discard Pile"),
    "recycle": N_("a card from any row to the Discard Pile, then draw and play again"),
}


class Eleminis(Family):
    """Eleminis: the rows, the drawn card, points and teams."""

    hand_label = N_("Drawn")
    has_pass = True

    def __init__(self, deck: Deck) -> None:
        super().__init__(
            dict(zip(deck.slugs, zip(deck.names, deck.texts, strict=True), strict=True))
        )
        self.deck = deck

    @classmethod
    def of(cls, state: State) -> Eleminis:
        """The table of an Eleminis game: its deck's cards."""
        game: Any = state  # the game carries its deck's data
        return cls(game.deck_data)

    def hand(self, obs: Observation) -> list[str]:
        """The drawn card (public: every seat sees it)."""
        drawn = obs["eleminis"]["drawn"]
        return [drawn] if drawn else []

    def narrows(self, action: str, selected: list[str]) -> bool:
        return True  # every option plays the drawn card

    # -- the cards -------------------------------------------------------------------------------
    def beats(self, slug: str) -> str:
        """``Air beats Water, Rock; beaten by Fire, Plant`` (the element cycle, for the
        drawn card); what a card of another kind does."""
        if slug not in self.deck.slugs:
            return ""
        title = self.deck.title_of(slug)
        kind = self.deck.kinds[title]
        if kind != "elemini":
            does = _(KINDS[kind]) if kind in KINDS else ""
            return _("{card}: {does}").format(card=self.name(slug), does=does)
        wins = self.wins(slug)
        losers = [_(self.deck.names[t]) for t, b in enumerate(self.deck.beats) if title in b]
        return _("{card} beats {wins}; beaten by {losers}").format(
            card=self.name(slug), wins=wins, losers=", ".join(losers)
        )

    def wins(self, slug: str) -> str:
        """``Water, Rock``: what an Elemini beats ("" for another card)."""
        if slug not in self.deck.slugs:
            return ""
        title = self.deck.title_of(slug)
        if self.deck.kinds[title] != "elemini":
            return ""
        return ", ".join(_(self.deck.names[t]) for t in sorted(self.deck.beats[title]))

    def short(self, slug: str) -> str:
        """``Beats Water, Rock``: an Elemini's short words, from the deck's element cycle."""
        wins = self.wins(slug)
        return _("Beats {cards}").format(cards=wins) if wins else ""

    def parts(self) -> dict[str, object]:
        """What each card beats and is beaten by, and the whole element cycle."""
        deck = self.deck
        return {
            "slots": deck.slots,
            "beats": {slug: self.beats(slug) for slug in deck.slugs},
            "kinds": dict(zip(deck.slugs, deck.kinds, strict=True)),
            "cycle": self.cycle(),
        }

    def cycle(self) -> str:
        """Every Elemini and what it beats."""
        return "\n".join(self.beats(self.deck.slugs[t]) for t in self.deck.eleminis)

    def help_text(self, slug: str) -> str:
        return f"{super().help_text(slug)}\n\n{self.legend()}"

    def legend(self) -> str:
        """The element cycle."""
        return _("The element cycle:") + "\n" + self.cycle()

    # -- the rows --------------------------------------------------------------------------------
    def _cell(self, cell: str) -> tuple[int, int, str | None]:
        """``p2.3`` -> (2, 3, the card there or None)."""
        seat, _sep, number = cell.removeprefix("p").partition(".")
        q, slot = int(seat), int(number)
        row = self.obs["players"][q]["row"] if self.obs else []
        card = row[slot - 1] if 0 < slot <= len(row) else None
        return q, slot, card

    def _whose(self, q: int) -> str:
        """``your``, ``P2's``: whose slot."""
        return _("your") if q == self.viewer else _("{seat}'s").format(seat=f"P{q}")

    def label(self, action: str) -> str:
        """``play air -> p1.2`` -> ``Air into P1's slot 2 (empty)``; a card there is named,
        and so is a card of yours that a play replaces, moves or discards.

        >>> from kaboom.games.eleminis import DECK
        >>> Eleminis(DECK).label("swap p0.1 p2.5")
        "Swap P0's card with P2's card"
        """
        word, *rest = action.split()
        cells = [self._cell(w) for w in rest if w.startswith("p") and "." in w]
        if word == "play":  # the slot by its number, as the rows show them
            q, slot, there = cells[-1]
            card = self.name(rest[0])
            whose = self._whose(q)
            if there is None:
                said = _("{card} into {whose} slot {n} (empty)")
                return said.format(card=card, whose=whose, n=slot)
            said = _("{card} into {whose} slot {n}, replacing {other}")
            return said.format(card=card, whose=whose, n=slot, other=self._of(q, there))
        if word == "move":
            (a, _a, moved), (b, slot, _b) = cells
            said = _("Move {card} to {whose} slot {n}")
            return said.format(card=self._of(a, moved), whose=self._whose(b), n=slot)
        if word == "swap":
            (a, _c, x), (b, _d, y) = cells
            return _("Swap {card} with {other}").format(card=self._of(a, x), other=self._of(b, y))
        if word == "discard":
            return _("Discard {card}").format(card=self._of(cells[0][0], cells[0][2]))
        if word == "recycle":
            said = _("Recycle {card} and play again")
            return said.format(card=self._of(cells[0][0], cells[0][2]))
        return _("Pass: the card cannot be played (p)") if word == "pass" else action

    def _of(self, q: int, card: str | None) -> str:
        """``your Fire``, ``P2's Water``."""
        if card is None:
            return _("your card") if q == self.viewer else _("{seat}'s card").format(seat=f"P{q}")
        return _("{whose} {card}").format(whose=self._whose(q), card=self.name(card))

    def _touches_mine(self, action: str) -> str | None:
        """The card of the seat's own row that ``action`` replaces, moves, swaps away or
        discards (None: it leaves the seat's row as it is or only adds to it)."""
        word, *rest = action.split()
        cells = [self._cell(w) for w in rest if w.startswith("p") and "." in w]
        if word == "play":
            cells = cells[-1:]
        elif word == "move":
            cells = cells[:1]
        mine = [card for q, _, card in cells if q == self.viewer and card is not None]
        return mine[0] if mine else None

    def cost(self, action: str) -> float:
        """Into your own row first, then what leaves your row alone; what replaces, moves,
        swaps away or discards your own card last."""
        word, *rest = action.split()
        if self._touches_mine(action) is not None:
            return 10
        if word == "play":
            q, _slot, there = self._cell(rest[-1])
            return 0 if q == self.viewer else 1 if there is not None else 2
        return 3

    def risk(self, action: str) -> str:
        card = self._touches_mine(action)
        if card is None:
            return ""
        word = action.split()[0]
        said = {
            "play": N_("replaces your {card}"),
            "move": N_("moves away your {card}"),
            "swap": N_("swaps away your {card}"),
        }.get(word, N_("discards your {card}"))
        return _(said).format(card=self.name(card))

    # -- the table -------------------------------------------------------------------------------
    def row_points(self, obs: Observation) -> list[int] | None:
        return [self.points(p["row"]) for p in obs["players"]]

    def points(self, row: list[str | None]) -> int:
        """What a row scores now: 10 per different Elemini, 5 per duplicate, 20 per Star,
        -20 per Trash (never below 0); a complete row scores its bonus at the end."""
        kinds = {s: k for s, k in zip(self.deck.slugs, self.deck.kinds, strict=True)}
        cards = [c for c in row if c]
        eleminis = [c for c in cards if kinds.get(c) == "elemini"]
        unique = len(set(eleminis))
        score = unique * self.deck.score("unique")
        score += (len(eleminis) - unique) * self.deck.score("duplicate")
        score += sum(kinds.get(c) == "star" for c in cards) * self.deck.score("star")
        score += sum(kinds.get(c) == "trash" for c in cards) * self.deck.score("trash")
        return max(0, score)

    def doing(self, obs: Observation, viewer: int) -> str:
        drawn = obs["eleminis"]["drawn"]
        actor = obs["to_act"]
        if obs["phase"] != "over" and drawn and actor is not None:
            card = self.name(drawn)
            if actor == viewer:
                return _("You drew {card}: choose where it goes").format(card=card)
            return _("{who} drew {card}").format(who=seat_name(actor, viewer), card=card)
        return super().doing(obs, viewer)

    def panel(self, obs: Observation, viewer: int) -> str:
        piles, section = obs["piles"], obs["eleminis"]
        discard = piles["discard"]["cards"]
        top = discard[0] if discard else None
        head = _("Deck {size}, Discard {discarded} (top {card}), game {n}").format(
            size=piles["deck"]["size"],
            discarded=len(discard),
            card=self.name(top) if top else "-",
            n=section["game_number"],
        )
        lines = [head]
        if section["drawn"]:
            lines.append(self.beats(str(section["drawn"])))
        over = obs["phase"] == "over"
        rows = [player["row"] for player in obs["players"]]
        head = "".join(f"{s + 1:<6}" for s in range(len(rows[0])))
        points_head = _("points")
        lines.append(f"{'':7}{head}{points_head:>6}")
        for q, row in enumerate(rows):
            mark = ">" if q == obs["current"] and not over else " "
            cells = "".join(f"{(self.name(c) if c else '.')[:5]:6}" for c in row)
            points = obs["players"][q]["score"] if over else self.points(row)
            won = " " + _("won") if q in obs["winners"] else ""
            lines.append(f"{mark} {seat_name(q, viewer):5}{cells}{points:>6}{won}")
        teams = int(section["teams"] or 0)
        if teams:
            names = [
                ", ".join(seat_name(q, viewer) for q in range(len(rows)) if q % teams == t)
                for t in range(teams)
            ]
            teams_said = [_("Team {n}: {who}").format(n=t + 1, who=n) for t, n in enumerate(names)]
            lines.append("; ".join(teams_said))
        if section["target"]:
            totals = ", ".join(
                f"{seat_name(p['seat'], viewer)} {p['total']}" for p in obs["players"]
            )
            lines.append(_("Match to {n}: {totals}").format(n=section["target"], totals=totals))
        return "\n".join(lines)

    def summary(self, obs: Observation, viewer: int) -> list[str]:
        """A line per player (points, the match total, who won), then each winning row
        card by card (a team's rows that hold cards)."""
        lines = [
            ngettext("{who}: {n} point", "{who}: {n} points", p["score"]).format(
                who=seat_name(p["seat"], viewer), n=p["score"]
            )
            + (_(" (match total {n})").format(n=p["total"]) if obs["eleminis"]["target"] else "")
            + (_(" - won!") if p["seat"] in obs["winners"] else "")
            for p in obs["players"]
        ]
        for q in obs["winners"]:
            row = obs["players"][q]["row"]
            if not any(row):
                continue  # a team mate with an empty row: their side won on the others'
            cards = ", ".join(self.name(c) if c else _("empty") for c in row)
            if q == viewer:
                lines.append(_("Your winning row: {cards}").format(cards=cards))
            else:
                said = _("{seat}'s winning row: {cards}")
                lines.append(said.format(seat=seat_name(q, viewer), cards=cards))
        return lines
