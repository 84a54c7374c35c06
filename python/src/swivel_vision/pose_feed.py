"""The stand's pose as a camera on it sees it: read at capture from MOTION_STATE.

A camera bolted to the stand sees the world at the stand's REAL pose at the
instant of exposure. The best the host side knows of that pose is the newest
MOTION_STATE (50 Hz, measured through the encoders) of a host session; it is
up to 20 ms old, so the pose is carried forward to the capture instant with the
commanded velocity the same report carries (at most `max_extrapolation_s`: a
stalled feed is not extrapolated into the blue).
"""
from __future__ import annotations

import math
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Protocol


@dataclass(frozen=True, slots=True)
class StandPose:
    yaw_rad: float
    pitch_rad: float


@dataclass(frozen=True, slots=True)
class MotionSample:
    """What one MOTION_STATE says, and when it arrived on this host's CLOCK_MONOTONIC."""

    arrival_ns: int
    stand_time_us: int
    yaw_rad: float
    pitch_rad: float
    yaw_rate_rad_per_s: float
    pitch_rate_rad_per_s: float


class PoseSource(Protocol):
    def pose_at(self, now_ns: int) -> StandPose: ...


class MutablePose:
    """A pose a test or the bench sets by hand; thread-safe."""

    def __init__(self, pose: StandPose = StandPose(0.0, 0.0)) -> None:
        self._lock = threading.Lock()
        self._pose = pose

    def set(self, pose: StandPose) -> None:
        with self._lock:
            self._pose = pose

    def pose_at(self, now_ns: int) -> StandPose:
        with self._lock:
            return self._pose


class MotionStatePose:
    """The pose from the newest MOTION_STATE, carried forward to the capture instant."""

    def __init__(self, latest: Callable[[], MotionSample | None], max_extrapolation_s: float = 0.04) -> None:
        self._latest = latest
        self._max_s = max_extrapolation_s

    def pose_at(self, now_ns: int) -> StandPose:
        sample = self._latest()
        if sample is None:
            # No report yet: the stand boots at rest at zero.
            return StandPose(0.0, 0.0)
        age_s = min(max(0.0, (now_ns - sample.arrival_ns) / 1e9), self._max_s)
        yaw = sample.yaw_rad + sample.yaw_rate_rad_per_s * age_s
        pitch = sample.pitch_rad + sample.pitch_rate_rad_per_s * age_s
        if not (math.isfinite(yaw) and math.isfinite(pitch)):
            return StandPose(sample.yaw_rad, sample.pitch_rad)
        return StandPose(yaw, pitch)


class MotionFeed:
    """MOTION_STATEs of an `Accessory` (swivel.accessory), each stamped with its arrival.

    The stamp is taken on the client's reader thread as the message is decoded
    (a telemetry hook), the nearest the host gets to the bytes' arrival; the
    bench maps stand time to CLOCK_MONOTONIC with it. `latest` feeds
    `MotionStatePose`; `history` (bounded) keeps the recent ones.
    """

    def __init__(self, accessory: Any, keep: int = 4096) -> None:
        from swivel.messages import MotionState

        self._kind = MotionState
        self._lock = threading.Lock()
        self._latest: MotionSample | None = None
        self.history: deque[MotionSample] = deque(maxlen=keep)
        accessory.session.add_telemetry_hook(self._on_telemetry)
        seen = accessory.latest_motion_state()
        if seen is not None:
            self._on_telemetry(seen)

    def _on_telemetry(self, message: Any) -> None:
        if not isinstance(message, self._kind):
            return
        p, v = message.positions_rad, message.velocities_rad_per_s
        sample = MotionSample(time.monotonic_ns(), int(message.stand_time_us), p.yaw, p.pitch, v.yaw, v.pitch)
        with self._lock:
            self._latest = sample
            self.history.append(sample)

    def latest(self) -> MotionSample | None:
        with self._lock:
            return self._latest

    def samples(self) -> list[MotionSample]:
        with self._lock:
            return list(self.history)
