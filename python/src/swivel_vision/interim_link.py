"""INTERIM: a thin wire client, TRACK sender and face detector for the closed loop.

The real ones are the `swivel` client (branch s12-client: `Accessory`,
`VisionLink`, `Track`, `latest_motion_state()`) and the swivel-vision pipeline
(branch s12-vision: detectors, TRACK builder, sender, `Pipeline`). This module
stands in for them until they are merged, and is to be deleted then: it
implements only what the closed loop needs, written to docs/PROTOCOL.md (COBS,
CRC-16/MCRF4XX, the header, HELLO, HEARTBEAT, SET_SYSTEM_TRACKING,
SET_ANGULAR_VELOCITY, TRACK, MOTION_STATE, ACK and ERR).
"""
from __future__ import annotations

import logging
import math
import os
import socket
import struct
import termios
import threading
import time
import tty
from dataclasses import dataclass

from swivel.geometry import NormalizedRectLowerLeft

from .detection import Detection, SubjectKind
from .frames import Frame
from .pose_feed import MotionSample

log = logging.getLogger(__name__)


class LinkError(RuntimeError):
    """The daemon could not be reached, or answered what the protocol does not allow."""


# -- framing ----------------------------------------------------------------------


def crc16_mcrf4xx(data: bytes) -> int:
    crc = 0xFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


def cobs_encode(data: bytes) -> bytes:
    out = bytearray()
    block = bytearray()
    for b in data:
        if b == 0:
            out.append(len(block) + 1)
            out += block
            block.clear()
        else:
            block.append(b)
            if len(block) == 254:
                out.append(255)
                out += block
                block.clear()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes | None:
    out = bytearray()
    i, n = 0, len(data)
    while i < n:
        code = data[i]
        end = i + code
        if code == 0 or end > n:
            return None
        out += data[i + 1 : end]
        i = end
        if code < 255 and i < n:
            out.append(0)
    return bytes(out)


def encode_frame(seq: int, message_id: int, payload: bytes = b"") -> bytes:
    body = struct.pack("<BBHB", 1, 0, seq & 0xFFFF, message_id) + payload
    body += struct.pack("<H", crc16_mcrf4xx(body))
    return cobs_encode(body) + b"\x00"


@dataclass(frozen=True, slots=True)
class WireFrame:
    seq: int
    message_id: int
    payload: bytes


class FrameReader:
    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[WireFrame]:
        frames: list[WireFrame] = []
        self._buf += data
        while True:
            try:
                end = self._buf.index(0)
            except ValueError:
                if len(self._buf) > 4096:
                    self._buf.clear()
                return frames
            chunk = bytes(self._buf[:end])
            del self._buf[: end + 1]
            if not chunk:
                continue
            raw = cobs_decode(chunk)
            if raw is None or len(raw) < 7:
                continue
            if crc16_mcrf4xx(raw[:-2]) != struct.unpack_from("<H", raw, len(raw) - 2)[0]:
                continue
            frames.append(WireFrame(struct.unpack_from("<H", raw, 2)[0], raw[4], raw[5:-2]))


# -- messages ---------------------------------------------------------------------

HELLO, IDENTITY, HEARTBEAT, BYE = 0x01, 0x02, 0x03, 0x04
ACK, ERR = 0x10, 0x11
SET_ANGULAR_VELOCITY, SET_SYSTEM_TRACKING = 0x20, 0x28
TRACK = 0x30
MOTION_STATE = 0x40


@dataclass(frozen=True, slots=True)
class Reply:
    message_id: int
    ok: bool
    error_code: int
    reason: str
    payload: bytes


def parse_reply(frame: WireFrame) -> Reply:
    if frame.message_id == ERR and len(frame.payload) >= 8:
        n = frame.payload[8] if len(frame.payload) > 8 else 0
        reason = frame.payload[9 : 9 + n].decode("utf-8", "replace")
        return Reply(frame.payload[0], False, frame.payload[1], reason, frame.payload)
    return Reply(frame.payload[0] if frame.payload else 0, True, 0, "", frame.payload)


def parse_motion_state(frame: WireFrame, arrival_ns: int) -> MotionSample | None:
    p = frame.payload
    if len(p) < 35:
        return None
    stand_us = struct.unpack_from("<Q", p, 0)[0]
    pitch, yaw, _roll, vp, vy, _vr = struct.unpack_from("<6f", p, 9)
    return MotionSample(arrival_ns, stand_us, yaw, pitch, vy, vp)


def track_payload(
    detections: list[Detection],
    capture_age_us: int,
    width_px: int,
    height_px: int,
    intrinsics: tuple[float, float, float, float],
    device_type: int = 1,
    position: int = 2,
) -> bytes:
    """TRACK: orientation corrected (1), intrinsics present (fx, fy, cx, cy at the frame size)."""
    fx, fy, cx, cy = intrinsics
    out = bytearray(struct.pack("<IBBBB", max(0, min(capture_age_us, 1_000_000)), device_type, position, 1, 1))
    out += struct.pack("<9f", fx, 0.0, cx, 0.0, fy, cy, 0.0, 0.0, 1.0)
    out += struct.pack("<2f", float(width_px), float(height_px))
    chosen = detections[:16]
    out += struct.pack("<B", len(chosen))
    for i, d in enumerate(chosen):
        r = d.rect
        out += struct.pack("<qB4fB3f", i + 1, int(d.kind), r.x, r.y, r.width, r.height, 0, 0.0, 0.0, 0.0)
    return bytes(out)


# -- transports -------------------------------------------------------------------


class HostSession:
    """A docked host session on the daemon's Unix socket: HELLO, heartbeats, MOTION_STATE, commands."""

    def __init__(self, socket_path: str, name: str = "swivel-vision-loop") -> None:
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(2.0)
        self._sock.connect(socket_path)
        self._sock.settimeout(None)
        self._name = name.encode()
        self._seq = 0
        self._lock = threading.Lock()
        self._cond = threading.Condition()
        self._replies: dict[int, Reply] = {}
        self._latest: MotionSample | None = None
        self.motion_states: list[MotionSample] = []
        self.keep_motion_states = False
        self._closed = False
        self._reader = threading.Thread(target=self._read_loop, name="host-session", daemon=True)
        self._reader.start()
        reply = self.command(HELLO, struct.pack("<BBH", 1, 1, 250) + bytes([len(self._name)]) + self._name)
        if not reply.ok:
            raise LinkError(f"HELLO refused: {reply.reason}")
        self._beat = threading.Thread(target=self._heartbeat_loop, name="host-heartbeat", daemon=True)
        self._beat.start()

    def _read_loop(self) -> None:
        reader = FrameReader()
        while not self._closed:
            try:
                data = self._sock.recv(65536)
            except OSError:
                break
            if not data:
                break
            now = time.monotonic_ns()
            for f in reader.feed(data):
                if f.message_id == MOTION_STATE:
                    s = parse_motion_state(f, now)
                    if s is not None:
                        with self._cond:
                            self._latest = s
                            if self.keep_motion_states:
                                self.motion_states.append(s)
                elif f.message_id in (IDENTITY, ACK, ERR):
                    with self._cond:
                        self._replies[f.seq] = parse_reply(f) if f.message_id != IDENTITY else Reply(HELLO, True, 0, "", f.payload)
                        self._cond.notify_all()
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _heartbeat_loop(self) -> None:
        while not self._closed:
            time.sleep(0.25)
            try:
                self.send(HEARTBEAT)
            except OSError:
                return

    def send(self, message_id: int, payload: bytes = b"") -> int:
        with self._lock:
            self._seq = (self._seq + 1) & 0xFFFF
            seq = self._seq
            self._sock.sendall(encode_frame(seq, message_id, payload))
        return seq

    def command(self, message_id: int, payload: bytes = b"", timeout_s: float = 2.0) -> Reply:
        seq = self.send(message_id, payload)
        deadline = time.monotonic() + timeout_s
        with self._cond:
            while seq not in self._replies:
                left = deadline - time.monotonic()
                if left <= 0 or self._closed:
                    raise LinkError(f"no reply to message 0x{message_id:02x} within {timeout_s} s")
                self._cond.wait(left)
            return self._replies.pop(seq)

    def latest_motion_state(self) -> MotionSample | None:
        with self._cond:
            return self._latest

    def set_system_tracking(self, enabled: bool) -> Reply:
        return self.command(SET_SYSTEM_TRACKING, bytes([1 if enabled else 0]))

    def set_angular_velocity(self, pitch_rad_per_s: float, yaw_rad_per_s: float) -> None:
        # Not awaited: the naive loop sends one per frame and ignores the ACK, as a hobby loop does.
        self.send(SET_ANGULAR_VELOCITY, struct.pack("<3f", pitch_rad_per_s, yaw_rad_per_s, 0.0))

    def close(self) -> None:
        if self._closed:
            return
        try:
            self.send(BYE)
            time.sleep(0.02)
        except OSError:
            pass
        self._closed = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()


class VisionSender:
    """TRACK over the daemon's vision pty: no handshake; ACK/ERR counted."""

    def __init__(self, device: str) -> None:
        self._fd = os.open(device, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self._fd, termios.TCSANOW)
        os.write(self._fd, b"\x00")
        self._seq = 0
        self._closed = False
        self.acks = 0
        self.errors: dict[int, int] = {}
        self.sent_ns: dict[int, int] = {}
        self.reply_ns: dict[int, int] = {}
        self._reader = threading.Thread(target=self._read_loop, name="vision-link", daemon=True)
        self._reader.start()

    def _read_loop(self) -> None:
        reader = FrameReader()
        while not self._closed:
            try:
                data = os.read(self._fd, 4096)
            except OSError:
                break
            if not data:
                break
            now = time.monotonic_ns()
            for f in reader.feed(data):
                if f.message_id == ACK:
                    self.acks += 1
                elif f.message_id == ERR and len(f.payload) >= 2:
                    self.errors[f.payload[1]] = self.errors.get(f.payload[1], 0) + 1
                self.reply_ns[f.seq] = now

    def send_track(self, payload: bytes) -> int:
        self._seq = (self._seq + 1) & 0xFFFF
        self.sent_ns[self._seq] = time.monotonic_ns()
        os.write(self._fd, encode_frame(self._seq, TRACK, payload))
        return self._seq

    def close(self) -> None:
        self._closed = True
        try:
            os.close(self._fd)
        except OSError:
            pass


# -- the detector -----------------------------------------------------------------


class MediaPipeFaceDetector:
    """BlazeFace through mediapipe.solutions (short range by default)."""

    def __init__(self, full_range: bool = False, min_confidence: float = 0.5) -> None:
        import mediapipe as mp

        self.name = "blazeface-full" if full_range else "blazeface-short"
        self._fd = mp.solutions.face_detection.FaceDetection(
            model_selection=1 if full_range else 0, min_detection_confidence=min_confidence
        )

    def detect(self, frame: Frame) -> list[Detection]:
        result = self._fd.process(frame.pixels_rgb)
        out: list[Detection] = []
        for d in result.detections or []:
            bb = d.location_data.relative_bounding_box
            values = (bb.xmin, bb.ymin, bb.width, bb.height)
            if not all(math.isfinite(v) for v in values) or bb.width <= 1e-4 or bb.height <= 1e-4:
                continue
            rect = NormalizedRectLowerLeft.from_pixels_upper_left(
                bb.xmin * frame.width_px, bb.ymin * frame.height_px, bb.width * frame.width_px,
                bb.height * frame.height_px, frame.width_px, frame.height_px,
            )
            out.append(Detection(SubjectKind.HUMAN_FACE, rect, float(d.score[0])))
        return out

    def close(self) -> None:
        self._fd.close()


# -- the board file ---------------------------------------------------------------

import json
import re

_JSON5_TOKEN = re.compile(
    r'''(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')'''
    r"""|(?P<ident>[A-Za-z_$][A-Za-z0-9_$]*)|(?P<number>[+-]?(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|Infinity|NaN))"""
    r"""|(?P<punct>[{}\[\]:,])|(?P<space>\s+)|(?P<other>.)""",
    re.S,
)


class BoardFileError(ValueError):
    """A board file this reader cannot read; the daemon's own loader is the judge of its keys."""


def read_json5(text: str) -> object:
    """JSON5 as board files use it (comments, unquoted keys, trailing commas, single quotes) to JSON."""
    out: list[str] = []
    for m in _JSON5_TOKEN.finditer(text):
        kind = m.lastgroup
        tok = m.group()
        if kind in ("comment", "space"):
            continue
        if kind == "string":
            if tok[0] == "'":
                tok = json.dumps(tok[1:-1].replace("\\'", "'"))
            out.append(tok)
        elif kind == "ident":
            out.append(tok if tok in ("true", "false", "null") else json.dumps(tok))
        elif kind == "number":
            if tok.lower().lstrip("+-").startswith("0x"):
                tok = str(int(tok, 16))
            out.append(tok.lstrip("+"))
        elif kind == "punct":
            if tok in "}]" and out and out[-1] == ",":
                out.pop()
            out.append(tok)
        else:
            raise BoardFileError(f"unexpected character {tok!r} at offset {m.start()}")
    try:
        return json.loads("".join(out))
    except json.JSONDecodeError as e:
        raise BoardFileError(f"not a JSON5 document: {e}") from None


class MediaPipePoseDetector:
    """MediaPipe pose (BlazePose, lite): the box round the visible landmarks, as a humanBody."""

    name = "pose"

    def __init__(self, min_confidence: float = 0.5) -> None:
        import mediapipe as mp

        self._pose = mp.solutions.pose.Pose(
            static_image_mode=False, model_complexity=0, min_detection_confidence=min_confidence,
            min_tracking_confidence=min_confidence,
        )

    def detect(self, frame: Frame) -> list[Detection]:
        result = self._pose.process(frame.pixels_rgb)
        if result.pose_landmarks is None:
            return []
        pts = [(p.x, p.y) for p in result.pose_landmarks.landmark if p.visibility > 0.5]
        if len(pts) < 3:
            return []
        xs = [min(1.0, max(0.0, x)) for x, _ in pts]
        ys = [min(1.0, max(0.0, y)) for _, y in pts]
        left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        if right - left <= 1e-3 or bottom - top <= 1e-3:
            return []
        w, h = frame.width_px, frame.height_px
        rect = NormalizedRectLowerLeft.from_pixels_upper_left(left * w, top * h, (right - left) * w, (bottom - top) * h, w, h)
        score = sum(p.visibility for p in result.pose_landmarks.landmark) / len(result.pose_landmarks.landmark)
        return [Detection(SubjectKind.HUMAN_BODY, rect, float(score))]

    def close(self) -> None:
        self._pose.close()


class HaarFaceDetector:
    """OpenCV's frontal-face Haar cascade: the classical baseline."""

    name = "haar"

    def __init__(self) -> None:
        import cv2

        self._cv2 = cv2
        self._cascade = cv2.CascadeClassifier(cv2.data.haarcascades + "haarcascade_frontalface_default.xml")

    def detect(self, frame: Frame) -> list[Detection]:
        cv2 = self._cv2
        grey = cv2.cvtColor(frame.pixels_rgb, cv2.COLOR_RGB2GRAY)
        side = max(20, frame.width_px * 30 // 640)
        boxes = self._cascade.detectMultiScale(grey, 1.1, 5, minSize=(side, side))
        return [
            Detection(
                SubjectKind.HUMAN_FACE,
                NormalizedRectLowerLeft.from_pixels_upper_left(float(x), float(y), float(bw), float(bh), frame.width_px, frame.height_px),
                1.0,
            )
            for x, y, bw, bh in boxes
        ]

    def close(self) -> None:
        pass
