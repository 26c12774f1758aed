"""Why an action is not legal now, in the rulebook's words (``State.explain_illegal``)."""

from __future__ import annotations

from kaboom.games.kittens.actions import (
    COMBO_SIZE,
    DEFUSE,
    EXPLODE,
    FIVE,
    GIVE,
    NOPE,
    PAIR,
    PASS,
    PLACE,
    PLAY,
    PLAY_AT,
    TAKE,
    TRIPLE,
    Spec,
)
from kaboom.games.kittens.core import (
    EXPLODING,
    GIVING,
    OVER,
    PLACING,
    REACT,
    TAKING,
    TURN,
    KittensCore,
)
from kaboom.games.kittens.words import a_or_an

#: The phase in which each kind of Clone play can be made.
CLONE_PHASES = frozenset(
    {(PLAY, TURN), (PLAY_AT, TURN), (PAIR, TURN), (NOPE, REACT), (DEFUSE, EXPLODING)}
)


def explain_illegal(s: KittensCore, action: int) -> tuple[str, str]:
    """``(rule, reason)`` for an action id in range that is not legal now."""
    spec = s.table.specs[action]
    text = s.table.text(action)
    phase, kind = s.phase, spec.kind
    if phase == OVER:
        return "game over", "the game has ended"
    if phase == REACT and kind not in (NOPE, PASS):
        return "Nope", f"a reaction window is open on {s.window_text()}: nope or pass"
    if kind in (NOPE, PASS) and phase != REACT:
        return "Nope", "a Nope only answers a card or combo in its reaction window"
    bomb = s.table.rname[s.table.bomb]
    if _uses_clone(s, spec) and (kind, phase) in CLONE_PHASES:
        return _explain_clone(s, spec)
    if phase == REACT and kind == NOPE:
        return "Nope", "you hold no Nope"
    why = _explain_bomb(s, spec, bomb) or _explain_decision(s, spec, bomb)
    if why is not None:
        return why
    return _explain_turn(s, spec, text)


def _explain_bomb(s: KittensCore, spec: Spec, bomb: str) -> tuple[str, str] | None:
    """Why not, around a drawn bomb: Defuse or explode, and only then (``None``: no such
    rule)."""
    phase, kind = s.phase, spec.kind
    if phase == EXPLODING and kind == DEFUSE:
        held = s.table.rname[spec.title] if spec.title >= 0 else "Defuse"
        if s.can_defuse(s.actor):
            return "Defuse", f"you hold no {held}"
        return "Defuse", f"you hold no {held}: you can only explode ('explode')"
    if phase == EXPLODING and kind == EXPLODE and s.must_defuse(s.actor):
        return _explain_forced(s, bomb)
    if phase == EXPLODING:
        return bomb, f"you drew {a_or_an(bomb)}: play a Defuse or explode ('explode')"
    if kind == DEFUSE:
        return "Defuse", f"a Defuse is played only when you draw {a_or_an(bomb)}"
    if kind == EXPLODE:
        return bomb, f"you explode only when you draw {a_or_an(bomb)} and play no Defuse"
    return None


def _explain_decision(s: KittensCore, spec: Spec, bomb: str) -> tuple[str, str] | None:
    """Why not, for the decisions that follow a play: placing the bomb, giving a Favor,
    taking from the Discard Pile (``None``: no such rule)."""
    ed, phase, kind = s.edition, s.phase, spec.kind
    if phase == PLACING:
        if kind == PLACE:
            return "Defuse", f"put the {bomb} at a position 0..{len(s.pile)} (0 = top)"
        return "Defuse", f"put the defused {bomb} back in the Draw Pile first"
    if kind == PLACE:
        return "Defuse", f"there is no defused {bomb} to put back"
    if phase == GIVING:
        if kind == GIVE:
            return "Favor", f"you hold no {ed.names[spec.title]} to give"
        return "Favor", f"seat {s.actor} must first choose a card to give"
    if kind == GIVE:
        return "Favor", "nobody asked you for a Favor"
    if phase == TAKING:
        if kind == TAKE:
            return "Five different cards", f"no {ed.names[spec.title]} in the Discard Pile"
        return "Five different cards", "take a card from the Discard Pile first"
    if kind == TAKE:
        return "Five different cards", "there is nothing to take now"
    return None


def _explain_forced(s: KittensCore, bomb: str) -> tuple[str, str]:
    """Why ``explode`` is refused: the edition forces a Defuse held (``must_defuse``;
    Dynamitt, "2. Trekke kort": "Om du har ei dame eller en konge på hånda, må du nå spille
    ut en av dem")."""
    tb, held = s.table, s.ranks_held[s.actor]
    ranks = [r for r in tb.defuse_ranks if held[r]]
    names = " or ".join(tb.rname[r] for r in tb.defuse_ranks)
    words = " or ".join(f"'{tb.text(tb.defuse_by_rank[r])}'" for r in ranks)
    hold = " and ".join(a_or_an(tb.rname[r]) for r in ranks)
    return (
        "Defuse",
        f"you hold {hold}: a player who draws {a_or_an(bomb)} holding a {names} must play "
        f"one ({words}); you explode only without",
    )


def _uses_clone(s: KittensCore, spec: Spec) -> bool:
    clone = s.table.clone
    return clone >= 0 and (spec.title == clone or (spec.kind == PAIR and spec.arg == clone))


def _explain_clone(s: KittensCore, spec: Spec) -> tuple[str, str]:
    """Why a Clone cannot be played so now (docs/rulings.md §3)."""
    tb = s.table
    held, names = s.ranks_held[s.actor], tb.rname
    if not held[tb.clone]:
        return "Clone", "you hold no Clone"
    if spec.kind == PAIR:
        if not held[spec.title]:
            return "Two of a Kind", f"you hold no {names[spec.title]} to pair with a Clone"
        return _explain_target(s, "Two of a Kind", spec.target)
    if not s.discard:
        return "Clone", "the Discard Pile is empty: a Clone has nothing to copy"
    top = s.top_rank()
    if top == tb.clone:
        return "Clone", "you cannot play a Clone on top of another Clone"
    if top != spec.arg:
        on_top, asked = names[top], names[spec.arg]
        return "Clone", f"a Clone copies the top of the Discard Pile ({on_top}), not {asked}"
    return _explain_target(s, "Clone", spec.target)


def _explain_target(s: KittensCore, rule: str, target: int) -> tuple[str, str]:
    if target == s.current:
        return rule, "choose another player"
    if 0 <= target < s.n and not s.alive[target]:
        return rule, f"seat {target} is not a living player"
    return rule, "not legal now"


def _explain_turn(s: KittensCore, spec: Spec, text: str) -> tuple[str, str]:
    tb, kind, p = s.table, spec.kind, s.current
    held, names = s.ranks_held[p], tb.rname
    rule = {PLAY: "", PLAY_AT: "", PAIR: "Two of a Kind", TRIPLE: "Three of a Kind"}.get(
        kind, "Five different cards"
    )
    if kind in (PLAY, PLAY_AT):
        rule = names[spec.title]
    jokers = held[tb.wild] if tb.wild >= 0 else 0
    if spec.wild > jokers:
        return rule, f"needs {spec.wild} joker(s), you hold {jokers}"
    if kind == FIVE:
        if not s.five_on:
            return rule, "this game was started without the five_different option"
        missing = [names[r] for r in tb.holdable if spec.arg >> r & 1 and not held[r]]
        return rule, f"you hold no {', '.join(missing)}"
    need = COMBO_SIZE[kind] - spec.wild
    if held[spec.title] < need:
        have = held[spec.title]
        return rule, f"needs {need} {names[spec.title]}, you hold {have}"
    if spec.target >= 0:
        return _explain_target(s, rule, spec.target)
    return "turn", f"{text!r} is not legal now"
