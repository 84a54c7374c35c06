"""The session's rules against a scripted stand on a socketpair: what goes on the wire, byte for byte.

Event-driven (the fake answers when it has seen what it waits for), so the
outcome does not depend on how fast this machine is.
"""
from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from collections.abc import Callable

import pytest

from swivel import Accessory, Disconnected, EndpointNotFound, Timeout, VisionLink
from swivel.enums import Axes, Capability, DeviceCategory, Fault
from swivel.geometry import Vector3
from swivel.messages import (
    Ack,
    Bye,
    Heartbeat,
    Hello,
    Identity,
    MotionState,
    SetSystemTracking,
    decode_message,
)
from swivel.transport import (
    DEVELOPMENT_SOCKET_PATH,
    INSTALLED_SOCKET_PATH,
    SocketEndpoint,
    SocketTransport,
    default_endpoint,
)
from swivel.wire import FLAG_RETRANSMISSION, FrameDecoder, WireFrame, encode_frame

IDENTITY = Identity(1, DeviceCategory.TRACKING_STAND, uuid.UUID(int=7), Axes.PITCH | Axes.YAW, Capability(0xFFF),
                    1000, 50, 10, "Fake", "0", "fake-1")

Policy = Callable[["FakeStand", WireFrame], None]


class FakeStand:
    """The far end of a socketpair: records every frame and answers as `policy` says."""

    def __init__(self, policy: Policy) -> None:
        self.client_end, self._end = socket.socketpair()
        self.policy = policy
        self.frames: list[WireFrame] = []
        self.decoder = FrameDecoder()
        self.changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def transport(self) -> SocketTransport:
        return SocketTransport(SocketEndpoint("fake"), connected=self.client_end)

    def send(self, message: object, seq: int) -> None:
        try:
            self._end.sendall(encode_frame(message, seq))  # type: ignore[arg-type]
        except OSError:
            pass  # closed by the test: the client sees the connection end

    def _run(self) -> None:
        while True:
            try:
                data = self._end.recv(4096)
            except OSError:
                return
            if not data:
                return
            for frame in self.decoder.feed(data):
                with self.changed:
                    self.frames.append(frame)
                    self.changed.notify_all()
                self.policy(self, frame)

    def wait_for(self, predicate: Callable[[list[WireFrame]], bool], timeout_s: float = 5.0) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: predicate(self.frames), timeout_s), [
                (f.message_id, f.seq, f.flags) for f in self.frames]

    def close(self) -> None:
        self._end.close()


def answer_everything(stand: FakeStand, frame: WireFrame) -> None:
    if frame.message_id == Hello.MESSAGE_ID:
        stand.send(IDENTITY, frame.seq)
    else:
        stand.send(Ack(frame.message_id), frame.seq)


def test_connect_starts_with_a_lone_delimiter_then_hello_and_ends_with_bye() -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport(), client_name="unit")
    assert accessory.identity == IDENTITY
    hello = decode_message(stand.frames[0].message_id, stand.frames[0].payload)
    assert hello == Hello(1, 1, 250, "unit") and stand.frames[0].seq == 1
    assert stand.decoder.statistics.empty_frames == 1  # the lone 0x00 before HELLO
    accessory.close()
    stand.wait_for(lambda frames: frames[-1].message_id == Bye.MESSAGE_ID)
    stand.close()


def test_heartbeats_keep_an_idle_session_docked() -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    stand.wait_for(lambda frames: sum(f.message_id == Heartbeat.MESSAGE_ID for f in frames) >= 3)
    seqs = [f.seq for f in stand.frames]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)  # a new seq per command
    accessory.close()
    stand.close()


def test_a_late_reply_after_a_retransmission_is_taken_once() -> None:
    copies: list[WireFrame] = []

    def policy(stand: FakeStand, frame: WireFrame) -> None:
        if frame.message_id != SetSystemTracking.MESSAGE_ID:
            answer_everything(stand, frame)
            return
        if copies and frame.seq != copies[0].seq:  # a later command: answered at once
            answer_everything(stand, frame)
            return
        copies.append(frame)
        if len(copies) == 2:  # answer both sends, late: the first reply counts, the second is stray
            stand.send(Ack(frame.message_id), frame.seq)
            stand.send(Ack(frame.message_id), frame.seq)

    stand = FakeStand(policy)
    accessory = Accessory.over(stand.transport())
    accessory.set_system_tracking(False)
    first, second = copies
    assert first.seq == second.seq and first.payload == second.payload == b"\x00"
    assert first.flags == 0 and second.flags == FLAG_RETRANSMISSION
    stats = accessory.session.statistics
    assert stats.retransmissions == 1
    deadline = time.monotonic() + 2
    while stats.stray_replies < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert stats.stray_replies == 1
    accessory.set_system_tracking(True)  # the session goes on
    accessory.close()
    stand.close()


def test_no_reply_after_six_sends_is_a_timeout_and_the_link_is_lost() -> None:
    def policy(stand: FakeStand, frame: WireFrame) -> None:
        if frame.message_id == Hello.MESSAGE_ID:
            stand.send(IDENTITY, frame.seq)

    stand = FakeStand(policy)
    accessory = Accessory.over(stand.transport())
    with pytest.raises(Timeout):
        accessory.set_system_tracking(False)
    sends = [f for f in stand.frames if f.message_id == SetSystemTracking.MESSAGE_ID]
    assert len(sends) == 6 and len({(f.seq, f.payload) for f in sends}) == 1
    assert [f.flags for f in sends] == [0] + [FLAG_RETRANSMISSION] * 5
    with pytest.raises((Timeout, Disconnected)):
        accessory.stop()
    accessory.close()
    stand.close()


def test_a_reply_for_another_command_id_is_not_taken() -> None:
    def policy(stand: FakeStand, frame: WireFrame) -> None:
        if frame.message_id == SetSystemTracking.MESSAGE_ID and not frame.flags:
            stand.send(Ack(0x23), frame.seq)  # the right seq, the wrong command: a stray
        else:
            answer_everything(stand, frame)

    stand = FakeStand(policy)
    accessory = Accessory.over(stand.transport())
    accessory.set_system_tracking(False)
    assert accessory.session.statistics.stray_replies >= 1 and accessory.session.statistics.retransmissions >= 1
    accessory.close()
    stand.close()


def test_latest_motion_state_and_a_closed_session_ends_iterators() -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    assert accessory.latest_motion_state() is None
    states = accessory.motion_states()
    pose = MotionState(123, Axes.YAW, Vector3(0, 0.5, 0), Vector3(), Fault.NONE, True, False)
    stand.send(pose, 1)
    assert states.get(timeout_s=2.0) == pose
    assert accessory.latest_motion_state() == pose
    accessory.close()
    assert list(states) == []  # ends quietly once the session is closed
    stand.close()


def test_the_stand_closing_the_connection_ends_streams_with_disconnected() -> None:
    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    states = accessory.motion_states()
    stand.close()
    with pytest.raises(Disconnected):
        states.get(timeout_s=3.0)
    with pytest.raises(Disconnected):
        accessory.stop()
    accessory.close()


def test_vision_link_sends_no_hello_and_no_heartbeat() -> None:
    stand = FakeStand(answer_everything)
    link = VisionLink(stand.transport())
    time.sleep(0.4)
    link.heartbeat()
    assert [f.message_id for f in stand.frames] == [Heartbeat.MESSAGE_ID]
    link.close()
    stand.close()


def test_the_endpoint_rule_is_swivelkits() -> None:
    assert default_endpoint({"SWIVEL_SOCKET": "/x/s.sock"}, lambda _: True) == SocketEndpoint("/x/s.sock")
    assert default_endpoint({"SWIVEL_SOCKET": ""}, lambda p: p == INSTALLED_SOCKET_PATH) == SocketEndpoint(
        INSTALLED_SOCKET_PATH)
    assert default_endpoint({}, lambda _: False) == SocketEndpoint(DEVELOPMENT_SOCKET_PATH)


def test_nothing_listening_is_endpoint_not_found_naming_the_rule(tmp_path: "os.PathLike[str]") -> None:
    path = os.path.join(tmp_path, "absent.sock")
    with pytest.raises(EndpointNotFound, match=r"no swiveld listening at .*\$SWIVEL_SOCKET"):
        Accessory.connect(SocketEndpoint(path))
    with pytest.raises(EndpointNotFound):
        Accessory.connect(path)
    with pytest.raises(EndpointNotFound):
        VisionLink.open(path)


def test_a_stream_dropped_without_closing_is_no_longer_fed() -> None:
    import gc

    stand = FakeStand(answer_everything)
    accessory = Accessory.over(stand.transport())
    kept = accessory.motion_states(maxsize=2)
    accessory.motion_states()  # dropped at once
    gc.collect()
    assert list(accessory.session._subscriptions) == [kept]
    for time_us in (1, 2, 3):
        stand.send(MotionState(time_us, Axes.YAW, Vector3(), Vector3(), Fault.NONE, True, False), time_us)
    deadline = time.monotonic() + 3
    while accessory.session.statistics.telemetry < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert kept.dropped == 1 and [kept.get_nowait(), kept.get_nowait()] == [
        MotionState(t, Axes.YAW, Vector3(), Vector3(), Fault.NONE, True, False) for t in (2, 3)]
    accessory.close()
    stand.close()
