"""`make run-vision`: the simulated stand following a rendered person with the real detector.

    python -m swivel_vision.demo --board boards/sim.json5 [--scenario walk]
        [--controller swivel|naive] [--seconds N] [--png-dir DIR] [--port 8090]
        [--frames-socket PATH]

Starts swiveld ($SWIVELD), the virtual camera, MediaPipe's face detector and
the TRACK sender, and serves the live view on http://127.0.0.1:8090/ (MJPEG of
the rendered frames with boxes, identifiers, the framing target and the
score). With --frames-socket the clean rendered frames are also served
there exactly as swivel-vision serves a camera's (frame_server.py), so
swivel-web's page shows the room and the stand following the person. The
scenario loops until --seconds have passed or Ctrl-C; either way
the daemon is stopped (SIGTERM) before it exits, and the score is printed.
"""
from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path

from swivel.local_daemon import DaemonError

from .closed_loop import Controller, LoopContext, run_closed_loop
from .frame_server import DEFAULT_FPS, FrameServer, FrameServerError
from .frames import Frame
from .live_view import LiveView, annotate, running_caption
from .scoring import FrameRecord
from .world import SCENARIOS, WorldError

log = logging.getLogger("swivel_vision.demo")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="swivel_vision.demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="boards/sim.json5", help="the board file swiveld runs (default boards/sim.json5)")
    parser.add_argument("--scenario", default="walk", choices=sorted(SCENARIOS), help="what the person does (default walk)")
    parser.add_argument("--controller", default="swivel", choices=[c.value for c in Controller])
    parser.add_argument("--seconds", type=float, default=None, help="end after this long (default: until Ctrl-C)")
    parser.add_argument("--png-dir", type=Path, default=None, help="also write every annotated frame as a PNG here")
    parser.add_argument("--png-every", type=int, default=1, help="with --png-dir: only every Nth frame")
    parser.add_argument("--port", type=int, default=8090, help="live view port on 127.0.0.1; 0 turns it off")
    parser.add_argument("--latency-ms", type=float, default=33.0, help="capture to delivery (default 33)")
    parser.add_argument("--frames-socket", default=None, metavar="PATH",
                        help="also serve the rendered frames as swivel-vision's frames socket here (docs/VISION.md)")
    parser.add_argument("--frames-fps", type=float, default=DEFAULT_FPS, help="at most this many a second there, 1-30 (default 15)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="swivel-vision: %(message)s")
    if args.seconds is not None and not 0 < args.seconds <= 86400:
        parser.error("--seconds must be within 0…86400")
    if not 0 <= args.latency_ms <= 1000:
        parser.error("--latency-ms must be within 0…1000")
    if not 0 <= args.port <= 65535:
        parser.error("--port must be within 0…65535 (0: no live view)")
    if not 1 <= args.png_every <= 100000:
        parser.error("--png-every must be within 1…100000")
    if not 1 <= args.frames_fps <= 30:
        parser.error("--frames-fps must be within 1…30")

    stopping = threading.Event()

    def stop(signum: int, _frame: object) -> None:
        if stopping.is_set() and signum == signal.SIGINT:
            raise KeyboardInterrupt  # a second Ctrl-C: stop waiting for the frame in hand
        stopping.set()

    # Ctrl-C and SIGTERM end the loop at the next frame; run_closed_loop then stops
    # the camera, the session and the daemon (SIGTERM), whatever the loop was doing.
    # Installed for SIGINT too, so it works when the shell started us with it ignored.
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        view = LiveView(args.port or None, args.png_dir, args.png_every)
    except OSError as e:
        log.error("cannot serve the live view on 127.0.0.1:%d or write %s: %s", args.port, args.png_dir, e)
        return 1
    if view.url:
        log.info("live view on %s (Ctrl-C stops)", view.url)
    server: FrameServer | None = None
    if args.frames_socket:
        try:
            server = FrameServer(args.frames_socket, max_fps=args.frames_fps)
        except FrameServerError as e:
            view.close()
            log.error("%s", e)
            return 1

    def on_frame(frame: Frame, record: FrameRecord, context: LoopContext) -> None:
        caption = running_caption(context.records, context.scenario, context.controller.value)
        view.publish(annotate(frame.pixels_rgb, record, caption), record.index)

    try:
        result = run_closed_loop(
            args.scenario, Controller(args.controller), board=args.board,
            seconds=args.seconds if args.seconds is not None else 1e7, latency_s=args.latency_ms / 1000,
            on_frame=on_frame, on_capture=server.offer if server else None, stop=stopping.is_set, loop_world=True,
        )
    except KeyboardInterrupt:
        log.info("stopped")
        return 0
    except (DaemonError, WorldError, OSError, ValueError) as e:
        log.error("%s", e)
        return 1
    finally:
        view.close()
        if server is not None:
            server.close()
    log.info("%s / %s: %s", args.scenario, args.controller, result.score.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
