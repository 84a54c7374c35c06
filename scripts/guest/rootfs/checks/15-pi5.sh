# The shipped Pi 5 board, unchanged, on a gpio-sim chip labelled pinctrl-rp1
# (the RP1's GPIO block): it finds its chip by label, requests exactly its
# lines with their consumers, and releases them at SIGTERM.
. /checks/lib.sh
board=/boards/rpi5-stepper-pantilt.json5
if ! daemon_start $board; then fail pi5.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
sleep 1
used=$("/opt/tools/swivel-guest" lineinfo "$(sim_dev pi5)" | awk '/used=1/ { sub("consumer=", "", $2); printf "%s:%s ", $1, $2 }')
expect pi5.lines "$used" "16:swivel-pitch-encoder 17:swivel-yaw-step 19:swivel-button-shutter 20:swivel-button-tracking 22:swivel-yaw-enable 23:swivel-pitch-step 24:swivel-pitch-dir 25:swivel-pitch-enable 26:swivel-pitch-encoder 27:swivel-yaw-dir " \
    "lines in use on pinctrl-rp1 (line:consumer)"
expect pi5.other-chips "$(used_lines pi4)$(used_lines zero)" "" "lines in use on the other chips"
daemon_stop
expect pi5.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
expect pi5.released "$(used_lines pi5)" "" "lines in use after exit"
