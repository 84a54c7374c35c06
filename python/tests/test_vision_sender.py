"""The senders: the rate guard shaped like the stand's token bucket, refusals
counted by reason, a lost link reopened every second, the host-session (custom tracking) path, and the same
rules proved against the real daemon."""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import skimage.data

from swivel.accessory import Accessory
from swivel.errors import Disconnected, FrameRateTooHigh, NoSubjectFound
from swivel.geometry import NormalizedRectLowerLeft
from swivel.vision_link import TRACK_BURST_BATCHES, TRACK_REFILL_HZ, TrackResult
from swivel_vision.config import LinkKind, Overrides, apply_overrides, load_board
from swivel_vision.detection import Detection, SubjectKind
from swivel_vision.frames import Frame
from swivel_vision.pipeline import FrameReport, Pipeline
from swivel_vision.sender import SENDER_BURST_BATCHES, AccessorySender, RateGuard, SendOutcome, VisionLinkSender
from swivel_vision.sources import ImageSequenceSource
from swivel_vision.stats import PipelineStats
from swivel_vision.track_builder import TrackBuilder
from vision_support import SIM_BOARD, running_daemon

SECOND = 1_000_000_000


class FixedDetector:
    """A face at a fixed place: the senders' tests need no real detector."""

    name = "fixed"

    def __init__(self, x: float = 0.7, y: float = 0.55, present: bool = True) -> None:
        self.rect = NormalizedRectLowerLeft(x, y, 0.15, 0.2)
        self.present = present

    def detect(self, frame: Frame) -> list[Detection]:
        return [Detection(SubjectKind.HUMAN_FACE, self.rect, 0.9)] if self.present else []

    def close(self) -> None:
        pass


def sends_of(guard: RateGuard, fps: float, seconds: float, jitter_s: float = 0.0, seed: int = 1) -> list[int]:
    rng = random.Random(seed)
    sent = []
    for i in range(int(fps * seconds)):
        t = int((i / fps + rng.uniform(-jitter_s, jitter_s)) * SECOND)
        if guard.allows(t):
            guard.record(t)
            sent.append(t)
    return sent


def conforms(sent_ns: list[int], burst: float, rate_hz: float) -> bool:
    """Whether a token bucket of `burst` refilled at `rate_hz` takes every send:
    for every run of sends, count <= burst + rate x its span."""
    return all(
        j - i + 1 <= burst + rate_hz * (sent_ns[j] - sent_ns[i]) / SECOND + 1e-6
        for i in range(len(sent_ns))
        for j in range(i, min(len(sent_ns), i + 200))
    )


def test_a_30_fps_camera_with_jitter_loses_no_frame() -> None:
    for seed in range(1, 6):
        for jitter_s in (0.005, 0.010):
            assert len(sends_of(RateGuard(), 30, 10.0, jitter_s, seed)) == 300, (seed, jitter_s)


def test_a_faster_camera_is_thinned_to_the_stands_rate_single_frames_at_a_time() -> None:
    for fps in (31, 45, 60, 240):
        sent = sends_of(RateGuard(), fps, 5.0, 0.002)
        # What the stand's bucket would take with room to spare for the way there ...
        assert conforms(sent, SENDER_BURST_BATCHES, TRACK_REFILL_HZ), fps
        assert SENDER_BURST_BATCHES + 6 <= TRACK_BURST_BATCHES
        # ... and no less: the stand's rate, sustained.
        assert len(sent) >= TRACK_REFILL_HZ * 5 - 2, (fps, len(sent))
        # Never two frames skipped in a row from a camera at up to twice the rate (a 100 ms
        # gap would be the stand's frameRateTooLow).
        gaps = [b - a for a, b in zip(sent, sent[1:])]
        assert max(gaps) < 0.1 * SECOND, (fps, max(gaps))


def test_the_burst_and_the_back_off() -> None:
    g = RateGuard()
    for _ in range(4):
        assert g.allows(0)
        g.record(0)
    assert not g.allows(0)
    assert not g.allows(SECOND // 60)  # half a token
    assert g.allows(int(SECOND / TRACK_REFILL_HZ) + 1)
    # A refusal from the stand empties the bucket and slows the refill to 20 a second.
    b = RateGuard()
    b.back_off(0)
    assert not b.allows(SECOND // 25)
    assert b.allows(SECOND // 20 + 1)
    b.record(SECOND // 20 + 1)
    slowed = sends_of(b, 30, 1.0)
    assert 15 <= len(slowed) <= 21, len(slowed)


@dataclass
class FakeSession:
    is_open: bool = True


@dataclass
class FakeLink:
    results: list[TrackResult] = field(default_factory=list)
    sent: int = 0
    session: FakeSession = field(default_factory=FakeSession)
    closed: bool = False

    def send_track_nowait(self, track: object) -> int:
        if not self.session.is_open:
            raise Disconnected("gone")
        self.sent += 1
        return self.sent

    def poll_replies(self) -> list[TrackResult]:
        results, self.results = self.results, []
        return results

    def close(self) -> None:
        self.closed = True


def a_track() -> object:
    config = apply_overrides(load_board(SIM_BOARD), Overrides())
    return TrackBuilder(config).build([], Frame(np.zeros((48, 64, 3), np.uint8), 0, 0), 1_000_000)


def test_refusals_are_counted_by_reason_and_a_lost_link_is_reopened_every_second() -> None:
    now = [0]
    opened: list[FakeLink] = []
    failures = [True]

    def opener(path: str, baud: int) -> FakeLink:
        if failures[0]:
            raise Disconnected(f"no such file: {path}")
        opened.append(FakeLink())
        return opened[-1]

    stats = PipelineStats()
    sender = VisionLinkSender("/tmp/nowhere", 921600, stats, opener=opener, clock=lambda: now[0])
    track = a_track()
    assert sender.send(track, 0, now[0]) is SendOutcome.LINK_DOWN  # type: ignore[arg-type]
    failures[0] = False
    now[0] = SECOND // 2
    assert sender.send(track, 0, now[0]) is SendOutcome.LINK_DOWN  # type: ignore[arg-type]  # not retried yet
    now[0] = SECOND
    assert sender.send(track, 0, now[0]) is SendOutcome.SENT  # type: ignore[arg-type]
    link = opened[0]
    link.results = [TrackResult(1, True), TrackResult(2, False, error=NoSubjectFound("nobody")),
                    TrackResult(3, True, too_slow=True), TrackResult(4, False, error=FrameRateTooHigh("31"))]
    sender.poll()
    snapshot = stats.snapshot(now[0], reset_interval=False)
    assert snapshot.batches_accepted == 2
    assert snapshot.refused == {"noSubjectFound": 1, "frameRateTooLow": 1, "frameRateTooHigh": 1}
    # The stand closes the link: noticed at the next poll, reopened a second later.
    link.session.is_open = False
    now[0] += SECOND // 10
    assert sender.send(track, 0, now[0]) is SendOutcome.LINK_DOWN  # type: ignore[arg-type]
    assert link.closed and len(opened) == 1
    now[0] += SECOND
    assert sender.send(track, 0, now[0]) is SendOutcome.SENT  # type: ignore[arg-type]
    assert len(opened) == 2 and stats.reconnects == 1


def run_for(pipeline: Pipeline, seconds: float) -> None:
    stop = threading.Event()
    worker = threading.Thread(target=pipeline.run, args=(stop,), daemon=True)
    worker.start()
    time.sleep(seconds)
    stop.set()
    worker.join(timeout=10)
    assert not worker.is_alive()


def test_a_camera_faster_than_the_rule_is_thinned_to_the_stands_rate_at_the_daemon(tmp_path: Path) -> None:
    with running_daemon(tmp_path) as daemon:
        config = apply_overrides(load_board(SIM_BOARD), Overrides(vision_link=daemon.vision_path))
        stats = PipelineStats()
        sent_ns: list[int] = []

        def record(report: FrameReport) -> None:
            if report.outcome is SendOutcome.SENT and report.sent_ns is not None:
                sent_ns.append(report.sent_ns)

        # 100 frames a second, as fast as a small camera on a fast detector could.
        source = ImageSequenceSource([np.zeros((120, 160, 3), np.uint8)], frame_rate_hz=100, paced=True, repeat=0)
        sender = VisionLinkSender(daemon.vision_path, 921600, stats)
        pipeline = Pipeline(source, FixedDetector(), sender, config, stats=stats, on_frame=record)
        run_for(pipeline, 3.0)
        time.sleep(0.2)
        sender.poll()
        pipeline.close()
    snapshot = stats.snapshot(time.monotonic_ns(), reset_interval=False)
    assert snapshot.frames > 150 and snapshot.skipped_for_rate > snapshot.frames / 3, snapshot
    # What was sent fits the sender's bucket (4 of burst, 30.3 a second) ...
    assert conforms(sent_ns, SENDER_BURST_BATCHES, TRACK_REFILL_HZ)
    # ... and the stand took all of it: its bucket holds 6 more for the way there.
    # (Up to 95 in 3 s; at least 60 even when this machine is busy.)
    assert snapshot.batches_sent >= 60 and snapshot.batches_accepted >= snapshot.batches_sent - 1, snapshot
    assert snapshot.refused.get("frameRateTooHigh", 0) == 0, snapshot.refused


def test_nobody_in_view_sends_empty_batches_which_the_stand_answers_no_subject(tmp_path: Path) -> None:
    with running_daemon(tmp_path) as daemon, Accessory.connect(daemon.socket_path, client_name="t") as host:
        config = apply_overrides(load_board(SIM_BOARD), Overrides(vision_link=daemon.vision_path))
        stats = PipelineStats()
        source = ImageSequenceSource([skimage.data.coffee()], frame_rate_hz=30, paced=True, repeat=0)
        pipeline = Pipeline(source, FixedDetector(present=False), VisionLinkSender(daemon.vision_path, 921600, stats), config, stats=stats)
        run_for(pipeline, 1.5)
        time.sleep(0.1)
        pipeline.sender.poll()
        pipeline.close()
        state = host.latest_motion_state()
    snapshot = stats.snapshot(time.monotonic_ns(), reset_interval=False)
    assert snapshot.batches_sent >= 30
    assert snapshot.refused.get("noSubjectFound", 0) >= snapshot.batches_sent - 3, snapshot
    assert state is not None and abs(state.positions_rad.yaw) < 0.005 and abs(state.positions_rad.pitch) < 0.005


def test_the_link_is_reopened_when_the_daemon_restarts(tmp_path: Path) -> None:
    stats = PipelineStats()
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    vision = str(tmp_path / "vision")
    config = apply_overrides(load_board(SIM_BOARD), Overrides(vision_link=vision))
    source = ImageSequenceSource([np.zeros((120, 160, 3), np.uint8)], frame_rate_hz=20, paced=True, repeat=0)
    sender = VisionLinkSender(vision, 921600, stats)
    pipeline = Pipeline(source, FixedDetector(), sender, config, stats=stats)
    stop = threading.Event()
    worker = threading.Thread(target=pipeline.run, args=(stop,), daemon=True)
    worker.start()
    try:
        # The pipeline starts before the daemon: its first open fails and is retried a second later.
        with running_daemon(first, vision_link=vision):
            time.sleep(2.0)
            accepted_before = stats.batches_accepted
        time.sleep(1.0)  # no daemon: the link is down, retried every second
        with running_daemon(second, vision_link=vision):
            deadline = time.monotonic() + 8
            while stats.reconnects < 1 or stats.batches_accepted < accepted_before + 10:
                assert time.monotonic() < deadline, stats.snapshot(time.monotonic_ns(), False)
                time.sleep(0.1)
    finally:
        stop.set()
        worker.join(timeout=10)
        pipeline.close()
    assert accepted_before >= 10
    assert stats.reconnects >= 1 and stats.send_failures >= 1


def test_the_socket_link_is_custom_tracking_through_a_host_session(tmp_path: Path) -> None:
    with running_daemon(tmp_path) as daemon, Accessory.connect(daemon.socket_path, client_name="watcher") as host:
        config = apply_overrides(load_board(SIM_BOARD), Overrides(link="socket", socket=daemon.socket_path))
        assert config.link is LinkKind.SOCKET
        stats = PipelineStats()
        source = ImageSequenceSource([np.zeros((120, 160, 3), np.uint8)], frame_rate_hz=30, paced=True, repeat=0)
        sender = AccessorySender(daemon.socket_path, stats)
        # A face right of centre on the third line: the stand turns to positive yaw.
        pipeline = Pipeline(source, FixedDetector(x=0.75, y=0.56), sender, config, stats=stats)
        run_for(pipeline, 2.5)
        state = host.latest_motion_state()
        pipeline.close()
    snapshot = stats.snapshot(time.monotonic_ns(), reset_interval=False)
    assert snapshot.batches_accepted >= 40, snapshot
    assert "systemTrackingActive" not in snapshot.refused, snapshot.refused
    assert state is not None and state.positions_rad.yaw > 0.1, state


def test_the_host_session_reconnects_when_the_daemon_restarts(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    socket_path = str(tmp_path / "swivel.sock")
    config = apply_overrides(load_board(SIM_BOARD), Overrides(link="socket", socket=socket_path))
    stats = PipelineStats()
    source = ImageSequenceSource([np.zeros((120, 160, 3), np.uint8)], frame_rate_hz=20, paced=True, repeat=0)
    sender = AccessorySender(socket_path, stats)
    pipeline = Pipeline(source, FixedDetector(x=0.75, y=0.56), sender, config, stats=stats)
    stop = threading.Event()
    worker = threading.Thread(target=pipeline.run, args=(stop,), daemon=True)
    worker.start()
    try:
        with running_daemon(first, socket=socket_path):
            deadline = time.monotonic() + 8
            while stats.batches_accepted < 10:
                assert time.monotonic() < deadline, stats.snapshot(time.monotonic_ns(), False)
                time.sleep(0.1)
            accepted_before = stats.batches_accepted
        time.sleep(1.0)
        with running_daemon(second, socket=socket_path) as daemon, Accessory.connect(daemon.socket_path, client_name="w") as host:
            deadline = time.monotonic() + 10
            while stats.reconnects < 1 or stats.batches_accepted < accepted_before + 10:
                assert time.monotonic() < deadline, stats.snapshot(time.monotonic_ns(), False)
                time.sleep(0.1)
            time.sleep(0.5)
            state = host.latest_motion_state()
    finally:
        stop.set()
        worker.join(timeout=10)
        pipeline.close()
    # The new session turned system tracking off again: its batches drive the new daemon's stand.
    assert state is not None and state.positions_rad.yaw > 0.01, state
