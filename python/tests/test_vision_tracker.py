"""The IoU tracker on detection sequences: identifiers follow people across frames."""
from __future__ import annotations

from swivel.geometry import NormalizedRectLowerLeft
from swivel_vision.detection import Detection, SubjectKind
from swivel_vision.iou_tracker import IouTracker, iou


def face(x: float, y: float = 0.4, size: float = 0.15, confidence: float = 0.9) -> Detection:
    return Detection(SubjectKind.HUMAN_FACE, NormalizedRectLowerLeft(x, y, size, size), confidence)


def ids(tracker: IouTracker, detections: list[Detection]) -> list[int]:
    return [t.identifier for t in tracker.update(detections)]


def test_iou() -> None:
    a = NormalizedRectLowerLeft(0, 0, 0.2, 0.2)
    assert iou(a, a) == 1.0
    assert iou(a, NormalizedRectLowerLeft(0.3, 0, 0.2, 0.2)) == 0.0
    assert abs(iou(a, NormalizedRectLowerLeft(0.1, 0, 0.2, 0.2)) - 1 / 3) < 1e-12


def test_a_moving_face_keeps_its_identifier() -> None:
    tracker = IouTracker()
    seen = {i for step in range(30) for i in ids(tracker, [face(0.1 + 0.02 * step)])}
    assert seen == {1}


def test_two_crossing_subjects_keep_their_identifiers() -> None:
    tracker = IouTracker()
    # A walks right, B walks left, at the same height: they pass through each other
    # (their boxes overlap for several frames, fully at the middle).
    history: dict[int, list[float]] = {}
    for step in range(41):
        a, b = 0.1 + 0.02 * step, 0.9 - 0.02 * step
        for tracked in tracker.update([face(a), face(b)]):
            history.setdefault(tracked.identifier, []).append(tracked.detection.rect.x)
    assert set(history) == {1, 2}
    # Identifier 1 started on the left and kept walking right; 2 the other way.
    assert history[1][0] < 0.2 and history[1][-1] > 0.8
    assert history[2][0] > 0.8 and history[2][-1] < 0.2
    assert all(later > earlier for earlier, later in zip(history[1], history[1][1:]))


def test_a_dropped_frame_or_two_keeps_the_identifier() -> None:
    tracker = IouTracker()
    assert ids(tracker, [face(0.30)]) == [1]
    assert ids(tracker, [face(0.31)]) == [1]
    assert ids(tracker, []) == []
    assert ids(tracker, [face(0.33)]) == [1]
    assert ids(tracker, []) == []
    assert ids(tracker, []) == []
    assert ids(tracker, [face(0.36)]) == [1]


def test_a_face_gone_longer_comes_back_with_a_new_identifier_and_none_is_reused() -> None:
    tracker = IouTracker()
    assert ids(tracker, [face(0.3)]) == [1]
    for _ in range(3):
        tracker.update([])
    assert ids(tracker, [face(0.3)]) == [2]
    assert ids(tracker, [face(0.3), face(0.7)]) == [2, 3]
    for _ in range(3):
        tracker.update([])
    assert ids(tracker, [face(0.7), face(0.3)]) == [4, 5]


def test_a_new_face_gets_a_new_identifier() -> None:
    tracker = IouTracker()
    assert ids(tracker, [face(0.2)]) == [1]
    assert ids(tracker, [face(0.2), face(0.7)]) == [1, 2]
    assert ids(tracker, [face(0.7), face(0.2)]) == [2, 1]


def test_a_face_and_a_body_in_the_same_place_are_not_matched() -> None:
    tracker = IouTracker()
    body = Detection(SubjectKind.HUMAN_BODY, NormalizedRectLowerLeft(0.3, 0.4, 0.15, 0.15), 0.9)
    assert ids(tracker, [face(0.3)]) == [1]
    assert ids(tracker, [body]) == [2]
