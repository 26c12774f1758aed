"""The board game in plain words, and the board as text."""

from __future__ import annotations

from kaboom.engine.events import Event
from kaboom.games.board.data import Box

SIDE_NAMES = {"calm": "Calm Mode (blue side)", "chaos": "Chaos Mode (red side)"}


def _space(box: Box, space: int) -> str:
    if space == 0:
        return "the Litter Box"
    if space == box.ribbon:
        return "the Ribbon"
    return f"space {space}"


def disc_name(slug: str) -> str:
    """``move-3-or-flip`` → ``Move 3 or Flip``."""
    return " ".join(w if w in ("or", "then", "the") else w.capitalize() for w in slug.split("-"))


def describe_event(box: Box, e: Event) -> str:
    d, who = e.data, f"P{e.seat}"
    names = dict(zip(box.card_slugs, box.card_names, strict=True))
    kind = e.kind
    if kind == "turn":
        return f"{who}'s turn" + (f" ({d['owed']} turns owed)" if d["owed"] > 1 else "")
    if kind == "draw-cards":
        if d.get("redacted"):
            return f"{who} draws {d['count']} Action Card(s)"
        return f"{who} draws " + (", ".join(names[c] for c in d["cards"]) or "nothing")
    if kind == "disc":
        return f"{who} flips the Move Disc: {disc_name(d['disc'])}"
    if kind == "move":
        return f"{who} moves to {_space(box, d['to'])}"
    if kind == "stay":
        return f"{who} stays where they are"
    if kind == "flip":
        return f"The board flips to {SIDE_NAMES[d['side']]}"
    if kind == "kitten-space":
        return f"{who} lands on an Exploding Kitten space!"
    if kind == "defuse":
        return f"{who} plays a Defuse"
    if kind == "explode":
        return f"{who} explodes"
    if kind == "swap":
        return f"{who} swaps spaces with P{d['with']}"
    if kind == "discard":
        return f"{who} discards {names[d['card']]}"
    if kind == "play":
        target = f" on P{d['target']}" if "target" in d else ""
        return f"{who} plays {names[d['card']]}{target}"
    if kind == "nope":
        return f"{who} plays Nope" + (" (Yup)" if d["depth"] % 2 == 0 else "")
    if kind == "pass":
        return f"{who} lets it pass"
    if kind == "noped":
        return f"{who}'s {names[d['card']]} is Noped"
    if kind == "skip":
        return f"{who} skips the Move Disc"
    if kind == "attack":
        return f"{who} attacks: P{d['next']} owes {d['owed']} turns"
    if kind == "see-the-future":
        if d.get("redacted"):
            return f"{who} sees the future"
        return f"{who} sees the future: " + ", ".join(disc_name(x) for x in d["discs"])
    if kind == "shuffle":
        return f"{who} shuffles the Move Deck"
    if kind == "add-magnet":
        return f"{who} adds a Danger Magnet"
    if kind == "place-magnet":
        if d.get("redacted"):
            return f"{who} secretly puts a Danger Magnet into the Move Deck"
        return f"{who} puts a Danger Magnet at position {d['position']} (0 = top)"
    if kind == "reshuffle-discs":
        return "The Move Discard Pile is shuffled into a new Move Deck"
    if kind == "time-up":
        return f"Time is up after {d['turns']} turns: the seat furthest along wins"
    if kind == "win":
        return f"{who} lands on the Ribbon and wins!"
    return f"{who}: {kind} {d}"


def render_board(box: Box, side: int, positions: list[int]) -> str:
    """The track as text: each space with its value or ``EK``, and who stands on it."""
    layout = box.sides[side]
    here = {p: q for q, p in enumerate(positions) if p}
    litter = " ".join(f"P{q}" for q, p in enumerate(positions) if p == 0) or "-"
    lines = [f"Board: {SIDE_NAMES[('calm', 'chaos')[side]]}   Litter Box: {litter}"]
    cells = []
    for space in range(1, box.spaces + 1):
        mark = "EK" if space in layout.kittens else f"+{layout.values[space]}"
        who = f"P{here[space]}" if space in here else ""
        cells.append(f"{space:>2} {mark:<3}{who:<3}")
    for row in range(0, len(cells), 8):
        lines.append(" | ".join(cells[row : row + 8]))
    on_ribbon = " ".join(f"P{q}" for q, p in enumerate(positions) if p == box.ribbon)
    ribbon = f"Ribbon ({box.ribbon}): {on_ribbon}" if on_ribbon else f"Ribbon ({box.ribbon})"
    lines.append(f"{ribbon}; the Loop Back Arrow leads to {box.loop_back_to}")
    return "\n".join(lines)
