"""The frames socket (frame_server.py, docs/VISION.md "The frames socket"): records, encodes only for readers, slow readers."""
from __future__ import annotations

import os
import socket
import stat
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from swivel_vision.cli import EX_CONFIG, EX_UNAVAILABLE
from swivel_vision.config import load_board
from swivel_vision.detection import Detection
from swivel_vision.frame_server import RECORD_HEADER, FrameServer, FrameServerError, read_record
from swivel_vision.frames import Frame
from swivel_vision.pipeline import Pipeline
from swivel_vision.sender import SendOutcome
from vision_support import REPO, SIM_BOARD

SECOND_NS = 1_000_000_000


def _frame(index: int, captured_ns: int, width: int = 320, height: int = 240, seed: int = 0) -> Frame:
    # Noise: JPEG cannot shrink it, so a few records fill a socket's buffer.
    rng = np.random.default_rng(seed + index)
    return Frame(rng.integers(0, 256, (height, width, 3), dtype=np.uint8), captured_ns, index)


def _wait(condition: Callable[[], bool], what: str, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout_s} s: {what}")
        time.sleep(0.005)


def _connect(server: FrameServer, *, receive_buffer: int | None = None) -> socket.socket:
    before = server.connections
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect(server.path)
    sock.settimeout(10)
    _wait(lambda: server.connections > before, "the server accepted the reader")
    return sock


@pytest.fixture
def socket_path(tmp_path: Path) -> str:
    return str(tmp_path / "frames.sock")


def test_a_reader_gets_jpeg_records_with_the_capture_time_and_size(socket_path: str) -> None:
    server = FrameServer(socket_path)
    try:
        with _connect(server) as reader:
            frames = [_frame(i, 5 * SECOND_NS + i * SECOND_NS, 320, 240) for i in range(3)]
            got = []
            for f in frames:
                server.offer(f)
                record = read_record(reader)
                assert record is not None
                got.append(record)
        for f, record in zip(frames, got):
            assert (record.captured_ns, record.width_px, record.height_px) == (f.captured_ns, 320, 240)
            assert record.jpeg[:2] == b"\xff\xd8" and record.jpeg[-2:] == b"\xff\xd9"
            decoded = cv2.imdecode(np.frombuffer(record.jpeg, np.uint8), cv2.IMREAD_COLOR)
            assert decoded.shape == (240, 320, 3)
    finally:
        server.close()


def test_the_record_layout_is_the_documented_one(socket_path: str) -> None:
    server = FrameServer(socket_path)
    try:
        with _connect(server) as reader:
            pixels = np.zeros((64, 96, 3), np.uint8)
            pixels[:, :] = (255, 0, 0)  # red, in RGB
            server.offer(Frame(pixels, 0x0102030405060708, 0))
            head = reader.recv(16, socket.MSG_WAITALL)
            count, = struct.unpack("<I", head[:4])
            assert head[4:12] == bytes.fromhex("0807060504030201")
            assert head[12:16] == bytes.fromhex("6000" "4000")  # 96, 64
            jpeg = reader.recv(count - 12, socket.MSG_WAITALL)
            assert len(jpeg) == count - 12 and jpeg[:2] == b"\xff\xd8"
            b, g, r = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)[32, 48]
            assert r > 200 and g < 50 and b < 50, (r, g, b)
        assert RECORD_HEADER.size == 16
    finally:
        server.close()


def test_nothing_is_encoded_while_no_reader_is_connected(socket_path: str) -> None:
    server = FrameServer(socket_path)
    try:
        for i in range(20):
            server.offer(_frame(i, i * SECOND_NS))
        time.sleep(0.3)  # the server's thread had every chance to encode, had it wanted to
        assert (server.offered, server.encodes) == (20, 0)
        with _connect(server) as reader:
            server.offer(_frame(20, 20 * SECOND_NS))
            assert read_record(reader) is not None
            assert server.encodes == 1
        _wait(lambda: server.readers == 0, "the reader's end was seen")
        for i in range(21, 31):
            server.offer(_frame(i, i * SECOND_NS))
        time.sleep(0.3)
        assert (server.offered, server.encodes) == (31, 1)
    finally:
        server.close()


def test_encoding_is_once_per_frame_however_many_readers(socket_path: str) -> None:
    server = FrameServer(socket_path)
    try:
        readers = [_connect(server) for _ in range(5)]
        for i in range(4):
            server.offer(_frame(i, i * SECOND_NS))
            jpegs = {read_record(r).jpeg for r in readers}  # type: ignore[union-attr]
            assert len(jpegs) == 1
        assert server.encodes == 4
        for r in readers:
            r.close()
    finally:
        server.close()


def test_at_most_frames_fps_are_encoded_from_a_faster_camera(socket_path: str) -> None:
    server = FrameServer(socket_path, max_fps=15)
    try:
        with _connect(server) as reader:
            reader.setblocking(False)
            period = SECOND_NS // 30
            for i in range(60):  # two seconds of a 30 fps camera
                server.offer(_frame(i, 7 * SECOND_NS + i * period, 64, 64))
                _wait(lambda: server.considered == i + 1, "the server took the frame")
        assert server.encodes == 30
    finally:
        server.close()


class _CountingDetector:
    def __init__(self) -> None:
        self.frames = 0

    def detect(self, frame: Frame) -> list[Detection]:
        self.frames += 1
        return []

    def close(self) -> None:
        pass


class _NullSender:
    def send(self, track: object, captured_ns: int, now_ns: int) -> SendOutcome:
        return SendOutcome.SENT

    def send_gesture(self, gesture: object) -> None:
        pass

    def poll(self) -> None:
        pass

    def close(self) -> None:
        pass


class _ListSource:
    def __init__(self, frames: list[Frame]) -> None:
        self.frames = list(frames)
        self.width_px, self.height_px, self.frame_rate_hz = frames[0].width_px, frames[0].height_px, 30.0

    def read(self) -> Frame | None:
        return self.frames.pop(0) if self.frames else None

    def close(self) -> None:
        pass


def test_a_reader_that_never_reads_slows_neither_the_detector_nor_another_reader(socket_path: str) -> None:
    count = 40
    frames = [_frame(i, 3 * SECOND_NS + i * SECOND_NS, 640, 480) for i in range(count)]  # ~0.9 MB each as noise
    server = FrameServer(socket_path, stuck_after_s=3600)
    detector = _CountingDetector()
    config = load_board(SIM_BOARD)
    pipeline = Pipeline(_ListSource(frames), detector, _NullSender(), config, on_capture=server.offer, status_interval_s=3600)
    try:
        stuck = _connect(server, receive_buffer=4096)
        good = _connect(server)
        got = []
        while (report := pipeline.step()) is not None:
            # The good reader gets every frame the detector sees, while the stuck one holds its buffer full.
            record = read_record(good)
            assert record is not None
            got.append(record.captured_ns)
        assert detector.frames == count
        assert got == [f.captured_ns for f in frames]
        assert server.encodes == count
        # The reader may hold the last bytes a moment before the server counts the record sent.
        _wait(lambda: server.reader_counts()[1].sent == count, "the last record counted")
        counts = {c.number: c for c in server.reader_counts()}
        stuck_counts = counts[1]
        assert counts[2].sent == count and counts[2].dropped == 0
        # Its socket took a few records; then one stays in flight and the rest are dropped for it alone.
        assert stuck_counts.dropped >= count - 10, stuck_counts
        assert stuck_counts.sent + stuck_counts.dropped + 1 == count, stuck_counts
        stuck.close()
        good.close()
    finally:
        pipeline.close()
        server.close()


def test_a_reader_stuck_for_seconds_is_closed(socket_path: str) -> None:
    now = [10 * SECOND_NS]
    server = FrameServer(socket_path, stuck_after_s=2.0, clock=lambda: now[0])
    try:
        stuck = _connect(server, receive_buffer=4096)
        for i in range(10):
            server.offer(_frame(i, i * SECOND_NS, 640, 480))
            _wait(lambda: server.considered == i + 1, "the server took the frame")
        assert server.readers == 1
        now[0] += 1_900_000_000
        time.sleep(0.6)  # two of the server's ticks: under the limit, it stays
        assert server.readers == 1
        now[0] += 200_000_000
        _wait(lambda: server.readers == 0, "the stuck reader was closed")
        assert server.closed_stuck == 1
        stuck.settimeout(5)
        # Its end: the bytes it had, then EOF.
        while stuck.recv(1 << 20):
            pass
        stuck.close()
    finally:
        server.close()


def test_the_socket_is_0660_replaces_a_stale_one_and_is_removed_at_close(socket_path: str) -> None:
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(socket_path)
    stale.close()  # the file stays, nobody listens: a crashed run's
    server = FrameServer(socket_path)
    assert stat.S_IMODE(os.stat(socket_path).st_mode) == 0o660
    with pytest.raises(FrameServerError) as held:
        FrameServer(socket_path)
    assert held.value.temporary
    server.close()
    assert not os.path.exists(socket_path)


def test_a_path_that_is_not_a_socket_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    with pytest.raises(FrameServerError, match="not a socket") as error:
        FrameServer(str(path))
    assert not error.value.temporary
    assert path.read_text() == "mine"


def _vision(*args: str, timeout_s: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "swivel_vision", "--board", str(SIM_BOARD), *args],
                          capture_output=True, text=True, timeout=timeout_s, cwd=REPO)


def test_bad_frames_options_are_configuration_mistakes(tmp_path: Path) -> None:
    sock = str(tmp_path / "f.sock")
    bad_fps = _vision("--frames-socket", sock, "--frames-fps", "0", "--check")
    assert bad_fps.returncode == EX_CONFIG and "--frames-fps" in bad_fps.stderr
    bad_quality = _vision("--frames-socket", sock, "--frames-quality", "101", "--check")
    assert bad_quality.returncode == EX_CONFIG and "--frames-quality" in bad_quality.stderr
    good = _vision("--frames-socket", sock, "--check")
    assert good.returncode == 0 and f"frames on {sock}" in good.stdout


def test_swivel_vision_serves_its_camera_frames_on_the_socket(tmp_path: Path) -> None:
    """The program end to end: a video file as the camera (paced at its 30 fps), a reader on the frames socket."""
    video = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 30, (320, 240))
    for i in range(90):
        writer.write(np.full((240, 320, 3), i * 2, np.uint8))
    writer.release()
    path = str(tmp_path / "frames.sock")
    process = subprocess.Popen(
        [sys.executable, "-m", "swivel_vision", "--board", str(SIM_BOARD), "--source", "opencv", "--device", str(video),
         "--detector", "haar", "--link", "socket", "--socket", str(tmp_path / "no-daemon.sock"), "--frames-socket", path],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=REPO,
    )
    got: list[tuple[int, int, int]] = []
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(path):
            assert time.monotonic() < deadline and process.poll() is None, "no frames socket"
            time.sleep(0.01)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(path)
            assert stat.S_IMODE(os.stat(path).st_mode) == 0o660
            s.settimeout(20)
            # Until the file's end: swivel-vision exits and the socket ends with it.
            while (record := read_record(s)) is not None:
                got.append((record.captured_ns, record.width_px, record.height_px))
        _, stderr = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, stderr
    assert not os.path.exists(path), "the socket file is removed at exit"
    assert len(got) >= 5, got
    assert all((w, h) == (320, 240) for _, w, h in got)
    times = [t for t, _, _ in got]
    assert times == sorted(times) and len(set(times)) == len(times)
    # A 30 fps file served at the default 15 fps: at most one in two frames (one may come a quarter period early).
    assert all(b - a >= (SECOND_NS // 15) * 3 // 4 for a, b in zip(times, times[1:])), times


def test_a_live_frames_socket_held_by_another_is_a_restartable_failure(tmp_path: Path) -> None:
    path = str(tmp_path / "frames.sock")
    holder = FrameServer(path)
    try:
        result = _vision("--source", "opencv", "--device", str(tmp_path / "none.avi"), "--detector", "haar",
                         "--frames-socket", path)
        assert result.returncode == EX_UNAVAILABLE, result.stderr
        assert "another program serves frames there" in result.stderr
    finally:
        holder.close()


def test_the_installed_unit_serves_the_frames_socket_where_the_service_may_write() -> None:
    import configparser
    import shlex

    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read_string((REPO / "packaging" / "systemd" / "swivel-vision.service").read_text())
    service = unit["Service"]
    command = shlex.split(service["ExecStart"])
    assert command[command.index("--frames-socket") + 1] == "/run/swivel/frames.sock"
    assert "/run/swivel" in service["ReadWritePaths"] and "AF_UNIX" in service["RestrictAddressFamilies"]
