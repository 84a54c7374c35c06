"""What `pip install ./python` ships: PEP 561's py.typed marker in both packages,
in the wheel and in the sdist, built from a copy of the tree with the venv's
own setuptools (offline: no build isolation)."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]

BUILD = """
import sys
from pathlib import Path
from setuptools import build_meta
out = sys.argv[1]
names = [build_meta.build_wheel(out), build_meta.build_sdist(out)]
Path(out, "names").write_text(" ".join(names))  # stdout carries setuptools' log
"""


def test_the_wheel_and_the_sdist_carry_py_typed(tmp_path: Path) -> None:
    tree = tmp_path / "python"
    tree.mkdir()
    shutil.copy(PYTHON_DIR / "pyproject.toml", tree)
    shutil.copytree(PYTHON_DIR / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    out = tmp_path / "dist"
    out.mkdir()
    result = subprocess.run([sys.executable, "-c", BUILD, str(out)], cwd=tree, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    wheel_name, sdist_name = (out / "names").read_text().split()
    wheel = set(zipfile.ZipFile(out / wheel_name).namelist())
    assert {"swivel/py.typed", "swivel_vision/py.typed"} <= wheel, sorted(n for n in wheel if "typed" in n)
    with tarfile.open(out / sdist_name) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"src/swivel/py.typed", "src/swivel_vision/py.typed"} <= names
    # The default face detector's model and its licence ship in the wheel and the sdist (blazeface.py).
    model = {"swivel_vision/assets/face_detection_short_range.tflite", "swivel_vision/assets/face_detection_short_range.LICENSE"}
    assert model <= wheel, sorted(n for n in wheel if "assets" in n)
    assert {f"src/{m}" for m in model} <= names
    # The entry point the client-only install gets (its message is test_vision_cli's).
    entry_points = zipfile.ZipFile(out / wheel_name).read(
        next(n for n in wheel if n.endswith(".dist-info/entry_points.txt"))).decode()
    assert "swivel-vision = swivel_vision.cli:main" in entry_points
