"""What a detector reports, and the one interface every detector implements."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Protocol

from swivel.geometry import NormalizedRectLowerLeft

from .frames import Frame


class SubjectKind(IntEnum):
    """TRACK's observation type byte (docs/PROTOCOL.md §4.4)."""

    HUMAN_FACE = 1
    HUMAN_BODY = 2


@dataclass(frozen=True, slots=True)
class Detection:
    kind: SubjectKind
    rect: NormalizedRectLowerLeft
    # The detector's own score, 0…1.
    confidence: float


class Detector(Protocol):
    name: str

    def detect(self, frame: Frame) -> list[Detection]: ...

    def close(self) -> None: ...
