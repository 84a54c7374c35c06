#!/usr/bin/env bash
# Packs the guest's initramfs: busybox, Debian's gpiod tools, the given
# programs, every library `ldd` names for them, i2c-stub.ko and the init
# script. Usage: initramfs.sh OUT.cpio.gz I2C_STUB_KO INIT [PROGRAM...]
set -euo pipefail
out=$1; stub=$2; init=$3; shift 3
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,run,lib,lib64,usr/bin,etc,modules}
cp /bin/busybox "$root/bin/busybox"
for applet in sh mount mkdir echo cat ls sleep reboot insmod grep wc seq test; do ln -s busybox "$root/bin/$applet"; done
programs=(/usr/bin/gpiodetect /usr/bin/gpioinfo /usr/bin/gpioset /usr/bin/gpioget "$@")
for program in "${programs[@]}"; do
    cp "$program" "$root/usr/bin/"
    for library in $(ldd "$program" | grep -oE '/[^ ]+\.so[^ ]*'); do
        mkdir -p "$root$(dirname "$library")"
        cp -L "$library" "$root$library"
    done
done
cp "$stub" "$root/modules/i2c-stub.ko"
mkdir -p "$root/boards"; [ -n "${BOARDS_DIR:-}" ] && cp "$BOARDS_DIR"/*.json5 "$root/boards/"
cp "$init" "$root/init"
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out"
