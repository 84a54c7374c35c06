"""The client against the real swiveld ($SWIVELD) on the simulated board, at the boundary:
the stand's telemetry, its replies and what it does with the bytes we send."""
from __future__ import annotations

import asyncio
import re
import time

import pytest

from swivel import (
    Accessory,
    Animation,
    CameraDeviceType,
    CameraInformation,
    CameraOrientation,
    CameraPosition,
    Capability,
    FrameRateTooHigh,
    NotSupported,
    Observation,
    ObservationKind,
    ProgressState,
    SystemTrackingActive,
    Track,
    Vector3,
    VisionLink,
)
from swivel.enums import ProgressKind
from swivel.enums import Axes, FramingMode
from swivel.errors import NoSubjectFound
from swivel.geometry import NormalizedPointUpperLeft, NormalizedRectLowerLeft, NormalizedRectUpperLeft, Quaternion
from swivel.local_daemon import LocalDaemon
from swivel.messages import AxisLimit
from swivel.messages import Ack, Gesture, GestureKind, MotionState, Progress, SetOrientation
from swivel.transport import SocketEndpoint, SocketTransport
from swivel.wire import FrameDecoder, encode_raw_frame


def _face(x_center: float, y_center: float, identifier: int = 1) -> Observation:
    return Observation(identifier, ObservationKind.HUMAN_FACE,
                       NormalizedRectLowerLeft(x_center - 0.06, y_center - 0.08, 0.12, 0.16))


def _vision_track(observations: tuple[Observation, ...]) -> Track:
    return Track(5_000, CameraDeviceType.WIDE_ANGLE, CameraPosition.BACK, CameraOrientation.CORRECTED, None,
                 640.0, 480.0, observations)


def _wait_until_still(accessory: Accessory, timeout_s: float = 5.0) -> MotionState:
    """The first MOTION_STATE after the stand stopped moving (a few in a row)."""
    still = 0
    deadline = time.monotonic() + timeout_s
    with accessory.motion_states() as states:
        while time.monotonic() < deadline:
            state = states.get(timeout_s=1.0)
            still = still + 1 if not state.moving and abs(state.velocities_rad_per_s.yaw) < 1e-4 else 0
            if still >= 5:
                return state
    raise AssertionError("the stand did not come to rest")


def test_connect_over_the_socket_gives_the_identity(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path, client_name="pytest-socket") as accessory:
        identity = accessory.identity
        assert identity is not None
        assert identity.name == "Swivel Simulated Stand" and identity.hardware_model == "swivel-sim-1"
        assert Capability.CUSTOM_TRACKING in identity.capabilities and identity.motion_state_rate_hz == 50
        state = accessory.state()
        assert state.docked_sessions == 1 and state.system_tracking_enabled
    assert "host 'pytest-socket' undocked from socket: it said BYE" in _log_after(daemon, "pytest-socket' undocked")


def test_connect_over_the_host_pty(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.host_path, client_name="pytest-pty") as accessory:
        assert accessory.identity is not None and accessory.identity.name == "Swivel Simulated Stand"
        first = accessory.motion_states().get(timeout_s=2.0)
        assert first.stand_time_us > 0
    assert "pytest-pty' docked on pty" in daemon.stderr_text()


def _log_after(daemon: LocalDaemon, needle: str, timeout_s: float = 2.0) -> str:
    deadline = time.monotonic() + timeout_s
    while needle not in daemon.stderr_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    return daemon.stderr_text()


def test_system_tracking_active_refuses_motion_until_turned_off(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        with pytest.raises(SystemTrackingActive):
            accessory.set_orientation(Vector3(0, 0.2, 0))
        with pytest.raises(SystemTrackingActive):
            accessory.set_angular_velocity(Vector3(0, 0.1, 0))
        with pytest.raises(SystemTrackingActive):
            accessory.track([_face(0.5, 0.5)], CameraInformation(reference_width_px=640, reference_height_px=480))
        accessory.set_system_tracking(False)
        assert not accessory.state().system_tracking_enabled
        accessory.set_orientation(Vector3(0, 0.05, 0)).wait(5.0)


def test_set_orientation_reaches_its_target_in_the_telemetry(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        accessory.set_system_tracking(False)
        progress = accessory.set_orientation(Vector3(-0.2, 0.5, 0.0), duration_s=0.6)
        assert progress.target_rad.yaw == pytest.approx(0.5, abs=1e-6) and not progress.clamped_axes
        assert progress.planned_duration_s >= 0.6
        assert progress.wait(timeout_s=6.0) is ProgressState.FINISHED
        rest = _wait_until_still(accessory)
        assert rest.positions_rad.yaw == pytest.approx(0.5, abs=0.01)
        assert rest.positions_rad.pitch == pytest.approx(-0.2, abs=0.01)
        latest = accessory.latest_motion_state()
        assert latest is not None and latest.stand_time_us >= rest.stand_time_us


def test_animate_kapow_progress_finishes(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        accessory.set_system_tracking(False)
        updates = accessory.progress_updates()
        progress = accessory.animate("kapow")
        assert progress.kind is ProgressKind.ANIMATION and progress.planned_duration_s > 0
        assert progress.wait(timeout_s=15.0) is ProgressState.FINISHED
        seen: list[Progress] = []
        while (item := updates.get_nowait()) is not None:
            seen.append(item)
        ours = [p for p in seen if p.request_id == progress.request_id]
        assert any(p.state is ProgressState.RUNNING and 0 < p.fraction_completed < 1 for p in ours)
        assert ours[-1].state is ProgressState.FINISHED and ours[-1].fraction_completed == pytest.approx(1.0)
        state = accessory.state()
        assert state.last_progress is not None and state.last_progress.request_id == progress.request_id


def test_the_third_orientation_in_a_second_is_frame_rate_too_high(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        accessory.set_system_tracking(False)
        accessory.set_orientation(Vector3(0, 0.1, 0), duration_s=0.2)
        accessory.animate(Animation.YES)
        with pytest.raises(FrameRateTooHigh) as raised:
            accessory.set_orientation(Vector3(0, 0.2, 0), duration_s=0.2)
        assert raised.value.reason


def test_a_duplicate_frame_is_applied_once(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        accessory.set_system_tracking(False)
        start = _wait_until_still(accessory).positions_rad.yaw
        session = accessory.session
        pending = session.submit(SetOrientation(Vector3(0, 0.3, 0), relative=True, duration_s=0.3))
        session.send_raw(pending.frame)  # the same bytes again: the same seq, id and payload
        reply = session.result(pending) if pending.done.wait(2.0) else None
        assert isinstance(reply, Ack) and reply.receipt is not None
        rest = _wait_until_still(accessory)
        assert rest.positions_rad.yaw - start == pytest.approx(0.3, abs=0.02)  # once, not 0.6
        last = accessory.state().last_progress  # a second application would be a newer request
        assert last is not None and last.request_id == reply.receipt.request_id


class DropFirstReply(SocketTransport):
    """A socket transport that loses the first ACK of one command id, as a noisy line would."""

    def __init__(self, path: str, command_id: int) -> None:
        super().__init__(SocketEndpoint(path))
        self._command_id = command_id
        self._decoder = FrameDecoder()
        self.dropped = 0

    def read(self, timeout_s: float) -> bytes:
        data = super().read(timeout_s)
        out = bytearray()
        for frame in self._decoder.feed(data):
            if self.dropped == 0 and frame.message_id == Ack.MESSAGE_ID and frame.payload[:1] == bytes([self._command_id]):
                self.dropped += 1
                continue
            out += encode_raw_frame(frame.message_id, frame.payload, frame.seq, frame.flags, frame.version)
        return bytes(out)


def test_a_dropped_reply_is_retransmitted_and_gives_one_result(daemon: LocalDaemon) -> None:
    transport = DropFirstReply(daemon.socket_path, SetOrientation.MESSAGE_ID)
    with Accessory.over(transport) as accessory:
        accessory.set_system_tracking(False)
        start = _wait_until_still(accessory).positions_rad.yaw
        progress = accessory.set_orientation(Vector3(0, 0.25, 0), relative=True, duration_s=0.3)
        assert transport.dropped == 1 and accessory.session.statistics.retransmissions >= 1
        assert progress.wait(timeout_s=5.0) is ProgressState.FINISHED
        rest = _wait_until_still(accessory)
        assert rest.positions_rad.yaw - start == pytest.approx(0.25, abs=0.02)
        last = accessory.state().last_progress
        assert last is not None and last.request_id == progress.request_id
    # The stand says so too: its exit summary counts the retransmissions it answered from memory.
    daemon.process.terminate()
    daemon.process.wait(timeout=10)
    answered = re.search(r"(\d+) retransmissions answered", daemon.stdout_text())
    assert answered is not None and int(answered[1]) >= 1, daemon.stdout_text()[-600:]


def test_battery_states_of_both_simulated_batteries(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        batteries = accessory.battery_states()
        names: dict[str, float] = {}
        deadline = time.monotonic() + 3.0
        while len(names) < 2 and time.monotonic() < deadline:
            state = batteries.get(timeout_s=3.0)
            names[state.name] = state.level
        assert set(names) == {"main", "grip"}
        assert names["main"] == pytest.approx(0.8, abs=0.05) and names["grip"] == pytest.approx(0.6, abs=0.05)
        assert set(accessory.latest_battery_states()) == {"main", "grip"}


def test_custom_track_gives_tracking_states(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        accessory.set_system_tracking(False)
        tracking = accessory.tracking_states()
        camera = CameraInformation(reference_width_px=640, reference_height_px=480, capture_age_s=0.01)
        subjects = 0
        for _ in range(20):
            result = accessory.track([_face(0.55, 0.5, identifier=9)], camera)
            assert result.applied
            while (state := tracking.get_nowait()) is not None:
                subjects = max(subjects, len(state.subjects))
            time.sleep(0.05)
        state = tracking.get(timeout_s=1.0)
        subjects = max(subjects, len(state.subjects))
        assert subjects == 1
        assert state.stand_time_us > 0


def test_vision_link_track_turns_the_stand_toward_an_off_centre_subject(daemon: LocalDaemon) -> None:
    # System tracking is on (at boot and when a host docks): the vision link drives the motors.
    with Accessory.connect(daemon.socket_path) as watcher, VisionLink.open(daemon.vision_path) as link:
        before = watcher.motion_states().get(timeout_s=2.0)
        assert before.system_tracking_enabled
        start = before.positions_rad
        # Right of centre and above it (lower-left y up): +yaw, and for the back camera NEGATIVE pitch.
        for _ in range(30):
            result = link.send_track(_vision_track((_face(0.8, 0.75),)))
            assert result.applied
            time.sleep(0.045)
        latest = watcher.latest_motion_state()
        assert latest is not None
        assert latest.positions_rad.yaw - start.yaw > 0.05
        assert latest.positions_rad.pitch - start.pitch < -0.02


def test_vision_link_nowait_reports_rate_rules(daemon: LocalDaemon) -> None:
    with VisionLink.open(daemon.vision_path) as link:
        link.send_track(_vision_track((_face(0.5, 0.5),)))
        time.sleep(0.15)
        slow = link.send_track(_vision_track((_face(0.5, 0.5),)))
        assert slow.applied and slow.too_slow  # frameRateTooLow: applied, returned, not raised
        seqs = [link.send_track_nowait(_vision_track((_face(0.5, 0.5),))) for _ in range(40)]
        results: dict[int, object] = {}
        deadline = time.monotonic() + 3.0
        while len(results) < len(seqs) and time.monotonic() < deadline:
            for result in link.poll_replies():
                results[result.seq] = result
            time.sleep(0.02)
        assert set(results) == set(seqs)
        refused = [r for r in results.values() if isinstance(r.error, FrameRateTooHigh)]  # type: ignore[attr-defined]
        assert len(refused) >= 40 - 30


def test_vision_link_gesture_is_refused_where_gestures_are_off(daemon: LocalDaemon) -> None:
    # boards/sim.json5 has no `vision.gestures: true`: GESTURE is answered notSupported.
    with VisionLink.open(daemon.vision_path) as link:
        link.heartbeat()
        try:
            link.send_gesture(Gesture(GestureKind.OPEN_PALM, 0.9))
        except NotSupported as refused:
            assert "vision.gestures" in refused.reason
        else:
            pytest.fail("GESTURE was acknowledged on a board whose vision.gestures is off")


def test_blocking_and_async_iterators_both_yield_motion_states(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        blocking: list[MotionState] = []
        with accessory.motion_states() as states:
            for state in states:
                blocking.append(state)
                if len(blocking) == 5:
                    break
        assert [s.stand_time_us for s in blocking] == sorted({s.stand_time_us for s in blocking})

    async def main() -> list[MotionState]:
        accessory = await Accessory.connect_async(daemon.socket_path, client_name="pytest-async")
        async with accessory:
            received: list[MotionState] = []
            async for state in accessory.motion_states():
                received.append(state)
                if len(received) == 5:
                    break
            report = await accessory.state()
            assert report.docked_sessions == 1
            return received

    received = asyncio.run(asyncio.wait_for(main(), timeout=10.0))
    assert len(received) == 5 and received[-1].stand_time_us > received[0].stand_time_us


def test_a_consumer_that_never_reads_does_not_break_the_client(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        ignored = accessory.motion_states(maxsize=4)
        time.sleep(0.6)  # about 30 MOTION_STATEs arrive; the queue keeps the newest 4
        assert ignored.dropped >= 10
        kept = [ignored.get_nowait() for _ in range(4)]
        assert all(k is not None for k in kept) and ignored.get_nowait() is None
        # Commands and other consumers are unaffected, and the newest pose is current.
        assert accessory.state().docked_sessions == 1
        fresh = accessory.motion_states().get(timeout_s=1.0)
        assert fresh.stand_time_us > kept[-1].stand_time_us  # type: ignore[union-attr]


def test_quaternion_orientation_limits_and_framing_controls(daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as accessory:
        accessory.set_system_tracking(False)
        target = Quaternion.from_pitch_yaw_roll(Vector3(pitch=0.1, yaw=-0.4, roll=0.0))
        move = accessory.set_orientation(target, duration_s=0.4)
        assert move.target_rad.yaw == pytest.approx(-0.4, abs=1e-3)
        assert move.target_rad.pitch == pytest.approx(0.1, abs=1e-3)
        assert move.wait(timeout_s=5.0) is ProgressState.FINISHED

        accessory.set_limits(yaw=AxisLimit(-0.5, 0.25, 1.0))
        _, yaw, _ = accessory.limits()
        assert (yaw.minimum_rad, yaw.maximum_rad) == (pytest.approx(-0.5), pytest.approx(0.25))
        assert yaw.maximum_speed_rad_per_s == pytest.approx(1.0)
        clamped = accessory.set_orientation(Vector3(0, 1.0, 0), duration_s=0.3)
        assert Axes.YAW in clamped.clamped_axes and clamped.target_rad.yaw == pytest.approx(0.25, abs=1e-3)
        accessory.reset_limits()
        assert accessory.limits()[1].maximum_rad == pytest.approx(2.8, abs=1e-3)

        accessory.set_framing_mode(FramingMode.LEFT)
        region = NormalizedRectUpperLeft(0.25, 0.0, 0.5, 1.0)
        accessory.set_region_of_interest(region)
        report = accessory.state()
        assert report.framing_mode is FramingMode.LEFT and report.region_of_interest == region
        with pytest.raises(NoSubjectFound):
            accessory.select_subject_at(NormalizedPointUpperLeft(0.5, 0.5))
        accessory.select_subjects([])
        accessory.stop()
