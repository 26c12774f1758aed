"""A sensible Eleminis player: it completes its (team's) row, blocks the leader and cleans
Trash. It scores each legal option by the rows it would leave and plays the best."""

from __future__ import annotations

from kaboom.bots.heuristic import HeuristicBot
from kaboom.engine.state import Observation
from kaboom.engine.view import PlayerView

ELEMINIS = ("air", "water", "rock", "fire", "plant")
WIN = 1000.0


def _cell(text: str, slots: int) -> int:
    seat, slot = text.removeprefix("p").split(".")
    return int(seat) * slots + int(slot) - 1


def _progress(row: list[str | None]) -> float:
    """How close a row is to the five Eleminis: different Eleminis and Stars count, Trash
    and duplicates do not, a complete row wins."""
    cards = [c for c in row if c is not None]
    trash = cards.count("trash")
    distinct = len({c for c in cards if c in ELEMINIS})
    stars = cards.count("star")
    if len(cards) == len(row) and not trash and distinct + stars == len(row):
        return WIN
    return distinct + stars - 1.5 * trash


class EleminisHeuristic(HeuristicBot):
    def choose(self, view: PlayerView, legal: list[int]) -> int:
        obs = view.observation()
        scored = [(self._score(obs, view.action_text(a)), i) for i, a in enumerate(legal)]
        best = max(score for score, _ in scored)
        return legal[next(i for score, i in scored if score == best)]

    def _score(self, obs: Observation, text: str) -> float:
        rows: list[list[str | None]] = [list(p["row"]) for p in obs["players"]]
        slots = len(rows[0])
        flat = [c for r in rows for c in r]
        words = text.replace("->", " ").split()
        if words[0] == "play":
            flat[_cell(words[-1], slots)] = obs["eleminis"]["drawn"]
        elif words[0] == "move":
            a, b = _cell(words[1], slots), _cell(words[2], slots)
            flat[a], flat[b] = None, flat[a]
        elif words[0] == "swap":
            a, b = _cell(words[1], slots), _cell(words[2], slots)
            flat[a], flat[b] = flat[b], flat[a]
        elif words[0] in ("discard", "recycle"):
            flat[_cell(words[1], slots)] = None
        after = [flat[q * slots : (q + 1) * slots] for q in range(len(rows))]
        me, teams = obs["seat"], obs["eleminis"]["teams"]

        def side(q: int) -> int:
            return q % teams if teams else q

        mine = max(_progress(after[q]) for q in range(len(after)) if side(q) == side(me))
        theirs = max(
            (_progress(after[q]) for q in range(len(after)) if side(q) != side(me)), default=0.0
        )
        bonus = 0.5 if words[0] == "recycle" else 0.0  # another card to play
        return mine - 1.2 * theirs + bonus
