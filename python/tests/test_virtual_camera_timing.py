"""The source's contract: latency held, pose read at capture, seeded noise, bad settings refused, the board's camera."""
import time

import numpy as np
import pytest

from swivel_vision.closed_loop import camera_for
from swivel_vision.config import load_board, loads_board
from swivel_vision.pose_feed import MotionSample, MotionStatePose, MutablePose, StandPose
from swivel_vision.virtual_camera import PinholeCamera, Renderer, SensorNoise, VirtualCamera, WorldError
from swivel_vision.world import World, scenario

CAMERA = PinholeCamera.from_field_of_view(160, 120, 1.107, 0.860)


def test_a_frame_is_handed_out_no_earlier_than_its_latency_after_capture_and_rendered_at_the_pose_then():
    pose = MutablePose(StandPose(0.0, 0.0))
    cam = VirtualCamera(World(scenario("still")), CAMERA, pose, latency_s=0.05, frame_rate_hz=20)
    try:
        first = cam.read()
        assert first is not None and time.monotonic_ns() - first.captured_ns >= 50_000_000
        pose.set(StandPose(0.25, -0.05))
        deadline = time.monotonic() + 2
        while True:
            frame = cam.read()
            truth = cam.truth(frame.index)
            assert time.monotonic_ns() - frame.captured_ns >= 50_000_000
            if truth.pose == StandPose(0.25, -0.05) or time.monotonic() > deadline:
                break
        assert truth.pose == StandPose(0.25, -0.05)
        # At the new pose the still subject (yaw 0.25, up 0.05) is centred.
        assert truth.face_center_px == pytest.approx((80.0, 60.0), abs=0.01)
    finally:
        cam.close()


def test_the_pose_is_carried_to_the_capture_instant_with_the_commanded_rate_and_capped():
    sample = MotionSample(1_000_000_000, 5, 0.1, -0.02, 1.0, -0.5)
    feed = MotionStatePose(lambda: sample, max_extrapolation_s=0.04)
    assert feed.pose_at(1_010_000_000).yaw_rad == pytest.approx(0.11)
    assert feed.pose_at(1_010_000_000).pitch_rad == pytest.approx(-0.025)
    assert feed.pose_at(2_000_000_000).yaw_rad == pytest.approx(0.14)  # capped at 40 ms
    assert MotionStatePose(lambda: None).pose_at(0) == StandPose(0.0, 0.0)


def test_sensor_noise_is_seeded_and_has_its_sigma():
    frame = np.full((120, 160, 3), 128, np.uint8)
    a, b, c = SensorNoise(160, 120, 3.0, 7), SensorNoise(160, 120, 3.0, 7), SensorNoise(160, 120, 3.0, 8)
    fa, fb, fc = a.apply(frame), b.apply(frame), c.apply(frame)
    assert np.array_equal(fa, fb) and not np.array_equal(fa, fc)
    assert 2.5 < float((fa.astype(float) - 128).std()) < 3.5
    with pytest.raises(WorldError, match="sigma"):
        SensorNoise(160, 120, float("nan"), 1)


def test_the_renderer_s_interpolated_rays_match_exact_trigonometry():
    # The grid + bilinear shortcut against per-pixel angles at the frame's corners and centre.
    import math

    cam = PinholeCamera.from_field_of_view(640, 480, 1.107, 0.860)
    r = Renderer(World(scenario("still")), cam)
    pose = StandPose(0.3, -0.2)
    lon, lat = r._grid_angles(pose)
    lon_px, lat_px = r._upsample(lon), r._upsample(lat)
    a = 0.2  # view elevation = −pitch for the back camera
    for col, row in [(0, 0), (639, 0), (0, 479), (639, 479), (320, 240), (17, 333)]:
        x = (col + 0.5 - cam.cx_px) / cam.fx_px
        y0 = -(row + 0.5 - cam.cy_px) / cam.fy_px
        y, z = y0 * math.cos(a) + math.sin(a), math.cos(a) - y0 * math.sin(a)
        assert lon_px[row, col] == pytest.approx(math.atan2(x, z), abs=3e-5)
        assert lat_px[row, col] == pytest.approx(math.atan2(y, math.hypot(x, z)), abs=3e-5)


def test_bad_source_settings_are_refused():
    with pytest.raises(WorldError, match="frame_rate_hz"):
        VirtualCamera(World(scenario("still")), CAMERA, MutablePose(), frame_rate_hz=0)
    with pytest.raises(WorldError, match="latency_s"):
        VirtualCamera(World(scenario("still")), CAMERA, MutablePose(), latency_s=float("nan"))


def test_the_camera_is_the_pinhole_the_track_builder_describes():
    from pathlib import Path

    from swivel.enums import CameraPosition

    sim, position = camera_for(load_board(Path(__file__).resolve().parents[2] / "boards" / "sim.json5"))
    assert (sim.width_px, sim.height_px, position) == (640, 480, CameraPosition.BACK)
    assert sim.horizontal_fov_rad == pytest.approx(1.107, abs=1e-9)
    wide, _ = camera_for(loads_board(
        "{ camera: { ultraWide: { horizontalFovRad: 1.6, verticalFovRad: 1.2, }, },\n"
        " vision: { widthPx: 320, heightPx: 240, cameraDeviceType: 'ultraWide', cameraPosition: 'front', link: 'socket' }, // c\n}"))
    assert wide.width_px == 320 and wide.horizontal_fov_rad == pytest.approx(1.6, abs=1e-9)
    given, _ = camera_for(loads_board("{ vision: { link: 'socket', intrinsics: { fxPx: 500, fyPx: 510, cxPx: 330, cyPx: 250 } } }"))
    assert given == PinholeCamera(640, 480, 500.0, 510.0, 330.0, 250.0)
