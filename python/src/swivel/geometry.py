"""Angles, vectors and normalized image spaces, with the origin in the type.

Observation rects are `NormalizedRectLowerLeft` (DockKit's and TRACK's space);
regions of interest and selection points are upper-left. The one conversion
between the two is `NormalizedRectLowerLeft.upper_left` and its inverse, as in
the firmware (docs/TRACKING.md, "Spaces and signs").
"""
from __future__ import annotations

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
