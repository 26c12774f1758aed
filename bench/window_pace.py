"""How long a reaction window must stay open for a first-time player to read it and answer
(issue 46, "Pace"): the measurement behind the server's and the lobby's default window.

Bots (the heuristic of each game, every seat) play many games of each game with reaction
windows. Every window that opens is put in the words the browser shows a seat that may
Nope (``kaboom.web.words.words``, as ``POST /api/words`` says it; the sentence composed as
``static/js/table.js``'s ``drawWindow`` does): the window's chain, "P3 played Favor on P1",
and the Nope button's sentence, "Nope it now: stops Favor on P1 unless someone Nopes back."
For each, the time a first-time reader needs is estimated as

    reading + choosing + pointing
      = words / (180 words a minute)
      + (0.20 s + 0.15 s/bit * log2(2 + 1))     the two answers: Nope it, Let it pass
      + 1.10 s + 0.20 s                          point at the button, click it

with these sources:

- Reading: 180 words a minute, 0.33 s a word: the BBC's rate for subtitles, text on a
  screen that appears, is read once by a general audience and goes, which is what a
  window's sentence is (BBC Subtitle Guidelines, "Timing": 160 to 180 words a minute, 0.33
  s a word for adults). Silent reading of running prose is faster (238 words a minute for
  English non-fiction: Brysbaert, M. (2019), "How many words do we read per minute? A
  review and meta-analysis of reading rate", Journal of Memory and Language 109, 104047);
  a first-time player reads card names they have not met yet, so the subtitle rate fits.
- Choosing: the Hick-Hyman law, RT = a + b log2(n + 1) (Hick, W. E. (1952), "On the rate of
  gain of information", Quarterly Journal of Experimental Psychology 4(1), 11-26; Hyman, R.
  (1953), Journal of Experimental Psychology 45(3), 188-196), with b = 150 ms a bit (Card,
  Moran and Newell (1983), The Psychology of Human-Computer Interaction, the Model Human
  Processor's Hick constant) and a = 200 ms, a simple reaction time; n = 2 answers.
- Pointing: the Keystroke-Level Model's P, 1.10 s to point with a mouse at a target, and BB,
  0.20 s to press and release its button (Card, S. K., Moran, T. P. and Newell, A. (1980),
  "The keystroke-level model for user performance time with interactive systems",
  Communications of the ACM 23(7), 396-410).

Only a seat offered a Nope reads the Nope sentence and has a choice to make; a seat
without one is offered Pass alone and passes by the clock, so it is the Nope holder's need
that sets the window.

It prints per game the number of windows, the share that open a play (no Nope yet), the
median, p90 and p95 of the words read and of the seconds needed over every window, and the
p90 of the windows that open a play; then the default this implies: that p90 over every
game, rounded up to the next half second. The windows that open a play are the ones every
play opens and a first-time player meets all game; nine in ten of them read and answered in
time is the target. A Nope chain's later windows are longer (p90 over every window is
printed beside it) but their reader has just read the play and the chain so far, and a
window as long as the longest chain would slow every play of every game for the rare
chain: the window always runs its full length (``server.clocks``), Nope or not.

    PYTHONPATH=src .venv/bin/python bench/window_pace.py --games 200

Measured so (200 heuristic games of each game at 4 players, seed 1; issue 46): 14,577
windows, 74% of them opening a play; the words read, median 18 to 22 by game, p90 30 to 34;
the seconds needed over every window, median 7.7 s, p90 12.7 s, p95 13.4 s; over the windows
that open a play, p90 9.1 s (Exploding Kittens 9.7 s, Minions 9.1 s, Dynamitt 9.1 s, the
board game 7.7 s). So the default is 9.5 s (3 s before: a first-time player needed more
than 3 s at every window).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from kaboom.bots.make import make_bot
from kaboom.engine.events import Event
from kaboom.engine.registry import get_game, new_game
from kaboom.engine.state import State
from kaboom.engine.window import WindowKey, window_key
from kaboom.i18n import use_language
from kaboom.sim.simulate import play_game
from kaboom.web.words import guide, words

#: The games, and how many play each (the lobby's Play now has four).
GAMES = ("exploding-kittens", "exploding-minions", "dynamitt", "kittens-board-game", "eleminis")
PLAYERS = 4

#: Reading: words a minute (the BBC Subtitle Guidelines' rate for a general audience).
WORDS_A_MINUTE = 180.0
#: Choosing between the window's two answers (Hick-Hyman: a + b log2(n + 1)).
HICK_A, HICK_B, ANSWERS = 0.20, 0.15, 2
#: Pointing at the button and clicking it (the Keystroke-Level Model's P and BB).
POINT, CLICK = 1.10, 0.20
#: The default is the need of this share of windows, rounded up to this step (seconds).
SHARE, STEP = 0.90, 0.5


def choosing() -> float:
    """Seconds to choose between the window's answers (Hick-Hyman).

    >>> round(choosing(), 3)
    0.438
    """
    return HICK_A + HICK_B * math.log2(ANSWERS + 1)


def needed(sentence: str) -> float:
    """Seconds a first-time player needs to read ``sentence``, choose and click.

    >>> round(needed("P3 played Favor on P1"), 2)   # five words: 1.67 s of reading
    3.4
    """
    return len(sentence.split()) / (WORDS_A_MINUTE / 60.0) + choosing() + POINT + CLICK


def nope_sentence(chain: str, nopes: int) -> str:
    """The Nope button's sentence as the page composes it (``table.js``'s ``nopeDoes``):
    what a Nope does to the play, or to the last Nope.

    >>> nope_sentence("P3 played Favor on P1", 0)
    'Nope it now: stops Favor on P1 unless someone Nopes back.'
    """
    first = chain.split(";")[0]
    play = first.split(" played ", 1)[1] if " played " in first else "the play"
    if nopes % 2:
        return f"Nope the Nope now: {play} goes ahead again unless someone Nopes back."
    return f"Nope it now: stops {play} unless someone Nopes back."


def window_words(game: str, players: int, state: State) -> str:
    """The open window in the words a seat that may Nope reads: the chain, then what its
    Nope does (the public view: "P3 played ...", as every seat but the player reads it)."""
    obs = state.observe(None)
    said = words(game, players, {}, None, obs, [], [])
    chain = str(said["chain"] or "")
    return f"{chain} {nope_sentence(chain, len(obs['window']['nopes']))}"


@dataclass
class Tally:
    """The windows of one game: each one's words as read, and whether it opens a play (no
    Nope yet)."""

    sentences: list[str] = field(default_factory=list)
    opening: list[bool] = field(default_factory=list)


def collect(game: str, games: int, players: int, seed: int) -> Tally:
    """Every window of ``games`` bot games of ``game``, in words (English)."""
    tally = Tally()
    for k in range(games):
        game_seed = seed * 1_000_003 + k
        state = new_game(game, players, game_seed)
        bots = [make_bot("heuristic", game_seed + q, game) for q in range(players)]
        last: list[WindowKey | None] = [window_key(state)]

        def seen(s: State, _events: list[Event], last: list[WindowKey | None] = last) -> None:
            key = window_key(s)
            if key is not None and key != last[0]:
                tally.sentences.append(window_words(game, players, s))
                tally.opening.append(not s.observe(None)["window"]["nopes"])
            last[0] = key

        play_game(state, bots, seen)
    return tally


def pct(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank).

    >>> pct([1.0, 2.0, 3.0, 4.0], 0.5), pct([1.0, 2.0, 3.0, 4.0], 0.9)
    (2.0, 4.0)
    """
    ordered = sorted(xs)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def default_of(seconds: Sequence[float]) -> float:
    """The window the measurement implies: the need of ``SHARE`` of the windows, rounded up
    to ``STEP``.

    >>> default_of([3.0, 4.2, 4.9, 5.1])
    5.5
    """
    return math.ceil(pct(seconds, SHARE) / STEP) * STEP


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="bot games of each game")
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"reading {WORDS_A_MINUTE:g} words/min; choosing {choosing():.2f} s; "
          f"pointing and clicking {POINT + CLICK:.2f} s")  # fmt: skip
    head = f"{'game':20} {'windows':>7} {'opening':>7} {'words p50':>9} {'p90':>4} {'p95':>4}"
    print(f"{head} {'need p50':>8} {'p90':>6} {'p95':>6} {'opening p90':>11}")
    every: list[float] = []
    opening: list[float] = []
    with use_language("en"):
        for game in GAMES:
            if not guide(game, args.players, {})["has_windows"]:
                print(f"{game:20} no reaction windows")
                continue
            players = min(max(args.players, get_game(game).min_players), get_game(game).max_players)
            tally = collect(game, args.games, players, args.seed)
            if not tally.sentences:
                print(f"{game:20} {0:>7}")
                continue
            counts = [float(len(s.split())) for s in tally.sentences]
            need = [needed(s) for s in tally.sentences]
            first = [n for n, o in zip(need, tally.opening, strict=True) if o]
            every += need
            opening += first
            share = len(first) / len(need)
            print(f"{game:20} {len(need):>7} {share:>7.0%} {statistics.median(counts):>9.0f} "
                  f"{pct(counts, 0.9):>4.0f} {pct(counts, 0.95):>4.0f} "
                  f"{statistics.median(need):>7.1f}s {pct(need, 0.9):>5.1f}s "
                  f"{pct(need, 0.95):>5.1f}s {pct(first, 0.9):>10.1f}s")  # fmt: skip
            print(f"{'':20} the longest: {max(tally.sentences, key=len)!r}")
    if not opening:
        print("no window in any game")
        return 1
    print(f"{'every game':20} {len(every):>7} {len(opening) / len(every):>7.0%} {'':>9} {'':>4} "
          f"{'':>4} {statistics.median(every):>7.1f}s {pct(every, 0.9):>5.1f}s "
          f"{pct(every, 0.95):>5.1f}s {pct(opening, 0.9):>10.1f}s")  # fmt: skip
    print(f"default window: {default_of(opening):g} s (the p90 need of the windows that open "
          f"a play, rounded up to {STEP:g} s)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
