"""Logging like swiveld's: one line per event on stderr, `swivel-vision: info: ...`
on a terminal, `<6>...` (the syslog priority, which journald turns into the
entry's level) under systemd, where JOURNAL_STREAM is set. `--verbose` shows debug.
"""
from __future__ import annotations

import logging
import os
import sys

_PRIORITY = {logging.ERROR: 3, logging.WARNING: 4, logging.INFO: 6, logging.DEBUG: 7}
_NAME = {logging.CRITICAL: "error", logging.ERROR: "error", logging.WARNING: "warning", logging.INFO: "info", logging.DEBUG: "debug"}


class SwivelFormatter(logging.Formatter):
    def __init__(self, program: str = "swivel-vision", journald: bool | None = None) -> None:
        super().__init__()
        self.program = program
        self.journald = os.environ.get("JOURNAL_STREAM") is not None if journald is None else journald

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.exc_info:
            message += " (" + self.formatException(record.exc_info).splitlines()[-1] + ")"
        message = message.replace("\n", " ")
        if self.journald:
            return f"<{_PRIORITY.get(record.levelno, 6)}>{message}"
        return f"{self.program}: {_NAME.get(record.levelno, 'info')}: {message}"


def configure(verbose: bool = False, stream: object = None) -> logging.Logger:
    """Routes the `swivel_vision` and `swivel` loggers to stderr in swiveld's format."""
    handler = logging.StreamHandler(stream or sys.stderr)  # type: ignore[arg-type]
    handler.setFormatter(SwivelFormatter())
    level = logging.DEBUG if verbose else logging.INFO
    for name in ("swivel_vision", "swivel"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False
    return logging.getLogger("swivel_vision")
