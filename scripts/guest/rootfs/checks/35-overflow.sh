# An encoder faster than the daemon reads it: swiveld is stopped (SIGSTOP)
# while the yaw encoder turns 1500 edges, then continued. The kernel keeps
# what its event buffer holds. libgpiod 2.x asks for 1024 events and numbers
# every edge: swiveld counts the gap exactly (1500 - 1024 = 476 lost) and
# decodes the 1024 it got (476 is a whole number of quadrature cycles, so
# they decode cleanly). libgpiod 1.6 keeps 16 edges per line and numbers
# nothing: the stand sees 32 counts and cannot know the rest were lost
# (docs/HARDWARE.md). Both are pinned: a change in either shows here. (The
# drivers are off, nothing having moved, so the stand takes the encoder's
# word for where the axis is: no fault.)
. /checks/lib.sh
board=/boards/guest/rpi4-slow.json5
if ! daemon_start $board; then fail overflow.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
sleep 0.5
kill -STOP $DAEMON
/opt/tools/swivel-guest quad "$(sim_dir pi4)" 5 6 1500 100
kill -CONT $DAEMON
sleep 1.5
p=$(position yaw)
daemon_stop
expect overflow.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
dropped=$(sed -n 's/.*dropped edge events \([0-9]*\).*/\1/p' $LOG)
fault=$(grep -o "MOTOR FAULT[^|]*" $LOG | tail -n 1 | cut -c1-120)
if [ "$VARIANT" = v2 ]; then
    expect overflow.v2.dropped "$dropped" 476 "edges lost, counted from the kernel's sequence numbers"
    want=$(awk 'BEGIN { printf "%.9f", 1024 * 2 * 3.141592653589793 / 8192 }')
    near "$p" "$want" 1e-6 && pass overflow.v2.kept "yaw at $p rad: the 1024 edges the kernel kept" \
        || fail overflow.v2.kept "yaw at $p rad, want $want (1024 counts); fault '$fault'"
else
    want=$(awk 'BEGIN { printf "%.9f", 32 * 2 * 3.141592653589793 / 8192 }')
    near "$p" "$want" 1e-6 && pass overflow.v1.kept "yaw at $p rad: the 32 edges the kernel kept (16 per line); $dropped counted lost" \
        || fail overflow.v1.kept "yaw at $p rad, want $want (32 counts); $dropped counted lost; fault '$fault'"
fi
