"""MediaPipe pose: `mp.solutions.pose` at model_complexity=1, the model inside the
wheel (complexity 0 and 2 fetch theirs from the network at first use, so they are
never used here). One person per frame.

It runs in static-image mode: the person detector runs on every frame. In
video mode pose tracks its landmarks from the previous frame, and when the
person leaves at once (a cut, someone stepping out) it kept reporting a body
with visibility 0.84 … 0.68 on six frames of an empty room (measured on skimage's
coffee after the astronaut), which the stand would follow. Static mode costs
about 1.7× the CPU (63 vs 37 ms a 640×480 frame on the development machine).

The body box: the extent of the landmarks with visibility >= 0.5, widened by 10%
of its size on each side, and raised above the eyes by the eye-to-mouth distance
× 2 so it covers the head (the landmarks stop at the eyes and ears). Confidence:
the mean visibility of those landmarks (pose reports no detection score through
this API).
"""
from __future__ import annotations

from ..detection import Detection, SubjectKind
from ..frames import Frame
from .boxes import DetectorError, check_frame, clipped_upper_left

VISIBLE = 0.5
# BlazePose landmark indices (mediapipe's PoseLandmark).
_NOSE, _LEFT_EYE, _RIGHT_EYE, _MOUTH_LEFT, _MOUTH_RIGHT = 0, 2, 5, 9, 10


class MediaPipePoseDetector:
    def __init__(self, min_confidence: float = 0.5) -> None:
        try:
            import mediapipe as mp
        except ImportError as error:
            raise DetectorError(f"the body detector needs mediapipe ({error}); install the vision extra") from error
        self.name = "body"
        self._min_confidence = min_confidence
        self._solution = mp.solutions.pose.Pose(
            static_image_mode=True,
            model_complexity=1,
            enable_segmentation=False,
            min_detection_confidence=min_confidence,
        )

    def detect(self, frame: Frame) -> list[Detection]:
        pixels = check_frame(frame)
        result = self._solution.process(pixels)
        if result.pose_landmarks is None:
            return []
        landmarks = result.pose_landmarks.landmark
        visible = [(i, l) for i, l in enumerate(landmarks) if l.visibility >= VISIBLE]
        if len(visible) < 3:
            return []
        confidence = sum(l.visibility for _, l in visible) / len(visible)
        if confidence < self._min_confidence:
            return []
        xs = [l.x for _, l in visible]
        ys = [l.y for _, l in visible]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        by_index = dict(visible)
        eyes = [by_index[i].y for i in (_LEFT_EYE, _RIGHT_EYE) if i in by_index]
        mouth = [by_index[i].y for i in (_MOUTH_LEFT, _MOUTH_RIGHT) if i in by_index]
        if eyes and mouth:
            top = min(top, min(eyes) - 2.0 * (sum(mouth) / len(mouth) - sum(eyes) / len(eyes)))
        margin_x, margin_y = 0.1 * (right - left), 0.1 * (bottom - top)
        rect = clipped_upper_left(left - margin_x, top - margin_y, right - left + 2 * margin_x, bottom - top + 2 * margin_y)
        if rect is None:
            return []
        return [Detection(SubjectKind.HUMAN_BODY, rect, min(1.0, max(0.0, confidence)))]

    def close(self) -> None:
        self._solution.close()
