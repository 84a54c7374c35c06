# Moves on each axis in both directions, on the slowed Pi 4 board: the STEP
# rising edges the kernel saw equal the steps the mechanics imply, DIR is at
# the right level, every pulse keeps the board's minimum high and low time
# and DIR its setup time, and the driver was enabled before the first step.
# Moves stay under the silent-encoder travel (0.04 rad): nothing turns the
# encoders here (30-encoders.sh does).
#
# An emulated CPU is sometimes held up for milliseconds (translating code it
# has not run yet, or the host's scheduler). A step that would start more
# than half a tick late is then dropped and the stand faults, as it must.
# Such an attempt proves the other half of the promise: its pulses are
# checked for width all the same (a late step is dropped, never squeezed),
# and the move is tried again on a fresh daemon, up to 10 times. A wrong
# count, a wrong DIR or a short pulse fails at once; only lateness retries.
. /checks/lib.sh
board=/boards/guest/rpi4-slow.json5
min_us=50

# analyse NAME TRACE step dir en per_turn from to: the checks on one move's trace.
analyse() {
    local name=$1 file=$2 step=$3 dir=$4 en=$5 per_turn=$6 from=$7 to=$8 late=$9 r v f want side
    r=$(awk -v step=$(global pi4 $step) -v dir=$(global pi4 $dir) -v en=$(global pi4 $en) \
        -v en_level=$en_level -v dir_level=$dir_level -f /checks/pulses.awk $file)
    for f in min_high_us min_low_us min_dir_setup_us; do
        v=$(field "$r" $f)
        if [ "$v" = "-" ]; then
            [ $f = min_dir_setup_us ] && [ -z "$(sets_of $file $(global pi4 $dir))" ] &&
                { pass steps.$name.$f "DIR was already at its level (not written)"; continue; }
            [ "$(field "$r" rises)" -lt 2 ] && [ -n "$late" ] && continue
        fi
        if [ "$v" != "-" ] && [ "$v" -ge $min_us ]; then pass steps.$name.$f "$v us >= $min_us us$late"
        else fail steps.$name.$f "$v us < $min_us us$late: $r"; fi
    done
    [ -n "$late" ] && return
    want=$(awk -v a="$from" -v b="$to" -v n="$per_turn" 'BEGIN { pi = 3.141592653589793; x = a * n / (2 * pi); y = b * n / (2 * pi);
        x = (x < 0) ? -int(-x + 0.5) : int(x + 0.5); y = (y < 0) ? -int(-y + 0.5) : int(y + 0.5); d = y - x; if (d < 0) d = -d; print d }')
    expect steps.$name.count "$(field "$r" rises)" "$want" "STEP rising edges in the trace vs round(angle x $per_turn / 2pi)"
    if awk -v a="$from" -v b="$to" 'BEGIN { exit !(b > a) }'; then side=forward; else side=backward; fi
    expect steps.$name.dir "$(field "$r" $side)" "$want" "edges with DIR $( [ $side = forward ] && echo high || echo low)"
    expect steps.$name.enabled "$(field "$r" en_at_first_rise)" 0 "EN at the first step (0 = enabled, active-low)"
}

# out_and_back AXIS STEP DIR EN PER_TURN TARGET NAME: 0 -> TARGET -> 0 on a fresh daemon.
out_and_back() {
    local axis=$1 step=$2 dir=$3 en=$4 per_turn=$5 target=$6 name=$7 attempt=1 late leg status
    while [ $attempt -le 10 ]; do
        if ! daemon_start $board; then fail steps.$name.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; return; fi
        for leg in "out 0 $target" "back $target 0"; do
            set -- $leg
            echo "$(level pi4 $en) $(level pi4 $dir)" > /tmp/levels-$1
            trace_on
            { echo "tracking off"; echo "move --$axis $3 --wait"; } | ctl shell > /tmp/move-$1.out 2>&1
            echo $? > /tmp/status-$1
            sleep 0.2
            trace_off /tmp/t-$1
        done
        daemon_stop
        # Held up past the tolerance: the exit summary's latched fault says so.
        late=""
        grep -q "latched: .*could not be written in time" $LOG &&
            late=" (attempt $attempt: steps held up past the tolerance, dropped and faulted)"
        for leg in "out 0 $target" "back $target 0"; do
            set -- $leg
            read en_level dir_level < /tmp/levels-$1
            [ -n "$late" ] || expect steps.$name.$1.move "$(cat /tmp/status-$1)" 0 \
                "move $axis $2 -> $3 (attempt $attempt): $(tail -n 1 /tmp/move-$1.out | cut -c1-100)"
            analyse $name.$1 /tmp/t-$1 $step $dir $en $per_turn $2 $3 "$late"
        done
        [ -z "$late" ] && { expect steps.$name.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"; return; }
        echo "INFO $VARIANT 20-steps: $name$late"
        attempt=$((attempt + 1))
    done
    fail steps.$name.attempts "every attempt was held up past the tolerance: no fault-free move to count"
}

out_and_back yaw 17 27 22 9600 0.035 yaw.forward
out_and_back yaw 17 27 22 9600 -0.035 yaw.backward
out_and_back pitch 23 24 25 6400 0.035 pitch.forward
out_and_back pitch 23 24 25 6400 -0.035 pitch.backward
