"""The field ranges of docs/PROTOCOL.md §3, checked before a host → stand message is sent.

The same table as the firmware's `InputRanges.swift`, with its rule for the
ends: each widened to the nearest f32 at or beyond it, since a value travels as
f32 (the f32 nearest 0.01 is 0.0099999998, and "0.01" must be in range).
A value outside raises `ParameterOutOfRange` naming the field and its range,
so nothing the stand would refuse leaves this process.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from dataclasses import field as dataclass_field

from .errors import ParameterOutOfRange


def _f32(value: float) -> float:
    return float(struct.unpack("<f", struct.pack("<f", value))[0])


def _f32_step(value: float, up: bool) -> float:
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    if value == 0.0:
        bits = 0x0000_0001 if up else 0x8000_0001
    elif (value > 0) == up:
        bits += 1
    else:
        bits -= 1
    return float(struct.unpack("<f", struct.pack("<I", bits))[0])


@dataclass(frozen=True, slots=True)
class FieldRange:
    message: str
    field: str
    lower: float
    upper: float
    reason: str
    _lowest: float = dataclass_field(init=False, repr=False, compare=False)
    _highest: float = dataclass_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        low, high = _f32(self.lower), _f32(self.upper)
        object.__setattr__(self, "_lowest", low if low <= self.lower else _f32_step(low, up=False))
        object.__setattr__(self, "_highest", high if high >= self.upper else _f32_step(high, up=True))

    def contains(self, value: float) -> bool:
        return self._lowest <= value <= self._highest

    def check(self, value: float, *, axis: int | None = None, what: str | None = None) -> None:
        """Raises `ParameterOutOfRange` unless `value` is finite and inside (both ends allowed)."""
        name = f"{self.message} {what or self.field}"
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ParameterOutOfRange(name, f"must be a number, got {value!r}") from None
        if not math.isfinite(number):
            raise ParameterOutOfRange(name, "value must be a finite number", value=number, axis=axis)
        if not self.contains(number):
            raise ParameterOutOfRange(
                name, f"{self.reason} (range {self.lower:g} … {self.upper:g})", value=number, axis=axis
            )


TWO_TURNS = 4 * math.pi
SLACK = 1e-6

ANGULAR_VELOCITY = FieldRange("SET_ANGULAR_VELOCITY", "rate, each axis", -100, 100,
                              "angular velocity must lie within ±100 rad/s")
DURATION = FieldRange("SET_ORIENTATION", "duration", 0, 86_400, "duration must be 0 … 86400 s")
ANGLE = FieldRange("SET_ORIENTATION", "angle, each axis (absolute or relative)", -TWO_TURNS, TWO_TURNS,
                   "angle must lie within ±4π rad")
QUATERNION_LENGTH = FieldRange("SET_ORIENTATION", "quaternion length", 0.999, 1.001,
                               "the quaternion must have unit length")
AXIS_MASK = FieldRange("SET_LIMITS", "axes", 0, 7, "bits 3–7 of the axes byte name no axis")
LIMIT_END = FieldRange("SET_LIMITS", "minimum, maximum", -TWO_TURNS, TWO_TURNS, "a limit must lie within ±4π rad")
LIMIT_WIDTH = FieldRange("SET_LIMITS", "maximum - minimum", 0.001, 2 * TWO_TURNS,
                         "the range must be 0.001 … 8π rad wide")
LIMIT_SPEED = FieldRange("SET_LIMITS", "maximum speed", 0.001, 100, "maximum speed must be 0.001 … 100 rad/s")
SERVO_PULSE = FieldRange("SET_SERVO_PULSE", "pulse width", 500, 2500,
                         "a servo pulse jog must lie in 500 … 2500 µs")
CAPTURE_AGE = FieldRange("TRACK", "capture age", 0, 1_000_000, "capture age must be 0 … 1 s")
FOCAL_LENGTH = FieldRange("TRACK", "intrinsics fx, fy", 1, 1e6, "focal lengths must be 1 … 1e6 px")
PRINCIPAL_POINT = FieldRange("TRACK", "intrinsics s, cx, cy", -1e6, 1e6, "skew and principal point must be ±1e6 px")
INTRINSICS_ZERO = FieldRange("TRACK", "intrinsics m10, m20, m21", -1e-6, 1e-6,
                             "not a pinhole matrix [fx s cx; 0 fy cy; 0 0 1] (row-major)")
INTRINSICS_ONE = FieldRange("TRACK", "intrinsics m22", 0.999999, 1.000001,
                            "not a pinhole matrix [fx s cx; 0 fy cy; 0 0 1] (row-major)")
REFERENCE_SIZE = FieldRange("TRACK", "reference width, height", 1, 100_000, "reference size must be 1 … 100000 px")
OBSERVATION_FLAGS = FieldRange("TRACK", "observation flags", 0, 7, "bits 3–7 of an observation's flags are undefined")
RECT_EDGE = FieldRange("TRACK", "rect x, y, x + width, y + height", -0.5, 1.5,
                       "an observation's edges must lie within -0.5 … 1.5")
RECT_SIZE = FieldRange("TRACK", "rect width, height", 0.0001, 2, "an observation's size must be 0.0001 … 2")
FACE_YAW = FieldRange("TRACK", "face yaw", -math.pi, math.pi, "face yaw must lie within ±π rad")
CONFIDENCE = FieldRange("TRACK", "speaking, looking-at-camera confidence", 0, 1, "a confidence must be 0 … 1")
REGION_EDGE = FieldRange("SET_REGION_OF_INTEREST", "x, y, x + width, y + height", -SLACK, 1 + SLACK,
                         "the region must lie inside the frame")
REGION_SIZE = FieldRange("SET_REGION_OF_INTEREST", "width, height", 0.01, 1 + SLACK,
                         "the region must be 0.01 … 1 of the frame wide and high")
SELECTION_POINT = FieldRange("SELECT_SUBJECT_AT", "x, y", -SLACK, 1 + SLACK, "the point must lie inside the frame")
# Not in §3's table, but in the protocol: counts, and GESTURE's confidence (common12 spec).
GESTURE_CONFIDENCE = FieldRange("GESTURE", "confidence", 0, 1, "a confidence must be 0 … 1")

ALL: tuple[FieldRange, ...] = (
    ANGULAR_VELOCITY, DURATION, ANGLE, QUATERNION_LENGTH,
    AXIS_MASK, LIMIT_END, LIMIT_WIDTH, LIMIT_SPEED, SERVO_PULSE,
    CAPTURE_AGE, FOCAL_LENGTH, PRINCIPAL_POINT, INTRINSICS_ZERO, INTRINSICS_ONE, REFERENCE_SIZE,
    OBSERVATION_FLAGS, RECT_EDGE, RECT_SIZE, FACE_YAW, CONFIDENCE,
    REGION_EDGE, REGION_SIZE, SELECTION_POINT,
)
MAX_COUNT = 16
