# What a maker sees when the chip is missing, a line is taken, or the user
# may not open the chip: a message naming the cause, a non-zero exit, and
# nothing left requested.
. /checks/lib.sh
shipped=/boards/rpi4-stepper-pantilt.json5
# run_failing NAME BOARD [USER]: swiveld must refuse to start.
run_failing() {
    name=$1 board=$2 user=${3:-root}
    su -s /bin/sh $user -c "$BIN/swiveld --board $board --serial none --socket none --state-dir none --vision none --duration 5" > /tmp/err.out 2>&1
    status=$?
    message=$(grep -m 1 -i "error" /tmp/err.out | cut -c1-220)
}

# A chip label no chip has.
sed 's/chipLabel: "pinctrl-bcm2711"/chipLabel: "pinctrl-bcm2712"/' $shipped > /tmp/missing-label.json5
run_failing missing-label /tmp/missing-label.json5
expect errors.missing-label.exit "$status" 78 "exit status (EX_CONFIG): $message"
case "$message" in *pinctrl-bcm2712*pinctrl-bcm2711*|*pinctrl-bcm2712*) pass errors.missing-label.message "names the label" ;;
    *) fail errors.missing-label.message "$(cat /tmp/err.out | head -n 3)" ;; esac
expect errors.missing-label.released "$(used_lines pi4)" "" "lines in use afterwards"

# A line another program holds (gpioset keeps yaw's DIR until signalled).
gpioset --mode=signal "$(sim_dev pi4)" 27=0 &
holder=$!
sleep 0.5
run_failing busy $shipped
expect errors.busy.exit "$status" 78 "exit status (EX_CONFIG): $message"
case "$message" in *27*busy*|*27*gpioset*|*busy*27*) pass errors.busy.message "names line 27 and that it is busy" ;;
    *) fail errors.busy.message "$(cat /tmp/err.out | head -n 3)" ;; esac
expect errors.busy.released "$(used_lines pi4)" "27 " "lines in use afterwards: only gpioset's"
kill $holder; wait $holder 2>/dev/null

# A user without access to /dev/gpiochip* (root-only here, as a Pi's are
# root:gpio 0660 and this user is not in the gpio group).
chmod 0660 /dev/gpiochip*; chgrp gpio /dev/gpiochip*
run_failing permission $shipped nobody
expect errors.permission.exit "$status" 78 "exit status (EX_CONFIG): $message"
case "$message" in *ermission*) pass errors.permission.message "says permission denied" ;;
    *) fail errors.permission.message "$(cat /tmp/err.out | head -n 3)" ;; esac
expect errors.permission.released "$(used_lines pi4)" "" "lines in use afterwards"
# And in the gpio group it runs.
su -s /bin/sh maker -c "$BIN/swiveld --board $shipped --serial none --socket none --state-dir none --vision none --duration 1" \
    > /tmp/err.out 2>&1
expect errors.permission.group "$?" 0 "the same user in the gpio group runs swiveld: $(grep -m 1 'ran ' /tmp/err.out)"
chmod 0600 /dev/gpiochip*; chgrp root /dev/gpiochip*
