"""SET_SERVO_PULSE and MOTION_STATE's jog widths (docs/PROTOCOL.md §4.3, §4.5), as the firmware's ServoPulseMessageTests."""
from __future__ import annotations

import math
import struct

import pytest

from swivel.enums import Axes, Axis, Fault
from swivel.errors import ParameterOutOfRange, PayloadTooShort, UndefinedValue
from swivel.geometry import Vector3
from swivel.messages import MotionState, SetServoPulse, decode_message


def test_an_axis_and_a_width_round_trip() -> None:
    message = SetServoPulse(Axis.ROLL, 612.5)
    assert message.encode() == bytes([2]) + struct.pack("<f", 612.5)
    assert decode_message(0x2A, message.encode()) == message


@pytest.mark.parametrize("width", [500.0, 2500.0])
def test_the_ends_of_the_safe_range_are_allowed(width: float) -> None:
    assert SetServoPulse(Axis.YAW, width).encode()[1:] == struct.pack("<f", width)


@pytest.mark.parametrize("width", [499.5, 2500.5, 0.0, -1500.0, 1.5, 1_500_000.0, math.inf, math.nan])
def test_a_width_outside_the_safe_range_is_refused_before_sending(width: float) -> None:
    with pytest.raises(ParameterOutOfRange) as refused:
        SetServoPulse(Axis.YAW, width).encode()
    assert refused.value.axis == Axis.YAW


def test_an_undefined_axis_is_refused_both_ways() -> None:
    with pytest.raises(ParameterOutOfRange):
        SetServoPulse(3, 1500.0).encode()  # type: ignore[arg-type]
    with pytest.raises(UndefinedValue):
        decode_message(0x2A, bytes([3]) + struct.pack("<f", 1500.0))


def test_five_bytes_are_required() -> None:
    with pytest.raises(PayloadTooShort):
        decode_message(0x2A, bytes([1]) + struct.pack("<f", 1500.0)[:3])


def test_motion_state_carries_the_jog_widths_and_an_older_one_reads_as_none() -> None:
    state = MotionState(5, Axes(7), Vector3(), Vector3(), Fault.NONE, False, False, Axes(7), servo_pulse_us=(2500, 0, 500))
    payload = state.encode()
    assert payload[37:] == bytes([0xC4, 0x09, 0, 0, 0xF4, 0x01])
    assert decode_message(0x40, payload) == state
    older = decode_message(0x40, payload[:37])
    assert isinstance(older, MotionState) and older.servo_pulse_us == (0, 0, 0)


def test_the_client_sends_the_jog_and_refuses_a_width_outside_the_range_before_sending() -> None:
    from swivel import Accessory
    from swivel.messages import Ack, Hello
    from swivel.wire import WireFrame

    from test_client_session import IDENTITY, FakeStand  # type: ignore[import-not-found]

    received: list[bytes] = []

    def policy(stand: FakeStand, frame: WireFrame) -> None:
        if frame.message_id == Hello.MESSAGE_ID:
            stand.send(IDENTITY, frame.seq)
            return
        if frame.message_id == SetServoPulse.MESSAGE_ID:
            received.append(frame.payload)
        stand.send(Ack(frame.message_id), frame.seq)

    stand = FakeStand(policy)
    accessory = Accessory.over(stand.transport())
    accessory.set_servo_pulse("yaw", 600)
    accessory.set_servo_pulse(Axis.PITCH, 2400.0)
    with pytest.raises(ParameterOutOfRange):
        accessory.set_servo_pulse("yaw", 2600)
    with pytest.raises(ParameterOutOfRange):
        accessory.set_servo_pulse("tilt", 1500)
    assert received == [bytes([1]) + struct.pack("<f", 600.0), bytes([0]) + struct.pack("<f", 2400.0)]
    accessory.close()
    stand.close()
