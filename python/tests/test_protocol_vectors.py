"""Every ```vector NAME``` block of docs/PROTOCOL.md, decoded and re-encoded by Python.

The same document the Swift tests decode (ProtocolDocumentTests.swift): each
vector's "Header … payload … CRC" line must agree with its wire bytes, the
payload must decode to a message of `swivel.messages` (a vector whose id has no
Python message fails), and re-encoding the message and the frame must give the
same bytes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from swivel import cobs
from swivel.crc import crc16_mcrf4xx
from swivel.messages import MESSAGE_TYPES, decode_message
from swivel.wire import FrameDecoder, decode_frame, encode_raw_frame

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"
_DESCRIPTION = re.compile(
    r"Header `(?P<header>[0-9a-f ]+)` \((?P<name>[A-Z_]+), seq (?P<seq>\d+)\), payload `(?P<payload>[0-9a-f ]+|\(none\))`, "
    r"CRC `(?P<crc>[0-9a-f ]+)`; on the wire:\s*\n\s*\n```vector (?P<vector>[a-z0-9-]+)\n(?P<wire>[0-9a-f \n]+?)\n```"
)
_BLOCK = re.compile(r"```vector ([a-z0-9-]+)\n")


def _hex(text: str) -> bytes:
    return bytes.fromhex(text.replace("\n", " "))


@dataclass(frozen=True)
class Vector:
    name: str
    message_name: str
    header: bytes
    seq: int
    payload: bytes
    crc: bytes
    wire: bytes


def _vectors() -> list[Vector]:
    text = PROTOCOL.read_text(encoding="utf-8")
    found = [
        Vector(m["vector"], m["name"], _hex(m["header"]), int(m["seq"]),
               b"" if m["payload"] == "(none)" else _hex(m["payload"]), _hex(m["crc"]), _hex(m["wire"]))
        for m in _DESCRIPTION.finditer(text)
    ]
    # Every block must have its description line: a vector the pattern missed is a failure, not a skip.
    assert sorted(v.name for v in found) == sorted(_BLOCK.findall(text)), "a vector block without its Header line"
    return found


VECTORS = _vectors()


def test_the_document_has_the_vectors_it_had_at_issue_12() -> None:
    assert len(VECTORS) >= 31
    assert {"hello", "identity", "track", "motion-state", "ack-state", "dock-state"} <= {v.name for v in VECTORS}


@pytest.mark.parametrize("vector", VECTORS, ids=[v.name for v in VECTORS])
def test_vector_decodes_and_re_encodes_to_the_same_bytes(vector: Vector) -> None:
    frame = decode_frame(vector.wire)
    assert bytes([frame.version, frame.flags, frame.seq & 0xFF, frame.seq >> 8, frame.message_id]) == vector.header
    assert frame.seq == vector.seq
    assert frame.payload == vector.payload
    body = vector.header + vector.payload
    assert crc16_mcrf4xx(body).to_bytes(2, "little") == vector.crc
    assert cobs.decode(vector.wire[:-1]) == body + vector.crc

    assert frame.message_id in MESSAGE_TYPES, (
        f"vector {vector.name}: message id 0x{frame.message_id:02x} ({vector.message_name}) has no Python message"
    )
    cls = MESSAGE_TYPES[frame.message_id]
    assert cls.NAME == vector.message_name
    message = decode_message(frame.message_id, frame.payload)
    assert message.encode() == vector.payload
    assert encode_raw_frame(frame.message_id, message.encode(), frame.seq, frame.flags) == vector.wire

    # The streaming decoder gives the same frame, fed byte by byte.
    decoder = FrameDecoder()
    frames = [f for byte in vector.wire for f in decoder.feed(bytes([byte]))]
    assert frames == [frame]
