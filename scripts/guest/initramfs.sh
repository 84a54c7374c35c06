#!/usr/bin/env bash
# Packs the guest's initramfs: a static busybox (its applets linked at boot),
# Debian's gpiod tools, the staged TREE (its /init, programs, checks, boards)
# and every shared library `ldd` names for an executable in it.
# Usage: initramfs.sh OUT.cpio.gz TREE
set -euo pipefail
out=$1; tree=$2
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,run,etc,lib,lib64,usr/bin,usr/sbin}
cp /bin/busybox "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp -a "$tree"/. "$root/"
for tool in gpiodetect gpioinfo gpioset gpioget gpiomon; do cp "/usr/bin/$tool" "$root/usr/bin/"; done
# Libraries land at the path ldd found them on, so a build's rpath (the
# libgpiod 2.x one) resolves in the guest as it does here.
find "$root" -type f -perm -u+x | while read -r program; do
    libraries=$(ldd "$program" 2>/dev/null) || continue  # a script, or static
    echo "$libraries" | grep -oE '/[^ ]+\.so[^ ]*' | while read -r library; do
        [ -e "$root$library" ] && continue
        mkdir -p "$root$(dirname "$library")"
        cp -L "$library" "$root$library"
    done
done
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) > "$out"
