"""How well a closed-loop run framed its person, scored as the Swift scenes are.

Mirrors `TrackingMetrics` (Sources/Tools/SwivelSceneBench/TrackingMetrics.swift,
docs/TRACKING.md "Metrics"), on the truth the renderer recorded, never on the
detector:

- framing error: horizontal distance from the person's TRUE face centre (where
  the renderer put it in that frame) to the framing target, the centre (a face
  in automatic mode with no yaw sent), in fractions of the frame's width,
  clamped to ±1; RMS over every rendered frame;
- time in frame: frames whose true face centre lies inside the frame;
- settle time: on the scenario's first hold (the start), until the framing error
  is within 2% of the width for the rest of that hold; `inf` if it never is;
- also, beyond the Swift metrics: the vertical error to the upper-third line
  (where the stand places people), the fraction of frames with a detection,
  and the stand's travel between frames.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .detection import Detection

SETTLE_BAND = 0.02
# The framing target for a person, upright image, lower-left origin: the centre
# horizontally, the upper third line vertically (docs/TRACKING.md, "Framing").
TARGET_X = 0.5
TARGET_Y_LOWER_LEFT = 2.0 / 3.0


@dataclass(frozen=True, slots=True)
class FrameRecord:
    """One rendered frame of a run: the truth, the pose it was rendered at, what the detector saw."""

    world_time_s: float
    index: int
    face_yaw_rad: float
    face_elevation_rad: float
    stand_yaw_rad: float
    stand_pitch_rad: float
    # Continuous pixels, origin top-left; None when the face was behind the camera.
    face_center_px: tuple[float, float] | None
    width_px: int
    height_px: int
    detections: tuple[Detection, ...]
    # The identifier each detection was sent under (the IoU tracker's), same order.
    identifiers: tuple[int, ...] = ()
    # When it was captured, CLOCK_MONOTONIC ns.
    captured_ns: int = 0

    @property
    def in_frame(self) -> bool:
        c = self.face_center_px
        return c is not None and 0.0 <= c[0] <= self.width_px and 0.0 <= c[1] <= self.height_px

    @property
    def framing_error(self) -> float:
        """Horizontal, fraction of the width, + when the face is right of the target; ±1 at most."""
        c = self.face_center_px
        if c is None:
            return 1.0
        return max(-1.0, min(1.0, c[0] / self.width_px - TARGET_X))

    @property
    def vertical_error(self) -> float:
        """To the upper-third line, fraction of the height, + when the face is above it; ±1 at most."""
        c = self.face_center_px
        if c is None:
            return 1.0
        return max(-1.0, min(1.0, (1.0 - c[1] / self.height_px) - TARGET_Y_LOWER_LEFT))


@dataclass(frozen=True, slots=True)
class Score:
    frames: int
    rms_framing_error: float
    worst_framing_error: float
    time_in_frame: float
    settle_s: float | None
    rms_vertical_error: float
    detected_fraction: float
    travel_rad: float

    def summary(self) -> str:
        settle = "-" if self.settle_s is None else ("never" if math.isinf(self.settle_s) else f"{self.settle_s:.2f} s")
        return (
            f"RMS framing error {self.rms_framing_error:.4f} of the width (worst {self.worst_framing_error:.3f}), "
            f"in frame {self.time_in_frame * 100:.1f}%, settle {settle}, vertical RMS {self.rms_vertical_error:.4f}, "
            f"detected in {self.detected_fraction * 100:.0f}% of {self.frames} frames, travel {self.travel_rad:.2f} rad"
        )


class ScoringError(ValueError):
    """A recording that cannot be scored (empty)."""


def settle_time(records: list[FrameRecord], start_s: float, end_s: float) -> float | None:
    window = [r for r in records if start_s <= r.world_time_s < end_s]
    if not window:
        return None
    outside = [i for i, r in enumerate(window) if abs(r.framing_error) > SETTLE_BAND]
    if not outside:
        return 0.0
    last = outside[-1]
    if last == len(window) - 1:
        return math.inf
    return window[last + 1].world_time_s - start_s


def score(records: list[FrameRecord], first_hold_s: tuple[float, float] | None = None) -> Score:
    """`first_hold_s`: the scenario's first still window (start, end), where the settle time is judged."""
    if not records:
        raise ScoringError("a run with no frames cannot be scored")
    n = len(records)
    errors = [r.framing_error for r in records]
    rms = math.sqrt(sum(e * e for e in errors) / n)
    vertical = math.sqrt(sum(r.vertical_error ** 2 for r in records) / n)
    travel = sum(
        abs(b.stand_yaw_rad - a.stand_yaw_rad) + abs(b.stand_pitch_rad - a.stand_pitch_rad)
        for a, b in zip(records, records[1:])
    )
    settle = settle_time(records, *first_hold_s) if first_hold_s else None
    return Score(
        frames=n,
        rms_framing_error=rms,
        worst_framing_error=max(abs(e) for e in errors),
        time_in_frame=sum(1 for r in records if r.in_frame) / n,
        settle_s=settle,
        rms_vertical_error=vertical,
        detected_fraction=sum(1 for r in records if r.detections) / n,
        travel_rad=travel,
    )
