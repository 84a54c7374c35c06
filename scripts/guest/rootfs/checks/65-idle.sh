# Drivers rest when nobody needs them (docs/RUNTIME.md): on the slowed Pi 4
# board with idleTimeoutSeconds 3, a move, then the session ends (BYE); the
# drivers hold, then ENABLE goes to its disabled level on both axes while
# swiveld keeps running, and `swivelctl status` says "released". The next
# move enables them again, and they rest again after it. On main they held
# until the daemon was stopped.
. /checks/lib.sh
board=/boards/guest/rpi4-idle.json5
if ! daemon_start $board; then fail idle.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
yaw_en=22; pitch_en=25
trace_on
# Under the silent-encoder travel: nothing turns the encoders here.
ctl_session "move --yaw 0.02 --wait" > /tmp/idle-move1.out 2>&1
expect idle.move "$?" 0 "the first move: $(tr '\n' ' ' < /tmp/idle-move1.out)"
expect idle.holding "$(level pi4 $yaw_en) $(level pi4 $pitch_en)" "0 0" "EN right after the move (0 = enabled, active-low)"
# wait_released SECONDS: until both EN lines read disabled (1), or SECONDS pass.
wait_released() {
    local i=0
    while [ $i -lt $(($1 * 10)) ]; do
        [ "$(level pi4 $yaw_en) $(level pi4 $pitch_en)" = "1 1" ] && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
# 3 s of stand time; an emulated CPU's loop skips deadlines, so its time runs slower.
wait_released 60
expect idle.released "$(level pi4 $yaw_en) $(level pi4 $pitch_en)" "1 1" "EN after the idle timeout (1 = disabled)"
kill -0 $DAEMON 2>/dev/null && pass idle.running "swiveld still runs with its drivers released" \
    || fail idle.running "swiveld exited: $(tail -n 5 $LOG | tr '\n' ' ')"
expect idle.status "$(ctl status | sed -n 's/^drivers: *//p')" "released" "swivelctl status"
ctl status --json | grep -q '"driversEnabled":\[\]' && pass idle.status-json 'status --json: "driversEnabled":[]' \
    || fail idle.status-json "$(ctl status --json)"
# The next motion enables them again; idle, they rest again.
ctl_session "move --yaw -0.02 --wait" > /tmp/idle-move2.out 2>&1
expect idle.move-again "$?" 0 "the second move: $(tr '\n' ' ' < /tmp/idle-move2.out)"
wait_released 60
trace_off /tmp/t-idle
expect idle.yaw-en "$(sets_of /tmp/t-idle $(global pi4 $yaw_en))" "0 1 0 1 " "yaw EN writes: on, rest, on, rest"
expect idle.pitch-en "$(sets_of /tmp/t-idle $(global pi4 $pitch_en))" "0 1 0 1 " "pitch EN writes: on, rest, on, rest"
daemon_stop
expect idle.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
