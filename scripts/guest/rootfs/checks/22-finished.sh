# A move is finished only once its steps are on the lines (docs/RUNTIME.md,
# "When a move is finished"): swiveld is stopped (SIGSTOP, 200 ms) at a
# different instant of a 0.02 rad yaw move in each trial, counted from the
# moment EN comes on. Either every step got out and `move --wait` says
# finished with no fault after it, or steps were dropped and the move itself
# fails with "could not be written in time". In CI (2d7f099) a stop at the
# move's end gave `finished`, then the stepsTooLate fault 200 ms later.
# Which trials fault depends on the emulated CPU; each trial is judged.
. /checks/lib.sh
board=/boards/guest/rpi4-slow.json5
yaw_en=22
finished=0; failed=0
for offset in 0.05 0.07 0.08 0.085 0.09 0.1; do
    if ! daemon_start $board; then fail finished.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
    ( while [ "$(level pi4 $yaw_en)" != 0 ]; do :; done; sleep $offset; kill -STOP $DAEMON; sleep 0.2; kill -CONT $DAEMON ) &
    watcher=$!
    ctl_session "move --yaw 0.02 --wait" > /tmp/finished.out 2>&1; rc=$?
    # The watcher ends by itself once it has stopped and resumed swiveld; one
    # that never saw EN come on is killed, and swiveld resumed in any case.
    i=0; while kill -0 $watcher 2>/dev/null && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done
    kill $watcher 2>/dev/null; kill -CONT $DAEMON 2>/dev/null
    sleep 0.5
    fault=$(ctl status | sed -n 's/^fault: *//p')
    out=$(tr '\n' ' ' < /tmp/finished.out)
    daemon_stop
    if [ $rc -eq 0 ] && [ -z "$fault" ]; then
        finished=$((finished + 1))
    elif [ $rc -ne 0 ] && echo "$out" | grep -q "could not be written in time" && [ -n "$fault" ]; then
        failed=$((failed + 1))
    else
        fail finished.stop-$offset "stopped $offset s after EN: move exit $rc ($out), fault after it: '${fault:-none}'"
    fi
done
pass finished.truth "6 trials: $finished finished with no fault after, $failed failed with their steps too late"
[ $failed -gt 0 ] || echo "INFO $VARIANT 22-finished: no trial dropped a step this run: only the finished side was seen"
