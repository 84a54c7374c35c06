"""Issue 24: every fault kind reaches the Python client with its own reason,
and the driver state travels in MOTION_STATE and the state report.

The fields are appended past the required parts (docs/PROTOCOL.md, "Forward
compatibility"): an older stand's 35-byte MOTION_STATE and 124-byte state
report still decode, as no driver enabled and no fault.
"""
from __future__ import annotations

import threading

import pytest

from swivel import Accessory, FaultCause
from swivel.enums import Axes, Axis, Fault, ProgressKind, ProgressState
from swivel.errors import UndefinedValue
from swivel.geometry import Vector3
from swivel.messages import (
    Ack,
    Hello,
    MotionState,
    MoveReceipt,
    Progress,
    SetOrientation,
    decode_message,
)
from swivel.wire import WireFrame

from test_client_session import IDENTITY, FakeStand  # type: ignore[import-not-found]
from test_protocol_vectors import VECTORS  # type: ignore[import-not-found]


def _vector(name: str) -> bytes:
    return next(v.payload for v in VECTORS if v.name == name)


def test_motion_state_carries_the_drivers_and_the_cause() -> None:
    state = decode_message(MotionState.MESSAGE_ID, _vector("motion-state-fault"))
    assert isinstance(state, MotionState)
    assert state.fault == Fault.MOTOR_FAULT
    assert state.fault_cause == FaultCause.STEPS_TOO_LATE
    assert state.drivers_enabled == Axes.PITCH
    running = decode_message(MotionState.MESSAGE_ID, _vector("motion-state"))
    assert isinstance(running, MotionState)
    assert running.drivers_enabled == Axes.PITCH | Axes.YAW | Axes.ROLL
    assert running.fault_cause == FaultCause.NONE


def test_an_older_stands_motion_state_reads_as_no_drivers_and_no_cause() -> None:
    old = _vector("motion-state-fault")[:35]
    state = decode_message(MotionState.MESSAGE_ID, old)
    assert isinstance(state, MotionState)
    assert state.fault == Fault.MOTOR_FAULT
    assert state.drivers_enabled == Axes(0) and state.fault_cause == FaultCause.NONE


def test_an_undefined_cause_is_refused() -> None:
    payload = bytearray(_vector("motion-state-fault"))
    payload[36] = 6
    with pytest.raises(UndefinedValue):
        decode_message(MotionState.MESSAGE_ID, bytes(payload))


def test_the_state_report_carries_the_drivers_and_the_fault() -> None:
    ack = decode_message(Ack.MESSAGE_ID, _vector("ack-state-fault"))
    assert isinstance(ack, Ack) and ack.state is not None
    assert ack.state.drivers_enabled == Axes.PITCH
    assert ack.state.fault_cause == FaultCause.STEPS_TOO_LATE
    assert ack.state.fault_axis == Axis.YAW
    assert ack.state.fault_description == "yaw's steps were late"
    assert ack.state.last_progress is not None and ack.state.last_progress.state == ProgressState.FAILED
    old = decode_message(Ack.MESSAGE_ID, _vector("ack-state-fault")[:125])
    assert isinstance(old, Ack) and old.state is not None
    assert old.state.last_progress == ack.state.last_progress
    assert old.state.drivers_enabled == Axes(0) and old.state.fault_cause == FaultCause.NONE
    assert old.state.fault_description == ""


def test_each_cause_has_its_own_reason() -> None:
    reasons = {cause: cause.reason for cause in FaultCause if cause != FaultCause.NONE}
    assert len(set(reasons.values())) == len(reasons) and all(reasons.values())
    assert "could not be written in time" in FaultCause.STEPS_TOO_LATE.reason
    assert "far from where it was commanded" not in FaultCause.STEPS_TOO_LATE.reason
    assert "far from where it was commanded" in FaultCause.FOLLOWING_ERROR.reason


@pytest.mark.parametrize("cause", [c for c in FaultCause if c != FaultCause.NONE], ids=lambda c: c.name)
def test_a_failed_move_names_the_fault_that_ended_it(cause: FaultCause) -> None:
    """The stand sends the faulted MOTION_STATE, then PROGRESS failed, as swiveld does."""
    receipt = MoveReceipt(7, 1.0, Vector3(0, 1, 0), Axes(0))
    sent = threading.Event()

    def policy(stand: FakeStand, frame: WireFrame) -> None:
        if frame.message_id == Hello.MESSAGE_ID:
            stand.send(IDENTITY, frame.seq)
        elif frame.message_id == SetOrientation.MESSAGE_ID:
            stand.send(Ack(frame.message_id, receipt=receipt), frame.seq)
            fault = Fault.ENCODER_MISMATCH if cause == FaultCause.ENCODER_SILENT else Fault.MOTOR_FAULT
            stand.send(MotionState(9, Axes.YAW, Vector3(), Vector3(), fault, False, False, Axes(0), cause), 1)
            stand.send(Progress(7, ProgressKind.ORIENTATION, ProgressState.FAILED, 0.25, 1.0), 2)
            sent.set()
        else:
            stand.send(Ack(frame.message_id), frame.seq)

    stand = FakeStand(policy)
    accessory = Accessory.over(stand.transport())
    progress = accessory.set_orientation(Vector3(0, 1, 0), duration_s=1.0)
    assert progress.wait(timeout_s=5) == ProgressState.FAILED
    assert sent.wait(timeout=5)  # the fake stand sets it just after its last send: the client may be faster
    assert progress.fault_cause == cause
    assert progress.failure_reason == cause.reason
    accessory.close()
    stand.close()

