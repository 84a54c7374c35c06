#!/bin/sh
# Installs what the build needs that a fresh Debian 12 machine with only the
# Swift toolchain lacks: pkg-config and libgpiod's headers (the Linux GPIO
# backend links libgpiod). Says what it installs; does nothing when all is there.
set -eu

[ "$(uname -s)" = Linux ] || exit 0

missing=""
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
if ! pkg-config --exists libgpiod 2>/dev/null; then
    missing="$missing libgpiod-dev"
fi
[ -n "$missing" ] || exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: this build needs:$missing — install them with your package manager" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
    echo "make: installing$missing with apt, using sudo"
else
    echo "make: installing$missing with apt"
fi
# A fresh machine has empty package lists; libgpiod-dev is "not found" until they are fetched.
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "make: installed$missing"
