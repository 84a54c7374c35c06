# Quadrature encoders driven through gpio-sim's `pull` attributes, as a
# turning shaft would drive them: counts and sign exact in the stand's
# telemetry; a silent encoder and an encoder that disagrees with the motor
# (a stall or a slipping drive) each raise their motor fault, and
# clear-fault takes motion again.
. /checks/lib.sh
board=/boards/guest/rpi4-slow.json5
tool=/opt/tools/swivel-guest
dir=$(sim_dir pi4)
rad() { awk -v n=$1 'BEGIN { printf "%.9f", n * 2 * 3.141592653589793 / 8192 }'; }
turn() { # axis a b edges
    # 2 ms apart: libgpiod 1.6 gives each line a kernel FIFO of 16 edges,
    # read once per 10 ms tick on this board (35-overflow.sh is the faster shaft).
    $tool quad $dir $2 $3 $4 2000 && sleep 0.3
}
check_position() { # name axis counts
    p=$(position $2)
    if near "$p" "$(rad $3)" 1e-6; then pass $1 "$2 at $p rad = $3 counts"; else fail $1 "$2 at $p rad, want $(rad $3) ($3 counts of 8192 per turn)"; fi
}
# fault_line NAME TEXT: the daemon's status line names the fault in its own words.
fault_line() {
    sleep 0.7  # the status line is drawn about every 0.7 s
    line=$(grep -o "MOTOR FAULT[^|]*" $LOG | tail -n 1)
    case "$line" in *"$2"*) pass encoders.$1.fault "swiveld says: $(echo "$line" | cut -c1-160)" ;;
        *) fail encoders.$1.fault "swiveld says: '$line'" ;; esac
}

if ! daemon_start $board; then fail encoders.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
turn yaw 5 6 40;      check_position encoders.yaw.forward yaw 40
turn yaw 5 6 -75;     check_position encoders.yaw.backward yaw -35
turn yaw 5 6 35;      check_position encoders.yaw.home yaw 0
turn pitch 16 26 -50; check_position encoders.pitch.backward pitch -50
turn pitch 16 26 50;  check_position encoders.pitch.home pitch 0
expect encoders.no-fault "$(watch_error)" null "no fault after turning the encoders"
daemon_stop
counters=$(grep -o "encoder illegal transitions [0-9]*, dropped edge events [0-9]*" $LOG)
expect encoders.counters "$counters" "encoder illegal transitions 0, dropped edge events 0" "decoder counters in the exit summary"

# Silent: the motor is commanded through 0.1 rad; the encoder never moves.
# A step held up past the tolerance faults first (20-steps.sh says why):
# then a fresh daemon tries again, up to 10 times.
attempt=1
while :; do
    if ! daemon_start $board; then fail encoders.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
    { echo "tracking off"; echo "move --yaw 0.1 --wait"; } | ctl shell > /tmp/move.out 2>&1; status=$?
    sleep 1.5  # the status line, which names the fault, is drawn every 0.7 s
    grep -q "could not be written in time" $LOG || break
    echo "INFO $VARIANT 30-encoders: silent attempt $attempt held up past the tolerance"
    daemon_stop > /dev/null
    attempt=$((attempt + 1))
    [ $attempt -le 10 ] || { fail encoders.silent "every attempt was held up past the tolerance"; exit 0; }
done
expect encoders.silent.refused "$status" 1 "a move with a silent encoder fails (attempt $attempt): $(tail -n 1 /tmp/move.out | cut -c1-120)"
expect encoders.silent.code "$(watch_error)" '"encoderMismatch"' "the MOTION_STATE error watch shows"
fault_line silent "encoder did not change"
sleep 0.5
ctl clear-fault > /tmp/clear.out 2>&1; expect encoders.silent.cleared "$?" 0 "clear-fault: $(cat /tmp/clear.out)"
sleep 0.5
expect encoders.silent.clear "$(watch_error)" null "no error after clear-fault"

# A stall or a slipping drive: the drivers hold (re-enabled by clear-fault),
# and the encoder says the axis turned 0.1 rad.
turn yaw 5 6 130
expect encoders.stall.code "$(watch_error)" '"motorFault"' "the MOTION_STATE error watch shows"
fault_line stall "from where it was commanded"
sleep 0.5
ctl clear-fault > /tmp/clear.out 2>&1; expect encoders.stall.cleared "$?" 0 "clear-fault: $(cat /tmp/clear.out)"
daemon_stop
expect encoders.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
