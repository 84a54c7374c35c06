"""BlazeFace short range on OpenCV alone: the model through `cv2.dnn.readNetFromTFLite`,
the anchors, box decoding and weighted non-maximum suppression as MediaPipe's face
detection graph does them.

The model is MediaPipe's `face_detection_short_range.tflite` (from the
mediapipe 0.10.14 wheel, Apache-2.0: assets/face_detection_short_range.LICENSE),
shipped in this package so that the default detector needs only numpy and
OpenCV, which have wheels for Python 3.11-3.13 on aarch64 and x86_64
(mediapipe 0.10.x has none for 3.13). Faces within about 2 m.

What MediaPipe's graph does, and this module after it:
- the frame is letterboxed (aspect kept, black borders) to 128×128 RGB by an
  affine warp that puts the square's corners on the tensor's, bilinear,
  values scaled to −1…1;
- 896 SSD anchors: a 16×16 grid (stride 8) with 2 anchors a cell, then an 8×8
  grid (stride 16) with 6, every anchor 1×1 centred on its cell;
- each of the 896 rows of (1, 896, 16) is x, y, w, h of the box centre and
  size in input pixels relative to its anchor, then six keypoints; its score
  is the sigmoid of (1, 896, 1) clipped to ±100; rows under 0.5 are dropped,
  whatever minConfidence asks (MediaPipe's floor: a lower one would report
  faces in a room with nobody in it, at 0.34 in test_world_background);
- weighted NMS (IoU over 0.3): the best box and every box overlapping it are
  averaged, weighted by score, and reported with the best one's score; those
  under minConfidence are dropped after it;
- the letterbox is taken off again.
python/tests/test_vision_blazeface.py compares the result with mediapipe's
own on the same frames where mediapipe is installed.
"""
from __future__ import annotations

from importlib import resources

import numpy as np
import numpy.typing as npt

from ..detection import Detection, SubjectKind
from ..frames import Frame
from .boxes import DetectorError, check_frame, clipped_upper_left

MODEL = "face_detection_short_range.tflite"
INPUT_PX = 128
# (stride, anchors per cell) after MediaPipe's SsdAnchorsCalculator merges its four
# layers (strides 8, 16, 16, 16; two anchors each) by stride.
ANCHOR_LAYERS = ((8, 2), (16, 6))
COORDS_SCALE = 128.0
SCORE_CLIP = 100.0
NMS_IOU = 0.3
# MediaPipe's graph keeps boxes of score 0.5 and over for its NMS whatever the
# solution's min_detection_confidence; a higher minimum is applied after the NMS.
GRAPH_MIN_SCORE = 0.5


def ssd_anchors(input_px: int = INPUT_PX, layers: tuple[tuple[int, int], ...] = ANCHOR_LAYERS) -> npt.NDArray[np.float32]:
    """(N, 2) anchor centres, normalized, in the model's row order (row by row, anchors of a cell together)."""
    centres = []
    for stride, per_cell in layers:
        cells = (input_px + stride - 1) // stride
        ys, xs = np.meshgrid((np.arange(cells) + 0.5) / cells, (np.arange(cells) + 0.5) / cells, indexing="ij")
        grid = np.stack([xs.ravel(), ys.ravel()], axis=1)
        centres.append(np.repeat(grid, per_cell, axis=0))
    return np.concatenate(centres).astype(np.float32)


def decode_boxes(raw_boxes: npt.NDArray[np.float32], anchors: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """(N, 16) raw rows -> (N, 4) xmin, ymin, xmax, ymax normalized to the model's input (anchors are 1×1)."""
    centre = raw_boxes[:, 0:2] / COORDS_SCALE + anchors
    half = raw_boxes[:, 2:4] / COORDS_SCALE / 2
    return np.concatenate([centre - half, centre + half], axis=1)


def scores_of(raw_scores: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    clipped = np.clip(raw_scores.reshape(-1).astype(np.float64), -SCORE_CLIP, SCORE_CLIP)
    return (1.0 / (1.0 + np.exp(-clipped))).astype(np.float32)


def _iou(box: npt.NDArray[np.float32], others: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    left = np.maximum(box[0], others[:, 0])
    top = np.maximum(box[1], others[:, 1])
    right = np.minimum(box[2], others[:, 2])
    bottom = np.minimum(box[3], others[:, 3])
    inter = np.clip(right - left, 0, None) * np.clip(bottom - top, 0, None)
    area = (box[2] - box[0]) * (box[3] - box[1])
    areas = (others[:, 2] - others[:, 0]) * (others[:, 3] - others[:, 1])
    union = area + areas - inter
    return np.where(union > 0, inter / np.where(union > 0, union, 1), 0.0)


def weighted_nms(boxes: npt.NDArray[np.float32], scores: npt.NDArray[np.float32], iou_threshold: float = NMS_IOU) -> list[tuple[npt.NDArray[np.float32], float]]:
    """MediaPipe's WEIGHTED non-maximum suppression: (box, score) best first."""
    order = np.argsort(-scores, kind="stable")
    remaining = order
    out: list[tuple[npt.NDArray[np.float32], float]] = []
    while remaining.size:
        best = remaining[0]
        overlap = _iou(boxes[best], boxes[remaining]) > iou_threshold
        members = remaining[overlap]
        weights = scores[members].astype(np.float64)
        merged = (boxes[members].astype(np.float64) * weights[:, None]).sum(axis=0) / weights.sum()
        out.append((merged.astype(np.float32), float(scores[best])))
        remaining = remaining[~overlap]
    return out


class BlazeFaceDetector:
    def __init__(self, min_confidence: float = 0.5) -> None:
        try:
            import cv2
        except ImportError as error:
            raise DetectorError(f"the face detector needs OpenCV ({error}); install the vision extra") from error
        if not hasattr(cv2.dnn, "readNetFromTFLite"):
            raise DetectorError(f"the face detector needs OpenCV 4.10 or later (cv2.dnn.readNetFromTFLite); this is {cv2.__version__}")
        model = resources.files("swivel_vision") / "assets" / MODEL
        try:
            with resources.as_file(model) as path:
                self._net = cv2.dnn.readNetFromTFLite(str(path))
        except (cv2.error, FileNotFoundError) as error:
            raise DetectorError(f"cannot load BlazeFace from {model}: {error}") from error
        self._cv2 = cv2
        self._outputs = self._net.getUnconnectedOutLayersNames()
        if set(self._outputs) != {"classificators", "regressors"}:
            raise DetectorError(f"{MODEL}: expected outputs classificators and regressors, found {self._outputs}")
        self._anchors = ssd_anchors()
        self._min_confidence = min_confidence
        self.name = "face"

    def raw(self, pixels_rgb: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], tuple[float, float]]:
        """The model's (896,) scores and (896, 16) rows for a frame, and the letterbox's (x, y) pad fractions per side."""
        cv2 = self._cv2
        height, width = pixels_rgb.shape[:2]
        # MediaPipe's ImageToTensor: the square around the frame's centre, its corners
        # onto the tensor's corners, bilinear, black outside the frame.
        side = max(width, height)
        left, top = (width - side) / 2, (height - side) / 2
        step = side / INPUT_PX
        to_frame = np.array([[step, 0.0, left], [0.0, step, top]], np.float64)
        square = cv2.warpAffine(pixels_rgb, to_frame, (INPUT_PX, INPUT_PX), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        tensor = square.astype(np.float32) / 127.5 - 1.0
        self._net.setInput(np.ascontiguousarray(tensor.transpose(2, 0, 1)[None]))
        outputs = dict(zip(self._outputs, self._net.forward(self._outputs)))
        pad = (-left / side, -top / side)
        return scores_of(outputs["classificators"]), outputs["regressors"].reshape(-1, 16), pad

    def detect(self, frame: Frame) -> list[Detection]:
        pixels = check_frame(frame)
        scores, rows, (pad_x, pad_y) = self.raw(pixels)
        keep = scores >= GRAPH_MIN_SCORE
        if not keep.any():
            return []
        boxes = decode_boxes(rows[keep], self._anchors[keep])
        detections: list[Detection] = []
        for box, score in weighted_nms(boxes, scores[keep]):
            if score < self._min_confidence:
                continue
            xmin = (box[0] - pad_x) / (1 - 2 * pad_x)
            ymin = (box[1] - pad_y) / (1 - 2 * pad_y)
            w = (box[2] - box[0]) / (1 - 2 * pad_x)
            h = (box[3] - box[1]) / (1 - 2 * pad_y)
            rect = clipped_upper_left(float(xmin), float(ymin), float(w), float(h))
            if rect is not None:
                detections.append(Detection(SubjectKind.HUMAN_FACE, rect, min(1.0, max(0.0, score))))
        return detections

    def close(self) -> None:
        pass
