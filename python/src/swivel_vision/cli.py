"""`swivel-vision --board FILE [options]`: the vision co-processor program.

Reads the board's `vision` section (docs/VISION.md), opens the camera, runs
the detector and sends TRACK to the stand until SIGTERM or SIGINT. Exit
status (sysexits): 0 after a clean stop, 64 for a usage error, 78 for a
configuration mistake that no restart fixes (a bad board or option, a device
path that is no camera, a file OpenCV cannot decode, a detector that cannot
start, the vision packages not installed: the unit's RestartPreventExitStatus),
69 when the camera is only not there yet or busy (a USB camera not plugged in,
one unplugged mid-run, one another program holds: systemd restarts it).

The module imports only the standard library and `swivel` (no numpy, no
OpenCV), so a client-only install's `swivel-vision` says which extra to
install instead of dying in an import.
"""
from __future__ import annotations

import argparse
import importlib
import logging
import signal
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import log as vision_log
from .config import DetectorKind, LinkKind, Overrides, VisionConfig, VisionConfigError, apply_overrides, load_board

if TYPE_CHECKING:
    from .frame_server import FrameServer
    from .sources import SourceError

EX_OK, EX_USAGE, EX_UNAVAILABLE, EX_CONFIG = 0, 64, 69, 78

log = logging.getLogger("swivel_vision.cli")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"swivel-vision: error: {message}\n")
        raise SystemExit(EX_USAGE)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="swivel-vision", description="Camera -> detector -> TRACK to a Swivel stand (docs/VISION.md).")
    p.add_argument("--board", required=True, help="the board file (its vision, camera and serial sections)")
    p.add_argument("--source", help="auto | picamera2 | opencv | virtual (vision.source)")
    p.add_argument("--device", help="OpenCV's /dev/videoN or an absolute video file path (vision.device)")
    p.add_argument("--detector", help="face | faceFullRange | body | haar (vision.detector)")
    p.add_argument("--link", help="vision (system tracking) | socket (a host session: custom tracking)")
    p.add_argument("--vision-link", metavar="PATH", help="the vision link's path (default /tmp/swivel-vision for a pty entry)")
    p.add_argument("--socket", metavar="PATH", help="the daemon's socket for --link socket")
    p.add_argument("--width", type=int, help="frame width in pixels, 64-4096 (vision.widthPx)")
    p.add_argument("--height", type=int, help="frame height in pixels, 64-4096 (vision.heightPx)")
    p.add_argument("--fps", type=float, help="frames per second, 1-30 (vision.frameRateHz)")
    p.add_argument("--min-confidence", type=float, help="0.05-1 (vision.minConfidence)")
    gestures = p.add_mutually_exclusive_group()
    gestures.add_argument("--gestures", dest="gestures", action="store_const", const=True, help="open-palm gesture on")
    gestures.add_argument("--no-gestures", dest="gestures", action="store_const", const=False, help="open-palm gesture off")
    p.add_argument("--frames-socket", metavar="PATH",
                   help="also serve the captured frames as JPEG records on this Unix socket (swivel-web's /stream.mjpg; docs/VISION.md)")
    p.add_argument("--frames-fps", type=float, default=15.0, metavar="FPS",
                   help="at most this many frames a second on the frames socket, 1-30 (default 15)")
    p.add_argument("--frames-quality", type=int, default=80, metavar="Q",
                   help="the frames socket's JPEG quality, 10-100 (default 80)")
    p.add_argument("--status-interval", type=float, default=10.0, metavar="SECONDS",
                   help="how often the status line is logged (default 10)")
    p.add_argument("--check", action="store_true", help="print the settings in force and exit")
    p.add_argument("--verbose", action="store_true", help="debug lines too")
    return p


def describe(config: VisionConfig) -> str:
    fov = config.field_of_view
    link = (
        f"vision link {config.vision_link_path} ({config.vision_baud} baud)"
        if config.link is LinkKind.VISION
        else f"host session on {config.socket_path} (custom tracking)"
    )
    intrinsics = (
        "board intrinsics" if config.intrinsics is not None else f"intrinsics from {fov.horizontal_rad:.3f} x {fov.vertical_rad:.3f} rad"
    )
    return (
        f"source {config.source.value} ({config.device}), {config.width_px}x{config.height_px} at {config.frame_rate_hz:g} fps, "
        f"detector {config.detector.value} (min confidence {config.min_confidence:g}), camera {config.camera_position.value} "
        f"{config.camera_device_type.value}, {intrinsics}, {link}, gestures {'on' if config.gestures else 'off'}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    vision_log.configure(args.verbose)
    try:
        config = apply_overrides(
            load_board(args.board),
            Overrides(
                source=args.source, device=args.device, detector=args.detector, link=args.link,
                vision_link=args.vision_link, socket=args.socket, width_px=args.width, height_px=args.height,
                fps=args.fps, gestures=args.gestures, min_confidence=args.min_confidence,
            ),
        )
    except VisionConfigError as error:
        for problem in error.problems:
            log.error("%s: %s", error.source, problem)
        return EX_CONFIG
    if not 0.1 <= args.status_interval <= 3600:  # NaN fails too
        log.error("--status-interval: must be between 0.1 and 3600 seconds, found %s", args.status_interval)
        return EX_CONFIG
    frames = FramesOptions(args.frames_socket, args.frames_fps, args.frames_quality) if args.frames_socket else None
    if not 1 <= args.frames_fps <= 30:
        log.error("--frames-fps: must be between 1 and 30, found %s", args.frames_fps)
        return EX_CONFIG
    if not 10 <= args.frames_quality <= 100:
        log.error("--frames-quality: must be between 10 and 100, found %s", args.frames_quality)
        return EX_CONFIG
    if args.check:
        print(f"{args.board}: {describe(config)}" + (f", frames on {frames.socket_path}" if frames else ""))
        return EX_OK
    log.info("%s", describe(config))
    return run(config, status_interval_s=args.status_interval, frames=frames)


@dataclass(frozen=True, slots=True)
class FramesOptions:
    """The frames socket (frame_server.py): where, at most how many a second, what JPEG quality."""

    socket_path: str
    max_fps: float = 15.0
    quality: int = 80


# The vision extra's packages (python/pyproject.toml). mediapipe is optional (the
# mediapipe extra, Python 3.11 and 3.12 only): installed apart, without its
# dependencies, and only faceFullRange, body and gestures need it.
_EXTRA_MODULES = ("numpy", "cv2")
_INSTALL_HINT = ("pip install 'swivel[vision]' (from a checkout: pip install './python[vision]'); "
                 "or make install VISION=1 (docs/VISION.md)")
_MEDIAPIPE_HINT = ("pip install 'swivel[mediapipe]' then pip install --no-deps mediapipe==0.10.14 (Python 3.11 or 3.12 only; "
                   "docs/VISION.md), or use detector \"face\" or \"haar\" and no gestures")


def missing_vision_packages(config: VisionConfig) -> str | None:
    """The one-line reason this install cannot run the pipeline, or None when every package it needs imports."""
    for name in _EXTRA_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as error:
            return f"the vision packages are not installed ({error}): {_INSTALL_HINT}"
    wants = [f"detector {config.detector.value}"] if config.detector in (DetectorKind.FACE_FULL_RANGE, DetectorKind.BODY) else []
    if config.gestures and config.link is LinkKind.VISION:
        wants.append("gestures")
    if wants:
        try:
            importlib.import_module("mediapipe")
        except ImportError as error:
            return f"{' and '.join(wants)} need mediapipe ({error}): {_MEDIAPIPE_HINT}"
    return None


def run(config: VisionConfig, status_interval_s: float = 10.0, frames: FramesOptions | None = None) -> int:
    missing = missing_vision_packages(config)
    if missing is not None:
        log.error("%s", missing)
        return EX_CONFIG
    from .frame_server import FrameServer, FrameServerError

    stop = threading.Event()

    def on_signal(signum: int, _frame: object) -> None:
        log.info("%s: stopping", signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    server: FrameServer | None = None
    if frames is not None:
        try:
            server = FrameServer(frames.socket_path, max_fps=frames.max_fps, quality=frames.quality)
        except FrameServerError as error:
            log.error("%s", error)
            return EX_UNAVAILABLE if error.temporary else EX_CONFIG
    try:
        return _run_with(config, status_interval_s, stop, server)
    finally:
        if server is not None:
            server.close()


def _run_with(config: VisionConfig, status_interval_s: float, stop: threading.Event, server: FrameServer | None) -> int:
    from .detectors import DetectorError, create_detector
    from .gestures import HandDetector
    from .pipeline import Pipeline
    from .sender import AccessorySender, Sender, VisionLinkSender
    from .sources import SourceError, open_source
    from .stats import PipelineStats

    try:
        source = open_source(config)
    except SourceError as error:
        log.error("%s", error)
        return _exit_status(error)
    try:
        detector = create_detector(config.detector, config.min_confidence)
        hands = None
        if config.gestures:
            if config.link is LinkKind.VISION:
                hands = HandDetector()
            else:
                log.warning("gestures are sent on the vision link only; with --link socket they are off")
    except DetectorError as error:
        # A model that does not load, or a package missing: a restart loads the same.
        source.close()
        log.error("%s", error)
        return EX_CONFIG
    stats = PipelineStats()
    sender: Sender
    if config.link is LinkKind.VISION:
        assert config.vision_link_path is not None
        sender = VisionLinkSender(config.vision_link_path, config.vision_baud, stats)
    else:
        sender = AccessorySender(config.socket_path, stats)
    pipeline = Pipeline(source, detector, sender, config, hand_detector=hands, stats=stats,
                        status_interval_s=status_interval_s, on_capture=server.offer if server else None)
    try:
        pipeline.run(stop)
    except SourceError as error:
        log.error("%s", error)
        return _exit_status(error)
    finally:
        pipeline.close()
    return EX_OK


def _exit_status(error: SourceError) -> int:
    return EX_UNAVAILABLE if error.temporary else EX_CONFIG
