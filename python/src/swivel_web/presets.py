"""Go-to presets, kept in swivel-web's state directory.

The stand's firmware has no preset store (docs/PROTOCOL.md has no message for
one), so a preset is a name and the three axis angles in presets.json beside
auth.json. Going to one is an ordinary SET_ORIENTATION: the stand's limits,
caps and refusals apply to it as to any move.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .validate import MAX_PRESETS, BadRequest


class PresetStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._presets: dict[str, dict[str, float]] = {}
        try:
            data = json.loads(path.read_text())
            if isinstance(data, dict):
                self._presets = {str(k): {a: float(p[a]) for a in ("pitch", "yaw", "roll")} for k, p in data.items()}
        except (OSError, ValueError, TypeError, KeyError):
            self._presets = {}

    def all(self) -> list[dict[str, Any]]:
        return [{"name": name, **position} for name, position in self._presets.items()]

    def get(self, name: str) -> dict[str, float] | None:
        return self._presets.get(name)

    def save(self, name: str, position: dict[str, float]) -> None:
        if name not in self._presets and len(self._presets) >= MAX_PRESETS:
            raise BadRequest(f"at most {MAX_PRESETS} presets: delete one first")
        self._presets[name] = {a: float(position[a]) for a in ("pitch", "yaw", "roll")}
        self._write()

    def delete(self, name: str) -> bool:
        if self._presets.pop(name, None) is None:
            return False
        self._write()
        return True

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "w") as f:
            json.dump(self._presets, f, indent=1)
        os.replace(tmp, self.path)
