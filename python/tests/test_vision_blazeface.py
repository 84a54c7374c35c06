"""BlazeFace short range on OpenCV alone (detectors/blazeface.py): its anchors, its
weighted NMS, and its output against mediapipe's own on the same frames."""
from __future__ import annotations

import math
from collections.abc import Iterator

import cv2
import numpy as np
import pytest

from swivel_vision.config import DetectorKind
from swivel_vision.detection import Detection
from swivel_vision.detectors import create_detector
from swivel_vision.detectors.blazeface import BlazeFaceDetector, decode_boxes, scores_of, ssd_anchors, weighted_nms
from swivel_vision.frames import Frame
from swivel_vision.pose_feed import StandPose
from swivel_vision.virtual_camera import PinholeCamera, Renderer, SensorNoise
from swivel_vision.world import World, scenario
from vision_support import placed


def test_the_anchors_are_mediapipes_896() -> None:
    anchors = ssd_anchors()
    assert anchors.shape == (896, 2)
    # 16x16 cells of stride 8, two anchors each, row by row...
    assert np.allclose(anchors[0], anchors[1]) and np.allclose(anchors[0], (0.5 / 16, 0.5 / 16))
    assert np.allclose(anchors[2], (1.5 / 16, 0.5 / 16))
    assert np.allclose(anchors[32], (0.5 / 16, 1.5 / 16))
    # ...then 8x8 cells of stride 16, six each.
    assert np.allclose(anchors[512:518], (0.5 / 8, 0.5 / 8))
    assert np.allclose(anchors[518], (1.5 / 8, 0.5 / 8))
    assert np.allclose(anchors[-1], (7.5 / 8, 7.5 / 8))


def test_box_decoding_is_relative_to_the_anchor_in_input_pixels() -> None:
    rows = np.zeros((1, 16), np.float32)
    rows[0, :4] = (12.8, -6.4, 32.0, 16.0)  # +0.1, -0.05 of the input; 0.25 x 0.125
    box = decode_boxes(rows, np.array([[0.5, 0.5]], np.float32))[0]
    assert np.allclose(box, (0.6 - 0.125, 0.45 - 0.0625, 0.6 + 0.125, 0.45 + 0.0625))


def test_scores_are_the_clipped_sigmoid() -> None:
    got = scores_of(np.array([[[0.0], [1e6], [-1e6], [2.0]]], np.float32))
    assert np.allclose(got, (0.5, 1 / (1 + math.exp(-100)), 1 / (1 + math.exp(100)), 1 / (1 + math.exp(-2.0))))


def test_weighted_nms_averages_overlapping_boxes_by_score_and_keeps_the_best_score() -> None:
    boxes = np.array([
        [0.10, 0.10, 0.30, 0.30],
        [0.12, 0.10, 0.32, 0.30],  # IoU with the first 0.82: merged
        [0.60, 0.60, 0.80, 0.80],  # apart
        [0.20, 0.20, 0.40, 0.40],  # IoU with the first 0.14: its own
    ], np.float32)
    scores = np.array([0.9, 0.6, 0.7, 0.55], np.float32)
    out = weighted_nms(boxes, scores, 0.3)
    assert [round(s, 6) for _, s in out] == [0.9, 0.7, 0.55]
    assert np.allclose(out[0][0], (boxes[0] * 0.9 + boxes[1] * 0.6) / 1.5)
    assert np.allclose(out[1][0], boxes[2]) and np.allclose(out[2][0], boxes[3])


# An interpreter where mediapipe (and matplotlib, which only it needs) cannot be
# imported: what Python 3.13 has, where mediapipe 0.10 has no wheel.
WITHOUT_MEDIAPIPE = """
import sys

class WithoutMediapipe:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"mediapipe", "matplotlib"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, WithoutMediapipe())
import numpy as np, skimage.data
from swivel_vision.cli import missing_vision_packages
from swivel_vision.config import DetectorKind, Overrides, apply_overrides, load_board
from swivel_vision.detectors import create_detector
from swivel_vision.frames import Frame

board = load_board(sys.argv[1])
for kind in ("face", "haar", "body", "faceFullRange"):
    print(kind, missing_vision_packages(apply_overrides(board, Overrides(detector=kind, gestures=False))))
print("gestures", missing_vision_packages(apply_overrides(board, Overrides(detector="face", gestures=True))))
detector = create_detector(DetectorKind.FACE)
found = detector.detect(Frame(np.ascontiguousarray(skimage.data.astronaut()), 0, 0))
print("faces", len(found), round(found[0].confidence, 2))
print("mediapipe_imported", any(m.split(".")[0] == "mediapipe" for m in sys.modules))
"""


def test_the_default_face_detector_runs_without_mediapipe() -> None:
    import subprocess
    import sys

    from vision_support import REPO, SIM_BOARD

    done = subprocess.run([sys.executable, "-c", WITHOUT_MEDIAPIPE, str(SIM_BOARD)], capture_output=True, text=True,
                          timeout=120, cwd=REPO)
    assert done.returncode == 0, done.stderr
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert lines["face"] == "None" and lines["haar"] == "None"
    for kind in ("body", "faceFullRange", "gestures"):
        assert "need mediapipe" in lines[kind] and "swivel[mediapipe]" in lines[kind], lines[kind]
    assert lines["faces"].startswith("1 0.9"), lines["faces"]
    assert lines["mediapipe_imported"] == "False"
    detector = create_detector(DetectorKind.FACE)
    try:
        assert isinstance(detector, BlazeFaceDetector)
    finally:
        detector.close()


def _frames() -> Iterator[tuple[str, np.ndarray]]:
    for width, height in ((640, 480), (320, 240), (480, 640), (1280, 720)):
        for centre in ((0.5, 0.5), (0.3, 0.4), (0.7, 0.6), (0.45, 0.3)):
            for scale in (0.6, 0.9, 1.3):
                pixels, _ = placed(width, height, *centre, scale=scale)
                yield f"{width}x{height} at {centre} x{scale}", pixels
    # The virtual camera's rendered room, the stand a little off her, with sensor noise.
    world = World(scenario("walk"))
    renderer = Renderer(world, PinholeCamera.from_field_of_view(640, 480, 1.107, 0.860))
    noise = SensorNoise(640, 480, 3.0, 1)
    for i in range(12):
        person = world.person_at(i)
        pixels, _ = renderer.render(float(i), StandPose(person.face_yaw_rad + 0.15 * math.sin(i), 0.15 - person.face_elevation_rad))
        yield f"rendered walk t={i}", noise.apply(pixels)
    for name in ("coffee", "chelsea", "rocket"):
        import skimage.data

        yield name, cv2.resize(getattr(skimage.data, name)(), (640, 480), interpolation=cv2.INTER_AREA)


def _box(d: Detection) -> tuple[float, float, float, float]:
    r = d.rect.upper_left
    return r.x, r.y, r.width, r.height


@pytest.mark.parametrize("min_confidence", [0.5, 0.75])
def test_the_same_faces_scores_and_boxes_as_mediapipe_on_the_same_frames(min_confidence: float) -> None:
    pytest.importorskip("mediapipe", reason="mediapipe is optional (no wheel for Python 3.13): nothing to compare with")
    from swivel_vision.detectors.mediapipe_face import MediaPipeFaceDetector

    ours, theirs = BlazeFaceDetector(min_confidence), MediaPipeFaceDetector(full_range=False, min_confidence=min_confidence)
    compared = faces = 0
    try:
        for label, pixels in _frames():
            frame = Frame(np.ascontiguousarray(pixels), 0, 0)
            mine = sorted(ours.detect(frame), key=lambda d: -d.confidence)
            reference = sorted(theirs.detect(frame), key=lambda d: -d.confidence)
            assert len(mine) == len(reference), (label, mine, reference)
            for a, b in zip(mine, reference):
                assert abs(a.confidence - b.confidence) < 1e-4, (label, a, b)
                assert np.allclose(_box(a), _box(b), atol=1e-4), (label, _box(a), _box(b))
                faces += 1
            compared += 1
    finally:
        ours.close()
        theirs.close()
    assert compared == 63 and faces >= 30, (compared, faces)  # not a vacuous comparison
