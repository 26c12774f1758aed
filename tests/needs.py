"""What a test needs that may be missing here (a service, a browser, an optional extra, the
compiled build). Under CI (``CI=true``) its absence fails the test: CI must run it. Elsewhere
the test is skipped with the reason."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

ON_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(reason: str, hint: str = "") -> NoReturn:
    """Fail under CI, else skip, saying what is missing (``hint``: how to get it, shown
    with the skip)."""
    if ON_CI:
        pytest.fail(f"{reason}; under CI this test must run")
    pytest.skip(f"{reason}{hint}")
