#!/bin/sh
# The source files and modules a swivel-bench run enters inside one function:
# the debug swivel-bench under callgrind, collecting only inside the function
# whose mangled name matches SYMBOL_GLOB, each function executed placed in its
# file (bench/tick_files.py). Debug build: more is out of line than in
# release, the same way for any revision measured. Needs valgrind.
# bench/tick-files.sh and bench/wire-to-step-files.sh say what they measure.
# Usage: bench/files-under-callgrind.sh SYMBOL_GLOB SWIVEL_BENCH_ARGS...
set -eu
symbol="$1"
shift
out="$(mktemp)"
bench="$(mktemp)"
swift build --product swivel-bench >/dev/null
# Symbols are all the count needs; valgrind's DWARF reader gives up on the
# toolchain's DWARF 5 ("possibly corrupted debuginfo"), so it gets none.
objcopy --strip-debug ./.build/debug/swivel-bench "$bench"
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$symbol" \
    "$bench" "$@" >/dev/null 2>&1
python3 bench/tick_files.py . "$out"
rm -f "$out" "$bench"
