"""Exploding Kittens: The Board Game's table: the track on both sides, positions, the discs,
from the observation of docs/observations.md."""

from __future__ import annotations

from typing import Any

from kaboom.engine.observation import Window
from kaboom.engine.state import Observation, State
from kaboom.games.board.data import Box
from kaboom.games.board.words import disc_name
from kaboom.tui.panel import Family, known_from_top, known_runs
from kaboom.tui.words import place_in_pile, plural, seat_name

#: How much an Action Card is worth keeping, by its effect (a Defuse the most: discarding
#: it is never the default).
VALUE = {
    "shuffle": 1, "see-the-future": 2, "add-a-magnet": 2, "flip-the-board": 3,
    "swap-spaces": 4, "skip": 5, "attack": 5, "nope": 6, "defuse": 20,
}  # fmt: skip
SIDES = ("calm", "chaos")
#: The track's lines start with these, so the ruler and the Who rows line up under them.
PREFIX = {"calm": "Calm |", "chaos": "Chaos|"}
#: The ruler over the track labels every space a multiple of this (and space 1).
RULER_EVERY = 5


class Board(Family):
    """Exploding Kittens: The Board Game: the track on both sides, positions, the discs."""

    has_draw = has_windows = True
    draw_word = "Flip a Move Disc"

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
            "sides": sides,
            "legend": self.legend(),
        }

    def legend(self) -> str:
        """How to read the board, for a card's ``?`` and the help screen (``h``)."""
        return (
            f"The board: the Space row numbers the spaces, 1 to {self.box.spaces}; under it "
            "one character a space, a row for each side of the board (the first line says "
            "which side is up). K an Exploding Kitten space; 1, 2 or 3 the Action Cards you draw "
            "landing there; R the Ribbon: land on it exactly to win; a move past it follows "
            f"the Loop Back Arrow to space {self.box.loop_back_to}. The Who rows: Y you, a "
            "number another player's seat, * several players on one space (the Litter Box "
            "is before space 1). Flip a Move Disc (d) to move; a Danger Magnet in the Move "
            "Deck pulls you to the next Exploding Kitten space."
        )

    # -- actions ---------------------------------------------------------------------------------
    def _value(self, slug: str) -> int:
        effects = dict(zip(self.box.card_slugs, self.box.card_effects, strict=True))
        return VALUE.get(effects.get(slug, slug), 3)

    def label(self, action: str) -> str:
        """``play swap-spaces @1`` -> ``Play Swap Spaces on P1``; a Move says where it lands."""
        word, *rest = action.split()
        at = next((int(w[1:]) for w in rest if w.startswith("@")), None)
        target = f" on {seat_name(at, self.viewer)}" if at is not None else ""
        card = self.name(rest[0]) if rest and not rest[0].startswith("@") else ""
        if word == "move":
            return "Move" + self.landing(action)
        if word == "flip":
            return "Flip the board" + self.landing(action)
        if word == "place":
            size = int(self.obs["piles"]["move_deck"]["size"]) if self.obs else None
            where = place_in_pile(int(rest[0]), size)
            return f"Put the Danger Magnet into the Move Deck {where}"
        words = {
            "draw": "Flip the top Move Disc and move (ends your turn)",
            "nope": "Nope it",
            "pass": "Let it pass",
            "defuse": "Play a Defuse (stay on the space)",
            "explode": "Explode: back to last place",
            "play": f"Play {card}{target}",
            "swap-with": f"Swap spaces with{target.removeprefix(' on')}",
            "discard": f"Discard {card}",
        }
        return words.get(word, action)

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
            return f" (stay on {self.place(pos)}; the {side.capitalize()} side comes up)"
        if after["phase"] == "landed" and after["current"] == self.viewer:
            return f": onto an Exploding Kitten space ({pos})!"
        if pos == self.box.ribbon:
            return ": onto the Ribbon, and win"
        cards = self.box.sides[SIDES.index(side)].values[pos] if 0 < pos < self.box.ribbon else 0
        draw = f" (draw {plural(cards, 'card')})" if cards else ""
        return f": to {self.place(pos)}{draw}"

    def place(self, pos: int) -> str:
        if pos == 0:
            return "the Litter Box"
        return "the Ribbon" if pos == self.box.ribbon else f"space {pos}"

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
            return "discards a Defuse"
        if word == "move" and "Exploding Kitten" in self.landing(action):
            return "lands on an Exploding Kitten space"
        return ""

    def window_text(self, window: Window) -> str:
        target = window.get("target")
        on = f" on {seat_name(int(target), self.viewer)}" if target is not None else ""
        return f"{self.name(window['card'])}{on}"

    # -- the table -------------------------------------------------------------------------------
    def doing(self, obs: Observation, viewer: int) -> str:
        phase, actor, current = obs["phase"], obs["to_act"], obs["current"]
        who, mine = seat_name(current, viewer), actor == viewer
        actor_name = seat_name(actor, viewer) if actor is not None else who
        owed = int(obs["board"]["turns_owed"])
        turns = f" ({plural(owed, 'turn')} to take)" if owed > 1 else ""
        if phase == "turn":
            if mine:
                return f"Your turn{turns}: play Action Cards, then flip a Move Disc (d)"
            return f"{who}'s turn{turns}"
        if phase == "choose":
            disc = disc_name(str(obs["board"]["disc_to_choose"]))
            return f"{'You' if mine else who} drew {disc}: move or flip the board"
        if phase == "landed":
            text = f"{actor_name} landed on an Exploding Kitten space"
            if not mine:
                return text
            # with no Defuse in hand there is nothing to choose, and the words name no card
            # (a Defuse named to a seat that holds none: a card only others may hold)
            held = "defuse" in (obs.get("hand") or [])
            return text + (": Defuse it or explode" if held else ": nothing saves you, you explode")
        if phase == "swap-last":
            if mine:
                return "You exploded: choose whom to swap spaces with (tied for last)"
            return f"{actor_name} exploded and chooses whom to swap spaces with"
        if phase == "discard-down":
            keep = plural(self.box.explode_keep, "Action Card")
            if mine:
                return f"Discard down to {keep}: choose a card to discard"
            return f"{actor_name} discards down to {keep}"
        if phase == "place-magnet":
            if mine:
                return "Put the Danger Magnet into the Move Deck, where you like (secret)"
            return f"{actor_name} puts a Danger Magnet into the Move Deck"
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
        width = len(PREFIX["calm"]) - 1
        out = ["Who".ljust(width) + "".join(rows[0]).rstrip()]
        if "".join(rows[1]).strip():
            out.append(" " * width + "".join(rows[1]).rstrip())
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
        width = len(PREFIX["calm"]) - 1
        return "Space".ljust(width) + "".join(row).rstrip()

    def panel(self, obs: Observation, viewer: int) -> str:
        piles, section = obs["piles"], obs["board"]
        side = str(section["side"])
        lines = [
            f"{side.capitalize()} side up. K Kitten, 1-3 cards, R Ribbon",
            self.ruler(),
            f"{PREFIX['calm']}{self.track(0)}|R",
            f"{PREFIX['chaos']}{self.track(1)}|R",
            *self.who_rows(obs, viewer),
        ]
        over = obs["phase"] == "over"
        for player in obs["players"]:
            q, pos = player["seat"], player["position"]
            mark = ">" if q == obs["current"] and not over else " "
            won = " - won!" if q in obs["winners"] else ""
            size = plural(player["hand_size"], "card")
            where = self.place(pos).removeprefix("the ")
            lines.append(f"{mark} {seat_name(q, viewer):4} {size:>8}  {where}{won}")
        move_discard = piles["move_discard"]["cards"]
        disc = ""
        if section["disc_to_choose"]:
            disc = f" (drawn: {disc_name(section['disc_to_choose'])})"
        elif move_discard:
            disc = f" (last: {disc_name(move_discard[0])})"
        lines.append(f"Move Deck: {plural(int(piles['move_deck']['size']), 'Move Disc')}{disc}")
        lines.append(
            f"Action Deck: {plural(int(piles['action_deck']['size']), 'card')}; "
            f"{plural(int(section['magnets_aside']), 'Danger Magnet')} aside"
        )
        lines.append(f"Past the Ribbon a move goes back to {self.box.loop_back_to}")
        lines += self._extras(obs, viewer)
        return "\n".join(lines)

    def _extras(self, obs: Observation, viewer: int) -> list[str]:
        out = []
        window = obs["window"]
        if window:
            out.append("On the table: " + self.chain(window, viewer))
        out += known_from_top(obs["known"]["piles"].get("move_deck") or {}, disc_name)
        out += known_runs(obs["known"].get("runs", {}).get("move_deck", []), disc_name)
        return out

    def summary(self, obs: Observation, viewer: int) -> list[str]:
        return [
            f"{seat_name(p['seat'], viewer)}: {self.place(int(p['position']))}"
            + (" - won!" if p["seat"] in obs["winners"] else "")
            for p in obs["players"]
        ]
