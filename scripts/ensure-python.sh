#!/bin/sh
# Creates python/.venv and installs the Python side's pins (python/pyproject.toml)
# by name from PyPI, then the `swivel` package itself from python/. Installs
# python3 and its venv module with apt when a fresh Debian 12 lacks them. Does
# nothing slow when the venv is up to date: the pins are re-installed only when
# pyproject.toml changes (a stamp holds its hash); the package is re-installed
# every time (a few seconds, offline) so the venv runs the tree's code.
set -eu
cd "$(dirname "$0")/.."
venv=python/.venv
say() { echo "make: $*"; }

python_ok() {
    command -v python3 >/dev/null 2>&1 &&
        python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null
}
if ! python_ok; then
    command -v apt-get >/dev/null 2>&1 || { echo "error: the Python side needs python3 (3.11 or later) with its venv module" >&2; exit 1; }
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    say "installing python3 python3-venv with apt${sudo:+, using sudo}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
    python_ok || { echo "error: python3 is still not usable (3.11 or later with venv)" >&2; exit 1; }
fi

want=$(sha256sum python/pyproject.toml | cut -c1-16)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.pins" 2>/dev/null)" != "$want" ]; then
    say "creating $venv and installing the pins of python/pyproject.toml from PyPI"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade "pip==24.2" "setuptools==74.1.2"
    # tomllib is in the standard library from 3.11: the pins are read, not copied here.
    "$venv/bin/python" - <<'PY' > "$venv/pins.txt"
import tomllib
project = tomllib.load(open("python/pyproject.toml", "rb"))
p = project["project"]
extras = p["optional-dependencies"]
for pin in p["dependencies"] + extras["vision"] + extras["mediapipe"] + extras["web"] + extras["test"]:
    print(pin)
print("#no-deps")
for pin in project["tool"]["swivel"]["no-deps"] + project["tool"]["swivel"]["test-no-deps"]:
    print(pin)
PY
    sed '/^#no-deps$/,$d' "$venv/pins.txt" > "$venv/pins-deps.txt"
    sed '1,/^#no-deps$/d' "$venv/pins.txt" > "$venv/pins-nodeps.txt"
    # The long step (a few hundred MB): pip's own lines, one or more a package, show it moving.
    say "installing $(grep -c . "$venv/pins-deps.txt") pins and their dependencies (pip's progress follows)"
    "$venv/bin/python" -m pip install --disable-pip-version-check --progress-bar on -r "$venv/pins-deps.txt"
    "$venv/bin/python" -m pip install --disable-pip-version-check --progress-bar on --no-deps -r "$venv/pins-nodeps.txt"
    echo "$want" > "$venv/.pins"
    say "python venv ready: $(du -sh "$venv" | cut -f1)"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall ./python 2>&1 |
    grep -v "^$" || true
