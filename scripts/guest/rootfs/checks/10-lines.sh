# The shipped Pi 4 board, unchanged, on a gpio-sim chip labelled pinctrl-bcm2711:
# every line requested with its consumer, direction, bias and edges; outputs at
# their safe levels; no STEP or DIR write before a command; all released at exit.
. /checks/lib.sh
board=/boards/rpi4-stepper-pantilt.json5
# libgpiod 2.x asks the kernel to debounce buttons; 1.6 cannot (the daemon
# debounces). The kernel's line info shows edges only for v2 requests: a v1
# event request (GPIO_GET_LINEEVENT_IOCTL) does not record them.
debounce=0 edges=none
[ "$VARIANT" = v2 ] && debounce=10000 edges=both
trace_on
if ! daemon_start $board; then fail lines.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
sleep 1
trace_off /tmp/t-lines
for spec in "17 swivel-yaw-step out as-is none 0" "27 swivel-yaw-dir out as-is none 0" "22 swivel-yaw-enable out as-is none 0" \
    "23 swivel-pitch-step out as-is none 0" "24 swivel-pitch-dir out as-is none 0" "25 swivel-pitch-enable out as-is none 0" \
    "5 swivel-yaw-encoder in as-is $edges 0" "6 swivel-yaw-encoder in as-is $edges 0" \
    "16 swivel-pitch-encoder in as-is $edges 0" "26 swivel-pitch-encoder in as-is $edges 0" \
    "19 swivel-button-shutter in pull-up $edges $debounce" "20 swivel-button-tracking in pull-up $edges $debounce"; do
    set -- $spec
    info=$(info_of pi4 $1)
    got="$(field "$info" consumer) $(field "$info" dir) $(field "$info" bias) $(field "$info" edge) $(field "$info" debounce_us)"
    expect lines.request.$1 "$got" "$2 $3 $4 $5 $6" "line $1: consumer direction bias edges debounce_us"
done
# Outputs: STEP and DIR low, EN high (the A4988's disabled level: enableActiveLow).
for spec in "17 0" "27 0" "22 1" "23 0" "24 0" "25 1"; do
    set -- $spec
    expect lines.level.$1 "$(level pi4 $1)" "$2" "line $1 level while holding"
    expect lines.writes.$1 "$(sets_of /tmp/t-lines $(global pi4 $1))" "$2 " "line $1: the only write before a command is its request"
done
expect lines.used "$(used_lines pi4)" "5 6 16 17 19 20 22 23 24 25 26 27 " "lines in use while running (nothing else)"
daemon_stop
expect lines.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
expect lines.released "$(used_lines pi4)" "" "lines in use after exit"
