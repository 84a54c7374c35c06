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
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0}
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=0}

status=0
results=()
for sanitizer in $SANITIZERS; do
    build=.build-$sanitizer
    log=$build/sanitize-test.log
    mkdir -p "$build"
    echo "sanitize: $sanitizer: building the tests in $build"
    started=$(date +%s)
    "$SWIFT" build --build-tests --build-path "$build" --sanitize="$sanitizer" -Xswiftc -warnings-as-errors
    built=$(( $(date +%s) - started ))
    echo "sanitize: $sanitizer: running the tests (log $log)"
    started=$(date +%s)
    set +e
    "$SWIFT" test --skip-build --build-path "$build" --sanitize="$sanitizer" >"$log" 2>&1
    code=$?
    set -e
    ran=$(( $(date +%s) - started ))
    reports=$(grep -cE "^WARNING: ThreadSanitizer|^==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)" "$log" || true)
    passed=$(grep -oE "Test run with [0-9]+ tests? (in [0-9]+ suites? )?passed" "$log" | tail -1 || true)
    failed=$(grep -oE "Test run with [0-9]+ tests? (in [0-9]+ suites? )?failed.*" "$log" | tail -1 || true)
    verdict=clean
    if [ "$code" -ne 0 ] || [ "$reports" -ne 0 ]; then
        verdict="NOT CLEAN"
        status=1
        grep -E "^(WARNING|SUMMARY): ThreadSanitizer|^==[0-9]+==ERROR|^SUMMARY: (Address|Leak)Sanitizer|✘ Test .* (failed|recorded an issue)" "$log" \
            | sort | uniq -c | sort -rn | head -15 | sed "s/^/sanitize: $sanitizer:   /"
    fi
    results+=("$sanitizer: $verdict; $reports sanitizer reports; exit $code; ${passed:-${failed:-no swift-testing summary}}; build ${built} s, tests ${ran} s")
done

echo
for line in "${results[@]}"; do echo "sanitize: $line"; done
exit $status
