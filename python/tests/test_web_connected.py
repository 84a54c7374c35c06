"""What "connected" promises in swivel-web's GET /api/state, against a scripted stand on a Unix socket.

The stand answers HELLO and acknowledges everything else, but sends MOTION_STATE
only when the test says so: "connected" must wait for it, and a stand that never
sends one is dialled again rather than shown as connected with no positions.
"""
from __future__ import annotations

import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from swivel.enums import Activity, Axes, Capability, DeviceCategory, Fault, FramingMode
from swivel.geometry import NormalizedRectUpperLeft, Vector3
from swivel.messages import Ack, AxisLimitReport, GetState, Hello, Identity, MotionState, StateReport
from swivel.wire import FrameDecoder, encode_frame

from web_support import WebProcess

IDENTITY = Identity(1, DeviceCategory.TRACKING_STAND, uuid.UUID(int=7), Axes.PITCH | Axes.YAW, Capability(0xFFF),
                    1000, 50, 10, "Scripted", "0", "scripted-1")
NO_LIMIT = AxisLimitReport(False, False, 0.0, 0.0, 0.0, 0.0)
STATE = StateReport(1000, Axes.PITCH | Axes.YAW, True, False, 1, FramingMode.AUTOMATIC,
                    NormalizedRectUpperLeft(0.0, 0.0, 1.0, 1.0), Vector3(), Vector3(), (NO_LIMIT, NO_LIMIT, NO_LIMIT),
                    Activity.VELOCITY, 0, None, None)


class ScriptedStand:
    """A Unix-socket stand: IDENTITY for HELLO, a still stand's report for GET_STATE, an ACK for anything else."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(4)
        self.hellos = 0
        self.connections: list[socket.socket] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            with self.changed:
                self.connections.append(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        decoder = FrameDecoder()
        while True:
            try:
                data = conn.recv(4096)
            except OSError:
                return
            if not data:
                return
            for frame in decoder.feed(data):
                reply: Ack | Identity = Ack(frame.message_id)
                if frame.message_id == Hello.MESSAGE_ID:
                    reply = IDENTITY
                elif frame.message_id == GetState.MESSAGE_ID:
                    reply = Ack(frame.message_id, state=STATE)
                try:
                    conn.sendall(encode_frame(reply, frame.seq))
                except OSError:
                    return
                if frame.message_id == Hello.MESSAGE_ID:
                    with self.changed:
                        self.hellos += 1
                        self.changed.notify_all()

    def wait_hellos(self, count: int, timeout_s: float) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.hellos >= count, timeout_s), f"{self.hellos} HELLO(s)"

    def send_motion_state(self, yaw_rad: float) -> None:
        with self.changed:
            conn = self.connections[-1]
        state = MotionState(1000, Axes.PITCH | Axes.YAW, Vector3(0, yaw_rad, 0), Vector3(), Fault.NONE, True, False)
        conn.sendall(encode_frame(state, 1))

    def close(self) -> None:
        self.server.close()
        for conn in self.connections:
            conn.close()


@pytest.fixture
def stand(tmp_path: Path) -> Iterator[ScriptedStand]:
    scripted = ScriptedStand(tmp_path / "stand.sock")
    try:
        yield scripted
    finally:
        scripted.close()


def test_connected_waits_for_the_first_motion_state_and_a_silent_stand_is_dialled_again(
        stand: ScriptedStand, tmp_path: Path) -> None:
    started: list[WebProcess] = []
    # WebProcess returns once the log says "docked with": start it on a thread, so the test can look meanwhile.
    opener = threading.Thread(target=lambda: started.append(WebProcess(str(stand.path), tmp_path / "web")))
    opener.start()
    stand.wait_hellos(1, timeout_s=30.0)
    log_path = tmp_path / "web" / "swivel-web.log"
    deadline = time.monotonic() + 15.0
    while "sent no state" not in log_path.read_text(errors="replace"):
        assert time.monotonic() < deadline, log_path.read_text(errors="replace")
        time.sleep(0.1)
    assert "docked with" not in log_path.read_text(errors="replace")
    stand.wait_hellos(2, timeout_s=10.0)        # dialled again
    time.sleep(0.3)                            # the new session's HELLO is answered; still no MOTION_STATE
    assert not started
    stand.send_motion_state(0.25)
    opener.join(30.0)
    assert started, "swivel-web did not log 'docked with' after the first MOTION_STATE"
    web = started[0]
    try:
        state = web.state()
        assert state["connected"] is True
        assert state["motion"]["positions_rad"]["yaw"] == pytest.approx(0.25)
    finally:
        web.stop()
