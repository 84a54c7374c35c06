"""Stable identifiers for detections across frames (TRACK's `identifier`).

The stand keys a subject on the sender's identifier alone (docs/TRACKING.md,
"Identity"), so the identifier must follow a person from frame to frame and
must never be handed to someone else. Rules:

- Each track predicts its box one frame ahead with its last velocity
  (constant velocity, smoothed), so two people walking through each other
  are matched to where each is going, not to where the other one is.
- Matching is greedy by IoU with the predicted box, best pairs first, only
  within the same SubjectKind and only above `iou_threshold` (0.3).
- An unmatched detection starts a track with a new identifier; identifiers
  count up from 1 and are never reused.
- A track not matched keeps its identifier for `max_missed` frames (2: a
  missed frame or two), then is forgotten; its identifier is never reused.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from swivel.geometry import NormalizedRectLowerLeft

from .detection import Detection, SubjectKind


@dataclass(frozen=True, slots=True)
class TrackedDetection:
    identifier: int
    detection: Detection


@dataclass(slots=True)
class _Track:
    identifier: int
    kind: SubjectKind
    rect: NormalizedRectLowerLeft
    velocity_x: float = 0.0
    velocity_y: float = 0.0
    missed: int = 0
    hits: int = 1

    def predicted(self) -> NormalizedRectLowerLeft:
        steps = self.missed + 1
        return NormalizedRectLowerLeft(
            self.rect.x + self.velocity_x * steps, self.rect.y + self.velocity_y * steps, self.rect.width, self.rect.height
        )


def iou(a: NormalizedRectLowerLeft, b: NormalizedRectLowerLeft) -> float:
    left, right = max(a.x, b.x), min(a.x + a.width, b.x + b.width)
    bottom, top = max(a.y, b.y), min(a.y + a.height, b.y + b.height)
    if right <= left or top <= bottom:
        return 0.0
    inter = (right - left) * (top - bottom)
    union = a.width * a.height + b.width * b.height - inter
    return inter / union if union > 0 else 0.0


@dataclass(slots=True)
class IouTracker:
    iou_threshold: float = 0.3
    max_missed: int = 2
    # How much of a new displacement goes into the velocity (the rest is the old one).
    velocity_gain: float = 0.5
    _tracks: list[_Track] = field(default_factory=list)
    _ids: "itertools.count[int]" = field(default_factory=lambda: itertools.count(1))

    def update(self, detections: list[Detection]) -> list[TrackedDetection]:
        """Identifiers for this frame's detections, in the order given."""
        pairs: list[tuple[float, int, int]] = []
        for t_index, track in enumerate(self._tracks):
            predicted = track.predicted()
            for d_index, detection in enumerate(detections):
                if detection.kind != track.kind:
                    continue
                overlap = iou(predicted, detection.rect)
                if overlap >= self.iou_threshold:
                    pairs.append((overlap, t_index, d_index))
        pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
        track_for: dict[int, int] = {}
        used_tracks: set[int] = set()
        for _, t_index, d_index in pairs:
            if t_index in used_tracks or d_index in track_for:
                continue
            used_tracks.add(t_index)
            track_for[d_index] = t_index

        result: list[TrackedDetection] = []
        new_tracks: list[_Track] = []
        for d_index, detection in enumerate(detections):
            if d_index in track_for:
                track = self._tracks[track_for[d_index]]
                steps = track.missed + 1
                (old_x, old_y), (new_x, new_y) = track.rect.center, detection.rect.center
                g = self.velocity_gain
                track.velocity_x = (1 - g) * track.velocity_x + g * (new_x - old_x) / steps
                track.velocity_y = (1 - g) * track.velocity_y + g * (new_y - old_y) / steps
                track.rect = detection.rect
                track.missed = 0
                track.hits += 1
            else:
                track = _Track(next(self._ids), detection.kind, detection.rect)
                new_tracks.append(track)
            result.append(TrackedDetection(track.identifier, detection))
        for t_index, track in enumerate(self._tracks):
            if t_index not in used_tracks:
                track.missed += 1
        self._tracks = [t for t in self._tracks if t.missed <= self.max_missed] + new_tracks
        return result

    @property
    def live_identifiers(self) -> list[int]:
        return [t.identifier for t in self._tracks]
