"""OpenCV's Haar cascade (haarcascade_frontalface_default.xml from cv2.data), the
light fallback: no MediaPipe needed, frontal faces only, more false positives.

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
    def __init__(self, min_confidence: float = 0.5, min_face_fraction: float = 0.08) -> None:
        import cv2

        path = cv2.data.haarcascades + CASCADE
        cascade = cv2.CascadeClassifier(path)
        if cascade.empty():
            raise DetectorError(f"cannot load the Haar cascade {path}")
        self.name = "haar"
        self._cv2 = cv2
        self._cascade = cascade
        self._min_confidence = min_confidence
        # Faces smaller than this fraction of the frame height are not searched
        # for: the smallest scales cost the most and a tracked face is larger.
        self._min_face_fraction = min_face_fraction

    def detect(self, frame: Frame) -> list[Detection]:
        pixels = check_frame(frame)
        cv2 = self._cv2
        gray = cv2.cvtColor(pixels, cv2.COLOR_RGB2GRAY)
        height, width = gray.shape
        side = max(20, int(self._min_face_fraction * height))
        rects, _levels, weights = self._cascade.detectMultiScale3(
            gray, scaleFactor=1.1, minNeighbors=5, minSize=(side, side), outputRejectLevels=True
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
