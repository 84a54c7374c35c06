"""One host session with swiveld, kept for the life of the service, and the state it reports.

The web service is ONE host in DockKit's sense: a setting made from the page
(tracking off, a framing mode, a region, a selection, limits) belongs to this
session, so it lasts while the service runs and every tab sees it. When the
session ends (the daemon restarts, the service stops) the stand resets them,
as it does for any host; `StandHub` reconnects and reports the defaults again.

Telemetry is turned into plain JSON dicts (`to_json`) and pushed to listeners
(the WebSocket clients). Every command goes through `swivel.AsyncAccessory`,
so the firmware's caps, rate rules and refusals apply unchanged.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

from swivel import AsyncAccessory, Accessory, SwivelError, Vector3
from swivel.enums import Fault
from swivel.messages import AccessoryEvent, BatteryState, DockState, MotionState, Progress, StateReport, TrackingState

log = logging.getLogger("swivel_web.stand")

RECONNECT_INTERVAL_S = 1.0
FIRST_MOTION_TIMEOUT_S = 5.0
# GET_STATE (limits, framing, region, activity) is polled this often: the stand has no telemetry for it.
STATE_POLL_INTERVAL_S = 1.0
# MOTION_STATE arrives at 50 Hz; browsers get at most this many a second.
MOTION_PUSH_HZ = 15.0
LOG_LINES = 200

Listener = Callable[[dict[str, Any]], None]


def _vec(v: Vector3) -> dict[str, float]:
    return {"pitch": v.pitch, "yaw": v.yaw, "roll": v.roll}


def motion_json(m: MotionState) -> dict[str, Any]:
    return {
        "stand_time_us": m.stand_time_us, "positions_rad": _vec(m.positions_rad),
        "velocities_rad_per_s": _vec(m.velocities_rad_per_s), "fault": m.fault.name.lower(),
        "system_tracking_enabled": m.system_tracking_enabled, "moving": m.moving,
    }


def tracking_json(t: TrackingState) -> dict[str, Any]:
    subjects = []
    for s in t.subjects:
        r = s.rect.upper_left
        subjects.append({
            "id": str(s.identifier), "kind": s.kind.name.lower(), "saliency_rank": s.saliency_rank,
            # Upper-left origin: what the page draws on the image.
            "rect": {"x": r.x, "y": r.y, "width": r.width, "height": r.height},
            "speaking_confidence": s.speaking_confidence, "looking_at_camera_confidence": s.looking_at_camera_confidence,
        })
    return {"stand_time_us": t.stand_time_us, "subjects": subjects}


def battery_json(b: BatteryState) -> dict[str, Any]:
    return {"name": b.name, "level": b.level, "charge_state": b.charge_state.name.lower(), "low_battery": b.low_battery}


def event_json(e: AccessoryEvent) -> dict[str, Any]:
    return {"kind": e.kind.name.lower(), "zoom_factor": e.zoom_factor, "button_id": e.button_id, "pressed": e.pressed}


def report_json(r: StateReport) -> dict[str, Any]:
    limits = {}
    for name, lim in zip(("pitch", "yaw", "roll"), r.limits):
        if not lim.present:
            continue
        limits[name] = {
            "has_range": lim.has_range, "minimum_rad": lim.minimum_rad if lim.has_range else None,
            "maximum_rad": lim.maximum_rad if lim.has_range else None,
            "maximum_speed_rad_per_s": lim.maximum_speed_rad_per_s,
        }
    roi = r.region_of_interest
    return {
        "halted": r.halted, "activity": r.activity.name.lower(), "docked_sessions": r.docked_sessions,
        "framing_mode": r.framing_mode.name.lower(), "system_tracking_enabled": r.system_tracking_enabled,
        "region_of_interest": {"x": roi.x, "y": roi.y, "width": roi.width, "height": roi.height},
        "limits": limits, "animation": r.animation.name.lower() if r.animation is not None else None,
    }


class StandHub:
    """The session, its latest telemetry as JSON, and the listeners it is pushed to."""

    def __init__(self, socket_path: str, client_name: str = "swivel-web") -> None:
        self.socket_path = socket_path
        self.client_name = client_name
        self.accessory: AsyncAccessory | None = None
        self.identity: dict[str, Any] | None = None
        self.motion: dict[str, Any] | None = None
        self.tracking: dict[str, Any] = {"stand_time_us": 0, "subjects": []}
        self.report: dict[str, Any] | None = None
        self.dock: dict[str, Any] | None = None
        self.batteries: dict[str, dict[str, Any]] = {}
        self.selected: list[str] = []
        self.last_error: str | None = None
        self.log: collections.deque[dict[str, Any]] = collections.deque(maxlen=LOG_LINES)
        self._listeners: set[Listener] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._runner: asyncio.Task[None] | None = None
        self._connected = asyncio.Event()
        self._last_motion_push = 0.0
        self._last_final_request: int | None = None

    # --- listeners -----------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        self._listeners.add(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.discard(listener)

    def _push(self, message: dict[str, Any]) -> None:
        for listener in list(self._listeners):
            listener(message)

    def note(self, level: str, text: str) -> None:
        """A line of the log tail the page shows (never a secret: callers pass what a maker may read)."""
        entry = {"t": time.time(), "level": level, "text": text}
        log.log(logging.WARNING if level in ("warning", "error") else logging.INFO, "%s", text)
        self.log.append(entry)
        self._push({"type": "log", "entry": entry})

    # --- the snapshot --------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def snapshot(self) -> dict[str, Any]:
        fault = self.motion["fault"] if self.motion else "none"
        return {
            "connected": self.connected, "socket": self.socket_path, "identity": self.identity,
            "motion": self.motion, "tracking": self.tracking, "selected": self.selected, "stand": self.report,
            "dock": self.dock, "batteries": list(self.batteries.values()), "fault": fault,
            # After a motor fault the stand releases its drivers until CLEAR_FAULT (docs/PROTOCOL.md, CLEAR_FAULT).
            "drivers": "enabled" if fault == "none" else "released",
            "last_error": self.last_error,
        }

    # --- running -------------------------------------------------------------

    def start(self) -> None:
        self._runner = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
            try:
                await self._runner
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - shutting down
                pass
        await self._drop()

    async def wait_connected(self, timeout_s: float) -> bool:
        try:
            await asyncio.wait_for(self._connected.wait(), timeout_s)
        except asyncio.TimeoutError:
            return False
        return True

    async def _run(self) -> None:
        while True:
            try:
                self.accessory = await Accessory.connect_async(self.socket_path, client_name=self.client_name)
            except SwivelError as e:
                if self.last_error != str(e):
                    self.last_error = str(e)
                    self.note("error", f"cannot reach swiveld at {self.socket_path}: {e}")
                await asyncio.sleep(RECONNECT_INTERVAL_S)
                continue
            self.last_error = None
            ident = self.accessory.identity
            self.identity = None if ident is None else {
                "name": ident.name, "firmware_version": ident.firmware_version, "hardware_model": ident.hardware_model,
                "axes": [str(a.name).lower() for a in ident.axes],
                "capabilities": [str(c.name).lower() for c in ident.capabilities],
                "device_uuid": str(ident.device_uuid),
            }
            acc = self.accessory
            motion_states = acc.motion_states()
            # "connected" promises a MOTION_STATE in "motion" (docs/WEB.md): the stand sends one every
            # 20 ms, so a session silent for FIRST_MOTION_TIMEOUT_S is not worth calling connected.
            try:
                first = await asyncio.wait_for(motion_states.__anext__(), FIRST_MOTION_TIMEOUT_S)
            except (asyncio.TimeoutError, StopAsyncIteration, SwivelError) as e:
                reason = str(e) or f"no MOTION_STATE within {FIRST_MOTION_TIMEOUT_S:g} s of docking"
                self.note("error", f"the stand at {self.socket_path} docked but sent no state: {reason}; reconnecting")
                motion_states.close()
                await self._drop()
                await asyncio.sleep(RECONNECT_INTERVAL_S)
                continue
            self._on_motion(first)
            self.note("info", f"docked with {ident.name if ident else 'the stand'} on {self.socket_path}")
            self._connected.set()
            self._push({"type": "snapshot", "state": self.snapshot()})
            loop = asyncio.get_running_loop()
            self._tasks = [
                loop.create_task(self._pump(motion_states, self._on_motion)),
                loop.create_task(self._pump(acc.tracking_states(), self._on_tracking)),
                loop.create_task(self._pump(acc.accessory_events(), self._on_event)),
                loop.create_task(self._pump(acc.battery_states(), self._on_battery)),
                loop.create_task(self._pump(acc.dock_states(), self._on_dock)),
                loop.create_task(self._pump(acc.progress_updates(), self._on_progress)),
                loop.create_task(self._poll_state(acc)),
            ]
            done, _ = await asyncio.wait(self._tasks, return_when=asyncio.FIRST_COMPLETED)
            reason = "the session ended"
            for task in done:
                if not task.cancelled() and task.exception() is not None:
                    reason = str(task.exception())
            self.note("error", f"lost the stand: {reason}; reconnecting")
            await self._drop()
            await asyncio.sleep(RECONNECT_INTERVAL_S)

    async def _drop(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks = []
        acc, self.accessory = self.accessory, None
        self._connected.clear()
        self.selected = []
        if acc is not None:
            try:
                await acc.close()
            except SwivelError:
                pass
            self._push({"type": "snapshot", "state": self.snapshot()})

    async def _pump(self, subscription: Any, handle: Callable[[Any], None]) -> None:
        async for item in subscription:
            handle(item)

    async def _poll_state(self, acc: AsyncAccessory) -> None:
        while True:
            await self.refresh_report(acc)
            await asyncio.sleep(STATE_POLL_INTERVAL_S)

    async def refresh_report(self, acc: AsyncAccessory | None = None) -> None:
        acc = acc or self.accessory
        if acc is None:
            return
        report = report_json(await acc.state())
        if report != self.report:
            self.report = report
            self._push({"type": "stand", "stand": report})

    def _on_motion(self, m: MotionState) -> None:
        previous = self.motion
        self.motion = motion_json(m)
        if previous is not None and previous["fault"] != self.motion["fault"]:
            if m.fault is Fault.NONE:
                self.note("info", "fault cleared")
            else:
                self.note("error", f"fault: {m.fault.name.lower().replace('_', ' ')}")
            self._push({"type": "fault", "fault": self.motion["fault"],
                        "drivers": "enabled" if m.fault is Fault.NONE else "released"})
        now = time.monotonic()
        moving_changed = previous is None or previous["moving"] != self.motion["moving"]
        if moving_changed or now - self._last_motion_push >= 1.0 / MOTION_PUSH_HZ:
            self._last_motion_push = now
            self._push({"type": "motion", "motion": self.motion})

    def _on_tracking(self, t: TrackingState) -> None:
        self.tracking = tracking_json(t)
        self._push({"type": "tracking", "tracking": self.tracking})

    def _on_event(self, e: AccessoryEvent) -> None:
        event = event_json(e)
        self.note("info", f"accessory event: {event['kind']}")
        self._push({"type": "event", "event": event})

    def _on_battery(self, b: BatteryState) -> None:
        self.batteries[b.name] = battery_json(b)
        self._push({"type": "battery", "battery": self.batteries[b.name]})

    def _on_dock(self, d: DockState) -> None:
        self.dock = {"docked": d.docked, "system_tracking_enabled": d.system_tracking_enabled}
        self._push({"type": "dock", "dock": self.dock})

    def _on_progress(self, p: Progress) -> None:
        # The stand repeats a final PROGRESS (telemetry is lossy): one line per request.
        if p.state.is_final and p.request_id != self._last_final_request:
            self._last_final_request = p.request_id
            self.note("info", f"{p.kind.name.lower()} request {p.request_id} {p.state.name.lower()}")

    def set_selected(self, ids: list[str]) -> None:
        self.selected = ids
        self._push({"type": "selected", "selected": ids})

    def subject_at(self, x: float, y: float) -> str | None:
        """The subject of the latest TRACKING_STATE whose rect holds the point (upper-left), smallest first."""
        hits = [s for s in self.tracking["subjects"]
                if s["rect"]["x"] <= x <= s["rect"]["x"] + s["rect"]["width"]
                and s["rect"]["y"] <= y <= s["rect"]["y"] + s["rect"]["height"]]
        hits.sort(key=lambda s: s["rect"]["width"] * s["rect"]["height"])
        return hits[0]["id"] if hits else None

    @staticmethod
    def parse_ids(ids: list[str]) -> list[uuid.UUID]:
        return [uuid.UUID(i) for i in ids]
