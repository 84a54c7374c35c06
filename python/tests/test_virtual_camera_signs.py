"""The camera model's signs against docs/TRACKING.md, checked on the truth AND on the pixels (the real detector)."""
import math

import pytest

from swivel.enums import CameraPosition
from swivel_vision.frames import Frame
from swivel_vision.config import DetectorKind
from swivel_vision.detectors import create_detector
from swivel_vision.pose_feed import StandPose
from swivel_vision.virtual_camera import PinholeCamera, Renderer, WorldError
from swivel_vision.world import Keyframe, Path, Scenario, World

CAMERA = PinholeCamera.from_field_of_view(640, 480, 1.107, 0.860)


def _world(yaw: float, elevation: float) -> World:
    return World(Scenario("at", "", 1.0, Path([Keyframe(0, yaw, elevation)])))


@pytest.fixture(scope="module")
def detector():
    d = create_detector(DetectorKind.FACE)  # BlazeFace on OpenCV: no mediapipe needed
    yield d
    d.close()


def _seen(renderer, pose, detector):
    pixels, truth = renderer.render(0.0, pose)
    found = detector.detect(Frame(pixels, 0, 0))
    assert len(found) == 1, f"one face expected at {pose}, got {found}"
    u, v = found[0].rect.center
    return truth.face_center_px, (u * 640, (1 - v) * 480)


def test_a_subject_right_of_the_stand_is_right_of_centre_until_the_stand_turns_to_it(detector):
    renderer = Renderer(_world(0.2, 0.0), CAMERA)
    (tx, ty), (dx, dy) = _seen(renderer, StandPose(0.0, 0.0), detector)
    # Right of centre by the pinhole's f·tan(0.2), in the truth and in what the detector saw.
    assert tx == pytest.approx(320 + CAMERA.fx_px * math.tan(0.2), abs=0.01)
    assert ty == pytest.approx(240, abs=0.01)
    assert dx > 320 + 80 and abs(dx - tx) < 12
    (tx, ty), (dx, dy) = _seen(renderer, StandPose(0.2, 0.0), detector)
    assert tx == pytest.approx(320, abs=0.01) and abs(dx - 320) < 12


def test_back_camera_a_subject_above_centre_is_centred_by_negative_pitch(detector):
    renderer = Renderer(_world(0.0, 0.15), CAMERA)
    (tx, ty), (dx, dy) = _seen(renderer, StandPose(0.0, 0.0), detector)
    assert ty < 240 - 60 and dy < 240 - 60  # above centre (rows grow downward)
    (tx, ty), (dx, dy) = _seen(renderer, StandPose(0.0, -0.15), detector)
    assert ty == pytest.approx(240, abs=0.01) and abs(dy - 240) < 12
    (tx, ty), _ = _seen(renderer, StandPose(0.0, +0.15), detector)
    assert ty < 240 - 120  # the wrong sign doubles the offset


def test_front_camera_its_vertical_sense_is_opposite(detector):
    renderer = Renderer(_world(0.0, 0.15), CAMERA, CameraPosition.FRONT)
    (tx, ty), (dx, dy) = _seen(renderer, StandPose(0.0, 0.15), detector)
    assert ty == pytest.approx(240, abs=0.01) and abs(dy - 240) < 12
    (tx, ty), (dx, dy) = _seen(renderer, StandPose(0.2, 0.15), detector)
    assert tx < 320 - 80 and dx < 320 - 80  # yaw turns every camera the same way


def test_the_detector_agrees_with_the_truth_across_the_frame(detector):
    renderer = Renderer(_world(0.0, 0.0), CAMERA)
    for yaw, pitch in [(-0.3, 0.0), (0.3, 0.1), (0.1, -0.2), (-0.15, 0.12)]:
        (tx, ty), (dx, dy) = _seen(renderer, StandPose(yaw, pitch), detector)
        # The box centre sits on the face box's centre, a few pixels off (hair, chin).
        assert abs(dx - tx) < 15 and abs(dy - ty) < 15, (yaw, pitch, tx, ty, dx, dy)


def test_bad_camera_and_pose_values_are_world_errors():
    with pytest.raises(WorldError, match="width_px"):
        PinholeCamera(8, 480, 500, 500, 4, 240)
    with pytest.raises(WorldError, match="fx_px"):
        PinholeCamera(640, 480, math.nan, 500, 320, 240)
    with pytest.raises(WorldError, match="field of view"):
        PinholeCamera.from_field_of_view(640, 480, 0.0, 0.8)
    with pytest.raises(WorldError, match="finite"):
        Renderer(_world(0.0, 0.0), CAMERA).render(0.0, StandPose(math.nan, 0.0))
