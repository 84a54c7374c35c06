import math

import pytest

from swivel.enums import CameraPosition
from swivel.geometry import NormalizedRectLowerLeft
from swivel_vision.detection import Detection, SubjectKind
from swivel_vision.naive import naive_velocity
from swivel_vision.scoring import FrameRecord, ScoringError, score
from swivel_vision.virtual_camera import PinholeCamera


def _rec(t, x_px, y_px=160.0, dets=()):
    return FrameRecord(t, int(t * 30), 0.0, 0.0, 0.0, 0.0, None if x_px is None else (x_px, y_px), 640, 480, tuple(dets))


def test_framing_error_is_a_fraction_of_the_width_clamped_and_rms_over_frames():
    recs = [_rec(0.0, 320), _rec(0.1, 320 + 64), _rec(0.2, 5000), _rec(0.3, None)]
    assert [r.framing_error for r in recs] == [0.0, pytest.approx(0.1), 1.0, 1.0]
    s = score(recs)
    assert s.rms_framing_error == pytest.approx(math.sqrt((0.01 + 1 + 1) / 4))
    assert s.time_in_frame == 0.5
    assert recs[0].vertical_error == pytest.approx(0.0)  # 160 px from the top is the upper third


def test_settle_time_is_until_the_error_stays_within_two_percent():
    recs = [_rec(i / 10, 320 + (100 if i < 5 else 5)) for i in range(20)]
    assert score(recs, (0.0, 2.0)).settle_s == pytest.approx(0.5)
    recs[-1] = _rec(1.9, 400)
    assert math.isinf(score(recs, (0.0, 2.0)).settle_s)
    with pytest.raises(ScoringError):
        score([])


def test_naive_velocity_is_gain_times_the_correction_of_the_largest_detection():
    cam = PinholeCamera.from_field_of_view(640, 480, 1.107, 0.860)
    small = Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(0.1, 0.1, 0.05, 0.05), 0.9)
    # A big face right of centre and above it: +yaw, and NEGATIVE pitch for the back camera.
    big = Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(0.7, 0.6, 0.2, 0.2), 0.9)
    c = naive_velocity([small, big], cam, 4.0)
    h = math.atan((0.8 * 640 - 320) / cam.fx_px)
    v = -math.atan((0.3 * 480 - 240) / cam.fy_px)
    assert c.yaw_rad_per_s == pytest.approx(4 * h) and c.pitch_rad_per_s == pytest.approx(-4 * v)
    assert naive_velocity([big], cam, 4.0, CameraPosition.FRONT).pitch_rad_per_s == pytest.approx(4 * v)
    assert naive_velocity([], cam).yaw_rad_per_s == 0.0
    nan = Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(math.nan, 0.1, 0.1, 0.1), 0.9)
    assert naive_velocity([nan], cam).yaw_rad_per_s == 0.0
