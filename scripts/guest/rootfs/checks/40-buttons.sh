# The shipped Pi 4 board's buttons (pulled up, pressed = low) driven through
# gpio-sim: a press and a release reach `swivelctl events`, a glitch shorter
# than the debounce (10 ms) does not, and the tracking button toggles system
# tracking. With libgpiod 2.x the kernel debounces (line-info shows the
# period); with 1.6 the daemon does.
. /checks/lib.sh
board=/boards/rpi4-stepper-pantilt.json5
tool=/opt/tools/swivel-guest
dir=$(sim_dir pi4)
if ! daemon_start $board; then fail buttons.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
ctl events --json > /tmp/events &
events=$!
sleep 1
$tool pulse $dir 19 0 2000        # a 2 ms glitch
sleep 0.5
expect buttons.glitch "$(grep -c . /tmp/events)" 0 "events after a 2 ms glitch on the shutter button"
$tool pulse $dir 19 0 200000      # a 200 ms press
sleep 0.5
kill $events 2>/dev/null; wait $events 2>/dev/null
expect buttons.press "$(tr -d ' ' < /tmp/events | tr '\n' ' ')" \
    '{"event":"button","id":0,"pressed":true} {"event":"button","id":0,"pressed":false} ' "events after a 200 ms press"
before=$(ctl status --json | grep -o '"systemTracking":[a-z]*')
$tool pulse $dir 20 0 200000
sleep 0.5
after=$(ctl status --json | grep -o '"systemTracking":[a-z]*')
expect buttons.tracking "$before -> $after" '"systemTracking":true -> "systemTracking":false' "the tracking button toggles system tracking"
daemon_stop
expect buttons.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
