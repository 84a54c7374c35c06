"""The closed loop on real pixels: the real swiveld, a rendered camera, the real detector.

`run_closed_loop` starts `swiveld` (the path in $SWIVELD) on the simulated
board with no simulated camera, docks a host session on its socket for the
pose (MOTION_STATE, 50 Hz), renders each frame from the stand's pose at its
capture (`VirtualCamera`), runs MediaPipe's face detector on it, and either
sends TRACK over the daemon's vision pty (controller "swivel": system tracking,
the stand's own tracking drives) or, as the naive baseline, turns system
tracking off and commands velocity as a host (controller "naive",
`naive.py`). The stand moves; the next frame is rendered from where it went.
It returns the score (`scoring.py`) and the recording, per frame: the time, the
person's true angles, the stand's pose, the detections.
"""
from __future__ import annotations

import logging
import math
import os
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Callable

import numpy as np

from .detection import Detection, Detector
from .frames import Frame
from .interim_link import BoardFileError, HostSession, MediaPipeFaceDetector, VisionSender, read_json5, track_payload
from .naive import DEFAULT_GAIN_PER_S, naive_velocity
from .pose_feed import MotionStatePose
from .scoring import FrameRecord, Score, score
from .virtual_camera import CameraPosition, CaptureTruth, PinholeCamera, VirtualCamera
from .world import World, scenario

log = logging.getLogger(__name__)

class DaemonError(RuntimeError):
    """swiveld could not be found, did not start, or did not stop."""


class Controller(Enum):
    SWIVEL = "swivel"
    NAIVE = "naive"


def swiveld_path() -> str:
    path = os.environ.get("SWIVELD", "")
    if not path:
        raise DaemonError(
            "SWIVELD is not set: it must name a built swiveld (make test-python sets it; "
            "by hand: SWIVELD=.build/release/swiveld)"
        )
    if not os.access(path, os.X_OK):
        raise DaemonError(f"SWIVELD={path} is not an executable file")
    return path


class Daemon:
    """swiveld on a board, every path in a private temp dir; SIGTERM on exit (killed if it hangs)."""

    def __init__(self, board: str | Path, binary: str | None = None, start_timeout_s: float = 10.0) -> None:
        self.binary = binary or swiveld_path()
        self.board = str(board)
        self.dir = Path(tempfile.mkdtemp(prefix="swivel-loop-"))
        self.socket_path = str(self.dir / "swivel.sock")
        self.vision_path = str(self.dir / "vision")
        self._stderr = open(self.dir / "stderr.log", "wb")
        args = [
            self.binary, "--board", self.board, "--scene", "none", "--no-demo",
            "--serial", "pty", "--pty-link", str(self.dir / "host"),
            "--vision", "pty", "--vision-link", self.vision_path,
            "--socket", self.socket_path, "--state-dir", "none",
        ]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=self._stderr)
        deadline = time.monotonic() + start_timeout_s
        try:
            while not (os.path.exists(self.socket_path) and os.path.exists(self.vision_path)):
                if self.process.poll() is not None:
                    raise DaemonError(f"swiveld exited {self.process.returncode} at start: {self.stderr_text()}")
                if time.monotonic() > deadline:
                    raise DaemonError(f"swiveld made no socket within {start_timeout_s} s: {self.stderr_text()}")
                time.sleep(0.02)
        except BaseException:
            self.stop()
            raise

    def stderr_text(self) -> str:
        self._stderr.flush()
        return (self.dir / "stderr.log").read_text(errors="replace")[-2000:]

    def stop(self, timeout_s: float = 5.0) -> int | None:
        code: int | None = None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                code = self.process.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(2.0)
                code = None
        else:
            code = self.process.returncode
        self._stderr.close()
        shutil.rmtree(self.dir, ignore_errors=True)
        return code

    def __enter__(self) -> "Daemon":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# -- the board's camera ------------------------------------------------------------

_DEVICE_TYPES = {"wideAngle": 1, "ultraWide": 2, "telephoto": 3, "other": 4}
_DEFAULT_FOV = {"wideAngle": (1.107, 0.860), "ultraWide": (1.745, 1.396), "telephoto": (0.489, 0.370), "other": (1.107, 0.860)}


@dataclass(frozen=True, slots=True)
class BoardCamera:
    camera: PinholeCamera
    position: CameraPosition
    device_type: str
    frame_rate_hz: float


def _number(section: dict, key: str, default: float, low: float, high: float, where: str) -> float:
    v = section.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not low <= v <= high:
        raise BoardFileError(f"{where}.{key} must be a number within {low}…{high}, got {v!r}")
    return float(v)


def board_camera(board_file: str | Path) -> BoardCamera:
    """The vision section's camera (docs: common brief's table) with the board's field of view for its device type."""
    board = read_json5(Path(board_file).read_text())
    if not isinstance(board, dict):
        raise BoardFileError("a board file is an object")
    vision = board.get("vision", {})
    camera_section = board.get("camera", {})
    if not isinstance(vision, dict) or not isinstance(camera_section, dict):
        raise BoardFileError("vision and camera must be objects")
    width = int(_number(vision, "widthPx", 640, 64, 4096, "vision"))
    height = int(_number(vision, "heightPx", 480, 64, 4096, "vision"))
    rate = _number(vision, "frameRateHz", 30, 1, 30, "vision")
    device = vision.get("cameraDeviceType", "wideAngle")
    if device not in _DEVICE_TYPES:
        raise BoardFileError(f"vision.cameraDeviceType must be one of {', '.join(_DEVICE_TYPES)}, got {device!r}")
    position_name = vision.get("cameraPosition", "back")
    if position_name not in ("back", "front"):
        raise BoardFileError(f"vision.cameraPosition must be back or front, got {position_name!r}")
    intrinsics = vision.get("intrinsics")
    if intrinsics is not None:
        if not isinstance(intrinsics, dict):
            raise BoardFileError("vision.intrinsics must be an object { fxPx, fyPx, cxPx, cyPx }")
        w = "vision.intrinsics"
        camera = PinholeCamera(
            width, height, _number(intrinsics, "fxPx", math.nan, 1, 1e6, w), _number(intrinsics, "fyPx", math.nan, 1, 1e6, w),
            _number(intrinsics, "cxPx", math.nan, -1e6, 1e6, w), _number(intrinsics, "cyPx", math.nan, -1e6, 1e6, w),
        )
    else:
        fov = camera_section.get(device)
        hfov, vfov = _DEFAULT_FOV[device]
        if fov is not None:
            if not isinstance(fov, dict):
                raise BoardFileError(f"camera.{device} must be an object")
            hfov = _number(fov, "horizontalFovRad", math.nan, 0.05, 3.0, f"camera.{device}")
            vfov = _number(fov, "verticalFovRad", math.nan, 0.05, 3.0, f"camera.{device}")
        camera = PinholeCamera.from_field_of_view(width, height, hfov, vfov)
    return BoardCamera(camera, CameraPosition(position_name), device, rate)


# -- the run -----------------------------------------------------------------------


@dataclass(slots=True)
class LoopStats:
    frames_read: int = 0
    frames_dropped: int = 0
    batches_sent: int = 0
    batches_skipped_for_rate: int = 0
    acks: int = 0
    errors: dict[int, int] = field(default_factory=dict)
    render_ms_mean: float = 0.0
    detect_ms_mean: float = 0.0


@dataclass(frozen=True, slots=True)
class LoopResult:
    scenario: str
    controller: Controller
    score: Score
    records: list[FrameRecord]
    stats: LoopStats


FrameHook = Callable[[Frame, FrameRecord, "LoopContext"], None]


@dataclass(slots=True)
class LoopContext:
    """What a hook (the live view) may look at while the loop runs."""

    camera: PinholeCamera
    scenario: str
    controller: Controller
    records: list[FrameRecord]


class _TokenBucket:
    """At most `rate` batches a second on average with a burst of `burst`: in any
    sliding second at most burst + rate (here 28, under the stand's 30), and a
    30 fps camera loses single frames spread out (a gap of two frame periods,
    under the 100 ms of frameRateTooLow), never a run of them."""

    def __init__(self, rate_per_s: float = 26.0, burst: float = 2.0) -> None:
        self._rate = rate_per_s
        self._burst = burst
        self._tokens = burst
        self._last_ns: int | None = None

    def admit(self, now_ns: int) -> bool:
        if self._last_ns is not None:
            self._tokens = min(self._burst, self._tokens + (now_ns - self._last_ns) / 1e9 * self._rate)
        self._last_ns = now_ns
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


def record_of(truth: CaptureTruth, camera: PinholeCamera, detections: list[Detection]) -> FrameRecord:
    return FrameRecord(
        truth.world_time_s, truth.index, truth.face_yaw_rad, truth.face_elevation_rad, truth.pose.yaw_rad,
        truth.pose.pitch_rad, truth.face_center_px, camera.width_px, camera.height_px, tuple(detections),
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
    stop: Callable[[], bool] | None = None,
    loop_world: bool = False,
) -> LoopResult:
    """Runs one scenario for its duration (or `seconds` of wall time) and scores it."""
    spec = scenario(scenario_name)
    world = World(spec)
    cam = board_camera(board)
    own_detector = detector is None
    det = detector or MediaPipeFaceDetector()
    stats = LoopStats()
    records: list[FrameRecord] = []
    context = LoopContext(cam.camera, scenario_name, controller, records)
    # Warm the detector up (MediaPipe builds its graph on the first frame) before the clock starts.
    det.detect(Frame(np.zeros((cam.camera.height_px, cam.camera.width_px, 3), np.uint8), time.monotonic_ns(), -1))
    daemon = Daemon(board)
    session: HostSession | None = None
    sender: VisionSender | None = None
    camera: VirtualCamera | None = None
    detect_ns = 0
    try:
        session = HostSession(daemon.socket_path)
        if controller is Controller.NAIVE:
            reply = session.set_system_tracking(False)
            if not reply.ok:
                raise DaemonError(f"SET_SYSTEM_TRACKING refused: {reply.reason}")
        else:
            sender = VisionSender(daemon.vision_path)
        # Wait for the first pose, so the first frame is rendered where the stand really is.
        deadline = time.monotonic() + 2.0
        while session.latest_motion_state() is None:
            if time.monotonic() > deadline:
                raise DaemonError("no MOTION_STATE within 2 s of docking")
            time.sleep(0.01)
        camera = VirtualCamera(
            world, cam.camera, MotionStatePose(session.latest_motion_state), position=cam.position,
            frame_rate_hz=cam.frame_rate_hz, latency_s=latency_s, seed=seed, loop=loop_world,
        )
        fx, fy, cx, cy = cam.camera.fx_px, cam.camera.fy_px, cam.camera.cx_px, cam.camera.cy_px
        device = _DEVICE_TYPES[cam.device_type]
        position = 2 if cam.position is CameraPosition.BACK else 1
        window = _TokenBucket()
        camera.start()
        end_ns = camera.start_ns + int((seconds if seconds is not None else spec.duration_s) * 1e9)
        while True:
            frame = camera.read()
            if frame is None or frame.captured_ns > end_ns or (stop is not None and stop()):
                break
            stats.frames_read += 1
            t0 = time.monotonic_ns()
            detections = det.detect(frame)
            detect_ns += time.monotonic_ns() - t0
            now = time.monotonic_ns()
            if sender is not None:
                if window.admit(now):
                    age_us = (now - frame.captured_ns) // 1000
                    sender.send_track(track_payload(detections, age_us, frame.width_px, frame.height_px, (fx, fy, cx, cy), device, position))
                    stats.batches_sent += 1
                else:
                    stats.batches_skipped_for_rate += 1
            else:
                command = naive_velocity(detections, cam.camera, naive_gain_per_s, cam.position)
                session.set_angular_velocity(command.pitch_rad_per_s, command.yaw_rad_per_s)
            truth = camera.truth(frame.index)
            if truth is not None:
                record = record_of(truth, cam.camera, detections)
                records.append(record)
                if on_frame is not None:
                    on_frame(frame, record, context)
    finally:
        if camera is not None:
            stats.frames_dropped = camera.dropped
            stats.render_ms_mean = camera.render_cpu_ns / max(1, camera.rendered) / 1e6
            camera.close()
        if sender is not None:
            stats.acks = sender.acks
            stats.errors = dict(sender.errors)
            sender.close()
        if session is not None:
            session.close()
        daemon.stop()
        if own_detector:
            det.close()
    stats.detect_ms_mean = detect_ns / max(1, stats.frames_read) / 1e6
    return LoopResult(scenario_name, controller, score(records, spec.first_hold_s()), records, stats)
