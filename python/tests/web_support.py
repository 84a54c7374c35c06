"""Helpers for the swivel-web tests: the service as a subprocess, HTTP calls, a fake camera and a fake detector.

`WebProcess` runs `python -m swivel_web` (the real CLI) against a private
swiveld. `FakeCamera` feeds swivel-vision's own `FrameServer` (the frames socket
of docs/WEB.md and docs/VISION.md) rendered frames showing two people and a frame counter; `FakeVision` sends the
stand TRACK batches over the vision link with those two people's boxes, so
TRACKING_STATE carries them. Nothing listens beyond loopback here.
"""
from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from swivel import Observation, ObservationKind, VisionLink
from swivel.enums import CameraDeviceType, CameraOrientation, CameraPosition
from swivel.geometry import NormalizedRectUpperLeft
from swivel.messages import Track

from swivel_vision.frame_server import FrameServer
from swivel_vision.frames import Frame

SRC = Path(__file__).resolve().parents[1] / "src"
# Two people, upper-left normalized rects: what the fake camera draws and the fake detector reports.
PERSON_A = NormalizedRectUpperLeft(0.12, 0.22, 0.22, 0.6)
PERSON_B = NormalizedRectUpperLeft(0.62, 0.25, 0.2, 0.55)
FRAME_W, FRAME_H = 640, 480


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class WebProcess:
    def __init__(self, socket_path: str, state_dir: Path, *, host: str = "127.0.0.1", frames: str | None = None,
                 extra: list[str] | None = None) -> None:
        self.host = host
        self.port = free_port(host)
        self.state_dir = state_dir
        self.log_path = state_dir / "swivel-web.log"
        command = [sys.executable, "-m", "swivel_web", "--socket", socket_path, "--listen", f"{host}:{self.port}",
                   "--state-dir", str(state_dir), *(["--frames", frames] if frames else []), *(extra or [])]
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        state_dir.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, env=env)
        self.url = f"http://{host}:{self.port}"
        deadline = time.monotonic() + 30.0
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"swivel-web exited {self.process.returncode}:\n{self.log()}")
            # Off loopback this process is not trusted either: the log says when the service docked.
            if "docked with" in self.log():
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"swivel-web did not dock with the stand within 30 s:\n{self.log()}")
            time.sleep(0.1)
        self.csrf = self.request("GET", "/api/session")[1].get("csrf") or ""

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
                raw: bytes | None = None, timeout_s: float = 10.0) -> tuple[int, dict[str, Any]]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout_s)
        try:
            data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
            conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
            response = conn.getresponse()
            text = response.read()
            try:
                parsed = json.loads(text) if text else {}
            except ValueError:
                parsed = {"_raw": text.decode(errors="replace")}
            return response.status, parsed
        finally:
            conn.close()

    def post(self, path: str, body: Any = None, **kw: Any) -> tuple[int, dict[str, Any]]:
        headers = {"X-Swivel-CSRF": self.csrf, **kw.pop("headers", {})}
        return self.request("POST", path, body if body is not None else {}, headers=headers, **kw)

    def state(self) -> dict[str, Any]:
        status, body = self.request("GET", "/api/state")
        assert status == 200, body
        return body

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10.0)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5.0)
        self._log.close()


def render_frame(index: int) -> Any:
    """RGB pixels: a dim room, two people (A left, B right) and the frame number, so a viewer can see it advance."""
    import cv2
    import numpy as np

    img = np.zeros((FRAME_H, FRAME_W, 3), np.uint8)
    img[:] = (30, 34, 40)
    cv2.rectangle(img, (0, int(FRAME_H * 0.8)), (FRAME_W, FRAME_H), (80, 70, 60), -1)
    for rect, colour in ((PERSON_A, (220, 140, 90)), (PERSON_B, (120, 200, 120))):
        x0, y0 = int(rect.x * FRAME_W), int(rect.y * FRAME_H)
        x1, y1 = int((rect.x + rect.width) * FRAME_W), int((rect.y + rect.height) * FRAME_H)
        cx = (x0 + x1) // 2
        cv2.circle(img, (cx, y0 + (x1 - x0) // 3), (x1 - x0) // 4, colour, -1)
        cv2.rectangle(img, (x0 + (x1 - x0) // 6, y0 + (x1 - x0) * 2 // 3), (x1 - (x1 - x0) // 6, y1), colour, -1)
    # The counter moves across the frame too: two screenshots a moment apart must differ.
    x = 10 + (index * 7) % (FRAME_W - 200)
    cv2.putText(img, f"frame {index}", (x, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 2)
    return img


class FakeCamera:
    """A camera at `fps` whose frames go to swivel-vision's `FrameServer`, as a real one's do (encoded only while read)."""

    def __init__(self, path: str, fps: float = 15.0) -> None:
        self.server = FrameServer(path, max_fps=fps)
        self.index = 0
        self._stop = threading.Event()
        self._fps = fps
        self._thread = threading.Thread(target=self._run, name="fake-camera", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(1.0 / self._fps):
            if not self.server.readers:
                continue  # rendering is the fake's cost; the server already skips encoding with no reader
            self.index += 1
            self.server.offer(Frame(render_frame(self.index), time.monotonic_ns(), self.index))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5.0)
        self.server.close()


class FakeVision:
    """TRACK batches (two bodies, A and B) on the vision link at 15 Hz: TRACKING_STATE then names both."""

    def __init__(self, vision_path: str) -> None:
        self.link = VisionLink.open(vision_path)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="fake-vision", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        observations = (Observation(1, ObservationKind.HUMAN_BODY, PERSON_A.lower_left),
                        Observation(2, ObservationKind.HUMAN_BODY, PERSON_B.lower_left))
        while not self._stop.wait(1 / 15):
            track = Track(5_000, CameraDeviceType.WIDE_ANGLE, CameraPosition.BACK, CameraOrientation.CORRECTED, None,
                          float(FRAME_W), float(FRAME_H), observations)
            try:
                self.link.send_track_nowait(track)
                self.link.poll_replies()
            except Exception:  # noqa: BLE001 - the daemon stopping ends the feed
                return

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5.0)
        self.link.close()
