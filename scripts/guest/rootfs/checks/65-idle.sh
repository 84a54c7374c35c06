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
# move_once NAME TURN OUT: one move of yaw by TURN; a move whose steps an
# emulated CPU held up past the tolerance ends in that fault (20-steps.sh
# proves the fault itself); it is cleared and the move tried again, up to 5
# times. Each try is one enable-then-disable episode on the EN lines, counted
# in $episodes. Every try is relative, the next one back the other way: a
# faulted try may already have reached its target, and a move to where the
# stand stands enables nothing (CI, 2d7f099: an absolute retry did just that,
# and EN rightly stayed at rest). Alternating keeps every try's travel from
# the encoder's silent count under silentTravelRad.
episodes=0
move_once() {
    local try=1 turn=$2
    while :; do
        episodes=$((episodes + 1))
        ctl_session "move --relative --yaw $turn --wait" > $3 2>&1 && return 0
        grep -q "could not be written in time" $3 && [ $try -lt 5 ] || return 1
        echo "INFO $VARIANT 65-idle: $1 (try $try: steps held up past the tolerance, dropped and faulted; cleared)"
        ctl clear-fault > /dev/null 2>&1; sleep 0.5; try=$((try + 1))
        case $turn in -*) turn=${turn#-} ;; *) turn=-$turn ;; esac
    done
}
# Under the silent-encoder travel: nothing turns the encoders here.
move_once "the first move" 0.02 /tmp/idle-move1.out
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
move_once "the second move" -0.02 /tmp/idle-move2.out
expect idle.move-again "$?" 0 "the second move: $(tr '\n' ' ' < /tmp/idle-move2.out)"
wait_released 60
trace_off /tmp/t-idle
# Without a retry exactly on, rest, on, rest. A faulted try adds episodes (the
# fault's release, a clear's, the try's own): then the writes must still
# alternate, start enabled and end at rest, with at least one per try.
en_writes_ok() { # WRITES
    [ $episodes -eq 2 ] && { [ "$1" = "0 1 0 1 " ]; return; }
    echo "$1" | grep -Eq '^(0 1 )+$' && [ $(echo "$1" | grep -o 0 | wc -l) -ge $episodes ]
}
for spec in "yaw $yaw_en" "pitch $pitch_en"; do
    set -- $spec
    writes=$(sets_of /tmp/t-idle $(global pi4 $2))
    en_writes_ok "$writes" && pass idle.$1-en "$1 EN writes: on, rest, on, rest ($episodes tries): $writes" \
        || fail idle.$1-en "$1 EN writes: $writes, want on, rest, on, rest ($episodes tries)"
done
daemon_stop
expect idle.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
