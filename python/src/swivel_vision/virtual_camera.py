"""A camera on the stand, rendered: the world as the stand's pose shows it.

The pinhole model of the board's camera (its field of view, or the vision
section's intrinsics, at the vision section's frame size), rotated by the
stand's pitch then yaw (yaw is the base axis; pitch rides on it), each pixel's
ray turned into a world angle and looked up in the world's panorama with
cv2.remap, the person composited from her photograph the same way, Gaussian
sensor noise from a seeded generator, and a real capture-to-delivery latency:
a frame is handed out `latency_s` after its `captured_ns`, never before.

Signs (docs/TRACKING.md, "Spaces and signs"): a point at world yaw +a with the
stand at yaw 0 is RIGHT of centre; for the back camera +pitch tilts the view
DOWN, so a point above centre needs negative pitch; the front camera's
vertical sense is opposite. docs/VIRTUAL-CAMERA.md has the model in full.
"""
from __future__ import annotations

import collections
import logging
import math
import threading
import time
from dataclasses import dataclass

import cv2
import numpy as np

from swivel.enums import CameraPosition

from .frames import Frame
from .pose_feed import PoseSource, StandPose
from .world import World, WorldError

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PinholeCamera:
    """Intrinsics in pixels of a `width_px × height_px` frame; pixel (0, 0) is the top-left one."""

    width_px: int
    height_px: int
    fx_px: float
    fy_px: float
    cx_px: float
    cy_px: float

    def __post_init__(self) -> None:
        for name in ("width_px", "height_px"):
            v = getattr(self, name)
            if not isinstance(v, int) or not 16 <= v <= 4096:
                raise WorldError(f"{name} must be a whole number of pixels within 16…4096, got {v!r}")
        for name, low, high in (("fx_px", 1.0, 1e6), ("fy_px", 1.0, 1e6), ("cx_px", -1e6, 1e6), ("cy_px", -1e6, 1e6)):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or not math.isfinite(v) or not low <= v <= high:
                raise WorldError(f"{name} must be a finite number within {low}…{high}, got {v!r}")

    @classmethod
    def from_field_of_view(cls, width_px: int, height_px: int, horizontal_rad: float, vertical_rad: float) -> "PinholeCamera":
        """What the stand assumes for a TRACK without intrinsics: the centre at the middle of the frame."""
        for name, v in (("horizontal field of view", horizontal_rad), ("vertical field of view", vertical_rad)):
            if not isinstance(v, (int, float)) or not math.isfinite(v) or not 0.05 <= v <= 3.0:
                raise WorldError(f"{name} must be within 0.05…3.0 rad, got {v!r}")
        return cls(
            width_px,
            height_px,
            (width_px / 2) / math.tan(horizontal_rad / 2),
            (height_px / 2) / math.tan(vertical_rad / 2),
            width_px / 2,
            height_px / 2,
        )

    @property
    def horizontal_fov_rad(self) -> float:
        return math.atan(self.cx_px / self.fx_px) + math.atan((self.width_px - self.cx_px) / self.fx_px)

    def project(self, direction: tuple[float, float, float]) -> tuple[float, float] | None:
        """A camera-frame direction (x right, y up, z forward) to continuous pixel coordinates, None behind."""
        x, y, z = direction
        if z <= 1e-9:
            return None
        return (self.cx_px + self.fx_px * x / z, self.cy_px - self.fy_px * y / z)


def _view_elevation_rad(pose: StandPose, position: CameraPosition) -> float:
    # Back camera: +pitch tilts the view down; front: up (TRACKING.md).
    return -pose.pitch_rad if position is CameraPosition.BACK else pose.pitch_rad


def world_to_camera(yaw_rad: float, elevation_rad: float, pose: StandPose, position: CameraPosition) -> tuple[float, float, float]:
    """A world direction in the camera's frame at `pose` (x right, y up, z forward)."""
    lon = yaw_rad - pose.yaw_rad
    cos_e = math.cos(elevation_rad)
    x, y, z = math.sin(lon) * cos_e, math.sin(elevation_rad), math.cos(lon) * cos_e
    a = _view_elevation_rad(pose, position)
    return (x, y * math.cos(a) - z * math.sin(a), y * math.sin(a) + z * math.cos(a))


@dataclass(frozen=True, slots=True)
class CaptureTruth:
    """Where the renderer put the person in one frame: the scoring's ground truth."""

    index: int
    captured_ns: int
    world_time_s: float
    pose: StandPose
    face_yaw_rad: float
    face_elevation_rad: float
    # The face centre in the frame's pixels (continuous; None when behind the camera).
    face_center_px: tuple[float, float] | None
    face_width_px: float


class Renderer:
    """Renders a world at a pose. Not thread-safe (it reuses its buffers)."""

    # World angles are exact (float64 trigonometry) on a grid every GRID_PX
    # pixels reaching past the frame's edges, and interpolated bilinearly in
    # between: a pinhole's angles bend so slowly that this is within 0.01 px of
    # the per-pixel result, at a fiftieth of the arctangents.
    GRID_PX = 8

    def __init__(self, world: World, camera: PinholeCamera, position: CameraPosition = CameraPosition.BACK) -> None:
        self.world = world
        self.camera = camera
        self.position = position
        w, h, g = camera.width_px, camera.height_px, self.GRID_PX
        # Grid nodes at continuous pixel coordinates −g/2, g/2, 3g/2 … past the far edge.
        nx, ny = (w + g) // g + 2, (h + g) // g + 2
        gx = -g / 2 + g * np.arange(nx)
        gy = -g / 2 + g * np.arange(ny)
        self._grid_rx = ((gx - camera.cx_px) / camera.fx_px)[None, :].repeat(ny, 0)
        self._grid_ry = (-(gy - camera.cy_px) / camera.fy_px)[:, None].repeat(nx, 1)
        self._grid_shape = (ny, nx)
        bg = world.background
        # The panorama with a quarter turn and a bit more repeated either side: a
        # pinhole sees less than half a turn, so no pixel's texture column needs
        # wrapping once the stand's yaw is wrapped into ±π.
        self._pad_px = int(math.ceil((math.pi / 2 + 0.1) * bg.px_per_rad))
        self._texture = cv2.copyMakeBorder(bg.texture, 0, 0, self._pad_px, self._pad_px, cv2.BORDER_WRAP)
        sprite = world.person
        self._sprite_rgba = np.dstack([sprite.rgb, np.clip(sprite.alpha * 255 + 0.5, 0, 255).astype(np.uint8)])

    def _grid_angles(self, pose: StandPose) -> tuple[np.ndarray, np.ndarray]:
        """Longitude relative to the stand's yaw, and latitude, of the grid's rays (float64)."""
        a = _view_elevation_rad(pose, self.position)
        ca, sa = math.cos(a), math.sin(a)
        # Tilt about x by the view's elevation: y' = y cos a + z sin a, z' = −y sin a + z cos a (z = 1).
        y = self._grid_ry * ca + sa
        z = ca - self._grid_ry * sa
        return np.arctan2(self._grid_rx, z), np.arctan2(y, np.hypot(self._grid_rx, z))

    def _upsample(self, grid: np.ndarray, rows: slice | None = None, cols: slice | None = None) -> np.ndarray:
        """Bilinear from the grid to pixels. cv2.resize samples destination pixel i at
        source (i + 0.5)/g − 0.5; pixel i of the frame is grid coordinate (i + 0.5 + g/2)/g,
        which is destination pixel i + g of a resize by g: so resize, then crop g in."""
        g = self.GRID_PX
        ny, nx = self._grid_shape
        big = cv2.resize(grid.astype(np.float32), (nx * g, ny * g), interpolation=cv2.INTER_LINEAR)
        h, w = self.camera.height_px, self.camera.width_px
        rows = rows or slice(0, h)
        cols = cols or slice(0, w)
        return np.ascontiguousarray(big[g + rows.start : g + rows.stop, g + cols.start : g + cols.stop])

    def render(self, world_time_s: float, pose: StandPose) -> tuple[np.ndarray, "CaptureTruth"]:
        if not (math.isfinite(pose.yaw_rad) and math.isfinite(pose.pitch_rad)):
            raise WorldError(f"a pose must be finite, got yaw {pose.yaw_rad} pitch {pose.pitch_rad}")
        lon_rel, lat = self._grid_angles(pose)
        bg = self.world.background
        ppr = bg.px_per_rad
        yaw = math.remainder(pose.yaw_rad, 2 * math.pi)
        map_x = self._upsample((lon_rel + yaw + math.pi) * ppr + self._pad_px)
        map_y = self._upsample((bg.max_elevation_rad - lat) * ppr)
        frame = cv2.remap(self._texture, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

        person = self.world.person_at(world_time_s)
        sprite = self.world.person
        inv = 1.0 / person.rad_per_sprite_px
        # The face's offset from the optical axis, wrapped once into ±π: a field of
        # view under π then sees the person at most once per turn.
        d0 = math.remainder(pose.yaw_rad - person.face_yaw_rad, 2 * math.pi)
        gsx = (lon_rel + d0) * inv + sprite.face_center_px[0]
        gsy = (person.face_elevation_rad - lat) * inv + sprite.face_center_px[1]
        inside = (gsx > -1) & (gsx < sprite.width_px) & (gsy > -1) & (gsy < sprite.height_px)
        rows = np.flatnonzero(inside.any(axis=1))
        cols = np.flatnonzero(inside.any(axis=0))
        if rows.size and cols.size:
            g = self.GRID_PX
            # Grid node k sits at pixel k·g − g/2: one node of margin either side.
            r0 = max(0, (rows[0] - 1) * g - g // 2)
            r1 = min(self.camera.height_px, (rows[-1] + 1) * g + g // 2)
            c0 = max(0, (cols[0] - 1) * g - g // 2)
            c1 = min(self.camera.width_px, (cols[-1] + 1) * g + g // 2)
            if r1 > r0 and c1 > c0:
                rs, cs = slice(int(r0), int(r1)), slice(int(c0), int(c1))
                sx, sy = self._upsample(gsx, rs, cs), self._upsample(gsy, rs, cs)
                patch = cv2.remap(
                    self._sprite_rgba, sx, sy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0)
                )
                alpha = patch[:, :, 3].astype(np.float32) * np.float32(1 / 255)
                region = frame[rs, cs]
                frame[rs, cs] = cv2.blendLinear(np.ascontiguousarray(patch[:, :, :3]), region, alpha, 1.0 - alpha)

        direction = world_to_camera(person.face_yaw_rad, person.face_elevation_rad, pose, self.position)
        centre = self.camera.project(direction)
        face_px = self.world.scenario.face_width_rad * self.camera.fx_px
        truth = CaptureTruth(0, 0, world_time_s, pose, person.face_yaw_rad, person.face_elevation_rad, centre, face_px)
        return frame, truth


class SensorNoise:
    """Gaussian noise of σ grey levels, seeded: a bank of fields drawn once, a random one at a random offset per frame.

    Drawing 900 k normals per frame costs more than the render; a bank of four
    fields with a fresh offset each frame looks the same to a detector and to an eye.
    """

    def __init__(self, width_px: int, height_px: int, sigma: float, seed: int, bank: int = 4, pad_px: int = 32) -> None:
        if not isinstance(sigma, (int, float)) or not math.isfinite(sigma) or not 0.0 <= sigma <= 50.0:
            raise WorldError(f"noise sigma must be within 0…50 grey levels, got {sigma!r}")
        self.sigma = float(sigma)
        self._rng = np.random.default_rng(seed)
        self._pad = pad_px
        self._w, self._h = width_px, height_px
        self._bank = [
            np.clip(self._rng.normal(0.0, sigma, (height_px + pad_px, width_px + pad_px, 3)), -127, 127).astype(np.int16)
            for _ in range(bank if sigma > 0 else 0)
        ]

    def apply(self, frame: np.ndarray) -> np.ndarray:
        if not self._bank:
            return frame
        field = self._bank[int(self._rng.integers(len(self._bank)))]
        dy, dx = (int(v) for v in self._rng.integers(0, self._pad, 2))
        noise = field[dy : dy + self._h, dx : dx + self._w]
        return cv2.add(frame, noise, dtype=cv2.CV_8U)


class VirtualCamera:
    """A `FrameSource`: frames captured at `frame_rate_hz` from the pose read at capture, handed out `latency_s` later.

    A capture thread renders on a fixed schedule (a sensor does not wait for its
    reader); `read` returns the newest frame whose delivery time has come and
    drops older ones (counted in `dropped`), as a camera driver's ring does when
    its reader falls behind. The world's time is the time since `start`; the
    source ends (read → None) after the scenario's duration unless `loop`.
    """

    def __init__(
        self,
        world: World,
        camera: PinholeCamera,
        pose: PoseSource,
        *,
        position: CameraPosition = CameraPosition.BACK,
        frame_rate_hz: float = 30.0,
        latency_s: float = 0.033,
        noise_sigma: float = 3.0,
        seed: int = 1,
        loop: bool = False,
        keep_truth: int = 4096,
    ) -> None:
        if not isinstance(frame_rate_hz, (int, float)) or not math.isfinite(frame_rate_hz) or not 1 <= frame_rate_hz <= 120:
            raise WorldError(f"frame_rate_hz must be within 1…120, got {frame_rate_hz!r}")
        if not isinstance(latency_s, (int, float)) or not math.isfinite(latency_s) or not 0 <= latency_s <= 1.0:
            raise WorldError(f"latency_s must be within 0…1 s, got {latency_s!r}")
        self.width_px = camera.width_px
        self.height_px = camera.height_px
        self.frame_rate_hz = float(frame_rate_hz)
        self.latency_s = float(latency_s)
        self.loop = loop
        self._renderer = Renderer(world, camera, position)
        self._noise = SensorNoise(camera.width_px, camera.height_px, noise_sigma, seed)
        self._pose = pose
        self._duration_s = world.scenario.duration_s
        self._cond = threading.Condition()
        self._queue: collections.deque[tuple[int, Frame, CaptureTruth]] = collections.deque()
        self._truth: collections.OrderedDict[int, CaptureTruth] = collections.OrderedDict()
        self._keep_truth = keep_truth
        self._closed = False
        self._ended = False
        self._thread: threading.Thread | None = None
        self.start_ns = 0
        self.dropped = 0
        self.rendered = 0
        self.render_cpu_ns = 0

    @property
    def camera(self) -> PinholeCamera:
        return self._renderer.camera

    def start(self) -> None:
        if self._thread is not None:
            return
        self.start_ns = time.monotonic_ns()
        self._thread = threading.Thread(target=self._capture_loop, name="virtual-camera", daemon=True)
        self._thread.start()

    def _capture_loop(self) -> None:
        period_ns = int(1e9 / self.frame_rate_hz)
        index = 0
        try:
            while True:
                slot_ns = self.start_ns + index * period_ns
                now = time.monotonic_ns()
                if slot_ns < now - period_ns:
                    # Behind by more than a frame (a busy machine): skip the slots we missed, as a sensor would.
                    index = (now - self.start_ns) // period_ns + 1
                    continue
                with self._cond:
                    if self._closed:
                        return
                    if slot_ns > now:
                        self._cond.wait((slot_ns - now) / 1e9)
                        if self._closed:
                            return
                        if time.monotonic_ns() < slot_ns:
                            continue
                captured_ns = time.monotonic_ns()
                world_t = (captured_ns - self.start_ns) / 1e9
                if world_t > self._duration_s:
                    if not self.loop:
                        break
                    world_t %= self._duration_s
                pose = self._pose.pose_at(captured_ns)
                cpu0 = time.thread_time_ns()
                pixels, truth = self._renderer.render(world_t, pose)
                pixels = self._noise.apply(pixels)
                self.render_cpu_ns += time.thread_time_ns() - cpu0
                self.rendered += 1
                truth = CaptureTruth(
                    index, captured_ns, world_t, truth.pose, truth.face_yaw_rad, truth.face_elevation_rad,
                    truth.face_center_px, truth.face_width_px,
                )
                frame = Frame(pixels, captured_ns, index)
                with self._cond:
                    self._queue.append((captured_ns + int(self.latency_s * 1e9), frame, truth))
                    self._truth[index] = truth
                    while len(self._truth) > self._keep_truth:
                        self._truth.popitem(last=False)
                    self._cond.notify_all()
                index += 1
        except Exception:  # a render failure must end the source, not hang its reader
            log.exception("virtual camera: capture failed; the source ends")
        with self._cond:
            self._ended = True
            self._cond.notify_all()

    def read(self) -> Frame | None:
        if self._thread is None:
            self.start()
        with self._cond:
            while True:
                if self._closed:
                    return None
                now = time.monotonic_ns()
                if self._queue and self._queue[0][0] <= now:
                    deliver_ns, frame, _ = self._queue.popleft()
                    while self._queue and self._queue[0][0] <= now:
                        deliver_ns, frame, _ = self._queue.popleft()
                        self.dropped += 1
                    return frame
                if not self._queue and self._ended:
                    return None
                timeout = (self._queue[0][0] - now) / 1e9 if self._queue else 0.05
                self._cond.wait(timeout)

    def truth(self, index: int) -> CaptureTruth | None:
        with self._cond:
            return self._truth.get(index)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
