"""Messages: forward compatibility, §3's ranges on encode, GESTURE and ACCESSORY_EVENT gesture."""
from __future__ import annotations

import math
import uuid

import pytest

from swivel.enums import (
    AccessoryEventKind,
    Animation,
    CameraDeviceType,
    CameraOrientation,
    CameraPosition,
    FramingMode,
    GestureKind,
    ObservationKind,
)
from swivel.errors import EncodeError, InvalidParameter, ParameterOutOfRange, PayloadTooShort, UndefinedValue
from swivel.geometry import NormalizedPointUpperLeft, NormalizedRectLowerLeft, NormalizedRectUpperLeft, Quaternion, Vector3
from swivel.messages import (
    AccessoryEvent,
    Animate,
    AxisLimit,
    BatteryState,
    DockState,
    Err,
    Gesture,
    Hello,
    Identity,
    MESSAGE_TYPES,
    MotionState,
    Observation,
    SelectSubjectAt,
    SelectSubjects,
    SetAngularVelocity,
    SetFramingMode,
    SetLimits,
    SetOrientation,
    SetRegionOfInterest,
    Track,
    TrackingState,
    decode_message,
)
from swivel.errors import UnknownMessageId, SystemTrackingActive, FrameRateTooLow, StandError

FACE = Observation(42, ObservationKind.HUMAN_FACE, NormalizedRectLowerLeft(0.375, 0.5, 0.25, 0.25))


def track(**changes: object) -> Track:
    fields: dict[str, object] = dict(
        capture_age_us=20_000, device_type=CameraDeviceType.WIDE_ANGLE, position=CameraPosition.BACK,
        orientation=CameraOrientation.CORRECTED, intrinsics=None, reference_width_px=640.0,
        reference_height_px=480.0, observations=(FACE,),
    )
    fields.update(changes)
    return Track(**fields)  # type: ignore[arg-type]


# --- GESTURE and ACCESSORY_EVENT kind 5, from common12's spec ------------------


def test_gesture_layout() -> None:
    payload = Gesture(GestureKind.OPEN_PALM, 0.75).encode()
    assert payload == bytes.fromhex("01 00 00 40 3f")
    assert Gesture.MESSAGE_ID == 0x35 and Gesture.REQUIRED_BYTES == 5
    assert Gesture.decode(payload) == Gesture(GestureKind.OPEN_PALM, 0.75)
    with pytest.raises(PayloadTooShort):
        Gesture.decode(payload[:4])
    with pytest.raises(UndefinedValue):
        Gesture.decode(bytes.fromhex("02 00 00 40 3f"))


@pytest.mark.parametrize("confidence", [-0.01, 1.01, math.nan, math.inf])
def test_gesture_confidence_out_of_range_is_refused_before_sending(confidence: float) -> None:
    with pytest.raises(ParameterOutOfRange, match="GESTURE confidence"):
        Gesture(GestureKind.OPEN_PALM, confidence).encode()


def test_accessory_event_gesture() -> None:
    payload = bytes.fromhex("05 00 00 00 00 01 01")
    event = AccessoryEvent.decode(payload)
    assert event == AccessoryEvent(AccessoryEventKind.GESTURE, 0.0, GestureKind.OPEN_PALM, True)
    assert event.encode() == payload


# --- forward compatibility -----------------------------------------------------


def test_missing_optional_fields_read_as_zero() -> None:
    assert DockState.decode(b"\x01\x01") == DockState(True, True, False)
    hello = Hello.decode(b"\x01\x01")
    assert hello.heartbeat_interval_ms == 0 and hello.client_name == ""
    err = Err.decode(bytes(8))
    assert err.reason == "" and err.axis is None and err.value is None


def test_trailing_bytes_are_ignored() -> None:
    base = DockState(True, False, True).encode()
    assert DockState.decode(base + b"\xaa\xbb") == DockState(True, False, True)
    # Past the fields this version knows (35 required, 2 appended for issue 24).
    motion = MotionState.decode(bytes(37) + b"future")
    assert motion.stand_time_us == 0 and not motion.moving


@pytest.mark.parametrize("cls", list(MESSAGE_TYPES.values()), ids=lambda c: c.NAME)
def test_shorter_than_required_is_a_typed_error(cls: type) -> None:
    if cls.REQUIRED_BYTES == 0:
        assert cls.decode(b"") == cls()
        return
    with pytest.raises(PayloadTooShort):
        cls.decode(bytes(cls.REQUIRED_BYTES - 1))


def test_variable_length_messages_need_their_items() -> None:
    payload = track().encode()
    with pytest.raises(PayloadTooShort):
        Track.decode(payload[:-1])
    with pytest.raises(PayloadTooShort):
        SelectSubjects.decode(b"\x02" + bytes(16))
    with pytest.raises(PayloadTooShort):
        TrackingState.decode(bytes(8) + b"\x01" + bytes(42))
    with pytest.raises(PayloadTooShort):
        SetLimits.decode(b"\x03" + bytes(12))


def test_undefined_values_are_typed_errors() -> None:
    with pytest.raises(UndefinedValue):
        Animate.decode(b"\x09")
    with pytest.raises(UndefinedValue):
        SetFramingMode.decode(b"\x07")
    with pytest.raises(UndefinedValue):
        SetLimits.decode(b"\x08")
    bad_flags = bytearray(track().encode())
    bad_flags[53 + 8 + 1 + 16] = 0x08
    with pytest.raises(UndefinedValue):
        Track.decode(bytes(bad_flags))
    too_many = bytearray(track().encode())
    too_many[52] = 17
    with pytest.raises(UndefinedValue):
        Track.decode(bytes(too_many) + bytes(38 * 16))
    with pytest.raises(UnknownMessageId):
        decode_message(0x7F, b"")


def test_track_round_trip_with_every_optional() -> None:
    obs = Observation(-7, ObservationKind.HUMAN_BODY, NormalizedRectLowerLeft(0.25, 0.125, 0.5, 0.5),
                      face_yaw_rad=0.5, speaking_confidence=0.25, looking_at_camera_confidence=1.0)
    batch = track(intrinsics=(500.0, 0.0, 320.0, 0.0, 500.0, 240.0, 0.0, 0.0, 1.0), observations=(obs, FACE))
    decoded = Track.decode(batch.encode())
    assert decoded == batch
    assert decoded.observations[0].flags == 7 and decoded.observations[1].flags == 0


def test_err_maps_to_its_typed_error() -> None:
    error = Err(0x30, 8, reason="system tracking is enabled").to_exception()
    assert isinstance(error, SystemTrackingActive) and error.reason == "system tracking is enabled"
    slow = Err(0x30, 6, axis=None, value=0.2, reason="too slow").to_exception()
    assert isinstance(slow, FrameRateTooLow) and slow.applied and slow.value == pytest.approx(0.2)
    unknown = Err(0x20, 0x55, axis=1, value=3.0, reason="new").to_exception()
    assert type(unknown) is StandError and unknown.code == 0x55 and unknown.axis == 1


# --- §3's field ranges, checked on encode ------------------------------------

OUT_OF_RANGE = [
    ("SET_ANGULAR_VELOCITY", SetAngularVelocity(Vector3(0, 100.01, 0))),
    ("SET_ANGULAR_VELOCITY", SetAngularVelocity(Vector3(math.nan, 0, 0))),
    ("SET_ORIENTATION duration", SetOrientation(Vector3(), duration_s=-0.1)),
    ("SET_ORIENTATION duration", SetOrientation(Vector3(), duration_s=86_401)),
    ("SET_ORIENTATION angle", SetOrientation(Vector3(0, 12.6, 0))),
    ("SET_ORIENTATION angle", SetOrientation(Vector3(0, 0, -math.inf), relative=True)),
    ("SET_ORIENTATION quaternion length", SetOrientation(Quaternion(1.0, 0.1, 0, 0))),
    ("SET_ORIENTATION quaternion", SetOrientation(Quaternion(math.nan, 0, 0, 0))),
    ("SET_LIMITS minimum", SetLimits(yaw=AxisLimit(-13, 1, 1))),
    ("SET_LIMITS yaw", SetLimits(yaw=AxisLimit(1, 1, 1))),
    ("SET_LIMITS maximum - minimum", SetLimits(pitch=AxisLimit(0.5, 0.5005, 1))),
    ("SET_LIMITS maximum speed", SetLimits(roll=AxisLimit(-1, 1, 0))),
    ("SET_LIMITS maximum speed", SetLimits(roll=AxisLimit(-1, 1, 101))),
    ("TRACK capture age", track(capture_age_us=1_000_001)),
    ("TRACK capture age", track(capture_age_us=-1)),
    ("TRACK intrinsics m00", track(intrinsics=(0.5, 0, 320, 0, 500, 240, 0, 0, 1))),
    ("TRACK intrinsics m02", track(intrinsics=(500, 0, 2e6, 0, 500, 240, 0, 0, 1))),
    ("TRACK intrinsics m20", track(intrinsics=(500, 0, 0, 0, 500, 0, 320, 240, 1))),  # column-major
    ("TRACK intrinsics m22", track(intrinsics=(500, 0, 320, 0, 500, 240, 0, 0, 0))),
    ("TRACK intrinsics", track(intrinsics=(500.0,) * 8)),
    ("TRACK reference width", track(reference_width_px=0.5)),
    ("TRACK reference height", track(reference_height_px=100_001)),
    ("TRACK observation count", track(observations=(FACE,) * 17)),
    ("TRACK rect x", track(observations=(Observation(1, ObservationKind.OBJECT, NormalizedRectLowerLeft(-0.6, 0, 0.2, 0.2)),))),
    ("TRACK rect x + width", track(observations=(Observation(1, ObservationKind.OBJECT, NormalizedRectLowerLeft(1.2, 0, 0.4, 0.2)),))),
    ("TRACK rect width", track(observations=(Observation(1, ObservationKind.OBJECT, NormalizedRectLowerLeft(0.5, 0.5, 0.00001, 0.2)),))),
    ("TRACK face yaw", track(observations=(Observation(1, ObservationKind.HUMAN_FACE, FACE.rect, face_yaw_rad=3.2),))),
    ("TRACK speaking confidence", track(observations=(Observation(1, ObservationKind.HUMAN_FACE, FACE.rect, speaking_confidence=1.5),))),
    ("TRACK looking-at-camera", track(observations=(Observation(1, ObservationKind.HUMAN_FACE, FACE.rect, looking_at_camera_confidence=-0.5),))),
    ("TRACK observation 0 type", track(observations=(Observation(1, 9, FACE.rect),))),  # type: ignore[arg-type]
    ("TRACK camera device type", track(device_type=0)),
    ("SET_REGION_OF_INTEREST x + width", SetRegionOfInterest(NormalizedRectUpperLeft(0.5, 0, 0.6, 0.5))),
    ("SET_REGION_OF_INTEREST width", SetRegionOfInterest(NormalizedRectUpperLeft(0.1, 0.1, 0.005, 0.5))),
    ("SET_REGION_OF_INTEREST region", SetRegionOfInterest(NormalizedRectLowerLeft(0.1, 0.1, 0.5, 0.5))),  # type: ignore[arg-type]
    ("SELECT_SUBJECT_AT x", SelectSubjectAt(NormalizedPointUpperLeft(1.01, 0.5))),
    ("SELECT_SUBJECTS count", SelectSubjects(tuple(uuid.uuid4() for _ in range(17)))),
    ("ANIMATE animation", Animate(7)),  # type: ignore[arg-type]
    ("SET_FRAMING_MODE mode", SetFramingMode(4)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("field,message", OUT_OF_RANGE, ids=[f"{i}:{f}" for i, (f, _) in enumerate(OUT_OF_RANGE)])
def test_out_of_range_fields_raise_a_typed_error_naming_the_field(field: str, message: object) -> None:
    with pytest.raises(ParameterOutOfRange) as raised:
        message.encode()  # type: ignore[attr-defined]
    assert field in str(raised.value)
    assert isinstance(raised.value, InvalidParameter)


IN_RANGE = [
    SetAngularVelocity(Vector3(-100, 100, 0)),
    SetOrientation(Vector3(12.566, -12.566, 0), duration_s=86_400),
    SetOrientation(Quaternion(0.9995, 0, 0, 0)),
    SetLimits(yaw=AxisLimit(-12.566, 12.566, 100), pitch=AxisLimit(0.0, 0.001, 0.001)),
    track(capture_age_us=1_000_000, intrinsics=(1.0, -1e6, 1e6, 1e-6, 1e6, 0, -1e-6, 0, 1.000001),
          reference_width_px=1.0, reference_height_px=100_000.0),
    track(observations=(Observation(1, ObservationKind.OBJECT, NormalizedRectLowerLeft(-0.5, -0.5, 2.0, 0.0001),
                                    face_yaw_rad=-math.pi, speaking_confidence=0.0,
                                    looking_at_camera_confidence=1.0),) * 16),
    SetRegionOfInterest(NormalizedRectUpperLeft(0.4, 0.0, 0.6, 0.01)),
    SelectSubjectAt(NormalizedPointUpperLeft(0.0, 1.0)),
]


@pytest.mark.parametrize("message", IN_RANGE, ids=lambda m: type(m).__name__)
def test_range_ends_are_allowed(message: object) -> None:
    payload = message.encode()  # type: ignore[attr-defined]
    assert type(message).decode(payload).encode() == payload


def test_values_no_f32_can_carry_are_typed_errors() -> None:
    with pytest.raises(EncodeError):
        MotionState(0, 7, Vector3(1e39, 0, 0), Vector3(), 0, False, False).encode()  # type: ignore[arg-type]
    with pytest.raises(EncodeError):
        Hello(client_name="x" * 256).encode()
    with pytest.raises(EncodeError):
        BatteryState(0.5, 256, False, "main").encode()  # type: ignore[arg-type]
    with pytest.raises(EncodeError):
        Identity(1, 1, "not a uuid", 7, 0, 1000, 50, 10, "x").encode()  # type: ignore[arg-type]


def test_fuzz_encoding_absurd_values_gives_only_typed_errors() -> None:
    import random

    from swivel.errors import SwivelError

    rng = random.Random(77)
    absurd: list[object] = [math.nan, math.inf, -math.inf, 1e39, -1e300, -1, 2**64, 0, 0.5, "x", None, True, 1e-45]

    def pick() -> object:
        return rng.choice(absurd)

    builders = [
        lambda: SetAngularVelocity(Vector3(pick(), pick(), pick())),  # type: ignore[arg-type]
        lambda: SetOrientation(rng.choice([Vector3(pick(), pick(), pick()), Quaternion(pick(), pick(), pick(), pick()), pick()]),  # type: ignore[arg-type]
                               relative=bool(rng.getrandbits(1)), duration_s=pick()),  # type: ignore[arg-type]
        lambda: SetLimits(yaw=AxisLimit(pick(), pick(), pick())),  # type: ignore[arg-type]
        lambda: track(capture_age_us=pick(), reference_width_px=pick(), intrinsics=rng.choice([None, (pick(),) * 9])),
        lambda: track(observations=(Observation(pick(), pick(), NormalizedRectLowerLeft(pick(), pick(), pick(), pick()),  # type: ignore[arg-type]
                                                face_yaw_rad=pick(), speaking_confidence=pick()),)),  # type: ignore[arg-type]
        lambda: SetRegionOfInterest(NormalizedRectUpperLeft(pick(), pick(), pick(), pick())),  # type: ignore[arg-type]
        lambda: SelectSubjectAt(NormalizedPointUpperLeft(pick(), pick())),  # type: ignore[arg-type]
        lambda: Gesture(pick(), pick()),  # type: ignore[arg-type]
        lambda: Hello(pick(), pick(), pick(), pick()),  # type: ignore[arg-type]
        lambda: Animate(pick()),  # type: ignore[arg-type]
        lambda: SetFramingMode(pick()),  # type: ignore[arg-type]
    ]
    refused = 0
    for _ in range(3000):
        try:
            rng.choice(builders)().encode()
        except SwivelError:
            refused += 1
    assert refused > 1500  # most of these are absurd; none escaped as an untyped exception
