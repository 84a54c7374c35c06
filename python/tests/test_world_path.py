import math

import pytest

from swivel_vision.world import SCENARIOS, Keyframe, Path, WorldError, scenario


def test_a_path_is_linear_between_keyframes_and_held_after_the_last():
    path = Path([Keyframe(0, 0.0, 0.1), Keyframe(2, 1.0, 0.3)], smoothing_s=0.0)
    assert path.at(1.0).yaw_rad == pytest.approx(0.5)
    assert path.at(1.0).elevation_rad == pytest.approx(0.2)
    assert path.at(1.0).yaw_rate_rad_per_s == pytest.approx(0.5)
    assert path.at(5.0).yaw_rad == pytest.approx(1.0)
    assert path.at(5.0).yaw_rate_rad_per_s == pytest.approx(0.0, abs=1e-9)


def test_smoothing_blends_a_corner_instead_of_changing_speed_at_once():
    # Still, then 0.5 rad/s from 1 s: the rate ramps over the 0.4 s window centred on the corner.
    path = Path([Keyframe(0, 0.0, 0.0), Keyframe(1, 0.0, 0.0), Keyframe(5, 2.0, 0.0)], smoothing_s=0.4)
    assert path.at(0.75).yaw_rate_rad_per_s == pytest.approx(0.0, abs=1e-6)
    assert path.at(1.0).yaw_rate_rad_per_s == pytest.approx(0.25, abs=1e-3)
    assert path.at(1.25).yaw_rate_rad_per_s == pytest.approx(0.5, abs=1e-6)
    # Away from corners the average of a line is the line.
    assert path.at(3.0).yaw_rad == pytest.approx(1.0, abs=1e-9)


def test_two_keyframes_at_one_time_are_a_jump():
    path = Path([Keyframe(0, 3.0, 0.0), Keyframe(1, 3.0, 0.0), Keyframe(1, 0.25, 0.05)], smoothing_s=0.0)
    assert path.at(0.999).yaw_rad == pytest.approx(3.0)
    assert path.at(1.0).yaw_rad == pytest.approx(0.25) and path.at(7.0).elevation_rad == pytest.approx(0.05)
    smooth = Path([Keyframe(0, 0.0, 0.0), Keyframe(1, 0.0, 0.0), Keyframe(1, 1.0, 0.0)], smoothing_s=0.2)
    assert smooth.at(1.0).yaw_rad == pytest.approx(0.5) and smooth.at(1.2).yaw_rad == pytest.approx(1.0)


@pytest.mark.parametrize(
    "keyframes, reason",
    [
        ([], "1…256 keyframes"),
        ([Keyframe(1, 0, 0)], "first keyframe must be at 0"),
        ([Keyframe(0, 0, 0), Keyframe(1, 1, 0), Keyframe(0.5, 1, 0)], "not be before"),
        ([Keyframe(0, 0, 0), Keyframe(1, 1, 0), Keyframe(1, 2, 0), Keyframe(1, 3, 0)], "at most two"),
        ([Keyframe(0, math.nan, 0)], "finite"),
        ([Keyframe(0, 0, 2.0)], "within"),
        ([Keyframe(0, 1e30, 0)], "within"),
    ],
)
def test_a_bad_path_is_a_world_error_with_its_reason(keyframes, reason):
    with pytest.raises(WorldError, match=reason):
        Path(keyframes)


def test_a_path_refuses_a_non_finite_time_and_a_bad_smoothing():
    with pytest.raises(WorldError, match="finite"):
        Path([Keyframe(0, 0, 0)]).at(math.inf)
    with pytest.raises(WorldError, match="smoothing_s"):
        Path([Keyframe(0, 0, 0)], smoothing_s=-1)


def test_the_scenarios_walk_at_a_person_s_pace_and_stay_in_the_stand_s_reach():
    walk = scenario("walk")
    rates = [abs(walk.path.at(t / 10).yaw_rate_rad_per_s) for t in range(0, 140)]
    assert 0.35 <= max(rates) <= 0.55
    for s in SCENARIOS.values():
        for i in range(0, int(s.duration_s * 10) + 1):
            p = s.path.at(i / 10)
            assert abs(p.yaw_rad) < 2.8 - 0.5 and abs(p.elevation_rad) < 0.5
    assert scenario("still").first_hold_s() == (0.0, 6.0)
    assert scenario("walk").first_hold_s() == (0.0, 1.0)
    assert scenario("drift").first_hold_s() is None
    # Each ends where it began, so the demo's loop has no jump.
    for s in SCENARIOS.values():
        a, b = s.path.at(0.0), s.path.at(s.duration_s)
        assert (a.yaw_rad, a.elevation_rad) == pytest.approx((b.yaw_rad, b.elevation_rad), abs=1e-9)
    with pytest.raises(WorldError, match="no scenario"):
        scenario("moonwalk")
