"""Shared by the test_vision_*.py files: a real swiveld in a private temp dir,
and a real photograph (skimage's astronaut) placed in a frame."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import skimage.data

REPO = Path(__file__).resolve().parents[2]
SIM_BOARD = REPO / "boards" / "sim.json5"

# The astronaut's face in skimage's 512x512 image, measured with BlazeFace
# short range (score 0.92): x 0.347-0.533, y(top) 0.162-0.348 (the brief's
# 0.35-0.53 / 0.16-0.35). The Haar cascade agrees in x and size but sits
# 0.033 higher (y 0.129-0.314): its box takes in the forehead.
FACE_LEFT, FACE_RIGHT, FACE_TOP, FACE_BOTTOM = 0.347, 0.533, 0.162, 0.348


def swiveld_path() -> str:
    path = os.environ.get("SWIVELD")
    if not path:
        raise AssertionError(
            "SWIVELD is not set: these tests need the built daemon "
            "(make test-python sets it; by hand: SWIVELD=/work/wt/bin/swiveld or .build/debug/swiveld)"
        )
    if not os.access(path, os.X_OK):
        raise AssertionError(f"SWIVELD={path} is not an executable file")
    return path


@dataclass(frozen=True)
class Daemon:
    process: subprocess.Popen[bytes]
    directory: Path
    socket: str
    vision: str
    host: str
    stderr_path: Path

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")


@contextlib.contextmanager
def running_daemon(directory: Path, board: Path = SIM_BOARD, extra: list[str] | None = None,
                   vision_link: str | None = None, socket: str | None = None) -> Iterator[Daemon]:
    """swiveld on `board` with no scene, no demo, everything under `directory`; SIGTERM at the end."""
    binary = swiveld_path()
    socket_path, host = socket or str(directory / "swivel.sock"), str(directory / "host")
    vision = vision_link or str(directory / "vision")
    stderr_path = directory / "swiveld.stderr"
    command = [
        binary, "--board", str(board), "--scene", "none", "--no-demo", "--serial", "pty", "--pty-link", host,
        "--vision", "pty", "--vision-link", vision, "--socket", socket_path, "--state-dir", "none", *(extra or []),
    ]
    with open(stderr_path, "wb") as err:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, cwd=REPO)
    daemon = Daemon(process, directory, socket_path, vision, host, stderr_path)
    try:
        deadline = time.monotonic() + 20.0
        while not (os.path.exists(socket_path) and os.path.exists(vision)):
            if process.poll() is not None:
                raise AssertionError(f"swiveld exited with {process.returncode}: {daemon.stderr()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"swiveld made no socket within 20 s: {daemon.stderr()}")
            time.sleep(0.05)
        yield daemon
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def astronaut() -> np.ndarray:
    return skimage.data.astronaut()


def placed(width_px: int, height_px: int, centre_x: float, centre_y: float, scale: float = 1.0,
           background: int = 40) -> tuple[np.ndarray, tuple[float, float, float, float]]:
    """The astronaut resized to `scale` x the frame height and placed so her FACE's centre is at
    (centre_x, centre_y) of the frame (fractions, origin upper-left). Returns the frame and where
    the face is (left, top, right, bottom fractions, upper-left origin)."""
    side = int(round(height_px * scale))
    image = cv2.resize(astronaut(), (side, side), interpolation=cv2.INTER_AREA)
    face_cx = (FACE_LEFT + FACE_RIGHT) / 2 * side
    face_cy = (FACE_TOP + FACE_BOTTOM) / 2 * side
    left = int(round(centre_x * width_px - face_cx))
    top = int(round(centre_y * height_px - face_cy))
    frame = np.full((height_px, width_px, 3), background, np.uint8)
    # Paste the part of the image that lands inside the frame.
    x0, y0 = max(0, left), max(0, top)
    x1, y1 = min(width_px, left + side), min(height_px, top + side)
    frame[y0:y1, x0:x1] = image[y0 - top:y1 - top, x0 - left:x1 - left]
    face = (
        (left + FACE_LEFT * side) / width_px, (top + FACE_TOP * side) / height_px,
        (left + FACE_RIGHT * side) / width_px, (top + FACE_BOTTOM * side) / height_px,
    )
    return frame, face
