"""The type of JSON: what ``json.loads`` gives and ``json.dumps`` takes, defined once.

A value read from outside (a file, a message, a request) is a ``JsonValue``; code that needs
a field of it narrows with ``isinstance`` (or reads it through a schema-checked
``TypedDict``), so no untyped value spreads from the edges into the program.
"""

from __future__ import annotations

from typing import TypeAlias

#: A JSON value, recursively.
JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"

#: A JSON object (``{...}``): the shape of every message, record and report.
JsonObject: TypeAlias = "dict[str, JsonValue]"
