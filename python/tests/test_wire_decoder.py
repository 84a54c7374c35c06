"""FrameDecoder: every receiver rule of docs/PROTOCOL.md §1, and a fuzz loop."""
from __future__ import annotations

import random

from swivel import cobs
from swivel.errors import CodecError, SwivelError
from swivel.messages import MESSAGE_TYPES, Heartbeat, SetSystemTracking, Stop, decode_message
from swivel.wire import MAX_ENCODED_BYTES, FrameDecoder, encode_frame, frame_bytes

GOOD = encode_frame(Heartbeat(), 2)


def test_two_delimiters_in_a_row_are_an_empty_frame() -> None:
    decoder = FrameDecoder()
    assert decoder.feed(b"\x00\x00" + GOOD) != []
    assert decoder.statistics.empty_frames == 2 and decoder.statistics.frames_decoded == 1


def test_more_than_1029_bytes_is_one_oversize_and_the_next_frame_decodes() -> None:
    decoder = FrameDecoder()
    frames = decoder.feed(b"\x05" * (MAX_ENCODED_BYTES + 1) + b"\x00" + GOOD)
    assert len(frames) == 1 and frames[0].message_id == Heartbeat.MESSAGE_ID
    stats = decoder.statistics
    assert stats.oversize == 1 and stats.bad_encoding == 0 and stats.frames_decoded == 1
    assert stats.bytes_discarded == MAX_ENCODED_BYTES + 1


def test_the_buffer_never_grows_whatever_arrives() -> None:
    decoder = FrameDecoder()
    for _ in range(20):
        decoder.feed(b"\x07" * 700)
        assert decoder.buffered_bytes <= MAX_ENCODED_BYTES
    assert decoder.statistics.oversize == 1  # one long run, counted once
    assert decoder.feed(b"\x00" + GOOD)[0].message_id == Heartbeat.MESSAGE_ID


def test_exactly_1029_encoded_bytes_are_not_oversize() -> None:
    decoder = FrameDecoder()
    decoder.feed(b"\x05" * MAX_ENCODED_BYTES + b"\x00")
    assert decoder.statistics.oversize == 0 and decoder.statistics.bad_encoding == 1


def test_bad_cobs_is_bad_encoding() -> None:
    decoder = FrameDecoder()
    assert decoder.feed(b"\x09\x01\x02\x00" + GOOD)[0].seq == 2
    assert decoder.statistics.bad_encoding == 1


def test_fewer_than_7_bytes_is_too_short() -> None:
    decoder = FrameDecoder()
    decoder.feed(cobs.encode(b"\x01\x00\x01\x00\x03\x00") + b"\x00")
    assert decoder.statistics.too_short == 1


def test_a_wrong_crc_is_bad_checksum() -> None:
    raw = bytearray(frame_bytes(0x03, b"", 2))
    raw[-1] ^= 0x40
    decoder = FrameDecoder()
    assert decoder.feed(cobs.encode(bytes(raw)) + b"\x00") == []
    assert decoder.statistics.bad_checksum == 1


def test_frames_split_anywhere_and_several_per_read() -> None:
    stream = encode_frame(Stop(), 8) + encode_frame(SetSystemTracking(False), 9) + GOOD
    for cut in range(len(stream)):
        decoder = FrameDecoder()
        frames = decoder.feed(stream[:cut]) + decoder.feed(stream[cut:])
        assert [f.seq for f in frames] == [8, 9, 2]


def test_garbage_before_a_frame_costs_only_itself_after_a_delimiter() -> None:
    decoder = FrameDecoder()
    assert [f.seq for f in decoder.feed(b"garbage\x00" + GOOD)] == [2]


def test_another_protocol_version_is_still_a_frame() -> None:
    decoder = FrameDecoder()
    frames = decoder.feed(cobs.encode(frame_bytes(0x03, b"", 5, version=2)) + b"\x00")
    assert frames[0].version == 2


def test_fuzz_random_and_mutated_bytes_give_only_typed_errors() -> None:
    rng = random.Random(1212)
    valid = [encode_frame(Heartbeat(), 1), GOOD, encode_frame(SetSystemTracking(True), 77)]
    for _ in range(2000):
        decoder = FrameDecoder()
        choice = rng.random()
        if choice < 0.3:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 1500)))
        else:
            data = bytearray(rng.choice(valid))
            for _ in range(rng.randrange(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            data = bytes(data)
        frames = decoder.feed(data)
        assert decoder.buffered_bytes <= MAX_ENCODED_BYTES
        for frame in frames:
            try:
                decode_message(frame.message_id, frame.payload)
            except CodecError:
                pass


def test_fuzz_every_message_decoder_with_random_payloads() -> None:
    rng = random.Random(35)
    for cls in MESSAGE_TYPES.values():
        for _ in range(300):
            payload = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 200)))
            try:
                message = cls.decode(payload)
            except CodecError:
                continue
            # What decodes must also encode without an untyped exception.
            try:
                message.encode()
            except SwivelError:  # a host → stand message out of its ranges: ParameterOutOfRange
                pass
