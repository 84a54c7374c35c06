"""The vision link: a co-processor's TRACK (and GESTURE, HEARTBEAT) to the stand, without a handshake.

The board's `serial` entry with role `vision` (a pty at /tmp/swivel-vision on
the simulated board). The stand answers each frame with ACK or ERR and sends
no telemetry. While system tracking is enabled these batches drive the motors.

`send_track` waits for the reply and raises the stand's refusal as its typed
error, except `frameRateTooLow`: that batch WAS applied (it only came more than
100 ms after the one before, or in a stream slower than 10 a second), so
`send_track` returns a `TrackResult` with `applied=True, too_slow=True`
instead of raising.

`send_track_nowait` + `poll_replies` serve a pipeline that must not wait a
round trip per image: each call returns the sequence number, and
`poll_replies` returns the `TrackResult`s that arrived since the last call.

TRACK is never retransmitted: the stand places the image at the frame's
arrival minus its capture age, so a copy sent 200 ms later would place it
200 ms late; the next batch (a frame period later) supersedes a lost one. A
TRACK with no reply within 1.2 s is reported as a `Timeout` (raised by
`send_track`, or a `TrackResult` with `error` set from `poll_replies`).
"""
from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass

from .errors import FrameRateTooLow, StandError, SwivelError, Timeout
from .messages import Ack, Err, Gesture, Heartbeat, Message, Track
from .session import Session, _Pending
from .transport import DEFAULT_BAUD_RATE, SerialEndpoint, SocketEndpoint, Transport, open_transport

# The stand's TRACK rate rules (docs/TRACKING.md, "Observation rate rules"): a
# token bucket holding TRACK_BURST_BATCHES, refilled at TRACK_REFILL_HZ (30 a
# second plus 1 % for a sender's clock). A camera at its nominal 30 fps, jitter
# and all, is never refused; only a sustained rate above it is.
MAX_TRACK_RATE_HZ = 30.0
TRACK_REFILL_HZ = 30.3
TRACK_BURST_BATCHES = 10


@dataclass(frozen=True, slots=True)
class TrackResult:
    """What the stand did with one TRACK batch.

    `applied` is True for an ACK and for ERR frameRateTooLow (`too_slow`);
    otherwise `error` is the refusal (a `StandError`) or the `Timeout`.
    """

    seq: int
    applied: bool
    too_slow: bool = False
    error: SwivelError | None = None


class VisionLink:
    """A vision link on a pty or serial device (or, for tests, any transport)."""

    def __init__(self, transport: Transport) -> None:
        self._session = Session(transport, handshake=False, heartbeats=False)
        self._results: deque[TrackResult] = deque(maxlen=1024)
        self._results_lock = threading.Lock()
        self._session.start()

    @classmethod
    def open(cls, path: str, baud: int = DEFAULT_BAUD_RATE) -> "VisionLink":
        """Opens the vision pty or serial device at `path` (raw 8N1 at `baud`)."""
        return cls(open_transport(SerialEndpoint(path, baud)))

    @classmethod
    def open_socket(cls, path: str) -> "VisionLink":
        """A socket connection WITHOUT HELLO: the stand answers it `notConnected` (for tests).

        Custom tracking over a socket is `Accessory.track` (a docked host session).
        """
        return cls(open_transport(SocketEndpoint(path)))

    @property
    def session(self) -> Session:
        return self._session

    def send_track(self, track: Track) -> TrackResult:
        """Sends one batch and waits for the reply (at most 1.2 s).

        Returns a `TrackResult` (`too_slow=True` for an applied frameRateTooLow);
        raises the stand's refusal (`SystemTrackingActive`, `FrameRateTooHigh`,
        `InvalidParameter`, …), `Timeout`, or `ParameterOutOfRange` before
        sending a batch with a field outside §3's ranges.
        """
        return track_and_wait(self._session, track)

    def send_track_nowait(self, track: Track) -> int:
        """Sends one batch without waiting; returns its sequence number (see `poll_replies`)."""
        pending = self._session.submit(track, retransmit=False, callback=self._collect)
        return pending.seq

    def poll_replies(self) -> list[TrackResult]:
        """The results of `send_track_nowait` batches answered (or timed out) since the last call."""
        with self._results_lock:
            results = list(self._results)
            self._results.clear()
        return results

    def _collect(self, pending: _Pending) -> None:
        with self._results_lock:
            self._results.append(_result(pending))

    def send_gesture(self, gesture: Gesture) -> None:
        """Sends a GESTURE and waits for the ACK; raises `NotSupported` when the board has gestures off."""
        self._request(gesture)

    def heartbeat(self) -> None:
        self._request(Heartbeat())

    def _request(self, message: Message) -> None:
        reply = self._session.request(message)
        if not isinstance(reply, Ack):
            raise SwivelError(f"{message.NAME} answered with {type(reply).__name__}")

    def close(self) -> None:
        self._session.close(send_bye=False)

    def __enter__(self) -> "VisionLink":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def track_and_wait(session: Session, track: Track) -> TrackResult:
    """One TRACK batch, never retransmitted (a stale batch is worse than none), and its result.

    Raises the stand's refusal, or `Timeout` when the reply never came.
    """
    pending = session.submit(track, retransmit=False)
    if not pending.done.wait(5.0):  # the reader times it out at 1.2 s; this only guards a dead reader
        raise Timeout(f"no reply to TRACK (seq {pending.seq})")
    result = _result(pending)
    if result.error is not None:
        raise result.error
    return result


def _result(pending: _Pending) -> TrackResult:
    if pending.error is not None:
        return TrackResult(pending.seq, applied=False, error=pending.error)
    reply = pending.reply
    if isinstance(reply, Err):
        error: StandError = reply.to_exception()
        if isinstance(error, FrameRateTooLow):
            return TrackResult(pending.seq, applied=True, too_slow=True)
        return TrackResult(pending.seq, applied=False, error=error)
    return TrackResult(pending.seq, applied=True)
