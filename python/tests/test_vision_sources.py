"""Frame sources: image sequences, OpenCV on a video file, the picamera2 path with a
stand-in module, and `auto` falling back to OpenCV when picamera2 is missing."""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from swivel_vision.config import Overrides, SourceKind, apply_overrides, loads_board
from swivel_vision.sources import (
    ImageSequenceSource,
    OpenCvSource,
    Picamera2Source,
    SourceError,
    boottime_minus_monotonic_ns,
    open_source,
)

BOARD = '{backend: "simulated", serial: [{role: "vision", device: "pty", baud: 921600}]}'


def test_an_image_sequence_hands_out_its_frames_with_monotonic_stamps() -> None:
    frames = [np.full((48, 64, 3), i, np.uint8) for i in range(3)]
    source = ImageSequenceSource(frames, repeat=2)
    before = time.monotonic_ns()
    out = [source.read() for _ in range(7)]
    assert out[-1] is None
    got = [f for f in out if f is not None]
    assert [int(f.pixels_rgb[0, 0, 0]) for f in got] == [0, 1, 2, 0, 1, 2]
    assert [f.index for f in got] == list(range(6))
    assert all(before <= f.captured_ns <= time.monotonic_ns() for f in got)
    assert (source.width_px, source.height_px) == (64, 48)


def test_a_paced_sequence_comes_at_its_frame_rate() -> None:
    source = ImageSequenceSource([np.zeros((8, 8, 3), np.uint8)], frame_rate_hz=50, paced=True, repeat=11)
    stamps = [f.captured_ns for f in iter(source.read, None)]
    assert len(stamps) == 11
    # Ten intervals of 20 ms: at least 0.2 s (a sleep never ends early).
    assert stamps[-1] - stamps[0] >= 199_000_000


def test_bad_frames_are_refused() -> None:
    with pytest.raises(SourceError):
        ImageSequenceSource([])
    with pytest.raises(SourceError):
        ImageSequenceSource([np.zeros((8, 8), np.uint8)])
    with pytest.raises(SourceError):
        ImageSequenceSource([np.zeros((8, 8, 3), np.float64)])
    with pytest.raises(SourceError):
        ImageSequenceSource([np.zeros((8, 8, 3), np.uint8)], frame_rate_hz=0)


def write_video(path: Path, frames: int = 10, fps: float = 25.0) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))
    assert writer.isOpened()
    for i in range(frames):
        image = np.zeros((48, 64, 3), np.uint8)
        image[:, :, 2] = 200  # red in BGR
        image[0, 0] = (i * 20, i * 20, i * 20)
        writer.write(image)
    writer.release()


def test_a_video_file_is_paced_at_its_fps_and_delivered_as_rgb(tmp_path: Path) -> None:
    video = tmp_path / "clip.avi"
    write_video(video)
    source = OpenCvSource(str(video), 640, 480, 30)
    assert (source.width_px, source.height_px) == (64, 48) and source.frame_rate_hz == 25.0
    frames = list(iter(source.read, None))
    source.close()
    assert len(frames) == 10
    # RGB: the red channel is first.
    assert frames[3].pixels_rgb[24, 32, 0] > 150 and frames[3].pixels_rgb[24, 32, 2] < 60
    # Paced at 25 fps: nine intervals of 40 ms (less the first frame's longer decode, a few ms).
    assert frames[-1].captured_ns - frames[0].captured_ns >= 0.33e9


def test_a_missing_file_or_device_is_a_typed_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="cannot open"):
        OpenCvSource(str(tmp_path / "none.avi"), 640, 480, 30)
    with pytest.raises(SourceError, match="cannot open"):
        OpenCvSource("/dev/video99", 640, 480, 30)


def missing_picamera2(name: str) -> Any:
    if name == "picamera2":
        raise ImportError("No module named 'picamera2'")
    raise AssertionError(name)


def test_auto_falls_back_to_opencv_when_picamera2_is_missing(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    video = tmp_path / "clip.avi"
    write_video(video)
    config = apply_overrides(loads_board(BOARD), Overrides(source="auto", device=str(video)))
    assert config.source is SourceKind.AUTO
    with caplog.at_level(logging.INFO, logger="swivel_vision"):
        source = open_source(config, importer=missing_picamera2)
    assert isinstance(source, OpenCvSource)
    source.close()
    assert any("picamera2 is not importable" in r.getMessage() and "using OpenCV" in r.getMessage() for r in caplog.records)


def test_explicit_picamera2_without_it_is_a_typed_error() -> None:
    config = apply_overrides(loads_board(BOARD), Overrides(source="picamera2"))
    with pytest.raises(SourceError, match="cannot import picamera2"):
        open_source(config, importer=missing_picamera2)


def test_virtual_is_not_a_camera_of_swivel_vision() -> None:
    config = apply_overrides(loads_board(BOARD), Overrides(source="virtual"))
    with pytest.raises(SourceError, match="swivel_vision.demo"):
        open_source(config)


class FakeRequest:
    def __init__(self, array: np.ndarray, metadata: dict[str, object]) -> None:
        self.array, self.metadata, self.released = array, metadata, False

    def make_array(self, name: str) -> np.ndarray:
        assert name == "main"
        return self.array

    def get_metadata(self) -> dict[str, object]:
        return self.metadata

    def release(self) -> None:
        self.released = True


class FakePicamera2:
    """Stands in for picamera2.Picamera2 with the calls its manual documents."""

    last: "FakePicamera2"

    def __init__(self) -> None:
        FakePicamera2.last = self
        self.configured: dict[str, Any] | None = None
        self.started = self.stopped = self.closed = False
        self.requests: list[FakeRequest] = []
        self.stamp_ns: int | None = None

    def create_video_configuration(self, **kwargs: Any) -> dict[str, Any]:
        return kwargs

    def configure(self, configuration: dict[str, Any]) -> None:
        self.configured = configuration

    def start(self) -> None:
        self.started = True

    def capture_request(self) -> FakeRequest:
        bgr = np.zeros((48, 64, 3), np.uint8)
        bgr[:, :, 0] = 255  # picamera2's RGB888 is B, G, R in memory: this is blue
        metadata: dict[str, object] = {}
        if self.stamp_ns is not None:
            metadata["SensorTimestamp"] = self.stamp_ns
        self.requests.append(FakeRequest(bgr, metadata))
        return self.requests[-1]

    def stop(self) -> None:
        self.stopped = True

    def close(self) -> None:
        self.closed = True


class FakeModule:
    Picamera2 = FakePicamera2


def test_picamera2_maps_the_sensor_timestamp_from_boottime_to_monotonic() -> None:
    config = apply_overrides(loads_board(BOARD), Overrides(source="picamera2", width_px=64, height_px=64, fps=20))
    source = open_source(config, importer=lambda name: FakeModule)
    assert isinstance(source, Picamera2Source)
    camera = FakePicamera2.last
    assert camera.started and camera.configured is not None
    assert camera.configured["main"] == {"size": (64, 64), "format": "RGB888"}
    assert camera.configured["controls"] == {"FrameRate": 20.0}
    # An exposure 30 ms ago on CLOCK_BOOTTIME.
    camera.stamp_ns = time.clock_gettime_ns(time.CLOCK_BOOTTIME) - 30_000_000
    frame = source.read()
    now = time.monotonic_ns()
    assert frame is not None and camera.requests[-1].released
    assert 29_000_000 <= now - frame.captured_ns <= 60_000_000
    assert frame.pixels_rgb[0, 0, 2] == 255 and frame.pixels_rgb[0, 0, 0] == 0  # blue, as RGB
    camera.stamp_ns = None  # no timestamp in the metadata: the read instant
    frame = source.read()
    assert frame is not None and 0 <= time.monotonic_ns() - frame.captured_ns < 20_000_000
    source.close()
    assert camera.stopped and camera.closed


def test_boottime_and_monotonic_differ_by_suspend_time_only() -> None:
    offset = boottime_minus_monotonic_ns()
    assert offset >= -1_000_000
    assert abs(boottime_minus_monotonic_ns() - offset) < 1_000_000
