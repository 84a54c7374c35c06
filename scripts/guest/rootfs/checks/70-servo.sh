# The shipped Zero 2 W servo board with software PWM on GPIO12/13 (the guest
# has no PWM chip): the pulses the kernel saw have the servo frame (20 ms) and
# the width the angle implies: 500 µs at -90° to 2500 µs at +90°, inverted on
# pitch. Software PWM jitters by the thread's wake-up latency (large on an
# emulated CPU: ±200 µs seen on TCG), so medians are compared: the frame
# within 5 %, the width within 300 µs. That still tells each target from the
# other, and an inverted pitch (636 µs off) from a right one.
. /checks/lib.sh
board=/boards/guest/zero-softpwm.json5
if ! daemon_start $board; then fail servo.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
for spec in "12 swivel-yaw-servo" "13 swivel-pitch-servo"; do
    set -- $spec
    info=$(info_of zero $1)
    expect servo.request.$1 "$(field "$info" consumer) $(field "$info" dir)" "$2 out" "line $1: consumer and direction"
done
median() { grep "^$1 " | cut -d' ' -f2 | sort -n | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : "-") }'; }
within() { [ "$1" != "-" ] && awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }
measure() { # name yaw-target pitch-target yaw-width pitch-width
    ctl_session "move --yaw $2 --pitch $3 --wait" > /tmp/move.out 2>&1
    expect servo.$1.move "$?" 0 "move yaw $2 pitch $3: $(tail -n 1 /tmp/move.out)"
    trace_on; sleep 2; trace_off /tmp/t-servo
    for spec in "12 $4" "13 $5"; do
        set -- $1 $spec
        awk -v line=$(global zero $2) -f /checks/widths.awk /tmp/t-servo > /tmp/w
        period=$(median period < /tmp/w) high=$(median high < /tmp/w) frames=$(grep -c "^period" /tmp/w)
        within "$period" 20000 1000 && pass servo.$1.$2.period "median frame $period us over $frames frames" \
            || fail servo.$1.$2.period "median frame $period us over $frames frames, want 20000 +- 1000"
        within "$high" $3 300 && pass servo.$1.$2.width "median pulse $high us, want $3 +- 300" \
            || fail servo.$1.$2.width "median pulse $high us, want $3 +- 300"
    done
}
# yaw: 500 + (a + 1.5708) / 3.1416 x 2000 µs; pitch inverted.
# The first motion starts the pulses (none before it: 10-lines.sh's rule).
measure turned 1.0 0.5 2137 1182
measure center 0 0 1500 1500
daemon_stop
expect servo.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
expect servo.released "$(used_lines zero)" "" "lines in use after exit"
