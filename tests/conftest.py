"""Shared test settings: the hypothesis profile and the location of ../shared.

``BELA_DEEP=1`` makes the random tests (properties, differential) run many more cases; the
default keeps the whole suite well under a minute on two cores.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from strategies import EXAMPLES

# No deadline: a match takes milliseconds, but a loaded CI machine must not turn that into a failure.
settings.register_profile("bela", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "bela-deep", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=2000
)
settings.load_profile("bela-deep" if os.environ.get("BELA_DEEP", "") not in ("", "0") else "bela")


@pytest.fixture(scope="session")
def examples_dir() -> Path:
    """/work/shared/examples beside the repository; a clear failure when it is missing."""
    if not (EXAMPLES / "README.md").is_file():
        pytest.fail(
            f"the shared examples are missing: expected {EXAMPLES} (the repository's ../shared); "
            "clone the project beside its shared/ folder",
            pytrace=False,
        )
    return EXAMPLES
