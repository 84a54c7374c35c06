"""Nothing reaches the network at run time: the pipeline with the real MediaPipe
detector (created inside the guard, so its model loading is watched too) sends
the astronaut to a real daemon's vision pty while a `sys.addaudithook` guard
records every socket connect/bind, name lookup, URL request and file open.

What an audit hook sees: Python-level events (socket module, urllib, open(),
os.open). Files MediaPipe's C++ graph opens itself (its .tflite models, from
the wheel's own directory) are not audit events; a download would go through
mediapipe's Python `download_utils` (urllib, then a write into the package),
which is.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

from swivel.accessory import Accessory
from swivel_vision.config import DetectorKind, Overrides, apply_overrides, load_board
from swivel_vision.detectors import create_detector
from swivel_vision.pipeline import Pipeline
from swivel_vision.sender import VisionLinkSender
from swivel_vision.sources import ImageSequenceSource
from swivel_vision.stats import PipelineStats
from vision_support import SIM_BOARD, placed, running_daemon

NETWORK_EVENTS = {"socket.connect", "socket.bind", "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex",
                  "socket.gethostbyaddr", "socket.sendto", "urllib.Request", "http.client.connect", "ftplib.connect",
                  "smtplib.connect"}
DOWNLOAD_WORDS = ("cache", "download")


class Guard:
    def __init__(self) -> None:
        self.active = False
        self.network: list[tuple[str, object]] = []
        self.opened: list[tuple[str, str]] = []

    def __call__(self, event: str, args: tuple[object, ...]) -> None:
        if not self.active:
            return
        if event in NETWORK_EVENTS:
            address = args[1] if len(args) > 1 else args
            self.network.append((event, address))
        elif event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.fsdecode(args[0])
            mode = args[1] if len(args) > 1 and isinstance(args[1], str) else ""
            flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
            writing = any(c in mode for c in "wax+") or bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
            self.opened.append((path, "w" if writing else "r"))


GUARD = Guard()
sys.addaudithook(GUARD)  # hooks cannot be removed: it records only while active


def test_the_pipeline_makes_no_network_access(tmp_path: Path) -> None:
    with running_daemon(tmp_path) as daemon:
        config = apply_overrides(load_board(SIM_BOARD), Overrides(vision_link=daemon.vision_path))
        pixels, _ = placed(config.width_px, config.height_px, 0.75, 1 / 3, scale=0.9)
        GUARD.network.clear()
        GUARD.opened.clear()
        GUARD.active = True
        try:
            stats = PipelineStats()
            detector = create_detector(DetectorKind.FACE)
            sender = VisionLinkSender(daemon.vision_path, config.vision_baud, stats)
            source = ImageSequenceSource([pixels], frame_rate_hz=30, paced=True, repeat=45)
            pipeline = Pipeline(source, detector, sender, config, stats=stats)
            with Accessory.connect(daemon.socket_path, client_name="test-no-network") as host:
                stop = threading.Event()
                worker = threading.Thread(target=pipeline.run, args=(stop,))
                worker.start()
                worker.join(timeout=60)
                stop.set()
                time.sleep(0.1)
                pipeline.sender.poll()
                state = host.latest_motion_state()
            pipeline.close()
        finally:
            GUARD.active = False
    snapshot = stats.snapshot(time.monotonic_ns(), reset_interval=False)
    # It really ran: frames detected and sent, answered by the stand, and the stand turned.
    # The sender paces 26 batches a second with a burst of 2 (at most 41 of 45 frames
    # in 1.5 s), and thins the burst a paced source delivers after the detector's
    # slow first frame: most, not all, frames are sent.
    assert snapshot.frames == 45 and snapshot.batches_sent >= 30 and snapshot.batches_accepted >= 25, snapshot
    assert state is not None and state.positions_rad.yaw > 0.02
    # The one socket connection is the host session to the stand's own socket.
    assert GUARD.network == [("socket.connect", daemon.socket_path)], GUARD.network
    # The vision pty was opened; nothing under a cache or download path was touched,
    # and nothing was written outside the test's own directory.
    paths = [p for p, _ in GUARD.opened]
    assert any(os.path.realpath(p) == os.path.realpath(daemon.vision_path) or p == daemon.vision_path for p in paths), paths
    # One known exception, reads only: mediapipe's solutions package imports
    # matplotlib (for drawing_utils), which reads its font list from its own
    # cache directory. A write there, or any other cache or download path, fails.
    # (The default face detector needs neither: matplotlib may be absent.)
    try:
        import matplotlib

        font_cache = os.path.realpath(matplotlib.get_cachedir())
    except ImportError:
        font_cache = "/nonexistent-font-cache"
    suspicious = [
        (p, m) for p, m in GUARD.opened
        if "__pycache__" not in p and any(w in p.lower() for w in DOWNLOAD_WORDS)
        and not (m == "r" and os.path.realpath(p).startswith(font_cache + os.sep))
    ]
    assert suspicious == [], suspicious
    written = [
        p for p, m in GUARD.opened
        if m == "w" and "__pycache__" not in p and not os.path.realpath(p).startswith(os.path.realpath(tmp_path))
        and not p.startswith("/dev/")
    ]
    assert written == [], written


def test_the_guard_sees_a_connection_and_a_cache_open(tmp_path: Path) -> None:
    """The guard is not blind: a TCP connect and an open under a cache path are recorded."""
    import socket

    cache = tmp_path / ".cache" / "x"
    cache.parent.mkdir()
    GUARD.network.clear()
    GUARD.opened.clear()
    GUARD.active = True
    try:
        with socket.socket() as s:
            try:
                s.connect(("127.0.0.1", 9))
            except OSError:
                pass
        cache.write_text("x")
    finally:
        GUARD.active = False
    assert ("socket.connect", ("127.0.0.1", 9)) in GUARD.network
    assert (str(cache), "w") in GUARD.opened
