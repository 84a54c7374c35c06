"""docs/WEB.md's curl examples, run as written against swivel-web on a private swiveld.

Only the address changes (the examples say 127.0.0.1:8080 and swivel.local:8080;
the test's swivel-web listens on a free loopback port) and the token
placeholder is replaced by a token made with `swivel-web token add`, as the
docs say to. An example that no longer matches the API fails here.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from swivel.local_daemon import LocalDaemon

from web_support import SRC, WebProcess

WEB_MD = Path(__file__).resolve().parents[2] / "docs" / "WEB.md"

pytestmark = pytest.mark.skipif(
    shutil.which("curl") is None or shutil.which("jq") is None,
    reason="the examples are curl and jq commands (scripts/ensure-browser.sh installs both)")


def _block_after(marker: str) -> str:
    text = WEB_MD.read_text()
    start = text.index(marker)
    match = re.search(r"```sh\n(.*?)```", text[start:], re.S)
    assert match, f"no sh block after {marker!r} in docs/WEB.md"
    return match.group(1)


def _run(script: str) -> list[object]:
    """The JSON values the example printed, in order (curl adds no newline after a body)."""
    result = subprocess.run(["bash", "-c", "set -eu\n" + script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"the example failed ({result.returncode}):\n{script}\n{result.stderr}"
    decoder, text, values, at = json.JSONDecoder(), result.stdout, [], 0
    while (at := len(text) - len(text[at:].lstrip())) < len(text):
        value, at = decoder.raw_decode(text, at)
        values.append(value)
    return values


@pytest.fixture
def web(daemon: LocalDaemon, tmp_path: Path) -> Iterator[WebProcess]:
    process = WebProcess(daemon.socket_path, tmp_path / "web")
    try:
        yield process
    finally:
        process.stop()


def test_the_loopback_curl_example_runs_as_written(web: WebProcess) -> None:
    script = _block_after("With curl, on the Pi itself").replace("http://127.0.0.1:8080", web.url)
    # WebProcess waited for "docked with", which the service logs only once the first MOTION_STATE arrived.
    motion = web.state()["motion"]
    assert motion is not None
    start_yaw = motion["positions_rad"]["yaw"]
    answers = _run(script)
    # jq's positions first, then the three POSTs' answers.
    assert set(answers[0]) == {"pitch", "yaw", "roll"}, answers  # type: ignore[arg-type]
    assert answers[-3]["ok"] is True, answers          # tracking off
    assert answers[-2]["ok"] is True, answers          # the move
    assert answers[-1]["error"] == "BadRequest" and "yaw" in answers[-1]["reason"], answers
    assert web.state()["stand"]["system_tracking_enabled"] is False
    deadline = time.monotonic() + 10.0
    while abs(web.state()["motion"]["positions_rad"]["yaw"] - start_yaw) < 0.1:
        assert time.monotonic() < deadline, "the example's move did not turn the stand"
        time.sleep(0.1)


def test_the_token_curl_example_runs_with_a_token_made_as_the_docs_say(web: WebProcess) -> None:
    made = subprocess.run(
        [sys.executable, "-m", "swivel_web", "--state-dir", str(web.state_dir), "token", "add", "laptop"],
        capture_output=True, text=True, timeout=30, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip().splitlines()[0]
    script = (_block_after("From another machine, with a token")
              .replace("http://swivel.local:8080", web.url).replace("TOKEN=swv_...", f"TOKEN={token}"))
    answers = _run(script)
    state = answers[0]
    assert isinstance(state, dict) and "motion" in state and "positions_rad" in state["motion"]
    # The animation is the stand's to refuse while system tracking is on: either way the API answered it.
    answer = answers[-1]
    assert isinstance(answer, dict) and answer.get("ok") is True or answer.get("error") == "SystemTrackingActive", answer
