"""swivel-vision's frames socket, read only while someone watches, fanned out one slot per viewer.

The contract (docs/WEB.md, "Video"): a Unix stream socket; each record is a
u32 little-endian byte count N of what follows, then u64 LE capture time
(CLOCK_MONOTONIC ns), u16 LE width, u16 LE height, then N - 12 bytes of JPEG.
The publisher encodes only while a reader is connected, so `FrameFeed`
connects when the first viewer arrives and disconnects when the last leaves.
It reconnects (every second) while the publisher is absent or restarting.

Each viewer has a one-frame slot: a new frame replaces an unsent one, so a
slow viewer loses frames and never holds back another or the reader.
"""
from __future__ import annotations

import asyncio
import logging
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("swivel_web.frames")

HEADER = struct.Struct("<QHH")
# A 4096 x 4096 JPEG of noise stays under this; a larger count is a broken stream.
MAX_RECORD_BYTES = 16 * 1024 * 1024
RECONNECT_INTERVAL_S = 1.0


@dataclass(frozen=True, slots=True)
class JpegFrame:
    captured_ns: int
    width: int
    height: int
    jpeg: bytes


async def read_record(reader: asyncio.StreamReader) -> JpegFrame:
    (count,) = struct.unpack("<I", await reader.readexactly(4))
    if not HEADER.size < count <= MAX_RECORD_BYTES:
        raise ValueError(f"a frame record of {count} bytes (must be {HEADER.size + 1}…{MAX_RECORD_BYTES})")
    body = await reader.readexactly(count)
    captured_ns, width, height = HEADER.unpack_from(body)
    return JpegFrame(captured_ns, width, height, body[HEADER.size:])


class Viewer:
    """One watcher's latest-frame slot."""

    def __init__(self) -> None:
        self._frame: JpegFrame | None = None
        self._ready = asyncio.Event()
        self.dropped = 0
        self.sent = 0

    def offer(self, frame: JpegFrame) -> None:
        if self._frame is not None:
            self.dropped += 1
        self._frame = frame
        self._ready.set()

    async def next(self) -> JpegFrame:
        await self._ready.wait()
        self._ready.clear()
        frame, self._frame = self._frame, None
        assert frame is not None
        self.sent += 1
        return frame


class FrameFeed:
    """The connection to the publisher, alive while `viewers` is not empty."""

    def __init__(self, path: str | None, on_status: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.path = path
        self.viewers: set[Viewer] = set()
        self.connected = False
        self.frames = 0
        self.last: JpegFrame | None = None
        self.last_error: str | None = None if path else "swivel-web was started without --frames"
        self._task: asyncio.Task[None] | None = None
        self._on_status = on_status

    def status(self) -> dict[str, Any]:
        return {
            "configured": self.path is not None, "connected": self.connected, "viewers": len(self.viewers),
            "frames": self.frames, "width": self.last.width if self.last else None,
            "height": self.last.height if self.last else None, "error": self.last_error,
        }

    def _changed(self) -> None:
        if self._on_status is not None:
            self._on_status(self.status())

    def add(self) -> Viewer:
        viewer = Viewer()
        self.viewers.add(viewer)
        if self.path and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._run())
        self._changed()
        return viewer

    def remove(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        if not self.viewers and self._task is not None:
            self._task.cancel()
            self._task = None
        self._changed()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def _run(self) -> None:
        assert self.path is not None
        try:
            while self.viewers:
                writer = None
                try:
                    reader, writer = await asyncio.open_unix_connection(self.path)
                    self.connected, self.last_error = True, None
                    log.info("reading frames from %s", self.path)
                    self._changed()
                    while self.viewers:
                        frame = await read_record(reader)
                        self.frames += 1
                        resized = self.last is None or (self.last.width, self.last.height) != (frame.width, frame.height)
                        self.last = frame
                        if resized:
                            self._changed()  # the page shapes its video area (and the boxes over it) to the frame
                        for viewer in list(self.viewers):
                            viewer.offer(frame)
                except (OSError, asyncio.IncompleteReadError, ValueError) as e:
                    reason = "the publisher closed the socket" if isinstance(e, asyncio.IncompleteReadError) else str(e)
                    if self.connected or self.last_error != reason:
                        log.info("frames from %s: %s", self.path, reason)
                    self.connected, self.last_error = False, f"no frames from {self.path}: {reason}"
                    self._changed()
                finally:
                    if writer is not None:
                        writer.close()
                await asyncio.sleep(RECONNECT_INTERVAL_S)
        finally:
            if self.connected:
                self.connected = False
                self._changed()


MJPEG_BOUNDARY = "swivelframe"


def mjpeg_part(frame: JpegFrame) -> bytes:
    head = (f"--{MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: {len(frame.jpeg)}\r\n"
            f"X-Capture-Ns: {frame.captured_ns}\r\nX-Served-At: {time.time():.3f}\r\n\r\n")
    return head.encode() + frame.jpeg + b"\r\n"
