"""Property tests over random seeded playouts of every game and option set.

The suite is one list of configurations, :data:`CONFIGS`; a new game (or a new option) is
covered by appending to it. Each property runs a number of Hypothesis-drawn seeds per
configuration; a playout chooses uniformly from ``state.legal_actions()`` with
``random.Random(seed)``.

The number of examples is scaled by the Hypothesis profile (``tests/scale.py``: ``full``, the
default, runs the counts written here; ``--hypothesis-profile=fast``, ``make check``, a
tenth) and by the environment variable ``KABOOM_PROPERTY_SCALE`` (default 1). Seeds are
drawn deterministically so that the suite is repeatable; set ``KABOOM_PROPERTY_RANDOM=1`` to
draw fresh seeds on every run.

A few checks read the exploding-family kernel's internals (:class:`KittensState`); they run
for every configuration whose state is one (exploding-minions and dynamitt will be too).
"""

from __future__ import annotations

import json
import math
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kaboom.engine import Event, IllegalAction, State, new_game
from kaboom.engine.registry import get_game, state_from_json
from kaboom.games.kittens.state import EXPLODING, GIVING, REACT, KittensState
from scale import scaled


@dataclass(frozen=True)
class Config:
    """One game set-up the properties run over."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    def start(self, seed: int) -> State:
        return new_game(self.game, self.players, seed, **self.options)

    def __str__(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "default"
        return f"{self.game}-{self.players}p-{opts}"


def _kittens_configs(game: str, players: range, options: list[dict[str, Any]]) -> list[Config]:
    return [Config(game, n, dict(o)) for n in players for o in options]


#: Every configuration the property suite runs. Append later games here, e.g.
#: ``_kittens_configs("exploding-minions", range(2, 7), [{}, ...])``.
CONFIGS: list[Config] = [
    *_kittens_configs(
        "exploding-kittens", range(2, 6), [{}, {"fast": True}, {"five_different": True}]
    ),
    *_kittens_configs("exploding-minions", range(2, 6), [{}]),
    # Dynamitt: one deck (2-5 players) and two decks (6-9), jokers in and out.
    Config("dynamitt", 3),
    Config("dynamitt", 5, {"jokers": False}),
    Config("dynamitt", 7),
    Config("dynamitt", 9, {"jokers": False}),
    # Eleminis: alone and in teams, a single game and a match.
    Config("eleminis", 2),
    Config("eleminis", 4, {"teams": 2}),
    Config("eleminis", 6, {"teams": 3, "match": True, "target": 200}),
    Config("eleminis", 8, {"match": True, "target": 150}),
    # The board game, few players to many.
    Config("kittens-board-game", 2),
    Config("kittens-board-game", 4),
    Config("kittens-board-game", 6),
]

#: The distinct (game, players) pairs, for properties of the action space alone.
TABLES: list[Config] = list(
    {(c.game, c.players): Config(c.game, c.players) for c in CONFIGS}.values()
)

SCALE = float(os.environ.get("KABOOM_PROPERTY_SCALE", "1"))
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
#: No random playout of any configuration may take longer than this.
MAX_STEPS = 20_000
#: Steps of a game (besides the deal) from which the JSON round trip plays a restored copy
#: and a clone to the end.
CONTINUED = 6
#: Samples of a game that the determinisation property plays to the end, at most.
PLAYED = 10
#: Seats the determinisation and hidden-events properties check at a step after the deal:
#: the seat to act and others drawn at random (every seat at the deal; at 9 players a step
#: costs no more than at 4).
SEATS_A_STEP = 4


def examples(n: int) -> settings:
    """Hypothesis settings for ``n`` seeds per configuration (scaled by the profile and by
    ``KABOOM_PROPERTY_SCALE``)."""
    return settings(
        max_examples=scaled(n, SCALE),
        deadline=None,
        derandomize=not os.environ.get("KABOOM_PROPERTY_RANDOM"),
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
        # A seed has no smaller "simpler" form worth searching for: report the first failure.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )


#: The longest games (Dynamitt's two decks, the board game at six): seconds an example, so
#: ``slow`` (``make test`` runs them; ``make check`` runs every property on the others).
LONG = frozenset(
    {"dynamitt-7p-default", "dynamitt-9p-jokers=False", "kittens-board-game-6p-default"}
)


#: Of the seeds Hypothesis draws for a long game, the share that is played (``is_played``): each
#: covers the steps of several short games, so fewer keep ``make test`` within CI's time.
LONG_SHARE = (2, 5)


def is_played(config: Config, seed: int) -> bool:
    """Whether this example plays its game: always, but for a long game (``LONG``) two seeds
    in five (the others pass at once)."""
    kept, out_of = LONG_SHARE
    return str(config) not in LONG or seed % out_of < kept


def params(configs: list[Config]) -> list[Any]:
    return [
        pytest.param(c, id=str(c), marks=[pytest.mark.slow] if str(c) in LONG else [])
        for c in configs
    ]


configs = pytest.mark.parametrize("config", params(CONFIGS))
#: The configurations of the exploding family, whose observations have a hand and a pile.
kittens_configs = pytest.mark.parametrize(
    "config",
    params([c for c in CONFIGS if issubclass(get_game(c.game).state_class, KittensState)]),
)


# -- helpers ---------------------------------------------------------------------------------
def random_action(state: State, rng: random.Random) -> int:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def playout(state: State, rng: random.Random) -> Iterator[int]:
    """Play ``state`` to the end with uniform random actions; before each action is applied,
    yield it (so the caller sees the state it is about to be applied to)."""
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        action = random_action(state, rng)
        yield action
        state.apply(action)
    raise AssertionError(f"game did not end within {MAX_STEPS} random actions")


def finish(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Play ``state`` to the end; return every event as JSON."""
    log: list[dict[str, Any]] = []
    for _ in range(MAX_STEPS):
        if state.is_over:
            return log
        log += [e.to_json() for e in state.apply(random_action(state, rng))]
    raise AssertionError(f"game did not end within {MAX_STEPS} random actions")


def cards_in_play(state: State) -> int:
    """Every card of the game, wherever it lies: the game's ``card_count()`` if it has one,
    else its ``cards_in_play`` fact."""
    count: Callable[[], int] | None = getattr(state, "card_count", None)
    if count is not None:
        return int(count())
    return int(state.facts()["cards_in_play"])


def title_counts(state: KittensState) -> list[int]:
    """Cards by title (a count per title), everywhere: hands, piles, out of the game, a drawn
    Kitten in limbo. (Per title columns and one ``Counter`` of the piles: this runs at every
    step of every sample.)"""
    total = [sum(column) for column in zip(*state.hands, strict=True)]
    piles = chain(state.pile, state.discard, state.out_of_game_face_down, state.out_of_game)
    for t, k in Counter(piles).items():
        total[t] += k
    if state.drawn_bomb >= 0:  # a drawn bomb, not yet defused and put back
        total[state.drawn_bomb] += 1
    return total


def kittens_problems(state: KittensState) -> list[str]:
    """What makes ``state`` one that no real game can reach: impossible hands, or a seat
    asked for something its hand cannot give."""
    problems: list[str] = []
    if title_counts(state) != edition_counts(state):
        problems.append("cards by title are not the edition's")
    if min(map(min, state.hands)) < 0:
        problems.append(f"a negative card count in a hand: {state.hands}")
    if state.sizes != [sum(hand) for hand in state.hands]:
        problems.append(f"hand sizes {state.sizes} do not match the hands")
    if state.is_over:
        return problems
    actor = state.actor
    if not state.alive[actor]:
        problems.append(f"seat {actor} is out but asked to act")
    if state.phase == EXPLODING:  # every drawer decides: defuse if it can, explode unless
        # the edition forces a Defuse card held (Dynamitt, docs/rulings.md §1)
        texts = [state.action_text(a) for a in state.legal_actions()]
        forced = state.edition.must_defuse and holds(state, actor, "defuse")
        if (texts[-1:] == ["explode"]) == forced:
            problems.append(f"seat {actor} drew a bomb, a Defuse forced {forced}: {texts}")
        if (len(texts) > (0 if forced else 1)) != holds_or_clones(state, actor, "defuse"):
            problems.append(f"seat {actor} is offered {texts}, Defuse or not")
    if state.phase == REACT and (state.window is None or state.window.asked[:1] != [actor]):
        problems.append(f"seat {actor} is asked out of the window's order")
    if state.phase == GIVING and not state.sizes[actor]:
        problems.append(f"seat {actor} is asked for a Favor but holds no card")
    return problems


def holds(state: KittensState, seat: int, effect: str) -> bool:
    """Holds a card with ``effect`` itself."""
    ed, hand = state.edition, state.hands[seat]
    return any(hand[t] for t in range(ed.titles) if ed.effects[t] == effect)


def holds_or_clones(state: KittensState, seat: int, effect: str) -> bool:
    """Holds a card with ``effect``, or a Clone while such a card tops the Discard Pile."""
    ed, hand = state.edition, state.hands[seat]
    if holds(state, seat, effect):
        return True
    clones = [t for t in range(ed.titles) if ed.effects[t] == "clone"]
    top = ed.effects[state.discard[-1]] if state.discard else ""
    return any(hand[t] for t in clones) and top == effect


def held(state: KittensState, seat: int) -> Counter[str]:
    """The cards ``seat`` holds, by slug."""
    slugs = state.edition.slugs
    return Counter({slugs[t]: k for t, k in enumerate(state.hands[seat]) if k})


#: ``deck_counts`` by (state class, players, options): the box of a game never changes.
_BOXES: dict[tuple[type[State], int, str], list[int]] = {}


def edition_counts(state: KittensState) -> list[int]:
    """The box for this player count, a count per title (Exploding Minions uses card sets by
    player count)."""
    key = (type(state), state.players, repr(sorted(state.options.items())))
    counts = _BOXES.get(key)
    if counts is None:
        counts = _BOXES[key] = list(type(state).deck_counts(state.players, state.options))
    return counts


def hidden_part(state: State) -> dict[str, Any]:
    """The full state less its RNG (which a determinisation always reseeds)."""
    raw = state.to_json()
    raw.pop("rng", None)
    return raw


def determinize(state: State, seat: int, k: int, where: str) -> State:
    """``state.determinize(seat, random.Random(k))``; a crash names the step, seat and k."""
    try:
        return state.determinize(seat, random.Random(k))
    except Exception as err:  # any crash is a finding: say how to reproduce it
        raise AssertionError(f"{where}: determinize(seat, Random({k})) raised {err!r}") from err


def obs_key(state: State, seat: int | None) -> str:
    return json.dumps(state.observe(seat), sort_keys=True)


# -- (1) conservation and (2) who acts -------------------------------------------------------
@configs
@examples(150)
@given(seed=SEEDS)
def test_cards_are_conserved_and_someone_can_always_act(config: Config, seed: int) -> None:
    state = config.start(seed)
    total = cards_in_play(state)
    rng = random.Random(seed)
    for step in range(MAX_STEPS + 1):
        assert cards_in_play(state) == total, f"step {step}: card count changed"
        if isinstance(state, KittensState):
            assert not kittens_problems(state), f"step {step}: {kittens_problems(state)}"
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None and 0 <= seat < state.players
        legal = state.legal_actions()
        assert legal, f"step {step}: no legal action for seat {seat}"
        assert state.winners == [], f"step {step}: winners before the game is over"
        assert all(0 <= a < state.num_distinct_actions for a in legal)
        assert len(set(legal)) == len(legal), f"step {step}: duplicate legal actions"
        state.apply(legal[rng.randrange(len(legal))])
    else:
        pytest.fail(f"game did not end within {MAX_STEPS} random actions")
    assert state.to_act is None and state.is_over
    assert state.winners, "no winner at the end"
    assert all(0 <= w < state.players for w in state.winners)
    assert state.legal_actions() == []
    if isinstance(state, KittensState):
        assert len(state.winners) == 1, f"winners at the end: {state.winners}"
        assert state.alive[state.winners[0]] and sum(state.alive) == 1


# -- (3) replay ------------------------------------------------------------------------------
@configs
@examples(80)
@given(seed=SEEDS)
def test_seed_and_history_replay_every_event(config: Config, seed: int) -> None:
    state = config.start(seed)
    rng = random.Random(seed)
    played: list[int] = []
    log: list[dict[str, Any]] = []
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        action = random_action(state, rng)
        played.append(action)
        events = state.apply(action)
        for e in events:
            raw = json.loads(json.dumps(e.to_json()))
            assert Event.from_json(raw) == e, "an event does not survive JSON"
        log += [e.to_json() for e in events]
    assert state.is_over
    assert state.history == played
    again = config.start(seed)
    relog: list[dict[str, Any]] = []
    for action in state.history:
        relog += [e.to_json() for e in again.apply(action)]
    assert relog == log
    assert again.to_json() == state.to_json()


# -- (4) JSON round trip -------------------------------------------------------------------
@configs
@examples(60)
@given(seed=SEEDS)
def test_json_round_trip_is_exact_and_continues_identically(config: Config, seed: int) -> None:
    """A state survives JSON exactly, and a restored state or a clone plays on as the
    original would. The contract of ``legal_actions()`` too: each legal id once, in an order
    fixed by the state (so a clone or a JSON round trip lists them identically)."""
    if not is_played(config, seed):
        return
    state = config.start(seed)
    rng = random.Random(seed)
    picker = random.Random(~seed)
    # where a restored copy and a clone are played to the end: the deal and CONTINUED other
    # steps spread over the whole game (a fixed number: a long game costs no more per step)
    length = sum(1 for _ in playout(config.start(seed), random.Random(seed)))
    continued = {0, *picker.sample(range(length), min(CONTINUED, length))}
    for step, _ in enumerate(playout(state, rng)):
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), f"step {step}: repeated ids {legal}"
        assert state.clone().legal_actions() == legal, f"step {step}: clone differs"
        raw = state.to_json()
        restored = state_from_json(through_text(raw, whole=step in continued))
        assert type(restored) is type(state)
        assert restored.to_json() == raw, f"step {step}: JSON round trip is not exact"
        assert restored.legal_actions() == legal, f"step {step}: JSON round trip differs"
        if step in continued:
            twin = state.clone()
            assert twin.to_json() == raw
            go = picker.getrandbits(32)
            log = finish(restored, random.Random(go))
            assert finish(twin, random.Random(go)) == log, f"step {step}: clone diverged"
            assert twin.to_json() == restored.to_json(), f"step {step}: restored state diverged"
            assert state.to_json() == raw, f"step {step}: playing a copy changed the original"
    raw = state.to_json()
    assert state_from_json(json.loads(json.dumps(raw))).to_json() == raw


def through_text(raw: dict[str, Any], whole: bool) -> dict[str, Any]:
    """A state's JSON written as text and read back: whole where ``whole``, else all but
    its RNG (the same 625 numbers in the same shape at every step: most of the text, whose
    writing and reading were most of the property's time), which is passed on as it is."""
    if whole:
        return dict(json.loads(json.dumps(raw)))
    back: dict[str, Any] = json.loads(json.dumps({k: v for k, v in raw.items() if k != "rng"}))
    back["rng"] = raw["rng"]  # (every state's JSON holds it: State.to_json)
    return back


def seats_sampled(state: State, step: int, picker: random.Random) -> list[int]:
    """Every seat at the deal; later the seat to act and others at random, SEATS_A_STEP in
    all, in seat order."""
    seats = list(range(state.players))
    if step == 0 or len(seats) <= SEATS_A_STEP:
        return seats
    first = [] if state.to_act is None else [state.to_act]
    others = [q for q in seats if q not in first]
    return sorted(first + picker.sample(others, SEATS_A_STEP - len(first)))


# -- (5) determinisation is consistent with the observation; (9) its RNG -----------------------
@configs
@examples(25)
@given(seed=SEEDS)
def test_determinize_keeps_the_observation(config: Config, seed: int) -> None:
    """A sample for a seat looks the same to it as the real state. (6) Two samples for a
    seat look the same to it, though their hidden parts differ: at the deal (other hands are
    hidden) always, and often later (compared at every other step)."""
    if not is_played(config, seed):
        return
    state = config.start(seed)
    picker = random.Random(seed ^ 0x5EED)
    differ = compared = 0
    for step, _ in enumerate(playout(state, random.Random(seed))):
        # (the real state's facts, once a step: every seat's samples are checked against them)
        total = cards_in_play(state)
        titles = title_counts(state) if isinstance(state, KittensState) else None
        real_rng = state.to_json()["rng"] if picker.random() < 0.3 else None
        for seat in seats_sampled(state, step, picker):
            where = f"step {step} seat {seat}"
            obs = state.observe(seat)
            assert json.loads(json.dumps(obs)) == obs, f"{where}: observation is not plain JSON"
            k = picker.getrandbits(64)
            d = determinize(state, seat, k, where)
            assert d.observe(seat) == obs, f"{where}: determinize changed observe(seat)"
            if step % 2 == 0:
                other = determinize(state, seat, picker.getrandbits(64), where)
                assert other.observe(seat) == obs, f"{where}: a second sample looks different"
                compared += 1
                if hidden_part(other) != hidden_part(d):
                    differ += 1
                elif step == 0:
                    pytest.fail(f"seat {seat}: two samples of the deal are identical")
            assert cards_in_play(d) == total, f"{where}: determinize changed the card count"
            if isinstance(d, KittensState):
                assert isinstance(state, KittensState)
                assert title_counts(d) == titles, where
                assert d.sizes == state.sizes == [sum(h) for h in d.hands], where
                assert d.hands[seat] == state.hands[seat], where
            assert d.to_act == state.to_act or obs["to_act"] is None, where
            if state.to_act == seat:
                assert d.to_act == seat, where
                assert d.legal_actions() == state.legal_actions(), where
            if real_rng is not None:
                # (9) the same rng seed gives the same sample; the hidden RNG is reseeded
                raw = d.to_json()
                again = determinize(state, seat, k, where)
                assert again.to_json() == raw, f"{where}: same rng, different sample"
                assert raw.get("rng") != real_rng, f"{where}: the real RNG leaked"
                assert state.observe(seat) == obs, f"{where}: determinize changed the state"
    assert differ * 4 >= compared, f"only {differ} of {compared} sample pairs differ"


@configs
@examples(25)
@given(seed=SEEDS)
def test_determinized_states_are_states_a_real_game_can_reach(config: Config, seed: int) -> None:
    """A sample is a game in its own right (ISMCTS plays it on): its hands are possible, the
    seat it asks can do what it is asked, and it plays out to one winner, conserving cards."""
    if not is_played(config, seed):
        return
    state = config.start(seed)
    picker = random.Random(seed ^ 0x9A3E)
    # a sample at every third step for every seat; a tenth of them (at most PLAYED, spread
    # over the whole game: a long game costs no more per step) played to the end
    length = sum(1 for _ in playout(config.start(seed), random.Random(seed)))
    looked = [(step, seat) for step in range(0, length, 3) for seat in range(state.players)]
    played = set(picker.sample(looked, min(PLAYED, math.ceil(len(looked) / 10))))
    for step, _ in enumerate(playout(state, random.Random(seed))):
        if step % 3:
            continue
        total = cards_in_play(state)
        for seat in range(state.players):
            where = f"step {step} seat {seat}"
            k = picker.getrandbits(64)
            d = determinize(state, seat, k, where)
            if isinstance(d, KittensState):
                assert not kittens_problems(d), f"{where} rng {k}: {kittens_problems(d)}"
            if (step, seat) in played:
                for _ in playout(d, random.Random(k)):
                    assert cards_in_play(d) == total, f"{where} rng {k}: sample lost cards"
                    if isinstance(d, KittensState):
                        assert not kittens_problems(d), f"{where} rng {k}: {kittens_problems(d)}"
                assert d.winners


# -- (6) hidden information --------------------------------------------------------------------
@configs
@examples(40)
@given(seed=SEEDS)
def test_everyone_sees_who_is_asked(config: Config, seed: int) -> None:
    """Every seat is asked in a window, Nope in hand or not (docs/rulings.md §1), so who is
    asked tells nothing and every seat sees it: ``to_act`` is public in every phase."""
    state = config.start(seed)
    for _ in playout(state, random.Random(seed)):
        actor = state.to_act
        for seat in [None, *range(state.players)]:
            assert state.observe(seat)["to_act"] == actor, f"seat {seat} is not shown who acts"


@configs
@examples(10)
@given(seed=SEEDS)
def test_who_is_in_the_game_is_what_the_table_shows(config: Config, seed: int) -> None:
    """``in_game`` (a family's fast answer, which the RL environments ask) agrees with the
    observation's ``players[q]["in"]`` at every step."""
    state = config.start(seed)

    def agree() -> bool:
        shown = [bool(p["in"]) for p in state.observe(None)["players"]]
        return [state.in_game(q) for q in range(state.players)] == shown

    for step, _ in enumerate(playout(state, random.Random(seed))):
        assert agree(), f"step {step}"
    assert agree(), "the end"


def check_events_reveal_no_more_than_the_observation(
    state: State, action: int, seat: int, rng: random.Random, samples: int
) -> None:
    """Apply ``action`` in the real state and in states ``seat`` cannot tell from it. Where
    ``seat``'s observation afterwards is the same, the events it may see must be the same:
    so any event that carries a hidden card must be one it is not shown."""
    worlds = [state.clone()] + [state.determinize(seat, rng) for _ in range(samples)]
    shown: dict[str, list[dict[str, Any]]] = {}
    for i, world in enumerate(worlds):
        if not world.can(action):
            continue
        events = world.apply(action)
        seen = [e.to_json() for e in events if e.visible_to(seat)]
        key = obs_key(world, seat)
        first = shown.setdefault(key, seen)
        assert seen == first, (
            f"seat {seat} sees events that depend on hidden cards "
            f"(world {i}, action {state.action_text(action)!r}): {first} vs {seen}"
        )


@configs
@examples(20)
@given(seed=SEEDS)
def test_events_hidden_from_a_seat_hold_the_private_data(config: Config, seed: int) -> None:
    if not is_played(config, seed):
        return
    state = config.start(seed)
    picker = random.Random(seed ^ 0xE7E7)
    for step, action in enumerate(playout(state, random.Random(seed))):
        if picker.random() < 0.4:
            for seat in seats_sampled(state, step, picker):
                check_events_reveal_no_more_than_the_observation(state, action, seat, picker, 3)


class PileModel:
    """What one seat can know of the Draw Pile, rebuilt from the events it was shown: the
    cards it saw (See the Future, its own Kitten placement), by index from the bottom."""

    def __init__(self, seat: int, size: int) -> None:
        self.seat, self.size = seat, size
        self.bomb = ""  # the bomb last drawn (shown to all), which its drawer puts back
        self.known: dict[int, str] = {}
        self.from_bottom = False

    def see(self, e: Event) -> None:
        if not e.visible_to(self.seat):
            return
        kind, data = e.kind, e.data
        if kind == "draw-bottom":  # the next draw takes the bottom card
            self.from_bottom = True
        elif (kind == "draw" and data.get("redacted")) or kind == "draw-bomb":
            if kind == "draw-bomb":
                self.bomb = data["card"]
            self.size -= 1
            if self.from_bottom:
                self.known.pop(0, None)
                self.known = {i - 1: c for i, c in self.known.items()}
            else:
                self.known.pop(self.size, None)
            self.from_bottom = False
        elif kind == "see-the-future" and "cards" in data:
            for i, card in enumerate(data["cards"]):
                self.known[self.size - 1 - i] = card
        elif kind == "shuffle":
            self.known.clear()
        elif kind == "place" and "position" in data:
            at = self.size - int(data["position"])
            self.known = {(i + 1 if i >= at else i): c for i, c in self.known.items()}
            self.known[at] = self.bomb
            self.size += 1
        elif kind == "place" and e.seat != self.seat:
            self.known.clear()  # another seat put a Kitten back somewhere unknown
            self.size += 1

    def view(self) -> dict[str, str]:
        return {str(self.size - 1 - i): c for i, c in sorted(self.known.items())}


#: Public events that may name a card: a drawn bomb, a named card, a take, and a Clone played
#: as a Nope or a Defuse (the card is played face up).
PUBLIC_CARD_EVENTS = frozenset(
    {"draw-bomb", "name-hit", "name-miss", "take", "nope", "defuse", "play", "place"}
)
PRIVATE_KEYS = frozenset({"card", "cards", "position"})


@kittens_configs
@examples(60)
@given(seed=SEEDS)
def test_kittens_observation_holds_only_what_the_seat_saw(config: Config, seed: int) -> None:
    state = config.start(seed)
    assert isinstance(state, KittensState)
    slugs = state.edition.slugs
    models = [PileModel(p, len(state.pile)) for p in range(state.players)]
    rng = random.Random(seed)
    step = 0
    while True:
        spectator = state.observe(None)
        assert spectator["hand"] is None and "hands" not in spectator
        assert spectator["known"] == {"piles": {}, "hands": {}}
        for p in range(state.players):
            obs = state.observe(p)
            where = f"step {step} seat {p}"
            assert "hands" not in obs, where
            assert obs["hand"] == sorted(held(state, p).elements()), where
            known_pile = obs["known"]["piles"]["draw"]
            assert known_pile == models[p].view(), f"{where}: known_pile {known_pile}"
            assert models[p].size == obs["piles"]["draw"]["size"], where
            for pos, card in known_pile.items():
                assert slugs[state.pile[-1 - int(pos)]] == card, f"{where}: known_pile is wrong"
            for q, cards in obs["known"]["hands"].items():
                assert int(q) != p, f"{where}: known_hands lists the seat's own hand"
                assert not Counter(cards) - held(state, int(q)), (
                    f"{where}: known_hands[{q}] is wrong"
                )
        if state.is_over:
            break
        for e in state.apply(random_action(state, rng)):
            if e.audience is None and PRIVATE_KEYS & e.data.keys():
                assert e.kind in PUBLIC_CARD_EVENTS, f"public event with private data: {e}"
            for model in models:
                model.see(e)
        step += 1


# -- (7) illegal actions ---------------------------------------------------------------------
@configs
@examples(40)
@given(seed=SEEDS)
def test_illegal_actions_are_refused_and_change_nothing(config: Config, seed: int) -> None:
    if not is_played(config, seed):
        return
    state = config.start(seed)
    picker = random.Random(seed ^ 0x111E)
    n = state.num_distinct_actions

    def refused(actions: list[int], where: str) -> None:
        before = state.to_json()
        legal = state.legal_actions()
        for action in actions:
            assert not state.can(action)
            for attempt in (state.verify, state.apply):
                with pytest.raises(IllegalAction) as err:
                    attempt(action)
                assert err.value.rule.strip(), f"{where}: no rule named for {action}"
                assert err.value.reason.strip(), f"{where}: no reason given for {action}"
            assert state.legal_actions() == legal, f"{where}: refusing {action} changed them"
        assert state.to_json() == before, f"{where}: refusing one of {actions} changed the state"

    for step, _ in enumerate(playout(state, random.Random(seed))):
        legal = set(state.legal_actions())
        for a in legal:
            if picker.random() < 0.1:
                state.verify(a)  # legal actions pass
        tries = [a for a in picker.sample(range(n), 4) if a not in legal]
        if step % 10 == 0:
            tries += [-1, n, n + 1, n + picker.randrange(1, 10**6), -(10**9)]
        refused(tries, f"step {step}")
    refused([*picker.sample(range(n), 8), -1, n], "game over")


# -- (8) action text -------------------------------------------------------------------------
@pytest.mark.parametrize("config", TABLES, ids=str)
def test_action_text_round_trips_for_every_id(config: Config) -> None:
    state = config.start(0)
    n = state.num_distinct_actions
    assert n > 0
    texts = [state.action_text(a) for a in range(n)]
    assert len(set(texts)) == n, "two actions share a text form"
    for a, text in enumerate(texts):
        assert text and text == text.strip()
        assert state.parse_action(text) == a, f"{text!r} parses to another action"
