"""From a frame's tracked detections to a TRACK batch (docs/PROTOCOL.md §4.4).

- Capture age: the send instant − `frame.captured_ns`, in µs. A frame whose age
  is over 1 s (TRACK's range: the stand's motion history reaches 1 s) is not
  sent; the builder returns None and the pipeline counts it. A capture stamp
  ahead of the send instant (a source's clock rounding) is age 0.
- Camera: device type and position from the config, orientation `corrected`
  (the sources deliver the image upright and landscape).
- Intrinsics: the board's `vision.intrinsics` (given at widthPx × heightPx,
  scaled to the frame when the camera delivered another size), else computed
  from the device type's field of view and the frame size:
  fx = (w/2)/tan(hfov/2), fy = (h/2)/tan(vfov/2), cx = w/2, cy = h/2, no skew.
- Reference size: the frame's size in pixels.
- Observations: at most 16 (TRACK's maximum), the most confident; each rect
  clipped to the frame; a detection with a non-finite or empty rect is left out.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from swivel.geometry import NormalizedRectLowerLeft
from swivel.enums import CameraDeviceType, CameraOrientation, CameraPosition, ObservationKind
from swivel.messages import Observation, Track

from .config import FieldOfView, Intrinsics, VisionConfig
from .detection import SubjectKind
from .detectors.boxes import clipped_upper_left
from .frames import Frame
from .iou_tracker import TrackedDetection

MAX_OBSERVATIONS = 16
MAX_CAPTURE_AGE_US = 1_000_000


def intrinsics_from_field_of_view(fov: FieldOfView, width_px: int, height_px: int) -> Intrinsics:
    return Intrinsics(
        fx_px=(width_px / 2.0) / math.tan(fov.horizontal_rad / 2.0),
        fy_px=(height_px / 2.0) / math.tan(fov.vertical_rad / 2.0),
        cx_px=width_px / 2.0,
        cy_px=height_px / 2.0,
    )


def intrinsics_for_frame(config: VisionConfig, width_px: int, height_px: int) -> Intrinsics:
    """The intrinsics TRACK carries for a frame of this size."""
    if config.intrinsics is None:
        return intrinsics_from_field_of_view(config.field_of_view, width_px, height_px)
    sx, sy = width_px / config.width_px, height_px / config.height_px
    k = config.intrinsics
    return Intrinsics(k.fx_px * sx, k.fy_px * sy, k.cx_px * sx, k.cy_px * sy)


def matrix_row_major(k: Intrinsics) -> tuple[float, ...]:
    return (k.fx_px, 0.0, k.cx_px, 0.0, k.fy_px, k.cy_px, 0.0, 0.0, 1.0)


_KINDS = {SubjectKind.HUMAN_FACE: ObservationKind.HUMAN_FACE, SubjectKind.HUMAN_BODY: ObservationKind.HUMAN_BODY}


def _sanitized(rect: NormalizedRectLowerLeft) -> NormalizedRectLowerLeft | None:
    upper = rect.upper_left
    return clipped_upper_left(upper.x, upper.y, upper.width, upper.height)


@dataclass(slots=True)
class TrackBuilder:
    config: VisionConfig

    def capture_age_us(self, frame: Frame, send_ns: int) -> int:
        return max(0, (send_ns - frame.captured_ns) // 1000)

    def build(self, tracked: list[TrackedDetection], frame: Frame, send_ns: int) -> Track | None:
        """The batch for this frame, or None when the frame is too old to send."""
        age_us = self.capture_age_us(frame, send_ns)
        if age_us > MAX_CAPTURE_AGE_US:
            return None
        ranked = sorted(tracked, key=lambda t: -t.detection.confidence)
        observations: list[Observation] = []
        for item in ranked:
            if len(observations) == MAX_OBSERVATIONS:
                break
            kind = _KINDS.get(item.detection.kind)
            rect = _sanitized(item.detection.rect)
            if kind is None or rect is None:
                continue
            observations.append(Observation(identifier=item.identifier, kind=kind, rect=rect))
        width, height = frame.width_px, frame.height_px
        return Track(
            capture_age_us=age_us,
            device_type=CameraDeviceType(self.config.camera_device_type.wire_value),
            position=CameraPosition(self.config.camera_position.wire_value),
            orientation=CameraOrientation.CORRECTED,
            intrinsics=matrix_row_major(intrinsics_for_frame(self.config, width, height)),
            reference_width_px=float(width),
            reference_height_px=float(height),
            observations=tuple(observations),
        )


__all__ = [
    "MAX_CAPTURE_AGE_US",
    "MAX_OBSERVATIONS",
    "TrackBuilder",
    "intrinsics_for_frame",
    "intrinsics_from_field_of_view",
    "matrix_row_major",
]
