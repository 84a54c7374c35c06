#!/bin/sh
# Creates swivel-vision's venv at @VENV@ from the pins beside this script
# (installed by `make install VISION=1`, which runs it; after a staged install
# with DESTDIR the target runs it once, as root). Uses PyPI.
# --system-site-packages: Raspberry Pi OS's python3-picamera2 (apt) stays
# importable, since picamera2 needs the system's libcamera bindings.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv="@VENV@"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    { echo "make-venv: python3 3.11 or later is needed" >&2; exit 1; }
rm -rf "$venv"
python3 -m venv --system-site-packages "$venv"
# The long step (numpy, OpenCV, scikit-image: a few hundred MB on a Pi): pip's
# own lines, one or more a package, show it moving.
echo "make-venv: installing the pins of $here/vision.txt from PyPI (pip's progress follows)"
"$venv/bin/python" -m pip install --disable-pip-version-check --progress-bar on -r "$here/vision.txt"
# mediapipe without its declared dependencies (jax, opencv-contrib): full-range
# face, pose and hand detection never import them. Skipped under Python 3.13
# (its line's marker): no wheel; face and haar need none of it.
"$venv/bin/python" -m pip install --disable-pip-version-check --progress-bar on --no-deps -r "$here/nodeps.txt"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$here/python"
echo "make-venv: swivel-vision is ready: $venv/bin/swivel-vision"
