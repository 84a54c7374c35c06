# The shipped Pi 4 board's buttons (pulled up, pressed = low) driven through
# gpio-sim: a press reaches `swivelctl events` and its release re-arms the
# button, a glitch shorter
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
# A 600 ms press: DockKit's cameraShutter event comes once the press has
# held through the debounce, while the button is still down; the release
# sends nothing but re-arms the button for the next press.
$tool pulse $dir 19 0 600000 &
presser=$!
sleep 0.4
expect buttons.press "$(tr -d ' ' < /tmp/events | tr '\n' ' ')" '{"event":"cameraShutter"} ' "events while the shutter button is held"
wait $presser
sleep 0.3
expect buttons.release "$(grep -c . /tmp/events)" 1 "events after its release"
$tool pulse $dir 19 0 100000
sleep 0.4
expect buttons.second-press "$(grep -c . /tmp/events)" 2 "events after a second 100 ms press"
kill $events 2>/dev/null; wait $events 2>/dev/null
before=$(ctl status --json | grep -o '"systemTracking":[a-z]*')
$tool pulse $dir 20 0 200000
sleep 0.5
after=$(ctl status --json | grep -o '"systemTracking":[a-z]*')
expect buttons.tracking "$before -> $after" '"systemTracking":true -> "systemTracking":false' "the tracking button toggles system tracking"
daemon_stop
expect buttons.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
