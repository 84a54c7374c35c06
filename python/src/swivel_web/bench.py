"""`make bench-web`: the page's jog, press to the first MOTION_STATE in motion. Measures and prints; never asserts.

    python -m swivel_web.bench [--board boards/sim.json5] [--presses 30] [--hold 0.4] [--rest 0.3]

Starts a private swiveld ($SWIVELD, the simulated board) and swivel-web
(`python -m swivel_web`, a child process on a free loopback port), then
connects as the page does: turns the tracking switch off (POST
/api/tracking with the session's CSRF header; the jog pad moves the stand
only then), then the WebSocket /ws from 127.0.0.1 (trusted on loopback) with
the page's Origin, sending what static/app.js sends for the
jog pad: `{"type": "jog", "pitch": 0, "yaw": ±speed}` on the press, renewed
every 100 ms while held, `{"type": "jog_stop"}` on release. Each press
alternates direction (the stand stays near home), is held `--hold` s, and
after the release the bench waits for the stand to report rest, then `--rest`
s more.

The press instant is CLOCK_MONOTONIC just before the first jog message is
written. Two clocks of arrival, on the same host clock, are timed from it:
  - stand: the first MOTION_STATE with a nonzero yaw velocity, as a second
    client of swiveld receives it (the swivel Python client's motion_states(),
    read on its own thread: a thread wake is included);
  - page: the first `motion` push on the same /ws whose yaw velocity is
    nonzero: what the page draws from (swivel-web pushes at once when
    `moving` changes, otherwise at 15 Hz).
Target (issue 25): stand p50 <= 50 ms on loopback. docs/BENCHMARKS.md keeps
the figures with the command.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# Below this a yaw velocity reads as rest: the simulated stand reports exact zeros at rest.
MOVING_RAD_PER_S = 1e-4
JOG_RENEW_S = 0.1  # the page's renewal period (app.js: setInterval(sendJog, 100))


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


class StandWatcher:
    """A second client of swiveld: every MOTION_STATE's arrival (monotonic ns) and yaw velocity."""

    def __init__(self, socket_path: str) -> None:
        from swivel.accessory import Accessory

        self.accessory = Accessory.connect(socket_path, client_name="swivel-web-bench")
        self.arrivals: list[tuple[int, float]] = []
        self._subscription = self.accessory.motion_states(maxsize=4096)
        self._thread = threading.Thread(target=self._run, name="bench-motion", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            for state in self._subscription:
                self.arrivals.append((time.monotonic_ns(), state.velocities_rad_per_s.yaw))
        except Exception:  # noqa: BLE001 - the session ending ends the watch
            return

    def first_moving_after(self, t_ns: int) -> int | None:
        return next((t for t, yaw in list(self.arrivals) if t >= t_ns and abs(yaw) > MOVING_RAD_PER_S), None)

    def at_rest_since(self, t_ns: int) -> bool:
        recent = [yaw for t, yaw in list(self.arrivals) if t >= t_ns]
        return bool(recent) and abs(recent[-1]) <= MOVING_RAD_PER_S

    def close(self) -> None:
        self._subscription.close()
        self.accessory.close()


async def _bench(url: str, watcher: StandWatcher, presses: int, speed: float, hold_s: float, rest_s: float
                 ) -> tuple[list[float], list[float], int]:
    import aiohttp

    page_arrivals: list[tuple[int, float]] = []
    stand_ms: list[float] = []
    page_ms: list[float] = []
    refusals: list[str] = []
    missed = 0
    host = url.removeprefix("http://")
    async with aiohttp.ClientSession() as http:
        # The jog pad moves the stand only with system tracking off: the page's switch first, as a user would.
        async with http.get(url + "/api/session") as r:
            csrf = (await r.json()).get("csrf") or ""
        async with http.post(url + "/api/tracking", json={"enabled": False},
                             headers={"X-Swivel-CSRF": csrf, "Origin": f"http://{host}"}) as r:
            if r.status != 200:
                raise RuntimeError(f"turning tracking off was refused: {r.status} {await r.text()}")
        async with http.ws_connect(url + "/ws", headers={"Origin": f"http://{host}"}) as ws:

            async def read() -> None:
                async for message in ws:
                    if message.type != aiohttp.WSMsgType.TEXT:
                        continue
                    data = json.loads(message.data)
                    if data.get("type") == "refused":
                        refusals.append(data.get("reason", ""))
                    if data.get("type") == "motion":
                        page_arrivals.append((time.monotonic_ns(), data["motion"]["velocities_rad_per_s"]["yaw"]))

            reader = asyncio.get_running_loop().create_task(read())
            await asyncio.sleep(1.0)  # the snapshot and a few pushes: the session is warm
            for i in range(presses):
                yaw = speed if i % 2 == 0 else -speed
                jog = json.dumps({"type": "jog", "pitch": 0.0, "yaw": yaw})
                t0 = time.monotonic_ns()
                await ws.send_str(jog)
                held_until = time.monotonic() + hold_s
                while time.monotonic() < held_until:
                    await asyncio.sleep(min(JOG_RENEW_S, max(0.0, held_until - time.monotonic())))
                    if time.monotonic() < held_until:
                        await ws.send_str(jog)
                await ws.send_str(json.dumps({"type": "jog_stop"}))
                released = time.monotonic_ns()
                deadline = time.monotonic() + 5.0
                while not watcher.at_rest_since(released) and time.monotonic() < deadline:
                    await asyncio.sleep(0.02)
                stand = watcher.first_moving_after(t0)
                page = next((t for t, v in page_arrivals if t >= t0 and abs(v) > MOVING_RAD_PER_S), None)
                if stand is None or stand > released:
                    missed += 1
                else:
                    stand_ms.append((stand - t0) / 1e6)
                if page is not None and page <= released:
                    page_ms.append((page - t0) / 1e6)
                await asyncio.sleep(rest_s)
            reader.cancel()
    if refusals:
        print(f"bench-web: {len(refusals)} jogs refused, e.g. {refusals[0]}", file=sys.stderr)
    return stand_ms, page_ms, missed


def _summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no samples"
    return (f"{name}: n={len(values)} p50 {statistics.median(values):.1f} ms, p95 {_percentile(values, 0.95):.1f} ms, "
            f"min {min(values):.1f}, max {max(values):.1f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="swivel_web.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--board", default="boards/sim.json5")
    p.add_argument("--presses", type=int, default=30)
    p.add_argument("--speed", type=float, default=0.5, help="jog yaw speed, rad/s (default 0.5)")
    p.add_argument("--hold", type=float, default=0.4, help="seconds each press is held (default 0.4)")
    p.add_argument("--rest", type=float, default=0.3, help="seconds of rest after the stand stops (default 0.3)")
    args = p.parse_args(argv)
    if not 1 <= args.presses <= 10_000 or not 0 < args.speed <= 3 or not 0.05 <= args.hold <= 10 or not 0 <= args.rest <= 10:
        print("bench-web: --presses 1…10000, --speed 0…3 rad/s, --hold 0.05…10 s, --rest 0…10 s", file=sys.stderr)
        return 2

    from swivel.local_daemon import DaemonError, LocalDaemon

    run_dir = Path(tempfile.mkdtemp(prefix="swivel-bench-web-"))
    try:
        daemon = LocalDaemon.start(args.board, directory=run_dir)
    except DaemonError as e:
        print(f"bench-web: {e}", file=sys.stderr)
        shutil.rmtree(run_dir, ignore_errors=True)
        return 1
    web: subprocess.Popen[bytes] | None = None
    watcher: StandWatcher | None = None
    log_path = run_dir / "swivel-web.log"
    try:
        port = _free_port()
        src = str(Path(__file__).resolve().parents[1])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(x for x in (src, os.environ.get("PYTHONPATH", "")) if x)}
        with open(log_path, "wb") as log:
            web = subprocess.Popen([sys.executable, "-m", "swivel_web", "--socket", daemon.socket_path,
                                    "--listen", f"127.0.0.1:{port}", "--state-dir", str(run_dir / "web")],
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30.0
        while "docked with" not in log_path.read_text(errors="replace"):
            if web.poll() is not None or time.monotonic() > deadline:
                print(f"bench-web: swivel-web did not dock:\n{log_path.read_text(errors='replace')}", file=sys.stderr)
                return 1
            time.sleep(0.1)
        watcher = StandWatcher(daemon.socket_path)
        stand_ms, page_ms, missed = asyncio.run(
            _bench(f"http://127.0.0.1:{port}", watcher, args.presses, args.speed, args.hold, args.rest))
    finally:
        if watcher is not None:
            watcher.close()
        if web is not None and web.poll() is None:
            web.terminate()
            try:
                web.wait(10)
            except subprocess.TimeoutExpired:
                web.kill()
        daemon.stop()
        shutil.rmtree(run_dir, ignore_errors=True)

    command = " ".join(["python -m swivel_web.bench", *(argv if argv is not None else sys.argv[1:])])
    print(f"swivel-web jog: press on the page's WebSocket -> first MOTION_STATE with yaw velocity != 0 "
          f"({args.presses} presses of ±{args.speed} rad/s, held {args.hold} s; load {os.getloadavg()[0]:.1f}, "
          f"{os.cpu_count()} CPUs)")
    print("  " + _summary("stand (a second swiveld client)", stand_ms))
    print("  " + _summary("page (swivel-web's /ws motion push)", page_ms))
    if missed:
        print(f"  {missed} presses saw no motion before their release")
    print(f"  command: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
