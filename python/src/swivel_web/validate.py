"""Request bodies checked before anything is sent: a bad one is a 400 with the reason and moves nothing."""
from __future__ import annotations

import math
from typing import Any

# The jog pad's fastest request; the stand clamps to its own caps below this anyway.
MAX_JOG_RAD_PER_S = 3.0
# How long one jog request drives before the service stops the stand unless renewed.
MAX_JOG_HOLD_S = 1.0
MAX_PRESET_NAME = 40
MAX_PRESETS = 32


class BadRequest(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def obj(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    return body


def only(body: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(body) - allowed)
    if extra:
        raise BadRequest(f"unknown field(s): {', '.join(extra)} (allowed: {', '.join(sorted(allowed)) or 'none'})")


def number(body: dict[str, Any], key: str, lo: float, hi: float, default: float | None = None) -> float:
    if key not in body:
        if default is None:
            raise BadRequest(f"{key} is required")
        return default
    value = body[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadRequest(f"{key} must be a number, got {type(value).__name__}")
    value = float(value)
    if not math.isfinite(value) or not lo <= value <= hi:
        raise BadRequest(f"{key} must be within {lo:g} … {hi:g}, got {value!r}")
    return value


def boolean(body: dict[str, Any], key: str, default: bool | None = None) -> bool:
    if key not in body:
        if default is None:
            raise BadRequest(f"{key} is required")
        return default
    value = body[key]
    if not isinstance(value, bool):
        raise BadRequest(f"{key} must be true or false")
    return value


def choice(body: dict[str, Any], key: str, options: list[str]) -> str:
    value = body.get(key)
    if not isinstance(value, str) or value not in options:
        raise BadRequest(f"{key} must be one of {', '.join(options)}, got {value!r}")
    return value


def preset_name(value: Any) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_PRESET_NAME or not value.isprintable():
        raise BadRequest(f"a preset name is 1-{MAX_PRESET_NAME} printable characters")
    return value.strip() or "preset"
