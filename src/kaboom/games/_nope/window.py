"""The reaction window of the Nope families, and the turn arithmetic they share.

Used by the exploding games and the board game (docs/rulings.md §1): after a Nope-able
play, the other seats are asked in order from the player's left whether they answer it; a
Nope opens a new window for everyone but its player; the play takes effect when a whole
window passes, and an odd number of Nopes cancels it. Every seat that may answer by the
rules is asked, whether or not it holds a Nope (passing is always legal): whether a window
opens, who is asked when and when it closes depend on nothing hidden, so the rhythm of the
table tells nobody who holds one. The game says who may answer (the living seats but the
card's player) and what the play does; this component keeps the order.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

P = TypeVar("P")


class ReactionWindow(Generic[P]):
    """A play waiting on its answers.

    >>> w = ReactionWindow("attack", 0, [1, 2])
    >>> w.next_asked()   # everyone is asked in order, Nope in hand or not
    1
    >>> w.passed(), w.next_asked()
    (1, 2)
    >>> w.nope(2, [0, 1]); w.cancelled, w.answering
    (True, 2)
    >>> w.passed(), w.passed(), w.next_asked() is None   # the whole window passed
    (0, 1, True)
    """

    __slots__ = ("asked", "nopes", "play", "player")

    def __init__(self, play: P, player: int, asked: list[int]) -> None:
        #: The play (the game's own record of it) and the seat that made it.
        self.play = play
        self.player = player
        #: The seats that answered with a Nope, in order.
        self.nopes: list[int] = []
        #: The seats still to be asked in the window now open, the next first.
        self.asked = asked

    def copy(self) -> ReactionWindow[P]:
        w = ReactionWindow(self.play, self.player, list(self.asked))
        w.nopes = list(self.nopes)
        return w

    @property
    def cancelled(self) -> bool:
        """An odd number of Nopes cancels the play ("as if it had never been played")."""
        return len(self.nopes) % 2 == 1

    @property
    def answering(self) -> int:
        """The seat whose card the open window answers: the last Nope's, or the player's."""
        return self.nopes[-1] if self.nopes else self.player

    def next_asked(self) -> int | None:
        """The next seat to ask; None when everyone has let the card go and the window
        passes. Nobody is passed over for holding no Nope."""
        return self.asked[0] if self.asked else None

    def nope(self, seat: int, asked: list[int]) -> None:
        """``seat`` played a Nope: a new window opens, asking ``asked`` in order."""
        self.nopes.append(seat)
        self.asked = asked

    def passed(self) -> int:
        """The seat asked let the card go; it is asked no more in this window."""
        return self.asked.pop(0)

    def to_json(self, play: object) -> dict[str, object]:
        """The window as JSON, the play written by the game as ``play``."""
        return {"play": play, "player": self.player, "nopes": list(self.nopes),
                "asked": list(self.asked)}  # fmt: skip

    @classmethod
    def from_json(cls, raw: dict[str, Any], play: P) -> ReactionWindow[P]:
        w = cls(play, int(raw["player"]), [int(q) for q in raw["asked"]])
        w.nopes = [int(q) for q in raw["nopes"]]
        return w


def others_from_left(seat: int, alive: list[bool] | tuple[bool, ...]) -> list[int]:
    """Every other living seat, in seat order from ``seat``'s left (docs/rulings.md §1).

    >>> others_from_left(1, [True, True, False, True])
    [3, 0]
    """
    n = len(alive)
    return [q for q in ((seat + i) % n for i in range(1, n)) if alive[q]]


def attack_owed(owed: int, attacked: bool, stacking: bool = True) -> int:
    """The turns the next player owes after an Attack: 2; under attack, every untaken turn
    of the attacker, the current one included, plus 2 (docs/rulings.md §1, the 2025 print).
    Without ``stacking`` (the classic rule of the earlier prints, docs/house-rules.md) an
    Attack always leaves the next player exactly 2 turns.

    >>> attack_owed(1, False), attack_owed(2, True), attack_owed(1, True)
    (2, 4, 3)
    >>> attack_owed(2, True, stacking=False), attack_owed(1, True, stacking=False)
    (2, 2)
    """
    return owed + 2 if attacked and stacking else 2
