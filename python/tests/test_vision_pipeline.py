"""The pipeline as a library: the per-frame report, the confidence gate, identifiers
in the batch, the gesture cadence; and a held open palm through the real daemon."""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from swivel.accessory import Accessory
from swivel.errors import Timeout
from swivel.enums import AccessoryEventKind, GestureKind
from swivel.geometry import NormalizedRectLowerLeft
from swivel.local_daemon import swiveld_from_env
from swivel.messages import AccessoryEvent, DockState, Gesture, Track
from swivel_vision.config import Overrides, apply_overrides, load_board, loads_board
from swivel_vision.detection import Detection, SubjectKind
from swivel_vision.frames import Frame
from swivel_vision.gestures import HandObservation
from swivel_vision.pipeline import FrameReport, Pipeline
from swivel_vision.sender import SendOutcome, VisionLinkSender
from swivel_vision.sources import ImageSequenceSource
from swivel_vision.stats import PipelineStats
from test_vision_gestures import FIST, OPEN
from vision_support import REPO, running_daemon, sim_board_with_vision

CONFIG = apply_overrides(loads_board('{serial: [{role: "vision", device: "pty", baud: 921600}]}'), Overrides())


class ScriptedDetector:
    name = "scripted"

    def __init__(self, per_frame: list[list[Detection]]) -> None:
        self.per_frame, self.calls = per_frame, 0

    def detect(self, frame: Frame) -> list[Detection]:
        result = self.per_frame[min(self.calls, len(self.per_frame) - 1)]
        self.calls += 1
        return result

    def close(self) -> None:
        pass


@dataclass
class RecordingSender:
    tracks: list[Track] = field(default_factory=list)
    gestures: list[Gesture] = field(default_factory=list)
    polls: int = 0

    def send(self, track: Track, captured_ns: int, now_ns: int) -> SendOutcome:
        self.tracks.append(track)
        return SendOutcome.SENT

    def send_gesture(self, gesture: Gesture) -> None:
        self.gestures.append(gesture)

    def poll(self) -> None:
        self.polls += 1

    def close(self) -> None:
        pass


def face(x: float, confidence: float) -> Detection:
    return Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(x, 0.5, 0.1, 0.1), confidence)


def frames(count: int) -> ImageSequenceSource:
    return ImageSequenceSource([np.zeros((48, 64, 3), np.uint8)], repeat=count)


def test_reports_gate_and_identifiers() -> None:
    detector = ScriptedDetector([[face(0.2, 0.9), face(0.6, 0.3)], [face(0.21, 0.9), face(0.6, 0.3)], []])
    reports: list[FrameReport] = []
    sender = RecordingSender()
    pipeline = Pipeline(frames(3), detector, sender, CONFIG, on_frame=reports.append)
    pipeline.run(threading.Event())
    assert len(reports) == 3 and len(sender.tracks) == 3
    # The 0.3 face is under minConfidence 0.5: neither tracked nor sent.
    assert [len(r.tracked) for r in reports] == [1, 1, 0]
    assert [t.identifier for r in reports for t in r.tracked] == [1, 1]
    assert [[o.identifier for o in t.observations] for t in sender.tracks] == [[1], [1], []]
    assert all(r.outcome is SendOutcome.SENT and r.sent_ns is not None and r.track is not None for r in reports)
    assert all(r.detect_ms >= 0 for r in reports)


def test_a_stale_frame_is_counted_not_sent() -> None:
    sender = RecordingSender()
    source = ImageSequenceSource([np.zeros((48, 64, 3), np.uint8)], repeat=1, clock=lambda: 0)
    clock = iter([5_000_000_000] * 10)
    pipeline = Pipeline(source, ScriptedDetector([[]]), sender, CONFIG, clock=lambda: next(clock))
    report = pipeline.step()
    assert report is not None and report.track is None and report.outcome is None
    assert sender.tracks == [] and pipeline.stats.dropped_too_old == 1 and sender.polls == 1


class ScriptedHands:
    """An open palm on the first `open_samples` samples, then a fist."""

    def __init__(self, open_samples: int) -> None:
        self.open_samples, self.calls = open_samples, 0

    def detect(self, frame: Frame) -> list[HandObservation]:
        self.calls += 1
        points = OPEN if self.calls <= self.open_samples else FIST
        return [HandObservation(tuple(points), 0.8)]

    def close(self) -> None:
        pass


def test_the_hand_detector_runs_every_third_frame_and_a_held_palm_sends_one_gesture() -> None:
    # 90 frames at 30 fps (3 s); the palm is held for the first 45 frames (15 samples, 1.5 s).
    clock = [0]
    source = ImageSequenceSource([np.zeros((48, 64, 3), np.uint8)], repeat=90, clock=lambda: clock[0])
    hands = ScriptedHands(open_samples=15)
    sender = RecordingSender()

    def tick(report: FrameReport) -> None:
        clock[0] += 33_333_333

    pipeline = Pipeline(source, ScriptedDetector([[]]), sender, CONFIG, hand_detector=hands, on_frame=tick,
                        clock=lambda: clock[0])
    pipeline.run(threading.Event())
    assert hands.calls == 30
    assert sender.gestures == [Gesture(GestureKind.OPEN_PALM, 0.8)]


def test_a_status_line_every_interval(caplog: pytest.LogCaptureFixture) -> None:
    clock = [0]
    source = ImageSequenceSource([np.zeros((48, 64, 3), np.uint8)], repeat=31, clock=lambda: clock[0])

    def tick(report: FrameReport) -> None:
        clock[0] += 100_000_000

    pipeline = Pipeline(source, ScriptedDetector([[face(0.2, 0.9)]]), RecordingSender(), CONFIG, on_frame=tick,
                        clock=lambda: clock[0], status_interval_s=1.0)
    with caplog.at_level(logging.INFO, logger="swivel_vision"):
        pipeline.run(threading.Event())
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("status: ")]
    # Every second of the 3.1 s of frames, and a last one at the end.
    assert len(lines) == 4, lines
    assert lines[0].startswith("status: 10.0 fps, detection p50 ")


def test_a_held_open_palm_toggles_system_tracking_through_the_daemon(tmp_path: Path) -> None:
    swiveld = swiveld_from_env()
    board = tmp_path / "gestures.json5"
    board.write_text(sim_board_with_vision("gestures: true"))
    import subprocess

    check = subprocess.run([swiveld, "check-board", str(board)], capture_output=True, text=True, timeout=30, cwd=REPO)
    assert check.returncode == 0, check.stdout + check.stderr
    with running_daemon(tmp_path, board=board) as daemon, Accessory.connect(daemon.socket_path, client_name="t") as host:
        events = host.accessory_events()
        docks = host.dock_states()
        config = apply_overrides(load_board(board), Overrides(vision_link=daemon.vision_path))
        assert config.gestures
        stats = PipelineStats()
        source = ImageSequenceSource([np.zeros((120, 160, 3), np.uint8)], frame_rate_hz=30, paced=True, repeat=90)
        pipeline = Pipeline(source, ScriptedDetector([[]]), VisionLinkSender(daemon.vision_path, 921600, stats), config,
                            hand_detector=ScriptedHands(open_samples=15), stats=stats)
        pipeline.run(threading.Event())
        deadline = time.monotonic() + 5
        while stats.gestures_sent < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        pipeline.close()
        assert stats.gestures_sent == 1, stats.snapshot(time.monotonic_ns(), False)
        gesture_events: list[AccessoryEvent] = []
        toggles: list[DockState] = []
        end = time.monotonic() + 2
        while time.monotonic() < end and not (gesture_events and toggles):
            try:
                event = events.get(timeout_s=0.1)
                if event.kind is AccessoryEventKind.GESTURE:
                    gesture_events.append(event)
            except Timeout:
                pass
            while (dock := docks.get_nowait()) is not None:
                if dock.tracking_button_enabled:
                    toggles.append(dock)
    assert len(gesture_events) == 1 and gesture_events[0].button_id == int(GestureKind.OPEN_PALM) and gesture_events[0].pressed
    # System tracking was on (boot, first host); the gesture turned it off, as the tracking button does.
    assert toggles and toggles[-1].system_tracking_enabled is False


def test_a_frame_the_detector_refuses_is_dropped_and_counted_not_sent_as_empty() -> None:
    from swivel_vision.detectors import create_detector
    from swivel_vision.config import DetectorKind

    sender = RecordingSender()
    bad = np.zeros((1, 1, 3), np.uint8)  # too small for any detector
    source = ImageSequenceSource([bad, np.zeros((48, 64, 3), np.uint8)], repeat=1)
    detector = create_detector(DetectorKind.HAAR)
    reports: list[FrameReport] = []
    pipeline = Pipeline(source, detector, sender, CONFIG, on_frame=reports.append)
    pipeline.run(threading.Event())
    assert pipeline.stats.bad_frames == 1
    assert [r.track is None for r in reports] == [True, False]
    assert len(sender.tracks) == 1
