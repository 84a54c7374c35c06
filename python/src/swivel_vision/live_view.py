"""The live view of `make run-vision`: annotated frames, as MJPEG on a plain HTML page, and/or PNG files.

Each frame is drawn with the detector's boxes (and the identifier each one is
sent under), the framing target (the centre horizontally, the upper third
line vertically), the person's TRUE face centre (the renderer's, a small red
cross: what the score measures against), the stand's pose and the running
score. Served on 127.0.0.1 only: nothing listens beyond this machine.
"""
from __future__ import annotations

import logging
import math
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import cv2
import numpy as np

from .scoring import TARGET_X, TARGET_Y_LOWER_LEFT, FrameRecord

log = logging.getLogger(__name__)

_PAGE = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>swivel-vision: the virtual camera</title>
<style>body{background:#222;color:#ddd;font:14px sans-serif;margin:2em}img{border:1px solid #555}</style>
</head><body>
<h1>swivel-vision</h1>
<p>What the camera on the simulated stand sees, rendered from the stand's measured pose, with the
real face detector's boxes (green, the identifier sent in TRACK), the framing target (yellow), the
person's true face centre (red) and the score so far.</p>
<img src="/stream.mjpg" width="640" height="480" alt="live view">
</body></html>
"""


def annotate(pixels_rgb: np.ndarray, record: FrameRecord, caption: list[str]) -> np.ndarray:
    """A BGR copy of the frame with the boxes, the target, the truth and the caption drawn."""
    img = cv2.cvtColor(pixels_rgb, cv2.COLOR_RGB2BGR)
    h, w = img.shape[:2]
    ids = record.identifiers or tuple(range(1, len(record.detections) + 1))
    for ident, d in zip(ids, record.detections):
        r = d.rect.upper_left
        p0 = (int(r.x * w), int(r.y * h))
        p1 = (int((r.x + r.width) * w), int((r.y + r.height) * h))
        cv2.rectangle(img, p0, p1, (80, 220, 80), 2)
        label = f"id {ident} {d.confidence:.2f}"
        at = (p0[0], max(12, p0[1] - 6))
        cv2.putText(img, label, at, cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(img, label, at, cv2.FONT_HERSHEY_SIMPLEX, 0.45, (80, 220, 80), 1, cv2.LINE_AA)
    tx, ty = int(TARGET_X * w), int((1 - TARGET_Y_LOWER_LEFT) * h)
    cv2.line(img, (tx - 14, ty), (tx + 14, ty), (0, 220, 240), 1, cv2.LINE_AA)
    cv2.line(img, (tx, ty - 14), (tx, ty + 14), (0, 220, 240), 1, cv2.LINE_AA)
    cv2.circle(img, (tx, ty), 5, (0, 220, 240), 1, cv2.LINE_AA)
    if record.face_center_px is not None:
        fx, fy = (int(round(v)) for v in record.face_center_px)
        cv2.drawMarker(img, (fx, fy), (60, 60, 255), cv2.MARKER_CROSS, 10, 2)
    y = 18
    for line in caption:
        cv2.putText(img, line, (8, y), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(img, line, (8, y), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (240, 240, 240), 1, cv2.LINE_AA)
        y += 17
    return img


def running_caption(records: list[FrameRecord], scenario: str, controller: str) -> list[str]:
    last = records[-1]
    n = len(records)
    rms = math.sqrt(sum(r.framing_error ** 2 for r in records) / n)
    inside = sum(1 for r in records if r.in_frame) / n
    return [
        f"{scenario} / {controller}  t {last.world_time_s:5.2f} s  frame {last.index}",
        f"stand yaw {last.stand_yaw_rad:+.3f} pitch {last.stand_pitch_rad:+.3f} rad  person yaw {last.face_yaw_rad:+.3f} rad",
        f"framing error {last.framing_error:+.3f}  RMS {rms:.4f} of width  in frame {inside * 100:.1f}%",
    ]


class LiveView:
    """Holds the newest JPEG; an HTTP server streams it to every viewer as multipart MJPEG."""

    def __init__(self, port: int | None = 8090, png_dir: Path | None = None, png_every: int = 1) -> None:
        self._cond = threading.Condition()
        self._jpeg: bytes | None = None
        self._serial = 0
        self._closed = False
        self.png_dir = png_dir
        self.png_every = max(1, png_every)
        self._server: ThreadingHTTPServer | None = None
        if png_dir is not None:
            png_dir.mkdir(parents=True, exist_ok=True)
        if port is not None:
            self._server = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
            self._server.daemon_threads = True
            threading.Thread(target=self._server.serve_forever, name="live-view", daemon=True).start()

    @property
    def url(self) -> str | None:
        if self._server is None:
            return None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/"

    def publish(self, annotated_bgr: np.ndarray, index: int) -> None:
        if self.png_dir is not None and index % self.png_every == 0:
            cv2.imwrite(str(self.png_dir / f"frame-{index:06d}.png"), annotated_bgr)
        if self._server is None:
            return
        ok, jpeg = cv2.imencode(".jpg", annotated_bgr, [cv2.IMWRITE_JPEG_QUALITY, 80])
        if ok:
            with self._cond:
                self._jpeg = jpeg.tobytes()
                self._serial += 1
                self._cond.notify_all()

    def _next(self, seen: int) -> tuple[int, bytes] | None:
        with self._cond:
            while self._serial == seen and not self._closed:
                self._cond.wait(1.0)
            if self._closed or self._jpeg is None:
                return None
            return self._serial, self._jpeg

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        view = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                log.debug("live view: " + format, *args)

            def do_GET(self) -> None:
                if self.path in ("/", "/index.html"):
                    self.send_response(HTTPStatus.OK)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(_PAGE)))
                    self.end_headers()
                    self.wfile.write(_PAGE)
                    return
                if self.path != "/stream.mjpg":
                    self.send_error(HTTPStatus.NOT_FOUND)
                    return
                self.send_response(HTTPStatus.OK)
                self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                seen = 0
                try:
                    while True:
                        nxt = view._next(seen)
                        if nxt is None:
                            return
                        seen, jpeg = nxt
                        self.wfile.write(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n" % len(jpeg))
                        self.wfile.write(jpeg + b"\r\n")
                except (BrokenPipeError, ConnectionResetError):
                    return

        return Handler

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
