"""A seat's observation in plain words, for the browser table: the same words as the
terminal table (``kaboom.tui``'s family panels, ``tell``, the games' ``describe``), never a
second copy in JavaScript.

Everything here reads only what the caller sends: a game, its player count and options, and
one seat's observation with its legal actions and the events it was sent. It holds no table
and no state of a game in play, so it can tell a seat nothing that seat did not send.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from kaboom.engine.errors import BadInput, KaboomError
from kaboom.engine.events import Event
from kaboom.engine.options import refuse_file_options
from kaboom.engine.registry import get_game, new_game
from kaboom.engine.state import Observation, State
from kaboom.i18n import _
from kaboom.server.people import bot_level
from kaboom.sim.story import story_lines
from kaboom.tui.families import Family, family_of, status_line
from kaboom.tui.odds import bomb_odds
from kaboom.tui.save import HUMAN, history, parse_seating
from kaboom.tui.session import seen_lines
from kaboom.tui.words import seat_name, tell, yours
from kaboom.web.design import ICONS, design_of, spoken_name


@lru_cache(maxsize=128)
def _template(game: str, players: int, options: str) -> State:
    """A game of this kind, freshly dealt (seed 0): where the family's cards, board and
    words come from. Never a game anyone plays."""
    return new_game(game, players, 0, **json.loads(options))


def template(game: str, players: int, options: Mapping[str, object]) -> State:
    """The template of ``game`` for ``players`` with ``options`` (``BadInput``, ``BadOption``
    or ``UnknownGame`` naming what is wrong)."""
    spec = get_game(game)
    spec.check_players(players)
    refuse_file_options(spec.options, options)  # these words are asked over the network
    return _template(game, players, json.dumps(options, sort_keys=True))


def labels(game: str, players: int, options: Mapping[str, object], texts: list[str]) -> list[str]:
    """Actions in notation (``pair tacocat @1``) in the table's words, as the page lists
    them: what the review page shows a decision's choices in.

    >>> labels("exploding-kittens", 2, {}, ["draw"])
    ['Draw a card (ends your turn)']
    """
    family = family_of(template(game, players, options))
    return [family.label(text) for text in texts]


def guide(game: str, players: int, options: Mapping[str, object]) -> dict[str, Any]:
    """Everything the page draws a game's cards and table with: every card's name and
    field-guide text (in the game's order), which keys mean something in the family, the
    bombs, and the family's own parts (the board's track, Eleminis's element cycle)."""
    state = template(game, players, options)
    family = family_of(state)
    cards = [
        {
            "slug": slug,
            "name": family.name(slug),
            "text": _(text) if text else text,
            "help": family.help_text(slug),
            "design": card_design(game, family, slug),
        }
        for slug, (_name, text) in family.guide.items()
    ]
    out: dict[str, Any] = {
        "game": game,
        "name": _(get_game(game).name),
        "family": get_game(game).family,
        "players": players,
        "options": options,
        "cards": cards,
        "hand_label": family.hand_word(),
        "has_draw": family.has_draw,
        "has_windows": family.has_windows,
        "has_pass": family.has_pass,
        "has_odds": family.has_odds,
        "bombs": sorted(family.bombs()),
        "icons": {name: {"d": d, "draw": draw} for name, (d, draw) in ICONS.items()},
    }
    parts = family.parts()
    if parts:
        out[out["family"]] = parts
    return out


def card_design(game: str, family: Family, slug: str) -> dict[str, str]:
    """How the page draws a card (``kaboom.web.design``): its kind, icon, letter, the effect
    in a few words (an Elemini's: what it beats), its accessible name and description."""
    ranked = family.ranked
    kind = family.rank(slug) if ranked else slug
    name = family.name(slug)
    look = design_of(game, kind, name)
    short = look.short or family.short(slug)
    return {
        "kind": kind,
        "icon": look.icon,
        "letter": look.letter,
        "short": short,
        "label": spoken_name(kind if ranked else None, name),
        "description": short.split(" · ", 1)[-1],
    }


def _preview(state: State, obs: Observation, seat: int) -> Callable[[str], Observation | None]:
    """Where an action would leave the seat, in a world sampled from its own observation
    (the terminal table's preview): public facts only, such as where a Move lands."""
    cache: dict[str, Observation | None] = {}

    def preview(text: str) -> Observation | None:
        if text not in cache:
            world = type(state).sample(obs, state.options, random.Random(int(obs["turns"])))
            action = next((a for a in world.legal_actions() if world.action_text(a) == text), None)
            after = None
            if action is not None:
                world.apply(action)
                after = world.observe(seat)
            cache[text] = after
        return cache[text]

    return preview


def actions(
    family: Family,
    hand: list[str],
    legal: list[dict[str, Any]],
    where: Callable[[str], int | None] = lambda text: None,
) -> list[dict[str, Any]]:
    """The legal actions in the terminal table's words and order (cheapest first): each with
    its label, why it is never a default (``risk``), the entry it is grouped under
    (``group``: five different cards, a card to name), the cards of the hand it uses
    (``cards``: selecting a card narrows the list to the actions that use it) and, for a
    move of the board game, the space it takes the token to (``to``: what a tap on a space
    finds, in every language)."""
    out: list[dict[str, Any]] = []
    for entry in legal:
        text = str(entry["text"])
        said: dict[str, Any] = {
            "id": int(entry["id"]),
            "text": text,
            "label": family.label(text),
            "risk": family.risk(text),
            "group": family.group(text),
            "cost": family.cost(text),
            "cards": sorted({c for c in hand if family.narrows(text, [c])}),
        }
        if text.startswith("move") and (to := where(text)) is not None:
            said["to"] = to
        out.append(said)
    out.sort(key=lambda a: a["cost"])
    return out


def _landing(
    preview: Callable[[str], Observation | None] | None, seat: int | None
) -> Callable[[str], int | None]:
    """The space a move leaves the seat's token on (the preview's), or ``None``."""

    def where(text: str) -> int | None:
        after = None if preview is None or seat is None else preview(text)
        if after is None or "board" not in after:
            return None
        return int(after["players"][seat]["position"])

    return where


def log_lines(
    state: State, family: Family, events: list[dict[str, Any]], seat: int | None
) -> list[str]:
    """Events a seat was sent (``kind``, ``seat``, ``data``, ``private``) as its log tells
    them: the game's ``describe``, in the seat's words ("You play Skip")."""
    audience = None if seat is None else frozenset({seat})
    evs = [
        Event(
            str(e["kind"]),
            e.get("seat"),
            dict(e.get("data") or {}),
            audience if e.get("private") else None,
        )
        for e in events
    ]
    return [family.in_order(tell(line, seat)) for line in seen_lines(state, evs, seat)]


def words(
    game: str,
    players: int,
    options: Mapping[str, object],
    seat: int | None,
    observation: Observation,
    legal: list[dict[str, Any]],
    events: list[list[dict[str, Any]]],
) -> dict[str, Any]:
    """One seat's observation in words: the status line, the legal actions, what the open
    reaction window holds and what Nope would do, the table as text, the odds of a bomb,
    the log lines of ``events`` (one list per log entry) and, at the end, a line per player."""
    state = template(game, players, options)
    family = family_of(state)
    viewer = -1 if seat is None else seat
    try:
        preview = None if seat is None else _preview(state, observation, seat)
        family.view(observation, seat, preview)
        hand = family.hand(observation)
        window = observation.get("window")
        over = observation.get("phase") == "over"
        panel = family.panel(observation, viewer).splitlines()
        out: dict[str, Any] = {
            "status": status_line(family, observation, viewer),
            "actions": actions(family, hand, legal, _landing(preview, seat)),
            "hand": hand,
            "chain": family.chain(window, seat) if window else None,
            "answer": family.answer(window) if window else None,
            # the play the window holds, as a noun (what a Nope stops or brings back)
            "play": yours(family.window_text(window), seat) if window else None,
            "panel": panel,
            "knowledge": [line for line in panel if line.startswith("You know")],
            "odds": bomb_odds(observation, family.bombs()) if family.has_odds else None,
            "log": [log_lines(state, family, entry, seat) for entry in events],
            "summary": family.summary(observation, viewer) if over else [],
            "names": [seat_name(q, seat) for q in range(players)],
        }
        points = family.row_points(observation)
        if points is not None:  # each row's points so far
            out["points"] = points
    except KaboomError:
        raise
    except Exception as e:  # a hand-made observation no game could have sent
        raise BadInput(
            "observation", f"an observation of this seat ({type(e).__name__}: {e})"
        ) from None
    return out


def replay_steps(raw: Mapping[str, object]) -> dict[str, Any]:
    """A finished game's export (``GET /api/games/{id}/export``) step by step, every hand
    shown: per step the action and who took it, what happened (every private detail told),
    the spectator's view after it and each seat's hand. The game is dealt again from its
    seed and every action checked (``BadInput`` naming the entry at fault)."""
    from pathlib import Path

    where = Path("export")
    seating = parse_seating(raw, where)
    moves = history(raw, where)
    try:
        state = seating.deal()
    except KaboomError:
        raise
    except Exception as e:  # a seed no deal takes
        raise BadInput("export: seed", f"the seed of a deal ({type(e).__name__}: {e})") from None
    family = family_of(state)

    def snapshot(label: str, seat: int | None, lines: list[str]) -> dict[str, Any]:
        obs = state.observe(None)
        family.view(obs, None)
        return {
            "turn": int(obs["turns"]),
            "seat": seat,
            "action": label,
            "lines": lines,
            "observation": obs,
            "hands": [family.hand(state.observe(q)) for q in range(state.players)],
            "panel": family.panel(obs, -1).splitlines(),
        }

    steps = [
        snapshot(
            _("the deal"), None, [tell(line, None) for line in story_lines(state, state.opening())]
        )
    ]
    for i, action in enumerate(moves):
        if not state.can(action):
            raise BadInput(f"export: history[{i}]", f"a legal action, got {action}")
        actor = state.to_act
        family.view(state.observe(actor), actor)
        label = family.label(state.action_text(action))
        events = state.apply(action)
        steps.append(
            snapshot(label, actor, [tell(line, None) for line in story_lines(state, events)])
        )
    return {
        "game": seating.game,
        "players": seating.players,
        "seed": str(seating.seed),
        "options": seating.options,
        "seats": seating.seats,
        "names": raw.get("names"),
        # each bot seat's level word, from its spec (issue 46: "Ada (bot, medium)")
        "levels": [None if spec == HUMAN else bot_level(spec) for spec in seating.seats],
        "winners": list(state.winners),
        "steps": steps,
    }
