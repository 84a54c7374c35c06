"""The daemon fixture: a real `swiveld` on the simulated board, everything in a private temp dir.

Its path comes from $SWIVELD (make's test-python sets it to the built daemon).
A test that needs it FAILS, with the reason, when $SWIVELD is missing: it
never skips silently. The launcher is `swivel.local_daemon.LocalDaemon`.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from swivel.local_daemon import DaemonError, LocalDaemon

REPOSITORY = Path(__file__).resolve().parents[2]
BOARD = REPOSITORY / "boards" / "sim.json5"


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[LocalDaemon]:
    try:
        running = LocalDaemon.start(BOARD, directory=tmp_path)
    except DaemonError as e:
        pytest.fail(str(e), pytrace=False)
    with running:
        yield running
