"""The panoramic world a virtual camera on the stand looks at.

Everything is placed in WORLD angles seen from the stand's pivot, as the Swift
scenes are (docs/TRACKING.md, "The world and the camera"): `yaw` is the stand
yaw that puts a point on the optical axis (right +), `elevation` its height
above the camera's horizon at stand pitch 0 (up +). The world is a dimmed
equirectangular background made of real photographs and one person, a real
photograph too (`skimage.data.astronaut()`, head and shoulders, masked), that
moves along a scripted path. docs/VIRTUAL-CAMERA.md describes it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np


class WorldError(ValueError):
    """A scenario, a path or a world setting that cannot be rendered; the reason says which."""


def _finite(name: str, value: float, low: float, high: float) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise WorldError(f"{name} must be a number, got {type(value).__name__}")
    v = float(value)
    if not math.isfinite(v):
        raise WorldError(f"{name} must be a finite number, got {v}")
    if not low <= v <= high:
        raise WorldError(f"{name} must be within {low}…{high}, got {v}")
    return v


# -- the path ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keyframe:
    """Where the person's FACE centre is at `at_s`; between keyframes it moves linearly."""

    at_s: float
    yaw_rad: float
    elevation_rad: float


@dataclass(frozen=True, slots=True)
class PathPoint:
    yaw_rad: float
    elevation_rad: float
    yaw_rate_rad_per_s: float


class Path:
    """A piecewise-linear path of the face centre, with its corners blended.

    Two keyframes at the same time are a jump (as in the scene files): the
    person is at the first before that instant and at the second from it.

    Like the scenes' `smoothingSec` (docs/TRACKING.md): the path is averaged over
    a window `smoothing_s` wide centred on each instant, which turns every corner
    into a parabolic blend, so the person accelerates as people do instead of
    changing speed instantly. Held before the first keyframe and after the last.
    """

    __slots__ = ("keyframes", "smoothing_s", "_t", "_yaw", "_elev")

    def __init__(self, keyframes: list[Keyframe], smoothing_s: float = 0.3) -> None:
        if not 1 <= len(keyframes) <= 256:
            raise WorldError(f"a path needs 1…256 keyframes, got {len(keyframes)}")
        self.smoothing_s = _finite("smoothing_s", smoothing_s, 0.0, 5.0)
        previous = -math.inf
        at_previous = 0
        for i, k in enumerate(keyframes):
            _finite(f"keyframes[{i}].at_s", k.at_s, 0.0, 3600.0)
            _finite(f"keyframes[{i}].yaw_rad", k.yaw_rad, -4 * math.pi, 4 * math.pi)
            _finite(f"keyframes[{i}].elevation_rad", k.elevation_rad, -1.2, 1.2)
            if k.at_s < previous:
                raise WorldError(f"keyframes[{i}].at_s must not be before the previous keyframe's, got {k.at_s}")
            at_previous = at_previous + 1 if k.at_s == previous else 1
            if at_previous > 2:
                raise WorldError(f"keyframes[{i}]: at most two keyframes (a jump) at {k.at_s} s")
            previous = k.at_s
        if keyframes[0].at_s != 0.0:
            raise WorldError("the first keyframe must be at 0 s")
        self.keyframes = tuple(keyframes)
        self._t = np.array([k.at_s for k in keyframes])
        self._yaw = np.array([k.yaw_rad for k in keyframes])
        self._elev = np.array([k.elevation_rad for k in keyframes])

    def _integral(self, values: np.ndarray, t: float) -> float:
        """∫₀ᵗ of the piecewise-linear path (held outside its keyframes); t may be negative."""
        ts, vs = self._t, values
        if t <= 0.0:
            return float(vs[0] * t)
        total = 0.0
        for i in range(len(ts) - 1):
            a, b = ts[i], ts[i + 1]
            if t <= a:
                break
            if b == a:  # a jump: no time passes between its two keyframes
                continue
            end = min(t, b)
            va = vs[i]
            vend = va + (vs[i + 1] - va) * (end - a) / (b - a)
            total += 0.5 * (va + vend) * (end - a)
        if t > ts[-1]:
            total += float(vs[-1]) * (t - ts[-1])
        return total

    def _value(self, values: np.ndarray, t: float) -> float:
        tau = self.smoothing_s
        if tau == 0.0:
            # From a jump's instant on, the second of its keyframes.
            i = int(np.searchsorted(self._t, t, side="right")) - 1
            if i < 0:
                return float(values[0])
            if i >= len(values) - 1:
                return float(values[-1])
            a, b = self._t[i], self._t[i + 1]
            return float(values[i] + (values[i + 1] - values[i]) * (t - a) / (b - a))
        return (self._integral(values, t + tau / 2) - self._integral(values, t - tau / 2)) / tau

    def at(self, t_s: float) -> PathPoint:
        if not math.isfinite(t_s):
            raise WorldError(f"a path is evaluated at a finite time, got {t_s}")
        h = 1e-3
        yaw = self._value(self._yaw, t_s)
        rate = (self._value(self._yaw, t_s + h) - self._value(self._yaw, t_s - h)) / (2 * h)
        return PathPoint(yaw, self._value(self._elev, t_s), rate)


# -- the scenarios ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    description: str
    duration_s: float
    path: Path
    # The face's angular width; the whole photograph scales with it.
    face_width_rad: float = 0.2

    def first_hold_s(self) -> tuple[float, float] | None:
        """From 0 until the person first moves; None if she moves from the start."""
        ks = self.path.keyframes
        start = (ks[0].yaw_rad, ks[0].elevation_rad)
        end = self.duration_s
        for before, k in zip(ks, ks[1:]):
            if (k.yaw_rad, k.elevation_rad) != start:
                end = before.at_s
                break
        return (0.0, end) if end > 0.0 else None


def _scenarios() -> dict[str, Scenario]:
    walk = Scenario(
        "walk",
        "stands 1 s, walks right at 0.4 rad/s, pauses, walks back left at 0.5 rad/s past the start, pauses, "
        "comes back to the start",
        14.0,
        Path(
            [
                Keyframe(0.0, 0.0, 0.05),
                Keyframe(1.0, 0.0, 0.05),
                Keyframe(4.5, 1.4, 0.08),  # 0.4 rad/s
                Keyframe(5.5, 1.4, 0.08),  # pause
                Keyframe(9.9, -0.8, 0.04),  # 0.5 rad/s back, past the start
                Keyframe(10.9, -0.8, 0.04),  # pause
                Keyframe(12.9, 0.0, 0.05),  # 0.4 rad/s back to where she began: the demo loops seamlessly
                Keyframe(14.0, 0.0, 0.05),
            ],
            smoothing_s=0.4,
        ),
    )
    drift = Scenario(
        "drift",
        "a slow drift: 0.1 rad/s to the left while slowly rising, then back to the start",
        10.0,
        Path(
            [
                Keyframe(0.0, 0.0, 0.0),
                Keyframe(5.0, -0.5, 0.12),
                Keyframe(10.0, 0.0, 0.0),
            ],
            smoothing_s=1.0,
        ),
    )
    still = Scenario(
        "still",
        "a still person off-centre: 0.25 rad right and 0.05 rad up of where the stand points at start",
        6.0,
        Path([Keyframe(0.0, 0.25, 0.05)], smoothing_s=0.0),
    )
    return {s.name: s for s in (walk, drift, still)}


SCENARIOS: dict[str, Scenario] = _scenarios()


def scenario(name: str) -> Scenario:
    try:
        return SCENARIOS[name]
    except KeyError:
        raise WorldError(f"no scenario {name!r}; there are {', '.join(sorted(SCENARIOS))}") from None


# -- the pictures -------------------------------------------------------------

# The astronaut photograph (skimage.data.astronaut(), 512 × 512): where her face
# is, in its pixels, from MediaPipe's box on the unscaled photograph (0.347,
# 0.162, 0.186 × 0.186 of 512). It is a property of the asset, fixed here so the
# truth the scoring uses never comes from a detector at run time.
ASTRONAUT_FACE_BOX_PX = (178.0, 83.0, 95.0, 95.0)  # left, top, width, height
# Head and shoulders: the part of the photograph the person sprite keeps.
_SPRITE_CROP_PX = (40, 0, 430, 512)  # left, top, right, bottom


@dataclass(frozen=True, slots=True)
class PersonSprite:
    """The person: RGB pixels, an alpha mask 0…1, and the face centre in the sprite's pixels."""

    rgb: np.ndarray  # (h, w, 3) uint8
    alpha: np.ndarray  # (h, w) float32
    face_center_px: tuple[float, float]
    face_width_px: float

    @property
    def width_px(self) -> int:
        return int(self.rgb.shape[1])

    @property
    def height_px(self) -> int:
        return int(self.rgb.shape[0])


@lru_cache(maxsize=1)
def astronaut_sprite() -> PersonSprite:
    """Head and shoulders of the astronaut, cut out of her background with a soft mask."""
    from skimage import data

    photo = np.ascontiguousarray(data.astronaut())
    left, top, right, bottom = _SPRITE_CROP_PX
    rgb = np.ascontiguousarray(photo[top:bottom, left:right])
    h, w = rgb.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    fx, fy, fw, fh = ASTRONAUT_FACE_BOX_PX
    cx, cy = fx + fw / 2 - left, fy + fh / 2 - top
    # Hair and face, then the suit's shoulders: two ellipses, so the flag and the
    # shuttle behind her are cut away and the person stands out of the room.
    cv2.ellipse(mask, (int(cx), int(cy - 30)), (70, 88), 0, 0, 360, 255, -1)
    cv2.ellipse(mask, (int(cx), int(cy + 40)), (48, 70), 0, 0, 360, 255, -1)
    cv2.ellipse(mask, (int(cx), int(cy + 300)), (205, 240), 0, 180, 360, 255, -1)
    cv2.ellipse(mask, (int(cx), int(h)), (205, 150), 0, 0, 360, 255, -1)
    alpha = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), 2.5)
    return PersonSprite(rgb, alpha, (cx, cy), fw)


# Photographs hung round the room: (photo, centre yaw, centre elevation, height), radians.
_POSTERS = (
    ("rocket", -2.6, 0.15, 0.55),
    ("moon", -1.75, 0.3, 0.5),
    ("hubble_deep_field", -0.75, 0.05, 0.5),
    ("rocket", 0.35, 0.35, 0.5),
    ("hubble_deep_field", 1.3, 0.1, 0.55),
    ("moon", 2.2, 0.3, 0.45),
)


def _background_texture(px_per_rad: float, max_elevation_rad: float) -> np.ndarray:
    """An equirectangular room: a wall, a floor, a ceiling and real photographs hung on the wall, dimmed.

    The photographs (skimage's rocket, moon and Hubble deep field: an
    astronaut's room) hold no face MediaPipe or a Haar cascade finds (coffee
    and chelsea the cat were tried: BlazeFace took the cup, Haar the cat's ear
    and a tissue slide for faces); they
    hang apart on a plain wall because photographs butted edge to edge make
    seams a Haar cascade takes for faces. The wall's low-frequency texture and a
    slight blur (a background out of focus behind a person) keep it a room
    rather than a flat card. test_world_background checks it stays face-free.
    """
    from skimage import data

    width = int(round(2 * math.pi * px_per_rad))
    height = int(round(2 * max_elevation_rad * px_per_rad))
    rng = np.random.default_rng(12)
    lat = max_elevation_rad - (np.arange(height) + 0.5) / px_per_rad
    wall = np.array([150, 140, 125], np.float32)
    floor = np.array([112, 96, 80], np.float32)
    ceiling = np.array([185, 185, 180], np.float32)
    column = np.where((lat < -0.45)[:, None], floor, np.where((lat > 0.95)[:, None], ceiling, wall))
    # Light falls off toward the floor and the ceiling.
    column = column * (0.85 + 0.15 * np.cos(np.clip(lat, -1.5, 1.5)))[:, None]
    texture = np.repeat(column[:, None, :], width, axis=1)
    blotches = cv2.resize(rng.normal(0, 1, (60, 240)).astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC)
    texture += (6.0 * blotches)[:, :, None]
    for name, yaw, elevation, size in _POSTERS:
        photo = getattr(data, name)()
        if photo.ndim == 2:
            photo = np.dstack([photo] * 3)
        h = int(size * px_per_rad)
        w = int(h * photo.shape[1] / photo.shape[0])
        tile = cv2.resize(photo, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
        top = int((max_elevation_rad - elevation) * px_per_rad - h / 2)
        left = int((yaw + math.pi) * px_per_rad - w / 2) % width
        cols = (np.arange(w) + left) % width
        frame_px = max(2, h // 40)
        texture[top - frame_px : top + h + frame_px, (cols[0] - frame_px) % width] = 40
        texture[top - frame_px : top + h + frame_px][:, np.r_[cols[0] - frame_px : cols[0]] % width] = 40
        texture[top - frame_px : top + h + frame_px][:, np.r_[cols[-1] + 1 : cols[-1] + 1 + frame_px] % width] = 40
        texture[top - frame_px : top][:, cols] = 40
        texture[top + h : top + h + frame_px][:, cols] = 40
        texture[top : top + h][:, cols] = tile
    texture = cv2.GaussianBlur(np.clip(texture, 0, 255), (0, 0), 1.2)
    # Dimmed and a little desaturated: a room behind a person, not a gallery that shouts.
    grey = texture.mean(axis=2, keepdims=True)
    return np.clip(0.7 * (0.7 * texture + 0.3 * grey), 0, 255).astype(np.uint8)


@dataclass(frozen=True, slots=True)
class Background:
    texture: np.ndarray  # (h, w, 3) uint8, column 0 at yaw −π, row 0 at +max_elevation
    px_per_rad: float
    max_elevation_rad: float


@lru_cache(maxsize=4)
def room_background(px_per_rad: float = 420.0, max_elevation_rad: float = 1.45) -> Background:
    _finite("px_per_rad", px_per_rad, 50.0, 2000.0)
    _finite("max_elevation_rad", max_elevation_rad, 0.5, math.pi / 2)
    return Background(_background_texture(px_per_rad, max_elevation_rad), px_per_rad, max_elevation_rad)


# -- the world ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PersonPlacement:
    """Where the person is at one instant: her face centre and the photograph's angular size."""

    face_yaw_rad: float
    face_elevation_rad: float
    yaw_rate_rad_per_s: float
    # Angular size of one sprite pixel (square): the photograph scales as a whole.
    rad_per_sprite_px: float


@dataclass(frozen=True, slots=True)
class World:
    scenario: Scenario
    background: Background = field(default_factory=room_background)
    person: PersonSprite = field(default_factory=astronaut_sprite)

    def person_at(self, t_s: float) -> PersonPlacement:
        p = self.scenario.path.at(t_s)
        return PersonPlacement(
            p.yaw_rad, p.elevation_rad, p.yaw_rate_rad_per_s, self.scenario.face_width_rad / self.person.face_width_px
        )
