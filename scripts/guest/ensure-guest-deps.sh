#!/bin/sh
# Installs what `make check-hardware` needs beyond the build's own deps, on
# Debian: the kernel source and its build tools, QEMU, a static busybox,
# the gpiod tools, and gcc with a static libc for the guest's instrument
# (scripts/guest/tool). Says what it installs; does nothing when all is there.
set -eu
packages="linux-source-6.1 qemu-system-x86 busybox-static gpiod gcc libc6-dev make flex bison bc libelf-dev cpio gzip xz-utils lz4 curl ca-certificates"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
command -v apt-get >/dev/null 2>&1 || { echo "error: make check-hardware needs:$missing (Debian packages)" >&2; exit 1; }
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "check-hardware: installing$missing with apt"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "check-hardware: installed$missing"
