"""OpenCV's Haar cascade (haarcascade_frontalface_default.xml from cv2.data), the
light fallback: no MediaPipe needed, frontal faces only, more false positives.

It searches a grayscale copy scaled to at most 320 pixels wide (faces of 24 px
and up there: 10% of a 4:3 frame's height), with scale steps of 1.2: on the
development machine that is 33 ms for a 640x480 frame against 121 ms at full
size with steps of 1.1, and the full-size search found nothing the reduced one
missed on the test photographs (docs/VISION.md, "Detectors").

Confidence: detectMultiScale3's level weight w (how far the window cleared the
cascade's last stage) squashed to 0…1 as 1 − exp(−w / 3): w 2 → 0.49, 4 → 0.74,
6 → 0.86. It orders detections and gates them with minConfidence; it is not a
calibrated probability.
"""
from __future__ import annotations

import math

from ..detection import Detection, SubjectKind
from ..frames import Frame
from .boxes import DetectorError, check_frame, clipped_upper_left

CASCADE = "haarcascade_frontalface_default.xml"


def level_weight_confidence(weight: float) -> float:
    if not math.isfinite(weight) or weight <= 0:
        return 0.0
    return 1.0 - math.exp(-weight / 3.0)


class HaarFaceDetector:
    SEARCH_WIDTH_PX = 320
    MIN_FACE_PX = 24
    SCALE_STEP = 1.2

    def __init__(self, min_confidence: float = 0.5) -> None:
        import cv2

        path = cv2.data.haarcascades + CASCADE  # type: ignore[attr-defined]
        cascade = cv2.CascadeClassifier(path)
        if cascade.empty():
            raise DetectorError(f"cannot load the Haar cascade {path}")
        self.name = "haar"
        self._cv2 = cv2
        self._cascade = cascade
        self._min_confidence = min_confidence

    def detect(self, frame: Frame) -> list[Detection]:
        pixels = check_frame(frame)
        cv2 = self._cv2
        gray = cv2.cvtColor(pixels, cv2.COLOR_RGB2GRAY)
        if gray.shape[1] > self.SEARCH_WIDTH_PX:
            scaled_height = max(1, round(gray.shape[0] * self.SEARCH_WIDTH_PX / gray.shape[1]))
            gray = cv2.resize(gray, (self.SEARCH_WIDTH_PX, scaled_height), interpolation=cv2.INTER_AREA)
        height, width = gray.shape
        rects, _levels, weights = self._cascade.detectMultiScale3(
            gray, scaleFactor=self.SCALE_STEP, minNeighbors=5, minSize=(self.MIN_FACE_PX, self.MIN_FACE_PX),
            outputRejectLevels=True,
        )
        detections: list[Detection] = []
        for (x, y, w, h), weight in zip(rects, weights):
            confidence = level_weight_confidence(float(weight))
            if confidence < self._min_confidence:
                continue
            rect = clipped_upper_left(x / width, y / height, w / width, h / height)
            if rect is not None:
                detections.append(Detection(SubjectKind.HUMAN_FACE, rect, confidence))
        return detections

    def close(self) -> None:
        pass
