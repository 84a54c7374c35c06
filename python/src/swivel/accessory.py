"""The DockKit-shaped API: one `Accessory` per connection to a stand.

Blocking calls on `Accessory` (safe from any thread); the same calls as
coroutines on `AsyncAccessory` (`await Accessory.connect_async(...)`), which
run the blocking call in a worker thread so the event loop never waits on the
wire. Telemetry streams (`motion_states()`, `tracking_states()`,
`accessory_events()`, `battery_states()`, `dock_states()`) are
`Subscription`s: iterate them with `for` (blocking) or `async for`; each has a
bounded queue that drops its oldest item when the consumer falls behind.
`latest_motion_state()` never blocks: the newest MOTION_STATE received, or None.
"""
from __future__ import annotations

import asyncio
import threading
import time
import uuid
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from .enums import (
    Animation,
    Axis,
    CameraDeviceType,
    CameraOrientation,
    CameraPosition,
    FaultCause,
    FramingMode,
    ProgressKind,
    ProgressState,
)
from .errors import InvalidParameter, ParameterOutOfRange, SwivelError, Timeout, TransportError
from .geometry import NormalizedPointUpperLeft, NormalizedRectUpperLeft, Quaternion, Vector3
from .messages import (
    AccessoryEvent,
    Ack,
    Animate,
    AxisLimit,
    AxisLimitReport,
    BatteryState,
    Cancel,
    ClearFault,
    DockState,
    GetState,
    Identity,
    Message,
    MotionState,
    MoveReceipt,
    Observation,
    Progress,
    ResetLimits,
    SelectSubjectAt,
    SelectSubjects,
    SetAngularVelocity,
    SetFramingMode,
    SetLimits,
    SetOrientation,
    SetRegionOfInterest,
    SetServoPulse,
    SetSystemTracking,
    StateReport,
    Stop,
    Track,
    TrackingState,
)
from .session import DEFAULT_QUEUE_SIZE, Session, Subscription
from .transport import DEFAULT_BAUD_RATE, Endpoint, Transport, default_endpoint, endpoint_for_path, open_transport
from .vision_link import TrackResult, track_and_wait

T = TypeVar("T")

# How long past its planned duration a move may go without a final PROGRESS
# before GET_STATE is asked instead (SwivelKit's progressGrace), and between polls.
PROGRESS_GRACE_S = 1.0
STATE_POLL_INTERVAL_S = 0.25


@dataclass(frozen=True, slots=True)
class CameraInformation:
    """The camera a TRACK batch's observations come from (DockKit's CameraInformation).

    Give the capture time as `capture_age_s` (how long before sending the image
    was taken) or `captured_at_s` (a `time.monotonic()` instant); neither means 0.
    `intrinsics` is the pinhole matrix row-major (9 values), or None to let the
    stand use the device type's field of view.
    """

    device_type: CameraDeviceType = CameraDeviceType.WIDE_ANGLE
    position: CameraPosition = CameraPosition.BACK
    orientation: CameraOrientation = CameraOrientation.CORRECTED
    intrinsics: tuple[float, ...] | None = None
    reference_width_px: float = 1920.0
    reference_height_px: float = 1080.0
    capture_age_s: float | None = None
    captured_at_s: float | None = None

    def capture_age_us(self, now_s: float | None = None) -> int:
        if self.capture_age_s is not None and self.captured_at_s is not None:
            raise InvalidParameter("give capture_age_s or captured_at_s, not both")
        if self.captured_at_s is not None:
            age_s = (time.monotonic() if now_s is None else now_s) - self.captured_at_s
        else:
            age_s = self.capture_age_s or 0.0
        age_us = age_s * 1e6
        if not 0 <= age_us <= 1_000_000:  # NaN fails too
            raise ParameterOutOfRange("TRACK capture age", "capture age must be 0 … 1 s", value=age_s)
        return int(round(age_us))

    def track(self, observations: Iterable[Observation], now_s: float | None = None) -> Track:
        return Track(self.capture_age_us(now_s), self.device_type, self.position, self.orientation, self.intrinsics,
                     self.reference_width_px, self.reference_height_px, tuple(observations))


class MoveProgress:
    """The handle of a SET_ORIENTATION or ANIMATE: its receipt, and its progress as it arrives.

    `wait()` blocks until the request ends and returns its final state
    (finished, cancelled, failed); `await wait_async()` does the same in a loop.
    When the connection is lost first, `wait()` raises its error at once
    (`Disconnected`, or the `Timeout` of a stand that stopped answering even
    heartbeats, about 1.2 s), not at the move's planned end.
    """

    def __init__(self, accessory: "Accessory", kind: ProgressKind, receipt: MoveReceipt) -> None:
        self._accessory = accessory
        self.kind = kind
        self.receipt = receipt
        self.request_id = receipt.request_id
        self.planned_duration_s = receipt.planned_duration_s
        self.target_rad = receipt.target_rad
        self.clamped_axes = receipt.clamped_axes
        self.state = ProgressState.RUNNING
        self.fraction_completed = 0.0
        # For a failed request: the fault that ended it, from the MOTION_STATE
        # the stand sends just before the PROGRESS (a fault latches until cleared).
        self.fault_cause: FaultCause | None = None
        self._started = time.monotonic()
        self._condition = threading.Condition()
        self._ended: SwivelError | None = None

    @property
    def done(self) -> bool:
        return self.state.is_final

    def _apply(self, state: ProgressState, fraction: float) -> None:
        # Read outside the condition: the session's lock is never taken under it.
        latest = self._accessory.latest_motion_state() if state == ProgressState.FAILED else None
        with self._condition:
            if self.state.is_final:
                return
            self.state = state
            self.fraction_completed = fraction
            if latest is not None and latest.fault_cause != FaultCause.NONE:
                self.fault_cause = latest.fault_cause
            if state.is_final:
                self._condition.notify_all()

    def _session_ended(self, error: SwivelError) -> None:
        with self._condition:
            self._ended = error
            self._condition.notify_all()

    def wait(self, timeout_s: float | None = None) -> ProgressState:
        """The final state; raises `Timeout` if it has not ended within `timeout_s`, the session's error if it ended."""
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        poll_after = self._started + self.planned_duration_s + PROGRESS_GRACE_S
        while True:
            with self._condition:
                if self.state.is_final:
                    return self.state
                if self._ended is not None:
                    raise self._ended
                now = time.monotonic()
                if deadline is not None and now >= deadline:
                    raise Timeout(f"request {self.request_id} still {self.state.name.lower()} after {timeout_s} s")
                wake = min(x for x in (deadline, max(poll_after, now + 0.001), now + STATE_POLL_INTERVAL_S) if x)
                self._condition.wait(max(0.0, wake - now))
            if time.monotonic() >= poll_after and not self.state.is_final:
                # Telemetry is lossy: the state report carries the last progress too.
                report = self._accessory.state()
                last = report.last_progress
                if last is not None and last.request_id == self.request_id:
                    self._apply(last.state, last.fraction_completed)
                elif report.request_id != self.request_id:
                    # Neither running nor last: superseded without our seeing it end.
                    self._apply(ProgressState.CANCELLED, self.fraction_completed)
                poll_after = time.monotonic() + STATE_POLL_INTERVAL_S

    @property
    def failure_reason(self) -> str | None:
        """Why a failed request failed, in the stand's words; None otherwise."""
        if self.state != ProgressState.FAILED:
            return None
        return self.fault_cause.reason if self.fault_cause is not None else "a motor fault ended it"

    async def wait_async(self, timeout_s: float | None = None) -> ProgressState:
        return await asyncio.to_thread(self.wait, timeout_s)

    def cancel(self) -> None:
        self._accessory.cancel(self.request_id)

    def __repr__(self) -> str:
        return (f"MoveProgress(request_id={self.request_id}, {self.kind.name.lower()}, {self.state.name.lower()}, "
                f"{self.fraction_completed:.2f} of {self.planned_duration_s:.2f} s)")


class Accessory:
    """A connected stand (DockKit's DockAccessory). Use `Accessory.connect(...)`; close it (or use `with`)."""

    def __init__(self, session: Session) -> None:
        """Wraps a session not yet started (use `connect` or `over`)."""
        self._session = session
        self.identity: Identity | None = session.identity
        self._progress: dict[int, MoveProgress] = {}
        # PROGRESS that arrived before its ACK (a lost ACK, retransmitted): kept briefly.
        self._early_progress: dict[int, Progress] = {}
        self._progress_lock = threading.Lock()
        self._batteries: dict[str, BatteryState] = {}
        # Before HELLO: the stand sends every battery's state right after IDENTITY.
        session.add_telemetry_hook(self._on_telemetry)
        # Every move a caller may still wait on, held weakly: a handle dropped costs nothing.
        self._moves: weakref.WeakSet[MoveProgress] = weakref.WeakSet()
        session.add_end_hook(self._on_session_end)

    # --- connecting ----------------------------------------------------------

    @classmethod
    def connect(
        cls,
        endpoint: Endpoint | str | None = None,
        *,
        client_name: str = "swivel-python",
        baud_rate: int = DEFAULT_BAUD_RATE,
    ) -> "Accessory":
        """Connects and docks (HELLO → IDENTITY).

        `endpoint`: None for the default socket ($SWIVEL_SOCKET, else
        /run/swivel/swivel.sock if it exists, else /tmp/swivel.sock); a path (a
        socket file is a socket, anything else a serial device or pty at
        `baud_rate`); or a `SocketEndpoint` / `SerialEndpoint`.
        """
        if endpoint is None:
            resolved: Endpoint = default_endpoint()
        elif isinstance(endpoint, str):
            resolved = endpoint_for_path(endpoint, baud_rate)
        else:
            resolved = endpoint
        return cls.over(open_transport(resolved), client_name=client_name)

    @classmethod
    def over(cls, transport: Transport, *, client_name: str = "swivel-python") -> "Accessory":
        """Connects over a transport already open (a test shim, a custom link)."""
        session = Session(transport, handshake=True, client_name=client_name)
        accessory = cls(session)
        try:
            session.start()
        except BaseException:
            session.close(send_bye=False)
            raise
        accessory.identity = session.identity
        return accessory

    @classmethod
    async def connect_async(
        cls, endpoint: Endpoint | str | None = None, *, client_name: str = "swivel-python",
        baud_rate: int = DEFAULT_BAUD_RATE,
    ) -> "AsyncAccessory":
        accessory = await asyncio.to_thread(cls.connect, endpoint, client_name=client_name, baud_rate=baud_rate)
        return AsyncAccessory(accessory)

    @property
    def session(self) -> Session:
        return self._session

    def close(self) -> None:
        """BYE, then the connection closes; every stream ends."""
        self._session.close()

    def __enter__(self) -> "Accessory":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- commands ------------------------------------------------------------

    def _ack(self, message: Message) -> Ack:
        reply = self._session.request(message)
        if not isinstance(reply, Ack):
            raise TransportError(f"{message.NAME} answered with {type(reply).__name__}")
        return reply

    def _move(self, message: Message, kind: ProgressKind) -> MoveProgress:
        ack = self._ack(message)
        if ack.receipt is None:
            raise TransportError(f"{message.NAME} acknowledged without a move receipt")
        progress = MoveProgress(self, kind, ack.receipt)
        with self._progress_lock:
            self._progress[progress.request_id] = progress
            early = self._early_progress.pop(progress.request_id, None)
        if early is not None:
            progress._apply(early.state, early.fraction_completed)
        with self._progress_lock:
            self._moves.add(progress)
        ended = self._session.ended_error
        if ended is not None:  # it ended before the move was registered: the hook has run
            progress._session_ended(ended)
        return progress

    def set_orientation(
        self, target: Vector3 | Quaternion, *, relative: bool = False, duration_s: float = 0.0
    ) -> MoveProgress:
        """Moves to `target` (angles or a unit quaternion); `relative` from the measured position.

        At most 2 per sliding second with `animate` (else `FrameRateTooHigh`);
        `SystemTrackingActive` while system tracking is on.
        """
        return self._move(SetOrientation(target, relative, duration_s), ProgressKind.ORIENTATION)

    def set_angular_velocity(self, velocity_rad_per_s: Vector3) -> None:
        self._ack(SetAngularVelocity(velocity_rad_per_s))

    def animate(self, animation: Animation | str) -> MoveProgress:
        """One of `Animation` (or its name: "yes", "no", "wakeup", "kapow")."""
        if isinstance(animation, str):
            try:
                animation = Animation[animation.upper()]
            except KeyError:
                names = ", ".join(a.name.lower() for a in Animation)
                raise ParameterOutOfRange("ANIMATE animation", f"must be one of {names}, got {animation!r}") from None
        return self._move(Animate(animation), ProgressKind.ANIMATION)

    def stop(self) -> None:
        self._ack(Stop())

    def cancel(self, request_id: int) -> None:
        self._ack(Cancel(request_id))

    def set_limits(
        self, *, pitch: AxisLimit | None = None, yaw: AxisLimit | None = None, roll: AxisLimit | None = None
    ) -> None:
        self._ack(SetLimits(pitch, yaw, roll))

    def reset_limits(self) -> None:
        self._ack(ResetLimits())

    def limits(self) -> tuple[AxisLimitReport, AxisLimitReport, AxisLimitReport]:
        """The limits in force (pitch, yaw, roll), from GET_STATE."""
        return self.state().limits

    def set_system_tracking(self, enabled: bool) -> None:
        self._ack(SetSystemTracking(bool(enabled)))

    def clear_fault(self) -> None:
        self._ack(ClearFault())

    def set_servo_pulse(self, axis: Axis | str, pulse_us: float) -> None:
        """Holds one pulse-width servo axis at a raw width (SET_SERVO_PULSE), 500 … 2500 µs, to find its end points."""
        if isinstance(axis, str):
            try:
                axis = Axis[axis.upper()]
            except KeyError:
                raise ParameterOutOfRange("SET_SERVO_PULSE axis", f"must be pitch, yaw or roll, got {axis!r}") from None
        self._ack(SetServoPulse(axis, float(pulse_us)))

    def state(self) -> StateReport:
        ack = self._ack(GetState())
        if ack.state is None:
            raise TransportError("GET_STATE acknowledged without a state report")
        return ack.state

    def track(self, observations: Iterable[Observation], camera: CameraInformation) -> TrackResult:
        """Custom tracking (system tracking off): one batch of observations.

        Returns a `TrackResult` (`too_slow=True` when the stand answered
        frameRateTooLow: applied all the same); raises the stand's refusal
        otherwise. Never retransmitted (see `swivel.vision_link`).
        """
        return track_and_wait(self._session, camera.track(observations))

    def set_framing_mode(self, mode: FramingMode) -> None:
        self._ack(SetFramingMode(mode))

    def set_region_of_interest(self, region: NormalizedRectUpperLeft) -> None:
        self._ack(SetRegionOfInterest(region))

    def select_subject_at(self, point: NormalizedPointUpperLeft) -> None:
        self._ack(SelectSubjectAt(point))

    def select_subjects(self, subject_ids: Iterable[uuid.UUID]) -> None:
        """Frames these subjects (UUIDs from TRACKING_STATE); an empty list returns to automatic selection."""
        self._ack(SelectSubjects(tuple(subject_ids)))

    # --- telemetry -----------------------------------------------------------

    def motion_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[MotionState]:
        return self._session.subscribe(MotionState, maxsize=maxsize)

    def tracking_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[TrackingState]:
        return self._session.subscribe(TrackingState, maxsize=maxsize)

    def accessory_events(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[AccessoryEvent]:
        return self._session.subscribe(AccessoryEvent, maxsize=maxsize)

    def battery_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[BatteryState]:
        """Every battery's latest state first (the stand sends them once, at docking), then each change."""
        with self._progress_lock:
            subscription = self._session.subscribe(BatteryState, maxsize=maxsize)
            for state in self._batteries.values():
                subscription.put(state)
        return subscription

    def dock_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[DockState]:
        return self._session.subscribe(DockState, maxsize=maxsize)

    def progress_updates(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[Progress]:
        return self._session.subscribe(Progress, maxsize=maxsize)

    def latest_motion_state(self) -> MotionState | None:
        """The newest MOTION_STATE received, or None; never blocks (any thread)."""
        return self._session.latest(MotionState)

    def latest_battery_states(self) -> dict[str, BatteryState]:
        """The newest BATTERY_STATE of each battery, by name."""
        return dict(self._batteries)

    def _on_session_end(self, error: SwivelError) -> None:
        with self._progress_lock:
            moves = list(self._moves)
        for move in moves:
            move._session_ended(error)

    def _on_telemetry(self, message: Message) -> None:
        if isinstance(message, Progress):
            with self._progress_lock:
                progress = self._progress.get(message.request_id)
                if progress is None:
                    self._early_progress[message.request_id] = message
                    while len(self._early_progress) > 64:
                        self._early_progress.pop(next(iter(self._early_progress)))
                elif message.state.is_final:
                    del self._progress[message.request_id]
            if progress is not None:
                progress._apply(message.state, message.fraction_completed)
        elif isinstance(message, BatteryState):
            with self._progress_lock:
                self._batteries[message.name] = message


class AsyncAccessory:
    """`Accessory`'s calls as coroutines (each runs the blocking call in a worker thread).

    Streams and `latest_motion_state()` are the same objects as on `Accessory`
    (a `Subscription` is an async iterator too). `.blocking` is the `Accessory`.
    """

    def __init__(self, accessory: Accessory) -> None:
        self.blocking = accessory
        self.identity = accessory.identity

    async def close(self) -> None:
        await asyncio.to_thread(self.blocking.close)

    async def __aenter__(self) -> "AsyncAccessory":
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def set_orientation(
        self, target: Vector3 | Quaternion, *, relative: bool = False, duration_s: float = 0.0
    ) -> MoveProgress:
        return await asyncio.to_thread(self.blocking.set_orientation, target, relative=relative, duration_s=duration_s)

    async def set_angular_velocity(self, velocity_rad_per_s: Vector3) -> None:
        await asyncio.to_thread(self.blocking.set_angular_velocity, velocity_rad_per_s)

    async def animate(self, animation: Animation | str) -> MoveProgress:
        return await asyncio.to_thread(self.blocking.animate, animation)

    async def stop(self) -> None:
        await asyncio.to_thread(self.blocking.stop)

    async def cancel(self, request_id: int) -> None:
        await asyncio.to_thread(self.blocking.cancel, request_id)

    async def set_limits(
        self, *, pitch: AxisLimit | None = None, yaw: AxisLimit | None = None, roll: AxisLimit | None = None
    ) -> None:
        await asyncio.to_thread(self.blocking.set_limits, pitch=pitch, yaw=yaw, roll=roll)

    async def reset_limits(self) -> None:
        await asyncio.to_thread(self.blocking.reset_limits)

    async def limits(self) -> tuple[AxisLimitReport, AxisLimitReport, AxisLimitReport]:
        return await asyncio.to_thread(self.blocking.limits)

    async def set_system_tracking(self, enabled: bool) -> None:
        await asyncio.to_thread(self.blocking.set_system_tracking, enabled)

    async def clear_fault(self) -> None:
        await asyncio.to_thread(self.blocking.clear_fault)

    async def set_servo_pulse(self, axis: Axis | str, pulse_us: float) -> None:
        await asyncio.to_thread(self.blocking.set_servo_pulse, axis, pulse_us)

    async def state(self) -> StateReport:
        return await asyncio.to_thread(self.blocking.state)

    async def track(self, observations: Iterable[Observation], camera: CameraInformation) -> TrackResult:
        return await asyncio.to_thread(self.blocking.track, tuple(observations), camera)

    async def set_framing_mode(self, mode: FramingMode) -> None:
        await asyncio.to_thread(self.blocking.set_framing_mode, mode)

    async def set_region_of_interest(self, region: NormalizedRectUpperLeft) -> None:
        await asyncio.to_thread(self.blocking.set_region_of_interest, region)

    async def select_subject_at(self, point: NormalizedPointUpperLeft) -> None:
        await asyncio.to_thread(self.blocking.select_subject_at, point)

    async def select_subjects(self, subject_ids: Iterable[uuid.UUID]) -> None:
        await asyncio.to_thread(self.blocking.select_subjects, tuple(subject_ids))

    def motion_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[MotionState]:
        return self.blocking.motion_states(maxsize)

    def tracking_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[TrackingState]:
        return self.blocking.tracking_states(maxsize)

    def accessory_events(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[AccessoryEvent]:
        return self.blocking.accessory_events(maxsize)

    def battery_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[BatteryState]:
        return self.blocking.battery_states(maxsize)

    def dock_states(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[DockState]:
        return self.blocking.dock_states(maxsize)

    def progress_updates(self, maxsize: int = DEFAULT_QUEUE_SIZE) -> Subscription[Progress]:
        return self.blocking.progress_updates(maxsize)

    def latest_motion_state(self) -> MotionState | None:
        return self.blocking.latest_motion_state()

