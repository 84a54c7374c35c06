"""Angles, vectors and normalized image spaces, with the origin in the type.

Observation rects are `NormalizedRectLowerLeft` (DockKit's and TRACK's space);
regions of interest and selection points are upper-left. The one conversion
between the two is `NormalizedRectLowerLeft.upper_left` and its inverse, as in
the firmware (docs/TRACKING.md, "Spaces and signs").
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Vector3:
    """Per-axis values in DockKit's order: x = pitch, y = yaw, z = roll (rad, rad/s)."""

    pitch: float = 0.0
    yaw: float = 0.0
    roll: float = 0.0


@dataclass(frozen=True, slots=True)
class NormalizedRectUpperLeft:
    """0…1 of the frame, origin at the upper-left corner, y down."""

    x: float
    y: float
    width: float
    height: float

    @property
    def lower_left(self) -> "NormalizedRectLowerLeft":
        return NormalizedRectLowerLeft(self.x, 1.0 - self.y - self.height, self.width, self.height)


@dataclass(frozen=True, slots=True)
class NormalizedRectLowerLeft:
    """0…1 of the frame, origin at the lower-left corner, y up."""

    x: float
    y: float
    width: float
    height: float

    @property
    def upper_left(self) -> NormalizedRectUpperLeft:
        return NormalizedRectUpperLeft(self.x, 1.0 - self.y - self.height, self.width, self.height)

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2.0, self.y + self.height / 2.0)

    @classmethod
    def from_pixels_upper_left(
        cls, left_px: float, top_px: float, width_px: float, height_px: float, frame_width_px: int, frame_height_px: int
    ) -> "NormalizedRectLowerLeft":
        """A detector's pixel box (origin top-left, y down) in TRACK's space."""
        return NormalizedRectUpperLeft(
            left_px / frame_width_px, top_px / frame_height_px, width_px / frame_width_px, height_px / frame_height_px
        ).lower_left


@dataclass(frozen=True, slots=True)
class NormalizedPointUpperLeft:
    """A tap on the preview: 0…1, origin upper-left."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Quaternion:
    """A rotation w + xi + yj + zk, intrinsic yaw → pitch → roll (SET_ORIENTATION form 1).

    It must have unit length (within 0.001) to be sent; the stand normalises it.
    """

    w: float = 1.0
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0

    @property
    def length(self) -> float:
        return float((self.w * self.w + self.x * self.x + self.y * self.y + self.z * self.z) ** 0.5)

    def __mul__(self, other: "Quaternion") -> "Quaternion":
        """Hamilton product: `a * b` applies `b` first in `a`'s frame (intrinsic composition)."""
        a, b = self, other
        return Quaternion(
            a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
        )

    @classmethod
    def from_pitch_yaw_roll(cls, angles_rad: Vector3) -> "Quaternion":
        """The orientation reached by yaw, then pitch, then roll (intrinsic), as the firmware builds it.

        The quaternion's x, y, z axes are the pitch, yaw and roll axes.
        """
        def about(angle: float, axis: int) -> Quaternion:
            half = angle / 2.0
            s = math.sin(half)
            return cls(math.cos(half), s if axis == 0 else 0.0, s if axis == 1 else 0.0, s if axis == 2 else 0.0)

        return about(angles_rad.yaw, 1) * about(angles_rad.pitch, 0) * about(angles_rad.roll, 2)
