"""Swivel's bus servo packets against the vendors' own Python SDKs.

The Swift codecs' packets come from `swivel-busservo-packets` (built beside
$SWIVELD); the same operations are done with feetech-servo-sdk (scservo_sdk)
and dynamixel-sdk through a port whose writes are captured, and the bytes
must be equal. Replies built by the SDKs' own txPacket are decoded by
Swivel's codecs to the values the SDKs read from them.

One known difference, by design: dynamixel-sdk 4.1.0 never byte-stuffs what it
sends (its txPacket drops addStuffing's result), so for data holding FF FF FD
Swivel sends the stuffed form the protocol requires; the goals below do not
hold that sequence, and the Swift unit tests pin the stuffed form.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import dynamixel_sdk as dxl
import scservo_sdk as scs


def _tool() -> Path:
    swiveld = os.environ.get("SWIVELD")
    if not swiveld:
        pytest.fail("$SWIVELD is not set: run through `make test-python`", pytrace=False)
    tool = Path(swiveld).with_name("swivel-busservo-packets")
    if not tool.exists():
        pytest.fail(f"{tool} is not built: `swift build` builds it", pytrace=False)
    return tool


def _swivel_packets() -> dict[tuple[str, str], bytes]:
    out = subprocess.run([_tool(), "encode"], check=True, capture_output=True, text=True).stdout
    packets = {}
    for line in out.splitlines():
        family, name, *hexes = line.split()
        assert family != "error", line
        packets[(family, name)] = bytes(int(h, 16) for h in hexes)
    return packets


def _swivel_decode(family: str, reply: bytes) -> list[str]:
    text = " ".join(f"{b:02X}" for b in reply)
    return subprocess.run([_tool(), "decode", family, text], check=True, capture_output=True, text=True).stdout.split()


class _Capture:
    """A port for either SDK: writes are recorded, reads serve queued bytes."""

    def _init_capture(self) -> None:
        self.written: list[bytes] = []
        self.queued = bytearray()
        self.is_open = True
        self.baudrate = 1_000_000
        self.tx_time_per_byte = 0.01

    def clearPort(self):  # noqa: N802 (the SDKs' names)
        pass

    def writePort(self, packet):  # noqa: N802
        self.written.append(bytes(packet))
        return len(packet)

    def readPort(self, length):  # noqa: N802
        chunk = bytes(self.queued[:length])
        del self.queued[:length]
        return chunk

    def isPacketTimeout(self):  # noqa: N802
        return not self.queued

    def setPacketTimeout(self, *_args):  # noqa: N802
        pass

    def setPacketTimeoutMillis(self, *_args):  # noqa: N802
        pass


class FeetechPort(_Capture, scs.PortHandler):
    def __init__(self):
        scs.PortHandler.__init__(self, "/dev/null")
        self._init_capture()


class DynamixelPort(_Capture, dxl.PortHandler):
    def __init__(self):
        dxl.PortHandler.__init__(self, "/dev/null")
        self._init_capture()


@pytest.fixture(scope="module")
def swivel() -> dict[tuple[str, str], bytes]:
    return _swivel_packets()


def _feetech() -> tuple[FeetechPort, "scs.PacketHandler"]:
    return FeetechPort(), scs.PacketHandler(0)  # 0: STS, little endian


def _dynamixel() -> tuple[DynamixelPort, "dxl.PacketHandler"]:
    return DynamixelPort(), dxl.PacketHandler(2.0)


def _le(value: int, size: int) -> list[int]:
    return list(value.to_bytes(size, "little", signed=value < 0))


def test_feetech_packets_match_scservo_sdk(swivel):
    port, handler = _feetech()
    handler.write1ByteTxOnly(port, 1, 40, 1)
    handler.write1ByteTxOnly(port, 2, 40, 0)
    sync = scs.GroupSyncWrite(port, handler, 42, 2)
    sync.addParam(1, [scs.SCS_LOBYTE(1000), scs.SCS_HIBYTE(1000)])
    sync.addParam(2, [scs.SCS_LOBYTE(3000), scs.SCS_HIBYTE(3000)])
    sync.txPacket()
    single = scs.GroupSyncWrite(port, handler, 42, 2)
    single.addParam(1, [scs.SCS_LOBYTE(2048), scs.SCS_HIBYTE(2048)])
    single.txPacket()
    reader = scs.GroupSyncRead(port, handler, 56, 8)
    reader.addParam(1)
    reader.addParam(2)
    reader.txPacket()
    port.is_using = False  # the SDK holds the port for the sync read's replies, which never come here
    handler.readTx(port, 1, 65, 1)
    names = ["torque_on_1", "torque_off_2", "goals_1_1000_2_3000", "goal_1_2048", "state_read_1_2", "hardware_status_read_1"]
    for name, sdk in zip(names, port.written, strict=True):
        assert swivel[("feetech", name)] == sdk, name


def test_dynamixel_packets_match_dynamixel_sdk(swivel):
    port, handler = _dynamixel()
    handler.write1ByteTxOnly(port, 1, 64, 1)
    handler.write1ByteTxOnly(port, 2, 64, 0)
    sync = dxl.GroupSyncWrite(port, handler, 116, 4)
    sync.addParam(1, _le(1000, 4))
    sync.addParam(2, _le(3000, 4))
    sync.txPacket()
    single = dxl.GroupSyncWrite(port, handler, 116, 4)
    single.addParam(1, _le(2048, 4))
    single.txPacket()
    reader = dxl.GroupSyncRead(port, handler, 126, 21)
    reader.addParam(1)
    reader.addParam(2)
    reader.txPacket()
    port.is_using = False
    handler.readTx(port, 1, 70, 1)
    names = ["torque_on_1", "torque_off_2", "goals_1_1000_2_3000", "goal_1_2048", "state_read_1_2", "hardware_status_read_1"]
    for name, sdk in zip(names, port.written, strict=True):
        assert swivel[("dynamixel", name)] == sdk, name


def _sdk_status(port_class, handler, fill) -> bytes:
    """A status packet whose header and checksum/CRC the SDK's own txPacket writes."""
    port = port_class()
    packet = fill()
    handler.txPacket(port, packet)
    (wire,) = port.written
    return wire


def test_feetech_state_reply_decodes_as_the_sdk_reads_it():
    _, handler = _feetech()
    # Present position 1234, speed -100 (sign-magnitude 0x8064), load 50, 7.4 V, 36 °C.
    block = [*_le(1234, 2), 0x64, 0x80, 50, 0, 74, 36]

    def fill():
        packet = [0] * (6 + len(block))
        packet[scs.PKT_ID] = 1
        packet[scs.PKT_LENGTH] = len(block) + 2
        packet[scs.PKT_ERROR] = 0
        packet[scs.PKT_PARAMETER0:scs.PKT_PARAMETER0 + len(block)] = block
        return packet

    reply = _sdk_status(FeetechPort, handler, fill)
    # The SDK reads the same packet back through its own receive path.
    port, handler = _feetech()
    port.queued.extend(reply)
    data, result, error = handler.readRx(port, 1, 8)
    assert result == scs.COMM_SUCCESS and error == 0
    assert scs.SCS_TOHOST(scs.SCS_MAKEWORD(data[2], data[3]), 15) == -100
    assert _swivel_decode("feetech", reply) == ["1", "1234", "-100", "36", "0", "false"]


def test_dynamixel_state_reply_decodes_as_the_sdk_reads_it():
    _, handler = _dynamixel()
    # Load 12, velocity -7 (0.229 rpm units), position 3000, trajectories, 12.0 V, 41 °C.
    block = [*_le(12, 2), *_le(-7, 4), *_le(3000, 4), 0, 0, 0, 0, 0, 0, 0, 0, *_le(120, 2), 41]

    def fill():
        packet = [0] * (11 + len(block))
        packet[dxl.protocol2_packet_handler.PKT_ID] = 2
        length = len(block) + 4
        packet[dxl.protocol2_packet_handler.PKT_LENGTH_L] = length & 0xFF
        packet[dxl.protocol2_packet_handler.PKT_LENGTH_H] = length >> 8
        packet[dxl.protocol2_packet_handler.PKT_INSTRUCTION] = 0x55
        packet[dxl.protocol2_packet_handler.PKT_ERROR] = 0
        start = dxl.protocol2_packet_handler.PKT_PARAMETER0 + 1
        packet[start:start + len(block)] = block
        return packet

    reply = _sdk_status(DynamixelPort, handler, fill)
    port, handler = _dynamixel()
    port.queued.extend(reply)
    data, result, error = handler.readRx(port, 2, 21)
    assert result == dxl.COMM_SUCCESS and error == 0
    assert int.from_bytes(bytes(data[6:10]), "little", signed=True) == 3000
    # -7 × 0.229 rev/min × 4096 / 60 = -109.4 counts/s.
    assert _swivel_decode("dynamixel", reply) == ["2", "3000", "-109", "41", "0", "false"]
