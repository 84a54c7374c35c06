"""Swivel's Python client, written to docs/PROTOCOL.md (docs/PYTHON.md).

Only the standard library and pyserial. The DockKit-shaped API is `Accessory`
(blocking) and `AsyncAccessory` (asyncio); `VisionLink` is the vision
co-processor's link; `swivel.wire` and `swivel.messages` are the pure codec.
"""
from .accessory import Accessory, AsyncAccessory, CameraInformation, MoveProgress
from .enums import (
    AccessoryEventKind,
    Animation,
    Axes,
    Axis,
    CameraDeviceType,
    CameraOrientation,
    CameraPosition,
    Capability,
    ChargeState,
    Fault,
    FaultCause,
    FramingMode,
    GestureKind,
    ObservationKind,
    ProgressKind,
    ProgressState,
)
from .errors import *  # noqa: F403  (every error class is part of the API)
from .errors import __all__ as _errors_all
from .geometry import NormalizedPointUpperLeft, NormalizedRectLowerLeft, NormalizedRectUpperLeft, Quaternion, Vector3
from .messages import AxisLimit, Gesture, MotionState, Observation, Track, intrinsics_from_field_of_view
from .session import Subscription
from .transport import SerialEndpoint, SocketEndpoint, default_endpoint
from .vision_link import TrackResult, VisionLink

__all__ = [
    "Accessory", "AsyncAccessory", "CameraInformation", "MoveProgress", "AccessoryEventKind", "Animation", "Axes",
    "Axis", "CameraDeviceType", "CameraOrientation", "CameraPosition", "Capability", "ChargeState", "Fault",
    "FaultCause", "FramingMode", "GestureKind", "ObservationKind", "ProgressKind", "ProgressState", "NormalizedPointUpperLeft",
    "NormalizedRectLowerLeft", "NormalizedRectUpperLeft", "Quaternion", "Vector3", "AxisLimit", "Gesture",
    "MotionState", "Observation", "Track", "intrinsics_from_field_of_view", "Subscription", "SerialEndpoint",
    "SocketEndpoint", "default_endpoint", "TrackResult", "VisionLink", *_errors_all,
]
