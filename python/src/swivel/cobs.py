"""Consistent Overhead Byte Stuffing, as docs/PROTOCOL.md §1 uses it.

The encoder writes the short form: a run of 254 non-zero bytes that ends the
input closes with its 0xFF code and nothing after it. The decoder also takes
the long form (a final 0x01 block after such a run), so a peer with either kind
of encoder is understood, as the firmware's decoder does.
"""
from __future__ import annotations

from .errors import BadEncoding


def max_encoded_length(decoded_length: int) -> int:
    """An upper bound on the encoding of `decoded_length` bytes, under either form."""
    length = max(decoded_length, 0)
    return length + length // 254 + 1


def encode(data: bytes) -> bytes:
    """The encoding of `data`, without the 0x00 delimiter; it contains no 0x00."""
    out = bytearray()
    # Each run between zeros becomes full 254-byte blocks (code 0xFF, no zero
    # implied) and one last block whose code also stands for the zero after it.
    runs = bytes(data).split(b"\x00")
    last = len(runs) - 1
    for index, run in enumerate(runs):
        full = len(run) // 254
        for block in range(full):
            out.append(0xFF)
            out += run[block * 254 : (block + 1) * 254]
        rest = run[full * 254 :]
        if index == last and full > 0 and not rest:
            break  # the short form: no 0x01 block after a full one that ends the input
        out.append(len(rest) + 1)
        out += rest
    return bytes(out)


def decode(encoded: bytes) -> bytes:
    """Decodes one encoding without its delimiter.

    Raises `BadEncoding` for an empty input, a 0x00 inside it, or a block that
    runs past its end.
    """
    count = len(encoded)
    if count == 0:
        raise BadEncoding("empty COBS encoding")
    out = bytearray()
    read = 0
    while read < count:
        code = encoded[read]
        read += 1
        block_end = read + code - 1
        if code == 0:
            raise BadEncoding(f"0x00 inside a COBS encoding at byte {read - 1}")
        if block_end > count:
            raise BadEncoding(f"COBS block at byte {read - 1} runs {block_end - count} bytes past the end")
        block = encoded[read:block_end]
        if 0 in block:
            raise BadEncoding(f"0x00 inside a COBS encoding at byte {read + block.index(0)}")
        out += block
        read = block_end
        # Every block but a full one stands for its run plus one zero; the zero
        # after the last block is the delimiter's, so it is not data.
        if code != 0xFF and read < count:
            out.append(0)
    return bytes(out)
