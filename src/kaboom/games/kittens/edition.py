"""An edition of the exploding family as data: its cards, their effects and its setup."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from kaboom._paths import package_dir
from kaboom.engine.datafile import (
    MAX_CARDS,
    MAX_COPIES,
    GameHeader,
    field,
    known_keys,
    number,
    read_header,
    read_toml,
)
from kaboom.engine.errors import BadInput
from kaboom.engine.parsing import ascii_number
from kaboom.i18n import _, ngettext

#: Card effects the kernel implements, one function each in ``state.py``.
EFFECTS = (
    "bomb", "defuse", "nope", "attack", "skip", "favor", "shuffle", "see-the-future",
    "draw-bottom", "clone", "cat", "wild",
)  # fmt: skip
#: Effects a card may be played for on its own, on its owner's turn.
PLAYED_ALONE = frozenset({"attack", "skip", "favor", "shuffle", "see-the-future", "draw-bottom"})
#: Which titles may form Two of a Kind: any title, or only the character ("cat") cards.
PAIRS = ("any", "cat")
#: Effects that need a target seat when played alone.
TARGETED = frozenset({"favor"})

DATA_DIR = package_dir("kaboom.games.kittens")
#: The most cards a hand is dealt, and Defuses each seat gets, at the start.
MAX_HAND = 20
MAX_DEFUSES = 5
#: The Attack stacking rules (docs/rulings.md §1, "Attack arithmetic"): "2025", the 2025
#: print's (an attacked player's Attack hands on their untaken turns plus 2), or "classic",
#: the earlier prints' (an Attack always leaves the next player exactly 2 turns).
ATTACK_RULES = ("2025", "classic")
#: The fields of an ``[edition]`` table, of its ``[edition.combos]`` and of a ``[[card]]``.
EDITION_FIELDS = (
    "id", "name", "summary", "min_players", "max_players", "hand_size", "defuses_per_player",
    "spare_defuses_back", "bombs", "attack", "nope_defuse", "must_defuse", "character_cards",
    "dead_hand", "combos", "sets_by_players",
)  # fmt: skip
COMBO_FIELDS = ("pairs", "threes", "five_different")
#: (``gru_tech``: the Minions cards' symbol, for the reader; kaboom reads the counts per set.)
CARD_FIELDS = ("slug", "name", "count", "effect", "text", "gru_tech")
#: How the ``bombs`` field may count the bombs shuffled in, by the number of players.
BOMBS_BY_PLAYERS = {"players - 1": 1, "players": 0}


@dataclass(frozen=True)
class Edition:
    """The cards and setup numbers of one edition; titles are indexed in file order."""

    #: The game itself: id, name, summary, seats (the ``[edition]`` table's header fields).
    header: GameHeader
    hand_size: int
    defuses_per_player: int
    spare_defuses_back: int  # -1: all of them
    #: Bombs shuffled in: ``players - bombs_fewer_than_players``, unless ``bombs_fixed``.
    bombs_fewer_than_players: int
    slugs: tuple[str, ...]
    names: tuple[str, ...]
    counts: tuple[int, ...]  # the whole box
    effects: tuple[str, ...]
    texts: tuple[str, ...]
    pairs: str = "any"
    #: Where an exploded player's hand goes: "face-down" (out of the game) or "discard".
    dead_hand: str = "face-down"
    #: What the rulebook calls the cards that only work in pairs (effect "cat").
    character_cards: str = "Cat Cards"
    threes: bool = True
    five_different: bool = True
    #: Per card, its count in each named card set; empty when the edition has no sets.
    set_counts: tuple[tuple[tuple[str, int], ...], ...] = ()
    #: The card sets used at each player count; a count not listed uses every card.
    sets_by_players: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: Per card, its rank: cards of one rank play alike and pair with each other (Dynamitt's
    #: suits). Empty: every card is its own rank, named by its slug.
    ranks: tuple[str, ...] = ()
    #: The display name of each rank, where it differs from the rank itself.
    rank_names: tuple[tuple[str, str], ...] = ()
    #: Ranks that a Nope cannot cancel a play of (Dynamitt: face cards always apply).
    nope_proof: tuple[str, ...] = ()
    #: A fixed number of bombs whatever the player count (``bombs = 4``); -1: by players.
    bombs_fixed: int = -1
    #: The Attack stacking rule, one of ``ATTACK_RULES``.
    attack: str = "2025"
    #: House rule: a Nope may answer a Defuse (the rulebooks: never, docs/rulings.md §1).
    nope_defuse: bool = False
    #: A drawer who holds a Defuse card must play one: ``explode`` is legal only without
    #: (Dynamitt, "2. Trekke kort"; docs/rulings.md §1, "Exploding without a Defuse").
    #: False (Original, Minions): exploding is always a choice.
    must_defuse: bool = False

    def bombs_for(self, players: int) -> int:
        """The bombs shuffled into the Draw Pile for ``players`` ("1 fewer than the number
        of players", or the file's fixed number).

        >>> from kaboom.games.kittens import ORIGINAL
        >>> ORIGINAL.bombs_for(4)
        3
        """
        if self.bombs_fixed >= 0:
            return self.bombs_fixed
        return players - self.bombs_fewer_than_players

    @property
    def id(self) -> str:
        return self.header.id

    @property
    def name(self) -> str:
        return self.header.name

    @property
    def summary(self) -> str:
        return self.header.summary

    @property
    def min_players(self) -> int:
        return self.header.min_players

    @property
    def max_players(self) -> int:
        return self.header.max_players

    @property
    def titles(self) -> int:
        return len(self.slugs)

    def title_of(self, slug: str) -> int:
        try:
            return self.slugs.index(slug)
        except ValueError:
            raise BadInput(
                "card",
                _("one of {known}; got {slug}").format(
                    known=", ".join(self.slugs), slug=repr(slug)
                ),
            ) from None

    def only(self, effect: str) -> int:
        """The title index of the first card with ``effect`` (bomb, defuse, nope)."""
        return self.effects.index(effect)

    def rank_of(self, title: int) -> str:
        return self.ranks[title] if self.ranks else self.slugs[title]

    @property
    def rank_slugs(self) -> tuple[str, ...]:
        """Every rank, in order of first appearance."""
        return tuple(dict.fromkeys(self.rank_of(t) for t in range(self.titles)))

    def rank_name(self, rank: str) -> str:
        names = dict(self.rank_names)
        if rank in names:
            return names[rank]
        return self.names[self.slugs.index(rank)] if rank in self.slugs else rank

    @property
    def deck_size(self) -> int:
        return sum(self.counts)

    def deck_counts(self, players: int) -> list[int]:
        """How many of each title the box holds for ``players`` (card sets by player count);
        a card counted by one number (not per set) is in every set.

        >>> from kaboom.games.kittens import ORIGINAL
        >>> sum(ORIGINAL.deck_counts(4))
        56
        """
        sets = dict(self.sets_by_players).get(players)
        if sets is None:
            return list(self.counts)
        return [
            sum(n for name, n in per_set if name in sets) if per_set else total
            for per_set, total in zip(self.set_counts, self.counts, strict=True)
        ]


def parse_edition(raw: dict[str, Any], source: str = "edition") -> Edition:
    """Validate an edition table (as read from TOML); errors name the field at fault."""
    head = raw.get("edition")
    if not isinstance(head, dict):
        raise BadInput(f"{source}: [edition]", _("a table with id, name and setup numbers"))
    cards = raw.get("card")
    if not isinstance(cards, list) or not cards:
        raise BadInput(f"{source}: [[card]]", _("at least one card table"))
    slugs: list[str] = []
    names: list[str] = []
    counts: list[int] = []
    effects: list[str] = []
    texts: list[str] = []
    set_counts: list[tuple[tuple[str, int], ...]] = []
    known_keys(head, EDITION_FIELDS, f"{source}: edition")
    for i, card in enumerate(cards):
        where = f"{source}: card[{i}]"
        if isinstance(card, dict):
            known_keys(card, CARD_FIELDS, where)
        slug = field(card, "slug", str, where)
        if slug in slugs:
            raise BadInput(
                f"{where}.slug", _("a unique slug; {slug} appears twice").format(slug=repr(slug))
            )
        effect = field(card, "effect", str, where)
        if effect not in EFFECTS:
            raise BadInput(
                f"{where}.effect",
                _("one of {known}; got {slug}").format(known=", ".join(EFFECTS), slug=repr(effect)),
            )
        count, per_set = _count(card, where)
        slugs.append(slug)
        set_counts.append(per_set)
        names.append(field(card, "name", str, where))
        counts.append(count)
        effects.append(effect)
        texts.append(_text(card, where))
    check_effects(effects, slugs, [], source)
    where = f"{source}: edition"
    combos = combos_of(head, where)
    by_players = _sets_by_players(head.get("sets_by_players", {}), where)
    known_sets = {name for per_set in set_counts for name, _count_ in per_set}
    for players, sets in by_players:
        for name in sets:
            if name not in known_sets:
                raise BadInput(
                    f"{where}.sets_by_players.{players}",
                    _("card sets named in the cards ({known}); got {name}").format(
                        known=", ".join(sorted(known_sets)), name=repr(name)
                    ),
                )
    numbers = setup_numbers(head, where)
    cards = Cards(slugs, names, counts, effects, texts)
    return edition_of(
        head,
        where,
        read_header(head, where),
        numbers,
        combos,
        cards,
        set_counts=tuple(set_counts) if known_sets else (),
        sets_by_players=by_players,
    )


class Cards(NamedTuple):
    """An edition's titles in file order, a column a field (``Edition.slugs`` and so on)."""

    slugs: list[str]
    names: list[str]
    counts: list[int]
    effects: list[str]
    texts: list[str]


def edition_of(
    head: dict[str, Any],
    where: str,
    header: GameHeader,
    numbers: SetupNumbers,
    combos: Combos,
    cards: Cards,
    *,
    set_counts: tuple[tuple[tuple[str, int], ...], ...],
    sets_by_players: tuple[tuple[int, tuple[str, ...]], ...],
    dead_hand: str = "face-down",
    ranks: tuple[str, ...] = (),
    rank_names: tuple[tuple[str, str], ...] = (),
    nope_proof: tuple[str, ...] = (),
) -> Edition:
    """The edition an ``[edition]`` table (``head``: its header, setup numbers and combos
    already read) and its cards make, once ``check_deal`` has dealt every player count it
    declares; ``dead_hand`` is where an exploded player's hand goes when the table does not
    say. Every edition file (``parse_edition``) and Dynamitt's deck (``build_edition``) is
    put together here."""
    edition = Edition(
        header=header,
        hand_size=numbers.hand_size,
        defuses_per_player=numbers.defuses_per_player,
        spare_defuses_back=numbers.spare_defuses_back,
        bombs_fewer_than_players=numbers.bombs_fewer_than_players,
        bombs_fixed=numbers.bombs_fixed,
        attack=numbers.attack,
        nope_defuse=numbers.nope_defuse,
        must_defuse=numbers.must_defuse,
        slugs=tuple(cards.slugs),
        names=tuple(cards.names),
        counts=tuple(cards.counts),
        effects=tuple(cards.effects),
        texts=tuple(cards.texts),
        set_counts=set_counts,
        ranks=ranks,
        pairs=combos.pairs,
        threes=combos.threes,
        five_different=combos.five_different,
        character_cards=character_cards_of(head, where),
        dead_hand=dead_hand_of(head.get("dead_hand", dead_hand), where),
        sets_by_players=sets_by_players,
        rank_names=rank_names,
        nope_proof=nope_proof,
    )
    check_deal(edition, where)
    return edition


class Combos(NamedTuple):
    """The ``[edition.combos]`` table: which combos the edition plays."""

    pairs: str
    threes: bool
    five_different: bool


def combos_of(head: dict[str, Any], where: str) -> Combos:
    combos = head.get("combos", {})
    if not isinstance(combos, dict):
        raise BadInput(f"{where}.combos", _("a table with pairs, threes and five_different"))
    known_keys(combos, COMBO_FIELDS, f"{where}.combos")
    pairs = combos.get("pairs", "any")
    if pairs not in PAIRS:
        raise BadInput(
            f"{where}.combos.pairs",
            _("one of {known}; got {slug}").format(known=", ".join(PAIRS), slug=repr(pairs)),
        )
    return Combos(
        str(pairs),
        _flag(combos, "threes", True, f"{where}.combos"),
        _flag(combos, "five_different", True, f"{where}.combos"),
    )


class SetupNumbers(NamedTuple):
    """The numbers of an ``[edition]`` table that deal a game, and its Attack rule."""

    hand_size: int
    defuses_per_player: int
    spare_defuses_back: int
    bombs_fewer_than_players: int
    bombs_fixed: int
    attack: str
    nope_defuse: bool
    must_defuse: bool


def setup_numbers(head: dict[str, Any], where: str) -> SetupNumbers:
    """The setup numbers of an ``[edition]`` table, each within its bound: hand size,
    Defuses per player, spare Defuses back (``"all"``: -1), bombs (``"players - 1"``,
    ``"players"`` or a number: a game needs a bomb for every seat but the winner, or it
    could not end; ``check_deal`` checks a number against every player count), and the
    Attack stacking rule (``attack``, "2025" unless given) and whether a Nope may answer a
    Defuse (``nope_defuse``, false unless given), and whether a drawer holding a Defuse must
    play one (``must_defuse``, false unless given)."""
    spare = head.get("spare_defuses_back")
    if spare == "all":
        spare = -1
    elif isinstance(spare, bool) or not isinstance(spare, int) or not 0 <= spare <= MAX_COPIES:
        raise BadInput(
            f"{where}.spare_defuses_back",
            _('a count in 0..{most} or "all", got {value}').format(
                most=MAX_COPIES, value=repr(spare)
            ),
        )
    fewer, fixed = bombs_of(head, where)
    return SetupNumbers(
        hand_size=number(head, "hand_size", where, 0, MAX_HAND),
        defuses_per_player=number(head, "defuses_per_player", where, 0, MAX_DEFUSES),
        spare_defuses_back=spare,
        bombs_fewer_than_players=fewer,
        bombs_fixed=fixed,
        attack=attack_rule(head.get("attack", "2025"), f"{where}.attack"),
        nope_defuse=_flag(head, "nope_defuse", False, where),
        must_defuse=_flag(head, "must_defuse", False, where),
    )


def bombs_of(head: dict[str, Any], where: str) -> tuple[int, int]:
    """The ``bombs`` field as (fewer than players, fixed number or -1)."""
    bombs = head.get("bombs")
    spelled = " ".join(bombs.replace("-", " - ").split()) if isinstance(bombs, str) else ""
    if spelled in BOMBS_BY_PLAYERS:
        return BOMBS_BY_PLAYERS[spelled], -1
    if isinstance(bombs, int) and not isinstance(bombs, bool) and 1 <= bombs <= MAX_COPIES:
        return 0, bombs
    raise BadInput(
        f"{where}.bombs",
        _('"players - 1", "players" or a number in 1..{most}, got {value}').format(
            most=MAX_COPIES, value=repr(bombs)
        ),
    )


def attack_rule(value: Any, where: str) -> str:
    """An Attack stacking rule, one of ``ATTACK_RULES``; else ``BadInput`` naming ``where``.

    >>> attack_rule("classic", "f.attack")
    'classic'
    >>> attack_rule("2015", "f.attack")
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadInput: f.attack: "2025" or "classic", got '2015'
    """
    if value not in ATTACK_RULES:
        raise BadInput(where, _('"2025" or "classic", got {value}').format(value=repr(value)))
    return str(value)


def check_deal(edition: Edition, where: str) -> None:
    """Every player count the edition declares can be dealt (Defuses, hands, bombs, a
    wild card left out by option included) from at most ``MAX_CARDS`` cards."""
    ed = edition
    for players in range(ed.min_players, ed.max_players + 1):
        counts = ed.deck_counts(players)
        by_effect = {e: sum(c for c, f in zip(counts, ed.effects, strict=True) if f == e)
                     for e in EFFECTS}  # fmt: skip
        others = sum(counts) - by_effect["bomb"] - by_effect["defuse"] - by_effect["wild"]
        bombs, defuses = ed.bombs_for(players), players * ed.defuses_per_player
        needs = [
            ("cards", sum(counts) <= MAX_CARDS,
             _("at most {n} cards in all").format(n=MAX_CARDS)),
            ("bombs", by_effect["bomb"] >= bombs,
             ngettext("{n} bomb cards", "{n} bomb cards", bombs).format(n=bombs)),
            ("bombs", bombs >= players - 1,
             _("at least {n} bombs, one for every player but the winner").format(n=players - 1)),
            ("defuses", by_effect["defuse"] >= defuses,
             ngettext("{n} defuse cards", "{n} defuse cards", defuses).format(n=defuses)),
            ("hand_size", others >= players * ed.hand_size,
             _("{n} other cards to deal hands of {size}").format(
                 n=players * ed.hand_size, size=ed.hand_size)),
        ]  # fmt: skip
        for name, ok, expected in needs:
            if not ok:
                raise BadInput(f"{where}: {players} players", f"{expected} ({name})")


def _text(card: dict[str, Any], where: str) -> str:
    text = card.get("text", "")
    if not isinstance(text, str):
        raise BadInput(f"{where}.text", _("a str, got {value}").format(value=repr(text)))
    return text


def character_cards_of(head: dict[str, Any], where: str) -> str:
    name = head.get("character_cards", "Cat Cards")
    if not isinstance(name, str):
        raise BadInput(f"{where}.character_cards", _("a str, got {value}").format(value=repr(name)))
    return name


def check_effects(effects: list[str], slugs: list[str], ranks: list[str], source: str) -> None:
    """One rank is the bomb, one the Nope, at least one the Defuse; a rank has one effect."""
    by_rank: dict[str, str] = {}
    for i, effect in enumerate(effects):
        rank = ranks[i] if ranks else slugs[i]
        if by_rank.setdefault(rank, effect) != effect:
            raise BadInput(
                f"{source}: rank {rank!r}",
                _("one effect, got {first} and {second}").format(
                    first=repr(by_rank[rank]), second=repr(effect)
                ),
            )
    found = list(by_rank.values())
    for needed in ("bomb", "nope"):
        if found.count(needed) != 1:
            raise BadInput(
                f"{source}: cards",
                _("exactly one card (rank) with effect {effect}").format(effect=repr(needed)),
            )
    for single in ("clone", "wild"):
        if found.count(single) > 1:
            raise BadInput(
                f"{source}: cards",
                _("at most one card (rank) with effect {effect}").format(effect=repr(single)),
            )
    if "defuse" not in found:
        raise BadInput(f"{source}: cards", _("at least one card (rank) with effect 'defuse'"))


def dead_hand_of(value: Any, where: str) -> str:
    if value not in ("face-down", "discard"):
        raise BadInput(
            f"{where}.dead_hand",
            _('"face-down" or "discard", got {value}').format(value=repr(value)),
        )
    return str(value)


def _flag(table: dict[str, Any], key: str, default: bool, where: str) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise BadInput(f"{where}.{key}", _("true or false, got {value}").format(value=repr(value)))
    return value


def _count(card: dict[str, Any], where: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    """A card's count: a number, or a table of counts per card set (``{gru = 3, plain = 4}``)."""
    raw = card.get("count")
    if isinstance(raw, dict):
        per_set = []
        for name, n in raw.items():
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_COPIES:
                raise BadInput(
                    f"{where}.count.{name}",
                    _("a count in 0..{most}, got {value}").format(most=MAX_COPIES, value=repr(n)),
                )
            per_set.append((name, n))
        return sum(n for _set, n in per_set), tuple(per_set)
    return number(card, "count", where, 0, MAX_COPIES), ()


def _sets_by_players(raw: Any, where: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    if not isinstance(raw, dict):
        raise BadInput(
            f"{where}.sets_by_players",
            _("a table like {example}").format(example='{ 2 = ["gru"] }'),
        )
    out = []
    for key, sets in raw.items():
        if ascii_number(str(key)) is None:
            raise BadInput(f"{where}.sets_by_players.{key}", _("a player count"))
        if not isinstance(sets, list) or not all(isinstance(x, str) for x in sets):
            raise BadInput(f"{where}.sets_by_players.{key}", _("a list of card set names"))
        out.append((int(key), tuple(sets)))
    return tuple(sorted(out))


def load_edition(path: Path) -> Edition:
    """Read and validate an edition file."""
    return parse_edition(read_toml(path), path.name)
