#!/usr/bin/env bash
# `make sanitize`: builds the whole test suite with ThreadSanitizer and runs it,
# then the same with AddressSanitizer, each in its own build directory so
# neither clobbers .build. Prints what each found; exit 1 when a sanitizer
# reported anything or a test failed. SANITIZERS="thread" runs one of them.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SANITIZERS=${SANITIZERS:-thread address}
# The Swift runtime's backtracer and the sanitizers both want the crash signals.
export SWIFT_BACKTRACE=enable=no
# Keep going after a report, so one run lists them all; the count decides.
# Reports go to files, one per process: the daemons and swivelctl the tests
# start are built with the same sanitizer, and their reports would otherwise
# land in the output the tests read (and be missed by this count).
# XCTest's runner leaks a few of its own suite objects at exit (368 bytes,
# with no XCTest test in the package): suppressed by name, nothing of ours.
suppressions=$(pwd)/scripts/lsan-suppressions.txt

# What runs in the second, serial pass (a regex over test identifiers).
WALL_CLOCK_TESTS='^SwivelKitTests\.|^SwivelDaemonTests\.Daemon[A-Za-z]*Tests|^SwivelStandTests\.StandOnRealtimeLoopTests|^SwivelLoopTests\.RealtimeLoop[A-Za-z]*Tests'

status=0
results=()
for sanitizer in $SANITIZERS; do
    build=.build-$sanitizer
    log=$build/sanitize-test.log
    mkdir -p "$build"
    reports_dir=$(pwd)/$build/sanitizer-reports
    rm -rf "$reports_dir"
    mkdir -p "$reports_dir"
    export TSAN_OPTIONS="halt_on_error=0 log_path=$reports_dir/report ${SWIVEL_TSAN_OPTIONS:-}"
    export ASAN_OPTIONS="halt_on_error=0 log_path=$reports_dir/report ${SWIVEL_ASAN_OPTIONS:-}"
    export LSAN_OPTIONS="suppressions=$suppressions ${SWIVEL_LSAN_OPTIONS:-}"
    # Under ThreadSanitizer the firmware's PIMutex tells TSan about each
    # critical section (Sources/Platform/SwivelSync/PIMutex.swift): TSan cannot see a
    # contended priority-inheriting futex on its own.
    defines=()
    if [ "$sanitizer" = thread ]; then defines=(-Xswiftc -DSWIVEL_TSAN); fi
    echo "sanitize: $sanitizer: building the tests in $build"
    started=$(date +%s)
    "$SWIFT" build --build-tests --build-path "$build" --sanitize="$sanitizer" -Xswiftc -warnings-as-errors "${defines[@]}"
    built=$(( $(date +%s) - started ))
    # Two passes. The tests that bound what a wall-clock interval gets done
    # (SwivelKit against a stand paced on the wall clock, swivelctl and the
    # daemon as processes, the real-time loop thread) run one at a time after
    # the rest: ten times slower and all at once, they starve each other past
    # their clients' 200 ms reply timeouts. Everything else runs in parallel.
    echo "sanitize: $sanitizer: running the tests (log $log)"
    started=$(date +%s)
    set +e
    "$SWIFT" test --skip-build --build-path "$build" --sanitize="$sanitizer" --skip "$WALL_CLOCK_TESTS" >"$log" 2>&1
    code=$?
    echo "sanitize: $sanitizer: running the wall-clock tests one at a time (log $log.serial)"
    "$SWIFT" test --skip-build --build-path "$build" --sanitize="$sanitizer" --no-parallel --filter "$WALL_CLOCK_TESTS" >"$log.serial" 2>&1
    serial_code=$?
    set -e
    if [ "$code" -eq 0 ]; then code=$serial_code; fi
    ran=$(( $(date +%s) - started ))
    reports=$(cat "$log" "$log.serial" "$reports_dir"/report.* 2>/dev/null | grep -cE "^WARNING: ThreadSanitizer|^==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)" || true)
    processes=$(ls "$reports_dir" | wc -l)
    summary() { grep -oE "Test run with [0-9]+ tests? (in [0-9]+ suites? )?(passed|failed).*" "$1" | tail -1 || true; }
    tests="parallel: $(summary "$log"); one at a time: $(summary "$log.serial")"
    verdict=clean
    if [ "$code" -ne 0 ] || [ "$reports" -ne 0 ]; then
        verdict="NOT CLEAN"
        status=1
        cat "$log" "$log.serial" "$reports_dir"/report.* 2>/dev/null \
            | grep -E "^(WARNING|SUMMARY): ThreadSanitizer|^==[0-9]+==ERROR|^SUMMARY: (Address|Leak)Sanitizer|✘ Test .* (failed|recorded an issue)" \
            | sort | uniq -c | sort -rn | head -15 | sed "s/^/sanitize: $sanitizer:   /" || true
    fi
    results+=("$sanitizer: $verdict; $reports sanitizer reports (from $processes report files in $reports_dir); exit $code; $tests; build ${built} s, tests ${ran} s")
done

echo
for line in "${results[@]}"; do echo "sanitize: $line"; done
exit $status
