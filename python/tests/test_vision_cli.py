"""`swivel-vision` / `python -m swivel_vision` as a program: --check, exit codes,
a video file through the real detector to the daemon's vision pty, the status
line, and SIGTERM ending it cleanly."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2

from swivel.accessory import Accessory
from vision_support import REPO, SIM_BOARD, placed, running_daemon

PYTHON = sys.executable


def vision(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYTHON, "-m", "swivel_vision", *args], capture_output=True, text=True, timeout=120, cwd=REPO, **kwargs)  # type: ignore[call-overload]


def test_check_prints_the_settings_in_force() -> None:
    result = vision("--board", str(SIM_BOARD), "--check", "--detector", "haar", "--fps", "15")
    assert result.returncode == 0, result.stderr
    assert "detector haar" in result.stdout and "at 15 fps" in result.stdout
    assert "vision link /tmp/swivel-vision (921600 baud)" in result.stdout


def test_a_bad_board_or_option_exits_78_naming_the_key(tmp_path: Path) -> None:
    board = tmp_path / "b.json5"
    board.write_text('{backend: "simulated", vision: {widthPx: 10, detector: "fase"}}')
    result = vision("--board", str(board), "--check")
    assert result.returncode == 78
    assert "swivel-vision: error: " in result.stderr
    assert "vision.widthPx (line 1): must be between 64 and 4096, found 10" in result.stderr
    assert 'did you mean "face"?' in result.stderr
    assert vision("--board", str(SIM_BOARD), "--fps", "0", "--check").returncode == 78
    assert vision("--board", str(tmp_path / "missing.json5"), "--check").returncode == 78
    assert vision("--check").returncode == 64  # --board is required
    assert vision("--board", str(SIM_BOARD), "--width", "wide").returncode == 64


def test_a_missing_camera_exits_69(tmp_path: Path) -> None:
    result = vision("--board", str(SIM_BOARD), "--source", "opencv", "--device", "/dev/video99",
                    "--vision-link", str(tmp_path / "vision"))
    assert result.returncode == 69, result.stderr
    assert "cannot open /dev/video99" in result.stderr


def test_a_video_file_drives_the_stand_and_sigterm_stops_cleanly(tmp_path: Path) -> None:
    video = tmp_path / "right.avi"
    frame, _ = placed(640, 480, 0.8, 1 / 3, scale=0.9)
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (640, 480))
    bgr = cv2.cvtColor(frame, cv2.COLOR_RGB2BGR)
    for _ in range(600):
        writer.write(bgr)
    writer.release()
    with running_daemon(tmp_path) as daemon, Accessory.connect(daemon.socket_path, client_name="t") as host:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        process = subprocess.Popen(
            [PYTHON, "-m", "swivel_vision", "--board", str(SIM_BOARD), "--source", "opencv", "--device", str(video),
             "--vision-link", daemon.vision_path, "--status-interval", "1"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO, env=env,
        )
        try:
            deadline = time.monotonic() + 30
            yaw = 0.0
            while time.monotonic() < deadline and process.poll() is None:
                state = host.latest_motion_state()
                yaw = state.positions_rad.yaw if state is not None else 0.0
                if yaw > 0.2:
                    break
                time.sleep(0.1)
            time.sleep(1.2)  # at least one status line
            process.send_signal(signal.SIGTERM)
            _, stderr = process.communicate(timeout=20)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate()
    assert yaw > 0.2, stderr
    assert process.returncode == 0, stderr
    lines = stderr.splitlines()
    assert any(l.startswith("swivel-vision: info: source opencv") for l in lines), stderr
    assert any(l.startswith("swivel-vision: info: vision link ") and "open" in l for l in lines), stderr
    status = [l for l in lines if l.startswith("swivel-vision: info: status: ")]
    assert status, stderr
    assert "fps" in status[0] and "detection p50" in status[0] and "capture-to-send p50" in status[0]
    assert "batches sent" in status[0] and "refused:" in status[0]
    assert any("SIGTERM: stopping" in l for l in lines), stderr
