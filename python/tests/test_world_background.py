"""The room behind the person must not hold a face a detector finds: else the loop would track the wallpaper."""
import cv2
import numpy as np

from swivel_vision.frames import Frame
from swivel_vision.config import DetectorKind
from swivel_vision.detectors import create_detector
from swivel_vision.pose_feed import StandPose
from swivel_vision.virtual_camera import PinholeCamera, Renderer
from swivel_vision.world import Keyframe, Path, Scenario, World, astronaut_sprite

CAMERA = PinholeCamera.from_field_of_view(640, 480, 1.107, 0.860)


def _empty_room_views():
    # The person stands behind the stand (yaw π): every view below shows only the room.
    world = World(Scenario("empty", "", 1.0, Path([Keyframe(0, 3.14159, 0.0)])))
    renderer = Renderer(world, CAMERA)
    for yaw in np.arange(-2.1, 2.11, 0.3):
        for pitch in (-0.6, 0.0, 0.6):
            pixels, truth = renderer.render(0.0, StandPose(float(yaw), pitch))
            assert truth.face_center_px is None or not (0 <= truth.face_center_px[0] <= 640)
            yield pixels


def test_no_face_detector_finds_a_face_in_the_room():
    # At 0.3, well under the boards' default minConfidence of 0.5: not even a weak face.
    detectors = [create_detector(kind, 0.3) for kind in (DetectorKind.FACE, DetectorKind.FACE_FULL_RANGE, DetectorKind.HAAR)]
    # And the bare cascade with looser settings than the shipped Haar detector's.
    cascade = cv2.CascadeClassifier(cv2.data.haarcascades + "haarcascade_frontalface_default.xml")
    try:
        for i, pixels in enumerate(_empty_room_views()):
            frame = Frame(pixels, 0, i)
            for d in detectors:
                assert d.detect(frame) == [], f"{d.name}, view {i}"
            grey = cv2.cvtColor(pixels, cv2.COLOR_RGB2GRAY)
            assert len(cascade.detectMultiScale(grey, 1.1, 5, minSize=(30, 30))) == 0, f"view {i}"
    finally:
        for d in detectors:
            d.close()


def test_the_person_is_cut_out_of_her_photograph():
    sprite = astronaut_sprite()
    a = sprite.alpha
    cx, cy = (int(v) for v in sprite.face_center_px)
    assert a[cy, cx] > 0.99  # her face is kept
    assert a[5, 5] < 0.01 and a[5, -5] < 0.01  # the flag and the shuttle behind her are not
    assert 0.3 < float(a.mean()) < 0.8
