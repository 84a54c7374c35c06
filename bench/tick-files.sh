#!/bin/sh
# Which source files and modules one stand tick enters: the tick benchmark
# (demo playing, mock hardware and the simulated model) with callgrind
# collecting only inside StandEngine.tick(at:) (bench/files-under-callgrind.sh).
# Usage: bench/tick-files.sh [TICK_SYMBOL_GLOB]   (from the repository root;
# the glob names the mangled tick: SwivelRuntime.Stand.tick(at:) before the
# engine split was *13SwivelRuntime5StandC4tick2at*)
set -eu
exec bench/files-under-callgrind.sh "${1:-*SwivelStand0B6EngineC4tick2at*}" --only tick --ticks 1000 --repetitions 1
