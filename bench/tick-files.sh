#!/bin/sh
# Which source files and modules one stand tick enters: the tick benchmark
# (demo playing, mock hardware and the simulated model) run under callgrind,
# collecting only inside StandEngine.tick(at:), each function executed placed
# in its file (bench/tick_files.py). Debug build: more is out of line than in
# release, the same way for any revision measured. Needs valgrind.
# Usage: bench/tick-files.sh [TICK_SYMBOL_GLOB]   (from the repository root;
# the glob names the mangled tick: SwivelRuntime.Stand.tick(at:) before the
# engine split was *13SwivelRuntime5StandC4tick2at*)
set -eu
symbol="${1:-*SwivelStand0B6EngineC4tick2at*}"
out="$(mktemp)"
bench="$(mktemp)"
swift build --product swivel-bench >/dev/null
# Symbols are all the count needs; valgrind's DWARF reader gives up on the
# toolchain's DWARF 5 ("possibly corrupted debuginfo"), so it gets none.
objcopy --strip-debug ./.build/debug/swivel-bench "$bench"
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$symbol" \
    "$bench" --only tick --ticks 1000 --repetitions 1 >/dev/null 2>&1
python3 bench/tick_files.py . "$out"
rm -f "$out" "$bench"
