#!/usr/bin/env bash
# `make check-hardware`: swiveld against a real Linux kernel's GPIO and I2C.
# Builds (once, cached in ~/.cache/swivel) a small kernel with gpio-sim and
# i2c-stub, builds swiveld/swivelctl twice (Debian's libgpiod 1.6, and 2.x
# from PyPI's gpiod sdist), packs them with the guest checks into an
# initramfs, boots it in QEMU and prints every check. Exits non-zero on any
# failed check, a check that did not report, or a guest that did not finish.
#
# Environment: SWIVEL_CACHE (default ~/.cache/swivel), SWIVEL_GUEST_VARIANTS
# ("v1 v2"), SWIVEL_GUEST_CHECKS (file patterns of rootfs/checks, e.g.
# "20-*.sh"; default all), SWIVEL_GUEST_TIMEOUT (seconds for the whole boot, default 1800),
# SWIVEL_GUEST_ACCEL (kvm or tcg; default: kvm when a probe boot works).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
guest=$repo/scripts/guest
cache=${SWIVEL_CACHE:-$HOME/.cache/swivel}
variants=${SWIVEL_GUEST_VARIANTS:-v1 v2}
boot_timeout=${SWIVEL_GUEST_TIMEOUT:-1800}
swift=${SWIFT:-swift}
work=$repo/.build/check-hardware
gpiod2_version=2.2.1
started=$(date +%s)
say() { echo "check-hardware: $* [$(($(date +%s) - started)) s]"; }

"$guest/ensure-guest-deps.sh"
mkdir -p "$cache" "$work"

kernel=$("$guest/build-kernel.sh")
kernel_dir=$(dirname "$kernel")
say "kernel $kernel"

# The daemon as a stand runs it: release, warnings are errors.
build() { "$swift" build -c release -Xswiftc -warnings-as-errors "$@" --product swiveld >&2 &&
    "$swift" build -c release -Xswiftc -warnings-as-errors "$@" --product swivelctl >&2 &&
    "$swift" build -c release "$@" --show-bin-path; }

stage=$work/tree
rm -rf "$stage"
mkdir -p "$stage/opt/tools" "$stage/boards/guest" "$stage/modules"
for variant in $variants; do
    case $variant in
    v1)
        bin=$(cd "$repo" && build)
        library_version="libgpiod $(pkg-config --modversion libgpiod) (Debian)"
        soname=libgpiod.so.2
        ;;
    v2)
        prefix=$cache/libgpiod-from-pypi-gpiod-$gpiod2_version
        if [ ! -f "$prefix/lib/libgpiod.so.3" ]; then
            "$repo/scripts/build-libgpiod2.sh" "$prefix.tmp" "$gpiod2_version" >&2
            rm -rf "$prefix"; mv "$prefix.tmp" "$prefix"
        fi
        # SwiftPM finds a system library through pkg-config: point it here.
        mkdir -p "$prefix/lib/pkgconfig"
        printf 'prefix=%s\nName: libgpiod\nDescription: libgpiod 2.x from PyPI gpiod %s\nVersion: 2\nCflags: -I${prefix}/include\nLibs: -L${prefix}/lib -lgpiod\n' \
            "$prefix" "$gpiod2_version" > "$prefix/lib/pkgconfig/libgpiod.pc"
        bin=$(cd "$repo" && PKG_CONFIG_PATH=$prefix/lib/pkgconfig build --scratch-path "$repo/.build/gpiod2" \
            -Xlinker -rpath -Xlinker "$prefix/lib")
        library_version="libgpiod 2.x (built from PyPI gpiod $gpiod2_version)"
        soname=libgpiod.so.3
        ;;
    *) echo "check-hardware: unknown variant $variant (v1, v2)" >&2; exit 64 ;;
    esac
    # The build must really have linked the libgpiod it claims to.
    linked=$(ldd "$bin/swiveld")  # (not piped into grep -q: pipefail and SIGPIPE)
    if ! echo "$linked" | grep -q "$soname"; then
        echo "check-hardware: $variant swiveld does not link $soname:" >&2; ldd "$bin/swiveld" >&2; exit 1
    fi
    mkdir -p "$stage/opt/$variant"
    cp "$bin/swiveld" "$bin/swivelctl" "$stage/opt/$variant/"
    echo "$library_version" > "$stage/opt/$variant/libgpiod-version"
    say "$variant: $bin/swiveld links $(ldd "$bin/swiveld" | grep -o "libgpiod[^ ]*" | head -n 1), $library_version"
done

gcc -static -O2 -Wall -Wextra -Werror -o "$stage/opt/tools/swivel-guest" "$guest/tool/swivel-guest.c"
cp -a "$guest/rootfs"/. "$stage/"
# Swift's crash reporter, so a trap in the guest prints a symbolicated backtrace.
backtracer=$(dirname "$(command -v "$swift")")/../libexec/swift/linux/swift-backtrace-static
[ -x "$backtracer" ] && cp "$backtracer" "$stage/opt/tools/swift-backtrace"
cp "$repo"/boards/*.json5 "$stage/boards/"
sed -f "$guest/slow-board.sed" "$repo/boards/rpi4-stepper-pantilt.json5" > "$stage/boards/guest/rpi4-slow.json5"
# The idle check's board: the slowed one, resting its drivers 3 s after the last motion.
sed '/^  name: /i\  idleTimeoutSeconds: 3,' "$stage/boards/guest/rpi4-slow.json5" > "$stage/boards/guest/rpi4-idle.json5"
sed -f "$guest/servo-board.sed" "$repo/boards/rpizero2w-servo-pantilt.json5" > "$stage/boards/guest/zero-softpwm.json5"
cp "$kernel_dir/i2c-stub.ko" "$stage/modules/"
echo "$variants" > "$stage/variants"
[ -z "${SWIVEL_GUEST_CHECKS:-}" ] || echo "$SWIVEL_GUEST_CHECKS" > "$stage/only"
"$guest/initramfs.sh" "$work/initramfs.cpio.gz" "$stage"
say "initramfs $work/initramfs.cpio.gz ($(du -k "$work/initramfs.cpio.gz" | cut -f1) KiB)"

# -smp 4: the Pi boards pin the step thread to CPU 3.
qemu=(qemu-system-x86_64 -smp 4 -m 1024 -nographic -no-reboot -nic none
    -kernel "$kernel" -append "console=ttyS0 panic=-1 quiet isolcpus=3")
# KVM when it works: /dev/kvm can exist and still hang a guest (nested
# virtualisation), so a probe boot must print within 30 s.
accel=${SWIVEL_GUEST_ACCEL:-}
if [ -z "$accel" ]; then
    accel=tcg
    if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
        probe=$work/probe
        rm -rf "$probe"; mkdir -p "$probe"
        printf '#!/bin/sh\necho GUEST-PROBE-OK\n/bin/busybox reboot -f\n' > "$probe/init"; chmod +x "$probe/init"
        "$guest/initramfs.sh" "$work/probe.cpio.gz" "$probe"
        if timeout 30 "${qemu[@]}" -accel kvm -initrd "$work/probe.cpio.gz" 2>/dev/null | grep -q GUEST-PROBE-OK; then accel=kvm; fi
    fi
fi
say "booting the guest ($accel, timeout $boot_timeout s)"
console=$work/console.log
set +e
timeout "$boot_timeout" "${qemu[@]}" -accel "$accel" -initrd "$work/initramfs.cpio.gz" 2>&1 |
    tr -d '\r' | tee "$console" | grep --line-buffered -a -E "^(CHECK|INFO|TIMING|VARIANT|KERNEL|GUEST-|chip |i2c-stub)"
boot_status=${PIPESTATUS[0]}
set -e

passed=$(grep -c "^CHECK .* PASS" "$console" || true)
failed=$(grep -c "^CHECK .* FAIL" "$console" || true)
status=0
if ! grep -q "^GUEST-END" "$console"; then
    echo "check-hardware: FAIL: the guest did not finish (qemu exit $boot_status; 124 = timed out); console: $console" >&2
    status=1
fi
for variant in $variants; do
    grep -q "^CHECK $variant " "$console" || { echo "check-hardware: FAIL: no check reported for $variant" >&2; status=1; }
done
if [ "$failed" -ne 0 ]; then
    status=1
    # Repeated last, so the tail of a CI log names what failed.
    echo "check-hardware: the failed checks:" >&2
    grep -a "^CHECK .* FAIL" "$console" >&2 || true
fi
say "$passed checks passed, $failed failed ($accel); console log $console"
exit $status
