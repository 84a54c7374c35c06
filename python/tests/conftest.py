"""The daemon fixture: a real `swiveld` on the simulated board, everything in a private temp dir.

Its path comes from $SWIVELD (make's test-python sets it to the built daemon).
A test that needs it FAILS, with the reason, when $SWIVELD is missing: it
never skips silently.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
BOARD = REPOSITORY / "boards" / "sim.json5"


@dataclass(frozen=True)
class Daemon:
    process: subprocess.Popen[bytes]
    directory: Path

    @property
    def socket(self) -> str:
        return str(self.directory / "swivel.sock")

    @property
    def host_pty(self) -> str:
        return str(self.directory / "host")

    @property
    def vision_pty(self) -> str:
        return str(self.directory / "vision")

    def log(self) -> str:
        return (self.directory / "stderr").read_text(errors="replace")

    def stdout(self) -> str:
        """Its status lines, and the exit summary once it has stopped."""
        return (self.directory / "stdout").read_text(errors="replace")


def _swiveld() -> str:
    path = os.environ.get("SWIVELD", "")
    if not path:
        pytest.fail("SWIVELD is not set: point it at a built swiveld (make test-python sets it; "
                    "by hand: SWIVELD=/path/to/swiveld python -m pytest python/tests)", pytrace=False)
    if not os.access(path, os.X_OK):
        pytest.fail(f"SWIVELD={path} is not an executable swiveld", pytrace=False)
    return path


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    binary = _swiveld()
    stderr = open(tmp_path / "stderr", "wb")
    stdout = open(tmp_path / "stdout", "wb")
    process = subprocess.Popen(
        [binary, "--board", str(BOARD), "--scene", "none", "--no-demo", "--serial", "pty",
         "--pty-link", str(tmp_path / "host"), "--vision", "pty", "--vision-link", str(tmp_path / "vision"),
         "--socket", str(tmp_path / "swivel.sock"), "--state-dir", "none"],
        stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
    )
    stderr.close()
    stdout.close()
    daemon = Daemon(process, tmp_path)
    try:
        deadline = time.monotonic() + 15.0
        while not all(os.path.exists(p) for p in (daemon.socket, daemon.host_pty, daemon.vision_pty)):
            if process.poll() is not None:
                pytest.fail(f"swiveld exited {process.returncode} before its socket appeared:\n{daemon.log()}")
            if time.monotonic() > deadline:
                pytest.fail(f"swiveld's socket did not appear within 15 s:\n{daemon.log()}")
            time.sleep(0.05)
        yield daemon
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
