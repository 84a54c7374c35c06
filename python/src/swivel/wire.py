"""Frames: the header, the CRC, COBS and the 0x00 delimiter (docs/PROTOCOL.md §1).

`encode_frame` turns a message into the bytes to write; `FrameDecoder` turns a
byte stream into `WireFrame`s with the receiver rules of §1: a fixed 1029-byte
buffer, and every discarded frame counted by why (`DecoderStatistics`).
Pure: no I/O, no clocks, no threads.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import ClassVar, Protocol

from . import cobs
from .crc import crc16_mcrf4xx
from .errors import (
    BadChecksum,
    CodecError,
    EncodeError,
    FramingError,
    FrameTooShort,
    Oversize,
)

PROTOCOL_VERSION = 1
HEADER_BYTES = 5
CHECKSUM_BYTES = 2
MIN_FRAME_BYTES = HEADER_BYTES + CHECKSUM_BYTES
MAX_FRAME_BYTES = 1024
MAX_PAYLOAD_BYTES = MAX_FRAME_BYTES - MIN_FRAME_BYTES  # 1017
# The longest encoding of a frame, without its delimiter: what the receive buffer holds.
MAX_ENCODED_BYTES = cobs.max_encoded_length(MAX_FRAME_BYTES)  # 1029
FLAG_RETRANSMISSION = 0x01
_HEADER = struct.Struct("<BBHB")


class Encodable(Protocol):
    """What `encode_frame` needs of a message (every class of `swivel.messages`)."""

    MESSAGE_ID: ClassVar[int]

    def encode(self) -> bytes: ...


@dataclass(frozen=True, slots=True)
class WireFrame:
    """One decoded frame: its header and its payload (the CRC already checked)."""

    version: int
    flags: int
    seq: int
    message_id: int
    payload: bytes

    @property
    def is_retransmission(self) -> bool:
        return bool(self.flags & FLAG_RETRANSMISSION)


def frame_bytes(message_id: int, payload: bytes, seq: int, flags: int = 0, version: int = PROTOCOL_VERSION) -> bytes:
    """The frame before COBS: header, payload, CRC."""
    for name, value, top in (("sequence number", seq, 0xFFFF), ("flags", flags, 0xFF), ("message id", message_id, 0xFF),
                             ("version", version, 0xFF)):
        if not isinstance(value, int) or not 0 <= value <= top:
            raise EncodeError(f"{name} must be an integer 0…{top}, got {value!r}")
    if len(payload) > MAX_PAYLOAD_BYTES:
        raise EncodeError(f"payload of {len(payload)} bytes; a frame carries at most {MAX_PAYLOAD_BYTES}")
    body = _HEADER.pack(version, flags, seq, message_id) + bytes(payload)
    return body + struct.pack("<H", crc16_mcrf4xx(body))


def encode_raw_frame(message_id: int, payload: bytes, seq: int, flags: int = 0, version: int = PROTOCOL_VERSION) -> bytes:
    """A frame on the wire from its parts: COBS and the 0x00 delimiter."""
    return cobs.encode(frame_bytes(message_id, payload, seq, flags, version)) + b"\x00"


def encode_frame(message: Encodable, seq: int, flags: int = 0) -> bytes:
    """`message` as a frame on the wire (COBS-encoded, with its 0x00 delimiter).

    Host → stand messages check their field ranges here (`ParameterOutOfRange`).
    """
    return encode_raw_frame(message.MESSAGE_ID, message.encode(), seq, flags)


def parse_frame(decoded: bytes) -> WireFrame:
    """A frame from its COBS-decoded bytes: length and CRC checked."""
    if len(decoded) > MAX_FRAME_BYTES:
        raise Oversize(f"frame of {len(decoded)} bytes; at most {MAX_FRAME_BYTES}")
    if len(decoded) < MIN_FRAME_BYTES:
        raise FrameTooShort(f"frame of {len(decoded)} bytes; at least {MIN_FRAME_BYTES}")
    body = decoded[:-CHECKSUM_BYTES]
    computed = crc16_mcrf4xx(body)
    received = decoded[-2] | decoded[-1] << 8
    if computed != received:
        raise BadChecksum(computed, received)
    version, flags, seq, message_id = _HEADER.unpack_from(body)
    return WireFrame(version, flags, seq, message_id, bytes(body[HEADER_BYTES:]))


def decode_frame(encoded: bytes) -> WireFrame:
    """One frame from its wire bytes, with or without the trailing delimiter."""
    if encoded.endswith(b"\x00"):
        encoded = encoded[:-1]
    return parse_frame(cobs.decode(encoded))


@dataclass(slots=True)
class DecoderStatistics:
    """The counters of docs/PROTOCOL.md §1 (`framesDecoded` … there, snake_case here)."""

    frames_decoded: int = 0
    empty_frames: int = 0
    oversize: int = 0
    bad_encoding: int = 0
    too_short: int = 0
    bad_checksum: int = 0
    bytes_discarded: int = 0


class FrameDecoder:
    """Turns any byte stream into frames; never raises, never grows past 1029 bytes.

    Each 0x00 ends a frame. What cannot be a frame is counted in `statistics`
    and dropped, with its error in `last_error`.
    """

    __slots__ = ("statistics", "last_error", "_buffer", "_discarding")

    def __init__(self) -> None:
        self.statistics = DecoderStatistics()
        self.last_error: FramingError | None = None
        self._buffer = bytearray()
        self._discarding = False

    @property
    def buffered_bytes(self) -> int:
        """Bytes of an unfinished frame held (at most `MAX_ENCODED_BYTES`)."""
        return len(self._buffer)

    def reset(self) -> None:
        """Drops a partial frame (after a port reopen), counting its bytes as discarded."""
        self.statistics.bytes_discarded += len(self._buffer)
        self._buffer.clear()
        self._discarding = False

    def feed(self, data: bytes) -> list[WireFrame]:
        """Feeds any number of bytes; returns the valid frames they completed, in order."""
        frames: list[WireFrame] = []
        view = bytes(data)
        position = 0
        end = len(view)
        while position < end:
            delimiter = view.find(b"\x00", position)
            stop = end if delimiter < 0 else delimiter
            if self._discarding:
                self.statistics.bytes_discarded += stop - position
                if delimiter < 0:
                    return frames
                self._discarding = False
                position = delimiter + 1
                continue
            room = MAX_ENCODED_BYTES - len(self._buffer)
            if stop - position > room:
                # No frame is this long: drop it up to the next delimiter, counted once.
                self.statistics.oversize += 1
                self.statistics.bytes_discarded += len(self._buffer) + room
                self.last_error = Oversize(f"more than {MAX_ENCODED_BYTES} bytes before a delimiter")
                self._buffer.clear()
                self._discarding = True
                position += room
                continue
            self._buffer += view[position:stop]
            if delimiter < 0:
                return frames
            position = delimiter + 1
            frame = self._finish()
            if frame is not None:
                frames.append(frame)
        return frames

    def _finish(self) -> WireFrame | None:
        encoded = bytes(self._buffer)
        self._buffer.clear()
        if not encoded:
            self.statistics.empty_frames += 1
            return None
        try:
            frame = parse_frame(cobs.decode(encoded))
        except CodecError as error:
            stats = self.statistics
            match error:
                case Oversize():
                    stats.oversize += 1
                case FrameTooShort():
                    stats.too_short += 1
                case BadChecksum():
                    stats.bad_checksum += 1
                case _:
                    stats.bad_encoding += 1
            stats.bytes_discarded += len(encoded)
            self.last_error = error if isinstance(error, FramingError) else None
            return None
        self.statistics.frames_decoded += 1
        return frame

