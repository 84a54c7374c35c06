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
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$here/vision.txt"
# mediapipe without its declared dependencies (jax, opencv-contrib): face,
# pose and hand detection never import them.
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps -r "$here/nodeps.txt"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$here/python"
echo "make-venv: swivel-vision is ready: $venv/bin/swivel-vision"
