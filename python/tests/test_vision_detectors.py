"""Every detector on a real photograph (skimage's astronaut) at 640x480 and 320x240,
and on photographs without a person (coffee, chelsea the cat, rocket)."""
from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
import pytest
import skimage.data

from swivel_vision.config import DetectorKind
from swivel_vision.detection import Detection, Detector, SubjectKind
from swivel_vision.detectors import DetectorError, create_detector
from swivel_vision.detectors.haar import level_weight_confidence
from swivel_vision.frames import Frame
from vision_support import placed

FACE_DETECTORS = [DetectorKind.FACE, DetectorKind.FACE_FULL_RANGE, DetectorKind.HAAR]
SIZES = [(640, 480), (320, 240)]


# faceFullRange and body run on mediapipe, an optional install (no wheel for Python 3.13).
MEDIAPIPE_KINDS = {DetectorKind.FACE_FULL_RANGE, DetectorKind.BODY}
try:
    import mediapipe  # noqa: F401

    HAVE_MEDIAPIPE = True
except ImportError:
    HAVE_MEDIAPIPE = False


class _Detectors(dict):  # type: ignore[type-arg]
    def __missing__(self, kind: DetectorKind) -> Detector:
        pytest.skip(f"detector {kind.value} needs mediapipe, which is not installed (optional; none for Python 3.13)")


@pytest.fixture(scope="module")
def detectors() -> Iterator[dict[DetectorKind, Detector]]:
    made = _Detectors({kind: create_detector(kind, 0.5) for kind in DetectorKind if HAVE_MEDIAPIPE or kind not in MEDIAPIPE_KINDS})
    yield made
    for detector in made.values():
        detector.close()


def frame_of(pixels: np.ndarray) -> Frame:
    return Frame(np.ascontiguousarray(pixels), 0, 0)


def upper_left_box(d: Detection) -> tuple[float, float, float, float]:
    r = d.rect.upper_left
    return r.x, r.y, r.x + r.width, r.y + r.height


def test_the_astronaut_face_where_the_brief_says_at_native_size(detectors: dict[DetectorKind, Detector]) -> None:
    found = detectors[DetectorKind.FACE].detect(frame_of(skimage.data.astronaut()))
    assert len(found) == 1
    left, top, right, bottom = upper_left_box(found[0])
    # The brief's measure: x 0.35-0.53, y(top) 0.16-0.35; within 0.02.
    assert abs(left - 0.35) < 0.02 and abs(right - 0.53) < 0.02
    assert abs(top - 0.16) < 0.02 and abs(bottom - 0.35) < 0.02
    assert found[0].confidence > 0.8 and found[0].kind is SubjectKind.HUMAN_FACE
    # Lower-left space: the face is in the upper part of the image, so high y.
    assert found[0].rect.y > 0.6


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", FACE_DETECTORS, ids=lambda k: k.value)
@pytest.mark.parametrize("centre", [(0.5, 0.45), (0.72, 0.3), (0.3, 0.6)], ids=["centre", "upper-right", "lower-left"])
def test_each_face_detector_finds_the_placed_face(
    detectors: dict[DetectorKind, Detector], kind: DetectorKind, size: tuple[int, int], centre: tuple[float, float]
) -> None:
    width, height = size
    pixels, (fl, ft, fr, fb) = placed(width, height, *centre, scale=0.9)
    found = detectors[kind].detect(frame_of(pixels))
    assert len(found) == 1, found
    left, top, right, bottom = upper_left_box(found[0])
    face_w, face_h = fr - fl, fb - ft
    # Centre within 15% of the face's size (vertically 30% for Haar, whose box
    # takes in the forehead: 0.18 of the face higher at 512x512); size within 35%.
    vertical = 0.30 if kind is DetectorKind.HAAR else 0.15
    assert abs((left + right) / 2 - (fl + fr) / 2) < 0.15 * face_w
    assert abs((top + bottom) / 2 - (ft + fb) / 2) < vertical * face_h
    assert 0.65 < (right - left) / face_w < 1.35
    assert 0.5 <= found[0].confidence <= 1.0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_body_detector_boxes_head_and_shoulders(detectors: dict[DetectorKind, Detector], size: tuple[int, int]) -> None:
    width, height = size
    pixels, (fl, ft, fr, fb) = placed(width, height, 0.5, 0.35, scale=0.95)
    found = detectors[DetectorKind.BODY].detect(frame_of(pixels))
    assert len(found) == 1 and found[0].kind is SubjectKind.HUMAN_BODY
    left, top, right, bottom = upper_left_box(found[0])
    # The body box holds the whole face, reaches below it (shoulders), and is not the whole frame.
    assert left <= fl + 0.02 and right >= fr - 0.02 and top <= ft + 0.03
    assert bottom > fb + 0.2
    assert (right - left) < 0.95
    assert found[0].confidence >= 0.5


@pytest.mark.parametrize("image", ["coffee", "chelsea", "rocket"])
@pytest.mark.parametrize("kind", list(DetectorKind), ids=lambda k: k.value)
def test_nothing_is_found_without_a_person(detectors: dict[DetectorKind, Detector], kind: DetectorKind, image: str) -> None:
    pixels = cv2.resize(getattr(skimage.data, image)(), (640, 480), interpolation=cv2.INTER_AREA)
    assert detectors[kind].detect(frame_of(pixels)) == []


def test_bad_frames_are_typed_errors(detectors: dict[DetectorKind, Detector]) -> None:
    for pixels in (np.zeros((480, 640), np.uint8), np.zeros((480, 640, 3), np.float32), np.zeros((1, 1, 3), np.uint8)):
        for detector in detectors.values():
            with pytest.raises(DetectorError):
                detector.detect(frame_of(pixels))


def test_haar_confidence_is_the_squashed_level_weight() -> None:
    assert level_weight_confidence(0.0) == 0.0 and level_weight_confidence(-3.0) == 0.0
    assert level_weight_confidence(float("nan")) == 0.0
    assert abs(level_weight_confidence(3.0) - (1 - np.exp(-1))) < 1e-12
    assert level_weight_confidence(2.0) < level_weight_confidence(4.0) < level_weight_confidence(6.0) < 1.0
