"""The open-palm gesture: a hand held open toward the camera for about a second
toggles system tracking (GESTURE 0x35, docs/PROTOCOL.md; docs/VISION.md, "Gestures").

Three parts, each testable alone:

- `is_open_palm(landmarks)`: MediaPipe's 21 hand landmarks (0 wrist; thumb
  1–4; index 5–8; middle 9–12; ring 13–16; pinky 17–20; each finger MCP, PIP,
  DIP, tip) -> open palm or not. All five fingers extended and the fingers
  spread:
  - index..pinky: the tip is farther from the wrist than the PIP joint by more
    than 10% (a curled finger brings its tip back toward the palm), and
    farther than its DIP joint;
  - thumb: the tip is farther from the wrist than the thumb's IP joint, and
    farther from the pinky's MCP than the IP joint is (a thumb folded across
    the palm brings its tip toward the pinky side);
  - spread: every gap between adjacent fingertips (index–middle, middle–ring,
    ring–pinky) is at least 0.8 × the gap between the same fingers' MCP joints,
    and the index-to-pinky tip span is at least 1.1 × their MCP span.
  Only ratios of distances are used: the rule holds at any hand size and
  in-plane rotation.
- `HoldTimer`: fires once when an open palm has been seen for `hold_s` (1.0 s);
  a gap in sightings up to `gap_tolerance_s` (0.35 s: a missed sample or two
  at every-third-frame sampling) does not restart the hold; after firing, the
  palm must be gone for `release_s` (0.5 s) before the next hold can start.
- `HandDetector`: `mp.solutions.hands` (model_complexity 1, the full landmark
  model inside the mediapipe wheel), run every few frames by the pipeline.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .detectors.boxes import DetectorError, check_frame
from .frames import Frame

WRIST = 0
THUMB = (1, 2, 3, 4)
FINGERS = ((5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16), (17, 18, 19, 20))
EXTENDED_RATIO = 1.1
ADJACENT_SPREAD_RATIO = 0.8
SPAN_RATIO = 1.1

Point = tuple[float, float]


def _distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def is_open_palm(landmarks: Sequence[Sequence[float]]) -> bool:
    """True for an open, spread hand; False for a fist, a pointing hand, or bad input."""
    if len(landmarks) != 21:
        return False
    try:
        points: list[Point] = [(float(p[0]), float(p[1])) for p in landmarks]
    except (TypeError, ValueError, IndexError):
        return False
    if not all(math.isfinite(c) for p in points for c in p):
        return False
    wrist = points[WRIST]
    for mcp, pip, dip, tip in FINGERS:
        reach_tip, reach_pip = _distance(wrist, points[tip]), _distance(wrist, points[pip])
        if reach_pip <= 0 or reach_tip <= EXTENDED_RATIO * reach_pip or reach_tip <= _distance(wrist, points[dip]):
            return False
    _, thumb_mcp, thumb_ip, thumb_tip = THUMB
    pinky_mcp = points[FINGERS[3][0]]
    if _distance(wrist, points[thumb_tip]) <= _distance(wrist, points[thumb_ip]):
        return False
    if _distance(pinky_mcp, points[thumb_tip]) <= _distance(pinky_mcp, points[thumb_ip]):
        return False
    for (mcp_a, _, _, tip_a), (mcp_b, _, _, tip_b) in zip(FINGERS, FINGERS[1:]):
        base = _distance(points[mcp_a], points[mcp_b])
        if base <= 0 or _distance(points[tip_a], points[tip_b]) < ADJACENT_SPREAD_RATIO * base:
            return False
    base_span = _distance(points[FINGERS[0][0]], points[FINGERS[3][0]])
    tip_span = _distance(points[FINGERS[0][3]], points[FINGERS[3][3]])
    return base_span > 0 and tip_span >= SPAN_RATIO * base_span


class _State(Enum):
    IDLE = "idle"
    HOLDING = "holding"
    FIRED = "fired"


@dataclass(slots=True)
class HoldTimer:
    hold_s: float = 1.0
    gap_tolerance_s: float = 0.35
    release_s: float = 0.5
    _state: _State = _State.IDLE
    _first_ns: int = 0
    _last_seen_ns: int = 0

    def update(self, now_ns: int, palm_seen: bool) -> bool:
        """One sample (the hand detector ran at `now_ns`); True exactly when the gesture fires."""
        if self._state is _State.IDLE:
            if palm_seen:
                self._state, self._first_ns, self._last_seen_ns = _State.HOLDING, now_ns, now_ns
                return self.hold_s <= 0
            return False
        if self._state is _State.HOLDING:
            if palm_seen:
                self._last_seen_ns = now_ns
                if (now_ns - self._first_ns) / 1e9 >= self.hold_s:
                    self._state = _State.FIRED
                    return True
            elif (now_ns - self._last_seen_ns) / 1e9 > self.gap_tolerance_s:
                self._state = _State.IDLE
            return False
        # FIRED: wait until the palm has been away long enough.
        if palm_seen:
            self._last_seen_ns = now_ns
        elif (now_ns - self._last_seen_ns) / 1e9 >= self.release_s:
            self._state = _State.IDLE
        return False

    @property
    def state(self) -> str:
        return self._state.value


@dataclass(frozen=True, slots=True)
class HandObservation:
    landmarks: tuple[tuple[float, float, float], ...]  # 21 points, normalized, origin upper-left
    confidence: float  # MediaPipe's handedness score, 0…1


class HandDetector:
    def __init__(self, min_confidence: float = 0.5, max_hands: int = 2) -> None:
        try:
            import mediapipe as mp
        except ImportError as error:
            raise DetectorError(f"gestures need mediapipe ({error}); install the vision extra") from error
        self._solution = mp.solutions.hands.Hands(
            static_image_mode=False,
            max_num_hands=max_hands,
            model_complexity=1,
            min_detection_confidence=min_confidence,
            min_tracking_confidence=0.5,
        )

    def detect(self, frame: Frame) -> list[HandObservation]:
        pixels = check_frame(frame)
        result = self._solution.process(pixels)
        hands: list[HandObservation] = []
        for index, hand in enumerate(result.multi_hand_landmarks or []):
            score = 1.0
            if result.multi_handedness and index < len(result.multi_handedness):
                score = float(result.multi_handedness[index].classification[0].score)
            points = tuple((float(l.x), float(l.y), float(l.z)) for l in hand.landmark)
            hands.append(HandObservation(points, min(1.0, max(0.0, score))))
        return hands

    def close(self) -> None:
        self._solution.close()


@dataclass(slots=True)
class OpenPalmRecognizer:
    """Hands of a frame -> the hold timer -> the confidence of a fired gesture, or None."""

    timer: HoldTimer
    _best_confidence: float = 0.0

    def update(self, now_ns: int, hands: Sequence[HandObservation]) -> float | None:
        palms = [h for h in hands if is_open_palm(h.landmarks)]
        if palms:
            self._best_confidence = max(self._best_confidence, max(h.confidence for h in palms))
        fired = self.timer.update(now_ns, bool(palms))
        if fired:
            confidence, self._best_confidence = self._best_confidence, 0.0
            return confidence
        if self.timer.state == "idle":
            self._best_confidence = 0.0
        return None
