"""A private simulated `swiveld`: for a test, a demo or a maker trying the client without a stand.

`LocalDaemon.start(board)` runs the daemon (`$SWIVELD`, or the binary you
name) on `board` with no simulated camera and no demo, its host pty, vision pty
and socket in one directory (a fresh temp dir unless you give one), no state
file; it returns once the socket and both ptys exist. Its stderr and stdout go
to files in that directory. `stop()` (or leaving the `with` block) sends
SIGTERM, which the daemon answers by decelerating and exiting 0, and kills it
if it has not gone within `stop_timeout_s`. Every failure is a `DaemonError`
carrying the reason and the daemon's stderr.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from .errors import SwivelError

__all__ = ["DaemonError", "LocalDaemon", "swiveld_from_env"]

# How much of the daemon's stderr a DaemonError quotes: the end is where the reason is.
_STDERR_TAIL_CHARS = 4000


class DaemonError(SwivelError):
    """swiveld could not be found, did not start, or stopped answering as expected."""


def swiveld_from_env() -> str:
    """The daemon named by $SWIVELD, checked to be an executable file."""
    path = os.environ.get("SWIVELD", "")
    if not path:
        raise DaemonError(
            "SWIVELD is not set: point it at a built swiveld (make test-python sets it; "
            "by hand: SWIVELD=.build/release/swiveld)"
        )
    if not os.access(path, os.X_OK) or not os.path.isfile(path):
        raise DaemonError(f"SWIVELD={path} is not an executable file")
    return path


class LocalDaemon:
    """A running swiveld with every path under `directory`. Make one with `LocalDaemon.start`."""

    def __init__(self, process: subprocess.Popen[bytes], directory: Path, *, socket_path: str, host_path: str,
                 vision_path: str, owns_directory: bool) -> None:
        self.process = process
        self.directory = directory
        self.socket_path = socket_path
        self.host_path = host_path
        self.vision_path = vision_path
        self._owns_directory = owns_directory
        self._stopped = False

    @classmethod
    def start(
        cls,
        board: str | Path,
        *,
        binary: str | None = None,
        directory: str | Path | None = None,
        socket_path: str | None = None,
        host_path: str | None = None,
        vision_path: str | None = None,
        extra_args: Sequence[str] = (),
        cwd: str | Path | None = None,
        start_timeout_s: float = 20.0,
    ) -> LocalDaemon:
        """Starts swiveld and waits for its socket and ptys; on any failure it is stopped and `DaemonError` raised.

        `directory` None makes a temp dir that `stop` removes; a given one is
        left in place (its stderr and stdout files are for you to read).
        `socket_path`, `host_path`, `vision_path` move one path out of it (a
        test that restarts the daemon on the same link). `extra_args` go last.
        """
        if not start_timeout_s > 0:
            raise DaemonError(f"start_timeout_s must be positive, not {start_timeout_s}")
        executable = binary if binary is not None else swiveld_from_env()
        owns = directory is None
        where = Path(tempfile.mkdtemp(prefix="swivel-daemon-")) if directory is None else Path(directory)
        socket = socket_path or str(where / "swivel.sock")
        host = host_path or str(where / "host")
        vision = vision_path or str(where / "vision")
        command = [
            executable, "--board", str(board), "--scene", "none", "--no-demo",
            "--serial", "pty", "--pty-link", host, "--vision", "pty", "--vision-link", vision,
            "--socket", socket, "--state-dir", "none", *extra_args,
        ]
        try:
            with open(where / "stderr", "wb") as err, open(where / "stdout", "wb") as out:
                process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err, cwd=cwd)
        except OSError as e:
            if owns:
                shutil.rmtree(where, ignore_errors=True)
            raise DaemonError(f"could not run {executable}: {e}") from e
        daemon = cls(process, where, socket_path=socket, host_path=host, vision_path=vision, owns_directory=owns)
        try:
            daemon._wait_for_paths(start_timeout_s)
        except BaseException:
            daemon.stop()
            raise
        return daemon

    def _wait_for_paths(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        paths = (self.socket_path, self.host_path, self.vision_path)
        while not all(os.path.exists(p) for p in paths):
            if self.process.poll() is not None:
                raise DaemonError(f"swiveld exited {self.process.returncode} before its socket appeared:\n"
                                  f"{self.stderr_text()[-_STDERR_TAIL_CHARS:]}")
            if time.monotonic() > deadline:
                raise DaemonError(f"swiveld made no socket within {timeout_s} s:\n"
                                  f"{self.stderr_text()[-_STDERR_TAIL_CHARS:]}")
            time.sleep(0.02)

    def stderr_text(self) -> str:
        """Everything the daemon has written on stderr (its `swiveld: ...` lines)."""
        return self._read("stderr")

    def stdout_text(self) -> str:
        """Its status lines, and the exit summary once it has stopped."""
        return self._read("stdout")

    def _read(self, name: str) -> str:
        try:
            return (self.directory / name).read_text(errors="replace")
        except OSError:
            return ""  # the directory is gone once stop() removed it

    def stop(self, timeout_s: float = 10.0) -> int | None:
        """SIGTERM, then a kill if it has not exited within `timeout_s`. Returns its exit code (None if killed)."""
        code: int | None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                code = self.process.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5.0)
                code = None
        else:
            code = self.process.returncode
        if self._owns_directory and not self._stopped:
            shutil.rmtree(self.directory, ignore_errors=True)
        self._stopped = True
        return code

    def __enter__(self) -> LocalDaemon:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()
