"""The camera loop: source -> detector -> IoU tracker -> TRACK -> sender, one frame at a time.

Usable as a library (the virtual camera's closed loop and live view use it):

    pipeline = Pipeline(source, detector, sender, config, on_frame=callback)
    pipeline.run(stop_event)          # until the event is set or the source ends

`on_frame(report)` is called on the loop's thread after each frame with the
frame, the detections with their identifiers, the batch sent (or None) and
what became of it. Keep it short: the next frame waits for it.
`on_capture(frame)` is called as soon as a frame is read, before the
detector: the frames socket's hand-off (frame_server.py), which never waits.

Per frame: detections under `config.min_confidence` are dropped, the tracker
gives identifiers, the builder makes the batch (None for a frame over 1 s
old: counted in `dropped_too_old`), the sender sends it or skips it for the
rate rule. With gestures on, the hand detector runs every
`gesture_every_n_frames` frames and a held open palm sends one GESTURE.
Every `status_interval_s` (10 s) a status line is logged.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from swivel.enums import GestureKind
from swivel.messages import Gesture, Track

from .config import VisionConfig
from .detection import Detection, Detector
from .detectors.boxes import DetectorError
from .frames import Frame, FrameSource
from .gestures import HandDetector, HoldTimer, OpenPalmRecognizer
from .iou_tracker import IouTracker, TrackedDetection
from .sender import SendOutcome, Sender
from .stats import PipelineStats, status_line
from .track_builder import TrackBuilder

log = logging.getLogger("swivel_vision.pipeline")


@dataclass(frozen=True, slots=True)
class FrameReport:
    frame: Frame
    tracked: list[TrackedDetection]
    # The batch handed to the sender, None when it was not built (too old).
    track: Track | None
    outcome: SendOutcome | None
    detect_ms: float
    gesture_confidence: float | None = None
    # The instant (CLOCK_MONOTONIC ns) the batch was handed to the sender; the
    # capture age in `track` is measured to it.
    sent_ns: int | None = None


class Pipeline:
    def __init__(
        self,
        source: FrameSource,
        detector: Detector,
        sender: Sender,
        config: VisionConfig,
        *,
        tracker: IouTracker | None = None,
        hand_detector: HandDetector | None = None,
        gesture_every_n_frames: int = 3,
        on_frame: Callable[[FrameReport], None] | None = None,
        on_capture: Callable[[Frame], None] | None = None,
        stats: PipelineStats | None = None,
        clock: Callable[[], int] = time.monotonic_ns,
        status_interval_s: float = 10.0,
    ) -> None:
        if gesture_every_n_frames < 1:
            raise ValueError(f"gesture_every_n_frames must be at least 1, got {gesture_every_n_frames}")
        self.source = source
        self.detector = detector
        self.sender = sender
        self.config = config
        self.tracker = tracker or IouTracker()
        self.builder = TrackBuilder(config)
        self.hand_detector = hand_detector
        self.gesture_every_n_frames = gesture_every_n_frames
        self.recognizer = OpenPalmRecognizer(HoldTimer())
        self.on_frame = on_frame
        self.on_capture = on_capture
        self.stats = stats or PipelineStats()
        self._clock = clock
        self._status_interval_ns = int(status_interval_s * 1e9)
        self._next_status_ns: int | None = None
        self._frames_seen = 0

    def step(self) -> FrameReport | None:
        """One frame through the whole pipeline; None once the source has ended."""
        frame = self.source.read()
        if frame is None:
            return None
        if self.on_capture is not None:
            self.on_capture(frame)
        start_ns = self._clock()
        self.stats.frame(start_ns)
        try:
            found = self.detector.detect(frame)
        except DetectorError as error:
            # A frame the detector cannot take is dropped, not sent as "nobody
            # here": the stand would brake for a frame that said nothing.
            self.stats.count("bad_frames")
            if self.stats.bad_frames == 1:
                log.warning("frame %d dropped: %s (further ones are counted in the status line)", frame.index, error)
            self.sender.poll()
            report = FrameReport(frame, [], None, None, (self._clock() - start_ns) / 1e6)
            if self.on_frame is not None:
                self.on_frame(report)
            return report
        detections: list[Detection] = [d for d in found if d.confidence >= self.config.min_confidence]
        detect_ms = (self._clock() - start_ns) / 1e6
        self.stats.detect_ms.add(detect_ms)
        tracked = self.tracker.update(detections)

        gesture_confidence = None
        if self.hand_detector is not None and self._frames_seen % self.gesture_every_n_frames == 0:
            hands = self.hand_detector.detect(frame)
            gesture_confidence = self.recognizer.update(frame.captured_ns, hands)
            if gesture_confidence is not None:
                self.sender.send_gesture(Gesture(GestureKind.OPEN_PALM, float(gesture_confidence)))
        self._frames_seen += 1

        now_ns = self._clock()
        track = self.builder.build(tracked, frame, now_ns)
        outcome: SendOutcome | None = None
        if track is None:
            self.stats.count("dropped_too_old")
            self.sender.poll()
        else:
            outcome = self.sender.send(track, frame.captured_ns, now_ns)
            if outcome is SendOutcome.SENT:
                self.stats.capture_to_send_ms.add(track.capture_age_us / 1000.0)
        report = FrameReport(frame, tracked, track, outcome, detect_ms, gesture_confidence, now_ns)
        if self.on_frame is not None:
            self.on_frame(report)
        self._maybe_status(now_ns)
        return report

    def _maybe_status(self, now_ns: int) -> None:
        if self._next_status_ns is None:
            self._next_status_ns = now_ns + self._status_interval_ns
        elif now_ns >= self._next_status_ns:
            self._next_status_ns = now_ns + self._status_interval_ns
            log.info("%s", status_line(self.stats.snapshot(now_ns)))

    def run(self, stop_event: threading.Event) -> None:
        """Frames until `stop_event` is set or the source ends; then a last status line."""
        while not stop_event.is_set():
            if self.step() is None:
                log.info("the source has ended")
                break
        self.sender.poll()
        log.info("%s", status_line(self.stats.snapshot(self._clock(), reset_interval=False)))

    def close(self) -> None:
        """Closes the sender, the detectors and the source (each even if another fails)."""
        closers = [self.sender.close, self.detector.close, self.source.close]
        if self.hand_detector is not None:
            closers.insert(2, self.hand_detector.close)
        for close in closers:
            try:
                close()
            except Exception:  # noqa: BLE001 - closing the rest matters more than one failure
                log.exception("while closing")
