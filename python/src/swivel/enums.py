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
