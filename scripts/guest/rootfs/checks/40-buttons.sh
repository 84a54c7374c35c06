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
# A 2 ms glitch. The instrument reports how long the level really lasted: on
# a loaded host TCG can stretch it past the debounce, and a 12 ms "glitch" is a
# press the daemon must report. Only a glitch that truly stayed under 8 ms is
# judged; a stretched one is retried (up to 5 times), and the counts after it
# are taken from where the glitches left them.
tries=0
while :; do
    base=$(grep -c . /tmp/events)
    held=$($tool pulse $dir 19 0 2000)
    sleep 0.5
    max_us=$(echo "$held" | awk '{ print $3 }')
    tries=$((tries + 1))
    if [ -n "$max_us" ] && [ "$max_us" -lt 8000 ]; then
        expect buttons.glitch "$(( $(grep -c . /tmp/events) - base ))" 0 "events after a 2 ms glitch on the shutter button (held at most ${max_us} us)"
        break
    fi
    echo "INFO buttons.glitch: the 2 ms glitch lasted up to ${max_us:-?} us under TCG, more than 8 ms; trying again"
    if [ $tries -ge 5 ]; then fail buttons.glitch "no glitch under 8 ms in 5 tries (last ${max_us:-?} us)"; break; fi
done
off=$(grep -c . /tmp/events)
# A 600 ms press: DockKit's cameraShutter event comes once the press has
# held through the debounce, while the button is still down; the release
# sends nothing but re-arms the button for the next press.
$tool pulse $dir 19 0 600000 > /dev/null &
presser=$!
sleep 0.4
expect buttons.press "$(tail -n +$((off + 1)) /tmp/events | tr -d ' ' | tr '\n' ' ')" '{"event":"cameraShutter"} ' "events while the shutter button is held"
wait $presser
sleep 0.3
expect buttons.release "$(( $(grep -c . /tmp/events) - off ))" 1 "events after its release"
$tool pulse $dir 19 0 100000 > /dev/null
sleep 0.4
expect buttons.second-press "$(( $(grep -c . /tmp/events) - off ))" 2 "events after a second 100 ms press"
kill $events 2>/dev/null; wait $events 2>/dev/null
before=$(ctl status --json | grep -o '"systemTracking":[a-z]*')
$tool pulse $dir 20 0 200000 > /dev/null
sleep 0.5
after=$(ctl status --json | grep -o '"systemTracking":[a-z]*')
expect buttons.tracking "$before -> $after" '"systemTracking":true -> "systemTracking":false' "the tracking button toggles system tracking"
daemon_stop
expect buttons.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
