# SIGTERM in the middle of a move, on the slowed Pi 4 board: the steps stop,
# ENABLE goes to its disabled level after the last STEP write, every line is
# released and swiveld exits 0.
. /checks/lib.sh
board=/boards/guest/rpi4-slow.json5
if ! daemon_start $board; then fail shutdown.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
trace_on
# A slow move (0.035 rad in 3 s) so SIGTERM lands in its middle.
# The session stays open (a session's end stops the stand).
{ echo "tracking off"; echo "move --yaw 0.035 --duration 3"; sleep 5; } | ctl shell > /tmp/move.out 2>&1 &
sleep 1.5
daemon_stop
trace_off /tmp/t-stop
expect shutdown.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM mid-move"
r=$(awk -v step=$(global pi4 17) -v dir=$(global pi4 27) -v en=$(global pi4 22) -f /checks/pulses.awk /tmp/t-stop)
rises=$(field "$r" rises)
if [ "$rises" -gt 0 ] && [ "$rises" -lt 53 ]; then pass shutdown.stopped "$rises of the move's 53 steps, then it stopped"
else fail shutdown.stopped "$rises steps (the whole move is 53): $r"; fi
expect shutdown.disabled "$(sets_of /tmp/t-stop $(global pi4 22) | awk '{ print $NF }')" 1 "EN's last write (1 = disabled)"
expect shutdown.after-last-step "$(field "$r" writes_after_last_en)" 0 "STEP writes after EN was disabled"
expect shutdown.step-low "$(level pi4 17)" 0 "STEP level after exit"
expect shutdown.released "$(used_lines pi4)" "" "lines in use after exit"
grep -q "stopped; drivers disabled" $LOG && pass shutdown.summary "the exit summary says: stopped; drivers disabled" \
    || fail shutdown.summary "$(tail -n 5 $LOG | tr '\n' ' ')"
