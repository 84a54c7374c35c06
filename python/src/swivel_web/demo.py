"""`make run-web`: the simulated stand, the virtual camera, swivel-vision's pipeline and swivel-web, together.

    python -m swivel_web.demo --board boards/sim.json5 [--scenario walk] [--listen 127.0.0.1:8080]

Starts swiveld ($SWIVELD) on the simulated board with its paths in a run
directory, then swivel-web (a child process: `python -m swivel_web`) on its
socket, then, in this process, swivel-vision's closed loop: the virtual camera
renders a person (a real photograph) from the stand's pose, the board's
detector finds her, TRACK goes over the vision link, the stand follows. The
rendered frames take a real camera's path to the page: the pipeline hands
each one, as it is read, to swivel-vision's `FrameServer` (the frames socket,
docs/VISION.md), whose own thread JPEG-encodes only while swivel-web reads
(docs/WEB.md, "Video"); the detector's thread never encodes. The page is at
http://127.0.0.1:8080/ until Ctrl-C, which stops all three (the daemon
decelerates and exits).
"""
from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

log = logging.getLogger("swivel_web.demo")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="swivel_web.demo", description=__doc__.split("\n\n")[0])
    p.add_argument("--board", default="boards/sim.json5")
    p.add_argument("--scenario", default="walk", help="what the person does (swivel_vision.world; default walk)")
    p.add_argument("--listen", default="127.0.0.1:8080", help="swivel-web's HOST:PORT (default 127.0.0.1:8080)")
    p.add_argument("--state-dir", default=None, help="swivel-web's state (default: in the run directory)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="run-web: %(message)s")

    from swivel.accessory import Accessory
    from swivel.local_daemon import DaemonError, LocalDaemon
    from swivel_vision.closed_loop import camera_for
    from swivel_vision.config import load_board
    from swivel_vision.detectors import create_detector
    from swivel_vision.frame_server import FrameServer
    from swivel_vision.pipeline import Pipeline
    from swivel_vision.pose_feed import MotionFeed, MotionStatePose
    from swivel_vision.sender import VisionLinkSender
    from swivel_vision.stats import PipelineStats
    from swivel_vision.virtual_camera import VirtualCamera
    from swivel_vision.world import World, WorldError, scenario

    stopping = threading.Event()
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    try:
        config = load_board(args.board)
        world = World(scenario(args.scenario))
    except (WorldError, OSError, ValueError) as e:
        log.error("%s", e)
        return 1
    pinhole, position = camera_for(config)
    detector = create_detector(config.detector, config.min_confidence)
    # The daemon's sockets and logs, the frames socket and (by default) swivel-web's state: gone at exit.
    run_dir = Path(tempfile.mkdtemp(prefix="swivel-run-web-"))
    frames_path = str(run_dir / "frames.sock")
    try:
        daemon = LocalDaemon.start(args.board, directory=run_dir)
    except DaemonError as e:
        log.error("%s", e)
        detector.close()
        shutil.rmtree(run_dir, ignore_errors=True)
        return 1
    web: subprocess.Popen[bytes] | None = None
    accessory = camera = sender = frames = None
    try:
        frames = FrameServer(frames_path)
        src = str(Path(__file__).resolve().parents[1])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(x for x in (src, os.environ.get("PYTHONPATH", "")) if x)}
        web = subprocess.Popen([sys.executable, "-m", "swivel_web", "--socket", daemon.socket_path, "--frames", frames_path,
                                "--listen", args.listen, "--state-dir", args.state_dir or str(run_dir / "web")], env=env)
        accessory = Accessory.connect(daemon.socket_path, client_name="swivel-vision-demo")
        feed = MotionFeed(accessory)
        deadline = time.monotonic() + 5.0
        while feed.latest() is None:
            if time.monotonic() > deadline:
                raise DaemonError("no MOTION_STATE within 5 s of docking")
            time.sleep(0.01)
        camera = VirtualCamera(world, pinhole, MotionStatePose(feed.latest), position=position,
                               frame_rate_hz=config.frame_rate_hz, latency_s=0.033, seed=1, loop=True)
        camera.start()
        stats = PipelineStats()
        sender = VisionLinkSender(daemon.vision_path, config.vision_baud, stats)
        pipeline = Pipeline(camera, detector, sender, config, on_capture=frames.offer, stats=stats, status_interval_s=3600)
        log.info("the page: http://%s/ (Ctrl-C stops the stand, the camera and swivel-web)", args.listen)
        while not stopping.is_set():
            if web.poll() is not None:
                log.error("swivel-web exited %s", web.returncode)
                return 1
            if pipeline.step() is None:
                break
        return 0
    except (DaemonError, OSError) as e:
        log.error("%s", e)
        return 1
    finally:
        if camera is not None:
            camera.close()
        if sender is not None:
            sender.close()
        if accessory is not None:
            try:
                accessory.close()
            except Exception:  # noqa: BLE001 - the daemon is stopped whatever the session did
                pass
        if web is not None and web.poll() is None:
            web.send_signal(signal.SIGINT)
            try:
                web.wait(10)
            except subprocess.TimeoutExpired:
                web.kill()
        if frames is not None:
            frames.close()
        daemon.stop()
        detector.close()
        shutil.rmtree(run_dir, ignore_errors=True)
        log.info("stopped")


if __name__ == "__main__":
    sys.exit(main())
