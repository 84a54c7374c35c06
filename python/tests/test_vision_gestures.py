"""The open-palm classifier on synthetic 21-point hands, and the hold timer on sequences."""
from __future__ import annotations

import math

import numpy as np
import pytest

from swivel_vision.gestures import HandObservation, HoldTimer, OpenPalmRecognizer, is_open_palm

# A right hand, palm to the camera, in normalized image coordinates (y down):
# the wrist at the bottom, the fingers pointing up.
WRIST = (0.5, 0.8)
# Per finger: the MCP's offset from the wrist and the direction it points (deg from up).
FINGER_BASES = {"index": (-0.06, -0.18, -12), "middle": (-0.02, -0.19, -3), "ring": (0.02, -0.18, 6), "pinky": (0.055, -0.16, 16)}
SEGMENTS = (0.07, 0.045, 0.035)  # MCP->PIP, PIP->DIP, DIP->tip


def finger(base: tuple[float, float, float], curled: bool) -> list[tuple[float, float]]:
    dx, dy, angle = base
    mcp = (WRIST[0] + dx, WRIST[1] + dy)
    points, (x, y), heading = [mcp], mcp, math.radians(angle)
    for segment in SEGMENTS:
        # A curled finger bends 80 degrees at each joint, toward the palm.
        if curled:
            heading += math.radians(80)
        x, y = x + segment * math.sin(heading), y - segment * math.cos(heading)
        points.append((x, y))
    return points


def hand(extended: set[str], spread: float = 1.0) -> list[tuple[float, float, float]]:
    points = [WRIST]
    # Thumb: CMC, MCP, IP, tip out to the side (left on the image for this hand), or folded across the palm.
    if "thumb" in extended:
        points += [(0.45, 0.76), (0.40, 0.72), (0.36, 0.68), (0.33, 0.64)]
    else:
        points += [(0.45, 0.76), (0.43, 0.71), (0.47, 0.68), (0.51, 0.67)]
    for name, (dx, dy, angle) in FINGER_BASES.items():
        points += finger((dx, dy, angle * spread), curled=name not in extended)
    return [(x, y, 0.0) for x, y in points]


OPEN = hand({"thumb", "index", "middle", "ring", "pinky"})
FIST = hand(set())
POINTING = hand({"index"})
TOGETHER = hand({"thumb", "index", "middle", "ring", "pinky"}, spread=-0.3)  # fingers drawn together


def test_open_palm_fist_pointing() -> None:
    assert is_open_palm(OPEN)
    assert not is_open_palm(FIST)
    assert not is_open_palm(POINTING)
    assert not is_open_palm(hand({"index", "middle", "ring", "pinky"}))  # thumb folded
    assert not is_open_palm(hand({"thumb", "index", "middle"}))


def test_the_rule_is_the_same_at_any_size_and_rotation() -> None:
    points = np.array([p[:2] for p in OPEN])
    for scale, degrees in ((0.4, 0), (2.0, 30), (1.0, -45), (0.7, 170)):
        angle = math.radians(degrees)
        rotation = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
        moved = (points - points[0]) @ rotation.T * scale + 0.5
        assert is_open_palm([tuple(p) for p in moved])
        fist = (np.array([p[:2] for p in FIST]) - points[0]) @ rotation.T * scale + 0.5
        assert not is_open_palm([tuple(p) for p in fist])


def test_fingers_drawn_together_are_not_spread() -> None:
    assert not is_open_palm(TOGETHER)


def test_bad_landmarks_are_not_a_palm() -> None:
    assert not is_open_palm(OPEN[:20])
    assert not is_open_palm([(math.nan, 0.0, 0.0)] + OPEN[1:])
    assert not is_open_palm([(0.5, 0.5, 0.0)] * 21)
    assert not is_open_palm([("x", 1)] * 21)  # type: ignore[list-item]


FRAME_NS = 100_000_000  # the hand detector every third frame at 30 fps: every 0.1 s


def run(pattern: list[tuple[bool, float]], tolerance_gap_every: int = 0) -> int:
    """Feeds (palm shown?, seconds) segments at one sample per 0.1 s; returns how often it fired."""
    recognizer = OpenPalmRecognizer(HoldTimer())
    now, fired, sample = 0, 0, 0
    for shown, seconds in pattern:
        for _ in range(int(round(seconds * 10))):
            hands = [HandObservation(tuple(OPEN), 0.9)] if shown else [HandObservation(tuple(FIST), 0.9)]
            if tolerance_gap_every and sample % tolerance_gap_every == tolerance_gap_every - 1:
                hands = []  # the detector missed the hand on this sample
            confidence = recognizer.update(now, hands)
            if confidence is not None:
                assert confidence == 0.9
                fired += 1
            now += FRAME_NS
            sample += 1
    return fired


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ([(True, 0.5), (False, 1.0)], 0),
        ([(True, 1.1), (False, 1.0)], 1),
        ([(True, 3.0), (False, 1.0)], 1),
        ([(True, 1.2), (False, 0.8), (True, 1.2), (False, 0.5)], 2),
        ([(True, 1.2), (False, 0.2), (True, 1.2)], 1),  # away too briefly: the same hold
        ([(True, 0.6), (False, 0.5), (True, 0.6)], 0),  # two short holds do not add up
        ([(False, 1.0)], 0),
    ],
    ids=["held-0.5s", "held-1.1s", "held-3s", "open-away-open", "away-too-briefly", "two-short-holds", "fist"],
)
def test_hold_timer_sequences(pattern: list[tuple[bool, float]], expected: int) -> None:
    assert run(pattern) == expected


def test_a_missed_sample_during_the_hold_does_not_restart_it() -> None:
    # Every fourth sample misses the hand: a 1.2 s hold still fires, once.
    assert run([(True, 1.2), (False, 1.0)], tolerance_gap_every=4) == 1


def test_the_timer_alone() -> None:
    timer = HoldTimer()
    assert not timer.update(0, True)
    assert not timer.update(999_000_000, True)
    assert timer.update(1_000_000_000, True)
    assert timer.state == "fired"
    assert not timer.update(1_400_000_000, False)
    assert timer.state == "fired"
    assert not timer.update(1_500_000_000, False)
    assert timer.state == "idle"


def test_the_real_hand_detector_sees_no_open_palm_in_photographs_without_one() -> None:
    """No installed package ships a photograph of an open hand (skimage.data,
    matplotlib's sample_data, mediapipe's wheel and cv2 were searched: docs/VISION.md),
    so the end-to-end check on real pixels is the negative one: MediaPipe's hand
    model runs on real photographs and the classifier fires on none of them."""
    pytest.importorskip("mediapipe", reason="gestures run on mediapipe, optional (no wheel for Python 3.13)")
    import cv2
    import skimage.data

    from swivel_vision.frames import Frame
    from swivel_vision.gestures import HandDetector

    detector = HandDetector()
    try:
        for image in (skimage.data.astronaut(), skimage.data.coffee(), skimage.data.chelsea()):
            pixels = np.ascontiguousarray(cv2.resize(image, (640, 480)))
            hands = detector.detect(Frame(pixels, 0, 0))
            assert all(len(h.landmarks) == 21 and 0.0 <= h.confidence <= 1.0 for h in hands)
            assert not any(is_open_palm(h.landmarks) for h in hands)
    finally:
        detector.close()
