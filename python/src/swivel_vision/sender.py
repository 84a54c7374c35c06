"""Where TRACK batches go: the vision link (system tracking) or a host session
on the daemon's socket (custom tracking). docs/VISION.md, "Rate rules" and
"Links".

Both senders:
- send at the camera's own rate, up to 30 a second, under a guard shaped like
  the stand's rule (a token bucket refilled at 30.3 a second, docs/TRACKING.md
  "Observation rate rules") but holding 4 frames where the stand holds 10: a
  30 fps camera, jitter and all, is never thinned; a faster one loses single
  frames, spread out, each skipped and counted, not queued;
- never make the camera loop wait for the stand: replies are collected by the
  client's reader thread and counted at the next frame (`poll`);
- count every refusal by its reason and log the first of each reason (then
  the status line carries the counts);
- reopen a lost link every second (the daemon restarting), as swiveld reopens
  its serial links.

An empty batch (nobody seen) is sent like any other: the stand answers
noSubjectFound at once and decelerates and holds once nobody has been framed
for 0.3 s (docs/TRACKING.md, "From a batch to the loop"), so it stops rather
than keep following a stale prediction. noSubjectFound is counted, not logged.
"""
from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from enum import Enum
from typing import Any, Protocol

from swivel.errors import ParameterOutOfRange, SwivelError, TransportError
from swivel.messages import Gesture, Track
from swivel.vision_link import TRACK_REFILL_HZ

from .stats import PipelineStats

log = logging.getLogger("swivel_vision.sender")

# The stand's bucket holds 10; the sender's 4, judged here when a batch is
# sent. The stand judges each batch by its capture instant (its arrival minus
# the age it carries, docs/TRACKING.md "Observation rate rules"), so frames a
# late detector hands over bunched are a frame period apart there; the other 6
# cover what the age does not: a daemon whose link thread read late dates
# its bunch within the read.
SENDER_BURST_BATCHES = 4.0
REOPEN_INTERVAL_S = 1.0


class SendOutcome(Enum):
    SENT = "sent"
    SKIPPED_FOR_RATE = "skippedForRate"
    LINK_DOWN = "linkDown"
    REFUSED_LOCALLY = "refusedLocally"  # a field outside §3's ranges: never reaches the wire
    FAILED = "failed"


def reason_name(error: BaseException) -> str:
    """`NoSubjectFound` -> `noSubjectFound`: the wire's error names, as the status line counts them."""
    name = type(error).__name__
    if isinstance(error, ParameterOutOfRange):
        return "invalidParameter"
    return name[:1].lower() + name[1:]


class RateGuard:
    """The stand's token bucket, kept by the sender with a smaller burst.

    Refilled at the stand's rate (`TRACK_REFILL_HZ`), holding `burst` tokens;
    a send takes one, and a frame that finds none is skipped. A
    frameRateTooHigh reply means the stand's bucket ran dry all the same (a
    sender faster than 30 a second by the stand's clock): `back_off`
    empties this bucket and refills it at `backoff_hz` (20) for `backoff_s`
    (1 s), so the stand's fills up again by about 10 while a 30 fps camera
    loses one frame in three, never two in a row.
    """

    def __init__(
        self,
        rate_hz: float = TRACK_REFILL_HZ,
        burst: float = SENDER_BURST_BATCHES,
        backoff_hz: float = 20.0,
        backoff_s: float = 1.0,
    ) -> None:
        self.rate_hz = rate_hz
        self.burst = burst
        self.backoff_hz = backoff_hz
        self.backoff_ns = int(backoff_s * 1e9)
        self._tokens = burst
        self._tokens_at_ns: int | None = None
        self._backoff_until_ns: int | None = None

    def _refill(self, now_ns: int) -> None:
        if self._tokens_at_ns is not None and now_ns > self._tokens_at_ns:
            slowed = self._backoff_until_ns is not None and now_ns < self._backoff_until_ns
            rate = self.backoff_hz if slowed else self.rate_hz
            self._tokens = min(self.burst, self._tokens + (now_ns - self._tokens_at_ns) * rate / 1e9)
        if self._tokens_at_ns is None or now_ns > self._tokens_at_ns:
            self._tokens_at_ns = now_ns

    def allows(self, now_ns: int) -> bool:
        self._refill(now_ns)
        return self._tokens >= 1.0 - 1e-9

    def back_off(self, now_ns: int) -> None:
        self._refill(now_ns)
        self._tokens = 0.0
        self._backoff_until_ns = now_ns + self.backoff_ns

    def record(self, now_ns: int) -> None:
        self._refill(now_ns)
        self._tokens = max(self._tokens - 1.0, 0.0)


class Sender(Protocol):
    def send(self, track: Track, captured_ns: int, now_ns: int) -> SendOutcome: ...

    def send_gesture(self, gesture: Gesture) -> None: ...

    def poll(self) -> None: ...

    def close(self) -> None: ...


class _ReasonLog:
    """Logs the first refusal of each reason at warning level; noSubjectFound at debug."""

    QUIET = {"noSubjectFound"}

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def refused(self, what: str, reason: str, error: BaseException | None) -> None:
        if reason == "frameRateTooLow":
            text = f"{what}: frameRateTooLow (applied; slower than 10 a second reached the stand)"
        else:
            text = f"{what} refused: {reason}" + (f" ({error})" if error is not None else "")
        if reason in self.QUIET or reason in self._seen:
            log.debug("%s", text)
            return
        self._seen.add(reason)
        log.warning("%s; further refusals of this kind are counted in the status line", text)


def _gesture_thread(action: Callable[[], None], stats: PipelineStats) -> None:
    def run() -> None:
        try:
            action()
            stats.count("gestures_sent")
            log.info("gesture sent: open palm (system tracking toggled)")
        except SwivelError as error:
            stats.refusal(f"gesture:{reason_name(error)}")
            log.warning("GESTURE refused: %s (%s)", reason_name(error), error)

    threading.Thread(target=run, name="swivel-vision-gesture", daemon=True).start()


class VisionLinkSender:
    """TRACK over the vision link (a pty or UART): system tracking."""

    def __init__(
        self,
        path: str,
        baud: int,
        stats: PipelineStats,
        opener: Callable[[str, int], Any] | None = None,
        clock: Callable[[], int] = time.monotonic_ns,
        reopen_interval_s: float = REOPEN_INTERVAL_S,
    ) -> None:
        if opener is None:
            from swivel.vision_link import VisionLink

            opener = VisionLink.open
        self.path = path
        self.baud = baud
        self._stats = stats
        self._opener = opener
        self._clock = clock
        self._reopen_ns = int(reopen_interval_s * 1e9)
        self._link: Any | None = None
        self._next_open_ns = 0
        self._down_logged = False
        self._ever_opened = False
        self._rate = RateGuard()
        self._reasons = _ReasonLog()

    def _ensure_link(self, now_ns: int) -> Any | None:
        if self._link is not None:
            return self._link
        if now_ns < self._next_open_ns:
            return None
        self._next_open_ns = now_ns + self._reopen_ns
        try:
            self._link = self._opener(self.path, self.baud)
        except (SwivelError, OSError) as error:
            if not self._down_logged:
                self._down_logged = True
                log.warning("cannot open the vision link %s (%s); retrying every second", self.path, error)
            return None
        if self._ever_opened:
            self._stats.count("reconnects")
        self._ever_opened = True
        self._down_logged = False
        log.info("vision link %s open (%d baud)", self.path, self.baud)
        return self._link

    def _lost(self, error: BaseException) -> None:
        log.warning("vision link %s lost (%s); reopening every second", self.path, error)
        self._drop_link()
        self._down_logged = True

    def _drop_link(self) -> None:
        link, self._link = self._link, None
        if link is not None:
            try:
                link.close()
            except (SwivelError, OSError):
                pass

    def poll(self) -> None:
        link = self._link
        if link is None:
            return
        for result in link.poll_replies():
            if result.applied:
                self._stats.count("batches_accepted")
                if result.too_slow:
                    self._stats.refusal("frameRateTooLow")
                    self._reasons.refused("TRACK", "frameRateTooLow", None)
                continue
            reason = reason_name(result.error) if result.error is not None else "unknown"
            if reason == "frameRateTooHigh":
                self._rate.back_off(self._clock())
            self._stats.refusal(reason)
            self._reasons.refused("TRACK", reason, result.error)
        if not _link_open(link):
            self._lost(SwivelError("the stand closed the link"))

    def send(self, track: Track, captured_ns: int, now_ns: int) -> SendOutcome:
        self.poll()
        if not self._rate.allows(now_ns):
            self._stats.count("skipped_for_rate")
            return SendOutcome.SKIPPED_FOR_RATE
        link = self._ensure_link(now_ns)
        if link is None:
            self._stats.count("send_failures")
            return SendOutcome.LINK_DOWN
        try:
            link.send_track_nowait(track)
        except ParameterOutOfRange as error:
            self._stats.refusal("invalidParameter(local)")
            self._reasons.refused("TRACK (not sent)", "invalidParameter(local)", error)
            return SendOutcome.REFUSED_LOCALLY
        except (SwivelError, OSError) as error:
            self._stats.count("send_failures")
            self._lost(error)
            return SendOutcome.FAILED
        self._rate.record(now_ns)
        self._stats.count("batches_sent")
        return SendOutcome.SENT

    def send_gesture(self, gesture: Gesture) -> None:
        link = self._link
        if link is None:
            log.warning("gesture seen but the vision link is down: not sent")
            return
        _gesture_thread(lambda: link.send_gesture(gesture), self._stats)

    def close(self) -> None:
        self._drop_link()


class AccessorySender:
    """TRACK through a host session on the daemon's socket: custom tracking.

    The session turns system tracking off (for its session, as an app with its
    own tracking does), then each batch goes through `Accessory.track`. That
    call waits for the stand's reply, so a worker thread sends: the camera loop
    leaves the newest batch in a one-slot mailbox (an unsent older one is
    replaced and counted as skipped) and the capture age is taken again when
    the worker actually sends. "Sent" counts only what reached the stand: a
    batch offered while there is no session is a send failure, and one the
    worker could not deliver (the session lost on the way) is one too.
    """

    def __init__(
        self,
        socket_path: str,
        stats: PipelineStats,
        connector: Callable[[str], Any] | None = None,
        clock: Callable[[], int] = time.monotonic_ns,
        reopen_interval_s: float = REOPEN_INTERVAL_S,
    ) -> None:
        if connector is None:
            from swivel.accessory import Accessory

            def connector(path: str) -> Any:
                return Accessory.connect(path, client_name="swivel-vision")

        self.socket_path = socket_path
        self._stats = stats
        self._connector = connector
        self._clock = clock
        self._reopen_s = reopen_interval_s
        self._rate = RateGuard()
        self._reasons = _ReasonLog()
        self._slot: tuple[Track, int] | None = None
        self._cond = threading.Condition()
        self._stop = False
        self._accessory: Any | None = None
        self._thread = threading.Thread(target=self._worker, name="swivel-vision-sender", daemon=True)
        self._thread.start()

    def _connect(self) -> Any | None:
        down_logged = False
        while not self._stop:
            try:
                accessory = self._connector(self.socket_path)
                accessory.set_system_tracking(False)
                log.info("host session on %s: system tracking off, custom tracking", self.socket_path)
                return accessory
            except (SwivelError, OSError) as error:
                if not down_logged:
                    down_logged = True
                    log.warning("cannot open a host session on %s (%s); retrying every second", self.socket_path, error)
                with self._cond:
                    self._cond.wait(self._reopen_s)
        return None

    def _worker(self) -> None:
        ever = False
        while not self._stop:
            if self._accessory is None:
                self._accessory = self._connect()
                if self._accessory is None:
                    return
                if ever:
                    self._stats.count("reconnects")
                ever = True
            with self._cond:
                while self._slot is None and not self._stop:
                    self._cond.wait(0.5)
                if self._stop:
                    return
                assert self._slot is not None
                track, captured_ns = self._slot
                self._slot = None
            age_us = max(0, (self._clock() - captured_ns) // 1000)
            if age_us > 1_000_000:
                self._stats.count("dropped_too_old")
                continue
            track = dataclasses.replace(track, capture_age_us=age_us)
            try:
                result = self._accessory.track(list(track.observations), _camera_of(track))
                self._stats.count("batches_sent")
                self._stats.count("batches_accepted")
                if getattr(result, "too_slow", False):
                    self._stats.refusal("frameRateTooLow")
                    self._reasons.refused("TRACK", "frameRateTooLow", None)
            except ParameterOutOfRange as error:
                self._stats.refusal("invalidParameter(local)")
                self._reasons.refused("TRACK (not sent)", "invalidParameter(local)", error)
            except TransportError as error:
                # Not a refusal: the batch never reached the stand, or its answer never came back.
                log.warning("host session lost (%s); reconnecting every second", error)
                self._stats.count("send_failures")
                self._close_accessory()
            except SwivelError as error:
                reason = reason_name(error)
                self._stats.count("batches_sent")
                if reason == "frameRateTooHigh":
                    self._rate.back_off(self._clock())
                if reason == "notConnected":
                    log.warning("host session lost (%s); reconnecting every second", error)
                    self._close_accessory()
                self._stats.refusal(reason)
                self._reasons.refused("TRACK", reason, error)
            except OSError as error:
                log.warning("host session lost (%s); reconnecting every second", error)
                self._stats.count("send_failures")
                self._close_accessory()

    def _close_accessory(self) -> None:
        accessory, self._accessory = self._accessory, None
        if accessory is not None:
            try:
                accessory.close()
            except (SwivelError, OSError):
                pass

    def send(self, track: Track, captured_ns: int, now_ns: int) -> SendOutcome:
        if not self._rate.allows(now_ns):
            self._stats.count("skipped_for_rate")
            return SendOutcome.SKIPPED_FOR_RATE
        if self._accessory is None:
            # No session (no daemon yet, or reconnecting): nothing to hand the batch to.
            self._stats.count("send_failures")
            return SendOutcome.LINK_DOWN
        with self._cond:
            if self._slot is not None:
                self._stats.count("skipped_for_rate")
            self._slot = (track, captured_ns)
            self._cond.notify()
        self._rate.record(now_ns)
        return SendOutcome.SENT

    def send_gesture(self, gesture: Gesture) -> None:
        log.warning("gestures need the vision link (a host session's GESTURE is refused): not sent")

    def poll(self) -> None:
        pass

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        self._thread.join(timeout=3.0)
        self._close_accessory()


def _camera_of(track: Track) -> Any:
    from swivel.accessory import CameraInformation

    return CameraInformation(
        device_type=track.device_type,
        position=track.position,
        orientation=track.orientation,
        intrinsics=track.intrinsics,
        reference_width_px=track.reference_width_px,
        reference_height_px=track.reference_height_px,
        capture_age_s=track.capture_age_us / 1e6,
    )


def _link_open(link: Any) -> bool:
    session = getattr(link, "session", None)
    return bool(session.is_open) if session is not None else True
