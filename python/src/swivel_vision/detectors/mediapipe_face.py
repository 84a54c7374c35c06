"""MediaPipe BlazeFace: `mp.solutions.face_detection`, short range (model_selection 0,
faces within about 2 m) or full range (1, up to about 5 m). Its models are in the
mediapipe wheel (modules/face_detection/*.tflite). Confidence: the detection's
score, 0…1, as BlazeFace reports it.
"""
from __future__ import annotations

from ..detection import Detection, SubjectKind
from ..frames import Frame
from .boxes import DetectorError, check_frame, clipped_upper_left


class MediaPipeFaceDetector:
    def __init__(self, full_range: bool = False, min_confidence: float = 0.5) -> None:
        try:
            import mediapipe as mp
        except ImportError as error:
            raise DetectorError(f"the face detector needs mediapipe ({error}); install the vision extra") from error
        self.name = "faceFullRange" if full_range else "face"
        self._min_confidence = min_confidence
        self._solution = mp.solutions.face_detection.FaceDetection(
            model_selection=1 if full_range else 0, min_detection_confidence=min_confidence
        )

    def detect(self, frame: Frame) -> list[Detection]:
        pixels = check_frame(frame)
        result = self._solution.process(pixels)
        detections: list[Detection] = []
        for found in result.detections or []:
            score = float(found.score[0]) if found.score else 0.0
            if score < self._min_confidence:
                continue
            box = found.location_data.relative_bounding_box
            rect = clipped_upper_left(box.xmin, box.ymin, box.width, box.height)
            if rect is not None:
                detections.append(Detection(SubjectKind.HUMAN_FACE, rect, min(1.0, max(0.0, score))))
        return detections

    def close(self) -> None:
        self._solution.close()
