"""The frames socket: the clean camera frames as JPEG records, for swivel-web's `/stream.mjpg`.

    server = FrameServer("/run/swivel/frames.sock")     # listens at once
    server.offer(frame)                                 # on the capture thread, after each read
    server.close()                                      # the socket file is removed

swivel-vision stays the one owner of the camera; whoever wants its pictures
connects here (docs/VISION.md, "The frames socket", has the byte layout). The
capture thread only puts the newest frame in a one-slot hand-off and, when a
reader is connected, wakes the server's own thread: the detector never waits
for an encode or a viewer. That thread JPEG-encodes a frame once, however many
readers, and only while at least one is connected, at most `max_fps` a second.
Each reader has room for one record in flight; a record that finds the
previous one still unsent is dropped for that reader alone, and a reader that
takes no bytes for `stuck_after_s` is closed.
"""
from __future__ import annotations

import logging
import os
import selectors
import socket
import stat
import struct
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from .frames import Frame

log = logging.getLogger("swivel_vision.frame_server")

# u32 N (the bytes that follow it), u64 capture time (CLOCK_MONOTONIC ns), u16 width, u16 height; then the JPEG.
RECORD_HEADER = struct.Struct("<IQHH")
RECORD_META_BYTES = RECORD_HEADER.size - 4  # 12: what N counts besides the JPEG
DEFAULT_FPS = 15.0
FPS_BOUNDS = (1.0, 30.0)
# 80 keeps a 640×480 room near 40-60 kB (about 5 Mbit/s at 15 fps) with no visible blocking.
DEFAULT_QUALITY = 80
QUALITY_BOUNDS = (10, 100)
STUCK_AFTER_S = 5.0
_BACKLOG = 8
# How often the server's thread looks for stuck readers when nothing else wakes it.
_TICK_S = 0.25


class FrameServerError(OSError):
    """The socket cannot be served: the path is not a socket, another server holds it, or bind failed."""

    def __init__(self, message: str, *, temporary: bool = False) -> None:
        super().__init__(message)
        # Another server still holds the path (an old instance stopping): a restart may find it free.
        self.temporary = temporary


def pack_record(captured_ns: int, width_px: int, height_px: int, jpeg: bytes) -> bytes:
    return RECORD_HEADER.pack(RECORD_META_BYTES + len(jpeg), captured_ns, width_px, height_px) + jpeg


@dataclass(frozen=True, slots=True)
class FrameRecord:
    captured_ns: int
    width_px: int
    height_px: int
    jpeg: bytes


def read_record(sock: socket.socket) -> FrameRecord | None:
    """One record from a blocking socket; None at a clean end between records."""
    head = _read_exactly(sock, RECORD_HEADER.size, allow_end=True)
    if head is None:
        return None
    count, captured_ns, width, height = RECORD_HEADER.unpack(head)
    if count < RECORD_META_BYTES:
        raise ValueError(f"record byte count {count} is under the {RECORD_META_BYTES} its header takes")
    jpeg = _read_exactly(sock, count - RECORD_META_BYTES, allow_end=False)
    assert jpeg is not None
    return FrameRecord(captured_ns, width, height, jpeg)


def _read_exactly(sock: socket.socket, n: int, *, allow_end: bool) -> bytes | None:
    chunks, got = [], 0
    while got < n:
        chunk = sock.recv(min(n - got, 1 << 20))
        if not chunk:
            if allow_end and got == 0:
                return None
            raise EOFError(f"the frames socket ended {got} bytes into a {n}-byte read")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def encode_jpeg(pixels_rgb: np.ndarray, quality: int) -> bytes:
    ok, data = cv2.imencode(".jpg", cv2.cvtColor(pixels_rgb, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("OpenCV could not encode the frame as JPEG")
    return data.tobytes()


class _Reader:
    __slots__ = ("sock", "pending", "progress_ns", "sent", "dropped", "number")

    def __init__(self, sock: socket.socket, number: int, now_ns: int) -> None:
        self.sock = sock
        self.number = number
        # The unsent rest of the one record in flight, with the record's capture time.
        self.pending: tuple[memoryview, int] | None = None
        self.progress_ns = now_ns
        self.sent = 0
        self.dropped = 0


@dataclass(frozen=True, slots=True)
class ReaderCounts:
    number: int
    sent: int
    dropped: int


class FrameServer:
    def __init__(
        self,
        path: str,
        *,
        max_fps: float = DEFAULT_FPS,
        quality: int = DEFAULT_QUALITY,
        stuck_after_s: float = STUCK_AFTER_S,
        clock: Callable[[], int] = time.monotonic_ns,
    ) -> None:
        if not FPS_BOUNDS[0] <= max_fps <= FPS_BOUNDS[1]:
            raise ValueError(f"frames fps must be within {FPS_BOUNDS[0]:g}…{FPS_BOUNDS[1]:g}, found {max_fps}")
        if not QUALITY_BOUNDS[0] <= quality <= QUALITY_BOUNDS[1]:
            raise ValueError(f"JPEG quality must be within {QUALITY_BOUNDS[0]}…{QUALITY_BOUNDS[1]}, found {quality}")
        if not 0 < stuck_after_s <= 3600:
            raise ValueError(f"stuck_after_s must be within 0…3600 s, found {stuck_after_s}")
        self.path = path
        self.quality = quality
        self._period_ns = int(1e9 / max_fps)
        self._stuck_ns = int(stuck_after_s * 1e9)
        self._clock = clock
        # Counters: read them from any thread (plain ints).
        self.offered = 0
        # Frames the server's thread took from the hand-off (each one encoded, or skipped for the fps cap).
        self.considered = 0
        self.encodes = 0
        self.encode_ns_total = 0
        self.closed_stuck = 0
        self.connections = 0
        # Capture to the record's last byte handed to a reader's socket, ns (the newest 1024).
        self.capture_to_sent_ns: deque[int] = deque(maxlen=1024)
        self._readers: list[_Reader] = []
        self._reader_count = 0
        self._slot: Frame | None = None
        self._slot_lock = threading.Lock()
        self._due_ns: int | None = None
        self._wake_pending = False
        self._stopping = threading.Event()
        self._listener, self._inode = _listen(path)
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._listener, selectors.EVENT_READ, "listener")
        self._selector.register(self._wake_r, selectors.EVENT_READ, "wake")
        self._thread = threading.Thread(target=self._serve, name="swivel-vision-frames", daemon=True)
        self._thread.start()
        log.info("frames socket on %s (JPEG quality %d, at most %g fps, only while a reader is connected)", path, quality, max_fps)

    # -- the capture thread's side ------------------------------------------------------

    @property
    def readers(self) -> int:
        return self._reader_count

    def offer(self, frame: Frame) -> None:
        """Hands the frame over (replacing any not yet taken); never waits on the encoder or a reader."""
        self.offered += 1
        if self._reader_count == 0:
            return
        with self._slot_lock:
            self._slot = frame
            wake = not self._wake_pending
            self._wake_pending = True
        if wake:
            try:
                self._wake_w.send(b"\0")
            except (BlockingIOError, OSError):
                pass  # a wake byte is already queued, or the server is closing

    def reader_counts(self) -> list[ReaderCounts]:
        return [ReaderCounts(r.number, r.sent, r.dropped) for r in list(self._readers)]

    def close(self) -> None:
        if self._stopping.is_set():
            return
        self._stopping.set()
        try:
            self._wake_w.send(b"\0")
        except OSError:
            pass
        self._thread.join(timeout=5.0)
        for reader in list(self._readers):
            reader.sock.close()
        self._readers.clear()
        self._reader_count = 0
        self._selector.close()
        self._listener.close()
        self._wake_r.close()
        self._wake_w.close()
        try:
            if os.lstat(self.path).st_ino == self._inode:
                os.unlink(self.path)
        except FileNotFoundError:
            pass

    # -- the server's thread --------------------------------------------------------------

    def _serve(self) -> None:
        while not self._stopping.is_set():
            for key, mask in self._selector.select(_TICK_S):
                if key.data == "listener":
                    self._accept()
                elif key.data == "wake":
                    self._drain_wake()
                else:
                    reader: _Reader = key.data
                    if mask & selectors.EVENT_READ and not self._readable(reader):
                        continue
                    if mask & selectors.EVENT_WRITE:
                        self._flush(reader)
            self._encode_and_hand_out()
            self._close_stuck()

    def _accept(self) -> None:
        try:
            sock, _ = self._listener.accept()
        except (BlockingIOError, InterruptedError):
            return
        sock.setblocking(False)
        self.connections += 1
        reader = _Reader(sock, self.connections, self._clock())
        self._readers.append(reader)
        self._reader_count = len(self._readers)
        self._selector.register(sock, selectors.EVENT_READ, reader)
        log.debug("frames reader %d connected (%d now)", reader.number, self._reader_count)

    def _drain_wake(self) -> None:
        try:
            while self._wake_r.recv(64):
                pass
        except (BlockingIOError, InterruptedError):
            pass

    def _readable(self, reader: _Reader) -> bool:
        """Readers send nothing; a read tells of their end. False when the reader was closed."""
        try:
            if reader.sock.recv(4096):
                return True  # ignored: the contract has readers only read
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            pass
        self._drop(reader, "disconnected")
        return False

    def _encode_and_hand_out(self) -> None:
        with self._slot_lock:
            frame, self._slot = self._slot, None
            self._wake_pending = False
        if frame is None:
            return
        self.considered += 1
        if not self._readers or not self._due(frame.captured_ns):
            return
        start = self._clock()
        try:
            jpeg = encode_jpeg(frame.pixels_rgb, self.quality)
        except (ValueError, cv2.error) as error:
            log.warning("frame %d not served: %s", frame.index, error)
            return
        self.encode_ns_total += self._clock() - start
        self.encodes += 1
        record = pack_record(frame.captured_ns, frame.width_px, frame.height_px, jpeg)
        for reader in list(self._readers):
            if reader.pending is not None:
                reader.dropped += 1
                continue
            reader.pending = (memoryview(record), frame.captured_ns)
            reader.progress_ns = self._clock()
            if self._flush(reader) and reader.pending is not None:
                self._selector.modify(reader.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, reader)

    def _due(self, captured_ns: int) -> bool:
        """At most one frame per period on average; one may come a quarter period early (a camera's jitter)."""
        if self._due_ns is not None and captured_ns < self._due_ns - self._period_ns // 4:
            return False
        behind = self._due_ns is None or captured_ns - self._due_ns >= self._period_ns
        self._due_ns = captured_ns + self._period_ns if behind else self._due_ns + self._period_ns  # type: ignore[operator]
        return True

    def _flush(self, reader: _Reader) -> bool:
        """Sends what the socket takes now; False when the reader was closed."""
        if reader.pending is None:
            return True
        rest, captured_ns = reader.pending
        try:
            n = reader.sock.send(rest)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            self._drop(reader, "disconnected")
            return False
        now = self._clock()
        if n > 0:
            reader.progress_ns = now
        if n < len(rest):
            reader.pending = (rest[n:], captured_ns)
            return True
        reader.pending = None
        reader.sent += 1
        self.capture_to_sent_ns.append(now - captured_ns)
        self._selector.modify(reader.sock, selectors.EVENT_READ, reader)
        return True

    def _close_stuck(self) -> None:
        now = self._clock()
        for reader in list(self._readers):
            if reader.pending is not None and now - reader.progress_ns >= self._stuck_ns:
                self.closed_stuck += 1
                self._drop(reader, f"took no bytes for {self._stuck_ns / 1e9:g} s")

    def _drop(self, reader: _Reader, why: str) -> None:
        try:
            self._selector.unregister(reader.sock)
        except (KeyError, ValueError):
            pass
        reader.sock.close()
        self._readers.remove(reader)
        self._reader_count = len(self._readers)
        log.info("frames reader %d closed: %s (%d sent, %d dropped for it)", reader.number, why, reader.sent, reader.dropped)


def _listen(path: str) -> tuple[socket.socket, int]:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None:
        if not stat.S_ISSOCK(mode):
            raise FrameServerError(f"{path}: exists and is not a socket; not replacing it")
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
        except (ConnectionRefusedError, FileNotFoundError):
            os.unlink(path)  # a stale socket: its server is gone
        else:
            raise FrameServerError(f"{path}: another program serves frames there", temporary=True)
        finally:
            probe.close()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(path)
        # Before listen(): nobody can connect while the mode is still the umask's.
        os.chmod(path, 0o660)
        listener.listen(_BACKLOG)
        listener.setblocking(False)
        return listener, os.lstat(path).st_ino
    except OSError as error:
        listener.close()
        raise FrameServerError(f"{path}: cannot serve frames there: {error.strerror or error}") from error
