"""Detectors behind `detection.Detector`: BlazeFace short range on OpenCV alone
(blazeface.py, its model shipped in this package), MediaPipe BlazeFace full range
and MediaPipe pose (a body box from the visible landmarks; these two need the
optional mediapipe install) and OpenCV's Haar cascade. Each runs on the frame's
RGB pixels and reports `Detection`s in TRACK's lower-left normalized space,
clipped to the frame. Every model is in this package or inside an installed
wheel (mediapipe's, opencv's): nothing is downloaded.
"""
from __future__ import annotations

from ..config import DetectorKind
from ..detection import Detector
from .boxes import DetectorError


def create_detector(kind: DetectorKind, min_confidence: float = 0.5) -> Detector:
    """The detector for the board's `vision.detector`; imports only what it needs."""
    if not 0.0 <= min_confidence <= 1.0:
        raise DetectorError(f"min_confidence must be within 0…1, got {min_confidence}")
    if kind is DetectorKind.FACE:
        from .blazeface import BlazeFaceDetector

        return BlazeFaceDetector(min_confidence=min_confidence)
    if kind is DetectorKind.FACE_FULL_RANGE:
        # The full-range model in mediapipe's wheel is sparse (TFLite's DENSIFY), which
        # OpenCV 4.10's importer does not take: it stays on mediapipe.
        from .mediapipe_face import MediaPipeFaceDetector

        return MediaPipeFaceDetector(full_range=True, min_confidence=min_confidence)
    if kind is DetectorKind.BODY:
        from .mediapipe_pose import MediaPipePoseDetector

        return MediaPipePoseDetector(min_confidence=min_confidence)
    if kind is DetectorKind.HAAR:
        from .haar import HaarFaceDetector

        return HaarFaceDetector(min_confidence=min_confidence)
    raise DetectorError(f"unknown detector {kind!r}")


__all__ = ["DetectorError", "create_detector"]
