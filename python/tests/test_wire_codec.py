"""COBS, CRC-16/MCRF4XX and frames: properties and edges (docs/PROTOCOL.md §1)."""
from __future__ import annotations

import random

import pytest

from swivel import cobs
from swivel.crc import crc16_mcrf4xx
from swivel.errors import BadChecksum, BadEncoding, EncodeError, FrameTooShort, Oversize
from swivel.messages import Heartbeat, SetSystemTracking
from swivel.wire import (
    FLAG_RETRANSMISSION,
    MAX_ENCODED_BYTES,
    MAX_PAYLOAD_BYTES,
    decode_frame,
    encode_frame,
    encode_raw_frame,
    frame_bytes,
    parse_frame,
)


def test_crc_check_value_is_0x6f91_and_not_x25() -> None:
    assert crc16_mcrf4xx(b"123456789") == 0x6F91
    assert crc16_mcrf4xx(b"123456789") ^ 0xFFFF == 0x906E  # X-25's value: a different CRC
    assert crc16_mcrf4xx(b"") == 0xFFFF


def test_crc_continues_across_chunks() -> None:
    data = bytes(range(200))
    assert crc16_mcrf4xx(data[100:], crc16_mcrf4xx(data[:100])) == crc16_mcrf4xx(data)


@pytest.mark.parametrize("length", [0, 1, 2, 253, 254, 255, 507, 508, 509, 1024])
def test_cobs_round_trips_runs_of_non_zero_bytes(length: int) -> None:
    data = bytes((i % 255) + 1 for i in range(length))
    encoded = cobs.encode(data)
    assert 0 not in encoded
    assert cobs.decode(encoded) == data
    assert len(encoded) <= cobs.max_encoded_length(length)


def test_cobs_short_form_for_a_final_254_byte_run() -> None:
    data = b"\x11" * 254
    encoded = cobs.encode(data)
    assert encoded == b"\xff" + data  # no 0x01 block after it
    assert cobs.decode(b"\xff" + data + b"\x01") == data  # the long form is understood


def test_cobs_253_and_255_byte_runs() -> None:
    assert cobs.encode(b"\x22" * 253) == b"\xfe" + b"\x22" * 253
    assert cobs.encode(b"\x22" * 255) == b"\xff" + b"\x22" * 254 + b"\x02\x22"
    assert cobs.encode(b"\x22" * 254 + b"\x00") == b"\xff" + b"\x22" * 254 + b"\x01\x01"
    for data in (b"\x22" * 253, b"\x22" * 255, b"\x22" * 254 + b"\x00"):
        assert cobs.decode(cobs.encode(data)) == data


@pytest.mark.parametrize("length", [1, 2, 254, 255, 1024])
def test_cobs_all_zeros(length: int) -> None:
    data = bytes(length)
    encoded = cobs.encode(data)
    assert encoded == b"\x01" * (length + 1)
    assert cobs.decode(encoded) == data


def test_cobs_random_round_trips() -> None:
    rng = random.Random(12)
    for _ in range(500):
        length = rng.randrange(0, 1100)
        zero_share = rng.choice([0.0, 0.01, 0.3, 0.9])
        data = bytes(0 if rng.random() < zero_share else rng.randrange(1, 256) for _ in range(length))
        encoded = cobs.encode(data)
        assert 0 not in encoded
        assert cobs.decode(encoded) == data


@pytest.mark.parametrize("encoded", [b"", b"\x00", b"\x03\x01", b"\x02\x00", b"\x05abc", b"\xff" + b"a" * 10])
def test_cobs_rejects_bad_encodings(encoded: bytes) -> None:
    with pytest.raises(BadEncoding):
        cobs.decode(encoded)


def test_frame_layout_and_retransmission_flag() -> None:
    raw = frame_bytes(0x28, b"\x01", seq=0x1234, flags=FLAG_RETRANSMISSION)
    assert raw[:5] == bytes([1, 1, 0x34, 0x12, 0x28]) and raw[5] == 1
    assert int.from_bytes(raw[-2:], "little") == crc16_mcrf4xx(raw[:-2])
    frame = decode_frame(encode_frame(SetSystemTracking(True), 0x1234, FLAG_RETRANSMISSION))
    assert frame.is_retransmission and frame.seq == 0x1234 and frame.payload == b"\x01"


def test_frame_limits_are_typed_errors() -> None:
    with pytest.raises(EncodeError):
        encode_raw_frame(0x30, bytes(MAX_PAYLOAD_BYTES + 1), 1)
    with pytest.raises(EncodeError):
        encode_frame(Heartbeat(), 65536)
    with pytest.raises(EncodeError):
        encode_frame(Heartbeat(), -1)
    longest = encode_raw_frame(0x30, b"\x01" * MAX_PAYLOAD_BYTES, 0xFFFF)
    assert len(longest) - 1 <= MAX_ENCODED_BYTES
    assert decode_frame(longest).payload == b"\x01" * MAX_PAYLOAD_BYTES
    with pytest.raises(FrameTooShort):
        parse_frame(b"\x01\x00\x01\x00\x03\xef")
    with pytest.raises(Oversize):
        parse_frame(bytes(1025))
    good = frame_bytes(0x03, b"", 2)
    with pytest.raises(BadChecksum):
        parse_frame(good[:-1] + bytes([good[-1] ^ 1]))


def test_trailing_zero_alias_passes_the_checksum() -> None:
    # §1: with no final XOR, a frame followed by 0x00 also checks, and decodes
    # to the same message with one trailing payload byte (ignored by receivers).
    raw = frame_bytes(0x28, b"\x01", 3)
    aliased = parse_frame(raw + b"\x00")
    assert aliased.payload == b"\x01" + raw[-2:-1] and SetSystemTracking.decode(aliased.payload).enabled
