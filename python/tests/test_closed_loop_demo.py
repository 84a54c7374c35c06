"""`make run-vision` at its boundary: the live view serves MJPEG, PNGs are written, and SIGTERM stops the daemon too."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from swivel.local_daemon import swiveld_from_env

REPO = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out += [int(c) for c in text]
    return out


def _wait_for_line(process: subprocess.Popen[str], needle: str, timeout_s: float) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + timeout_s
    assert process.stderr is not None
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line)
        if needle in line:
            return lines
    raise AssertionError(f"no {needle!r} within {timeout_s} s: {''.join(lines)[-2000:]}")


def test_the_demo_serves_the_live_view_and_stops_everything_on_sigterm(tmp_path):
    swiveld = swiveld_from_env()
    port = _free_port()
    png = tmp_path / "png"
    process = subprocess.Popen(
        [sys.executable, "-m", "swivel_vision.demo", "--board", str(REPO / "boards" / "sim.json5"),
         "--port", str(port), "--png-dir", str(png), "--png-every", "10"],
        cwd=REPO, env={**os.environ, "SWIVELD": swiveld}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        _wait_for_line(process, f"http://127.0.0.1:{port}/", 30)
        _wait_for_line(process, "vision link", 30)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
        assert b'src="/stream.mjpg"' in page
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/stream.mjpg", timeout=5) as stream:
            assert stream.headers["Content-Type"].startswith("multipart/x-mixed-replace")
            head = stream.read(200_000)
        # At least one whole JPEG: its start and end markers after a part header.
        assert head.count(b"Content-Type: image/jpeg") >= 1
        start = head.index(b"\xff\xd8")
        assert head.index(b"\xff\xd9", start) > start
        daemons = _children(process.pid)
        assert daemons, "the demo runs swiveld as its child"
        time.sleep(1.0)
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
        rest = process.stderr.read()
        assert "walk / swivel: RMS framing error" in rest, rest[-2000:]
        for pid in daemons:
            assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()
        assert len(list(png.glob("frame-*.png"))) >= 2
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_demo_serves_the_clean_rendered_frames_on_the_frames_socket(tmp_path):
    """The virtual camera's frames take swivel-vision's own frames-socket path (frame_server.py)."""
    from swivel_vision.frame_server import read_record

    path = str(tmp_path / "frames.sock")
    process = subprocess.Popen(
        [sys.executable, "-m", "swivel_vision.demo", "--board", str(REPO / "boards" / "sim.json5"), "--port", "0",
         "--frames-socket", path],
        cwd=REPO, env={**os.environ, "SWIVELD": swiveld_from_env()}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        _wait_for_line(process, "vision link", 60)
        records = []
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as reader:
            reader.connect(path)
            reader.settimeout(20)
            while len(records) < 5:
                record = read_record(reader)
                assert record is not None
                records.append(record)
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert not os.path.exists(path)
    for record in records:
        assert (record.width_px, record.height_px) == (640, 480)
        assert record.jpeg[:2] == b"\xff\xd8" and record.jpeg[-2:] == b"\xff\xd9"
    times = [r.captured_ns for r in records]
    assert times == sorted(times) and len(set(times)) == 5
    import cv2
    import numpy as np

    first = cv2.imdecode(np.frombuffer(records[0].jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert first.shape == (480, 640, 3)


def test_the_demo_refuses_bad_arguments_with_a_reason():
    for args, reason in (
        (["--port", "70000"], "--port must be within"),
        (["--seconds", "-1"], "--seconds must be within"),
        (["--scenario", "moonwalk"], "invalid choice"),
    ):
        done = subprocess.run([sys.executable, "-m", "swivel_vision.demo", *args], cwd=REPO, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and reason in done.stderr, (args, done.stderr)


def test_without_swiveld_the_demo_says_so():
    env = {k: v for k, v in os.environ.items() if k != "SWIVELD"}
    done = subprocess.run(
        [sys.executable, "-m", "swivel_vision.demo", "--port", "0", "--seconds", "1"], cwd=REPO, env=env,
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1 and "SWIVELD is not set" in done.stderr


if __name__ == "__main__":
    pytest.main([__file__])
