"""Every way a `swivel` call can fail, as typed exceptions.

Three families under `SwivelError`:

- `StandError` and one subclass per wire error code (docs/PROTOCOL.md §4.2,
  ERR): the stand refused a command. Each carries the stand's reason, the axis
  and the offending value when the ERR named them, and the command id.
  `InvalidParameter` is also raised locally, before anything is sent, when a
  host → stand message has a field outside its range (`ParameterOutOfRange`,
  a subclass), so a caller catches one class either way, as with DockKit.
- `TransportError`: the stand could not be reached (`EndpointNotFound`), the
  connection ended (`Disconnected`) or a command had no reply after every
  retransmission (`Timeout`).
- `CodecError`: bytes that are not a frame (`FramingError`) or a payload that is
  not its message (`MessageDecodeError`, `PayloadTooShort`, `UndefinedValue`,
  `UnknownMessageId`), or a value no f32 can carry (`EncodeError`).
"""
from __future__ import annotations

from enum import IntEnum

__all__ = [
    "ErrorCode", "SwivelError", "StandError", "InvalidParameter", "ParameterOutOfRange", "NotConnected", "NotSupported",
    "NotSupportedByDevice", "FrameRateTooHigh", "FrameRateTooLow", "NoSubjectFound", "SystemTrackingActive",
    "MotorFault", "Busy", "UnknownMessage", "BadLength", "VersionMismatch", "BadFrame", "stand_error",
    "TransportError", "EndpointNotFound", "Disconnected", "Timeout", "CodecError", "FramingError", "BadEncoding",
    "FrameTooShort", "BadChecksum", "Oversize", "MessageDecodeError", "PayloadTooShort", "UndefinedValue",
    "UnknownMessageId", "EncodeError",
]


class ErrorCode(IntEnum):
    """The ERR error codes of docs/PROTOCOL.md §4.2."""

    INVALID_PARAMETER = 1
    NOT_CONNECTED = 2
    NOT_SUPPORTED = 3
    NOT_SUPPORTED_BY_DEVICE = 4
    FRAME_RATE_TOO_HIGH = 5
    FRAME_RATE_TOO_LOW = 6
    NO_SUBJECT_FOUND = 7
    SYSTEM_TRACKING_ACTIVE = 8
    MOTOR_FAULT = 9
    BUSY = 10
    UNKNOWN_MESSAGE = 0x20
    BAD_LENGTH = 0x21
    VERSION_MISMATCH = 0x22
    BAD_FRAME = 0x23


class SwivelError(Exception):
    """The base of every error this package raises on purpose."""


# --- the stand's refusals -------------------------------------------------


class StandError(SwivelError):
    """An ERR from the stand (or, for `ParameterOutOfRange`, the same rule checked here).

    `code` is the raw wire code (an `ErrorCode` when this version defines it),
    `axis` the axis index (0 pitch, 1 yaw, 2 roll) or None, `value` the
    offending value or None, `command_id` the id of the refused command.
    """

    code: int = 0

    def __init__(
        self,
        reason: str,
        *,
        axis: int | None = None,
        value: float | None = None,
        command_id: int | None = None,
        code: int | None = None,
    ) -> None:
        if code is not None:
            self.code = code
        self.reason = reason
        self.axis = axis
        self.value = value
        self.command_id = command_id
        super().__init__(self._describe())

    def _describe(self) -> str:
        name = ErrorCode(self.code).name.lower() if self.code in ErrorCode._value2member_map_ else f"code {self.code}"
        text = f"{name}: "
        if self.axis is not None:
            text += f"{_AXIS_NAMES.get(self.axis, f'axis {self.axis}')}: "
        text += self.reason
        if self.value is not None:
            text += f" (got {self.value!r})"
        return text


_AXIS_NAMES = {0: "pitch", 1: "yaw", 2: "roll"}


class InvalidParameter(StandError):
    code = ErrorCode.INVALID_PARAMETER


class ParameterOutOfRange(InvalidParameter):
    """A field outside docs/PROTOCOL.md §3's range, caught before it was sent.

    `field` names the message and field ("SET_ORIENTATION duration"), and the
    reason says the range.
    """

    def __init__(self, field: str, reason: str, *, value: float | None = None, axis: int | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {reason}", axis=axis, value=value)


class NotConnected(StandError):
    code = ErrorCode.NOT_CONNECTED


class NotSupported(StandError):
    code = ErrorCode.NOT_SUPPORTED


class NotSupportedByDevice(StandError):
    code = ErrorCode.NOT_SUPPORTED_BY_DEVICE


class FrameRateTooHigh(StandError):
    code = ErrorCode.FRAME_RATE_TOO_HIGH


class FrameRateTooLow(StandError):
    """TRACK batches more than 100 ms apart. The stand applied the batch anyway."""

    code = ErrorCode.FRAME_RATE_TOO_LOW
    applied = True


class NoSubjectFound(StandError):
    code = ErrorCode.NO_SUBJECT_FOUND


class SystemTrackingActive(StandError):
    code = ErrorCode.SYSTEM_TRACKING_ACTIVE


class MotorFault(StandError):
    code = ErrorCode.MOTOR_FAULT


class Busy(StandError):
    code = ErrorCode.BUSY


class UnknownMessage(StandError):
    code = ErrorCode.UNKNOWN_MESSAGE


class BadLength(StandError):
    code = ErrorCode.BAD_LENGTH


class VersionMismatch(StandError):
    code = ErrorCode.VERSION_MISMATCH


class BadFrame(StandError):
    """Reserved code 0x23; also the class of a code this version does not define."""

    code = ErrorCode.BAD_FRAME


_BY_CODE: dict[int, type[StandError]] = {
    cls.code: cls
    for cls in (
        InvalidParameter, NotConnected, NotSupported, NotSupportedByDevice, FrameRateTooHigh, FrameRateTooLow,
        NoSubjectFound, SystemTrackingActive, MotorFault, Busy, UnknownMessage, BadLength, VersionMismatch, BadFrame,
    )
}


def stand_error(
    code: int, reason: str, *, axis: int | None = None, value: float | None = None, command_id: int | None = None
) -> StandError:
    """The exception for an ERR's fields: its code's class, or `StandError` for an undefined code."""
    cls = _BY_CODE.get(code)
    if cls is None:
        return StandError(reason, axis=axis, value=value, command_id=command_id, code=code)
    return cls(reason, axis=axis, value=value, command_id=command_id)


# --- the transport -------------------------------------------------------


class TransportError(SwivelError):
    """The stand could not be reached, or the connection to it is gone."""


class EndpointNotFound(TransportError):
    """Nothing listens where we looked; the message says where and by which rule."""


class Disconnected(TransportError):
    """The connection ended (closed by either side, or the device went away)."""


class Timeout(TransportError):
    """No reply after the first send and every retransmission."""


# --- the codec -------------------------------------------------------------


class CodecError(SwivelError):
    """Bytes that are not a frame or a payload that is not its message."""


class FramingError(CodecError):
    """A frame the receiver rules of docs/PROTOCOL.md §1 discard."""


class BadEncoding(FramingError):
    """Not valid COBS."""


class FrameTooShort(FramingError):
    """Decodes to fewer than 7 bytes."""


class BadChecksum(FramingError):
    def __init__(self, expected: int, received: int) -> None:
        self.expected = expected
        self.received = received
        super().__init__(f"CRC mismatch: computed 0x{expected:04x}, frame carries 0x{received:04x}")


class Oversize(FramingError):
    """More than a frame's 1024 bytes (1029 encoded)."""


class MessageDecodeError(CodecError):
    """A payload that is not a valid message of its id."""


class PayloadTooShort(MessageDecodeError):
    """Shorter than the message's required length (the stand answers this `badLength`)."""

    def __init__(self, message: str, required: int, received: int) -> None:
        self.message_name = message
        self.required = required
        self.received = received
        super().__init__(f"{message}: payload of {received} bytes, {required} required")


class UndefinedValue(MessageDecodeError):
    """An enumerated value, bit or count this version does not define."""


class UnknownMessageId(MessageDecodeError):
    def __init__(self, message_id: int) -> None:
        self.message_id = message_id
        super().__init__(f"no message has id 0x{message_id:02x}")


class EncodeError(CodecError):
    """A value that does not fit its wire type (an f32 beyond ±3.4e38, a u32 below 0, a string over 255 bytes)."""
