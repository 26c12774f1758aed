"""The contract every game implements: state, actions, observations, events.

A game is a subclass of :class:`State`. Actions are integers in a fixed per-game space
(``num_distinct_actions``) with a canonical text form (``action_text`` / ``parse_action``);
chance is drawn from a seeded RNG that is part of the state, so ``seed + actions`` replays a
game exactly.
"""

from __future__ import annotations

import abc
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, Self

from mypy_extensions import mypyc_attr

from kaboom.engine.events import Event
from kaboom.i18n import _, pgettext

Observation = dict[str, Any]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, a game in Python still derives
class State(ABC):
    """A game in progress.

    The base class owns the contract's common machinery: the seat count, the options, the
    RNG, the history, the cache of legal actions, ``apply`` (verify, record, play), the
    shared parts of ``clone`` and JSON, and the ``first`` seat. A game fills in the small
    hooks below (``_setup``, ``_legal``, ``_apply``, ``_copy_to``, ``_json``, ``_load_json``,
    ``_facts``) and the rest of the abstract methods.

    Methods that take input from outside (an action id, a text, a stored state, a setup)
    refuse what is not one with ``IllegalAction`` or ``BadInput``, whatever its type: their
    parameters are ``object`` where a game checks them itself, since the compiled build
    checks every annotated type at the call (a float for an ``int`` would be a
    ``TypeError``, and ``True`` would arrive as ``1``).
    """

    game_id: ClassVar[str]
    #: Facts (``facts()``) that scenario expectations compare as unordered lists.
    UNORDERED_FACTS: ClassVar[frozenset[str]] = frozenset()
    __slots__ = ("_cached_legal", "hist", "last_events", "n", "options", "rng")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own_abc_caches(cls)

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        self.n = players
        self.options = dict(options)
        self.rng = rng
        self.hist: list[int] = []
        #: The events the last action caused (an observation shows those its seat may see).
        self.last_events: list[Event] = []
        self._cached_legal: list[int] | None = None

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[State]:
        """The class that plays a game with these options: this one, unless an option names
        a data file of the user's (Dynamitt's ``mapping``, the board game's ``board``). The
        registry, the scenario runner and ``state_from_json`` ask here before they start,
        rig or rebuild a state."""
        return cls

    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """A new game dealt from ``seed`` with checked ``options`` (see ``new_game``): the
        seat named by the ``first`` option (0 by default) goes first."""
        first = first_seat(players, options)
        s = cls(players, options, random.Random(seed))
        s._setup(first)
        return s

    @abstractmethod
    def _setup(self, first: int) -> None:
        """Deal a new game in which ``first`` goes first (the RNG is seeded already)."""

    # -- who decides -------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """How many seats the game was started with."""
        return self.n

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats (empty while the game goes on)."""

    def in_game(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game (``observe(None)``'s ``players[seat]["in"]``:
        in the exploding family, not exploded). A family answers from its own fields, where
        this builds the table's whole observation to read one flag (the RL envs ask after
        every explosion); ``tests/test_properties.py`` checks the two agree."""
        return bool(self.observe(None)["players"][seat]["in"])

    @property
    def history(self) -> list[int]:
        """Every action applied since the deal, in order."""
        return self.hist

    # -- actions -----------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed integer action space (for masks)."""

    def legal_actions(self) -> list[int]:
        """The actions the seat to act may take now, each once, in an order fixed by the
        state (not necessarily increasing)."""
        return list(self.legal_now())

    def legal_now(self) -> list[int]:
        """The legal actions as cached until the next ``apply``: the list itself, not a
        copy, for the engine's own loops (never to be changed)."""
        legal = self._cached_legal
        if legal is None:
            legal = self._cached_legal = self._legal()
        return legal

    @abstractmethod
    def _legal(self) -> list[int]:
        """The legal actions, computed (``legal_actions`` caches them until ``apply``)."""

    @abstractmethod
    def explain_illegal(self, action: int) -> tuple[str, str]:
        """``(rule, reason)`` for an action id in range that is not legal now."""

    def verify(self, action: object, seat: int | None = None) -> int:
        """Raise :class:`IllegalAction` naming the rule if ``action`` is not legal now (or,
        with ``seat``, if that seat is not the one to decide now); else return it, an
        ``int``."""
        from kaboom.engine.errors import IllegalAction

        if isinstance(action, bool) or not isinstance(action, int):
            why = _("expected an integer, got {value!r}").format(value=action)
            raise IllegalAction(_("action id"), why)
        if not 0 <= action < self.num_distinct_actions:
            why = _("expected an integer in 0..{n}").format(n=self.num_distinct_actions - 1)
            raise IllegalAction(_("action id"), why)
        if seat is not None and seat != self.to_act:
            why = _("seat {seat} has no decision to make now").format(seat=seat)
            raise IllegalAction(pgettext("rule", "turn"), why)
        if action not in self.legal_actions():
            raise IllegalAction(*self.explain_illegal(action))
        return int(action)

    def can(self, action: object) -> bool:
        """Whether ``action`` is legal now."""
        return action in self.legal_actions()

    def apply(self, action: object, seat: int | None = None) -> list[Event]:
        """Verify, then play ``action``; return the events it caused. An adapter that
        knows who sends the action passes ``seat``: an action from a seat that has no
        decision to make is refused. A refused action changes nothing."""
        legal = self.legal_now()
        if type(action) is not int or action not in legal or seat is not None:
            action = self.verify(action, seat)  # raises IllegalAction naming the rule
        self._cached_legal = None
        self.hist.append(action)
        events = self.last_events = self._apply(action)
        return events

    @abstractmethod
    def _apply(self, action: int) -> list[Event]:
        """Play a legal ``action`` (already verified and recorded)."""

    @abstractmethod
    def action_text(self, action: int) -> str:
        """The canonical text form of an action id."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action id of a text form; raises ``BadInput`` naming what was expected."""

    def apply_text(self, text: object, seat: int | None = None) -> list[Event]:
        """Parse then apply an action in text form (``BadInput`` if ``text`` is no ``str``:
        the game's ``parse_action`` checks, called through ``Any`` so that a compiled call
        does not check first)."""
        game: Any = self
        return self.apply(game.parse_action(text), seat)

    def distinct_actions(self, actions: list[int]) -> list[int]:
        """One action of each group of ``actions`` that lead to the same position, the first
        of its group (a search need not compare moves that are the same move); by default
        every action is its own group. A game may group only by what the seat to act sees."""
        return list(actions)

    # -- information -------------------------------------------------------------------------
    @abstractmethod
    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator), as JSON-able data in the
        shape of ``docs/observations.md`` (built with :func:`kaboom.engine.observation.
        observation`)."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with everything ``seat`` knows, hidden parts sampled:
        built by :meth:`sample` from the seat's observation alone, so a sample cannot
        depend on anything the seat does not know."""
        return self.sample(self.observe(seat), self.options, rng)

    @classmethod
    @abstractmethod
    def sample(cls, observation: Observation, options: dict[str, Any], rng: random.Random) -> Self:
        """A full state that ``observation`` (a seat's, from ``observe``) could have come
        from, in a game started with ``options``: every hidden part (other hands, the
        unseen order of piles, cards out of the game face down, the RNG) dealt at random
        from ``rng`` among the worlds that agree with everything the observation shows, and
        no history. It reads nothing but its arguments: bots in this process and clients
        over the network sample with it alike. ``observe(sample(o, ...), o["seat"]) == o``.
        """

    @classmethod
    def sampler(
        cls, observation: Observation, options: dict[str, Any]
    ) -> Callable[[random.Random], Self]:
        """Samples of one observation, as :meth:`sample` draws them (the same sample from
        the same ``rng``): a function of the RNG. A search samples one observation many
        times; a game may read the observation once here (by default each sample reads it
        again)."""
        return partial(cls.sample, observation, options)

    def clone(self, rng: random.Random | None = None) -> Self:
        """An independent copy, RNG included: made by the constructor (a compiled class has
        no instance without it), then ``_copy_to`` sets every field of the game's. With
        ``rng``, the copy draws its chance from that generator instead (a search that copies
        one state many times copies its generator's state once: ``copy_rng``)."""
        s = type(self)(self.n, self.options, copy_rng(self.rng) if rng is None else rng)
        s.hist, s.last_events = list(self.hist), self.last_events
        self._copy_to(s)
        return s

    @abstractmethod
    def _copy_to(self, other: Self) -> None:
        """Copy the game's own fields into ``other`` (fresh from ``clone``), sharing
        nothing mutable."""

    @abstractmethod
    def describe(self, event: Event) -> str:
        """An event in plain words."""

    def describe_all(self, events: list[Event]) -> list[str]:
        """Events in plain words, a line each, in order; a game may tell several events in
        one line where they are one thing at the table (issue 46: Draw from the Bottom and
        the draw it makes are one draw). The terminal's log, the browser's and the stories
        all tell events through this."""
        return [self.describe(e) for e in events]

    def card_count(self) -> int | None:
        """Every card (or piece) in the game, wherever it lies, where the game keeps all it
        was dealt (the conformance check then checks that none appears or vanishes);
        None (the default): the game declares no such count."""
        return None

    def render(self) -> str:
        """The table as text (a board, rows), for stories and terminals; empty if none."""
        return ""

    def opening(self) -> list[Event]:
        """What the deal showed, as events (each with its audience): a story or a log
        starts with these. Valid on a state fresh from ``new_game``."""
        return []

    # -- serialisation -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The full state, RNG included, as JSON-able data."""
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.game_id,
            "players": self.n,
            "options": dict(self.options),
            **self._json(),
            "history": list(self.hist),
            "last_events": [e.to_json() for e in self.last_events],
            "rng": [version, list(internal), gauss],
        }

    @abstractmethod
    def _json(self) -> dict[str, object]:
        """The game's own fields, as JSON-able data, by the names observations use."""

    @classmethod
    def from_json(cls, raw: object) -> Self:
        """The inverse of :meth:`to_json`; a malformed state raises ``BadInput`` naming the
        field at fault where one is (``state.FIELD``)."""
        from kaboom.engine import checks
        from kaboom.engine.datafile import MAX_SEATS
        from kaboom.engine.errors import BadInput

        if not isinstance(raw, dict):
            raise BadInput("state", _("a JSON object written by to_json"))
        if raw.get("game") != cls.game_id:
            raise BadInput(
                "state.game",
                _("{game_id!r}, got {n!r}").format(game_id=cls.game_id, n=raw.get("game")),
            )
        rng = _stored_rng(raw.get("rng"))
        players = checks.integer(raw.get("players"), 1, MAX_SEATS, "state.players")
        try:
            s = cls(players, dict(checks.table(raw.get("options"), "state.options")), rng)
            s.hist = checks.integers(
                raw.get("history"), 0, s.num_distinct_actions - 1, "state.history"
            )
            s.last_events = _stored_events(raw.get("last_events"))
            s._load_json(raw)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as err:
            raise BadInput(
                "state", _("a state written by to_json ({err!r})").format(err=err)
            ) from None
        return s

    @abstractmethod
    def _load_json(self, raw: dict[str, object]) -> None:
        """Read the game's own fields back from ``raw`` (a ``KeyError``, ``TypeError``,
        ``ValueError`` or ``IndexError`` becomes ``BadInput``)."""

    # -- scenarios ---------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def rig(cls, players: int, options: dict[str, Any], seed: int, setup: dict[str, Any]) -> Self:
        """A state with every pile laid out by hand (see docs/scenarios.md)."""

    def facts(self) -> dict[str, Any]:
        """Checkable facts about the state, by name, for scenario expectations: those every
        game has (``to_act``, ``over``, ``legal``: the legal actions' texts) and the game's
        own (``_facts``)."""
        return {
            "to_act": self.to_act,
            "over": self.is_over,
            "legal": [self.action_text(a) for a in self.legal_actions()],
            **self._facts(),
        }

    @abstractmethod
    def _facts(self) -> dict[str, Any]:
        """The game's own facts, by name (``facts`` adds those every game has)."""


def own_abc_caches(cls: type) -> None:
    """Give ``cls`` isinstance caches of its own, as ``ABCMeta`` gives every class it makes.
    mypyc makes its compiled classes without ``ABCMeta.__new__``: they would share their
    base's (``ABC``'s) caches, and a check answered for one class would answer for another
    (``isinstance(board_state, KittensState)`` true after ``isinstance(board_state, State)``).
    """
    if "_abc_impl" not in vars(cls):
        abc._abc_init(cls)  # type: ignore[attr-defined]


own_abc_caches(State)


def _stored_rng(value: object) -> random.Random:
    """The generator a stored state's ``rng`` (``[version, internal state, gauss]``) holds."""
    from kaboom.engine.errors import BadInput

    wanted = "a generator's state, [version, 625 integers, null or a number]"
    if not isinstance(value, list) or len(value) != 3 or not isinstance(value[1], list):
        raise BadInput("state.rng", wanted)
    version, internal, gauss = value
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, float | int)):
        raise BadInput("state.rng", wanted)
    try:
        return copy_rng((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise BadInput("state.rng", wanted) from None


def _stored_events(value: object) -> list[Event]:
    """The events a stored state's ``last_events`` holds (each as ``Event.to_json`` wrote)."""
    from kaboom.engine import checks
    from kaboom.engine.errors import BadInput

    events = []
    for i, event in enumerate(checks.items(value, "state.last_events")):
        try:
            events.append(Event.from_json(checks.table(event, f"state.last_events[{i}]")))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise BadInput(f"state.last_events[{i}]", _("an event written by to_json")) from None
    return events


def copy_rng(source: random.Random | tuple[object, ...]) -> random.Random:
    """A generator in the state of ``source`` (a generator, or a state from its
    ``getstate``), independent of it. Made without seeding: ``random.Random()`` would seed
    from the system's entropy first (twice), which costs more than the copy itself.

    >>> a = random.Random(7)
    >>> b = copy_rng(a)
    >>> a.random() == b.random(), b is a
    (True, False)
    """
    rng: random.Random = random.Random.__new__(random.Random)
    rng.setstate(source.getstate() if isinstance(source, random.Random) else source)
    return rng


def first_seat(players: int, options: dict[str, Any]) -> int:
    """The seat the ``first`` option names (0 when the game has no such option); a seat
    beyond the table raises ``BadOption``.

    >>> first_seat(3, {"first": 2})
    2
    >>> first_seat(2, {"first": 4})
    Traceback (most recent call last):
    ...
    kaboom.engine.errors.BadOption: option 'first': a seat in 0..1, got 4
    """
    from kaboom.engine.errors import BadOption

    first = int(options.get("first", 0))
    if not 0 <= first < players:
        why = _("a seat in 0..{last}, got {first}").format(last=players - 1, first=first)
        raise BadOption("first", why)
    return first
