"""`make bench-vision`: what the vision side costs on this machine. Measures and prints; never asserts.

    python -m swivel_vision.bench [--board boards/sim.json5] [--frames 120]
        [--only detectors,render,pipeline,step,frames] [--trials 6]

1. detectors: BlazeFace short range, full range, MediaPipe pose and the Haar
   cascade (the baseline) on rendered frames of the astronaut at 320×240 and
   640×480: frames per second (one after another on one thread), latency per
   frame p50/p95 (wall) and CPU per frame (process time: every thread the
   detector uses), each beside Haar and the ratio;
2. render: the virtual camera's cost per frame (render + noise) at both sizes;
   (BlazeFace short runs on OpenCV's DNN, and beside it the same model on
   mediapipe; that, full range and pose need mediapipe and are left out where
   it is not installed);
3. pipeline: capture to TRACK handed to the vision link, through the real
   Pipeline against the real swiveld (walk scenario), per detector; the
   camera's configured latency (the frame is held that long, as a real
   camera's pipeline would) is part of it and is shown apart;
4. step: capture to the first step through the daemon. The stand at rest, a
   person appears off-centre in a frame captured at t0 (host CLOCK_MONOTONIC);
   the first MOTION_STATE with a nonzero commanded velocity carries stand time
   T. Stand time is mapped to CLOCK_MONOTONIC by the lower envelope of
   (arrival − stand time) over the run's MOTION_STATEs (the fastest one's
   transit is closest to zero); the mapping's uncertainty is printed: the
   envelope's rise over the run (stand time falls behind the clock when the
   loop skips deadlines) and the MOTION_STATE period (the step happened after
   the report before T, at or before T).
5. frames: the frames socket (frame_server.py) on rendered 640×480 frames
   offered at 15 fps: CPU per frame and share of one core with 0, 1 and 5
   readers (each a separate process reading records) beside a plain
   cvtColor + cv2.imencode loop on the same frames; capture to the record's
   last byte read by a reader, p50/p95; and the detector's fps (Haar, and
   BlazeFace; frames offered as fast as it goes) with
   no reader, 1 and 5.
Targets to report against: >= 30 fps for BlazeFace at 640×480, capture to
step under 40 ms, the frames socket at 640×480, 15 fps, one reader <= 10 % of
one core. docs/VIRTUAL-CAMERA.md and docs/BENCHMARKS.md keep the figures and
the command.
"""
from __future__ import annotations

import argparse
import logging
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from swivel.local_daemon import DaemonError

from .closed_loop import Controller, run_closed_loop
from .config import DetectorKind
from .detectors import create_detector
from .frames import Frame
from .pose_feed import MotionSample, StandPose
from .stats import percentile
from .virtual_camera import PinholeCamera, Renderer, SensorNoise
from .world import Keyframe, Path as WorldPath, Scenario, World, scenario

if TYPE_CHECKING:
    import subprocess

    from .detection import Detector

    from .frame_server import FrameServer

log = logging.getLogger("swivel_vision.bench")

# The same model through mediapipe, beside the default (OpenCV) one, where mediapipe is installed.
MEDIAPIPE_SHORT = "mediapipe BlazeFace short"


def _have_mediapipe() -> bool:
    try:
        import mediapipe  # noqa: F401
    except ImportError:
        return False
    return True


# faceFullRange and body run on mediapipe, optional (no wheel for Python 3.13): left out where it is missing.
DETECTORS: tuple[tuple[DetectorKind | str, str], ...] = tuple(
    (kind, label) for kind, label in (
        (DetectorKind.FACE, "BlazeFace short"),
        (MEDIAPIPE_SHORT, "  (on mediapipe)"),
        (DetectorKind.FACE_FULL_RANGE, "BlazeFace full"),
        (DetectorKind.BODY, "MediaPipe pose"),
        (DetectorKind.HAAR, "Haar (baseline)"),
    ) if _have_mediapipe() or kind in (DetectorKind.FACE, DetectorKind.HAAR)
)
SIZES = ((320, 240), (640, 480))
CAMERA_LATENCY_S = 0.033


def pct(values: list[float], q: float) -> float:
    """`stats.percentile` for a table cell: NaN, printed as such, where there are no values."""
    found = percentile(values, q)
    return math.nan if found is None else found


def _astronaut_frames(width: int, height: int, count: int) -> list[Frame]:
    """The walk scenario rendered with the stand a little off her, so she sits at varied places in frame."""
    world = World(scenario("walk"))
    camera = PinholeCamera.from_field_of_view(width, height, 1.107, 0.860)
    renderer = Renderer(world, camera)
    noise = SensorNoise(width, height, 3.0, 1)
    frames = []
    for i in range(count):
        t = 12.0 * i / count
        p = world.person_at(t)
        pose = StandPose(p.face_yaw_rad + 0.15 * math.sin(i / 5), 0.15 - p.face_elevation_rad)
        pixels, _ = renderer.render(t, pose)
        frames.append(Frame(noise.apply(pixels), time.monotonic_ns(), i))
    return frames


@dataclass(frozen=True, slots=True)
class Cost:
    fps: float
    p50_ms: float
    p95_ms: float
    cpu_ms: float
    detected: float


def _make(kind: DetectorKind | str) -> "Detector":
    if kind == MEDIAPIPE_SHORT:
        from .detectors.mediapipe_face import MediaPipeFaceDetector

        return MediaPipeFaceDetector(full_range=False, min_confidence=0.5)
    assert isinstance(kind, DetectorKind)
    return create_detector(kind, 0.5)


def measure_detector(kind: DetectorKind | str, frames: list[Frame]) -> Cost:
    detector = _make(kind)
    try:
        for f in frames[:5]:  # warm-up: graphs, caches
            detector.detect(f)
        walls, cpus, hits = [], [], 0
        start = time.perf_counter()
        for f in frames:
            c0, w0 = time.process_time_ns(), time.perf_counter_ns()
            found = detector.detect(f)
            walls.append((time.perf_counter_ns() - w0) / 1e6)
            cpus.append((time.process_time_ns() - c0) / 1e6)
            hits += bool(found)
        elapsed = time.perf_counter() - start
    finally:
        detector.close()
    return Cost(len(frames) / elapsed, pct(walls, 0.5), pct(walls, 0.95), statistics.fmean(cpus), hits / len(frames))


def bench_detectors(frames_per_size: int) -> None:
    print(f"\n== detectors: {frames_per_size} rendered frames of the astronaut per size, one thread, one after another")
    print(f"{'detector':<18} {'size':>8} {'fps':>7} {'p50 ms':>7} {'p95 ms':>7} {'CPU ms':>7} {'found':>6} | {'fps/Haar':>8} {'p50/Haar':>8}")
    for w, h in SIZES:
        frames = _astronaut_frames(w, h, frames_per_size)
        costs = {kind: measure_detector(kind, frames) for kind, _ in DETECTORS}
        haar = costs[DetectorKind.HAAR]
        for kind, label in DETECTORS:
            c = costs[kind]
            print(
                f"{label:<18} {f'{w}x{h}':>8} {c.fps:7.1f} {c.p50_ms:7.2f} {c.p95_ms:7.2f} {c.cpu_ms:7.2f} {c.detected * 100:5.0f}% |"
                f" {c.fps / haar.fps:8.2f} {c.p50_ms / haar.p50_ms:8.2f}"
            )
    print("target: >= 30 fps for BlazeFace short at 640x480")


def bench_render(frames: int) -> None:
    print(f"\n== virtual camera: render + sensor noise, {frames} frames, the stand panning 0.01 rad a frame")
    print(f"{'size':>8} {'p50 ms':>7} {'p95 ms':>7} {'CPU ms':>7}")
    world = World(scenario("walk"))
    for w, h in SIZES:
        camera = PinholeCamera.from_field_of_view(w, h, 1.107, 0.860)
        renderer, noise = Renderer(world, camera), SensorNoise(w, h, 3.0, 1)
        walls, cpus = [], []
        for i in range(frames):
            c0, w0 = time.process_time_ns(), time.perf_counter_ns()
            pixels, _ = renderer.render(i / 30, StandPose(0.01 * i, -0.1 + 0.001 * i))
            noise.apply(pixels)
            walls.append((time.perf_counter_ns() - w0) / 1e6)
            cpus.append((time.process_time_ns() - c0) / 1e6)
        print(f"{f'{w}x{h}':>8} {pct(walls, 0.5):7.2f} {pct(walls, 0.95):7.2f} {statistics.fmean(cpus):7.2f}")
    print("aim: ~10 ms a frame at 640x480 (30 fps leaves 33 ms for render, detector and sender)")


def bench_pipeline(board: str, seconds: float) -> None:
    print(f"\n== capture to TRACK through the Pipeline and swiveld's vision pty (walk, {seconds:.0f} s each)")
    print(f"{'detector':<18} {'batches':>7} {'p50 ms':>7} {'p95 ms':>7} {'held ms':>7} {'own p50':>7} {'own p95':>7} | {'own p50/Haar':>12}")
    rows = {}
    for kind, label in ((DetectorKind.FACE, "BlazeFace short"), (DetectorKind.HAAR, "Haar (baseline)")):
        detector = create_detector(kind, 0.5)
        try:
            result = run_closed_loop("walk", Controller.SWIVEL, board=board, seconds=seconds, detector=detector, latency_s=CAMERA_LATENCY_S)
        finally:
            detector.close()
        samples = result.stats.capture_to_send_ms
        own = [s - CAMERA_LATENCY_S * 1000 for s in samples]
        rows[kind] = (label, samples, own, result.score)
    haar_own = pct(rows[DetectorKind.HAAR][2], 0.5)
    for kind, (label, samples, own, sc) in rows.items():
        print(
            f"{label:<18} {len(samples):7d} {pct(samples, 0.5):7.1f} {pct(samples, 0.95):7.1f} {CAMERA_LATENCY_S * 1000:7.1f}"
            f" {pct(own, 0.5):7.1f} {pct(own, 0.95):7.1f} | {pct(own, 0.5) / haar_own:12.2f}"
        )
    for kind, (label, _, _, sc) in rows.items():
        print(f"  {label}: {sc.summary()}")
    print("'held' is the virtual camera's configured capture-to-delivery latency; 'own' is the rest: detector, tracker, builder, sender")


def appear_world() -> World:
    """Nobody in view (she stands behind the stand) until 1 s, then a person 0.25 rad right of centre, still."""
    path = WorldPath(
        [Keyframe(0.0, math.pi, 0.05), Keyframe(1.0, math.pi, 0.05), Keyframe(1.0, 0.25, 0.05)], smoothing_s=0.0
    )
    return World(Scenario("appear", "a person appears 0.25 rad right of centre at 1 s", 2.2, path))


@dataclass(frozen=True, slots=True)
class StepTrial:
    capture_to_step_ms: float  # to the first MOTION_STATE with a commanded velocity (an upper bound)
    lower_bound_ms: float  # to the MOTION_STATE before it (the step came after it)
    # The limiter ramps from rest at the axis's acceleration cap, so the ramp began
    # |v| / a before the report that shows v: the best estimate within the bounds.
    ramp_start_ms: float
    envelope_rise_ms: float  # how far the lower envelope of (arrival − stand time) moved over the run
    envelope_p10_ms: float  # the 10th percentile of (arrival − stand time) above its minimum: transit jitter


def yaw_accel_cap(board: str) -> float:
    from .json5 import loads

    root = loads(Path(board).read_text()).to_python()
    try:
        return float(root["axes"]["yaw"]["limits"]["maxAccelRadPerSec2"])  # type: ignore[index]
    except (KeyError, TypeError, ValueError):
        raise DaemonError(f"{board}: no axes.yaw.limits.maxAccelRadPerSec2") from None


def one_step_trial(board: str, kind: DetectorKind, accel_rad_per_s2: float) -> StepTrial | None:
    detector = create_detector(kind, 0.5)
    try:
        result = run_closed_loop(
            "appear", Controller.SWIVEL, board=board, detector=detector, latency_s=CAMERA_LATENCY_S, world=appear_world()
        )
    finally:
        detector.close()
    seen = [r for r in result.records if r.in_frame]
    motion: list[MotionSample] = result.motion
    if not seen or len(motion) < 20:
        return None
    t0_ns = seen[0].captured_ns
    offsets = [m.arrival_ns - m.stand_time_us * 1000 for m in motion]
    half = len(offsets) // 2
    rise_ms = (min(offsets[half:]) - min(offsets[:half])) / 1e6

    def first_moving(offset_ns: int) -> int | None:
        for i, m in enumerate(motion):
            if m.stand_time_us * 1000 + offset_ns > t0_ns and (m.yaw_rate_rad_per_s != 0.0 or m.pitch_rate_rad_per_s != 0.0):
                return i
        return None

    # The envelope over the whole run first, then over the half second either side of
    # the step only: stand time drifts behind the clock when the loop skips deadlines.
    i = first_moving(min(offsets))
    if i is None:
        return None
    near = [d for m, d in zip(motion, offsets) if abs(m.stand_time_us - motion[i].stand_time_us) <= 500_000]
    offset_ns = min(near)
    p10_ms = (pct(near, 0.1) - offset_ns) / 1e6
    i = first_moving(offset_ns)
    if i is None:
        return None
    step_ns = motion[i].stand_time_us * 1000 + offset_ns
    before_ns = motion[i - 1].stand_time_us * 1000 + offset_ns if i > 0 else step_ns
    ramp_s = max(abs(motion[i].yaw_rate_rad_per_s), abs(motion[i].pitch_rate_rad_per_s)) / accel_rad_per_s2
    ramp_ns = max(before_ns, step_ns - int(ramp_s * 1e9))
    return StepTrial((step_ns - t0_ns) / 1e6, (before_ns - t0_ns) / 1e6, (ramp_ns - t0_ns) / 1e6, rise_ms, p10_ms)


def bench_step(board: str, trials: int) -> None:
    print(f"\n== capture to first step through swiveld: a person appears 0.25 rad off-centre, stand at rest; {trials} trials each")
    print(f"{'detector':<18} {'p50 ms':>7} {'min':>6} {'max':>6} {'lower p50':>9} {'ramp p50':>8} {'env rise':>8} {'env p10':>7} | {'p50/Haar':>8}")
    rows = {}
    accel = yaw_accel_cap(board)
    for kind, label in ((DetectorKind.FACE, "BlazeFace short"), (DetectorKind.HAAR, "Haar (baseline)")):
        got = [t for t in (one_step_trial(board, kind, accel) for _ in range(trials)) if t is not None]
        rows[kind] = (label, got)
    haar = [t.capture_to_step_ms for t in rows[DetectorKind.HAAR][1]]
    for kind, (label, got) in rows.items():
        if not got:
            print(f"{label:<18} no trial saw a step")
            continue
        steps = [t.capture_to_step_ms for t in got]
        print(
            f"{label:<18} {pct(steps, 0.5):7.1f} {min(steps):6.1f} {max(steps):6.1f} {pct([t.lower_bound_ms for t in got], 0.5):9.1f}"
            f" {pct([t.ramp_start_ms for t in got], 0.5):8.1f}"
            f" {max(abs(t.envelope_rise_ms) for t in got):8.2f} {max(t.envelope_p10_ms for t in got):7.2f} |"
            f" {pct(steps, 0.5) / pct(haar, 0.5) if haar else math.nan:8.2f}"
        )
    print(
        f"includes the camera's {CAMERA_LATENCY_S * 1000:.0f} ms capture-to-delivery; 'lower' is to the MOTION_STATE before the step's "
        "(the step lies between); 'ramp' puts the step |v|/a before the first report showing v; 'env rise' is how far the stand-to-host clock mapping moved during a trial, 'env p10' its transit jitter"
    )
    print("target: capture to step under 40 ms")


# A reader in its own process (so its CPU is not the server's): reads records until
# the socket ends, prints the capture-to-read latencies (ms) one a line.
_READER = r"""
import socket, struct, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
f = s.makefile("rb", buffering=1 << 20)
out = []
while True:
    head = f.read(16)
    if len(head) < 16:
        break
    n, captured, w, h = struct.unpack("<IQHH", head)
    if len(f.read(n - 12)) < n - 12:
        break
    out.append((time.monotonic_ns() - captured) / 1e6)
print("\n".join(f"{v:.3f}" for v in out))
"""


def _frames_readers(path: str, count: int) -> list["subprocess.Popen[str]"]:
    import subprocess

    return [subprocess.Popen([sys.executable, "-c", _READER, path], stdout=subprocess.PIPE, text=True) for _ in range(count)]


def _wait_readers(server: "FrameServer", count: int) -> None:
    deadline = time.monotonic() + 10
    while server.readers < count:
        if time.monotonic() > deadline:
            raise DaemonError(f"only {server.readers} of {count} frame readers connected within 10 s")
        time.sleep(0.01)


def bench_frames(seconds: float) -> None:
    import tempfile

    from .frame_server import DEFAULT_QUALITY, FrameServer, encode_jpeg

    fps, (w, h) = 15.0, (640, 480)
    frames = _astronaut_frames(w, h, 60)
    print(f"\n== frames socket: {w}x{h} rendered frames offered at {fps:g} fps for {seconds:.0f} s, JPEG quality {DEFAULT_QUALITY}")
    c0, w0 = time.process_time_ns(), time.perf_counter_ns()
    sizes = []
    for f in frames * 2:
        sizes.append(len(encode_jpeg(f.pixels_rgb, DEFAULT_QUALITY)))
    plain_ms = (time.process_time_ns() - c0) / 1e6 / (2 * len(frames))
    plain_wall_ms = (time.perf_counter_ns() - w0) / 1e6 / (2 * len(frames))
    print(f"plain loop (cvtColor + cv2.imencode, one thread): {plain_ms:.2f} ms CPU a frame ({plain_wall_ms:.2f} wall), "
          f"{statistics.fmean(sizes) / 1000:.0f} kB a frame")
    print(f"{'readers':>7} {'frames':>6} {'encodes':>7} {'CPU ms/frame':>12} {'added ms':>8} {'% core':>6} {'to read p50':>11} {'p95 ms':>7} "
          f"{'dropped':>7} | {'added/plain':>11}")
    with tempfile.TemporaryDirectory(prefix="swivel-bench-") as tmp:
        path = os.path.join(tmp, "frames.sock")
        base_ms: float | None = None
        for readers in (0, 1, 5):
            server = FrameServer(path, max_fps=fps)
            procs = _frames_readers(path, readers)
            try:
                _wait_readers(server, readers)
                n = int(seconds * fps)
                period = 1 / fps
                c0, start = time.process_time_ns(), time.perf_counter()
                for i in range(n):
                    target = start + i * period
                    delay = target - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)
                    f = frames[i % len(frames)]
                    server.offer(Frame(f.pixels_rgb, time.monotonic_ns(), i))
                time.sleep(0.2)  # the last record out
                elapsed_s = time.perf_counter() - start
                cpu_ms = (time.process_time_ns() - c0) / 1e6
                counts = server.reader_counts()
            finally:
                server.close()
            latencies = [float(v) for p in procs for v in p.communicate(timeout=30)[0].split()]
            per_frame = cpu_ms / n
            if base_ms is None:
                base_ms = per_frame
            added = per_frame - base_ms
            dropped = sum(c.dropped for c in counts)
            print(
                f"{readers:7d} {n:6d} {server.encodes:7d} {per_frame:12.2f} {added:8.2f} {cpu_ms / 1e3 / elapsed_s * 100:6.1f}"
                f" {pct(latencies, 0.5):11.2f} {pct(latencies, 0.95):7.2f} {dropped:7d} | {added / plain_ms:11.2f}"
            )
        print("'added' is over the same loop with no reader (the pacing and offer() alone); '% core' is the whole process's CPU over wall time;")
        print("'to read' is capture (the frame's stamp) to the record's last byte read by a reader process")
        print("target: one reader at 640x480, 15 fps <= 10 % of one core")
        bench_detector_with_readers(path, frames)


def bench_detector_with_readers(path: str, frames: list[Frame]) -> None:
    from .frame_server import FrameServer

    kinds = [(DetectorKind.FACE, "BlazeFace short"), (DetectorKind.HAAR, "Haar")]
    print(f"\n{'detector':<18} {'readers':>7} {'fps':>7} {'encodes':>7} | {'fps/no reader':>13}")
    for kind, label in kinds:
        detector = create_detector(kind, 0.5)
        try:
            for f in frames[:5]:
                detector.detect(f)
            alone: float | None = None
            for readers in (0, 1, 5):
                server = FrameServer(path, max_fps=15.0)
                procs = _frames_readers(path, readers)
                try:
                    _wait_readers(server, readers)
                    start = time.perf_counter()
                    for i, f in enumerate(frames * 2):
                        server.offer(Frame(f.pixels_rgb, time.monotonic_ns(), i))
                        detector.detect(f)
                    detector_fps = 2 * len(frames) / (time.perf_counter() - start)
                finally:
                    server.close()
                for p in procs:
                    p.communicate(timeout=30)
                alone = alone or detector_fps
                print(f"{label:<18} {readers:7d} {detector_fps:7.1f} {server.encodes:7d} | {detector_fps / alone:13.2f}")
        finally:
            detector.close()
    print("the detector runs flat out on one thread, offering each frame first; the server encodes at most 15 a second beside it")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="swivel_vision.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="boards/sim.json5")
    parser.add_argument("--frames", type=int, default=120, help="frames per detector and size (default 120)")
    parser.add_argument("--trials", type=int, default=6, help="capture-to-step trials per detector (default 6)")
    parser.add_argument("--seconds", type=float, default=8.0, help="pipeline run per detector, s (default 8)")
    parser.add_argument("--only", default="detectors,render,pipeline,step,frames", help="comma-separated sections")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="swivel-vision: %(message)s")
    sections = {s.strip() for s in args.only.split(",") if s.strip()}
    unknown = sections - {"detectors", "render", "pipeline", "step", "frames"}
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    if not 10 <= args.frames <= 10000 or not 1 <= args.trials <= 100 or not 1 <= args.seconds <= 600:
        parser.error("--frames 10…10000, --trials 1…100, --seconds 1…600")
    print(f"swivel-vision bench on {os.uname().nodename}: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}, python {sys.version.split()[0]}")
    try:
        if "detectors" in sections:
            bench_detectors(args.frames)
        if "render" in sections:
            bench_render(args.frames)
        if "pipeline" in sections:
            bench_pipeline(args.board, args.seconds)
        if "step" in sections:
            bench_step(args.board, args.trials)
        if "frames" in sections:
            bench_frames(args.seconds)
    except DaemonError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
