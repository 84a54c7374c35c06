"""The naive baseline: what hobby pan/tilt demos do, driving the same daemon.

The Swift `NaiveTracker` (Sources/Tools/SwivelSceneBench/NaiveTracker.swift,
docs/TRACKING.md "Running a scene") in Python, with its definition unchanged:
on every frame's detections, take the LARGEST one, turn its centre's offset
from the image centre into a stand correction with the same geometry the stand
uses for a TRACK (the pinhole of the frame: angle = atan(offset / focal
length), the correction's signs of "Spaces and signs"), and command
velocity = K × correction until the next frame. No latency compensation (the
offset is treated as if it were measured now), no filter, no deadband; no
detection → zero velocity. K = 4/s, the Swift default.

Where the Swift baseline posts into the stand's mailbox, this one is a host:
it turns system tracking OFF on its session (SET_SYSTEM_TRACKING 0) and sends
SET_ANGULAR_VELOCITY on every frame, through the same daemon, camera, world
and detector as Swivel's own tracking.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from swivel.enums import CameraPosition

from .detection import Detection
from .virtual_camera import PinholeCamera

DEFAULT_GAIN_PER_S = 4.0


@dataclass(frozen=True, slots=True)
class NaiveCommand:
    pitch_rad_per_s: float
    yaw_rad_per_s: float


def naive_velocity(
    detections: list[Detection],
    camera: PinholeCamera,
    gain_per_s: float = DEFAULT_GAIN_PER_S,
    position: CameraPosition = CameraPosition.BACK,
) -> NaiveCommand:
    largest: Detection | None = None
    for d in detections:
        r = d.rect
        if not all(math.isfinite(v) for v in (r.x, r.y, r.width, r.height)) or r.width <= 0 or r.height <= 0:
            continue
        if largest is not None and largest.rect.width * largest.rect.height >= r.width * r.height:
            continue
        largest = d
    if largest is None:
        return NaiveCommand(0.0, 0.0)
    u, v = largest.rect.center  # lower-left, upright (orientation corrected)
    x_px = u * camera.width_px
    y_px = (1.0 - v) * camera.height_px
    horizontal = math.atan((x_px - camera.cx_px) / camera.fx_px)
    vertical = -math.atan((y_px - camera.cy_px) / camera.fy_px)
    # Yaw +h for both cameras; pitch −v for the back camera, +v for the front.
    pitch = -vertical if position is CameraPosition.BACK else vertical
    return NaiveCommand(gain_per_s * pitch, gain_per_s * horizontal)
