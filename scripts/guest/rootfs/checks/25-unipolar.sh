# A 28BYJ-48 through a ULN2003 (boards/rpi4-28byj48-pantilt.json5, slowed for
# an emulated CPU): its four coil lines on the kernel's gpio-sim chip, read
# back from the kernel's trace of every write. A move of yaw by 0.2 rad and
# back: every pattern the lines pass through is all off or a legal half-step
# state, the sequence never skips a state, the net count is the move's
# half-steps (0.2 rad x 4075.77 / 2 pi = 129.7) forwards then backwards, and
# the coils are all off once the hold after rest (200 ms) has passed.
# An emulated CPU is sometimes held up for milliseconds; a half-step that
# would start more than half a tick late is then dropped and the stand faults,
# as it must (20-steps.sh proves that promise). Such an attempt's traces are
# still checked for illegal patterns and skipped states (a dropped step is
# never a jump), and the whole out-and-back is tried again on a fresh daemon,
# up to 10 times. A wrong count, an illegal pattern or coils left on fail at
# once; only lateness retries.
. /checks/lib.sh
board=/boards/guest/rpi4-28byj48-slow.json5
in1=17; in2=27; in3=22; in4=23
attempt=1
while [ $attempt -le 10 ]; do
    if ! daemon_start $board; then fail unipolar.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
    [ $attempt -eq 1 ] && expect unipolar.rest "$(level pi4 $in1)$(level pi4 $in2)$(level pi4 $in3)$(level pi4 $in4)" "0000" "yaw coils before the first motion"
    for leg in "out 0.2" "back 0"; do
        set -- $leg
        trace_on
        ctl_session "move --yaw $2 --wait" > /tmp/unipolar-$1.out 2>&1
        echo $? > /tmp/unipolar-status-$1
        sleep 0.6
        trace_off /tmp/t-unipolar-$1
    done
    daemon_stop
    # Held up past the tolerance: the exit summary's latched fault says so.
    late=""
    grep -q "latched: .*could not be written in time" $LOG &&
        late=" (attempt $attempt: steps held up past the tolerance, dropped and faulted)"
    for leg in "out 0.2 130" "back 0 -130"; do
        set -- $leg
        r=$(awk -v in1=$(global pi4 $in1) -v in2=$(global pi4 $in2) -v in3=$(global pi4 $in3) -v in4=$(global pi4 $in4) \
            -f /checks/unipolar.awk /tmp/t-unipolar-$1)
        echo "INFO $VARIANT 25-unipolar: $1: $r$late"
        expect unipolar.$1.legal "$(field "$r" illegal) $(field "$r" jumps)" "0 0" "illegal patterns and skipped states$late"
        [ -n "$late" ] && continue
        expect unipolar.$1.move "$(cat /tmp/unipolar-status-$1)" 0 "move yaw to $2: $(tail -n 1 /tmp/unipolar-$1.out | cut -c1-100)"
        net=$(field "$r" net)
        near "$net" "$3" 1 && pass unipolar.$1.count "net half-steps $net, want $3 +- 1" \
            || fail unipolar.$1.count "net half-steps $net, want $3 +- 1"
        expect unipolar.$1.off "$(field "$r" final)" 0 "coil pattern once the hold after rest has passed"
    done
    if [ -z "$late" ]; then
        expect unipolar.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
        expect unipolar.released "$(used_lines pi4)" "" "lines in use after exit"
        exit 0
    fi
    attempt=$((attempt + 1))
done
fail unipolar.attempts "every attempt was held up past the tolerance: no fault-free move to count"
