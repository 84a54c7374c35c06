#!/bin/sh
# Which source files and modules one velocity command crosses from the wire
# to the STEP line: swivel-bench's wire-to-step benchmark (docs/PROTOCOL.md's
# SET_ANGULAR_VELOCITY frame into the link hub, which decodes it and posts it
# into the engine's mailbox; then the engine's ticks until the yaw driver
# writes a STEP edge) run under callgrind, collecting only inside
# WireToStepRig.carry(), each function executed placed in its file
# (bench/tick_files.py). Debug build, as bench/tick-files.sh. Needs valgrind.
# Usage: bench/wire-to-step-files.sh   (from the repository root)
set -eu
symbol="*13WireToStepRigC5carry*"
out="$(mktemp)"
bench="$(mktemp)"
swift build --product swivel-bench >/dev/null
# As bench/tick-files.sh: valgrind cannot read the toolchain's DWARF 5; symbols are enough.
objcopy --strip-debug ./.build/debug/swivel-bench "$bench"
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$symbol" \
    "$bench" --only wire-to-step --repetitions 1 >/dev/null 2>&1
python3 bench/tick_files.py . "$out"
rm -f "$out" "$bench"
