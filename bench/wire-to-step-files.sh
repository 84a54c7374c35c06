#!/bin/sh
# Which source files and modules one velocity command crosses from the wire
# to the STEP line: swivel-bench's wire-to-step benchmark (docs/PROTOCOL.md's
# SET_ANGULAR_VELOCITY frame into the link hub, which decodes it and posts it
# into the engine's mailbox; then the engine's ticks until the yaw driver
# writes a STEP edge) with callgrind collecting only inside
# WireToStepRig.carry() (bench/files-under-callgrind.sh).
# Usage: bench/wire-to-step-files.sh   (from the repository root)
set -eu
exec bench/files-under-callgrind.sh "*13WireToStepRigC5carry*" --only wire-to-step --repetitions 1
