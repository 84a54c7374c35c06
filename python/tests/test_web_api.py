"""swivel-web's JSON API and WebSocket against a real swiveld on the simulated board.

Every command goes through the protocol: the stand's refusals come back with
their reason, bad bodies get a 400 and move nothing, and the jog pad's
release, its silence, or a dropped WebSocket stop the stand.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from swivel import Accessory
from swivel.local_daemon import LocalDaemon

from web_support import WebProcess


@pytest.fixture
def web(daemon: LocalDaemon, tmp_path: Path) -> Iterator[WebProcess]:
    process = WebProcess(daemon.socket_path, tmp_path / "web")
    try:
        yield process
    finally:
        process.stop()


def _wait(predicate, timeout_s: float = 10.0, what: str = "the condition") -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout_s} s")
        time.sleep(0.05)


def _yaw(watcher: Accessory) -> float:
    # Just docked, the watcher may not have its first MOTION_STATE yet (50 Hz): wait for one.
    deadline = time.monotonic() + 10.0
    while (state := watcher.latest_motion_state()) is None:
        assert time.monotonic() < deadline, "no MOTION_STATE within 10 s of docking"
        time.sleep(0.02)
    return state.positions_rad.yaw


def _rest(watcher: Accessory, timeout_s: float = 10.0) -> float:
    """The yaw once the stand reports itself still for several MOTION_STATEs in a row."""
    still = 0
    deadline = time.monotonic() + timeout_s
    with watcher.motion_states() as states:
        while time.monotonic() < deadline:
            s = states.get(timeout_s=2.0)
            still = still + 1 if not s.moving and abs(s.velocities_rad_per_s.yaw) < 1e-4 else 0
            if still >= 5:
                return s.positions_rad.yaw
    raise AssertionError("the stand did not come to rest")


def test_state_answers_the_axes_positions_and_the_stand(web: WebProcess) -> None:
    # Asked the moment the service logged "docked with": "connected" already carries a MOTION_STATE
    # (CI once read "motion": null here, when "connected" only meant the socket was open).
    state = web.state()
    assert state["connected"] is True
    assert set(state["motion"]["positions_rad"]) == {"pitch", "yaw", "roll"}
    assert all(isinstance(x, float) for x in state["motion"]["positions_rad"].values())
    assert state["stand"]["framing_mode"] == "automatic"
    assert {b["name"] for b in state["batteries"]} == {"main", "grip"}
    assert state["fault"] == "none" and state["drivers"] == "enabled"
    assert state["video"]["configured"] is False


def test_orientation_moves_the_stand_and_the_stand_sees_one_more_host(web: WebProcess, daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as watcher:
        assert web.post("/api/tracking", {"enabled": False})[0] == 200
        status, body = web.post("/api/orientation", {"yaw": 0.4, "duration_s": 0.5})
        assert status == 200, body
        assert body["request_id"] > 0
        _wait(lambda: abs(_yaw(watcher) - 0.4) < 0.02, what="yaw reaching 0.4")
        assert abs(web.state()["motion"]["positions_rad"]["yaw"] - 0.4) < 0.05


def test_a_refusal_of_the_stand_reaches_the_caller_with_its_reason(web: WebProcess, daemon: LocalDaemon) -> None:
    # System tracking is on when a host docks: SET_ORIENTATION is refused by the firmware, not by swivel-web.
    with Accessory.connect(daemon.socket_path) as watcher:
        status, body = web.post("/api/orientation", {"yaw": 0.5})
        assert status == 409, body
        assert body["error"] == "SystemTrackingActive" and body["code"] == 8 and body["reason"]
        time.sleep(0.5)
        assert abs(_yaw(watcher)) < 1e-3
    assert any("SystemTrackingActive" in e["text"] for e in web.state()["log"])


@pytest.mark.parametrize("path,body,raw,status,needle", [
    ("/api/orientation", None, b"{not json", 400, "not JSON"),
    ("/api/orientation", None, b"[1, 2]", 400, "JSON object"),
    ("/api/orientation", {"yaw": 100.0}, None, 400, "within"),
    ("/api/orientation", {"yaw": "0.5"}, None, 400, "must be a number"),
    ("/api/orientation", {"yaw": 0.2, "spin": True}, None, 400, "unknown field"),
    ("/api/orientation", None, b'{"yaw": NaN}', 400, "within"),
    ("/api/jog", {"yaw": 50.0}, None, 400, "within"),
    ("/api/limits", {"yaw": {"minimum_rad": 1.0, "maximum_rad": -1.0, "maximum_speed_rad_per_s": 1.0}}, None, 400, "min"),
    ("/api/limits", {}, None, 400, "at least one axis"),
    ("/api/framing", {"mode": "sideways"}, None, 400, "one of"),
    ("/api/animate", {"name": "dance"}, None, 400, "one of"),
    ("/api/region", {"x": 0, "y": 0, "width": 0, "height": 1}, None, 400, ""),
    ("/api/select", {"ids": ["not-a-uuid"]}, None, 400, "ids"),
    ("/api/orientation", None, b'{"yaw": 0.1, "pad": "' + b"x" * 20000 + b'"}', 413, "at most"),
])
def test_bad_bodies_get_a_4xx_with_the_reason_and_move_nothing(
    web: WebProcess, daemon: LocalDaemon, path: str, body: object, raw: bytes | None, status: int, needle: str
) -> None:
    with Accessory.connect(daemon.socket_path) as watcher:
        assert web.post("/api/tracking", {"enabled": False})[0] == 200
        before = watcher.state()
        got, answer = web.post(path, body, raw=raw)
        assert got == status, answer
        assert needle in answer["reason"], answer
        time.sleep(0.3)
        after = watcher.state()
        assert after.positions_rad == before.positions_rad
        assert after.limits == before.limits and after.framing_mode == before.framing_mode
        assert after.region_of_interest == before.region_of_interest


async def _jog_then(web: WebProcess, end: str, watcher: Accessory) -> tuple[float, float]:
    """Jogs yaw over the WebSocket for ~0.8 s, then ends it by `end`; returns (yaw while moving, yaw at rest)."""
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(f"{web.url}/ws", origin=web.url)
        first = json.loads((await ws.receive()).data)
        assert first["type"] == "snapshot"
        deadline = time.monotonic() + 20.0
        while True:  # renewed every 0.1 s, as the page does, until the stand is seen turning
            await ws.send_str(json.dumps({"type": "jog", "yaw": 0.6}))
            await asyncio.sleep(0.1)
            state = watcher.latest_motion_state()
            if state is not None and state.moving and state.velocities_rad_per_s.yaw > 0.1:
                break
            assert time.monotonic() < deadline, f"the stand did not turn while jogged: {state}"
        moving_yaw = state.positions_rad.yaw
        if end == "release":
            await ws.send_str(json.dumps({"type": "jog_stop"}))
        elif end == "drop":
            # No close frame: the TCP connection just goes, as when a phone loses its Wi-Fi.
            assert ws._response.connection is not None  # noqa: SLF001
            ws._response.connection.transport.abort()  # noqa: SLF001
        elif end == "silence":
            pass  # the page stopped renewing (a frozen tab): the dead man stops the stand
        rest = await asyncio.to_thread(_rest, watcher)
        await ws.close()
    return moving_yaw, rest


@pytest.mark.parametrize("end", ["release", "drop", "silence"])
def test_the_jog_pad_stops_the_stand_when_released_dropped_or_silent(web: WebProcess, daemon: LocalDaemon, end: str) -> None:
    with Accessory.connect(daemon.socket_path) as watcher:
        assert web.post("/api/tracking", {"enabled": False})[0] == 200
        moving_yaw, rest_yaw = asyncio.run(_jog_then(web, end, watcher))
        # Stopped, decelerating at the caps from 0.6 rad/s: a few degrees past where it was, not still turning.
        assert moving_yaw < rest_yaw < moving_yaw + 0.5
        time.sleep(0.5)
        assert abs(_yaw(watcher) - rest_yaw) < 1e-3
    assert any("stopping" in e["text"] for e in web.state()["log"]) or end == "release"


def test_a_refused_jog_is_reported_on_the_socket(web: WebProcess) -> None:
    async def run() -> dict[str, object]:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"{web.url}/ws", origin=web.url)
            await ws.receive()
            await ws.send_str(json.dumps({"type": "jog", "yaw": 9.0}))
            while True:
                m = json.loads((await ws.receive(timeout=10)).data)
                if m["type"] == "refused":
                    return m
    m = asyncio.run(run())
    assert m["error"] == "BadRequest" and "within" in str(m["reason"])


def test_two_clients_share_one_host_session(web: WebProcess) -> None:
    async def run() -> dict[str, object]:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(f"{web.url}/ws", origin=web.url)
            await ws.receive()
            assert (await asyncio.to_thread(web.post, "/api/framing", {"mode": "left"}))[0] == 200
            while True:
                m = json.loads((await ws.receive(timeout=10)).data)
                if m["type"] == "stand" and m["stand"]["framing_mode"] == "left":
                    return m
    asyncio.run(run())
    assert web.state()["stand"]["framing_mode"] == "left"
    assert web.state()["stand"]["docked_sessions"] == 1


def test_presets_are_saved_by_the_service_and_go_moves_there(web: WebProcess, daemon: LocalDaemon) -> None:
    with Accessory.connect(daemon.socket_path) as watcher:
        assert web.post("/api/tracking", {"enabled": False})[0] == 200
        assert web.post("/api/orientation", {"yaw": -0.3})[0] == 200
        _rest(watcher)
        status, body = web.post("/api/presets", {"name": "desk"})
        assert status == 200 and body["presets"][0]["name"] == "desk"
        assert web.post("/api/orientation", {"yaw": 0.3})[0] == 200
        _rest(watcher)
        assert web.post("/api/presets/go", {"name": "desk"})[0] == 200
        _wait(lambda: abs(_yaw(watcher) + 0.3) < 0.02, what="going back to the preset")
        assert web.post("/api/presets/go", {"name": "nowhere"})[0] == 400
    saved = json.loads((web.state_dir / "presets.json").read_text())
    assert abs(saved["desk"]["yaw"] + 0.3) < 0.02


def test_fault_clear_and_limits_go_through_the_stand(web: WebProcess) -> None:
    status, _ = web.post("/api/limits", {"yaw": {"minimum_rad": -1.0, "maximum_rad": 1.0, "maximum_speed_rad_per_s": 1.5}})
    assert status == 200
    yaw = web.state()["stand"]["limits"]["yaw"]
    assert abs(yaw["minimum_rad"] + 1.0) < 1e-4 and abs(yaw["maximum_speed_rad_per_s"] - 1.5) < 1e-4
    assert web.post("/api/limits/reset")[0] == 200
    assert abs(web.state()["stand"]["limits"]["yaw"]["maximum_rad"] - 2.8) < 1e-4
    assert web.post("/api/clear-fault")[0] == 200
    status, body = web.post("/api/animate", {"name": "yes"})
    assert status == 409 and body["error"] == "SystemTrackingActive", body
    assert web.post("/api/tracking", {"enabled": False})[0] == 200
    status, body = web.post("/api/animate", {"name": "yes"})
    assert status == 200 and body["planned_duration_s"] > 0


def test_region_and_selection_by_ids_go_through_the_stand(web: WebProcess) -> None:
    status, body = web.post("/api/region", {"x": 0.25, "y": 0.1, "width": 0.5, "height": 0.8})
    assert status == 200, body
    roi = web.state()["stand"]["region_of_interest"]
    assert abs(roi["x"] - 0.25) < 1e-6 and abs(roi["height"] - 0.8) < 1e-6
    # A region outside the frame: the stand's own range check (docs/PROTOCOL.md §3), not swivel-web's.
    status, body = web.post("/api/region", {"x": 0.9, "y": 0.0, "width": 0.5, "height": 1.0})
    assert status == 400 and body["error"] in ("InvalidParameter", "ParameterOutOfRange"), body
    assert abs(web.state()["stand"]["region_of_interest"]["x"] - 0.25) < 1e-6
    # Nobody is tracked: locking onto an unknown subject is refused by the stand, with its reason.
    status, body = web.post("/api/select", {"ids": ["5a1e0c3b-9d27-844f-a011-223344556677"]})
    assert status == 409 and body["error"] == "NoSubjectFound" and body["reason"], body
    assert web.post("/api/select", {"ids": []})[0] == 200
    status, body = web.post("/api/select", {"x": 0.5, "y": 0.5})
    assert status == 409 and body["error"] == "NoSubjectFound", body
    assert web.state()["selected"] == []


def test_a_motor_fault_reaches_the_state_and_clear_fault_clears_it(tmp_path: Path) -> None:
    # The simulated board with a following-error threshold no real move stays within: the first jog faults.
    board = tmp_path / "touchy.json5"
    text = (Path(__file__).resolve().parents[2] / "boards" / "sim.json5").read_text()
    assert "maxFollowingErrorRad: 0.08" in text
    board.write_text(text.replace("maxFollowingErrorRad: 0.08", "maxFollowingErrorRad: 0.001"))
    (tmp_path / "daemon").mkdir()
    with LocalDaemon.start(board, directory=tmp_path / "daemon") as daemon:
        web = WebProcess(daemon.socket_path, tmp_path / "web")
        try:
            assert web.post("/api/tracking", {"enabled": False})[0] == 200
            assert web.post("/api/jog", {"yaw": 2.0, "hold_s": 1.0})[0] == 200
            _wait(lambda: web.state()["fault"] != "none", what="the fault")
            state = web.state()
            assert state["drivers"] == "released"
            assert any(e["text"].startswith("fault:") for e in state["log"])
            # While faulted, motion is refused by the stand with its reason.
            status, body = web.post("/api/orientation", {"yaw": 0.1})
            assert status == 409 and body["error"] == "MotorFault" and body["reason"], body
            _wait(lambda: web.post("/api/clear-fault")[0] == 200, what="CLEAR_FAULT accepted (ERR busy while stopping)")
            _wait(lambda: web.state()["fault"] == "none", what="the fault clearing")
            assert web.state()["drivers"] == "enabled"
        finally:
            web.stop()
