#!/usr/bin/env bash
# `make fuzz`: builds swivel-fuzz with libFuzzer and AddressSanitizer, seeds a
# corpus from docs/PROTOCOL.md's vectors, runs the three targets one after the
# other and prints the figures. Exit 1 when a target crashed or broke a
# promise (the input is kept and the command to replay it printed), 2 when
# the toolchain cannot fuzz. docs/RELIABILITY.md explains every figure.
#
# libFuzzer comes with the Swift toolchain (lib/clang/*/lib/linux/
# libclang_rt.fuzzer-*.a, used by `-sanitize=fuzzer`): no clang package is
# needed. Settings, all optional:
#   FUZZ_RUNS_FRAME     executions of the frame target     (default 1500000)
#   FUZZ_RUNS_MESSAGES  executions of the messages target  (default 8500000)
#   FUZZ_HUB_SECONDS    seconds for the hub target         (default 300)
#   FUZZ_HUB_PROMISES   what the hub checks besides traps: all, none, or caps,replies,telemetry (default all)
#   FUZZ_TARGETS        which targets, in order            (default "frame messages hub")
#   FUZZ_SEED           libFuzzer's -seed                  (default 1: the same run every time)
#   FUZZ_BUILD          the build directory                (default .build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
BUILD=${FUZZ_BUILD:-.build-fuzz}
RUNS_FRAME=${FUZZ_RUNS_FRAME:-1500000}
RUNS_MESSAGES=${FUZZ_RUNS_MESSAGES:-8500000}
HUB_SECONDS=${FUZZ_HUB_SECONDS:-300}
HUB_PROMISES=${FUZZ_HUB_PROMISES:-all}
TARGETS=${FUZZ_TARGETS:-frame messages hub}
SEED=${FUZZ_SEED:-1}
OUT=$BUILD/run

swiftc_path=$(command -v "${SWIFTC:-swiftc}" || true)
toolchain=$(dirname "$(dirname "$(readlink -f "${swiftc_path:-/nonexistent}")")")
if ! ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 \
    && ! ls "$toolchain"/lib/swift/clang/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
    echo "fuzz: the Swift toolchain at $toolchain has no libFuzzer runtime (libclang_rt.fuzzer);" >&2
    echo "fuzz: the swift.org toolchains for Linux ship it: install one of those" >&2
    exit 2
fi

echo "fuzz: building swivel-fuzz with -sanitize=fuzzer,address in $BUILD (release)"
# Two separate -sanitize flags make swiftc keep only the last: the coverage
# instrumentation would be lost. SwiftPM's --sanitize=fuzzer is still needed
# so that it lets libFuzzer's main be the executable's entry point.
"$SWIFT" build -c release --build-path "$BUILD" --product swivel-fuzz --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -DSWIVEL_FUZZ -Xswiftc -warnings-as-errors
BIN=$BUILD/release/swivel-fuzz

rm -rf "$OUT"
mkdir -p "$OUT/crashes"
# The Swift runtime's backtracer would take the crash signal from libFuzzer, which then keeps no input.
export SWIFT_BACKTRACE=enable=no
"$BIN" seed docs/PROTOCOL.md "$OUT/seeds"

status=0
summary=()
total=0
for target in $TARGETS; do
    case $target in
        frame) limit=(-runs="$RUNS_FRAME" -max_len=1100) ;;
        messages) limit=(-runs="$RUNS_MESSAGES" -max_len=1100) ;;
        hub) limit=(-max_total_time="$HUB_SECONDS" -max_len=4096) ;;
        *) echo "fuzz: unknown target $target" >&2; exit 2 ;;
    esac
    mkdir -p "$OUT/corpus/$target"
    log=$OUT/$target.log
    echo "fuzz: $target: ${limit[*]} (log $log)"
    started=$(date +%s)
    set +e
    SWIVEL_FUZZ_PROMISES=$HUB_PROMISES "$BIN" "$target" -seed="$SEED" "${limit[@]}" -timeout=60 \
        -print_final_stats=1 -artifact_prefix="$OUT/crashes/$target-" \
        "$OUT/corpus/$target" "$OUT/seeds/$target" >"$log" 2>&1
    code=$?
    set -e
    seconds=$(( $(date +%s) - started ))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    corpus=$(find "$OUT/corpus/$target" -type f | wc -l)
    runs=${runs:-0}
    total=$((total + runs))
    rate=$(( runs / (seconds > 0 ? seconds : 1) ))
    crashes=$(find "$OUT/crashes" -name "$target-*" -type f | wc -l)
    result="ok"
    if [ "$code" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        result="CRASH"
        status=1
        grep -E "PROMISE BROKEN|ERROR: |SUMMARY: |Fatal error|Test unit written" "$log" | head -8 | sed 's/^/fuzz:   /'
    fi
    summary+=("$(printf '%-9s %12s %7s s %8s/s %7s %7s %7s  %s' "$target" "$runs" "$seconds" "$rate" "${coverage:--}" "${features:--}" "$corpus" "$result")")
done

echo
echo "fuzz: $(printf '%-9s %12s %9s %10s %7s %7s %7s  %s' target executions time rate cov ft corpus result)"
for line in "${summary[@]}"; do echo "fuzz: $line"; done
echo "fuzz: $total executions in all, libFuzzer -seed=$SEED, hub promises: $HUB_PROMISES"
if [ "$status" -ne 0 ]; then
    echo "fuzz: crashing inputs are in $OUT/crashes; replay one with"
    echo "fuzz:   swift build --product swivel-fuzz && SWIVEL_FUZZ_TRACE=1 .build/debug/swivel-fuzz TARGET FILE"
fi
exit $status
