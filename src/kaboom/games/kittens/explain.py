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
    or_list,
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
from kaboom.games.kittens.words import card_name, starts_with_vowel
from kaboom.i18n import _, ngettext, pgettext

#: The phase in which each kind of Clone play can be made.
CLONE_PHASES = frozenset(
    {(PLAY, TURN), (PLAY_AT, TURN), (PAIR, TURN), (NOPE, REACT), (DEFUSE, EXPLODING)}
)

# Dynamitt's refusals are said in the context "Dynamitt": the same English as the other
# editions', and in nb the words of its Norwegian rulebook, quoted
# (../shared/rules/dynamitt-standard-deck.nb.txt).


def _standard(s: KittensCore) -> bool:
    """Whether the game is played with a standard deck (Dynamitt): its ranks are cards'."""
    return bool(s.edition.ranks)


def _pick(s: KittensCore, other: str, dynamitt: str) -> str:
    """The message of this edition: Dynamitt's (its rulebook's words) or the others'."""
    return dynamitt if _standard(s) else other


def _an(name: str, a: str, an: str) -> str:
    """The message whose English article fits ``name`` (``a J``, ``an Exploding Kitten``)."""
    return an if starts_with_vowel(name) else a


def _defuse_rule(s: KittensCore) -> str:
    return _pick(s, _("Defuse"), pgettext("Dynamitt", "Defuse"))


def explain_illegal(s: KittensCore, action: int) -> tuple[str, str]:
    """``(rule, reason)`` for an action id in range that is not legal now, in the context's
    language."""
    spec = s.table.specs[action]
    text = s.table.text(action)
    phase, kind = s.phase, spec.kind
    if phase == OVER:
        return _("game over"), _pick(
            s, _("the game has ended"), pgettext("Dynamitt", "the game has ended")
        )
    if phase == REACT and kind not in (NOPE, PASS):
        return _("Nope"), _("a reaction window is open on {play}: nope or pass").format(
            play=s.window_text()
        )
    if kind in (NOPE, PASS) and phase != REACT:
        return _("Nope"), _pick(
            s,
            _("a Nope only answers a card or combo in its reaction window"),
            pgettext("Dynamitt", "a Nope only answers a card or combo in its reaction window"),
        )
    bomb = s.table.said(s.table.bomb)
    if _uses_clone(s, spec) and (kind, phase) in CLONE_PHASES:
        return _explain_clone(s, spec)
    if phase == REACT and kind == NOPE:
        return _("Nope"), _pick(s, _("you hold no Nope"), pgettext("Dynamitt", "you hold no Nope"))
    why = _explain_bomb(s, spec, bomb) or _explain_decision(s, spec, bomb)
    if why is not None:
        return why
    return _explain_turn(s, spec, text)


def _explain_bomb(s: KittensCore, spec: Spec, bomb: str) -> tuple[str, str] | None:
    """Why not, around a drawn bomb: Defuse or explode, and only then (``None``: no such
    rule)."""
    phase, kind = s.phase, spec.kind
    if phase == EXPLODING and kind == DEFUSE:
        held = s.table.said(spec.title) if spec.title >= 0 else _("Defuse")
        if s.can_defuse(s.actor):
            return _defuse_rule(s), _("you hold no {card}").format(card=held)
        return _defuse_rule(s), _("you hold no {card}: you can only explode ('explode')").format(
            card=held
        )
    if phase == EXPLODING and kind == EXPLODE and s.must_defuse(s.actor):
        return _explain_forced(s, bomb)
    if phase == EXPLODING:
        return bomb, _drew(s, bomb).format(bomb=bomb)
    if kind == DEFUSE:
        return _defuse_rule(s), _only_on_drawing(s, bomb).format(bomb=bomb)
    if kind == EXPLODE:
        return bomb, _explode_only(s, bomb).format(bomb=bomb)
    return None


def _drew(s: KittensCore, bomb: str) -> str:
    if _standard(s):
        return _an(
            bomb,
            pgettext("Dynamitt", "you drew a {bomb}: play a Defuse or explode ('explode')"),
            pgettext("Dynamitt", "you drew an {bomb}: play a Defuse or explode ('explode')"),
        )
    return _an(
        bomb,
        _("you drew a {bomb}: play a Defuse or explode ('explode')"),
        _("you drew an {bomb}: play a Defuse or explode ('explode')"),
    )


def _only_on_drawing(s: KittensCore, bomb: str) -> str:
    if _standard(s):
        return _an(
            bomb,
            pgettext("Dynamitt", "a Defuse is played only when you draw a {bomb}"),
            pgettext("Dynamitt", "a Defuse is played only when you draw an {bomb}"),
        )
    return _an(
        bomb,
        _("a Defuse is played only when you draw a {bomb}"),
        _("a Defuse is played only when you draw an {bomb}"),
    )


def _explode_only(s: KittensCore, bomb: str) -> str:
    if _standard(s):
        return _an(
            bomb,
            pgettext("Dynamitt", "you explode only when you draw a {bomb} and play no Defuse"),
            pgettext("Dynamitt", "you explode only when you draw an {bomb} and play no Defuse"),
        )
    return _an(
        bomb,
        _("you explode only when you draw a {bomb} and play no Defuse"),
        _("you explode only when you draw an {bomb} and play no Defuse"),
    )


def _explain_decision(s: KittensCore, spec: Spec, bomb: str) -> tuple[str, str] | None:
    """Why not, for the decisions that follow a play: placing the bomb, giving a Favor,
    taking from the Discard Pile (``None``: no such rule)."""
    if s.phase == PLACING or spec.kind == PLACE:
        return _explain_placing(s, spec, bomb)
    return _explain_favor(s, spec) or _explain_take(s, spec)


def _explain_placing(s: KittensCore, spec: Spec, bomb: str) -> tuple[str, str]:
    if s.phase == PLACING and spec.kind == PLACE:
        why = _pick(
            s,
            _("put the {bomb} at a position 0..{n} (0 = top)"),
            pgettext("Dynamitt", "put the {bomb} at a position 0..{n} (0 = top)"),
        )
        return _defuse_rule(s), why.format(bomb=bomb, n=len(s.pile))
    if s.phase == PLACING:
        return _defuse_rule(s), _("put the defused {bomb} back in the Draw Pile first").format(
            bomb=bomb
        )
    return _defuse_rule(s), _("there is no defused {bomb} to put back").format(bomb=bomb)


def _explain_favor(s: KittensCore, spec: Spec) -> tuple[str, str] | None:
    if s.phase == GIVING:
        if spec.kind == GIVE:
            card = card_name(s.edition.names[spec.title])
            return _("Favor"), _("you hold no {card} to give").format(card=card)
        return _("Favor"), _("seat {seat} must first choose a card to give").format(seat=s.actor)
    if spec.kind == GIVE:
        return _("Favor"), _("nobody asked you for a Favor")
    return None


def _explain_take(s: KittensCore, spec: Spec) -> tuple[str, str] | None:
    rule = _("Five different cards")
    if s.phase == TAKING:
        if spec.kind == TAKE:
            card = card_name(s.edition.names[spec.title])
            return rule, _("no {card} in the Discard Pile").format(card=card)
        return rule, _("take a card from the Discard Pile first")
    if spec.kind == TAKE:
        return rule, _("there is nothing to take now")
    return None


def _explain_forced(s: KittensCore, bomb: str) -> tuple[str, str]:
    """Why ``explode`` is refused: the edition forces a Defuse held (``must_defuse``;
    Dynamitt, "2. Trekke kort": "Om du har ei dame eller en konge på hånda, må du nå spille
    ut en av dem")."""
    tb, held = s.table, s.ranks_held[s.actor]
    ranks = [r for r in tb.defuse_ranks if held[r]]
    names = or_list([tb.said(r) for r in tb.defuse_ranks])
    words = or_list([f"'{tb.text(tb.defuse_by_rank[r])}'" for r in ranks])
    hold = _and_list([_a_card(tb.said(r)) for r in ranks])
    if _standard(s):
        why = _an(
            bomb,
            pgettext(
                "Dynamitt",
                "you hold {hold}: a player who draws a {bomb} holding a {defuses} must play "
                "one ({actions}); you explode only without",
            ),
            pgettext(
                "Dynamitt",
                "you hold {hold}: a player who draws an {bomb} holding a {defuses} must play "
                "one ({actions}); you explode only without",
            ),
        )
    else:
        why = _an(
            bomb,
            _(
                "you hold {hold}: a player who draws a {bomb} holding a {defuses} must play "
                "one ({actions}); you explode only without"
            ),
            _(
                "you hold {hold}: a player who draws an {bomb} holding a {defuses} must play "
                "one ({actions}); you explode only without"
            ),
        )
    return _defuse_rule(s), why.format(hold=hold, bomb=bomb, defuses=names, actions=words)


def _a_card(name: str) -> str:
    """One card of ``name``, with its article (``a Q``, ``an A``; nb ``ei dame``)."""
    return _an(name, _("a {card}"), _("an {card}")).format(card=name)


def _and_list(parts: list[str]) -> str:
    said = parts[0]
    for part in parts[1:]:
        said = _("{first} and {second}").format(first=said, second=part)
    return said


def _uses_clone(s: KittensCore, spec: Spec) -> bool:
    clone = s.table.clone
    return clone >= 0 and (spec.title == clone or (spec.kind == PAIR and spec.arg == clone))


def _explain_clone(s: KittensCore, spec: Spec) -> tuple[str, str]:
    """Why a Clone cannot be played so now (docs/rulings.md §3)."""
    tb = s.table
    held = s.ranks_held[s.actor]
    if not held[tb.clone]:
        return _("Clone"), _("you hold no Clone")
    if spec.kind == PAIR:
        if not held[spec.title]:
            return _("Two of a Kind"), _("you hold no {card} to pair with a Clone").format(
                card=tb.said(spec.title)
            )
        return _explain_target(s, _("Two of a Kind"), spec.target)
    if not s.discard:
        return _("Clone"), _("the Discard Pile is empty: a Clone has nothing to copy")
    top = s.top_rank()
    if top == tb.clone:
        return _("Clone"), _("you cannot play a Clone on top of another Clone")
    if top != spec.arg:
        return _("Clone"), _(
            "a Clone copies the top of the Discard Pile ({top}), not {asked}"
        ).format(top=tb.said(top), asked=tb.said(spec.arg))
    return _explain_target(s, _("Clone"), spec.target)


def _explain_target(s: KittensCore, rule: str, target: int) -> tuple[str, str]:
    if target == s.current:
        return rule, _("choose another player")
    if 0 <= target < s.n and not s.alive[target]:
        return rule, _("seat {seat} is not a living player").format(seat=target)
    return rule, _("not legal now")


def _turn_rule(s: KittensCore, spec: Spec) -> str:
    if spec.kind in (PLAY, PLAY_AT):
        return s.table.said(spec.title)
    if spec.kind == PAIR:
        return _("Two of a Kind")
    if spec.kind == TRIPLE:
        return _("Three of a Kind")
    return _("Five different cards")


def _explain_turn(s: KittensCore, spec: Spec, text: str) -> tuple[str, str]:
    tb, kind, p = s.table, spec.kind, s.current
    held = s.ranks_held[p]
    rule = _turn_rule(s, spec)
    jokers = held[tb.wild] if tb.wild >= 0 else 0
    if spec.wild > jokers:
        return rule, ngettext(
            "needs {n} joker(s), you hold {held}", "needs {n} joker(s), you hold {held}", spec.wild
        ).format(n=spec.wild, held=jokers)
    if kind == FIVE:
        if not s.five_on:
            return rule, _("this game was started without the five_different option")
        missing = [tb.said(r) for r in tb.holdable if spec.arg >> r & 1 and not held[r]]
        return rule, _("you hold no {card}").format(card=", ".join(missing))
    need = COMBO_SIZE[kind] - spec.wild
    if held[spec.title] < need:
        return rule, ngettext(
            "needs {n} {card}, you hold {held}", "needs {n} {card}, you hold {held}", need
        ).format(n=need, card=tb.said(spec.title), held=held[spec.title])
    if spec.target >= 0:
        return _explain_target(s, rule, spec.target)
    return _("turn"), _("{action} is not legal now").format(action=repr(text))
