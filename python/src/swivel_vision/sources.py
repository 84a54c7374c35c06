"""Frame sources: a Raspberry Pi camera (picamera2), OpenCV (a V4L2 device or a video
file), and a given image sequence for tests. Each stamps `Frame.captured_ns` on
CLOCK_MONOTONIC, as close to the exposure as the source allows (docs/VISION.md,
"Capture time"):

- picamera2: the request's `SensorTimestamp` (ns, CLOCK_BOOTTIME on the Pi: the
  start of the frame's exposure as the sensor driver saw it), mapped to
  CLOCK_MONOTONIC by the BOOTTIME−MONOTONIC offset read when the source opens
  (the two clocks differ only by time spent suspended, which a running stand
  never is).
- OpenCV on /dev/videoN (V4L2): `CAP_PROP_POS_MSEC`, which OpenCV's V4L2
  backend fills from the driver's buffer timestamp (CLOCK_MONOTONIC for
  drivers that set V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC, which uvcvideo and the
  Pi's unicam do), in whole milliseconds. It is used when it lies within the
  last second of CLOCK_MONOTONIC; otherwise (a driver with another clock, or
  0) the instant `read()` returned is used, and the source logs once which.
- OpenCV on a video file: paced at the file's frame rate; `captured_ns` is the
  instant the frame is delivered (a file has no exposure on this clock).
- ImageSequenceSource: the instant each frame is handed out, optionally paced.
"""
from __future__ import annotations

import importlib
import logging
import os
import re
import stat
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .config import SourceKind, VisionConfig
from .frames import Frame, FrameSource

log = logging.getLogger("swivel_vision.sources")

Clock = Callable[[], int]


class SourceError(RuntimeError):
    """A camera or file that cannot be opened or read, with the reason.

    `temporary` is True when waiting may fix it (a camera not plugged in yet,
    one that stopped delivering, one another program holds): swivel-vision
    exits 69 and systemd restarts it. False is a configuration mistake (a
    mistyped path, something that is no camera, a file OpenCV cannot decode,
    a package missing): exit 78, no restart until the board is fixed.
    """

    def __init__(self, message: str, *, temporary: bool = False) -> None:
        super().__init__(message)
        self.temporary = temporary


# video4linux's character-device major number (Documentation/admin-guide/devices.txt).
V4L2_MAJOR = 81
# Names a camera has while plugged in and loses while not: udev makes them as
# the device comes and removes them as it goes. Any other missing name is a typo.
_CAMERA_NAME = re.compile(r"/dev/video[0-9]+|/dev/v4l/by-(id|path)/[^/]+")


def diagnose_device(device: str) -> SourceError | None:
    """Why OpenCV will not open `device`, from what the file system says; None when nothing is visibly wrong.

    OpenCV's `isOpened()` is only a yes or no (and its own warnings go to
    stderr unformatted), so the reason is found here, before it tries.
    """
    camera = device.startswith("/dev/")
    try:
        info = os.stat(device)
    except FileNotFoundError:
        if _CAMERA_NAME.fullmatch(device):
            return SourceError(f"cannot open {device}: no such device: no camera is connected there (yet); "
                               "`v4l2-ctl --list-devices` lists the cameras", temporary=True)
        if camera:
            return SourceError(f"cannot open {device}: no such device, and it is not a camera's name "
                               "(/dev/videoN, /dev/v4l/by-id/..., /dev/v4l/by-path/...): a typo in vision.device?")
        return SourceError(f"cannot open {device}: no such file (vision.device names a video file here)")
    except OSError as error:
        return SourceError(f"cannot open {device}: {error.strerror}")
    if camera:
        if not stat.S_ISCHR(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a character device"
            return SourceError(f"cannot open {device}: it is {kind}, not a camera")
        if os.major(info.st_rdev) != V4L2_MAJOR:
            return SourceError(f"cannot open {device}: it is not a video4linux device (major {os.major(info.st_rdev)}, "
                               f"a camera's is {V4L2_MAJOR}): `v4l2-ctl --list-devices` lists the cameras")
    elif not stat.S_ISREG(info.st_mode):
        return SourceError(f"cannot open {device}: it is not a regular file "
                           "(a video file or a /dev/ camera is expected)")
    if not os.access(device, os.R_OK | (os.W_OK if camera else 0)):
        who = "the user (group video, for a camera)" if camera else "the user"
        return SourceError(f"cannot open {device}: permission denied: {who} may not {'use' if camera else 'read'} it")
    return None


def _check_rgb(pixels: Any) -> npt.NDArray[np.uint8]:
    if not isinstance(pixels, np.ndarray) or pixels.ndim != 3 or pixels.shape[2] != 3 or pixels.dtype != np.uint8:
        shape = getattr(pixels, "shape", None)
        dtype = getattr(pixels, "dtype", None)
        raise SourceError(f"a frame must be an (height, width, 3) uint8 RGB array, got shape {shape} dtype {dtype}")
    if pixels.shape[0] < 1 or pixels.shape[1] < 1:
        raise SourceError(f"a frame must have at least one pixel, got shape {pixels.shape}")
    return pixels


@dataclass(slots=True)
class _Pacer:
    """Frames `period_ns` apart on `clock`: `wait` sleeps until the next one is due (the first is due at once)."""

    clock: Clock
    period_ns: int
    _next_due_ns: int | None = None

    def wait(self) -> None:
        now = self.clock()
        if self._next_due_ns is None:
            self._next_due_ns = now
        elif now < self._next_due_ns:
            time.sleep((self._next_due_ns - now) / 1e9)
        self._next_due_ns += self.period_ns


class ImageSequenceSource:
    """Given frames, in order; for tests and for driving the pipeline from memory.

    `paced` sleeps so frames come at `frame_rate_hz` (as a camera would);
    `repeat` hands out the sequence that many times (0: forever).
    """

    def __init__(
        self,
        frames: Sequence[npt.NDArray[np.uint8]],
        frame_rate_hz: float = 30.0,
        paced: bool = False,
        repeat: int = 1,
        clock: Clock = time.monotonic_ns,
    ) -> None:
        if not frames:
            raise SourceError("an image sequence needs at least one frame")
        if not (frame_rate_hz > 0 and frame_rate_hz <= 1000):
            raise SourceError(f"frame rate must be in (0, 1000] Hz, got {frame_rate_hz}")
        self._frames = [_check_rgb(f) for f in frames]
        self.height_px, self.width_px = (int(v) for v in self._frames[0].shape[:2])
        self.frame_rate_hz = float(frame_rate_hz)
        self._repeat = repeat
        self._clock = clock
        self._pacer = _Pacer(clock, int(1e9 / self.frame_rate_hz)) if paced else None
        self._index = 0
        self._closed = False

    def read(self) -> Frame | None:
        if self._closed:
            return None
        count = len(self._frames)
        if self._repeat and self._index >= count * self._repeat:
            return None
        if self._pacer is not None:
            self._pacer.wait()
        pixels = self._frames[self._index % count]
        frame = Frame(pixels, self._clock(), self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        self._closed = True


class OpenCvSource:
    """cv2.VideoCapture on a V4L2 node (/dev/videoN) or a video file."""

    def __init__(self, device: str, width_px: int, height_px: int, frame_rate_hz: float, clock: Clock = time.monotonic_ns) -> None:
        import cv2  # the vision extra; imported here so the client side never needs it

        self._cv2 = cv2
        self._clock = clock
        self._is_file = not device.startswith("/dev/")
        problem = diagnose_device(device)
        if problem is not None:
            raise problem
        if self._is_file:
            capture = cv2.VideoCapture(device)
        else:
            capture = cv2.VideoCapture(device, cv2.CAP_V4L2)
        if not capture.isOpened():
            capture.release()
            if self._is_file:
                raise SourceError(f"OpenCV cannot open {device}: it is no video it can decode (not a video, or a "
                                  "container or codec this OpenCV build lacks)")
            # A video4linux node we may open that OpenCV still refuses: most often
            # another program holds the camera, which may let go of it.
            raise SourceError(f"OpenCV cannot open {device}: the camera refused to start capturing: another program "
                              f"may hold it (`fuser {device}`), or it is a node without video capture (a USB "
                              "camera's second node carries metadata: use the first)", temporary=True)
        self._capture = capture
        self.device = device
        if self._is_file:
            file_fps = float(capture.get(cv2.CAP_PROP_FPS) or 0.0)
            self.frame_rate_hz = file_fps if 0 < file_fps <= 240 else frame_rate_hz
            self.width_px = int(capture.get(cv2.CAP_PROP_FRAME_WIDTH))
            self.height_px = int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
        else:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, width_px)
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height_px)
            capture.set(cv2.CAP_PROP_FPS, frame_rate_hz)
            # One buffer: a late read gets the newest frame, not a queue of old ones.
            capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)
            self.width_px = int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)) or width_px
            self.height_px = int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)) or height_px
            self.frame_rate_hz = float(capture.get(cv2.CAP_PROP_FPS) or frame_rate_hz)
        self._index = 0
        # A file has no clock of its own: it is read at its fps, as the camera would deliver it.
        self._pacer = _Pacer(clock, int(1e9 / self.frame_rate_hz)) if self._is_file else None
        self._timestamp_rule_logged = False

    def _driver_timestamp_ns(self, read_ns: int) -> int | None:
        msec = float(self._capture.get(self._cv2.CAP_PROP_POS_MSEC) or 0.0)
        stamp_ns = int(msec * 1e6)
        # Whole milliseconds: up to 1 ms early. Anything else is another clock.
        if read_ns - 1_000_000_000 <= stamp_ns <= read_ns + 1_000_000:
            return min(stamp_ns, read_ns)
        return None

    def read(self) -> Frame | None:
        if self._pacer is not None:
            self._pacer.wait()
        ok, bgr = self._capture.read()
        read_ns = self._clock()
        if not ok or bgr is None:
            if self._is_file:
                return None
            raise SourceError(f"{self.device}: the camera stopped delivering frames", temporary=True)
        captured_ns = read_ns
        if not self._is_file:
            stamp = self._driver_timestamp_ns(read_ns)
            if not self._timestamp_rule_logged:
                self._timestamp_rule_logged = True
                if stamp is not None:
                    log.info("%s: frames are stamped with the driver's CLOCK_MONOTONIC buffer timestamp", self.device)
                else:
                    log.info("%s: the driver's timestamp is not on CLOCK_MONOTONIC: frames are stamped when read", self.device)
            if stamp is not None:
                captured_ns = stamp
        # A monochrome camera delivers one channel: the detectors take RGB.
        conversion = self._cv2.COLOR_GRAY2RGB if bgr.ndim == 2 else self._cv2.COLOR_BGR2RGB
        rgb = _check_rgb(self._cv2.cvtColor(bgr, conversion))
        frame = Frame(rgb, captured_ns, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        self._capture.release()


def boottime_minus_monotonic_ns() -> int:
    """CLOCK_BOOTTIME − CLOCK_MONOTONIC now, read as the tightest of a few samples."""
    best: tuple[int, int] | None = None
    for _ in range(5):
        before = time.monotonic_ns()
        boot = time.clock_gettime_ns(time.CLOCK_BOOTTIME)
        after = time.monotonic_ns()
        width = after - before
        if best is None or width < best[0]:
            best = (width, boot - (before + after) // 2)
    assert best is not None
    return best[1]


class Picamera2Source:
    """A Raspberry Pi camera through picamera2 (libcamera).

    Written to picamera2's documented API (the Picamera2 manual: configurations,
    `capture_request`, `make_array`, `get_metadata`); picamera2 needs libcamera
    and cannot be installed off a Pi, so only the selection logic is tested here.
    """

    def __init__(self, width_px: int, height_px: int, frame_rate_hz: float, module: Any | None = None) -> None:
        picamera2 = module if module is not None else importlib.import_module("picamera2")
        try:
            camera = picamera2.Picamera2()
            # RGB888 is stored B, G, R in memory (the manual's table): flipped below.
            configuration = camera.create_video_configuration(
                main={"size": (width_px, height_px), "format": "RGB888"},
                controls={"FrameRate": float(frame_rate_hz)},
                buffer_count=4,
            )
            camera.configure(configuration)
            camera.start()
        except Exception as error:  # picamera2 raises plain RuntimeError/IndexError for "no camera"
            raise SourceError(f"picamera2 cannot start the camera: {error} (check it with `rpicam-hello --list-cameras`)",
                              temporary=True) from error
        self._camera = camera
        self.width_px = width_px
        self.height_px = height_px
        self.frame_rate_hz = float(frame_rate_hz)
        self._offset_ns = boottime_minus_monotonic_ns()
        self._index = 0

    def read(self) -> Frame | None:
        request = self._camera.capture_request()
        try:
            array = request.make_array("main")
            metadata = request.get_metadata()
        finally:
            request.release()
        sensor_ns = metadata.get("SensorTimestamp") if isinstance(metadata, dict) else None
        now = time.monotonic_ns()
        if isinstance(sensor_ns, int) and sensor_ns > 0:
            captured_ns = min(sensor_ns - self._offset_ns, now)
        else:
            captured_ns = now
        rgb = np.ascontiguousarray(np.asarray(array)[:, :, 2::-1])
        frame = Frame(_check_rgb(rgb), captured_ns, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        try:
            self._camera.stop()
        finally:
            self._camera.close()


def picamera2_available(importer: Callable[[str], Any] = importlib.import_module) -> tuple[bool, str]:
    try:
        importer("picamera2")
    except Exception as error:  # ImportError, or libcamera's own failure while importing
        return False, f"{type(error).__name__}: {error}"
    return True, ""


def open_source(config: VisionConfig, importer: Callable[[str], Any] = importlib.import_module) -> FrameSource:
    """The source the config names; `auto` is picamera2 when it imports, else OpenCV (logged)."""
    kind = config.source
    if kind is SourceKind.VIRTUAL:
        raise SourceError(
            'source "virtual" renders a photograph at the stand\'s pose: it runs inside '
            "`python -m swivel_vision.demo` (make run-vision), not as a camera of swivel-vision"
        )
    if kind is SourceKind.AUTO:
        available, why = picamera2_available(importer)
        if available:
            log.info("source auto: picamera2 is importable: using the Raspberry Pi camera")
            kind = SourceKind.PICAMERA2
        else:
            log.info("source auto: picamera2 is not importable (%s): using OpenCV on %s", why, config.device)
            kind = SourceKind.OPENCV
    if kind is SourceKind.PICAMERA2:
        try:
            module = importer("picamera2")
        except Exception as error:
            raise SourceError(f"source picamera2: cannot import picamera2 ({error}); on Raspberry Pi OS: sudo apt install python3-picamera2") from error
        return Picamera2Source(config.width_px, config.height_px, config.frame_rate_hz, module=module)
    return OpenCvSource(config.device, config.width_px, config.height_px, config.frame_rate_hz)
