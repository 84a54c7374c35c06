"""CRC-16/MCRF4XX: reflected polynomial 0x8408, initial 0xFFFF, no final XOR.

Its check value (the CRC of b"123456789") is 0x6F91. It is not CRC-16/X-25,
which XORs the result with 0xFFFF.
"""
from __future__ import annotations

INITIAL = 0xFFFF


def _table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
        table.append(crc)
    return tuple(table)


_TABLE = _table()


def crc16_mcrf4xx(data: bytes, crc: int = INITIAL) -> int:
    """The CRC of `data`, continuing from `crc`."""
    for byte in data:
        crc = (crc >> 8) ^ _TABLE[(crc ^ byte) & 0xFF]
    return crc
