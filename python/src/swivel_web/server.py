"""The HTTP API, the WebSocket push, the MJPEG stream and the page (docs/WEB.md).

Every request passes `guard` (auth.py's rules): who the client is (trusted
address, session cookie, API token), that a state-changing request proves
its origin (the X-Swivel-CSRF header of its session, or its bearer token; a
browser's Origin must be this host), and that a trusted-by-address client
named this host by an address or `localhost` (a DNS-rebound name gets no
trust). Commands go through `StandHub.accessory`; the stand's refusal comes
back as 409 with its class and reason, a bad body as 400, no stand as 503.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import math
import secrets
import time
import uuid
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Awaitable, Callable

from aiohttp import WSMsgType, web

from swivel import (
    AxisLimit,
    FramingMode,
    InvalidParameter,
    NormalizedPointUpperLeft,
    NormalizedRectUpperLeft,
    StandError,
    SwivelError,
    TransportError,
    Vector3,
)

from . import validate as v
from .auth import (
    LOGIN_WINDOW_S,
    AuthError,
    AuthFile,
    LoginThrottle,
    Sessions,
    is_trusted,
    parse_networks,
)
from .frames import MJPEG_BOUNDARY, FrameFeed, mjpeg_part
from .presets import PresetStore
from .stand import StandHub

log = logging.getLogger("swivel_web")

MAX_BODY_BYTES = 16 * 1024
MAX_WS_MESSAGE_BYTES = 4 * 1024
# About 10 s of pushes at the usual rates (motion 15/s, tracking 10/s, the rest rare).
WS_QUEUE_MESSAGES = 256
COOKIE = "swivel_session"
CSRF_HEADER = "X-Swivel-CSRF"
# A held jog pad renews its request this often (the page: every 100 ms); past this without one, the stand stops.
JOG_DEADMAN_S = 0.5
ANIMATIONS = ["yes", "no", "wakeup", "kapow"]
FRAMING = ["automatic", "center", "left", "right"]


@dataclass
class Caller:
    address: str
    trusted: bool
    via: str  # "trusted", "session", "token"
    session_sid: str | None = None
    csrf: str | None = None
    token_name: str | None = None


@dataclass
class Config:
    socket_path: str
    state_dir: Path
    frames_path: str | None = None
    trusted: list[str] = field(default_factory=list)
    host_names: list[str] = field(default_factory=list)


def _json_error(status: int, error: str, reason: str, **extra: Any) -> web.Response:
    return web.json_response({"error": error, "reason": reason, **extra}, status=status)


class WebApp:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.auth = AuthFile(config.state_dir / "auth.json")
        self.presets = PresetStore(config.state_dir / "presets.json")
        self.networks = parse_networks(config.trusted)
        self.sessions = Sessions()
        self.throttle = LoginThrottle()
        # The proof of origin a trusted-by-address script or page sends (read from GET /api/session).
        self.trusted_csrf = secrets.token_urlsafe(24)
        self.hub = StandHub(config.socket_path)
        self.feed = FrameFeed(config.frames_path, on_status=self._on_video)
        # Each WebSocket's outgoing messages: bounded, so a client that stops reading costs a fixed amount.
        self.sockets: dict[web.WebSocketResponse, asyncio.Queue[str]] = {}
        self._jog_owner: object | None = None
        self._jog_deadline = 0.0
        self._jog_task: asyncio.Task[None] | None = None
        self._motion_lock = asyncio.Lock()
        self.app = web.Application(client_max_size=MAX_BODY_BYTES, middlewares=[self.guard])
        self._routes()
        self.app.on_startup.append(self._startup)
        self.app.on_shutdown.append(self._shutdown)

    # --- lifecycle -------------------------------------------------------------

    async def _startup(self, _app: web.Application) -> None:
        self.hub.add_listener(self._broadcast)
        self.hub.start()
        self._jog_task = asyncio.get_running_loop().create_task(self._jog_watchdog())

    async def _shutdown(self, _app: web.Application) -> None:
        if self._jog_owner is not None:
            await self._stop_quietly("the service is stopping")
        for ws in list(self.sockets):
            await ws.close()
        if self._jog_task is not None:
            self._jog_task.cancel()
        await self.feed.close()
        await self.hub.close()

    # --- pushing ---------------------------------------------------------------

    def _broadcast(self, message: dict[str, Any]) -> None:
        data = json.dumps(message)
        for ws, queue in list(self.sockets.items()):
            try:
                queue.put_nowait(data)
            except asyncio.QueueFull:
                # It stopped reading: drop it; the page reconnects and starts from a fresh snapshot.
                self.sockets.pop(ws, None)
                asyncio.ensure_future(ws.close(code=1013, message=b"too slow"))

    @staticmethod
    async def _sender(ws: web.WebSocketResponse, queue: asyncio.Queue[str]) -> None:
        try:
            while True:
                await ws.send_str(await queue.get())
        except (ConnectionError, RuntimeError):
            pass

    def _on_video(self, status: dict[str, Any]) -> None:
        self._broadcast({"type": "video", "video": status})

    def state(self) -> dict[str, Any]:
        return {**self.hub.snapshot(), "video": self.feed.status(), "presets": self.presets.all(),
                "jogging": self._jog_owner is not None, "log": list(self.hub.log)[-50:]}

    # --- who is calling ----------------------------------------------------------

    def _host_is_literal(self, request: web.Request) -> bool:
        host = request.host.rsplit(":", 1)[0] if not request.host.startswith("[") else request.host[1:].split("]")[0]
        if host in ("localhost", *self.config.host_names):
            return True
        try:
            ipaddress.ip_address(host)
        except ValueError:
            return False
        return True

    def _origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        for scheme in ("http://", "https://"):
            if origin == scheme + request.host:
                return True
        return False

    def identify(self, request: web.Request) -> Caller | None:
        address = request.remote or ""
        try:
            self.auth.load()
        except AuthError as e:
            log.error("%s: every non-trusted client is refused until it is fixed", e)
        header = request.headers.get("Authorization", "")
        if header.startswith("Bearer "):
            name = self.auth.token_name(header[7:].strip())
            return Caller(address, False, "token", token_name=name) if name else None
        session = self.sessions.get(request.cookies.get(COOKIE), time.time())
        if session is not None:
            return Caller(address, False, "session", session_sid=session.sid, csrf=session.csrf)
        if is_trusted(address, self.networks) and self._host_is_literal(request):
            return Caller(address, True, "trusted", csrf=self.trusted_csrf)
        return None

    @web.middleware
    async def guard(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                    ) -> web.StreamResponse:
        path = request.path
        public = path in ("/", "/login", "/api/login", "/api/session") or path.startswith("/static/")
        caller = self.identify(request)
        if caller is None and not public:
            if path.startswith("/api/") or path in ("/ws", "/stream.mjpg"):
                return _json_error(401, "Unauthorized", "log in (POST /api/login) or send an API token")
            raise web.HTTPFound("/login")
        request["caller"] = caller
        changing = request.method not in ("GET", "HEAD", "OPTIONS")
        if changing and path != "/api/login":
            if not self._origin_ok(request):
                return _json_error(403, "Forbidden", "the Origin header does not name this host")
            assert caller is not None
            if caller.via != "token" and request.headers.get(CSRF_HEADER, "") != caller.csrf:
                return _json_error(403, "Forbidden", f"a state-changing request needs the {CSRF_HEADER} header of "
                                   "its session (GET /api/session) or an API token")
        try:
            return await handler(request)
        except web.HTTPRequestEntityTooLarge:
            return _json_error(413, "PayloadTooLarge", f"a request body is at most {MAX_BODY_BYTES} bytes")

    # --- routes --------------------------------------------------------------------

    def _routes(self) -> None:
        r = self.app.router
        r.add_get("/", self.page)
        r.add_get("/login", self.page)
        r.add_get("/static/{name}", self.static)
        r.add_get("/api/session", self.session_info)
        r.add_post("/api/login", self.login)
        r.add_post("/api/logout", self.logout)
        r.add_get("/api/state", self.get_state)
        r.add_get("/api/log", self.get_log)
        r.add_get("/ws", self.websocket)
        r.add_get("/stream.mjpg", self.stream)
        r.add_post("/api/tracking", self.cmd(self.tracking))
        r.add_post("/api/framing", self.cmd(self.framing))
        r.add_post("/api/region", self.cmd(self.region))
        r.add_post("/api/select", self.cmd(self.select))
        r.add_post("/api/orientation", self.cmd(self.orientation))
        r.add_post("/api/jog", self.cmd(self.jog_http))
        r.add_post("/api/stop", self.cmd(self.stop))
        r.add_post("/api/animate", self.cmd(self.animate))
        r.add_post("/api/limits", self.cmd(self.limits))
        r.add_post("/api/limits/reset", self.cmd(self.reset_limits))
        r.add_post("/api/clear-fault", self.cmd(self.clear_fault))
        r.add_post("/api/presets", self.cmd(self.save_preset))
        r.add_post("/api/presets/go", self.cmd(self.go_preset))
        r.add_post("/api/presets/delete", self.cmd(self.delete_preset))

    async def page(self, request: web.Request) -> web.StreamResponse:
        name = "index.html" if request.path == "/" else "login.html"
        if request.path == "/" and request["caller"] is None:
            raise web.HTTPFound("/login")
        return self._static_file(name)

    async def static(self, request: web.Request) -> web.StreamResponse:
        return self._static_file(request.match_info["name"])

    _TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}

    def _static_file(self, name: str) -> web.StreamResponse:
        suffix = Path(name).suffix
        if "/" in name or name.startswith(".") or suffix not in self._TYPES:
            raise web.HTTPNotFound()
        try:
            body = resources.files("swivel_web").joinpath("static", name).read_bytes()
        except (FileNotFoundError, IsADirectoryError):
            raise web.HTTPNotFound() from None
        return web.Response(body=body, content_type=self._TYPES[suffix], charset="utf-8", headers={
            "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
                                       "frame-ancestors 'none'",
            "Referrer-Policy": "no-referrer",
        })

    # --- sessions ----------------------------------------------------------------------

    async def session_info(self, request: web.Request) -> web.Response:
        caller: Caller | None = request["caller"]
        body: dict[str, Any] = {"authenticated": caller is not None, "password_set": self.auth.has_password,
                                "address": request.remote}
        if caller is not None:
            body.update(via=caller.via, csrf=caller.csrf, token=caller.token_name)
        return web.json_response(body, status=200 if caller else 401)

    async def login(self, request: web.Request) -> web.Response:
        address = request.remote or "?"
        now = time.monotonic()
        wait_s = self.throttle.retry_after_s(address, now)
        if wait_s > 0:
            return web.json_response(
                {"error": "TooManyRequests", "reason": f"too many failed logins from {address}: try again in {math.ceil(wait_s)} s"},
                status=429, headers={"Retry-After": str(math.ceil(wait_s))})
        if not self._origin_ok(request):
            return _json_error(403, "Forbidden", "the Origin header does not name this host")
        body = await self._body(request)
        if isinstance(body, web.Response):
            return body
        password = body.get("password")
        if not isinstance(password, str) or len(password) > 1024:
            return _json_error(400, "BadRequest", "password must be a string")
        if not self.auth.has_password:
            return _json_error(403, "Forbidden", "no password is set (swivel-web passwd): only trusted addresses get in")
        ok = await asyncio.to_thread(self.auth.check_password, password)
        if not ok:
            self.throttle.failed(address, now)
            self.hub.note("warning", f"failed login from {address}")
            return _json_error(401, "Unauthorized", "wrong password")
        self.throttle.succeeded(address)
        session = self.sessions.create(address, time.time())
        self.hub.note("info", f"login from {address}")
        response = web.json_response({"authenticated": True, "csrf": session.csrf})
        response.set_cookie(COOKIE, session.sid, httponly=True, samesite="Strict", path="/",
                            max_age=int(12 * 3600), secure=request.secure)
        return response

    async def logout(self, request: web.Request) -> web.Response:
        caller: Caller = request["caller"]
        if caller.session_sid:
            self.sessions.end(caller.session_sid)
        response = web.json_response({"authenticated": False})
        response.del_cookie(COOKIE, path="/")
        return response

    # --- reading -------------------------------------------------------------------------

    async def get_state(self, _request: web.Request) -> web.Response:
        return web.json_response(self.state())

    async def get_log(self, _request: web.Request) -> web.Response:
        return web.json_response({"log": list(self.hub.log)})

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        caller: Caller = request["caller"]
        origin = request.headers.get("Origin")
        # A browser always sends Origin on a WebSocket; a cookie (sent by the browser on its own) needs one naming us.
        if (origin is not None and not self._origin_ok(request)) or (origin is None and caller.via == "session"):
            return _json_error(403, "Forbidden", "the WebSocket's Origin does not name this host")
        ws = web.WebSocketResponse(heartbeat=5.0, max_msg_size=MAX_WS_MESSAGE_BYTES)
        await ws.prepare(request)
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=WS_QUEUE_MESSAGES)
        queue.put_nowait(json.dumps({"type": "snapshot", "state": self.state()}))
        self.sockets[ws] = queue
        sender = asyncio.get_running_loop().create_task(self._sender(ws, queue))
        try:
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                reply = await self._ws_command(ws, message.data)
                if reply is not None and not queue.full():
                    queue.put_nowait(json.dumps(reply))
        finally:
            self.sockets.pop(ws, None)
            sender.cancel()
            if self._jog_owner is ws:
                await self._stop_quietly("the jogging page's connection closed")
        return ws

    async def _ws_command(self, ws: web.WebSocketResponse, data: str) -> dict[str, Any] | None:
        try:
            body = v.obj(json.loads(data))
            kind = v.choice(body, "type", ["jog", "jog_stop", "ping"])
            if kind == "ping":
                return {"type": "pong"}
            if kind == "jog_stop":
                if self._jog_owner is not None:
                    await self._stop_quietly(None)
                return None
            v.only(body, {"type", "pitch", "yaw"})
            velocity = Vector3(pitch=v.number(body, "pitch", -v.MAX_JOG_RAD_PER_S, v.MAX_JOG_RAD_PER_S, 0.0),
                               yaw=v.number(body, "yaw", -v.MAX_JOG_RAD_PER_S, v.MAX_JOG_RAD_PER_S, 0.0))
            await self._jog(ws, velocity, JOG_DEADMAN_S)
            return None
        except ValueError as e:
            return {"type": "refused", "error": "BadRequest", "reason": f"not JSON: {e}"}
        except v.BadRequest as e:
            return {"type": "refused", "error": "BadRequest", "reason": e.reason}
        except SwivelError as e:
            return {"type": "refused", **self._refusal(e)}

    async def stream(self, request: web.Request) -> web.StreamResponse:
        if self.feed.path is None:
            return _json_error(503, "NoFrameSource", "swivel-web was started without --frames")
        response = web.StreamResponse(headers={
            "Content-Type": f"multipart/x-mixed-replace; boundary={MJPEG_BOUNDARY}",
            "Cache-Control": "no-cache, no-store", "Pragma": "no-cache"})
        await response.prepare(request)
        viewer = self.feed.add()
        try:
            while True:
                try:
                    frame = await asyncio.wait_for(viewer.next(), 0.5)
                except asyncio.TimeoutError:
                    # No frame for a while: aiohttp does not cancel a handler whose client left, so look.
                    if request.transport is None or request.transport.is_closing():
                        break
                    continue
                await response.write(mjpeg_part(frame))
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.feed.remove(viewer)
        return response

    # --- commands --------------------------------------------------------------------------

    async def _body(self, request: web.Request) -> dict[str, Any] | web.Response:
        if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
            return _json_error(413, "PayloadTooLarge", f"a request body is at most {MAX_BODY_BYTES} bytes")
        raw = await request.read()
        if not raw.strip():
            return {}
        try:
            return v.obj(json.loads(raw))
        except ValueError as e:
            return _json_error(400, "BadRequest", f"the body is not JSON: {e}")
        except v.BadRequest as e:
            return _json_error(400, "BadRequest", e.reason)

    @staticmethod
    def _refusal(e: SwivelError) -> dict[str, Any]:
        body: dict[str, Any] = {"error": type(e).__name__, "reason": getattr(e, "reason", None) or str(e)}
        if isinstance(e, StandError):
            body.update(code=int(e.code), axis=e.axis, value=e.value)
        return body

    def cmd(self, handler: Callable[[Caller, dict[str, Any]], Awaitable[dict[str, Any] | None]]
            ) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def run(request: web.Request) -> web.Response:
            body = await self._body(request)
            if isinstance(body, web.Response):
                return body
            caller: Caller = request["caller"]
            name = request.path.removeprefix("/api/")
            try:
                result = await handler(caller, body)
            except v.BadRequest as e:
                return _json_error(400, "BadRequest", e.reason)
            except SwivelError as e:
                refusal = self._refusal(e)
                status = 400 if isinstance(e, InvalidParameter) else 409 if isinstance(e, StandError) else 503
                self.hub.note("warning", f"{name} refused: {refusal['error']}: {refusal['reason']}")
                return web.json_response(refusal, status=status)
            self.hub.note("info", f"{name} by {caller.token_name or caller.via} ({caller.address})")
            return web.json_response({"ok": True, **(result or {})})
        return run

    @property
    def _acc(self) -> Any:
        if self.hub.accessory is None:
            raise TransportError(f"not connected to swiveld at {self.config.socket_path}")
        return self.hub.accessory

    async def tracking(self, _c: Caller, body: dict[str, Any]) -> None:
        v.only(body, {"enabled"})
        await self._acc.set_system_tracking(v.boolean(body, "enabled"))
        await self.hub.refresh_report()

    async def framing(self, _c: Caller, body: dict[str, Any]) -> None:
        v.only(body, {"mode"})
        await self._acc.set_framing_mode(FramingMode[v.choice(body, "mode", FRAMING).upper()])
        await self.hub.refresh_report()

    async def region(self, _c: Caller, body: dict[str, Any]) -> None:
        v.only(body, {"x", "y", "width", "height"})
        rect = NormalizedRectUpperLeft(*(v.number(body, k, -1.0, 2.0) for k in ("x", "y", "width", "height")))
        await self._acc.set_region_of_interest(rect)
        await self.hub.refresh_report()

    async def select(self, _c: Caller, body: dict[str, Any]) -> dict[str, Any]:
        if "ids" in body:
            v.only(body, {"ids"})
            ids = body["ids"]
            if not isinstance(ids, list) or len(ids) > 16 or not all(isinstance(i, str) for i in ids):
                raise v.BadRequest("ids must be a list of at most 16 subject UUIDs (strings); [] is automatic")
            try:
                parsed = [uuid.UUID(i) for i in ids]
            except ValueError as e:
                raise v.BadRequest(f"ids: {e}") from None
            await self._acc.select_subjects(parsed)
            self.hub.set_selected([str(i) for i in parsed])
            return {"selected": self.hub.selected}
        v.only(body, {"x", "y"})
        x, y = v.number(body, "x", -1.0, 2.0), v.number(body, "y", -1.0, 2.0)
        await self._acc.select_subject_at(NormalizedPointUpperLeft(x, y))
        hit = self.hub.subject_at(x, y)
        self.hub.set_selected([hit] if hit else [])
        return {"selected": self.hub.selected}

    async def orientation(self, _c: Caller, body: dict[str, Any]) -> dict[str, Any]:
        v.only(body, {"pitch", "yaw", "roll", "relative", "duration_s"})
        target = Vector3(*(v.number(body, k, -4 * math.pi, 4 * math.pi, 0.0) for k in ("pitch", "yaw", "roll")))
        move = await self._acc.set_orientation(target, relative=v.boolean(body, "relative", False),
                                               duration_s=v.number(body, "duration_s", 0.0, 600.0, 0.0))
        return {"request_id": move.request_id, "planned_duration_s": move.planned_duration_s}

    async def jog_http(self, caller: Caller, body: dict[str, Any]) -> None:
        v.only(body, {"pitch", "yaw", "hold_s"})
        velocity = Vector3(pitch=v.number(body, "pitch", -v.MAX_JOG_RAD_PER_S, v.MAX_JOG_RAD_PER_S, 0.0),
                           yaw=v.number(body, "yaw", -v.MAX_JOG_RAD_PER_S, v.MAX_JOG_RAD_PER_S, 0.0))
        await self._jog(("http", caller.address), velocity, v.number(body, "hold_s", 0.05, v.MAX_JOG_HOLD_S, JOG_DEADMAN_S))

    async def stop(self, _c: Caller, body: dict[str, Any]) -> None:
        v.only(body, set())
        async with self._motion_lock:
            self._jog_owner = None
            await self._acc.stop()

    async def animate(self, _c: Caller, body: dict[str, Any]) -> dict[str, Any]:
        v.only(body, {"name"})
        move = await self._acc.animate(v.choice(body, "name", ANIMATIONS))
        return {"request_id": move.request_id, "planned_duration_s": move.planned_duration_s}

    async def limits(self, _c: Caller, body: dict[str, Any]) -> None:
        v.only(body, {"pitch", "yaw", "roll"})
        axes: dict[str, AxisLimit] = {}
        for name in ("pitch", "yaw", "roll"):
            if body.get(name) is None:
                continue
            spec = v.obj(body[name])
            v.only(spec, {"minimum_rad", "maximum_rad", "maximum_speed_rad_per_s"})
            axes[name] = AxisLimit(v.number(spec, "minimum_rad", -4 * math.pi, 4 * math.pi),
                                   v.number(spec, "maximum_rad", -4 * math.pi, 4 * math.pi),
                                   v.number(spec, "maximum_speed_rad_per_s", 0.0, 100.0))
        if not axes:
            raise v.BadRequest("name at least one axis: pitch, yaw or roll")
        await self._acc.set_limits(**axes)
        await self.hub.refresh_report()

    async def reset_limits(self, _c: Caller, body: dict[str, Any]) -> None:
        v.only(body, set())
        await self._acc.reset_limits()
        await self.hub.refresh_report()

    async def clear_fault(self, _c: Caller, body: dict[str, Any]) -> None:
        v.only(body, set())
        await self._acc.clear_fault()

    async def save_preset(self, _c: Caller, body: dict[str, Any]) -> dict[str, Any]:
        v.only(body, {"name"})
        name = v.preset_name(body.get("name"))
        motion = self.hub.motion
        if motion is None:
            raise TransportError("no MOTION_STATE yet: the position is not known")
        self.presets.save(name, motion["positions_rad"])
        self._broadcast({"type": "presets", "presets": self.presets.all()})
        return {"presets": self.presets.all()}

    async def go_preset(self, _c: Caller, body: dict[str, Any]) -> dict[str, Any]:
        v.only(body, {"name", "duration_s"})
        name = v.preset_name(body.get("name"))
        position = self.presets.get(name)
        if position is None:
            raise v.BadRequest(f"no preset named {name!r}")
        move = await self._acc.set_orientation(Vector3(position["pitch"], position["yaw"], position["roll"]),
                                               duration_s=v.number(body, "duration_s", 0.0, 600.0, 0.0))
        return {"request_id": move.request_id, "planned_duration_s": move.planned_duration_s}

    async def delete_preset(self, _c: Caller, body: dict[str, Any]) -> dict[str, Any]:
        v.only(body, {"name"})
        if not self.presets.delete(v.preset_name(body.get("name"))):
            raise v.BadRequest("no such preset")
        self._broadcast({"type": "presets", "presets": self.presets.all()})
        return {"presets": self.presets.all()}

    # --- the jog pad's dead man --------------------------------------------------------------

    # Jog and its STOP go to the stand one at a time (the lock): a STOP may never overtake the
    # velocity it is meant to end, or the stand would turn on with nobody holding the pad.

    async def _jog(self, owner: object, velocity: Vector3, hold_s: float) -> None:
        async with self._motion_lock:
            self._jog_owner = owner
            self._jog_deadline = time.monotonic() + hold_s
            try:
                await self._acc.set_angular_velocity(velocity)
            except SwivelError:
                self._jog_owner = None
                raise

    async def _stop_quietly(self, why: str | None, only_if_expired: bool = False) -> None:
        async with self._motion_lock:
            if only_if_expired and (self._jog_owner is None or time.monotonic() <= self._jog_deadline):
                return  # renewed while we waited for the lock
            self._jog_owner = None
            if why:
                self.hub.note("warning", f"stopping: {why}")
            acc = self.hub.accessory
            if acc is None:
                return
            try:
                await acc.stop()
            except SwivelError as e:
                self.hub.note("error", f"STOP failed: {e}")

    async def _jog_watchdog(self) -> None:
        while True:
            await asyncio.sleep(0.05)
            if self._jog_owner is not None and time.monotonic() > self._jog_deadline:
                await self._stop_quietly("the jog pad was not renewed in time (released, or the connection stalled)",
                                         only_if_expired=True)

