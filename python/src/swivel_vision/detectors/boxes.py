"""What every detector shares: its error type and pixel/normalized box clipping."""
from __future__ import annotations

import numpy as np
import numpy.typing as npt

from swivel.geometry import NormalizedRectLowerLeft, NormalizedRectUpperLeft

from ..frames import Frame

# TRACK refuses a rect narrower or lower than this (docs/PROTOCOL.md, field ranges).
MIN_RECT_SIZE = 0.0001


class DetectorError(RuntimeError):
    """A detector that cannot start, or a frame it cannot take, with the reason."""


def check_frame(frame: Frame) -> npt.NDArray[np.uint8]:
    pixels = frame.pixels_rgb
    if not isinstance(pixels, np.ndarray) or pixels.ndim != 3 or pixels.shape[2] != 3 or pixels.dtype != np.uint8:
        raise DetectorError(
            f"a frame must be an (height, width, 3) uint8 RGB array, got shape {getattr(pixels, 'shape', None)} "
            f"dtype {getattr(pixels, 'dtype', None)}"
        )
    if pixels.shape[0] < 2 or pixels.shape[1] < 2:
        raise DetectorError(f"a frame must be at least 2x2 pixels, got {pixels.shape[1]}x{pixels.shape[0]}")
    return pixels


def clipped_upper_left(x: float, y: float, width: float, height: float) -> NormalizedRectLowerLeft | None:
    """A normalized upper-left box clipped to the frame, in lower-left space; None if nothing is left.

    A detector reports what it sees: the part of a face outside the frame is a guess.
    """
    values = (x, y, width, height)
    if not all(np.isfinite(v) for v in values):
        return None
    left, top = max(0.0, x), max(0.0, y)
    right, bottom = min(1.0, x + width), min(1.0, y + height)
    if right - left < MIN_RECT_SIZE or bottom - top < MIN_RECT_SIZE:
        return None
    return NormalizedRectUpperLeft(left, top, right - left, bottom - top).lower_left
