"""A request or a message the models refuse, said as sentences (issue 46): each names the
field and its limit in the person's language ("name: 1 to 32 characters"), never pydantic's
own English ("String should have at least 1 character"). The HTTP routes' 422 and the
WebSocket's ``bad_message`` error say the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from kaboom.i18n import N_, _

#: pydantic's error types with their words (``{field}`` and the error's ``ctx`` filled in).
WORDS: Final[dict[str, str]] = {
    "missing": N_("{field}: needed"),
    "string_too_short": N_("{field}: at least {min_length} characters"),
    "string_too_long": N_("{field}: at most {max_length} characters"),
    "string_pattern_mismatch": N_("{field}: no control characters"),
    "string_type": N_("{field}: text"),
    "too_short": N_("{field}: at least {min_length} items"),
    "too_long": N_("{field}: at most {max_length} items"),
    "greater_than_equal": N_("{field}: at least {ge}"),
    "greater_than": N_("{field}: more than {gt}"),
    "less_than_equal": N_("{field}: at most {le}"),
    "less_than": N_("{field}: less than {lt}"),
    "int_parsing": N_("{field}: a whole number"),
    "int_type": N_("{field}: a whole number"),
    "int_from_float": N_("{field}: a whole number"),
    "float_parsing": N_("{field}: a number"),
    "float_type": N_("{field}: a number"),
    "bool_parsing": N_("{field}: true or false"),
    "bool_type": N_("{field}: true or false"),
    "literal_error": N_("{field}: one of {expected}"),
    "extra_forbidden": N_("{field}: not a field of this request"),
    "dict_type": N_("{field}: an object"),
    "list_type": N_("{field}: a list"),
    "json_invalid": N_("{field}: JSON that parses"),
    "model_attributes_type": N_("{field}: an object"),
}
#: A name's own words, where a name is 1 to 32 characters (``app.Name``,
#: ``app.guest_name``): one sentence for both of its limits.
NAME_LIMITS: Final = N_("{field}: 1 to {most} characters, none of them a control character")
#: The faults of a name that ``NAME_LIMITS`` says.
NAME_FAULTS: Final = frozenset({"string_too_short", "string_too_long", "string_pattern_mismatch"})
#: How many of a request's faults are said (the first ones).
SAID: Final = 3


def field_of(loc: Sequence[int | str]) -> str:
    """Where the fault is, as the request names it: ``name``, ``seats.2`` (a body's or a
    query's own prefix left out).

    >>> field_of(("body", "name")), field_of(("query", "seat")), field_of(())
    ('name', 'seat', 'request')
    """
    parts = [str(x) for x in loc]
    if parts and parts[0] in ("body", "query", "path", "header"):
        parts = parts[1:]
    return ".".join(parts) or _("request")


def sentence(error: Mapping[str, Any], most_of: Mapping[str, int] | None = None) -> str:
    """One fault in words. ``most_of``: fields that are names, with their longest length.

    >>> sentence({"type": "string_too_short", "loc": ("body", "name"), "ctx": {"min_length": 1},
    ...           "msg": "String should have at least 1 character"}, {"name": 32})
    'name: 1 to 32 characters, none of them a control character'
    >>> sentence({"type": "less_than", "loc": ("body", "seat"), "ctx": {"lt": 16}, "msg": "?"})
    'seat: less than 16'
    >>> sentence({"type": "odd", "loc": ("x",), "msg": "Something odd"})
    'x: Something odd'
    """
    field = field_of(error.get("loc") or ())
    kind = str(error.get("type", ""))
    names = most_of or {}
    if field in names and kind in NAME_FAULTS:
        return _(NAME_LIMITS).format(field=field, most=names[field])
    words = WORDS.get(kind)
    if words is None:
        return f"{field}: {error.get('msg', '')}"
    ctx = {k: _plain(v) for k, v in dict(error.get("ctx") or {}).items()}
    try:
        return _(words).format(field=field, **ctx)
    except (KeyError, IndexError):  # (a context pydantic did not give: its own words)
        return f"{field}: {error.get('msg', '')}"


def sentences(errors: Sequence[Mapping[str, Any]], most_of: Mapping[str, int] | None = None) -> str:
    """The first faults of a request in words, one sentence each, joined by ``;``."""
    return "; ".join(sentence(e, most_of) for e in errors[:SAID])[:300]


def _plain(value: Any) -> str:
    """A limit as it is written: ``16``, ``0.5``, ``'easy', 'medium' or 'hard'``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
