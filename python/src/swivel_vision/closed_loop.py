"""The closed loop on real pixels: the real swiveld, a rendered camera, the real detector.

`run_closed_loop` starts `swiveld` (the path in $SWIVELD; `swivel.local_daemon`)
on the simulated board with no simulated camera, docks a host session on its socket
(`swivel.Accessory`) for the pose (MOTION_STATE, 50 Hz), renders each frame
from the stand's pose at its capture (`VirtualCamera`), and either runs the
swivel-vision `Pipeline` on it (the board's detector, MediaPipe BlazeFace by
default, the IoU tracker, the TRACK builder, the vision-link sender: system
tracking, the stand's own tracking drives) or, as the naive baseline, turns
system tracking off and commands velocity as a host from the same detector's
boxes (`naive.py`). The stand moves; the next frame is rendered from where it
went. It returns the score (`scoring.py`) and the recording, per frame: the
time, the person's true angles, the stand's pose, the detections.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Callable

import numpy as np

from swivel.accessory import Accessory
from swivel.enums import CameraPosition
from swivel.geometry import Vector3
from swivel.local_daemon import DaemonError, LocalDaemon

from .config import VisionConfig, load_board
from .detection import Detection, Detector
from .detectors import create_detector
from .frames import Frame
from .naive import DEFAULT_GAIN_PER_S, naive_velocity
from .pipeline import FrameReport, Pipeline
from .pose_feed import MotionFeed, MotionSample, MotionStatePose
from .scoring import FrameRecord, Score, score
from .sender import VisionLinkSender
from .stats import PipelineStats
from .track_builder import intrinsics_for_frame
from .virtual_camera import CaptureTruth, PinholeCamera, VirtualCamera
from .world import World, scenario

log = logging.getLogger(__name__)


# -- the board's camera ------------------------------------------------------------


def camera_for(config: VisionConfig) -> tuple[PinholeCamera, CameraPosition]:
    """The pinhole the TRACK builder describes to the stand: the board's intrinsics, else its field of view."""
    k = intrinsics_for_frame(config, config.width_px, config.height_px)
    position = CameraPosition(config.camera_position.wire_value)
    return PinholeCamera(config.width_px, config.height_px, k.fx_px, k.fy_px, k.cx_px, k.cy_px), position


# -- the run -----------------------------------------------------------------------


@dataclass(slots=True)
class LoopStats:
    frames_read: int = 0
    frames_dropped: int = 0
    batches_sent: int = 0
    batches_accepted: int = 0
    skipped_for_rate: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    render_ms_mean: float = 0.0
    detect_ms_mean: float = 0.0
    # Per batch sent: capture (the frame's captured_ns) to the TRACK handed to the link, ms.
    capture_to_send_ms: list[float] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class LoopResult:
    scenario: str
    controller: "Controller"
    score: Score
    records: list[FrameRecord]
    stats: LoopStats
    # The MOTION_STATEs the host session received, stamped with their arrival.
    motion: list[MotionSample] = field(default_factory=list)


class Controller(Enum):
    SWIVEL = "swivel"
    NAIVE = "naive"


FrameHook = Callable[[Frame, FrameRecord, "LoopContext"], None]


@dataclass(slots=True)
class LoopContext:
    """What a hook (the live view) may look at while the loop runs."""

    camera: PinholeCamera
    scenario: str
    controller: Controller
    records: list[FrameRecord]


def record_of(truth: CaptureTruth, camera: PinholeCamera, detections: list[Detection], identifiers: list[int]) -> FrameRecord:
    return FrameRecord(
        truth.world_time_s, truth.index, truth.face_yaw_rad, truth.face_elevation_rad, truth.pose.yaw_rad,
        truth.pose.pitch_rad, truth.face_center_px, camera.width_px, camera.height_px, tuple(detections),
        tuple(identifiers), truth.captured_ns,
    )


def run_closed_loop(
    scenario_name: str,
    controller: Controller = Controller.SWIVEL,
    *,
    board: str | Path = "boards/sim.json5",
    seconds: float | None = None,
    latency_s: float = 0.033,
    seed: int = 1,
    detector: Detector | None = None,
    naive_gain_per_s: float = DEFAULT_GAIN_PER_S,
    on_frame: FrameHook | None = None,
    on_capture: Callable[[Frame], None] | None = None,
    stop: Callable[[], bool] | None = None,
    loop_world: bool = False,
    world: World | None = None,
) -> LoopResult:
    """Runs one scenario for its duration (or `seconds` of wall time) and scores it.

    `on_capture` gets each rendered frame before the detector sees it, as
    swivel-vision's frames socket does a camera's (frame_server.py).
    """
    spec = world.scenario if world is not None else scenario(scenario_name)
    world = world or World(spec)
    config = load_board(board)
    pinhole, position = camera_for(config)
    own_detector = detector is None
    det = detector or create_detector(config.detector, config.min_confidence)
    stats = LoopStats()
    records: list[FrameRecord] = []
    context = LoopContext(pinhole, scenario_name, controller, records)
    # Warm the detector up (MediaPipe builds its graph on the first frame) before the clock starts.
    det.detect(Frame(np.zeros((pinhole.height_px, pinhole.width_px, 3), np.uint8), time.monotonic_ns(), -1))
    daemon = LocalDaemon.start(board)
    accessory: Accessory | None = None
    sender: VisionLinkSender | None = None
    camera: VirtualCamera | None = None
    feed: MotionFeed | None = None
    pipeline_stats = PipelineStats()
    detect_ns = 0
    try:
        accessory = Accessory.connect(daemon.socket_path, client_name="swivel-vision-loop")
        feed = MotionFeed(accessory)
        if controller is Controller.NAIVE:
            accessory.set_system_tracking(False)
        # The first pose first, so the first frame is rendered where the stand really is.
        deadline = time.monotonic() + 2.0
        while feed.latest() is None:
            if time.monotonic() > deadline:
                raise DaemonError("no MOTION_STATE within 2 s of docking")
            time.sleep(0.01)
        camera = VirtualCamera(
            world, pinhole, MotionStatePose(feed.latest), position=position, frame_rate_hz=config.frame_rate_hz,
            latency_s=latency_s, seed=seed, loop=loop_world,
        )
        camera.start()
        end_ns = camera.start_ns + int((seconds if seconds is not None else spec.duration_s) * 1e9)

        def keep(frame: Frame, detections: list[Detection], identifiers: list[int]) -> None:
            truth = camera.truth(frame.index)
            if truth is None:
                return
            record = record_of(truth, pinhole, detections, identifiers)
            records.append(record)
            if on_frame is not None:
                on_frame(frame, record, context)

        if controller is Controller.SWIVEL:
            sender = VisionLinkSender(daemon.vision_path, config.vision_baud, pipeline_stats)

            def on_report(report: FrameReport) -> None:
                if report.sent_ns is not None and report.track is not None:
                    stats.capture_to_send_ms.append((report.sent_ns - report.frame.captured_ns) / 1e6)
                keep(report.frame, [t.detection for t in report.tracked], [t.identifier for t in report.tracked])

            pipeline = Pipeline(
                camera, det, sender, config, on_frame=on_report, on_capture=on_capture, stats=pipeline_stats, status_interval_s=3600
            )
            while not (stop is not None and stop()):
                report = pipeline.step()
                if report is None or report.frame.captured_ns > end_ns:
                    break
                stats.frames_read += 1
            sender.poll()
            detect_ns = int(sum(pipeline_stats.detect_ms.samples) * 1e6)
        else:
            while not (stop is not None and stop()):
                frame = camera.read()
                if frame is None or frame.captured_ns > end_ns:
                    break
                stats.frames_read += 1
                if on_capture is not None:
                    on_capture(frame)
                t0 = time.monotonic_ns()
                detections = [d for d in det.detect(frame) if d.confidence >= config.min_confidence]
                detect_ns += time.monotonic_ns() - t0
                command = naive_velocity(detections, pinhole, naive_gain_per_s, position)
                accessory.set_angular_velocity(Vector3(pitch=command.pitch_rad_per_s, yaw=command.yaw_rad_per_s))
                keep(frame, detections, list(range(1, len(detections) + 1)))
    finally:
        if camera is not None:
            stats.frames_dropped = camera.dropped
            stats.render_ms_mean = camera.render_cpu_ns / max(1, camera.rendered) / 1e6
            camera.close()
        if sender is not None:
            snap = pipeline_stats.snapshot(time.monotonic_ns(), reset_interval=False)
            stats.batches_sent, stats.batches_accepted = snap.batches_sent, snap.batches_accepted
            stats.skipped_for_rate, stats.refused = snap.skipped_for_rate, dict(snap.refused)
            sender.close()
        motion = feed.samples() if feed is not None else []
        if accessory is not None:
            try:
                accessory.close()
            except Exception:  # noqa: BLE001 - the daemon must be stopped whatever the session did
                log.exception("closing the host session")
        daemon.stop()
        if own_detector:
            det.close()
    stats.detect_ms_mean = detect_ns / max(1, stats.frames_read) / 1e6
    return LoopResult(scenario_name, controller, score(records, spec.first_hold_s()), records, stats, motion)
