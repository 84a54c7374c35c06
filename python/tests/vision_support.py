"""Shared by the test_vision_*.py files: a real swiveld in a private temp dir,
and a real photograph (skimage's astronaut) placed in a frame."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import skimage.data

from swivel.local_daemon import LocalDaemon

REPO = Path(__file__).resolve().parents[2]
SIM_BOARD = REPO / "boards" / "sim.json5"

# The astronaut's face in skimage's 512x512 image, measured with BlazeFace
# short range (score 0.92): x 0.347-0.533, y(top) 0.162-0.348 (the brief's
# 0.35-0.53 / 0.16-0.35). The Haar cascade agrees in x and size but sits
# 0.033 higher (y 0.129-0.314): its box takes in the forehead.
FACE_LEFT, FACE_RIGHT, FACE_TOP, FACE_BOTTOM = 0.347, 0.533, 0.162, 0.348


def sim_board_with_vision(vision_body: str) -> str:
    """boards/sim.json5's text with its `vision` section replaced by `vision: { BODY }`."""
    import re

    text = SIM_BOARD.read_text()
    replaced, count = re.subn(r"\n  vision: \{.*?\n  \},\n", "\n  vision: { " + vision_body.replace("\\", "\\\\") + " },\n", text, flags=re.S)
    assert count == 1, "boards/sim.json5 should have exactly one top-level vision section"
    return replaced


def running_daemon(directory: Path, board: Path = SIM_BOARD, vision_link: str | None = None,
                   socket: str | None = None) -> LocalDaemon:
    """swiveld on `board` (the simulated one by default) with its paths under `directory`, for `with`."""
    return LocalDaemon.start(board, directory=directory, socket_path=socket, vision_path=vision_link, cwd=REPO)


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
