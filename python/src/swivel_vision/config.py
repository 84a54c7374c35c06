"""`VisionConfig`: what swivel-vision needs from a board file, and the command line on top.

The board's `vision` section (docs/VISION.md, boards/README.md), the `camera`
section's field of view for the vision camera's device type, and the
`serial` entry with role `vision`. Bounds and messages are the Swift board
loader's (Sources/Core/SwivelBoard/Decoding): a problem names its key path and
line, and every problem of the file is reported at once. Other sections
(axes, gpio, ...) are the daemon's business and are not checked here:
`swiveld check-board` checks the whole file.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

from swivel.transport import DEVELOPMENT_SOCKET_PATH, INSTALLED_SOCKET_PATH

from .json5 import MAXIMUM_BYTES, Json5Error, Json5ErrorKind, Json5Member, Json5Value, describe_number, loads

# Where swiveld links a `device: "pty"` vision entry: /tmp on a simulated board
# (make run), /run/swivel (the service's RuntimeDirectory) on any other.
DEFAULT_VISION_PTY_LINK = "/tmp/swivel-vision"
INSTALLED_VISION_PTY_LINK = "/run/swivel/vision"
# The socket paths are the client's endpoint rule's own.
INSTALLED_SOCKET = INSTALLED_SOCKET_PATH
DEVELOPMENT_SOCKET = DEVELOPMENT_SOCKET_PATH


class SourceKind(str, Enum):
    AUTO = "auto"
    PICAMERA2 = "picamera2"
    OPENCV = "opencv"
    VIRTUAL = "virtual"


class DetectorKind(str, Enum):
    FACE = "face"
    FACE_FULL_RANGE = "faceFullRange"
    BODY = "body"
    HAAR = "haar"


class DeviceTypeName(str, Enum):
    """The `camera` section entry giving the field of view, and TRACK's device type byte."""

    WIDE_ANGLE = "wideAngle"
    ULTRA_WIDE = "ultraWide"
    TELEPHOTO = "telephoto"
    OTHER = "other"

    @property
    def wire_value(self) -> int:
        return {"wideAngle": 1, "ultraWide": 2, "telephoto": 3, "other": 4}[self.value]


class PositionName(str, Enum):
    BACK = "back"
    FRONT = "front"

    @property
    def wire_value(self) -> int:
        return 2 if self is PositionName.BACK else 1


class LinkKind(str, Enum):
    # The board's serial entry with role vision: its TRACK drives system tracking.
    VISION = "vision"
    # A host session on the daemon's socket: custom tracking, as an app's.
    SOCKET = "socket"


@dataclass(frozen=True, slots=True)
class FieldOfView:
    horizontal_rad: float
    vertical_rad: float


# docs/TRACKING.md / boards/README.md `camera`: landscape angles per device type.
DEFAULT_FIELDS_OF_VIEW: dict[DeviceTypeName, FieldOfView] = {
    DeviceTypeName.WIDE_ANGLE: FieldOfView(1.107, 0.860),
    DeviceTypeName.ULTRA_WIDE: FieldOfView(1.745, 1.396),
    DeviceTypeName.TELEPHOTO: FieldOfView(0.489, 0.370),
    DeviceTypeName.OTHER: FieldOfView(1.107, 0.860),
}


@dataclass(frozen=True, slots=True)
class Intrinsics:
    """Pinhole intrinsics of the frame at width_px x height_px (no skew)."""

    fx_px: float
    fy_px: float
    cx_px: float
    cy_px: float


@dataclass(frozen=True, slots=True)
class SerialEntry:
    device: str  # "pty" or a /dev/ path
    baud: int


@dataclass(frozen=True, slots=True)
class VisionConfig:
    source: SourceKind = SourceKind.AUTO
    device: str = "/dev/video0"
    width_px: int = 640
    height_px: int = 480
    frame_rate_hz: float = 30.0
    detector: DetectorKind = DetectorKind.FACE
    min_confidence: float = 0.5
    camera_device_type: DeviceTypeName = DeviceTypeName.WIDE_ANGLE
    camera_position: PositionName = PositionName.BACK
    intrinsics: Intrinsics | None = None
    link: LinkKind = LinkKind.VISION
    gestures: bool = False
    # From the `camera` section, for camera_device_type.
    field_of_view: FieldOfView = DEFAULT_FIELDS_OF_VIEW[DeviceTypeName.WIDE_ANGLE]
    # The `serial` entry with role vision, if any.
    vision_serial: SerialEntry | None = None
    # Where the vision link is opened (a pty link or a UART), and its baud.
    vision_link_path: str | None = DEFAULT_VISION_PTY_LINK
    vision_baud: int = 921600
    socket_path: str = DEVELOPMENT_SOCKET
    # `backend: "simulated"`: swiveld's default links are under /tmp.
    simulated_board: bool = True
    board_name: str = ""
    board_path: str = ""
    all_fields_of_view: dict[DeviceTypeName, FieldOfView] = field(default_factory=lambda: dict(DEFAULT_FIELDS_OF_VIEW))


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong, as the Swift loader's BoardProblem prints it."""

    key_path: str
    line: int | None
    reason: str

    def __str__(self) -> str:
        head = self.key_path
        if self.line is not None:
            head += f"line {self.line}" if not head else f" (line {self.line})"
        return f"{head}: {self.reason}" if head else self.reason


class VisionConfigError(ValueError):
    """Every problem found in a board file's vision settings, or in the command line."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        # The loader's order: by line (unlocated first), then key path, then reason.
        self.problems = sorted(problems, key=lambda p: (p.line if p.line is not None else 0, p.key_path, p.reason))
        count = "1 problem" if len(self.problems) == 1 else f"{len(self.problems)} problems"
        super().__init__(f"{source}: {count}\n" + "\n".join(f"  {p}" for p in self.problems))


VISION_KEYS = [
    "source", "device", "widthPx", "heightPx", "frameRateHz", "detector", "minConfidence",
    "cameraDeviceType", "cameraPosition", "intrinsics", "link", "gestures",
]
INTRINSICS_KEYS = ["fxPx", "fyPx", "cxPx", "cyPx"]
CAMERA_KEYS = ["wideAngle", "ultraWide", "telephoto", "other"]
FIELD_OF_VIEW_KEYS = ["horizontalFovRad", "verticalFovRad"]
SERIAL_KEYS = ["role", "device", "baud"]
BAUDS = [9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1500000, 2000000]
FRAME_SIZE_PX = (64, 4096)
FRAME_RATE_HZ = (1.0, 30.0)
MIN_CONFIDENCE = (0.05, 1.0)
FOCAL_PX = (1.0, 1e6)
CENTRE_PX = (-1e6, 1e6)
FIELD_OF_VIEW_RAD = (0.05, 3.0)


def _edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        diagonal, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            above = row[j]
            row[j] = min(diagonal + (a[i - 1] != b[j - 1]), above + 1, row[j - 1] + 1)
            diagonal = above
    return row[len(b)]


def closest(word: str, candidates: list[str]) -> str | None:
    """The Swift loader's "did you mean": edit distance <= 2 ignoring case, earliest on ties."""
    best: tuple[str, int] | None = None
    for candidate in candidates:
        if candidate == word:
            continue
        distance = _edit_distance(word.lower(), candidate.lower())
        if distance <= 2 and (best is None or distance < best[1]):
            best = (candidate, distance)
    return best[0] if best else None


def _format_bound(value: float) -> str:
    if value == round(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def _describe(value: Json5Value) -> str:
    if value.is_object:
        return "an object"
    if value.is_array:
        return "an array"
    v = value.value
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return describe_number(v)
    text = str(v)
    shown = text[:40] + "…" if len(text) > 40 else text
    return f'the string "{shown}"'


def _quoted(text: str) -> str:
    return '"' + (text[:40] + "…" if len(text) > 40 else text) + '"'


def _is_number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class _Decoder:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def report(self, path: str, line: int | None, reason: str) -> None:
        self.problems.append(Problem(path, line, reason))

    def obj(self, value: Json5Value, path: str, allowed: list[str]) -> Json5Value | None:
        if not value.is_object:
            self.report(path, value.line, f"expected an object, found {_describe(value)}")
            return None
        for member in value.members:
            if member.key not in allowed:
                reason = f'unknown key "{member.key}"'
                suggestion = closest(member.key, allowed)
                if suggestion:
                    reason += f' (did you mean "{suggestion}"?)'
                reason += "; allowed keys: " + ", ".join(allowed)
                self.report(f"{path}.{member.key}", member.key_line, reason)
        return value

    def member(self, fields: Json5Value, path: str, key: str, required: bool) -> Json5Member | None:
        member = fields.member(key)
        if member is None and required:
            self.report(f"{path}.{key}", fields.line, "required key is missing")
        return member

    def integer(self, fields: Json5Value, path: str, key: str, bounds: tuple[int, int] | list[int], default: int | None) -> int | None:
        member = self.member(fields, path, key, default is None)
        if member is None:
            return default
        v, line, where = member.value.value, member.value.line, f"{path}.{key}"
        if member.value.is_object or member.value.is_array or not _is_number(v):
            self.report(where, line, f"expected an integer, found {_describe(member.value)}")
            return None
        assert isinstance(v, (int, float))
        if not math.isfinite(v) or v != round(v):
            self.report(where, line, f"expected an integer, found {describe_number(v)}")
            return None
        value = int(v)
        if isinstance(bounds, list):
            ok, text = value in bounds, "one of " + ", ".join(str(b) for b in bounds)
        else:
            ok, text = bounds[0] <= value <= bounds[1], f"between {bounds[0]} and {bounds[1]}"
        if not ok:
            self.report(where, line, f"must be {text}, found {describe_number(v)}")
            return None
        return value

    def number(self, fields: Json5Value, path: str, key: str, bounds: tuple[float, float], default: float | None, text: str | None = None) -> float | None:
        member = self.member(fields, path, key, default is None)
        if member is None:
            return default
        v, line, where = member.value.value, member.value.line, f"{path}.{key}"
        if member.value.is_object or member.value.is_array or not _is_number(v):
            self.report(where, line, f"expected a number, found {_describe(member.value)}")
            return None
        assert isinstance(v, (int, float))
        # NaN and the infinities are named as such, as the Swift loader names them.
        if not math.isfinite(v) or not bounds[0] <= v <= bounds[1]:
            shown = text or f"between {_format_bound(bounds[0])} and {_format_bound(bounds[1])}"
            what = "" if math.isfinite(v) else "a finite number "
            self.report(where, line, f"must be {what}{shown}, found {describe_number(v)}")
            return None
        return float(v)

    def boolean(self, fields: Json5Value, path: str, key: str, default: bool) -> bool | None:
        member = self.member(fields, path, key, False)
        if member is None:
            return default
        v = member.value.value
        if member.value.is_object or member.value.is_array or not isinstance(v, bool):
            self.report(f"{path}.{key}", member.value.line, f"expected true or false, found {_describe(member.value)}")
            return None
        return v

    def string(self, fields: Json5Value, path: str, key: str, lengths: tuple[int, int], default: str | None) -> tuple[str, int] | None:
        member = self.member(fields, path, key, default is None)
        if member is None:
            return (default, fields.line) if default is not None else None
        v, line = member.value.value, member.value.line
        if member.value.is_object or member.value.is_array or not isinstance(v, str):
            self.report(f"{path}.{key}", line, f"expected a string, found {_describe(member.value)}")
            return None
        if not lengths[0] <= len(v) <= lengths[1]:
            self.report(f"{path}.{key}", line, f"must be {lengths[0]} to {lengths[1]} characters long, found {len(v)}")
            return None
        return v, line

    def choice(self, fields: Json5Value, path: str, key: str, options: list[str], default: str | None) -> str | None:
        member = self.member(fields, path, key, default is None)
        if member is None:
            return default
        v, line = member.value.value, member.value.line
        expected = "expected one of " + ", ".join(f'"{o}"' for o in options)
        if member.value.is_object or member.value.is_array or not isinstance(v, str):
            self.report(f"{path}.{key}", line, f"{expected}, found {_describe(member.value)}")
            return None
        if v not in options:
            reason = f"{expected}, found {_quoted(v)}"
            suggestion = closest(v, options)
            if suggestion:
                reason += f'; did you mean "{suggestion}"?'
            self.report(f"{path}.{key}", line, reason)
            return None
        return v


def check_video_device(device: str) -> str | None:
    """None when `device` is an acceptable path, else the reason (the Swift loader's rule).

    Any absolute path but "/" without control characters: a `/dev/videoN`
    camera or a video file. Whether it opens is learnt when it is opened.
    """
    if device.startswith("/") and device != "/" and not any(ord(c) < 0x20 or ord(c) == 0x7F for c in device):
        return None
    return (
        'expected an absolute path: a camera such as "/dev/video0" or a video file such as '
        f'"/home/pi/clip.mp4", found {_quoted(device)}'
    )


def _serial_device_reason(device: str) -> str | None:
    if device == "pty":
        return None
    components = device[len("/dev/"):].split("/")
    valid = (
        device.startswith("/dev/")
        and all(c not in ("", ".", "..") for c in components)
        and not any(ord(c) < 0x20 or ord(c) == 0x7F for c in device)
    )
    if valid:
        return None
    return f'expected "pty" or an absolute device path under /dev/ such as "/dev/ttyAMA0", found {_quoted(device)}'


def _decode(root: Json5Value, board_path: str) -> VisionConfig:
    d = _Decoder()
    if not root.is_object:
        raise VisionConfigError(board_path, [Problem("", root.line, f"expected an object at the top level, found {_describe(root)}")])

    # camera: each device type's field of view.
    fovs = dict(DEFAULT_FIELDS_OF_VIEW)
    camera_member = root.member("camera")
    if camera_member is not None:
        camera = d.obj(camera_member.value, "camera", CAMERA_KEYS)
        if camera is not None:
            for name in DeviceTypeName:
                entry = camera.member(name.value)
                if entry is None:
                    continue
                fov_fields = d.obj(entry.value, f"camera.{name.value}", FIELD_OF_VIEW_KEYS)
                if fov_fields is None:
                    continue
                text = "between 0.05 and 3.0 (a pinhole camera sees less than π)"
                h = d.number(fov_fields, f"camera.{name.value}", "horizontalFovRad", FIELD_OF_VIEW_RAD, None, text)
                v = d.number(fov_fields, f"camera.{name.value}", "verticalFovRad", FIELD_OF_VIEW_RAD, None, text)
                if h is not None and v is not None:
                    fovs[name] = FieldOfView(h, v)

    # serial: the entry with role vision.
    vision_serial: SerialEntry | None = None
    problems_before_serial = len(d.problems)
    serial_member = root.member("serial")
    if serial_member is not None:
        if not serial_member.value.is_array:
            d.report("serial", serial_member.value.line, f"expected an array of serial ports, found {_describe(serial_member.value)}")
        else:
            for index, element in enumerate(serial_member.value.elements):
                path = f"serial[{index}]"
                if not element.is_object:
                    continue  # the daemon reports it; only the vision entry matters here
                role = element.member("role")
                if role is None or role.value.value != "vision":
                    continue
                port = d.obj(element, path, SERIAL_KEYS)
                if port is None:
                    continue
                device = d.string(port, path, "device", (1, 255), None)
                if device is not None and (reason := _serial_device_reason(device[0])):
                    d.report(f"{path}.device", device[1], reason)
                    device = None
                baud = d.integer(port, path, "baud", BAUDS, None)
                if vision_serial is not None:
                    d.report(f"{path}.role", role.value.line, 'role "vision" is already used by an earlier entry; each role may appear at most once')
                elif device is not None and baud is not None:
                    vision_serial = SerialEntry(device[0], baud)

    # As the loader: the link cross-check waits until serial itself is valid.
    serial_ok = len(d.problems) == problems_before_serial
    backend = root.member("backend")
    simulated = backend is not None and backend.value.value == "simulated"
    name_member = root.member("name")
    board_name = name_member.value.value if name_member is not None and isinstance(name_member.value.value, str) else ""

    config = VisionConfig(
        all_fields_of_view=fovs,
        vision_serial=vision_serial,
        socket_path=DEVELOPMENT_SOCKET if simulated else INSTALLED_SOCKET,
        simulated_board=simulated,
        board_name=board_name,
        board_path=board_path,
    )
    vision_member = root.member("vision")
    values: dict[str, Any] = {}
    if vision_member is not None:
        vision = d.obj(vision_member.value, "vision", VISION_KEYS)
        if vision is not None:
            p = "vision"
            source = d.choice(vision, p, "source", [s.value for s in SourceKind], "auto")
            device = d.string(vision, p, "device", (1, 255), "/dev/video0")
            if device is not None and (reason := check_video_device(device[0])):
                d.report(f"{p}.device", device[1], reason)
                device = None
            width = d.integer(vision, p, "widthPx", FRAME_SIZE_PX, 640)
            height = d.integer(vision, p, "heightPx", FRAME_SIZE_PX, 480)
            rate = d.number(vision, p, "frameRateHz", FRAME_RATE_HZ, 30.0)
            detector = d.choice(vision, p, "detector", [k.value for k in DetectorKind], "face")
            confidence = d.number(vision, p, "minConfidence", MIN_CONFIDENCE, 0.5)
            device_type = d.choice(vision, p, "cameraDeviceType", [k.value for k in DeviceTypeName], "wideAngle")
            position = d.choice(vision, p, "cameraPosition", [k.value for k in PositionName], "back")
            link = d.choice(vision, p, "link", [k.value for k in LinkKind], "vision")
            gestures = d.boolean(vision, p, "gestures", False)
            intrinsics: Intrinsics | None = None
            intrinsics_member = vision.member("intrinsics")
            if intrinsics_member is not None:
                k = d.obj(intrinsics_member.value, "vision.intrinsics", INTRINSICS_KEYS)
                if k is not None:
                    ip = "vision.intrinsics"
                    fx = d.number(k, ip, "fxPx", FOCAL_PX, None)
                    fy = d.number(k, ip, "fyPx", FOCAL_PX, None)
                    cx = d.number(k, ip, "cxPx", CENTRE_PX, None)
                    cy = d.number(k, ip, "cyPx", CENTRE_PX, None)
                    if None not in (fx, fy, cx, cy):
                        intrinsics = Intrinsics(fx, fy, cx, cy)  # type: ignore[arg-type]
            # The loader's cross-check: the vision link needs the serial entry.
            if link == LinkKind.VISION.value and vision_serial is None and serial_ok:
                link_member = vision.member("link")
                d.report(
                    "vision.link", link_member.value.line if link_member is not None else vision.line,
                    'link "vision" sends on the board\'s serial entry with role "vision", and serial has none: '
                    'add { role: "vision", device: "pty", baud: 921600 } (or a UART) to serial, or set link: "socket"',
                )
            values = dict(
                source=source and SourceKind(source), device=device and device[0], width_px=width,
                height_px=height, frame_rate_hz=rate, detector=detector and DetectorKind(detector),
                min_confidence=confidence, camera_device_type=device_type and DeviceTypeName(device_type),
                camera_position=position and PositionName(position), link=link and LinkKind(link),
                gestures=gestures, intrinsics=intrinsics,
            )
    if d.problems:
        raise VisionConfigError(board_path, d.problems)
    config = replace(config, **{k: v for k, v in values.items() if v is not None or k == "intrinsics"})
    return _resolve(config)


def _resolve(config: VisionConfig) -> VisionConfig:
    """Derived fields: the field of view of the device type, the link's path."""
    fov = config.all_fields_of_view[config.camera_device_type]
    path: str | None = None
    baud = 921600
    if config.vision_serial is not None:
        baud = config.vision_serial.baud
        # A pty's other end is linked where swiveld links it by default. A UART
        # entry names swiveld's end of the wire: this program is on the far end
        # (its own UART, on a co-processor), which only --vision-link can say.
        pty_link = DEFAULT_VISION_PTY_LINK if config.simulated_board else INSTALLED_VISION_PTY_LINK
        path = pty_link if config.vision_serial.device == "pty" else None
    return replace(config, field_of_view=fov, vision_link_path=path, vision_baud=baud)


def load_board(path: str | Path) -> VisionConfig:
    """Reads and decodes a board file; VisionConfigError lists every problem."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAXIMUM_BYTES + 1)
    except OSError as error:
        raise VisionConfigError(source, [Problem("", None, f"cannot open the board file: {error.strerror or error}")]) from None
    if len(data) > MAXIMUM_BYTES:
        raise VisionConfigError(source, [Problem("", None, f"the board file is larger than {MAXIMUM_BYTES} bytes (1 MiB)")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise VisionConfigError(source, [Problem("", None, "the board file is not valid UTF-8 text")]) from None
    return loads_board(text, source)


def loads_board(text: str, source: str = "<string>") -> VisionConfig:
    try:
        root = loads(text)
    except Json5Error as error:
        # As the Swift loader words them (BoardLoader.problem(for:)).
        if error.kind is Json5ErrorKind.TOO_LARGE:
            problem = Problem("", None, error.message)
        elif error.kind is Json5ErrorKind.DUPLICATE_KEY:
            problem = Problem(error.key_path, error.line, error.message)
        else:
            problem = Problem(error.key_path, error.line, f"syntax error at {error.line}:{error.column}: {error.message}")
        raise VisionConfigError(source, [problem]) from None
    return _decode(root, source)


@dataclass(frozen=True, slots=True)
class Overrides:
    """Command-line options; None leaves the board's value."""

    source: str | None = None
    device: str | None = None
    detector: str | None = None
    link: str | None = None
    vision_link: str | None = None
    socket: str | None = None
    width_px: int | None = None
    height_px: int | None = None
    fps: float | None = None
    gestures: bool | None = None
    min_confidence: float | None = None


def apply_overrides(config: VisionConfig, o: Overrides) -> VisionConfig:
    """The command line on top of the board, with the board's bounds; an error names the option."""
    problems: list[Problem] = []

    def choose(option: str, value: str | None, kind: type[Enum]) -> object:
        if value is None:
            return None
        options = [k.value for k in kind]
        if value not in options:
            reason = "expected one of " + ", ".join(f'"{x}"' for x in options) + f", found {_quoted(value)}"
            if (s := closest(value, options)):
                reason += f'; did you mean "{s}"?'
            problems.append(Problem(option, None, reason))
            return None
        return kind(value)

    def bounded(option: str, value: float | None, bounds: tuple[float, float]) -> float | None:
        if value is None:
            return None
        if not math.isfinite(value) or not bounds[0] <= value <= bounds[1]:
            problems.append(Problem(option, None, f"must be between {_format_bound(bounds[0])} and {_format_bound(bounds[1])}, found {describe_number(value)}"))
            return None
        return value

    changes: dict[str, Any] = {}
    for option, attr, text, kind in (
        ("--source", "source", o.source, SourceKind),
        ("--detector", "detector", o.detector, DetectorKind),
        ("--link", "link", o.link, LinkKind),
    ):
        if (chosen := choose(option, text, kind)) is not None:
            changes[attr] = chosen
    if o.device is not None:
        if (reason := check_video_device(o.device)) or not 1 <= len(o.device) <= 255:
            problems.append(Problem("--device", None, reason or "must be 1 to 255 characters long"))
        else:
            changes["device"] = o.device
    for option, attr, number, bounds in (
        ("--width", "width_px", o.width_px, FRAME_SIZE_PX),
        ("--height", "height_px", o.height_px, FRAME_SIZE_PX),
        ("--fps", "frame_rate_hz", o.fps, FRAME_RATE_HZ),
        ("--min-confidence", "min_confidence", o.min_confidence, MIN_CONFIDENCE),
    ):
        integral = attr in ("width_px", "height_px")
        if integral and number is not None and (not math.isfinite(number) or number != int(number)):
            problems.append(Problem(option, None, f"expected an integer, found {describe_number(number)}"))
            continue
        if (checked := bounded(option, number, bounds)) is not None:
            changes[attr] = int(checked) if integral else float(checked)
    if o.gestures is not None:
        changes["gestures"] = o.gestures
    for option, value in (("--vision-link", o.vision_link), ("--socket", o.socket)):
        if value is not None and (not value.startswith("/") or any(ord(c) < 0x20 for c in value)):
            problems.append(Problem(option, None, f"expected an absolute path, found {_quoted(value)}"))
    if problems:
        raise VisionConfigError("command line", problems)
    config = replace(config, **changes)
    config = replace(config, field_of_view=config.all_fields_of_view[config.camera_device_type])
    if o.vision_link is not None:
        config = replace(config, vision_link_path=o.vision_link)
    if o.socket is not None:
        config = replace(config, socket_path=o.socket)
    if config.link is LinkKind.VISION and config.vision_link_path is None:
        if config.vision_serial is None:
            reason = ('vision.link is "vision" but the board has no serial entry with role "vision": add one '
                      '({ role: "vision", device: "pty", baud: 921600 }), pass --vision-link PATH, or use link "socket"')
        else:
            reason = (f'the board\'s vision entry {config.vision_serial.device} is swiveld\'s end of the wire: '
                      "give this program its own end with --vision-link PATH (the co-processor's UART), "
                      'or on the same machine use device "pty" or link "socket"')
        raise VisionConfigError(config.board_path or "command line", [Problem("serial", None, reason)])
    return config
