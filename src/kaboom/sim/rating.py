"""OpenSkill ratings (Plackett-Luce), one game at a time: the one place a game's result
becomes new ratings, for tournaments (``tournament``) and the server's ladder (issue 35).

A game's result is who won: the winners share the first place, everyone else the second
(an Eleminis team's members are all winners or none, so a team shares its place). A
rating as shown is the cautious estimate ``mu - 3 * sigma`` (OpenSkill's ordinal).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

#: A new entrant's skill: OpenSkill's defaults (mu 25, sigma 25/3).
MU = 25.0
SIGMA = 25.0 / 3.0


@dataclass(frozen=True, slots=True)
class Skill:
    """An entrant's skill: its mean and its uncertainty."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def rating(self) -> float:
        """The rating shown: ``mu - 3 * sigma``.

        >>> Skill(25.0, 5.0).rating
        10.0
        """
        return self.mu - 3.0 * self.sigma


@functools.cache
def model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate_game(skills: Sequence[Skill], won: Sequence[bool]) -> list[Skill]:
    """The entrants' skills after one game (each entrant once; ``won``: whether it is
    among the winners). Fewer than two entrants: nothing changes.

    >>> after = rate_game([Skill(), Skill()], [True, False])
    >>> after[0].mu > 25.0 > after[1].mu
    True
    >>> rate_game([Skill()], [True]) == [Skill()]
    True
    """
    if len(skills) < 2:
        return list(skills)
    m = model()
    teams = [[m.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    ranks = [1.0 if w else 2.0 for w in won]
    new = m.rate(teams, ranks=ranks)
    return [Skill(float(team[0].mu), float(team[0].sigma)) for team in new]
