"""swivel-web's side of the frames socket (docs/WEB.md, "Video"), fed by swivel-vision's `FrameServer`.

The publisher is the real one (what `swivel-vision --frames-socket` and
`make run-web` run); the test hands it frames whose capture times are its
own, and follows each one through the relay by the X-Capture-Ns header. It reads the socket only while someone watches /stream.mjpg, serves
multipart/x-mixed-replace, keeps a stalled viewer from holding back another,
comes back when the publisher restarts, and says so when there is no source.
"""
from __future__ import annotations

import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import numpy as np

from swivel.local_daemon import LocalDaemon
from swivel_vision.frame_server import FrameServer
from swivel_vision.frames import Frame

from web_support import WebProcess


def _wait(predicate, timeout_s: float = 15.0, what: str = "it") -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout_s} s")
        time.sleep(0.05)


class MjpegReader:
    """A raw viewer of /stream.mjpg: parses parts, or just sits there (a stalled phone) when not read."""

    def __init__(self, web: WebProcess, receive_buffer: int | None = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(15.0)
        self.sock.connect((web.host, web.port))
        self.sock.sendall(f"GET /stream.mjpg HTTP/1.1\r\nHost: {web.host}:{web.port}\r\n\r\n".encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        self.status_line, _, headers = head.partition(b"\r\n")
        self.headers = headers.decode().lower()

    def _until(self, marker: bytes) -> bytes:
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the stream ended")
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(marker)
        return head

    def _exactly(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the stream ended")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def next_part(self) -> tuple[dict[str, str], bytes]:
        part = self._until(b"\r\n\r\n").decode()
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in part.split("\r\n")[1:])}
        body = self._exactly(int(headers["content-length"]))
        self._exactly(2)
        return headers, body

    def next_index(self) -> int:
        """The frame index `_frame` gave the next part, read back from its capture time."""
        headers, body = self.next_part()
        assert body[:2] == b"\xff\xd8" and body[-2:] == b"\xff\xd9"  # a whole JPEG, as the server encoded it
        return _index(int(headers["x-capture-ns"]))

    def close(self) -> None:
        self.sock.close()


# Every frame is due at this rate: the server's fps cap never hides one the test waits for.
MAX_FPS = 30.0
PERIOD_NS = int(1e9 / MAX_FPS)
BASE_NS = time.monotonic_ns()


def _frame(index: int, big: bool = False) -> Frame:
    # Noise at quality 95 (the server's `quality`) makes a ~200 kB JPEG: a few fill a stalled TCP window.
    shape = (360, 480, 3) if big else (48, 64, 3)
    pixels = np.random.default_rng(index).integers(0, 256, shape, dtype=np.uint8)
    return Frame(pixels, BASE_NS + index * PERIOD_NS, index)


def _index(captured_ns: int) -> int:
    return (captured_ns - BASE_NS) // PERIOD_NS


def _server(path: str) -> FrameServer:
    return FrameServer(path, max_fps=MAX_FPS, quality=95)


@pytest.fixture
def frames_path(tmp_path: Path) -> str:
    return str(tmp_path / "frames.sock")


@pytest.fixture
def web(daemon: LocalDaemon, tmp_path: Path, frames_path: str) -> Iterator[WebProcess]:
    process = WebProcess(daemon.socket_path, tmp_path / "web", frames=frames_path)
    try:
        yield process
    finally:
        process.stop()


def test_the_socket_is_read_only_while_someone_watches(web: WebProcess, frames_path: str) -> None:
    publisher = _server(frames_path)
    try:
        time.sleep(1.5)
        assert publisher.readers == 0  # nobody watches: swivel-vision encodes nothing
        viewer = MjpegReader(web)
        assert b"200" in viewer.status_line
        assert "multipart/x-mixed-replace; boundary=" in viewer.headers
        _wait(lambda: publisher.readers == 1, what="swivel-web connecting to the frames socket")
        for i in range(5):
            publisher.offer(_frame(i))
            assert viewer.next_index() == i
            time.sleep(0.05)
        state = web.state()["video"]
        assert state["connected"] and state["width"] == 64 and state["height"] == 48
        viewer.close()
        _wait(lambda: publisher.readers == 0, what="swivel-web letting go of the socket")
    finally:
        publisher.close()


def test_a_stalled_viewer_never_holds_back_another(web: WebProcess, frames_path: str) -> None:
    publisher = _server(frames_path)
    try:
        stalled = MjpegReader(web, receive_buffer=4096)  # never read again: its TCP window closes
        live = MjpegReader(web)
        _wait(lambda: publisher.readers == 1, what="the connection")
        count = 120
        for i in range(count):
            publisher.offer(_frame(i, big=True))
            time.sleep(0.03)
            if i % 10 == 0:
                live.sock.settimeout(15.0)
        # The live viewer reaches the last frame even though the stalled one took nothing for 120 x 200 kB.
        seen = []
        while not seen or seen[-1] != count - 1:
            seen.append(live.next_index())
        assert seen == sorted(seen)
        # The stalled viewer lost frames (its slot was overwritten) rather than queueing them all.
        stalled.sock.settimeout(15.0)
        got = []
        stalled.sock.setblocking(True)
        while not got or got[-1] != count - 1:
            got.append(stalled.next_index())
        assert len(got) < count
        stalled.close()
        live.close()
    finally:
        publisher.close()


def test_it_comes_back_when_the_publisher_restarts(web: WebProcess, frames_path: str) -> None:
    publisher = _server(frames_path)
    viewer = MjpegReader(web)
    try:
        _wait(lambda: publisher.readers == 1, what="the connection")
        publisher.offer(_frame(1))
        assert viewer.next_index() == 1
        publisher.close()
        _wait(lambda: not web.state()["video"]["connected"], what="swivel-web noticing the publisher went")
        assert "no frames" in web.state()["video"]["error"]
        publisher = _server(frames_path)
        _wait(lambda: publisher.readers == 1, what="reconnecting to the new publisher")
        publisher.offer(_frame(2))
        assert viewer.next_index() == 2  # the same HTTP viewer, never cut off
    finally:
        viewer.close()
        publisher.close()


def test_no_frame_source_is_reported_not_a_broken_image(web: WebProcess) -> None:
    viewer = MjpegReader(web)  # nothing listens at frames_path
    try:
        _wait(lambda: web.state()["video"]["error"] is not None, what="the missing source being reported")
        video = web.state()["video"]
        assert not video["connected"] and video["configured"]
        assert "no frames from" in video["error"]
    finally:
        viewer.close()


def test_without_frames_the_stream_says_why(daemon: LocalDaemon, tmp_path: Path) -> None:
    web = WebProcess(daemon.socket_path, tmp_path / "web")
    try:
        status, body = web.request("GET", "/stream.mjpg")
        assert status == 503 and "--frames" in body["reason"]
    finally:
        web.stop()
