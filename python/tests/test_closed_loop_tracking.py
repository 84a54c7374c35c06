"""The closed loop on real pixels through the real swiveld: the stand follows a rendered person.

Each run starts swiveld ($SWIVELD; make test-python sets it), renders every
frame from the stand's measured pose, detects the face with MediaPipe and
either sends TRACK over the vision pty (Swivel's tracking) or drives the
stand as a host with the naive rule. Asserted on what the renderer knows (the
person's true face centre in each frame), with margins chosen from measured
runs (docs/VIRTUAL-CAMERA.md, "Scenarios and measured scores"); never on
timing. The whole file runs about 60 s of wall time (the scenarios' own length).
"""
from __future__ import annotations

import pytest

from swivel.local_daemon import swiveld_from_env
from swivel_vision.closed_loop import Controller, LoopResult, run_closed_loop
from swivel_vision.config import DetectorKind
from swivel_vision.detectors import create_detector


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, Controller], LoopResult]:
    swiveld_from_env()  # fails with the reason when SWIVELD is unset: never a silent skip
    detector = create_detector(DetectorKind.FACE, 0.5)
    try:
        return {
            (name, controller): run_closed_loop(name, controller, detector=detector)
            for name, controllers in (("walk", (Controller.SWIVEL, Controller.NAIVE)), ("drift", (Controller.SWIVEL, Controller.NAIVE)), ("still", (Controller.SWIVEL,)))
            for controller in controllers
        }
    finally:
        detector.close()


def _check_the_wire(result: LoopResult) -> None:
    stats = result.stats
    # The loop really ran on camera frames (enough of them to score; no frame RATE is
    # asserted: a busy machine drops camera slots), and the stand answered TRACK.
    assert len(result.records) >= 60
    assert stats.batches_sent >= 0.8 * len(result.records)
    assert stats.batches_accepted >= 0.9 * stats.batches_sent, stats
    assert stats.refused.get("invalidParameter", 0) == 0, stats
    # The camera's 30 fps go out as they come. The stand judges each batch by its
    # capture instant (arrival minus age, on its monotonic clock: docs/TRACKING.md,
    # "Observation rate rules"), so a detector that runs late on a loaded 2-core
    # machine and sends a bunch, or a daemon that reads late or whose loop
    # overruns, costs nothing. None is refused.
    assert stats.refused.get("frameRateTooHigh", 0) == 0, stats


def test_walking_the_stand_follows_her_and_beats_the_naive_loop(runs):
    swivel, naive = runs["walk", Controller.SWIVEL], runs["walk", Controller.NAIVE]
    _check_the_wire(swivel)
    s, n = swivel.score, naive.score
    # Measured (seeds 1–3): in frame 100%, RMS 0.0116–0.0128 of the width; naive 0.0746–0.0748.
    assert s.time_in_frame >= 0.98
    assert s.rms_framing_error < 0.025
    assert s.rms_framing_error < 0.5 * n.rms_framing_error, (s.summary(), n.summary())
    # The stand went where she went (1.4 rad right, then 0.8 rad left of the start), through the encoders.
    yaws = [r.stand_yaw_rad for r in swivel.records]
    assert max(yaws) > 1.3 and min(yaws) < -0.7
    assert s.detected_fraction > 0.95


def test_a_slow_drift_is_followed_closely(runs):
    swivel = runs["drift", Controller.SWIVEL]
    _check_the_wire(swivel)
    s = swivel.score
    # Measured (seed 1, after issue 13): in frame 100%, RMS 0.0056, worst 0.020 of the width: the
    # slow filter (docs/TRACKING.md, "The slow filter and the still mean") glides after her.
    # Before, the deadband held the stand until she was 0.04 rad off: RMS 0.0226-0.0236.
    assert s.time_in_frame >= 0.98
    assert s.rms_framing_error < 0.012
    assert s.worst_framing_error < 0.04
    yaws = [r.stand_yaw_rad for r in swivel.records]
    assert min(yaws) < -0.4  # she drifted to -0.5 rad; the stand went along


def test_a_slow_drift_beats_the_naive_loop(runs):
    # Until issue 13 a strict xfail: the controller's deadband stepped after her (RMS
    # 0.0226-0.0236 against the naive loop's 0.0174-0.0175). Measured since: 0.0056 against 0.0171.
    s, n = runs["drift", Controller.SWIVEL].score, runs["drift", Controller.NAIVE].score
    assert s.rms_framing_error < 0.8 * n.rms_framing_error, (s.summary(), n.summary())


def test_a_still_person_off_centre_is_acquired_and_held_still(runs):
    swivel = runs["still", Controller.SWIVEL]
    _check_the_wire(swivel)
    s = swivel.score
    # Measured (seeds 1–3): settles (within 2% of the width for good) in 0.37–0.47 s from 0.207 off.
    assert s.settle_s is not None and s.settle_s < 1.0
    late = [r for r in swivel.records if r.world_time_s > 2.0]
    assert max(abs(r.framing_error) for r in late) < 0.02
    # Held still: the stand moved less than 5 mrad over the last 3 s.
    yaws = [r.stand_yaw_rad for r in late]
    assert max(yaws) - min(yaws) < 0.005
