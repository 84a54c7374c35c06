"""`swivel-vision`'s exit status tells systemd whether a restart can help
(sysexits: 78 a configuration mistake, not restarted; 69 a camera not there
yet, restarted), its errors say why, a client-only install names the extra to
install instead of a traceback, and `--link socket` without a daemon counts
no batch as sent."""
from __future__ import annotations

import configparser
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from swivel_vision.config import Overrides, apply_overrides, load_board
from swivel_vision.pipeline import Pipeline
from swivel_vision.sender import AccessorySender, SendOutcome
from swivel_vision.sources import ImageSequenceSource, SourceError, diagnose_device
from swivel_vision.stats import PipelineStats
from vision_support import REPO, SIM_BOARD

PYTHON = sys.executable
UNIT = REPO / "packaging" / "systemd" / "swivel-vision.service"


def vision(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYTHON, "-m", "swivel_vision", "--board", str(SIM_BOARD),
                           "--vision-link", str(tmp_path / "vision"), *args],
                          capture_output=True, text=True, timeout=120, cwd=REPO)


def _errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("swivel-vision: error: ")]


def test_a_device_path_that_is_no_camera_exits_78_saying_why(tmp_path: Path) -> None:
    notes = tmp_path / "notes.avi"
    notes.write_text("not a video\n")
    cases = {
        "/dev/vidoe0": "not a camera's name",                 # a typo: no restart will make it appear
        "/dev/null": "not a video4linux device (major 1",     # a character device, but no camera
        "/dev/shm": "it is a directory",
        str(tmp_path / "missing.avi"): "no such file",
        str(notes): "no video it can decode",
    }
    for device, why in cases.items():
        result = vision("--source", "opencv", "--device", device, "--detector", "haar", tmp_path=tmp_path)
        assert result.returncode == 78, (device, result.stderr)
        errors = _errors(result.stderr)
        assert errors and device in errors[-1] and why in errors[-1], (device, result.stderr)
        assert "Traceback" not in result.stderr


def test_a_camera_not_plugged_in_yet_exits_69_saying_so(tmp_path: Path) -> None:
    for device in ("/dev/video99", "/dev/v4l/by-id/usb-Some_Camera-video-index0"):
        result = vision("--source", "opencv", "--device", device, "--detector", "haar", tmp_path=tmp_path)
        assert result.returncode == 69, (device, result.stderr)
        assert f"cannot open {device}: no such device: no camera is connected there" in result.stderr


def test_the_diagnosis_names_each_reason() -> None:
    missing = diagnose_device("/dev/video99")
    assert isinstance(missing, SourceError) and missing.temporary
    typo = diagnose_device("/dev/camera")
    assert isinstance(typo, SourceError) and not typo.temporary
    null = diagnose_device("/dev/null")
    assert isinstance(null, SourceError) and not null.temporary and "major 1," in str(null)
    assert diagnose_device(str(SIM_BOARD)) is None  # a readable regular file: OpenCV decides


def test_status_interval_out_of_range_is_a_configuration_mistake(tmp_path: Path) -> None:
    for value in ("0", "-1", "5000", "nan"):
        for check in ((), ("--check",)):
            result = vision("--status-interval", value, *check, tmp_path=tmp_path)
            assert result.returncode == 78, (value, check, result.stderr)
            assert "--status-interval: must be between 0.1 and 3600 seconds" in result.stderr


def test_the_unit_restarts_a_missing_camera_and_not_a_configuration_mistake() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read_string(UNIT.read_text())
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    prevented = service["RestartPreventExitStatus"].split()
    assert "78" in prevented and "64" in prevented and "69" not in prevented


# What pip's console script runs, in an interpreter where the vision extra's
# packages cannot be imported (a client-only `pip install ./python`).
CLIENT_ONLY = """
import sys

class WithoutTheVisionExtra:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"numpy", "cv2", "mediapipe", "skimage"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, WithoutTheVisionExtra())
for name in [m for m in sys.modules if m.split(".")[0] in {"numpy", "cv2", "mediapipe", "skimage"}]:
    del sys.modules[name]
sys.argv[0] = "swivel-vision"
from swivel_vision.cli import main
sys.exit(main())
"""


def test_a_client_only_install_names_the_vision_extra_without_a_traceback(tmp_path: Path) -> None:
    args = ["--board", str(SIM_BOARD), "--source", "opencv", "--device", "/dev/video0",
            "--vision-link", str(tmp_path / "vision")]
    result = subprocess.run([PYTHON, "-c", CLIENT_ONLY, *args], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert result.returncode == 78, result.stderr
    assert "Traceback" not in result.stderr
    errors = _errors(result.stderr)
    assert len(errors) == 1, result.stderr
    assert "pip install 'swivel[vision]'" in errors[0] and "No module named 'numpy'" in errors[0]
    # The settings check needs none of them.
    check = subprocess.run([PYTHON, "-c", CLIENT_ONLY, *args, "--check"], capture_output=True, text=True, timeout=60,
                           cwd=REPO)
    assert check.returncode == 0, check.stderr


def test_a_host_session_that_never_connects_counts_no_batch_sent(tmp_path: Path) -> None:
    config = apply_overrides(load_board(SIM_BOARD), Overrides(link="socket", socket=str(tmp_path / "none.sock")))
    stats = PipelineStats()
    sender = AccessorySender(str(tmp_path / "none.sock"), stats)
    outcomes = []

    class Nobody:
        name = "nobody"

        def detect(self, frame: object) -> list[object]:
            return []

        def close(self) -> None:
            pass

    source = ImageSequenceSource([np.zeros((120, 160, 3), np.uint8)], frame_rate_hz=30, paced=True, repeat=30)
    pipeline = Pipeline(source, Nobody(), sender, config, stats=stats,
                        on_frame=lambda report: outcomes.append(report.outcome))
    try:
        while pipeline.step() is not None:
            pass
    finally:
        pipeline.close()
    snapshot = stats.snapshot(time.monotonic_ns(), reset_interval=False)
    assert snapshot.batches_sent == 0 and snapshot.batches_accepted == 0, snapshot
    assert snapshot.send_failures >= 20, snapshot
    assert SendOutcome.SENT not in outcomes and SendOutcome.LINK_DOWN in outcomes


def test_link_socket_without_a_daemon_says_nothing_was_sent(tmp_path: Path) -> None:
    video = tmp_path / "grey.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (320, 240))
    for _ in range(300):
        writer.write(np.full((240, 320, 3), 90, np.uint8))
    writer.release()
    process = subprocess.Popen(
        [PYTHON, "-m", "swivel_vision", "--board", str(SIM_BOARD), "--source", "opencv", "--device", str(video),
         "--detector", "haar", "--link", "socket", "--socket", str(tmp_path / "none.sock"), "--status-interval", "0.5"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
    )
    try:
        time.sleep(3.0)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    status = [line for line in stderr.splitlines() if "info: status: " in line]
    assert status, stderr
    for line in status:
        assert "batches sent 0 (acked 0)" in line and "send failures 0" not in line, line
    assert "cannot open a host session on" in stderr


def test_a_detector_that_cannot_start_is_not_restarted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import swivel_vision.detectors as detectors
    from swivel_vision import cli
    from swivel_vision.detectors import DetectorError

    video = tmp_path / "grey.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (320, 240))
    for _ in range(3):
        writer.write(np.full((240, 320, 3), 90, np.uint8))
    writer.release()

    def broken(*_: object, **__: object) -> object:
        raise DetectorError("cannot load the Haar cascade /nowhere/haarcascade_frontalface_default.xml")

    monkeypatch.setattr(detectors, "create_detector", broken)
    config = apply_overrides(load_board(SIM_BOARD), Overrides(source="opencv", device=str(video), detector="haar",
                                                                vision_link=str(tmp_path / "vision")))
    previous = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    try:
        assert cli.run(config) == 78
    finally:
        signal.signal(signal.SIGTERM, previous[0])
        signal.signal(signal.SIGINT, previous[1])
