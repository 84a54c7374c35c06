from swivel.geometry import NormalizedRectLowerLeft, NormalizedRectUpperLeft


def test_upper_and_lower_left_are_inverse_and_flip_y():
    rect = NormalizedRectUpperLeft(0.1, 0.2, 0.3, 0.4)
    lower = rect.lower_left
    assert (lower.x, round(lower.y, 9), lower.width, lower.height) == (0.1, 0.4, 0.3, 0.4)
    assert lower.upper_left == NormalizedRectUpperLeft(0.1, lower.upper_left.y, 0.3, 0.4)
    assert abs(lower.upper_left.y - 0.2) < 1e-12


def test_a_box_at_the_top_of_the_pixels_is_high_in_lower_left_space():
    rect = NormalizedRectLowerLeft.from_pixels_upper_left(0, 0, 64, 48, 640, 480)
    assert abs(rect.y - 0.9) < 1e-12 and abs(rect.height - 0.1) < 1e-12
    assert rect.center == (0.05, rect.y + 0.05)
