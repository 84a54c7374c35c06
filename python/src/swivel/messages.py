"""Every message of docs/PROTOCOL.md §4 (and GESTURE, 0x35), as a frozen dataclass.

Each class has `MESSAGE_ID`, `REQUIRED_BYTES`, `encode() -> bytes` (the
payload) and the classmethod `decode(payload)`. Decoding follows the forward
compatibility rule of §3: a payload shorter than the required length raises
`PayloadTooShort`, a missing optional field reads as zero, trailing bytes are
ignored; an undefined enumerated value, bit or count raises `UndefinedValue`.
Encoding a host → stand message first checks every field against §3's ranges
(`swivel.ranges`) and raises `ParameterOutOfRange` naming the field and the
range, so nothing the stand would refuse for its numbers is sent.
`decode_message(message_id, payload)` decodes any of them by id.
"""
from __future__ import annotations

import math
import uuid
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Self, TypeVar

from . import ranges
from .enums import (
    AccessoryEventKind,
    Activity,
    Animation,
    Axes,
    Axis,
    CameraDeviceType,
    CameraOrientation,
    CameraPosition,
    Capability,
    ChargeState,
    DeviceCategory,
    Fault,
    FaultCause,
    FramingMode,
    GestureKind,
    ObservationKind,
    ProgressKind,
    ProgressState,
    TrackedSubjectKind,
)
from .errors import (
    ErrorCode,
    ParameterOutOfRange,
    PayloadTooShort,
    StandError,
    UndefinedValue,
    UnknownMessageId,
    stand_error,
)
from .geometry import NormalizedPointUpperLeft, NormalizedRectLowerLeft, NormalizedRectUpperLeft, Quaternion, Vector3
from .payload import Reader, Writer

E = TypeVar("E", bound=IntEnum)


class Message:
    """The base of every message. `HOST_TO_STAND` says which way it travels."""

    __slots__ = ()
    MESSAGE_ID: ClassVar[int]
    NAME: ClassVar[str]
    REQUIRED_BYTES: ClassVar[int] = 0
    HOST_TO_STAND: ClassVar[bool] = True

    def encode(self) -> bytes:
        self.validate()
        writer = Writer()
        self._write(writer)
        return writer.data()

    def validate(self) -> None:
        """Raises `ParameterOutOfRange` for a field outside §3's ranges (host → stand only)."""

    def _write(self, writer: Writer) -> None:
        pass

    @classmethod
    def decode(cls, payload: bytes) -> Self:
        _require(cls.NAME, cls.REQUIRED_BYTES, payload)
        return cls._read(Reader(payload))

    @classmethod
    def _read(cls, reader: Reader) -> Self:
        return cls()


def _require(name: str, required: int, payload: bytes) -> None:
    if len(payload) < required:
        raise PayloadTooShort(name, required, len(payload))


def _decode_enum(cls: type[E], value: int, field: str) -> E:
    try:
        return cls(value)
    except ValueError:
        raise UndefinedValue(f"{field}: {value} is not a defined {cls.__name__}") from None


def _check_enum(cls: type[E], value: object, field: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in cls._value2member_map_:
        names = ", ".join(f"{m.value} {m.name.lower()}" for m in cls)
        raise ParameterOutOfRange(field, f"must be one of {names}, got {value!r}")


def _check_count(field: str, count: int) -> None:
    if count > ranges.MAX_COUNT:
        raise ParameterOutOfRange(field, f"at most {ranges.MAX_COUNT}, got {count}", value=float(count))


def _decode_count(field: str, count: int) -> None:
    if count > ranges.MAX_COUNT:
        raise UndefinedValue(f"{field}: {count}, at most {ranges.MAX_COUNT}")


# --- 4.1 Session ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello(Message):
    MESSAGE_ID: ClassVar[int] = 0x01
    NAME: ClassVar[str] = "HELLO"
    REQUIRED_BYTES: ClassVar[int] = 2
    lowest_version: int = 1
    highest_version: int = 1
    heartbeat_interval_ms: int = 250
    client_name: str = ""

    def _write(self, w: Writer) -> None:
        w.u8(self.lowest_version, "lowest version")
        w.u8(self.highest_version, "highest version")
        w.u16(self.heartbeat_interval_ms, "heartbeat interval")
        w.string(self.client_name, "client name")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(r.u8(), r.u8(), r.u16(), r.string())


@dataclass(frozen=True, slots=True)
class Identity(Message):
    MESSAGE_ID: ClassVar[int] = 0x02
    NAME: ClassVar[str] = "IDENTITY"
    REQUIRED_BYTES: ClassVar[int] = 31
    HOST_TO_STAND: ClassVar[bool] = False
    protocol_version: int
    category: DeviceCategory
    device_uuid: uuid.UUID
    axes: Axes
    capabilities: Capability
    heartbeat_timeout_ms: int
    motion_state_rate_hz: int
    tracking_state_rate_hz: int
    name: str
    firmware_version: str = ""
    hardware_model: str = ""

    def _write(self, w: Writer) -> None:
        w.u8(self.protocol_version, "protocol version")
        w.u8(self.category, "category")
        w.uuid(self.device_uuid)
        w.u8(self.axes, "axes")
        w.u32(self.capabilities, "capabilities")
        w.u16(self.heartbeat_timeout_ms, "heartbeat timeout")
        w.u16(self.motion_state_rate_hz, "motion-state rate")
        w.u16(self.tracking_state_rate_hz, "tracking-state rate")
        w.string(self.name, "name")
        w.string(self.firmware_version, "firmware version")
        w.string(self.hardware_model, "hardware model")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        version = r.u8()
        category = _decode_enum(DeviceCategory, r.u8(), "IDENTITY category")
        return cls(version, category, r.uuid(), Axes(r.u8()), Capability(r.u32()), r.u16(), r.u16(), r.u16(),
                   r.string(), r.string(), r.string())


@dataclass(frozen=True, slots=True)
class Heartbeat(Message):
    MESSAGE_ID: ClassVar[int] = 0x03
    NAME: ClassVar[str] = "HEARTBEAT"


@dataclass(frozen=True, slots=True)
class Bye(Message):
    MESSAGE_ID: ClassVar[int] = 0x04
    NAME: ClassVar[str] = "BYE"


# --- 4.2 Replies ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveReceipt:
    """The progress handle an ACK of SET_ORIENTATION or ANIMATE carries (21 bytes)."""

    BYTES: ClassVar[int] = 21
    request_id: int
    planned_duration_s: float
    target_rad: Vector3
    clamped_axes: Axes

    def write(self, w: Writer) -> None:
        w.u32(self.request_id, "request id")
        w.f32(self.planned_duration_s, "planned duration")
        w.vector(self.target_rad, "target")
        w.u8(self.clamped_axes, "clamped axes")

    @classmethod
    def read(cls, r: Reader) -> Self:
        return cls(r.u32(), r.f32(), r.vector(), Axes(r.u8()))


@dataclass(frozen=True, slots=True)
class Progress(Message):
    """PROGRESS telemetry (0x41); also the last progress inside a state report."""

    MESSAGE_ID: ClassVar[int] = 0x41
    NAME: ClassVar[str] = "PROGRESS"
    REQUIRED_BYTES: ClassVar[int] = 14
    HOST_TO_STAND: ClassVar[bool] = False
    request_id: int
    kind: ProgressKind
    state: ProgressState
    fraction_completed: float
    planned_duration_s: float

    def _write(self, w: Writer) -> None:
        w.u32(self.request_id, "request id")
        w.u8(self.kind, "kind")
        w.u8(self.state, "state")
        w.f32(self.fraction_completed, "fraction completed")
        w.f32(self.planned_duration_s, "planned duration")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        request_id = r.u32()
        kind = _decode_enum(ProgressKind, r.u8(), "PROGRESS kind")
        state = _decode_enum(ProgressState, r.u8(), "PROGRESS state")
        return cls(request_id, kind, state, r.f32(), r.f32())


@dataclass(frozen=True, slots=True)
class AxisLimitReport:
    """One axis's limits in force, in a state report (17 bytes)."""

    present: bool
    has_range: bool
    minimum_rad: float
    maximum_rad: float
    maximum_speed_rad_per_s: float
    maximum_acceleration_rad_per_s2: float

    def write(self, w: Writer) -> None:
        w.u8((1 if self.present else 0) | (2 if self.has_range else 0), "limit flags")
        w.f32(self.minimum_rad, "minimum")
        w.f32(self.maximum_rad, "maximum")
        w.f32(self.maximum_speed_rad_per_s, "maximum speed")
        w.f32(self.maximum_acceleration_rad_per_s2, "maximum acceleration")

    @classmethod
    def read(cls, r: Reader) -> Self:
        flags = r.u8()
        return cls(bool(flags & 1), bool(flags & 2), r.f32(), r.f32(), r.f32(), r.f32())


@dataclass(frozen=True, slots=True)
class StateReport:
    """The body of GET_STATE's ACK (124 bytes required), and the fields
    appended since: which drivers are enabled, and the latched fault (its
    cause, axis and the stand's own account of it). An older stand's report
    reads as no drivers and no fault."""

    BYTES: ClassVar[int] = 124
    stand_time_us: int
    axes: Axes
    system_tracking_enabled: bool
    halted: bool
    docked_sessions: int
    framing_mode: FramingMode
    region_of_interest: NormalizedRectUpperLeft
    positions_rad: Vector3
    velocities_rad_per_s: Vector3
    limits: tuple[AxisLimitReport, AxisLimitReport, AxisLimitReport]
    activity: Activity
    request_id: int
    animation: Animation | None
    last_progress: Progress | None
    drivers_enabled: Axes = Axes(0)
    fault_cause: FaultCause = FaultCause.NONE
    fault_axis: Axis = Axis.PITCH
    fault_description: str = ""

    def write(self, w: Writer) -> None:
        w.u64(self.stand_time_us, "stand time")
        w.u8(self.axes, "axes")
        w.u8((1 if self.system_tracking_enabled else 0) | (2 if self.halted else 0), "state flags")
        w.u8(self.docked_sessions, "docked sessions")
        w.u8(self.framing_mode, "framing mode")
        w.rect(self.region_of_interest, "region of interest")
        w.vector(self.positions_rad, "positions")
        w.vector(self.velocities_rad_per_s, "velocities")
        for limit in self.limits:
            limit.write(w)
        w.u8(self.activity, "activity")
        w.u32(self.request_id, "request id")
        w.u8(0 if self.animation is None else self.animation, "animation")
        w.boolean(self.last_progress is not None)
        if self.last_progress is None:
            w.raw(bytes(Progress.REQUIRED_BYTES))
        else:
            self.last_progress._write(w)
        w.u8(self.drivers_enabled, "drivers enabled")
        w.u8(self.fault_cause, "fault cause")
        w.u8(self.fault_axis, "fault axis")
        w.string(self.fault_description, "fault description")

    @classmethod
    def read(cls, r: Reader) -> Self:
        stand_time_us = r.u64()
        axes = Axes(r.u8())
        flags = r.u8()
        docked = r.u8()
        framing = _decode_enum(FramingMode, r.u8(), "state report framing mode")
        region = r.rect_upper_left()
        positions = r.vector()
        velocities = r.vector()
        limits = (AxisLimitReport.read(r), AxisLimitReport.read(r), AxisLimitReport.read(r))
        activity = _decode_enum(Activity, r.u8(), "state report activity")
        request_id = r.u32()
        animation_byte = r.u8()
        animation = None if animation_byte == 0 else _decode_enum(Animation, animation_byte, "state report animation")
        has_progress = r.boolean()
        progress_reader = Reader(r.take(Progress.REQUIRED_BYTES))
        progress = Progress._read(progress_reader) if has_progress else None
        drivers = Axes(r.u8() & 0b111)
        cause = _decode_enum(FaultCause, r.u8(), "state report fault cause")
        fault_axis = _decode_enum(Axis, r.u8(), "state report fault axis")
        description = r.string()
        return cls(stand_time_us, axes, bool(flags & 1), bool(flags & 2), docked, framing, region, positions,
                   velocities, limits, activity, request_id, animation, progress, drivers, cause, fault_axis,
                   description)


_MOVE_COMMANDS = (0x21, 0x22)
_GET_STATE = 0x27


@dataclass(frozen=True, slots=True)
class Ack(Message):
    """ACK: `receipt` after SET_ORIENTATION / ANIMATE, `state` after GET_STATE, else neither."""

    MESSAGE_ID: ClassVar[int] = 0x10
    NAME: ClassVar[str] = "ACK"
    REQUIRED_BYTES: ClassVar[int] = 1
    HOST_TO_STAND: ClassVar[bool] = False
    command_id: int
    receipt: MoveReceipt | None = None
    state: StateReport | None = None

    def _write(self, w: Writer) -> None:
        w.u8(self.command_id, "command id")
        if self.receipt is not None:
            self.receipt.write(w)
        if self.state is not None:
            self.state.write(w)

    @classmethod
    def _read(cls, r: Reader) -> Self:
        command_id = r.u8()
        body = r.rest()
        if not body:
            return cls(command_id)
        if command_id in _MOVE_COMMANDS:
            return cls(command_id, receipt=MoveReceipt.read(Reader(body)))
        if command_id == _GET_STATE:
            return cls(command_id, state=StateReport.read(Reader(body)))
        return cls(command_id)  # a body this version does not know: ignored


@dataclass(frozen=True, slots=True)
class Err(Message):
    """ERR (frozen layout). `code` is the raw byte; `to_exception()` gives the typed error."""

    MESSAGE_ID: ClassVar[int] = 0x11
    NAME: ClassVar[str] = "ERR"
    REQUIRED_BYTES: ClassVar[int] = 8
    HOST_TO_STAND: ClassVar[bool] = False
    command_id: int
    code: int
    axis: int | None = None
    value: float | None = None
    reason: str = ""

    @property
    def error_code(self) -> ErrorCode | None:
        return ErrorCode(self.code) if self.code in ErrorCode._value2member_map_ else None

    def to_exception(self) -> StandError:
        return stand_error(self.code, self.reason, axis=self.axis, value=self.value, command_id=self.command_id)

    def _write(self, w: Writer) -> None:
        w.u8(self.command_id, "command id")
        w.u8(self.code, "error code")
        w.u8((1 if self.axis is not None else 0) | (2 if self.value is not None else 0), "ERR flags")
        w.u8(0 if self.axis is None else self.axis, "axis")
        w.f32(0.0 if self.value is None else self.value, "value")
        w.string(self.reason, "reason")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        command_id, code, flags, axis, value = r.u8(), r.u8(), r.u8(), r.u8(), r.f32()
        return cls(command_id, code, axis if flags & 1 else None, value if flags & 2 else None, r.string())


# --- 4.3 Motion commands ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetAngularVelocity(Message):
    MESSAGE_ID: ClassVar[int] = 0x20
    NAME: ClassVar[str] = "SET_ANGULAR_VELOCITY"
    REQUIRED_BYTES: ClassVar[int] = 12
    velocity_rad_per_s: Vector3

    def validate(self) -> None:
        v = self.velocity_rad_per_s
        for axis, value in zip(Axis, (v.pitch, v.yaw, v.roll)):
            ranges.ANGULAR_VELOCITY.check(value, axis=axis, what=f"rate ({axis.name.lower()})")

    def _write(self, w: Writer) -> None:
        w.vector(self.velocity_rad_per_s, "velocity")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(r.vector())


@dataclass(frozen=True, slots=True)
class SetOrientation(Message):
    """A move to `target` (a `Vector3` of angles, or a unit `Quaternion`), relative or absolute."""

    MESSAGE_ID: ClassVar[int] = 0x21
    NAME: ClassVar[str] = "SET_ORIENTATION"
    REQUIRED_BYTES: ClassVar[int] = 18
    target: Vector3 | Quaternion
    relative: bool = False
    duration_s: float = 0.0

    def validate(self) -> None:
        ranges.DURATION.check(self.duration_s)
        if isinstance(self.target, Quaternion):
            q = self.target
            for part in (q.w, q.x, q.y, q.z):
                if not isinstance(part, (int, float)) or not math.isfinite(part):
                    raise ParameterOutOfRange("SET_ORIENTATION quaternion", "value must be a finite number",
                                              value=float(part) if isinstance(part, (int, float)) else None)
            ranges.QUATERNION_LENGTH.check(q.length)
        elif isinstance(self.target, Vector3):
            t = self.target
            for axis, value in zip(Axis, (t.pitch, t.yaw, t.roll)):
                ranges.ANGLE.check(value, axis=axis, what=f"angle ({axis.name.lower()})")
        else:
            raise ParameterOutOfRange("SET_ORIENTATION target", f"must be a Vector3 or a Quaternion, got {self.target!r}")

    def _write(self, w: Writer) -> None:
        if isinstance(self.target, Quaternion):
            w.u8(1)
            w.boolean(self.relative)
            w.f32(self.duration_s, "duration")
            for part in (self.target.w, self.target.x, self.target.y, self.target.z):
                w.f32(part, "quaternion")
        else:
            w.u8(0)
            w.boolean(self.relative)
            w.f32(self.duration_s, "duration")
            w.vector(self.target, "target")
            w.f32(0.0)  # the vector form's padding, so both forms are 22 bytes

    @classmethod
    def decode(cls, payload: bytes) -> Self:
        _require(cls.NAME, cls.REQUIRED_BYTES, payload)
        r = Reader(payload)
        form = r.u8()
        relative = r.boolean()
        duration = r.f32()
        if form == 0:
            return cls(r.vector(), relative, duration)
        if form == 1:
            _require("SET_ORIENTATION (quaternion form)", 22, payload)
            return cls(Quaternion(r.f32(), r.f32(), r.f32(), r.f32()), relative, duration)
        raise UndefinedValue(f"SET_ORIENTATION form: {form} is neither 0 (vector) nor 1 (quaternion)")


@dataclass(frozen=True, slots=True)
class Animate(Message):
    MESSAGE_ID: ClassVar[int] = 0x22
    NAME: ClassVar[str] = "ANIMATE"
    REQUIRED_BYTES: ClassVar[int] = 1
    animation: Animation

    def validate(self) -> None:
        _check_enum(Animation, self.animation, "ANIMATE animation")

    def _write(self, w: Writer) -> None:
        w.u8(self.animation, "animation")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(_decode_enum(Animation, r.u8(), "ANIMATE animation"))


@dataclass(frozen=True, slots=True)
class Stop(Message):
    MESSAGE_ID: ClassVar[int] = 0x23
    NAME: ClassVar[str] = "STOP"


@dataclass(frozen=True, slots=True)
class Cancel(Message):
    MESSAGE_ID: ClassVar[int] = 0x24
    NAME: ClassVar[str] = "CANCEL"
    REQUIRED_BYTES: ClassVar[int] = 4
    request_id: int

    def _write(self, w: Writer) -> None:
        w.u32(self.request_id, "request id")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(r.u32())


@dataclass(frozen=True, slots=True)
class AxisLimit:
    """A limit SET_LIMITS asks for on one axis."""

    minimum_rad: float
    maximum_rad: float
    maximum_speed_rad_per_s: float


@dataclass(frozen=True, slots=True)
class SetLimits(Message):
    """Limits for the axes given (None keeps the board's)."""

    MESSAGE_ID: ClassVar[int] = 0x25
    NAME: ClassVar[str] = "SET_LIMITS"
    REQUIRED_BYTES: ClassVar[int] = 1
    pitch: AxisLimit | None = None
    yaw: AxisLimit | None = None
    roll: AxisLimit | None = None

    def _present(self) -> list[tuple[Axis, AxisLimit]]:
        return [(axis, limit) for axis, limit in zip(Axis, (self.pitch, self.yaw, self.roll)) if limit is not None]

    def validate(self) -> None:
        for axis, limit in self._present():
            name = axis.name.lower()
            ranges.LIMIT_END.check(limit.minimum_rad, axis=axis, what=f"minimum ({name})")
            ranges.LIMIT_END.check(limit.maximum_rad, axis=axis, what=f"maximum ({name})")
            if not limit.minimum_rad < limit.maximum_rad:
                raise ParameterOutOfRange(f"SET_LIMITS {name}", "min not below max", value=limit.minimum_rad, axis=axis)
            ranges.LIMIT_WIDTH.check(limit.maximum_rad - limit.minimum_rad, axis=axis, what=f"maximum - minimum ({name})")
            ranges.LIMIT_SPEED.check(limit.maximum_speed_rad_per_s, axis=axis, what=f"maximum speed ({name})")

    def _write(self, w: Writer) -> None:
        present = self._present()
        w.u8(sum(1 << axis for axis, _ in present), "axes")
        for _, limit in present:
            w.f32(limit.minimum_rad, "minimum")
            w.f32(limit.maximum_rad, "maximum")
            w.f32(limit.maximum_speed_rad_per_s, "maximum speed")

    @classmethod
    def decode(cls, payload: bytes) -> Self:
        _require(cls.NAME, 1, payload)
        axes = payload[0]
        if axes & ~0x07:
            raise UndefinedValue(f"SET_LIMITS axes: bits 3–7 name no axis (0x{axes:02x})")
        present = [axis for axis in Axis if axes & (1 << axis)]
        _require(cls.NAME, 1 + 12 * len(present), payload)
        r = Reader(payload, 1)
        limits: dict[str, AxisLimit] = {}
        for axis in present:
            limits[axis.name.lower()] = AxisLimit(r.f32(), r.f32(), r.f32())
        return cls(**limits)


@dataclass(frozen=True, slots=True)
class ResetLimits(Message):
    MESSAGE_ID: ClassVar[int] = 0x26
    NAME: ClassVar[str] = "RESET_LIMITS"


@dataclass(frozen=True, slots=True)
class GetState(Message):
    MESSAGE_ID: ClassVar[int] = 0x27
    NAME: ClassVar[str] = "GET_STATE"


@dataclass(frozen=True, slots=True)
class SetSystemTracking(Message):
    MESSAGE_ID: ClassVar[int] = 0x28
    NAME: ClassVar[str] = "SET_SYSTEM_TRACKING"
    REQUIRED_BYTES: ClassVar[int] = 1
    enabled: bool

    def _write(self, w: Writer) -> None:
        w.boolean(self.enabled)

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(r.boolean())


@dataclass(frozen=True, slots=True)
class ClearFault(Message):
    MESSAGE_ID: ClassVar[int] = 0x29
    NAME: ClassVar[str] = "CLEAR_FAULT"


@dataclass(frozen=True, slots=True)
class SetServoPulse(Message):
    """SET_SERVO_PULSE (0x2A): holds one pulse-width servo axis at a raw width, µs, to find its end points."""

    MESSAGE_ID: ClassVar[int] = 0x2A
    NAME: ClassVar[str] = "SET_SERVO_PULSE"
    REQUIRED_BYTES: ClassVar[int] = 5
    axis: Axis
    pulse_us: float

    def validate(self) -> None:
        _check_enum(Axis, self.axis, "SET_SERVO_PULSE axis")
        ranges.SERVO_PULSE.check(self.pulse_us, axis=self.axis)

    def _write(self, w: Writer) -> None:
        w.u8(self.axis, "axis")
        w.f32(self.pulse_us, "pulse width")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        axis = _decode_enum(Axis, r.u8(), "SET_SERVO_PULSE axis")
        return cls(axis, r.f32())


# --- 4.4 Tracking commands --------------------------------------------------

_FLAG_FACE_YAW = 1
_FLAG_SPEAKING = 2
_FLAG_LOOKING = 4


@dataclass(frozen=True, slots=True)
class Observation:
    """One detection in a TRACK batch; its flags byte follows from which optionals are set."""

    BYTES: ClassVar[int] = 38
    identifier: int
    kind: ObservationKind
    rect: NormalizedRectLowerLeft
    face_yaw_rad: float | None = None
    speaking_confidence: float | None = None
    looking_at_camera_confidence: float | None = None

    @property
    def flags(self) -> int:
        return ((_FLAG_FACE_YAW if self.face_yaw_rad is not None else 0)
                | (_FLAG_SPEAKING if self.speaking_confidence is not None else 0)
                | (_FLAG_LOOKING if self.looking_at_camera_confidence is not None else 0))

    def validate(self, index: int) -> None:
        where = f"observation {index}"
        _check_enum(ObservationKind, self.kind, f"TRACK {where} type")
        rect = self.rect
        if not isinstance(rect, NormalizedRectLowerLeft):
            raise ParameterOutOfRange(f"TRACK {where} rect", f"must be a NormalizedRectLowerLeft, got {rect!r}")
        for name, value in (("x", rect.x), ("y", rect.y)):
            ranges.RECT_EDGE.check(value, what=f"rect {name} ({where})")
        for name, value in (("width", rect.width), ("height", rect.height)):
            ranges.RECT_SIZE.check(value, what=f"rect {name} ({where})")
        ranges.RECT_EDGE.check(rect.x + rect.width, what=f"rect x + width ({where})")
        ranges.RECT_EDGE.check(rect.y + rect.height, what=f"rect y + height ({where})")
        if self.face_yaw_rad is not None:
            ranges.FACE_YAW.check(self.face_yaw_rad, what=f"face yaw ({where})")
        if self.speaking_confidence is not None:
            ranges.CONFIDENCE.check(self.speaking_confidence, what=f"speaking confidence ({where})")
        if self.looking_at_camera_confidence is not None:
            ranges.CONFIDENCE.check(self.looking_at_camera_confidence, what=f"looking-at-camera confidence ({where})")

    def write(self, w: Writer) -> None:
        w.i64(self.identifier, "observation identifier")
        w.u8(self.kind, "observation type")
        w.rect(self.rect, "observation rect")
        w.u8(self.flags)
        w.f32(self.face_yaw_rad or 0.0, "face yaw")
        w.f32(self.speaking_confidence or 0.0, "speaking confidence")
        w.f32(self.looking_at_camera_confidence or 0.0, "looking-at-camera confidence")

    @classmethod
    def read(cls, r: Reader, index: int) -> Self:
        identifier = r.i64()
        kind = _decode_enum(ObservationKind, r.u8(), f"TRACK observation {index} type")
        rect = r.rect_lower_left()
        flags = r.u8()
        if flags & ~0x07:
            raise UndefinedValue(f"TRACK observation {index} flags: bits 3–7 are undefined (0x{flags:02x})")
        yaw, speaking, looking = r.f32(), r.f32(), r.f32()
        return cls(identifier, kind, rect, yaw if flags & _FLAG_FACE_YAW else None,
                   speaking if flags & _FLAG_SPEAKING else None, looking if flags & _FLAG_LOOKING else None)


def intrinsics_from_field_of_view(
    horizontal_fov_rad: float, vertical_fov_rad: float, width_px: float, height_px: float
) -> tuple[float, ...]:
    """A pinhole matrix (row-major, 9 values) for a camera of this field of view and frame size."""
    fx = (width_px / 2.0) / math.tan(horizontal_fov_rad / 2.0)
    fy = (height_px / 2.0) / math.tan(vertical_fov_rad / 2.0)
    return (fx, 0.0, width_px / 2.0, 0.0, fy, height_px / 2.0, 0.0, 0.0, 1.0)


@dataclass(frozen=True, slots=True)
class Track(Message):
    """TRACK (0x30): one batch of observations from one image.

    `intrinsics` is the 3 × 3 pinhole matrix row-major (9 values) or None.
    """

    MESSAGE_ID: ClassVar[int] = 0x30
    NAME: ClassVar[str] = "TRACK"
    REQUIRED_BYTES: ClassVar[int] = 53
    capture_age_us: int
    device_type: CameraDeviceType
    position: CameraPosition
    orientation: CameraOrientation
    intrinsics: tuple[float, ...] | None
    reference_width_px: float
    reference_height_px: float
    observations: tuple[Observation, ...] = ()

    def validate(self) -> None:
        ranges.CAPTURE_AGE.check(self.capture_age_us)
        if not isinstance(self.capture_age_us, int) or isinstance(self.capture_age_us, bool):
            raise ParameterOutOfRange("TRACK capture age", f"must be an integer of µs, got {self.capture_age_us!r}")
        _check_enum(CameraDeviceType, self.device_type, "TRACK camera device type")
        _check_enum(CameraPosition, self.position, "TRACK camera position")
        _check_enum(CameraOrientation, self.orientation, "TRACK orientation")
        if self.intrinsics is not None:
            m = self.intrinsics
            if len(m) != 9:
                raise ParameterOutOfRange("TRACK intrinsics", f"must be 9 values (3 × 3, row-major), got {len(m)}")
            names = ("m00 (fx)", "m01 (s)", "m02 (cx)", "m10", "m11 (fy)", "m12 (cy)", "m20", "m21", "m22")
            checks = (ranges.FOCAL_LENGTH, ranges.PRINCIPAL_POINT, ranges.PRINCIPAL_POINT, ranges.INTRINSICS_ZERO,
                      ranges.FOCAL_LENGTH, ranges.PRINCIPAL_POINT, ranges.INTRINSICS_ZERO, ranges.INTRINSICS_ZERO,
                      ranges.INTRINSICS_ONE)
            for name, check, value in zip(names, checks, m):
                check.check(value, what=f"intrinsics {name}")
        ranges.REFERENCE_SIZE.check(self.reference_width_px, what="reference width")
        ranges.REFERENCE_SIZE.check(self.reference_height_px, what="reference height")
        _check_count("TRACK observation count", len(self.observations))
        for index, observation in enumerate(self.observations):
            if not isinstance(observation, Observation):
                raise ParameterOutOfRange(f"TRACK observation {index}", f"must be an Observation, got {observation!r}")
            observation.validate(index)

    def _write(self, w: Writer) -> None:
        w.u32(self.capture_age_us, "capture age")
        w.u8(self.device_type, "device type")
        w.u8(self.position, "position")
        w.u8(self.orientation, "orientation")
        w.boolean(self.intrinsics is not None)
        for value in self.intrinsics if self.intrinsics is not None else (0.0,) * 9:
            w.f32(value, "intrinsics")
        w.f32(self.reference_width_px, "reference width")
        w.f32(self.reference_height_px, "reference height")
        w.u8(len(self.observations), "observation count")
        for observation in self.observations:
            observation.write(w)

    @classmethod
    def decode(cls, payload: bytes) -> Self:
        _require(cls.NAME, cls.REQUIRED_BYTES, payload)
        r = Reader(payload)
        age = r.u32()
        device = _decode_enum(CameraDeviceType, r.u8(), "TRACK camera device type")
        position = _decode_enum(CameraPosition, r.u8(), "TRACK camera position")
        orientation = _decode_enum(CameraOrientation, r.u8(), "TRACK orientation")
        present = r.boolean()
        matrix = tuple(r.f32() for _ in range(9))
        width, height = r.f32(), r.f32()
        count = r.u8()
        _decode_count("TRACK observation count", count)
        _require(cls.NAME, cls.REQUIRED_BYTES + Observation.BYTES * count, payload)
        observations = tuple(Observation.read(r, index) for index in range(count))
        return cls(age, device, position, orientation, matrix if present else None, width, height, observations)


@dataclass(frozen=True, slots=True)
class SetFramingMode(Message):
    MESSAGE_ID: ClassVar[int] = 0x31
    NAME: ClassVar[str] = "SET_FRAMING_MODE"
    REQUIRED_BYTES: ClassVar[int] = 1
    mode: FramingMode

    def validate(self) -> None:
        _check_enum(FramingMode, self.mode, "SET_FRAMING_MODE mode")

    def _write(self, w: Writer) -> None:
        w.u8(self.mode, "framing mode")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(_decode_enum(FramingMode, r.u8(), "SET_FRAMING_MODE mode"))


@dataclass(frozen=True, slots=True)
class SetRegionOfInterest(Message):
    MESSAGE_ID: ClassVar[int] = 0x32
    NAME: ClassVar[str] = "SET_REGION_OF_INTEREST"
    REQUIRED_BYTES: ClassVar[int] = 16
    region: NormalizedRectUpperLeft

    def validate(self) -> None:
        rect = self.region
        if not isinstance(rect, NormalizedRectUpperLeft):
            raise ParameterOutOfRange("SET_REGION_OF_INTEREST region",
                                      f"must be a NormalizedRectUpperLeft (regions are upper-left), got {rect!r}")
        for name, value in (("x", rect.x), ("y", rect.y)):
            ranges.REGION_EDGE.check(value, what=name)
        for name, value in (("width", rect.width), ("height", rect.height)):
            ranges.REGION_SIZE.check(value, what=name)
        ranges.REGION_EDGE.check(rect.x + rect.width, what="x + width")
        ranges.REGION_EDGE.check(rect.y + rect.height, what="y + height")

    def _write(self, w: Writer) -> None:
        w.rect(self.region, "region of interest")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(r.rect_upper_left())


@dataclass(frozen=True, slots=True)
class SelectSubjectAt(Message):
    MESSAGE_ID: ClassVar[int] = 0x33
    NAME: ClassVar[str] = "SELECT_SUBJECT_AT"
    REQUIRED_BYTES: ClassVar[int] = 8
    point: NormalizedPointUpperLeft

    def validate(self) -> None:
        ranges.SELECTION_POINT.check(self.point.x, what="x")
        ranges.SELECTION_POINT.check(self.point.y, what="y")

    def _write(self, w: Writer) -> None:
        w.f32(self.point.x, "x")
        w.f32(self.point.y, "y")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(NormalizedPointUpperLeft(r.f32(), r.f32()))


@dataclass(frozen=True, slots=True)
class SelectSubjects(Message):
    """Subjects (UUIDs from TRACKING_STATE) to frame; empty = back to automatic selection."""

    MESSAGE_ID: ClassVar[int] = 0x34
    NAME: ClassVar[str] = "SELECT_SUBJECTS"
    REQUIRED_BYTES: ClassVar[int] = 1
    subject_ids: tuple[uuid.UUID, ...] = ()

    def validate(self) -> None:
        _check_count("SELECT_SUBJECTS count", len(self.subject_ids))
        for index, identifier in enumerate(self.subject_ids):
            if not isinstance(identifier, uuid.UUID):
                raise ParameterOutOfRange(f"SELECT_SUBJECTS id {index}", f"must be a uuid.UUID, got {identifier!r}")

    def _write(self, w: Writer) -> None:
        w.u8(len(self.subject_ids), "count")
        for identifier in self.subject_ids:
            w.uuid(identifier)

    @classmethod
    def decode(cls, payload: bytes) -> Self:
        _require(cls.NAME, 1, payload)
        count = payload[0]
        _decode_count("SELECT_SUBJECTS count", count)
        _require(cls.NAME, 1 + 16 * count, payload)
        r = Reader(payload, 1)
        return cls(tuple(r.uuid() for _ in range(count)))


@dataclass(frozen=True, slots=True)
class Gesture(Message):
    """GESTURE (0x35), vision link → stand: a hand gesture seen (open palm held about a second)."""

    MESSAGE_ID: ClassVar[int] = 0x35
    NAME: ClassVar[str] = "GESTURE"
    REQUIRED_BYTES: ClassVar[int] = 5
    gesture: GestureKind
    confidence: float

    def validate(self) -> None:
        _check_enum(GestureKind, self.gesture, "GESTURE gesture")
        ranges.GESTURE_CONFIDENCE.check(self.confidence)

    def _write(self, w: Writer) -> None:
        w.u8(self.gesture, "gesture")
        w.f32(self.confidence, "confidence")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(_decode_enum(GestureKind, r.u8(), "GESTURE gesture"), r.f32())


# --- 4.5 Telemetry ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MotionState(Message):
    """MOTION_STATE (0x40), 50 Hz: the measured pose."""

    MESSAGE_ID: ClassVar[int] = 0x40
    NAME: ClassVar[str] = "MOTION_STATE"
    REQUIRED_BYTES: ClassVar[int] = 35
    HOST_TO_STAND: ClassVar[bool] = False
    stand_time_us: int
    axes: Axes
    positions_rad: Vector3
    velocities_rad_per_s: Vector3
    fault: Fault
    system_tracking_enabled: bool
    moving: bool
    # Appended after the 35 required bytes: an older stand's report reads as none.
    drivers_enabled: Axes = Axes(0)
    fault_cause: FaultCause = FaultCause.NONE
    # Appended with SET_SERVO_PULSE: per axis (pitch, yaw, roll), the width a jog holds it at, µs; 0: none.
    servo_pulse_us: tuple[int, int, int] = (0, 0, 0)

    def _write(self, w: Writer) -> None:
        w.u64(self.stand_time_us, "stand time")
        w.u8(self.axes, "axes")
        w.vector(self.positions_rad, "positions")
        w.vector(self.velocities_rad_per_s, "velocities")
        w.u8(self.fault, "fault")
        w.u8((1 if self.system_tracking_enabled else 0) | (2 if self.moving else 0))
        w.u8(self.drivers_enabled, "drivers enabled")
        w.u8(self.fault_cause, "fault cause")
        for width in self.servo_pulse_us:
            w.u16(width, "servo pulse")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        time_us, axes, positions, velocities = r.u64(), Axes(r.u8()), r.vector(), r.vector()
        fault = _decode_enum(Fault, r.u8(), "MOTION_STATE fault")
        flags = r.u8()
        drivers = Axes(r.u8() & 0b111)
        cause = _decode_enum(FaultCause, r.u8(), "MOTION_STATE fault cause")
        pulses = (r.u16(), r.u16(), r.u16())
        return cls(time_us, axes, positions, velocities, fault, bool(flags & 1), bool(flags & 2), drivers, cause, pulses)


@dataclass(frozen=True, slots=True)
class AccessoryEvent(Message):
    MESSAGE_ID: ClassVar[int] = 0x42
    NAME: ClassVar[str] = "ACCESSORY_EVENT"
    REQUIRED_BYTES: ClassVar[int] = 7
    HOST_TO_STAND: ClassVar[bool] = False
    kind: AccessoryEventKind
    zoom_factor: float = 0.0
    button_id: int = 0
    pressed: bool = False

    def _write(self, w: Writer) -> None:
        w.u8(self.kind, "kind")
        w.f32(self.zoom_factor, "zoom factor")
        w.u8(self.button_id, "button id")
        w.boolean(self.pressed)

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(_decode_enum(AccessoryEventKind, r.u8(), "ACCESSORY_EVENT kind"), r.f32(), r.u8(), r.boolean())


@dataclass(frozen=True, slots=True)
class BatteryState(Message):
    MESSAGE_ID: ClassVar[int] = 0x43
    NAME: ClassVar[str] = "BATTERY_STATE"
    REQUIRED_BYTES: ClassVar[int] = 7
    HOST_TO_STAND: ClassVar[bool] = False
    level: float
    charge_state: ChargeState
    low_battery: bool
    name: str

    def _write(self, w: Writer) -> None:
        w.f32(self.level, "level")
        w.u8(self.charge_state, "charge state")
        w.boolean(self.low_battery)
        w.string(self.name, "battery name")

    @classmethod
    def _read(cls, r: Reader) -> Self:
        level = r.f32()
        return cls(level, _decode_enum(ChargeState, r.u8(), "BATTERY_STATE charge state"), r.boolean(), r.string())


@dataclass(frozen=True, slots=True)
class TrackedSubject:
    """One subject of TRACKING_STATE (43 bytes)."""

    BYTES: ClassVar[int] = 43
    identifier: uuid.UUID
    kind: TrackedSubjectKind
    rect: NormalizedRectLowerLeft
    saliency_rank: int = 0
    speaking_confidence: float | None = None
    looking_at_camera_confidence: float | None = None

    def write(self, w: Writer) -> None:
        w.uuid(self.identifier)
        w.u8(self.kind, "subject kind")
        w.rect(self.rect, "subject rect")
        w.u8(self.saliency_rank, "saliency rank")
        w.u8((1 if self.speaking_confidence is not None else 0)
             | (2 if self.looking_at_camera_confidence is not None else 0))
        w.f32(self.speaking_confidence or 0.0, "speaking confidence")
        w.f32(self.looking_at_camera_confidence or 0.0, "looking-at-camera confidence")

    @classmethod
    def read(cls, r: Reader, index: int) -> Self:
        identifier = r.uuid()
        kind = _decode_enum(TrackedSubjectKind, r.u8(), f"TRACKING_STATE subject {index} kind")
        rect, rank, flags, speaking, looking = r.rect_lower_left(), r.u8(), r.u8(), r.f32(), r.f32()
        return cls(identifier, kind, rect, rank, speaking if flags & 1 else None, looking if flags & 2 else None)


@dataclass(frozen=True, slots=True)
class TrackingState(Message):
    MESSAGE_ID: ClassVar[int] = 0x44
    NAME: ClassVar[str] = "TRACKING_STATE"
    REQUIRED_BYTES: ClassVar[int] = 9
    HOST_TO_STAND: ClassVar[bool] = False
    stand_time_us: int
    subjects: tuple[TrackedSubject, ...] = ()

    def _write(self, w: Writer) -> None:
        w.u64(self.stand_time_us, "stand time")
        w.u8(len(self.subjects), "subject count")
        for subject in self.subjects:
            subject.write(w)

    @classmethod
    def decode(cls, payload: bytes) -> Self:
        _require(cls.NAME, cls.REQUIRED_BYTES, payload)
        r = Reader(payload)
        time_us, count = r.u64(), r.u8()
        _decode_count("TRACKING_STATE subject count", count)
        _require(cls.NAME, cls.REQUIRED_BYTES + TrackedSubject.BYTES * count, payload)
        return cls(time_us, tuple(TrackedSubject.read(r, index) for index in range(count)))


@dataclass(frozen=True, slots=True)
class DockState(Message):
    MESSAGE_ID: ClassVar[int] = 0x45
    NAME: ClassVar[str] = "DOCK_STATE"
    REQUIRED_BYTES: ClassVar[int] = 2
    HOST_TO_STAND: ClassVar[bool] = False
    docked: bool
    system_tracking_enabled: bool
    tracking_button_enabled: bool = False

    def _write(self, w: Writer) -> None:
        w.boolean(self.docked)
        w.boolean(self.system_tracking_enabled)
        w.boolean(self.tracking_button_enabled)

    @classmethod
    def _read(cls, r: Reader) -> Self:
        return cls(r.boolean(), r.boolean(), r.boolean())


MESSAGE_TYPES: dict[int, type[Message]] = {
    cls.MESSAGE_ID: cls
    for cls in (
        Hello, Identity, Heartbeat, Bye, Ack, Err, SetAngularVelocity, SetOrientation, Animate, Stop, Cancel,
        SetLimits, ResetLimits, GetState, SetSystemTracking, ClearFault, SetServoPulse, Track, SetFramingMode, SetRegionOfInterest,
        SelectSubjectAt, SelectSubjects, Gesture, MotionState, Progress, AccessoryEvent, BatteryState, TrackingState,
        DockState,
    )
}


def decode_message(message_id: int, payload: bytes) -> Message:
    """The message of this id from its payload; `UnknownMessageId` for an id no message has."""
    cls = MESSAGE_TYPES.get(message_id)
    if cls is None:
        raise UnknownMessageId(message_id)
    return cls.decode(payload)

