"""The board's vision settings: JSON5 as the Swift loader reads it, the vision
section's defaults and bounds, the camera section's field of view, the vision
serial entry, and command-line overrides."""
from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest

from swivel.local_daemon import swiveld_from_env
from swivel_vision import json5
from swivel_vision.config import (
    DEFAULT_VISION_PTY_LINK,
    INSTALLED_VISION_PTY_LINK,
    DetectorKind,
    DeviceTypeName,
    LinkKind,
    Overrides,
    PositionName,
    SourceKind,
    VisionConfigError,
    apply_overrides,
    load_board,
    loads_board,
)
from vision_support import REPO, sim_board_with_vision

BOARDS = sorted((REPO / "boards").glob("*.json5"))


VISION_PTY = '{serial: [{role: "vision", device: "pty", baud: 921600}], '


def problems_of(text: str) -> list[str]:
    with pytest.raises(VisionConfigError) as caught:
        loads_board(text)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("board", BOARDS, ids=lambda p: p.name)
def test_every_shipped_board_parses_as_swiveld_reads_it(board: Path) -> None:
    config = load_board(board)
    assert config.board_name
    assert config.field_of_view.horizontal_rad == 1.107 and config.field_of_view.vertical_rad == 0.860
    # swiveld check-board's summary ends with the vision settings it validated:
    # "vision: SOURCE WxH at F Hz, detector D (min confidence C), TYPE POSITION camera, link L, gestures on|off".
    summary = subprocess.run([swiveld_from_env(), "check-board", str(board)], capture_output=True, text=True, timeout=30)
    assert summary.returncode == 0, summary.stdout + summary.stderr
    if "; vision: " not in summary.stdout:
        assert json5.loads(board.read_text()).member("vision") is None, "swiveld printed no vision settings for a board with a vision section"
        return
    frame_rate = f"{config.frame_rate_hz:g}"
    mine = (
        f"vision: {config.source.value} {config.width_px}x{config.height_px} at {frame_rate} Hz, "
        f"detector {config.detector.value} (min confidence {config.min_confidence:g}), "
        f"{config.camera_device_type.value} {config.camera_position.value} camera, "
        f"link {config.link.value}, gestures {'on' if config.gestures else 'off'}"
    )
    assert summary.stdout.strip().endswith(mine), (summary.stdout, mine)


def test_the_simulated_board_has_a_vision_pty_at_the_default_link() -> None:
    config = load_board(REPO / "boards" / "sim.json5")
    assert config.vision_serial is not None and config.vision_serial.device == "pty"
    assert config.vision_link_path == DEFAULT_VISION_PTY_LINK == "/tmp/swivel-vision"
    assert config.vision_baud == 921600
    assert config.socket_path == "/tmp/swivel.sock"
    hardware = load_board(REPO / "boards" / "rpi4-stepper-pantilt.json5")
    # Any other board's vision pty is in the service's runtime directory (swiveld's LinkEndpoints).
    assert hardware.vision_link_path == INSTALLED_VISION_PTY_LINK == "/run/swivel/vision"
    assert hardware.socket_path == "/run/swivel/swivel.sock"


def test_json5_syntax_the_board_files_use() -> None:
    value = json5.loads(
        """// a comment
        { unquoted: 'single \\'quoted\\'', "double": "a\\x41\\u0042", hex: 0x1F, neg: -0x10,
          half: .5, five: 5., plus: +1, exp: 1.6e1, /* block */ list: [1, 2, ], nested: { t: true, n: null, }, }"""
    )
    data = value.to_python()
    assert data == {
        "unquoted": "single 'quoted'", "double": "aAB", "hex": 31, "neg": -16, "half": 0.5, "five": 5.0,
        "plus": 1, "exp": 16.0, "list": [1, 2], "nested": {"t": True, "n": None},
    }
    assert isinstance(data["hex"], int) and isinstance(data["exp"], float)


def test_json5_infinity_and_nan_parse_but_every_vision_number_rejects_them() -> None:
    data = json5.loads("{a: Infinity, b: -Infinity, c: NaN, d: +Infinity}").to_python()
    assert data["a"] == math.inf and data["b"] == -math.inf and math.isnan(data["c"]) and data["d"] == math.inf
    assert problems_of(VISION_PTY + "vision: {frameRateHz: -Infinity}}") == [
        "vision.frameRateHz (line 1): must be a finite number between 1 and 30, found -Infinity"
    ]
    assert problems_of(VISION_PTY + "vision: {widthPx: NaN}}") == ["vision.widthPx (line 1): expected an integer, found NaN"]


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ("{a: 1, a: 2}", 1, 8, 'duplicate key "a": first at line 1, again at line 1'),
        ("{\n  a: 01\n}", 2, 6, "leading zeros are not allowed"),
        ("{a: yes}", 1, 5, "bare word 'yes'"),
        ("{a: 'x\n'}", 1, 7, "unterminated string"),
        ("{a: 1 /* open", 1, 14, "unterminated block comment (it starts at 1:7)"),
        ("{a: 1} x", 1, 8, "expected end of input"),
        ("{a: 0x}", 1, 7, "expected hexadecimal digits"),
        ("{a: '\\01'}", 1, 6, "octal escapes"),
        ("[" * 65 + "]" * 65, 1, 65, "nested deeper than 64 levels"),
    ],
)
def test_json5_errors_carry_line_and_column(text: str, line: int, column: int, fragment: str) -> None:
    with pytest.raises(json5.Json5Error) as caught:
        json5.loads(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert fragment in caught.value.message
    assert str(caught.value).startswith(f"{line}:{column}: ")


def test_json5_refuses_more_than_a_mebibyte() -> None:
    with pytest.raises(json5.Json5Error) as caught:
        json5.loads("[" + " " * (1 << 20) + "]")
    assert caught.value.kind is json5.Json5ErrorKind.TOO_LARGE


def test_a_vision_section_with_every_key() -> None:
    config = apply_overrides(loads_board(
        """{ backend: "gpiod",
          camera: { telephoto: { horizontalFovRad: 0.5, verticalFovRad: 0.4 } },
          serial: [ { role: "host", device: "/dev/ttyAMA0", baud: 921600 },
                    { role: "vision", device: "/dev/ttyAMA1", baud: 460800 } ],
          vision: { source: "opencv", device: "/dev/video2", widthPx: 0x500, heightPx: 720.0, frameRateHz: 15,
                    detector: "faceFullRange", minConfidence: 0.05, cameraDeviceType: "telephoto",
                    cameraPosition: "front", intrinsics: { fxPx: 1000, fyPx: 1001, cxPx: -5, cyPx: 1e6 },
                    link: "vision", gestures: true, } }"""
    ), Overrides(vision_link="/dev/ttyS0"))
    assert config.source is SourceKind.OPENCV and config.device == "/dev/video2"
    assert (config.width_px, config.height_px, config.frame_rate_hz) == (1280, 720, 15.0)
    assert config.detector is DetectorKind.FACE_FULL_RANGE and config.min_confidence == 0.05
    assert config.camera_device_type is DeviceTypeName.TELEPHOTO and config.camera_position is PositionName.FRONT
    assert config.field_of_view.horizontal_rad == 0.5 and config.field_of_view.vertical_rad == 0.4
    assert config.intrinsics is not None and (config.intrinsics.fx_px, config.intrinsics.cy_px) == (1000, 1e6)
    assert config.link is LinkKind.VISION and config.gestures is True
    # The entry is swiveld's end of the wire; this program's end is the option's. The baud is the entry's.
    assert (config.vision_link_path, config.vision_baud) == ("/dev/ttyS0", 460800)


# (vision key and bad value, the problem) at the bounds of common12.md's table.
BAD_VALUES = [
    ('source: "usb"', 'vision.source (line 1): expected one of "auto", "picamera2", "opencv", "virtual", found "usb"'),
    ('device: "video0"', 'vision.device (line 1): expected an absolute path: a camera such as "/dev/video0" or a video file such as "/home/pi/clip.mp4", found "video0"'),
    ('device: "/"', 'vision.device (line 1): expected an absolute path'),
    ('device: "/dev/vid\\teo0"', 'vision.device (line 1): expected an absolute path'),
    ('device: ""', "vision.device (line 1): must be 1 to 255 characters long, found 0"),
    ('device: "/' + "a" * 255 + '"', "vision.device (line 1): must be 1 to 255 characters long, found 256"),
    ("widthPx: 63", "vision.widthPx (line 1): must be between 64 and 4096, found 63"),
    ("heightPx: 4097", "vision.heightPx (line 1): must be between 64 and 4096, found 4097"),
    ("widthPx: 640.5", "vision.widthPx (line 1): expected an integer, found 640.5"),
    ('widthPx: "640"', 'vision.widthPx (line 1): expected an integer, found the string "640"'),
    ("frameRateHz: 0.99", "vision.frameRateHz (line 1): must be between 1 and 30, found 0.99"),
    ("frameRateHz: 30.01", "vision.frameRateHz (line 1): must be between 1 and 30, found 30.01"),
    ('detector: "Face"', 'found "Face"; did you mean "face"?'),
    ("minConfidence: 0.049", "vision.minConfidence (line 1): must be between 0.05 and 1, found 0.049"),
    ("minConfidence: 1.01", "vision.minConfidence (line 1): must be between 0.05 and 1, found 1.01"),
    ('cameraDeviceType: "wide"', 'vision.cameraDeviceType (line 1): expected one of "wideAngle", "ultraWide", "telephoto", "other", found "wide"'),
    ('cameraPosition: "rear"', 'vision.cameraPosition (line 1): expected one of "back", "front", found "rear"'),
    ("intrinsics: { fxPx: 0.5, fyPx: 1, cxPx: 0, cyPx: 0 }", "vision.intrinsics.fxPx (line 1): must be between 1 and 1000000, found 0.5"),
    ("intrinsics: { fxPx: 1, fyPx: 1000001, cxPx: 0, cyPx: 0 }", "vision.intrinsics.fyPx (line 1): must be between 1 and 1000000, found 1000001"),
    ("intrinsics: { fxPx: 1, fyPx: 1, cxPx: -1000001, cyPx: 0 }", "vision.intrinsics.cxPx (line 1): must be between -1000000 and 1000000, found -1000001"),
    ("intrinsics: { fxPx: 1, fyPx: 1, cxPx: 0 }", "vision.intrinsics.cyPx (line 1): required key is missing"),
    ("intrinsics: { fxPx: 1, fyPx: 1, cxPx: 0, cyPx: 0, skew: 0 }", 'vision.intrinsics.skew (line 1): unknown key "skew"; allowed keys: fxPx, fyPx, cxPx, cyPx'),
    ('link: "uart"', 'vision.link (line 1): expected one of "vision", "socket", found "uart"'),
    ('gestures: "yes"', 'vision.gestures (line 1): expected true or false, found the string "yes"'),
    ("detectr: 1", 'vision.detectr (line 1): unknown key "detectr" (did you mean "detector"?)'),
]


@pytest.mark.parametrize(("entry", "problem"), BAD_VALUES, ids=[b[0][:30] for b in BAD_VALUES])
def test_a_bad_vision_value_names_its_key(entry: str, problem: str) -> None:
    found = problems_of(VISION_PTY + "vision: {" + entry + "}}")
    assert len(found) == 1 and problem in found[0], found


AT_THE_BOUNDS = [
    "widthPx: 64", "heightPx: 4096", "frameRateHz: 1", "frameRateHz: 30", "minConfidence: 0.05", "minConfidence: 1",
    "intrinsics: { fxPx: 1, fyPx: 1e6, cxPx: -1e6, cyPx: 1e6 }", 'device: "/home/me/clip.mp4"', 'device: "/dev/video10"',
    'device: "/dev/v4l/by-id/usb-cam-video-index0"',
]


@pytest.mark.parametrize("entry", AT_THE_BOUNDS)
def test_values_at_the_bounds_are_accepted(entry: str) -> None:
    loads_board(VISION_PTY + "vision: {" + entry + "}}")


def test_every_problem_is_reported_at_once_with_its_line() -> None:
    found = problems_of(VISION_PTY + "\n vision: {\n  widthPx: 1,\n  heightPx: 2,\n  detector: 'x',\n }\n}")
    assert [p.split(":")[0] for p in found] == [
        "vision.widthPx (line 3)", "vision.heightPx (line 4)", "vision.detector (line 5)"
    ]


def test_camera_section_bounds_are_the_loaders() -> None:
    assert problems_of("{camera: {wideAngle: {horizontalFovRad: 3.01, verticalFovRad: 0.04}}}") == [
        "camera.wideAngle.horizontalFovRad (line 1): must be between 0.05 and 3.0 (a pinhole camera sees less than π), found 3.01",
        "camera.wideAngle.verticalFovRad (line 1): must be between 0.05 and 3.0 (a pinhole camera sees less than π), found 0.04",
    ]


def test_a_vision_section_with_the_vision_link_needs_the_serial_entry() -> None:
    assert problems_of('{vision: {gestures: true}}') == [
        'vision.link (line 1): link "vision" sends on the board\'s serial entry with role "vision", and serial has none: '
        'add { role: "vision", device: "pty", baud: 921600 } (or a UART) to serial, or set link: "socket"'
    ]
    loads_board('{vision: {link: "socket"}}')
    loads_board('{vision: {}, serial: [{role: "vision", device: "pty", baud: 921600}]}')
    # No vision section: valid for the loader; this program needs a link only when it runs.
    loads_board("{}")


def test_vision_serial_entry_is_checked_as_the_loader_does() -> None:
    found = problems_of('{serial: [{role: "vision", device: "ttyAMA1", baud: 100000}]}')
    assert found == [
        'serial[0].baud (line 1): must be one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1500000, 2000000, found 100000',
        'serial[0].device (line 1): expected "pty" or an absolute device path under /dev/ such as "/dev/ttyAMA0", found "ttyAMA1"',
    ]


def test_command_line_overrides_the_board_with_the_same_bounds() -> None:
    board = loads_board('{backend: "simulated", serial: [{role: "vision", device: "pty", baud: 921600}]}')
    config = apply_overrides(board, Overrides(source="opencv", device="/tmp/clip.mp4", detector="haar", width_px=320,
                                              height_px=240, fps=10, gestures=True, vision_link="/tmp/x/vision",
                                              socket="/tmp/x/sock", link="socket"))
    assert (config.source, config.device, config.detector) == (SourceKind.OPENCV, "/tmp/clip.mp4", DetectorKind.HAAR)
    assert (config.width_px, config.height_px, config.frame_rate_hz, config.gestures) == (320, 240, 10.0, True)
    assert (config.vision_link_path, config.socket_path, config.link) == ("/tmp/x/vision", "/tmp/x/sock", LinkKind.SOCKET)
    with pytest.raises(VisionConfigError) as caught:
        apply_overrides(board, Overrides(fps=31, width_px=4097, source="usb", vision_link="relative"))
    assert sorted(p.key_path for p in caught.value.problems) == ["--fps", "--source", "--vision-link", "--width"]
    with pytest.raises(VisionConfigError):
        apply_overrides(board, Overrides(fps=math.nan))


def test_the_vision_link_needs_a_serial_entry_or_an_option() -> None:
    board = loads_board('{backend: "gpiod"}')
    with pytest.raises(VisionConfigError) as caught:
        apply_overrides(board, Overrides())
    assert 'no serial entry with role "vision"' in str(caught.value)
    assert apply_overrides(board, Overrides(vision_link="/dev/ttyAMA1")).vision_link_path == "/dev/ttyAMA1"
    assert apply_overrides(board, Overrides(link="socket")).socket_path == "/run/swivel/swivel.sock"


def test_a_uart_vision_entry_needs_this_programs_own_end() -> None:
    board = loads_board('{backend: "gpiod", serial: [{role: "vision", device: "/dev/ttyAMA1", baud: 921600}]}')
    with pytest.raises(VisionConfigError) as caught:
        apply_overrides(board, Overrides())
    assert "/dev/ttyAMA1 is swiveld's end of the wire" in str(caught.value)
    assert apply_overrides(board, Overrides(vision_link="/dev/ttyAMA0")).vision_link_path == "/dev/ttyAMA0"


def test_unreadable_and_non_utf8_files_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(VisionConfigError, match="cannot open the board file"):
        load_board(tmp_path / "missing.json5")
    bad = tmp_path / "bad.json5"
    bad.write_bytes(b"{name: '\xff'}")
    with pytest.raises(VisionConfigError, match="not valid UTF-8"):
        load_board(bad)


def test_the_swift_loader_reports_the_same_keys_for_bad_vision_values(tmp_path: Path) -> None:
    """Cross-check with `swiveld check-board` once the daemon knows the vision section."""
    swiveld = swiveld_from_env()
    sim = (REPO / "boards" / "sim.json5").read_text()
    assert sim.rstrip().endswith("}")

    def check(vision: str) -> subprocess.CompletedProcess[str]:
        path = tmp_path / "board.json5"
        path.write_text(sim_board_with_vision(vision))
        return subprocess.run([swiveld, "check-board", str(path)], capture_output=True, text=True, timeout=30)

    valid = check('detector: "face"')
    assert valid.returncode == 0, valid.stdout + valid.stderr
    for entry, _ in BAD_VALUES:
        result = check(entry)
        mine = problems_of(VISION_PTY + "vision: {" + entry + "}}")[0]
        key, reason = mine.split(" (line 1): ", 1)
        output = result.stdout + result.stderr
        assert result.returncode == 65, (entry, output)
        # The same key and the same reason, word for word.
        assert f"{key} (line " in output and reason in output, (entry, mine, output)
    for entry in AT_THE_BOUNDS:
        result = check(entry)
        assert result.returncode == 0, (entry, result.stdout + result.stderr)


JSON5_MISTAKES = [
    "{\n  name: 'x',\n  name: 'y',\n}",
    "{\n  a: 01,\n}",
    "{\n  a: yes,\n}",
    "{\n  a: 'open\n}",
    "{\n  a: 1 /* open",
    "{\n  a: [1, 2,, ],\n}",
    "{\n  'a': 0x,\n}",
    "{\n  a: '\\01',\n}",
    "{\n  a: 1\n  b: 2\n}",
    "{\r\n  a: 1,\r\n  b: +-1,\r\n}",
    "{\n  a: '\\uD800',\n}",
    "{\n  a: '\\u00e9\\\n continued', b: .,\n}",
    "{\n  \\u0061b: 1, ab: 2,\n}",
    "[" * 65 + "]" * 65,
]


@pytest.mark.parametrize("text", JSON5_MISTAKES, ids=range(len(JSON5_MISTAKES)))
def test_json5_mistakes_read_as_the_swift_reader_reports_them(tmp_path: Path, text: str) -> None:
    """`swiveld check-board` (any version: its JSON5 reader predates the vision
    section) prints the same problem for the same text, position included."""
    mine = problems_of(text)
    assert len(mine) == 1
    path = tmp_path / "board.json5"
    path.write_bytes(text.encode())
    result = subprocess.run([swiveld_from_env(), "check-board", str(path)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 65
    assert f"{path}: {mine[0]}" in result.stdout + result.stderr, (mine[0], result.stdout + result.stderr)
