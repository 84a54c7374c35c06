"""A camera frame and the one interface every frame source implements."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class Frame:
    # (height, width, 3) uint8, RGB, row 0 at the top of the image.
    pixels_rgb: npt.NDArray[np.uint8]
    # When the exposure happened on CLOCK_MONOTONIC (time.monotonic_ns()): the
    # sensor's own timestamp where the source has one, never the time it was read.
    # TRACK's capture age is measured from here.
    captured_ns: int
    index: int

    @property
    def width_px(self) -> int:
        return int(self.pixels_rgb.shape[1])

    @property
    def height_px(self) -> int:
        return int(self.pixels_rgb.shape[0])


class FrameSource(Protocol):
    width_px: int
    height_px: int
    frame_rate_hz: float

    def read(self) -> Frame | None:
        """Blocks until the next frame; None once the source has ended (a file's end)."""
        ...

    def close(self) -> None: ...
