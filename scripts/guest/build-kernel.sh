#!/usr/bin/env bash
# Builds the guest kernel once: bzImage and i2c-stub.ko cached in ~/.cache/swivel/kernel-<key>,
# the key a hash of the source package's version and kernel.config.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${SWIVEL_CACHE:-$HOME/.cache/swivel}
source_tar=/usr/src/linux-source-6.1.tar.xz
[ -f "$source_tar" ] || { echo "build-kernel: $source_tar is missing (apt-get install linux-source-6.1)" >&2; exit 1; }
version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
key=$( (echo "$version"; cat "$here/kernel.config") | sha256sum | cut -c1-16)
out=$cache/kernel-$key
if [ -f "$out/bzImage" ] && [ -f "$out/i2c-stub.ko" ]; then echo "$out/bzImage"; exit 0; fi
work=$cache/build-$key
rm -rf "$work"; mkdir -p "$work"
tar -xf "$source_tar" -C "$work"
src=$(echo "$work"/linux-source-6.1)
make -C "$src" -s tinyconfig >&2
"$src/scripts/kconfig/merge_config.sh" -m -O "$src" "$src/.config" "$here/kernel.config" >&2
make -C "$src" -s olddefconfig >&2
# Every option asked for must have survived olddefconfig (a dependency missing drops it silently).
missing=0
while IFS= read -r line; do
    case "$line" in CONFIG_*=[ym]) grep -qx "$line" "$src/.config" || { echo "build-kernel: $line did not take" >&2; missing=1; } ;; esac
done < "$here/kernel.config"
[ "$missing" -eq 0 ] || exit 1
make -C "$src" -s -j"$(nproc)" bzImage modules >&2
mkdir -p "$out"
cp "$src/arch/x86/boot/bzImage" "$out/bzImage"
cp "$src/.config" "$out/config"
cp "$src/drivers/i2c/i2c-stub.ko" "$out/i2c-stub.ko"
rm -rf "$work"
echo "$out/bzImage"
