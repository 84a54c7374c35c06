"""Little-endian payload fields (docs/PROTOCOL.md §3): a writer and a reader.

The reader reads a missing field as zero (forward compatibility: a sender of an
older version omits what it does not know); each message checks its required
length before it reads, so only optional fields can be missing.
"""
from __future__ import annotations

import math
import struct
import uuid

from .errors import EncodeError
from .geometry import NormalizedRectLowerLeft, NormalizedRectUpperLeft, Vector3

_F32 = struct.Struct("<f")
_F32_MAX = 3.4028234663852886e38
_INT_LIMITS = {"u8": (0, 0xFF, "<B"), "u16": (0, 0xFFFF, "<H"), "u32": (0, 0xFFFF_FFFF, "<I"),
               "u64": (0, 0xFFFF_FFFF_FFFF_FFFF, "<Q"), "i64": (-(1 << 63), (1 << 63) - 1, "<q")}


def _f32_bytes(value: float, name: str) -> bytes:
    try:
        number = float(value)
    except (TypeError, ValueError) as error:
        raise EncodeError(f"{name} must be a number, got {value!r}") from error
    if math.isfinite(number) and abs(number) > _F32_MAX:
        # Rounds to an infinity in f32; struct would raise OverflowError instead.
        raise EncodeError(f"{name} = {number!r} is beyond an f32's range (±3.4e38)")
    return _F32.pack(number)


class Writer:
    __slots__ = ("_out",)

    def __init__(self) -> None:
        self._out = bytearray()

    def data(self) -> bytes:
        return bytes(self._out)

    def _int(self, kind: str, value: int, name: str) -> None:
        low, high, fmt = _INT_LIMITS[kind]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise EncodeError(f"{name} must be an integer {low}…{high} ({kind}), got {value!r}")
        self._out += struct.pack(fmt, value)

    def u8(self, value: int, name: str = "u8") -> None:
        self._int("u8", value, name)

    def u16(self, value: int, name: str = "u16") -> None:
        self._int("u16", value, name)

    def u32(self, value: int, name: str = "u32") -> None:
        self._int("u32", value, name)

    def u64(self, value: int, name: str = "u64") -> None:
        self._int("u64", value, name)

    def i64(self, value: int, name: str = "i64") -> None:
        self._int("i64", value, name)

    def f32(self, value: float, name: str = "f32") -> None:
        self._out += _f32_bytes(value, name)

    def boolean(self, value: bool) -> None:
        self._out.append(1 if value else 0)

    def string(self, value: str, name: str = "string") -> None:
        if not isinstance(value, str):
            raise EncodeError(f"{name} must be a str, got {value!r}")
        encoded = value.encode("utf-8", errors="replace")
        if len(encoded) > 255:
            raise EncodeError(f"{name} is {len(encoded)} bytes of UTF-8; a string carries at most 255")
        self._out.append(len(encoded))
        self._out += encoded

    def uuid(self, value: uuid.UUID, name: str = "uuid") -> None:
        if not isinstance(value, uuid.UUID):
            raise EncodeError(f"{name} must be a uuid.UUID, got {value!r}")
        self._out += value.bytes

    def vector(self, value: Vector3, name: str = "vector") -> None:
        self.f32(value.pitch, f"{name} pitch")
        self.f32(value.yaw, f"{name} yaw")
        self.f32(value.roll, f"{name} roll")

    def rect(self, value: NormalizedRectLowerLeft | NormalizedRectUpperLeft, name: str = "rect") -> None:
        self.f32(value.x, f"{name} x")
        self.f32(value.y, f"{name} y")
        self.f32(value.width, f"{name} width")
        self.f32(value.height, f"{name} height")

    def raw(self, data: bytes) -> None:
        self._out += data


class Reader:
    """Reads fields in order; past the end every field reads as zero / false / empty."""

    __slots__ = ("_data", "_position")

    def __init__(self, data: bytes, position: int = 0) -> None:
        self._data = bytes(data)
        self._position = position

    @property
    def position(self) -> int:
        return self._position

    def _take(self, count: int) -> bytes:
        chunk = self._data[self._position : self._position + count]
        self._position += count
        return chunk.ljust(count, b"\x00")

    def u8(self) -> int:
        return self._take(1)[0]

    def u16(self) -> int:
        return int(struct.unpack("<H", self._take(2))[0])

    def u32(self) -> int:
        return int(struct.unpack("<I", self._take(4))[0])

    def u64(self) -> int:
        return int(struct.unpack("<Q", self._take(8))[0])

    def i64(self) -> int:
        return int(struct.unpack("<q", self._take(8))[0])

    def f32(self) -> float:
        return float(_F32.unpack(self._take(4))[0])

    def boolean(self) -> bool:
        return self._take(1)[0] != 0

    def string(self) -> str:
        count = self.u8()
        # A string cut short by the payload's end keeps what arrived.
        chunk = self._data[self._position : self._position + count]
        self._position += count
        return chunk.decode("utf-8", errors="replace")

    def uuid(self) -> uuid.UUID:
        return uuid.UUID(bytes=self._take(16))

    def vector(self) -> Vector3:
        return Vector3(self.f32(), self.f32(), self.f32())

    def rect_lower_left(self) -> NormalizedRectLowerLeft:
        return NormalizedRectLowerLeft(self.f32(), self.f32(), self.f32(), self.f32())

    def rect_upper_left(self) -> NormalizedRectUpperLeft:
        return NormalizedRectUpperLeft(self.f32(), self.f32(), self.f32(), self.f32())

    def take(self, count: int) -> bytes:
        """The next `count` bytes, zero-filled past the end."""
        return self._take(count)

    def rest(self) -> bytes:
        chunk = self._data[self._position :]
        self._position = len(self._data)
        return chunk
