"""How many examples the property and fuzz tests draw: the Hypothesis profile in force scales
every count the tests name (README, "Developing").

``tests/conftest.py`` registers two profiles: ``full`` (the default: ``make test`` and CI,
every count as written) and ``fast`` (``make check``: a fiftieth, never under one). Pick one
with Hypothesis's own option, ``pytest --hypothesis-profile=fast``. A test names its count
at full scale, ``settings(max_examples=scaled(150))``; tests that name none get the
profile's ``max_examples`` itself."""

from __future__ import annotations

from hypothesis import settings

#: ``max_examples`` of the ``full`` profile (Hypothesis's own default): the scale's unit.
FULL_EXAMPLES = 100
#: ``max_examples`` of the ``fast`` profile: a fiftieth of every count (at least one).
FAST_EXAMPLES = 2


def register_profiles() -> None:
    """Register ``full`` and ``fast`` and load ``full`` (``--hypothesis-profile`` then
    loads the one asked for, before any test module is imported)."""
    settings.register_profile("full", max_examples=FULL_EXAMPLES)
    settings.register_profile("fast", max_examples=FAST_EXAMPLES)
    settings.load_profile("full")


def factor() -> float:
    """The scale of the profile in force: 1 for ``full``, 0.02 for ``fast``."""
    current = settings.default
    assert current is not None  # (a profile is always loaded)
    return current.max_examples / FULL_EXAMPLES


def scaled(n: int, extra: float = 1.0) -> int:
    """``n`` examples at full scale, scaled by the profile in force (and by ``extra``), at
    least one."""
    return max(1, round(n * factor() * extra))
