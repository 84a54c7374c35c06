"""Counters and latency samples for the status line (every 10 s) and for callers.

Latencies are kept in a bounded window (the last 1024 samples) so a status line
describes the recent past and memory stays flat over a long run.
"""
from __future__ import annotations

import threading
from collections import Counter, deque
from dataclasses import dataclass, field


def percentile(samples: list[float], fraction: float) -> float | None:
    """Nearest-rank percentile; None for no samples."""
    if not samples:
        return None
    ordered = sorted(samples)
    rank = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[rank]


@dataclass(slots=True)
class Window:
    limit: int = 1024
    samples: deque[float] = field(default_factory=deque)

    def add(self, value: float) -> None:
        self.samples.append(value)
        while len(self.samples) > self.limit:
            self.samples.popleft()

    def p(self, fraction: float) -> float | None:
        return percentile(list(self.samples), fraction)


@dataclass(slots=True)
class Snapshot:
    frames: int
    fps: float
    detect_p50_ms: float | None
    detect_p95_ms: float | None
    capture_to_send_p50_ms: float | None
    capture_to_send_p95_ms: float | None
    batches_sent: int
    batches_accepted: int
    refused: dict[str, int]
    skipped_for_rate: int
    dropped_too_old: int
    send_failures: int
    gestures_sent: int
    reconnects: int
    bad_frames: int


@dataclass(slots=True)
class PipelineStats:
    """Thread-safe: the sender's reply reader counts refusals from its own thread."""

    frames: int = 0
    batches_sent: int = 0
    batches_accepted: int = 0
    skipped_for_rate: int = 0
    dropped_too_old: int = 0
    send_failures: int = 0
    gestures_sent: int = 0
    reconnects: int = 0
    bad_frames: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    detect_ms: Window = field(default_factory=Window)
    capture_to_send_ms: Window = field(default_factory=Window)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _interval_frames: int = 0
    _interval_start_ns: int | None = None

    def count(self, name: str, amount: int = 1) -> None:
        with self._lock:
            setattr(self, name, getattr(self, name) + amount)

    def frame(self, now_ns: int) -> None:
        with self._lock:
            self.frames += 1
            # The first frame starts the first interval: frames are counted after it.
            if self._interval_start_ns is None:
                self._interval_start_ns = now_ns
            else:
                self._interval_frames += 1

    def refusal(self, reason: str) -> None:
        with self._lock:
            self.refused[reason] += 1

    def snapshot(self, now_ns: int, reset_interval: bool = True) -> Snapshot:
        with self._lock:
            elapsed = (now_ns - self._interval_start_ns) / 1e9 if self._interval_start_ns is not None else 0.0
            fps = self._interval_frames / elapsed if elapsed > 0 else 0.0
            if reset_interval:
                self._interval_frames = 0
                self._interval_start_ns = now_ns
            return Snapshot(
                frames=self.frames, fps=fps,
                detect_p50_ms=self.detect_ms.p(0.5), detect_p95_ms=self.detect_ms.p(0.95),
                capture_to_send_p50_ms=self.capture_to_send_ms.p(0.5),
                capture_to_send_p95_ms=self.capture_to_send_ms.p(0.95),
                batches_sent=self.batches_sent, batches_accepted=self.batches_accepted,
                refused=dict(self.refused), skipped_for_rate=self.skipped_for_rate,
                dropped_too_old=self.dropped_too_old, send_failures=self.send_failures,
                gestures_sent=self.gestures_sent, reconnects=self.reconnects, bad_frames=self.bad_frames,
            )


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def status_line(s: Snapshot) -> str:
    refused = ", ".join(f"{k} {v}" for k, v in sorted(s.refused.items())) or "none"
    return (
        f"status: {s.fps:.1f} fps, detection p50 {_ms(s.detect_p50_ms)} ms p95 {_ms(s.detect_p95_ms)} ms, "
        f"capture-to-send p50 {_ms(s.capture_to_send_p50_ms)} ms p95 {_ms(s.capture_to_send_p95_ms)} ms, "
        f"batches sent {s.batches_sent} (acked {s.batches_accepted}), refused: {refused}; "
        f"skipped for the rate rule {s.skipped_for_rate}, too old {s.dropped_too_old}, "
        f"send failures {s.send_failures}, reconnects {s.reconnects}, gestures {s.gestures_sent}"
        + (f", bad frames {s.bad_frames}" if s.bad_frames else "")
    )
