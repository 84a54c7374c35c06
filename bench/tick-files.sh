#!/bin/sh
# Which source files and modules one stand tick enters: the tick benchmark
# (demo playing, mock hardware and the simulated model) run under callgrind,
# collecting only inside StandEngine.tick(at:), each function executed placed
# in its file (bench/tick_files.py). Debug build: more is out of line than in
# release, the same way for any revision measured. Needs valgrind.
# Usage: bench/tick-files.sh [TICK_SYMBOL_GLOB]   (from the repository root)
set -eu
symbol="${1:-*11StandEngineC4tick2at*}"
out="$(mktemp)"
swift build --product swivel-bench >/dev/null
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$symbol" \
    ./.build/debug/swivel-bench --only tick --ticks 1000 --repetitions 1 >/dev/null 2>&1
python3 bench/tick_files.py . "$out"
rm -f "$out"
