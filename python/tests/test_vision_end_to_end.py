"""swivel-vision against the real daemon (SWIVELD): the astronaut placed off
centre -> the real MediaPipe detector -> TRACK over the vision pty -> the stand
turns toward her, seen through a host session's MOTION_STATE."""
from __future__ import annotations

import threading
import time

from swivel.accessory import Accessory
from swivel.local_daemon import LocalDaemon
from swivel_vision.config import DetectorKind, Overrides, apply_overrides, load_board
from swivel_vision.detectors import create_detector
from swivel_vision.pipeline import FrameReport, Pipeline
from swivel_vision.sender import SendOutcome, VisionLinkSender
from swivel_vision.sources import ImageSequenceSource
from swivel_vision.stats import PipelineStats
from vision_support import SIM_BOARD, placed


def follow(daemon: LocalDaemon, centre: tuple[float, float], seconds: float = 3.0) -> tuple[list[tuple[float, float]], PipelineStats, list[FrameReport]]:
    """Runs the pipeline on a still frame for `seconds`; returns (pitch, yaw) samples of MOTION_STATE."""
    config = apply_overrides(load_board(SIM_BOARD), Overrides(vision_link=daemon.vision_path))
    # BlazeFace short range wants a face of about 13% of the frame height or more (docs/VISION.md).
    pixels, _ = placed(config.width_px, config.height_px, *centre, scale=0.9)
    stats = PipelineStats()
    reports: list[FrameReport] = []
    source = ImageSequenceSource([pixels], frame_rate_hz=30, paced=True, repeat=0)
    sender = VisionLinkSender(config.vision_link_path or "", config.vision_baud, stats)
    pipeline = Pipeline(source, create_detector(DetectorKind.FACE), sender, config, stats=stats, on_frame=reports.append)
    poses: list[tuple[float, float]] = []
    with Accessory.connect(daemon.socket_path, client_name="test-vision") as host:
        stop = threading.Event()
        worker = threading.Thread(target=pipeline.run, args=(stop,), daemon=True)
        worker.start()
        try:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline and worker.is_alive():
                state = host.latest_motion_state()
                if state is not None:
                    poses.append((state.positions_rad.pitch, state.positions_rad.yaw))
                time.sleep(0.02)
        finally:
            stop.set()
            worker.join(timeout=10)
            pipeline.close()
        assert not worker.is_alive(), "the pipeline did not stop"
    return poses, stats, reports


def check_link_health(stats: PipelineStats, reports: list[FrameReport]) -> None:
    snapshot = stats.snapshot(time.monotonic_ns(), reset_interval=False)
    assert snapshot.batches_sent >= 40, snapshot
    assert snapshot.batches_accepted >= snapshot.batches_sent - 3, snapshot  # the last few may be unanswered at stop
    assert "invalidParameter" not in snapshot.refused, snapshot.refused
    # The stand counts arrivals, so a stall on a loaded machine bunches them; its
    # bucket holds 6 more than the sender's guard lets out at once: none is refused.
    assert snapshot.refused.get("frameRateTooHigh", 0) == 0, snapshot.refused
    sent = [r for r in reports if r.outcome is SendOutcome.SENT]
    assert all(r.track is not None and len(r.track.observations) == 1 for r in sent[:10])
    # TRACK carries the frame's real age: positive (detection took time), well under the 1 s limit.
    assert all(0 < r.track.capture_age_us < 500_000 for r in sent if r.track is not None)


def test_a_face_right_of_centre_turns_the_stand_to_positive_yaw(daemon: LocalDaemon) -> None:
    # On the upper third line, where framing puts people: no vertical correction needed.
    poses, stats, reports = follow(daemon, (0.8, 1 / 3))
    check_link_health(stats, reports)
    assert poses and abs(poses[0][1]) < 0.01, poses[:3]
    pitch, yaw = poses[-1]
    assert yaw > 0.15, poses[-5:]
    # Centred vertically: pitch moves far less than yaw.
    assert abs(pitch) < 0.3 * yaw, poses[-5:]


def test_a_face_above_centre_pitches_the_back_camera_negative(daemon: LocalDaemon) -> None:
    # Above the upper third line (the framing target for people): the back camera
    # tilts its view up, which is negative pitch (docs/TRACKING.md, "Spaces and signs").
    poses, stats, reports = follow(daemon, (0.5, 0.12))
    check_link_health(stats, reports)
    pitch, yaw = poses[-1]
    assert pitch < -0.15, poses[-5:]
    assert abs(yaw) < 0.3 * abs(pitch), poses[-5:]
