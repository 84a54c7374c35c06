"""`make bench-web` measures what it says: each press on the page's WebSocket reaches the stand and is timed.

No figure is asserted (speed lives in the bench's output, docs/BENCHMARKS.md);
only that every press was seen moving the stand, by both observers, and that
bad options are refused before anything starts.
"""
from __future__ import annotations

import re

import pytest

from swivel_web import bench

from conftest import BOARD


def test_every_press_is_timed_from_both_observers(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--board", str(BOARD), "--presses", "3", "--hold", "0.3", "--rest", "0.1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"stand \(a second swiveld client\): n=3 p50 [\d.]+ ms, p95 [\d.]+ ms", out), out
    assert re.search(r"page \(swivel-web's /ws motion push\): n=3 p50 [\d.]+ ms", out), out
    assert "saw no motion" not in out
    assert "command: python -m swivel_web.bench --board" in out


@pytest.mark.parametrize("args", [["--presses", "0"], ["--speed", "9"], ["--hold", "0.01"], ["--rest", "-1"]])
def test_bad_options_are_refused_before_anything_starts(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(args) == 2
    assert "--presses 1…10000" in capsys.readouterr().err
