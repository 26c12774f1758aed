"""The exploding family's table (Exploding Kittens, Exploding Minions, Dynamitt): piles,
hands, turns owed, from the observation of docs/observations.md."""

from __future__ import annotations

from typing import Any

from kaboom.engine.observation import Window
from kaboom.engine.state import Observation, State
from kaboom.games.kittens.edition import Edition
from kaboom.games.kittens.words import (
    a_or_an,
    card_name,
    effect_name,
    play_label,
    play_parts,
    play_phrase,
)
from kaboom.i18n import N_, _, ngettext, pgettext
from kaboom.tui.panel import Family, cards, known_from_top, known_runs
from kaboom.tui.words import place_in_pile, seat_name

#: How much a card is worth keeping, by its effect: what is offered first to give away is
#: the least (a Defuse the most: giving it, or spending it in a combo, is never a default).
VALUE = {
    "cat": 1, "draw-bottom": 2, "shuffle": 2, "see-the-future": 3, "favor": 3, "skip": 4,
    "clone": 4, "attack": 5, "wild": 6, "nope": 7, "defuse": 20, "bomb": 0,
}  # fmt: skip
#: Exploding comes last in the list, below every Defuse (a reflex Enter never explodes).
EXPLODE_LAST = 1000
#: What each play of several cards does.
COMBOS = {
    "pair": N_("steal a random card"),
    "triple": N_("name a card and take it"),
    "five": N_("take any card from the Discard Pile"),
}


def many_bombs(name: str) -> str:
    """The plural of a bomb card's name, said now (``Exploding Kittens``)."""
    known = {
        "Exploding Kitten": pgettext("cards", "Exploding Kittens"),
        "Exploding Minion": pgettext("cards", "Exploding Minions"),
    }
    return known.get(name) or _(name) + "s"


def turns_to_take(owed: int) -> str:
    """`` (2 turns to take)`` where more than one turn is owed, else ""."""
    if owed <= 1:
        return ""
    return ngettext(" ({n} turn to take)", " ({n} turns to take)", owed).format(n=owed)


class Exploding(Family):
    """Exploding Kittens, Exploding Minions, Dynamitt: piles, hands, turns owed."""

    has_draw = has_windows = has_odds = True

    def __init__(self, edition: Edition) -> None:
        super().__init__(
            dict(zip(edition.slugs, zip(edition.names, edition.texts, strict=True), strict=True))
        )
        self.ed = edition
        #: The effect of every rank word an action may use (a slug, or Dynamitt's rank).
        self.effects: dict[str, str] = {}
        for title, effect in enumerate(edition.effects):
            self.effects[edition.rank_of(title)] = effect
            self.effects[edition.slugs[title]] = effect

    @classmethod
    def of(cls, state: State) -> Exploding:
        """The table of an exploding-family game: its edition's cards."""
        game: Any = state  # every game of the family carries its edition
        return cls(game.edition)

    # -- cards -----------------------------------------------------------------------------------
    @property
    def ranked(self) -> bool:
        """Whether cards play by rank (Dynamitt: the suit never matters)."""
        return bool(self.ed.ranks)

    def rank(self, slug: str) -> str:
        return self.ed.rank_of(self.ed.title_of(slug)) if slug in self.ed.slugs else slug

    def hand(self, obs: Observation) -> list[str]:
        """The seat's cards in the edition's order (Dynamitt: A, 2, ..., K, jokers; never
        as text, where 10 comes before 2)."""
        order = {slug: i for i, slug in enumerate(self.ed.slugs)}
        return sorted(obs.get("hand") or [], key=lambda s: (order.get(s, len(order)), s))

    def effect_name(self, word: str) -> str:
        """``Attack`` for Dynamitt's rank 2 (or its card 2♥), capitalised as the rulebook
        names the cards (the Joker's ``Wild``); "" where the card's own name says it (the
        Original's cards)."""
        if not self.ranked:
            return ""
        effect = self.effects.get(word, "")
        if effect == "cat":
            return _("no effect")
        named = effect_name(effect)
        return named[:1].upper() + named[1:]

    def hand_name(self, slug: str) -> str:
        """Dynamitt: a card with what its rank does (``A♥ Nope``, ``K♣ Defuse``; a rank
        with no effect as it is); the Original's cards by their names.

        >>> from kaboom.games.kittens import DYNAMITT
        >>> [Exploding(DYNAMITT).hand_name(s) for s in ("ah", "kc", "jh", "joker")]
        ['A♥ Nope', 'K♣ Defuse', 'J♥ Dynamite', 'Joker Wild']
        """
        return " ".join(word for word in self.hand_card(slug) if word)

    def hand_card(self, slug: str) -> tuple[str, str]:
        """The card and what its rank does, where its name does not say it (Dynamitt's
        rules: the rank plays, the suit never matters)."""
        role = self.effect_name(slug)
        name = self.name(slug)
        return (
            (name, "")
            if role in ("", _("no effect")) or role.lower() in name.lower()
            else (name, role)
        )

    def bomb_named(self, slug: str) -> str:
        """The bomb drawn, one name at the table, in the log and the header: ``an
        Exploding Kitten``; Dynamitt's ``a J♥ (Dynamite)``."""
        name = self.name(slug)
        return a_or_an(f"{name} ({effect_name('bomb')})" if self.ranked else name)

    def in_order(self, line: str) -> str:
        """A log line with hands in the edition's order; Dynamitt's bomb drawn named as
        the table names it (``P1 draws a J♥ (Dynamite)!``)."""
        line = super().in_order(line)
        if not self.ranked:
            return line
        bomb = effect_name("bomb")
        for slug in self.bombs():  # the drawn card's name ends the sentence, in every language
            name = self.name(slug)
            line = line.replace(f" {name}!", f" {name} ({bomb})!")
        return line

    def help_text(self, slug: str) -> str:
        """The card's field-guide text; Dynamitt's with the table of what every rank does."""
        text = super().help_text(slug)
        return f"{text}\n\n{self.legend()}" if self.ranked else text

    def legend(self) -> str:
        """Dynamitt: what every rank does (the hand shows it too); "" for the others."""
        if not self.ranked:
            return ""
        rows = [f"{self.rank_name(r):>5}  {self.effect_name(r)}" for r in self.ed.rank_slugs]
        return _("What each rank does (suits never matter):") + "\n" + "\n".join(rows)

    def name(self, slug: str) -> str:
        """A card's name, said now (Dynamitt's faces with the rulebook's letters: ``Kn♠``)."""
        return card_name(self.guide.get(slug, (slug, ""))[0])

    def rank_name(self, rank: str) -> str:
        """A rank's name, said now (Dynamitt's ``Q``, in nb ``D``; a card's name where it
        has no rank)."""
        return card_name(self.ed.rank_name(rank))

    def bomb_word(self, count: int = 1) -> str:
        """What the bombs are called: the card's name, or its effect where ranks play it."""
        if self.ranked:
            return effect_name("bomb")
        word = self.ed.names[self.ed.only("bomb")]
        return _(word) if count == 1 else many_bombs(word)

    def bombs(self) -> frozenset[str]:
        return frozenset(
            s for s, e in zip(self.ed.slugs, self.ed.effects, strict=True) if e == "bomb"
        )

    def parts(self) -> dict[str, object]:
        """The ranks (Dynamitt: what each rank does, the suit of each card)."""
        ed = self.ed
        ranks = [
            {"rank": r, "name": self.rank_name(r), "effect": self.effect_name(r)}
            for r in ed.rank_slugs
        ]
        return {
            "bomb_word": self.bomb_word(1),
            "bombs_word": self.bomb_word(2),
            "ranked": self.ranked,
            "ranks": ranks,
            "rank_of": {slug: self.rank(slug) for slug in ed.slugs},
            "effect_of": {slug: self.effects.get(slug, "") for slug in ed.slugs},
        }

    def held(self, rank: str) -> str:
        """The cards of ``rank`` in the seat's hand, by name: ``2♥``, ``2♥ or 2♠`` (the
        suit that goes down is drawn at random); the rank's name if it holds none."""
        names = [self.name(s) for s in dict.fromkeys(self.mine) if self.rank(s) == rank]
        return _(" or ").join(names) if names else self.rank_name(rank)

    def _uses(self, action: str) -> list[str]:
        """The rank words of the cards an action spends (not a rank it names)."""
        word, *rest = action.split()
        if word not in ("play", "pair", "triple", "five", "give", "defuse") or not rest:
            return []
        return [p for part in rest[0].split("+") for p in part.split("=")[:1]]

    # -- actions ---------------------------------------------------------------------------------
    def label(self, action: str) -> str:
        """``pair tacocat @2`` -> ``Play a pair of Tacocat against P2: steal a random card``.

        >>> from kaboom.games.kittens import ORIGINAL
        >>> Exploding(ORIGINAL).label("place 0")
        'Put the Exploding Kitten back on top'
        >>> Exploding(ORIGINAL).label("give defuse")
        'Give Defuse'
        """
        word, *rest = action.split()
        if word in ("play", "pair", "triple", "five"):
            return self._play_label(word, rest, action)
        if word == "draw":
            owed = int(self.obs.get("exploding", {}).get("turns_owed", 1)) if self.obs else 1
            if owed > 1:
                return _("Draw a card (ends 1 of your {n} turns)").format(n=owed)
            return _("Draw a card (ends your turn)")
        fixed = {"nope": N_("Nope it"), "pass": N_("Let it pass"), "explode": N_("Explode")}
        if word in fixed:
            return _(fixed[word])
        if word == "defuse":
            if rest:
                return _("Defuse it with {card}").format(card=self.held(rest[0]))
            return _("Defuse it")
        if word == "place":
            size = int(self.obs["piles"]["draw"]["size"]) if self.obs else None
            where = place_in_pile(int(rest[0]), size)
            return _("Put the {bomb} back {where}").format(bomb=self.bomb_word(), where=where)
        card = self.name(rest[0]) if rest else ""
        effect = self.effect_name(rest[0]) if rest else ""
        card += f" ({effect})" if effect else ""
        if word == "give":
            return _("Give {card}").format(card=card)
        if word == "take":
            return _("Take {card} from the Discard Pile").format(card=card)
        return action

    def _play_label(self, word: str, rest: list[str], action: str) -> str:
        if word == "play":
            clone, _sep, copied = rest[0].partition("=")
            on = seat_name(int(rest[1][1:]), self.viewer) if len(rest) > 1 else ""
            target = _(" on {who}").format(who=on) if on else ""
            if not self.ranked:
                return play_label(self.ed, action)
            if copied:
                return _("Play {card} (Clone) as {rank} ({effect}){target}").format(
                    card=self.held(clone),
                    rank=self.rank_name(copied),
                    effect=self.effect_name(copied),
                    target=target,
                )
            return _("Play {card} ({effect}){target}").format(
                card=self.held(clone), effect=self.effect_name(clone), target=target
            )
        if word == "five":
            cards_named = play_parts(self.ed, action).extra
            return _("Play five different: {cards}").format(cards=cards_named)
        text = play_label(self.ed, action)
        if word == "triple":
            named = rest[2]
            effect = self.effect_name(named)
            return text + (f" ({effect})" if effect else "")
        return f"{text}: {_(COMBOS[word])}"

    def group(self, action: str) -> str:
        """Five different cards (dozens of ways) and three of a kind (a card to name) are
        each one entry that opens the choice."""
        word, *rest = action.split()
        if word == "five":
            return _("Play five different cards: {does}").format(does=_(COMBOS["five"]))
        if word == "triple":
            noun = play_phrase(self.ed, " ".join([word, *rest[:2], rest[2]]))[1]
            return _("Play {play}: name a card and take it").format(play=noun)
        return ""

    def cost(self, action: str) -> float:
        """Cheapest first: drawing, then single cards, pairs, threes, five; what is given
        away, the least useful first; what is taken, the best first; a Defuse before
        exploding; the bomb back from the top down."""
        word, *rest = action.split()
        spent = sum(VALUE.get(self.effects.get(r, "cat"), 1) for r in self._uses(action))
        if word == "draw":
            return 0
        if word == "explode":
            return EXPLODE_LAST
        if self._defuses(action):
            return -1
        if word in ("play", "pair", "triple", "five"):
            return {"play": 100, "pair": 200, "triple": 300, "five": 400}[word] + spent
        if word == "give":
            return spent
        if word == "take":
            return -VALUE.get(self.effects.get(rest[0], "cat"), 1)
        if word == "defuse":
            return -1
        if word == "place":
            return int(rest[0])
        return 0

    def _defuses(self, action: str) -> bool:
        """Whether ``action`` plays a card as a Defuse (Dynamitt's 8 copying a Q or K)."""
        word, *rest = action.split()
        copied = rest[0].partition("=")[2] if word == "play" and rest else ""
        return bool(copied) and self.effects.get(copied) == "defuse"

    def risk(self, action: str) -> str:
        """A play that gives away or spends a Defuse, or exploding: never the highlighted
        default."""
        word = action.split()[0]
        if word == "explode":
            return _("out of the game")
        if word == "defuse":
            return ""
        if any(self.effects.get(r) == "defuse" for r in self._uses(action)):
            return _("gives away a Defuse") if word == "give" else _("spends a Defuse")
        return ""

    def window_text(self, window: Window) -> str:
        """The play in an open window as a noun: ``Skip``, ``2 (Attack)``, ``a pair of
        Tacocat against P2``."""
        noun = play_phrase(self.ed, str(window["play"]))[1]
        word, *rest = str(window["play"]).split()
        if word == "play" and self.ranked:
            rank, _sep, copied = rest[0].partition("=")
            on = _(" on {who}").format(who=f"P{rest[1][1:]}") if len(rest) > 1 else ""
            noun = f"{self.rank_name(rank)} ({self.effect_name(rank)})"
            if copied:
                noun += _(" as {rank} ({effect})").format(
                    rank=self.rank_name(copied), effect=self.effect_name(copied)
                )
            noun += on
        return _("a {play}").format(play=noun) if word == "pair" else noun

    def answer(self, window: Window) -> str:
        """What n does, and with which card where ranks play (``Nope it with A♥``)."""
        text = super().answer(window)
        if not self.ranked:
            return text
        ranks = [r for r in self.ed.rank_slugs if self.effects.get(r) == "nope"]
        held = [self.held(r) for r in ranks if any(self.rank(c) == r for c in self.mine)]
        return _("{answer} with {card}").format(answer=text, card=held[0]) if held else text

    # -- the table -------------------------------------------------------------------------------
    def doing(self, obs: Observation, viewer: int) -> str:
        """What is happening and what is asked of the seat at the device."""
        phase, actor, current = obs["phase"], obs["to_act"], obs["current"]
        who = seat_name(current, viewer)
        bomb = self.bomb_word()
        mine = actor == viewer
        owed = int(obs["exploding"]["turns_owed"])
        if phase == "turn":
            turns = turns_to_take(owed)
            if mine:
                return _("Your turn{turns}: play cards, then draw (d)").format(turns=turns)
            return _("{who}'s turn{turns}").format(who=who, turns=turns)
        if phase == "give":
            if mine:
                return _("{who} asked you for a Favor: choose a card to give").format(who=who)
            asked = seat_name(actor, viewer)
            return _("{who} asked {asked} for a Favor").format(who=who, asked=asked)
        if phase == "exploding":
            drawn = obs["exploding"]["drawn_bomb"]
            bomb_words = self.bomb_named(drawn) if drawn else self._a(bomb)
            you = current == viewer
            if not mine:
                said = _("You drew {bomb}!") if you else _("{who} drew {bomb}!")
                return said.format(who=who, bomb=bomb_words)
            # Dynamitt: holding a Queen or King, one must be played (docs/rulings.md §1)
            held = obs.get("hand") or []
            forced = self.ed.must_defuse and any(self.effects.get(c) == "defuse" for c in held)
            if forced:
                said = (
                    _("You drew {bomb}: you must Defuse it")
                    if you
                    else _("{who} drew {bomb}: you must Defuse it")
                )
            else:
                said = (
                    _("You drew {bomb}: Defuse it or explode")
                    if you
                    else _("{who} drew {bomb}: Defuse it or explode")
                )
            return said.format(who=who, bomb=bomb_words)
        if phase == "place":
            if mine:
                said = _("Put the {bomb} back into the Draw Pile, where you like (secret)")
                return said.format(bomb=bomb)
            said = _("{who} puts the {bomb} back into the Draw Pile, in secret")
            return said.format(who=who, bomb=bomb)
        if phase == "take":
            if mine:
                return _("Five different cards: take any card from the Discard Pile")
            return _("{who} takes a card from the Discard Pile").format(who=who)
        return super().doing(obs, viewer)

    @staticmethod
    def _a(word: str) -> str:
        return (
            _("an {card}").format(card=word)
            if word[:1] in "AEIOU"
            else _("a {card}").format(card=word)
        )

    def panel(self, obs: Observation, viewer: int) -> str:
        piles, section = obs["piles"], obs["exploding"]
        discard = piles["discard"]["cards"]
        top = discard[0] if discard else None
        bombs = int(section["bombs_in_pile"])
        lines = [
            _("Draw Pile {size} ({n} {bombs}), Discard {discarded}").format(
                size=piles["draw"]["size"],
                n=bombs,
                bombs=self.bomb_word(bombs),
                discarded=len(discard),
            ),
            _("Top of the Discard Pile: {card}").format(card=self.name(top) if top else "-"),
        ]
        out = [self.name(c) for c in section["out_of_game"]]
        hidden = int(section["out_of_game_face_down"])
        if out or hidden:
            parts = [self._counted_plural(out)] if out else []
            face_down = ngettext(
                "{n} card face down, unseen", "{n} cards face down, unseen", hidden
            ).format(n=hidden)
            parts += [face_down] if hidden else []
            lines.append(_("Out of the game: {cards}").format(cards=", ".join(parts)))
        lines += self._players(obs, viewer)
        lines += self._knowledge(obs)
        return "\n".join(lines)

    def _counted_plural(self, names: list[str]) -> str:
        """``2 Exploding Kittens, Defuse``: a name with its count where there are several."""
        seen: dict[str, int] = {}
        for n in names:
            seen[n] = seen.get(n, 0) + 1
        return ", ".join(
            n if k == 1 else f"{k} {n if self.ranked else self.many(n)}" for n, k in seen.items()
        )

    def many(self, name: str) -> str:
        """The plural of a card's name said now (the bomb's as the table names it)."""
        bomb = self.ed.names[self.ed.only("bomb")]
        return many_bombs(bomb) if name == _(bomb) else name + ("s" if self.english() else "")

    @staticmethod
    def english() -> bool:
        from kaboom.i18n import SOURCE, language

        return language() == SOURCE

    def _players(self, obs: Observation, viewer: int) -> list[str]:
        out = []
        owed = obs["exploding"]["turns_owed"]
        over = obs["phase"] == "over"
        for player in obs["players"]:
            q = player["seat"]
            mark = ">" if q == obs["current"] and not over and player["in"] else " "
            if not player["in"]:
                out.append(f"{mark} {seat_name(q, viewer):4} " + _("exploded, out"))
                continue
            won = _(" - won!") if q in obs["winners"] else ""
            more = _(", {n} turns").format(n=owed) if mark == ">" and owed > 1 else ""
            size = cards(player["hand_size"])
            out.append(f"{mark} {seat_name(q, viewer):4} {size:>8}{more}{won}")
        window = obs["window"]
        if window:
            out.append(_("On the table: {chain}").format(chain=self.chain(window, viewer)))
        drawn = obs["exploding"]["drawn_bomb"]
        if drawn:
            who, bomb = seat_name(obs["current"], viewer), self.bomb_named(drawn)
            said = _("You drew {bomb}!") if obs["current"] == viewer else _("{who} drew {bomb}!")
            out.append(said.format(who=who, bomb=bomb))
        return out

    def _knowledge(self, obs: Observation) -> list[str]:
        known = obs["known"]
        out = known_from_top(known["piles"].get("draw") or {}, self.name)
        out += known_runs(known.get("runs", {}).get("draw", []), self.name)
        for q, held in known["hands"].items():
            out.append(self.known_hand(int(q), held))
        return out

    def summary(self, obs: Observation, viewer: int) -> list[str]:
        lines = []
        for player in obs["players"]:
            q = player["seat"]
            won = q in obs["winners"]
            fate = _("won") if won else _("exploded") if not player["in"] else _("still in")
            lines.append(_("{who}: {fate}").format(who=seat_name(q, viewer), fate=fate))
        return lines
