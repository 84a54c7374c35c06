"""From tracked detections and a frame to TRACK: capture age, camera, intrinsics,
reference size, the 16 most confident, and the bytes the stand would decode."""
from __future__ import annotations

import math

import numpy as np
import pytest

from swivel.geometry import NormalizedRectLowerLeft
from swivel.messages import CameraDeviceType, CameraOrientation, CameraPosition, ObservationKind, Track
from swivel.wire import FrameDecoder, encode_frame
from swivel_vision.config import Overrides, apply_overrides, loads_board
from swivel_vision.detection import Detection, SubjectKind
from swivel_vision.frames import Frame
from swivel_vision.iou_tracker import TrackedDetection
from swivel_vision.track_builder import MAX_CAPTURE_AGE_US, TrackBuilder, intrinsics_for_frame

SIM = '{backend: "simulated", serial: [{role: "vision", device: "pty", baud: 921600}]'


def config(vision: str = "", camera: str = ""):
    return apply_overrides(loads_board(SIM + (f", vision: {{{vision}}}" if vision else "") + (f", camera: {{{camera}}}" if camera else "") + "}"), Overrides())


def frame(width: int = 640, height: int = 480, captured_ns: int = 1_000_000_000) -> Frame:
    return Frame(np.zeros((height, width, 3), np.uint8), captured_ns, 0)


def tracked(identifier: int, confidence: float, x: float = 0.4, kind: SubjectKind = SubjectKind.HUMAN_FACE) -> TrackedDetection:
    return TrackedDetection(identifier, Detection(kind, NormalizedRectLowerLeft(x, 0.5, 0.1, 0.2), confidence))


def test_a_batch_from_the_default_config() -> None:
    track = TrackBuilder(config()).build([tracked(7, 0.9)], frame(captured_ns=1_000_000_000), send_ns=1_012_345_678)
    assert track is not None
    assert track.capture_age_us == 12_345
    assert (track.device_type, track.position, track.orientation) == (
        CameraDeviceType.WIDE_ANGLE, CameraPosition.BACK, CameraOrientation.CORRECTED)
    assert (track.reference_width_px, track.reference_height_px) == (640.0, 480.0)
    fx, s, cx, zero1, fy, cy, zero2, zero3, one = track.intrinsics or ()
    assert abs(fx - 320 / math.tan(1.107 / 2)) < 1e-9 and abs(fy - 240 / math.tan(0.860 / 2)) < 1e-9
    assert (s, cx, cy, zero1, zero2, zero3, one) == (0.0, 320.0, 240.0, 0.0, 0.0, 0.0, 1.0)
    assert len(track.observations) == 1
    observation = track.observations[0]
    assert observation.identifier == 7 and observation.kind is ObservationKind.HUMAN_FACE
    r = observation.rect
    assert (r.x, r.y, r.width, r.height) == pytest.approx((0.4, 0.5, 0.1, 0.2), abs=1e-12)


def test_the_bytes_decode_to_the_same_batch() -> None:
    track = TrackBuilder(config()).build([tracked(1, 0.9), tracked(2, 0.8, 0.7, SubjectKind.HUMAN_BODY)], frame(), 1_020_000_000)
    assert track is not None
    decoded = FrameDecoder().feed(encode_frame(track, seq=5))
    assert len(decoded) == 1 and decoded[0].message_id == Track.MESSAGE_ID
    again = Track.decode(decoded[0].payload)
    assert again.capture_age_us == track.capture_age_us and len(again.observations) == 2
    assert [o.kind for o in again.observations] == [ObservationKind.HUMAN_FACE, ObservationKind.HUMAN_BODY]
    assert again.intrinsics is not None and abs(again.intrinsics[0] - track.intrinsics[0]) < 1e-3  # type: ignore[index]


def test_a_frame_older_than_a_second_is_not_built() -> None:
    builder = TrackBuilder(config())
    assert builder.build([], frame(captured_ns=0), send_ns=MAX_CAPTURE_AGE_US * 1000 + 999) is not None
    assert builder.build([], frame(captured_ns=0), send_ns=MAX_CAPTURE_AGE_US * 1000 + 1000) is None


def test_a_capture_stamp_ahead_of_the_send_is_age_zero() -> None:
    track = TrackBuilder(config()).build([], frame(captured_ns=2_000_000_000), send_ns=1_999_000_000)
    assert track is not None and track.capture_age_us == 0


def test_an_empty_batch_when_nobody_is_seen() -> None:
    track = TrackBuilder(config()).build([], frame(), 1_010_000_000)
    assert track is not None and track.observations == ()


def test_at_most_sixteen_the_most_confident() -> None:
    items = [tracked(i, i / 100.0, x=(i % 8) / 10) for i in range(1, 31)]
    track = TrackBuilder(config()).build(items, frame(), 1_010_000_000)
    assert track is not None and len(track.observations) == 16
    assert sorted(o.identifier for o in track.observations) == list(range(15, 31))


def test_rects_are_clipped_to_the_frame_and_bad_ones_left_out() -> None:
    items = [
        TrackedDetection(1, Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(-0.2, 0.9, 0.4, 0.3), 0.9)),
        TrackedDetection(2, Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(math.nan, 0.5, 0.1, 0.1), 0.8)),
        TrackedDetection(3, Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(1.2, 0.5, 0.1, 0.1), 0.7)),
    ]
    track = TrackBuilder(config()).build(items, frame(), 1_010_000_000)
    assert track is not None and [o.identifier for o in track.observations] == [1]
    rect = track.observations[0].rect
    assert rect.x == 0.0 and abs(rect.width - 0.2) < 1e-12 and abs(rect.y - 0.9) < 1e-12 and abs(rect.height - 0.1) < 1e-12


def test_camera_settings_and_the_field_of_view_of_the_device_type() -> None:
    c = config('cameraDeviceType: "telephoto", cameraPosition: "front"', "telephoto: {horizontalFovRad: 0.5, verticalFovRad: 0.4}")
    track = TrackBuilder(c).build([], frame(320, 240), 1_010_000_000)
    assert track is not None
    assert (track.device_type, track.position) == (CameraDeviceType.TELEPHOTO, CameraPosition.FRONT)
    assert track.intrinsics is not None and abs(track.intrinsics[0] - 160 / math.tan(0.25)) < 1e-9
    assert (track.reference_width_px, track.reference_height_px) == (320.0, 240.0)


def test_board_intrinsics_are_scaled_to_the_delivered_frame() -> None:
    c = config("widthPx: 640, heightPx: 480, intrinsics: {fxPx: 500, fyPx: 510, cxPx: 330, cyPx: 250}")
    k = intrinsics_for_frame(c, 640, 480)
    assert (k.fx_px, k.fy_px, k.cx_px, k.cy_px) == (500, 510, 330, 250)
    half = intrinsics_for_frame(c, 320, 240)
    assert (half.fx_px, half.fy_px, half.cx_px, half.cy_px) == (250, 255, 165, 125)
    track = TrackBuilder(c).build([], frame(), 1_010_000_000)
    assert track is not None and track.intrinsics == (500, 0.0, 330, 0.0, 510, 250, 0.0, 0.0, 1.0)


@pytest.mark.parametrize("width,height", [(64, 64), (4096, 4096), (1920, 1080)])
def test_every_frame_size_makes_a_batch_the_client_accepts(width: int, height: int) -> None:
    track = TrackBuilder(config()).build([tracked(1, 0.9)], frame(width, height), 1_010_000_000)
    assert track is not None
    track.validate()
    assert len(encode_frame(track, seq=1)) > 0
