"""The enumerated values and bit sets of the wire (docs/PROTOCOL.md §4)."""
from __future__ import annotations

from enum import IntEnum, IntFlag


class Axis(IntEnum):
    """An axis index, as ERR carries it."""

    PITCH = 0
    YAW = 1
    ROLL = 2


class Axes(IntFlag):
    """An axes byte: bit 0 pitch, bit 1 yaw, bit 2 roll."""

    NONE = 0
    PITCH = 1
    YAW = 2
    ROLL = 4


class Capability(IntFlag):
    """IDENTITY's capability bits."""

    NONE = 0
    ANGULAR_VELOCITY = 1 << 0
    ORIENTATION = 1 << 1
    ANIMATION = 1 << 2
    LIMITS = 1 << 3
    SYSTEM_TRACKING_SWITCH = 1 << 4
    CUSTOM_TRACKING = 1 << 5
    FRAMING_MODES = 1 << 6
    REGION_OF_INTEREST = 1 << 7
    SUBJECT_SELECTION = 1 << 8
    BATTERIES = 1 << 9
    ACCESSORY_EVENTS = 1 << 10
    TRACKING_STATES = 1 << 11


class Animation(IntEnum):
    YES = 1
    NO = 2
    WAKEUP = 3
    KAPOW = 4


class FramingMode(IntEnum):
    AUTOMATIC = 0
    CENTER = 1
    LEFT = 2
    RIGHT = 3


class CameraDeviceType(IntEnum):
    WIDE_ANGLE = 1
    ULTRA_WIDE = 2
    TELEPHOTO = 3
    OTHER = 4


class CameraPosition(IntEnum):
    FRONT = 1
    BACK = 2


class CameraOrientation(IntEnum):
    CORRECTED = 1
    PORTRAIT = 2
    PORTRAIT_UPSIDE_DOWN = 3
    LANDSCAPE_LEFT = 4
    LANDSCAPE_RIGHT = 5
    FACE_UP = 6
    FACE_DOWN = 7


class ObservationKind(IntEnum):
    HUMAN_FACE = 1
    HUMAN_BODY = 2
    OBJECT = 3


class TrackedSubjectKind(IntEnum):
    PERSON = 1
    OBJECT = 2


class Fault(IntEnum):
    """MOTION_STATE's fault byte."""

    NONE = 0
    MOTOR_FAULT = 1
    ENCODER_MISMATCH = 2
    LIMIT_SWITCH = 3


class FaultCause(IntEnum):
    """Which fault latched (MOTION_STATE byte 36, the state report's fault):
    `Fault.MOTOR_FAULT` alone is a following error, steps written too late,
    or a motor's own report."""

    NONE = 0
    FOLLOWING_ERROR = 1
    ENCODER_SILENT = 2
    HOMING_FAILED = 3
    STEPS_TOO_LATE = 4
    MOTOR_REPORTED = 5

    @property
    def reason(self) -> str:
        """The stand's reason for the fault, as it refuses motion with it ("" for NONE)."""
        return _FAULT_REASONS[self]


_CLEAR_IT = "motors are off and motion is refused until CLEAR_FAULT clears it (swivelctl clear-fault)"
_FAULT_REASONS = {
    FaultCause.NONE: "",
    FaultCause.FOLLOWING_ERROR: "motor fault: the axis is far from where it was commanded (stalled, skipped steps or "
    "slipped); " + _CLEAR_IT,
    FaultCause.ENCODER_SILENT: "motor fault: an encoder did not change while its motor moved (disconnected, or the "
    "axis is jammed); " + _CLEAR_IT,
    FaultCause.HOMING_FAILED: "motor fault: an axis did not find its home switch, so its position is unknown; motion "
    "is refused until the fault is cleared (the axis then counts from where it stopped)",
    FaultCause.STEPS_TOO_LATE: "motor fault: an axis's steps could not be written in time and were dropped (the loop "
    "or the step thread was held up); " + _CLEAR_IT,
    FaultCause.MOTOR_REPORTED: "motor fault: a motor reported a problem of its own (a bus servo overheating, "
    "overloaded, or silent on its bus; the status line and the log say which); " + _CLEAR_IT,
}


class ProgressKind(IntEnum):
    ORIENTATION = 1
    ANIMATION = 2


class ProgressState(IntEnum):
    RUNNING = 0
    FINISHED = 1
    CANCELLED = 2
    FAILED = 3

    @property
    def is_final(self) -> bool:
        return self is not ProgressState.RUNNING


class AccessoryEventKind(IntEnum):
    CAMERA_SHUTTER = 1
    CAMERA_FLIP = 2
    CAMERA_ZOOM = 3
    BUTTON = 4
    GESTURE = 5


class ChargeState(IntEnum):
    NOT_CHARGING = 0
    CHARGING = 1
    NOT_CHARGEABLE = 2


class Activity(IntEnum):
    """The state report's activity byte."""

    VELOCITY = 0
    ORIENTATION = 1
    ANIMATION = 2
    TRACKING = 3


class GestureKind(IntEnum):
    OPEN_PALM = 1


class DeviceCategory(IntEnum):
    TRACKING_STAND = 1
