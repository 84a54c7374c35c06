# Moves on each axis in both directions, on the slowed Pi 4 board: the STEP
# rising edges the kernel saw equal the steps the mechanics imply, DIR is at
# the right level, every pulse keeps the board's minimum high and low time
# and DIR its setup time, and the driver was enabled before the first step.
# Moves stay under the silent-encoder travel (0.04 rad): nothing turns the
# encoders here (30-encoders.sh does).
. /checks/lib.sh
board=/boards/guest/rpi4-slow.json5
min_us=50
if ! daemon_start $board; then fail steps.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
# axis step dir en steps-per-axis-turn
move_and_count() {
    axis=$1 step=$2 dir=$3 en=$4 per_turn=$5 from=$6 to=$7 name=$8
    en_level=$(level pi4 $en) dir_level=$(level pi4 $dir)
    trace_on
    ctl_session "move --$axis $to --wait" > /tmp/move.out 2>&1; status=$?
    sleep 0.2
    trace_off /tmp/t-steps
    expect steps.$name.move "$status" 0 "move $axis $from -> $to: $(tail -n 1 /tmp/move.out)"
    kill -0 $DAEMON 2>/dev/null || { echo "swiveld exited; its log ends:"; tail -n 20 $LOG; }
    want=$(awk -v a="$from" -v b="$to" -v n="$per_turn" 'BEGIN { pi = 3.141592653589793; x = a * n / (2 * pi); y = b * n / (2 * pi);
        x = (x < 0) ? -int(-x + 0.5) : int(x + 0.5); y = (y < 0) ? -int(-y + 0.5) : int(y + 0.5); d = y - x; if (d < 0) d = -d; print d }')
    r=$(awk -v step=$(global pi4 $step) -v dir=$(global pi4 $dir) -v en=$(global pi4 $en) -v en_level=$en_level -v dir_level=$dir_level -f /checks/pulses.awk /tmp/t-steps)
    expect steps.$name.count "$(field "$r" rises)" "$want" "STEP rising edges in the trace vs round(angle x $per_turn / 2pi)"
    if awk -v a="$from" -v b="$to" 'BEGIN { exit !(b > a) }'; then side=forward; else side=backward; fi
    expect steps.$name.dir "$(field "$r" $side)" "$want" "edges with DIR $( [ $side = forward ] && echo high || echo low)"
    for f in min_high_us min_low_us min_dir_setup_us; do
        v=$(field "$r" $f)
        if [ $f = min_dir_setup_us ] && [ "$v" = "-" ] && [ -z "$(sets_of /tmp/t-steps $(global pi4 $dir))" ]; then
            pass steps.$name.$f "DIR was already at its level (not written)"; continue
        fi
        if [ "$v" != "-" ] && [ "$v" -ge $min_us ]; then pass steps.$name.$f "$v us >= $min_us us"; else fail steps.$name.$f "$v us < $min_us us"; fi
    done
    expect steps.$name.enabled "$(field "$r" en_at_first_rise)" 0 "EN at the first step (0 = enabled, active-low)"
}
move_and_count yaw 17 27 22 9600 0 0.035 yaw.forward
move_and_count yaw 17 27 22 9600 0.035 -0.035 yaw.backward
move_and_count yaw 17 27 22 9600 -0.035 0 yaw.home
move_and_count pitch 23 24 25 6400 0 -0.035 pitch.backward
move_and_count pitch 23 24 25 6400 -0.035 0.035 pitch.forward
move_and_count pitch 23 24 25 6400 0.035 0 pitch.home
daemon_stop
expect steps.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
grep -q "motor faults 0" $LOG && pass steps.faults "no motor fault in the run" || fail steps.faults "$(grep 'motor faults' $LOG)"
