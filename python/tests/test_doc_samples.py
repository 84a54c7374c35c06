"""Every Python sample in the docs runs, as written, against a real swiveld on
the simulated board: docs/PYTHON.md, docs/VISION.md and README.md.

Each ```python block is a whole program: it runs alone in a fresh interpreter
(so a missing import or a name defined only in another block fails it) with
the repository as its working directory, a private daemon started for it, and
three substitutions that point the simulated board's well-known paths at that
daemon: /tmp/swivel.sock (also $SWIVEL_SOCKET, which `Accessory.connect()`
reads), /tmp/swivel-host and /tmp/swivel-vision. Nothing else is changed.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from swivel.local_daemon import LocalDaemon

REPOSITORY = Path(__file__).resolve().parents[2]
DOCUMENTS = ("docs/PYTHON.md", "docs/VISION.md", "README.md")
FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


@dataclass(frozen=True)
class Sample:
    document: str
    line: int
    code: str

    def __str__(self) -> str:
        return f"{self.document}:{self.line}"


def samples(document: str) -> list[Sample]:
    text = (REPOSITORY / document).read_text()
    return [Sample(document, text.count("\n", 0, match.start()) + 1, match.group(1)) for match in FENCE.finditer(text)]


ALL = [sample for document in DOCUMENTS for sample in samples(document)]


def test_every_python_fence_is_a_sample() -> None:
    for document in DOCUMENTS:
        openings = (REPOSITORY / document).read_text().count("```python")
        assert openings > 0 and len(samples(document)) == openings, document


@pytest.mark.parametrize("sample", ALL, ids=str)
def test_the_sample_runs(sample: Sample, daemon: LocalDaemon) -> None:
    code = (sample.code.replace("/tmp/swivel.sock", daemon.socket_path)
            .replace("/tmp/swivel-host", daemon.host_path)
            .replace("/tmp/swivel-vision", daemon.vision_path))
    environment = dict(os.environ, SWIVEL_SOCKET=daemon.socket_path, PYTHONPATH=os.pathsep.join(
        [str(REPOSITORY / "python" / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]))
    result = subprocess.run([sys.executable, "-c", code], cwd=REPOSITORY, env=environment, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, f"{sample} failed:\n{result.stderr[-4000:]}"
