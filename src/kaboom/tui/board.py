"""Exploding Kittens: The Board Game's table: the track on both sides, positions, the discs,
from the observation of docs/observations.md."""

from __future__ import annotations

from typing import Any

from kaboom.engine.observation import Window
from kaboom.engine.state import Observation, State
from kaboom.games.board.data import Box
from kaboom.games.board.words import disc_name
from kaboom.i18n import N_, _, ngettext
from kaboom.tui.exploding import turns_to_take
from kaboom.tui.panel import Family, cards, known_from_top, known_runs
from kaboom.tui.words import place_in_pile, seat_name

#: How much an Action Card is worth keeping, by its effect (a Defuse the most: discarding
#: it is never the default).
VALUE = {
    "shuffle": 1, "see-the-future": 2, "add-a-magnet": 2, "flip-the-board": 3,
    "swap-spaces": 4, "skip": 5, "attack": 5, "nope": 6, "defuse": 20,
}  # fmt: skip
SIDES = ("calm", "chaos")
#: The sides' names (the track's lines start with them, so the ruler and the Who rows line
#: up under them).
SIDE_WORDS = {"calm": N_("Calm"), "chaos": N_("Chaos")}
#: The ruler over the track labels every space a multiple of this (and space 1).
RULER_EVERY = 5


class Board(Family):
    """Exploding Kittens: The Board Game: the track on both sides, positions, the discs."""

    has_draw = has_windows = True
    draw_word = N_("Flip a Move Disc")

    def __init__(self, box: Box) -> None:
        texts = box.card_texts or tuple("" for _ in box.card_slugs)
        super().__init__(
            dict(zip(box.card_slugs, zip(box.card_names, texts, strict=True), strict=True))
        )
        self.box = box

    @classmethod
    def of(cls, state: State) -> Board:
        """The table of a board game: its box (the board and the cards)."""
        game: Any = state  # the game carries its box
        return cls(game.box)

    def hand(self, obs: Observation) -> list[str]:
        order = {slug: i for i, slug in enumerate(self.box.card_slugs)}
        return sorted(obs.get("hand") or [], key=lambda s: (order.get(s, len(order)), s))

    def uses(self, action: str) -> set[str]:
        words = super().uses(action)
        return words | ({"defuse"} if action == "defuse" else set())

    def heads(self) -> tuple[str, str, str, str]:
        """The track's row heads, said now and padded to one width: its two sides (with
        the bar), the Who rows and the ruler (``Calm |``, ``Chaos|``, ``Who  ``, ``Space``)."""
        # TRANSLATORS: the heads of the board's rows: where players stand, and space numbers
        words = [_(SIDE_WORDS["calm"]), _(SIDE_WORDS["chaos"]), _("Who"), _("Space")]
        width = max(len(w) for w in words)
        calm, chaos, who, space = (w.ljust(width) for w in words)
        return calm + "|", chaos + "|", who, space

    def help_text(self, slug: str) -> str:
        return f"{super().help_text(slug)}\n\n{self.legend()}"

    def parts(self) -> dict[str, object]:
        """The track: both sides (Exploding Kitten spaces, the cards a landing draws), the
        Ribbon, the Loop Back Arrow, and how to read it."""
        box = self.box
        sides = [
            {"name": name, "kittens": sorted(side.kittens), "values": list(side.values)}
            for name, side in zip(("calm", "chaos"), box.sides, strict=True)
        ]
        return {
            "spaces": box.spaces,
            "ribbon": box.ribbon,
            "loop_back_to": box.loop_back_to,
            # an explosion's discard down to this many Action Cards (the page's one choice)
            "keep": box.explode_keep,
            "sides": sides,
            "legend": self.legend(),
        }

    def legend(self) -> str:
        """How to read the board, for a card's ``?`` and the help screen (``h``)."""
        return _(
            "The board: the Space row numbers the spaces, 1 to {spaces}; under it "
            "one character a space, a row for each side of the board (the first line says "
            "which side is up). K an Exploding Kitten space; 1, 2 or 3 the Action Cards you draw "
            "landing there; R the Ribbon: land on it exactly to win; a move past it follows "
            "the Loop Back Arrow to space {loop}. The Who rows: Y you, a "
            "number another player's seat, * several players on one space (the Litter Box "
            "is before space 1). Flip a Move Disc (d) to move; a Danger Magnet in the Move "
            "Deck pulls you to the next Exploding Kitten space."
        ).format(spaces=self.box.spaces, loop=self.box.loop_back_to)

    # -- actions ---------------------------------------------------------------------------------
    def _value(self, slug: str) -> int:
        effects = dict(zip(self.box.card_slugs, self.box.card_effects, strict=True))
        return VALUE.get(effects.get(slug, slug), 3)

    def label(self, action: str) -> str:
        """``play swap-spaces @1`` -> ``Play Swap Spaces on P1``; a Move says where it lands."""
        word, *rest = action.split()
        at = next((int(w[1:]) for w in rest if w.startswith("@")), None)
        whom = seat_name(at, self.viewer) if at is not None else ""
        target = _(" on {who}").format(who=whom) if whom else ""
        card = self.name(rest[0]) if rest and not rest[0].startswith("@") else ""
        if word == "move":
            return _("Move{landing}").format(landing=self.landing(action))
        if word == "flip":
            return _("Flip the board{landing}").format(landing=self.landing(action))
        if word == "place":
            size = int(self.obs["piles"]["move_deck"]["size"]) if self.obs else None
            where = place_in_pile(int(rest[0]), size)
            return _("Put the Danger Magnet into the Move Deck {where}").format(where=where)
        fixed = {
            "draw": N_("Flip the top Move Disc and move (ends your turn)"),
            "nope": N_("Nope it"),
            "pass": N_("Let it pass"),
            "defuse": N_("Play a Defuse (stay on the space)"),
            "explode": N_("Explode: back to last place"),
        }
        if word in fixed:
            return _(fixed[word])
        if word == "play":
            return _("Play {card}{target}").format(card=card, target=target)
        if word == "swap-with":
            return _("Swap spaces with {who}").format(who=whom) if whom else _("Swap spaces with")
        if word == "discard":
            return _("Discard {card}").format(card=card)
        return action

    def landing(self, action: str) -> str:
        """Where the seat would stand after ``action``, from the table's preview (the seat's
        view after it, in a world sampled from what the seat knows): ``: to space 15
        (draw 1 card)``, ``: onto an Exploding Kitten space (14)!``."""
        if self.preview is None or self.viewer is None:
            return ""
        after = self.preview(action)
        if after is None:
            return ""
        pos = int(after["players"][self.viewer]["position"])
        side = str(after["board"]["side"])
        if action.split()[0] == "flip":
            up = _(SIDE_WORDS[side]) if side in SIDE_WORDS else side.capitalize()
            said = _(" (stay on {place}; the {side} side comes up)")
            return said.format(place=self.place(pos), side=up)
        if after["phase"] == "landed" and after["current"] == self.viewer:
            return _(": onto an Exploding Kitten space ({n})!").format(n=pos)
        if pos == self.box.ribbon:
            return _(": onto the Ribbon, and win")
        drawn = self.box.sides[SIDES.index(side)].values[pos] if 0 < pos < self.box.ribbon else 0
        if drawn:
            said = ngettext(": to {place} (draw {n} card)", ": to {place} (draw {n} cards)", drawn)
            return said.format(place=self.place(pos), n=drawn)
        return _(": to {place}").format(place=self.place(pos))

    def place(self, pos: int, bare: bool = False) -> str:
        """Where a seat stands: ``the Litter Box``, ``the Ribbon``, ``space 7`` (``bare``:
        without the article, as the panel's rows say it)."""
        if pos == 0:
            return _("Litter Box") if bare else _("the Litter Box")
        if pos == self.box.ribbon:
            return _("Ribbon") if bare else _("the Ribbon")
        return _("space {n}").format(n=pos)

    def cost(self, action: str) -> float:
        """Cheapest first: the least useful card to discard; a Defuse before exploding."""
        word, *rest = action.split()
        if word == "discard":
            return self._value(rest[0])
        if word == "play":
            return 100 + self._value(rest[0])
        if word == "defuse":
            return -1
        if word == "place":
            return int(rest[0])
        return 0

    def risk(self, action: str) -> str:
        """Discarding a Defuse, or a Move onto an Exploding Kitten space: never the default."""
        word, *rest = action.split()
        if word == "discard" and rest and self._value(rest[0]) == VALUE["defuse"]:
            return _("discards a Defuse")
        if word == "move" and self.lands_on_kitten(action):
            return _("lands on an Exploding Kitten space")
        return ""

    def lands_on_kitten(self, action: str) -> bool:
        """Whether the preview of ``action`` lands the seat on an Exploding Kitten space."""
        if self.preview is None or self.viewer is None:
            return False
        after = self.preview(action)
        return after is not None and after["phase"] == "landed" and after["current"] == self.viewer

    def window_text(self, window: Window) -> str:
        target = window.get("target")
        on = (
            _(" on {who}").format(who=seat_name(int(target), self.viewer))
            if target is not None
            else ""
        )
        return f"{self.name(window['card'])}{on}"

    # -- the table -------------------------------------------------------------------------------
    def doing(self, obs: Observation, viewer: int) -> str:
        phase, actor, current = obs["phase"], obs["to_act"], obs["current"]
        who, mine = seat_name(current, viewer), actor == viewer
        actor_name = seat_name(actor, viewer) if actor is not None else who
        owed = int(obs["board"]["turns_owed"])
        turns = turns_to_take(owed)
        if phase == "turn":
            if mine:
                said = _("Your turn{turns}: play Action Cards, then flip a Move Disc (d)")
                return said.format(turns=turns)
            return _("{who}'s turn{turns}").format(who=who, turns=turns)
        if phase == "choose":
            disc = disc_name(str(obs["board"]["disc_to_choose"]))
            if mine:
                return _("You drew {disc}: move or flip the board").format(disc=disc)
            return _("{who} drew {disc}: move or flip the board").format(who=who, disc=disc)
        if phase == "landed":
            if not mine:
                return _("{who} landed on an Exploding Kitten space").format(who=actor_name)
            # with no Defuse in hand there is nothing to choose, and the words name no card
            # (a Defuse named to a seat that holds none: a card only others may hold)
            if "defuse" in (obs.get("hand") or []):
                said = _("{who} landed on an Exploding Kitten space: Defuse it or explode")
            else:
                said = _(
                    "{who} landed on an Exploding Kitten space: nothing saves you, you explode"
                )
            return said.format(who=actor_name)
        if phase == "swap-last":
            if mine:
                return _("You exploded: choose whom to swap spaces with (tied for last)")
            return _("{who} exploded and chooses whom to swap spaces with").format(who=actor_name)
        if phase == "discard-down":
            n = self.box.explode_keep
            if mine:
                return ngettext(
                    "Discard down to {n} Action Card: choose a card to discard",
                    "Discard down to {n} Action Cards: choose a card to discard",
                    n,
                ).format(n=n)
            return ngettext(
                "{who} discards down to {n} Action Card",
                "{who} discards down to {n} Action Cards",
                n,
            ).format(who=actor_name, n=n)
        if phase == "place-magnet":
            if mine:
                return _("Put the Danger Magnet into the Move Deck, where you like (secret)")
            return _("{who} puts a Danger Magnet into the Move Deck").format(who=actor_name)
        return super().doing(obs, viewer)

    def track(self, side: int) -> str:
        """One side of the board, a character a space: K a kitten space, else its value."""
        layout = self.box.sides[side]
        return "".join(
            "K" if s in layout.kittens else str(layout.values[s])
            for s in range(1, self.box.spaces + 1)
        )

    def who_rows(self, obs: Observation, viewer: int) -> list[str]:
        """Where everyone stands, under the track: ``Y`` you, a seat number for another,
        ``*`` several on one space (the Litter Box). Two players on neighbouring spaces
        never sit side by side on one row (``10`` would read as ten): the second goes on a
        row of its own."""
        by_space: dict[int, list[int]] = {}
        for player in obs["players"]:
            by_space.setdefault(int(player["position"]), []).append(int(player["seat"]))
        rows = [[" "] * (self.box.ribbon + 1), [" "] * (self.box.ribbon + 1)]
        for pos in sorted(by_space):
            seats = by_space[pos]
            mark = "*" if len(seats) > 1 else "Y" if seats[0] == viewer else str(seats[0])
            row = 1 if pos > 0 and rows[0][pos - 1] != " " else 0
            rows[row][pos] = mark
        who = self.heads()[2]
        out = [who + "".join(rows[0]).rstrip()]
        if "".join(rows[1]).strip():
            out.append(" " * len(who) + "".join(rows[1]).rstrip())
        return out

    def ruler(self) -> str:
        """The numbers of the spaces over the track: ``Space 1   5    10 ...``, each
        number starting over its space."""
        row = [" "] * (self.box.spaces + 3)
        marks = [1, *range(RULER_EVERY, self.box.spaces + 1, RULER_EVERY)]
        for space in marks:
            for i, ch in enumerate(str(space)):
                if space + i < len(row):
                    row[space + i] = ch
        return self.heads()[3] + "".join(row).rstrip()

    def panel(self, obs: Observation, viewer: int) -> str:
        section = obs["board"]
        side = str(section["side"])
        calm, chaos, _who, _space = self.heads()
        up = _(SIDE_WORDS[side]) if side in SIDE_WORDS else side.capitalize()
        lines = [
            _("{side} side up. K Kitten, 1-3 cards, R Ribbon").format(side=up),
            self.ruler(),
            f"{calm}{self.track(0)}|R",
            f"{chaos}{self.track(1)}|R",
            *self.who_rows(obs, viewer),
        ]
        over = obs["phase"] == "over"
        for player in obs["players"]:
            q, pos = player["seat"], player["position"]
            mark = ">" if q == obs["current"] and not over else " "
            won = _(" - won!") if q in obs["winners"] else ""
            size = cards(player["hand_size"])
            where = self.place(pos, bare=True)
            lines.append(f"{mark} {seat_name(q, viewer):4} {size:>8}  {where}{won}")
        lines += self._piles(obs)
        lines.append(_("Past the Ribbon a move goes back to {n}").format(n=self.box.loop_back_to))
        lines += self._extras(obs, viewer)
        return "\n".join(lines)

    def _piles(self, obs: Observation) -> list[str]:
        """The Move Deck (the disc drawn, or the last), the Action Deck, the magnets aside."""
        piles, section = obs["piles"], obs["board"]
        move_discard = piles["move_discard"]["cards"]
        disc = ""
        if section["disc_to_choose"]:
            disc = _(" (drawn: {disc})").format(disc=disc_name(section["disc_to_choose"]))
        elif move_discard:
            disc = _(" (last: {disc})").format(disc=disc_name(move_discard[0]))
        discs = int(piles["move_deck"]["size"])
        deck = ngettext("Move Deck: {n} Move Disc{disc}", "Move Deck: {n} Move Discs{disc}", discs)
        actions = int(piles["action_deck"]["size"])
        magnets = int(section["magnets_aside"])
        aside = ngettext("{n} Danger Magnet aside", "{n} Danger Magnets aside", magnets)
        return [
            deck.format(n=discs, disc=disc),
            _("Action Deck: {cards}; {aside}").format(
                cards=cards(actions), aside=aside.format(n=magnets)
            ),
        ]

    def _extras(self, obs: Observation, viewer: int) -> list[str]:
        out = []
        window = obs["window"]
        if window:
            out.append(_("On the table: {chain}").format(chain=self.chain(window, viewer)))
        out += known_from_top(obs["known"]["piles"].get("move_deck") or {}, disc_name)
        out += known_runs(obs["known"].get("runs", {}).get("move_deck", []), disc_name)
        return out

    def summary(self, obs: Observation, viewer: int) -> list[str]:
        return [
            _("{who}: {fate}").format(
                who=seat_name(p["seat"], viewer), fate=self.place(int(p["position"]))
            )
            + (_(" - won!") if p["seat"] in obs["winners"] else "")
            for p in obs["players"]
        ]
