# Shared by every guest check (busybox ash). Each check prints one line,
#   CHECK <variant> <name> PASS|FAIL <detail>
# which the host collects; the host fails the run on any FAIL or on a
# missing GUEST-END line.
T=/sys/kernel/tracing
SOCK=/tmp/swivel.sock
LOG=/tmp/swiveld.log
: "${VARIANT:=v1}"
BIN=/opt/$VARIANT

pass() { echo "CHECK $VARIANT $1 PASS $2"; }
fail() { echo "CHECK $VARIANT $1 FAIL $2"; FAILED=$((${FAILED:-0} + 1)); }
# expect NAME ACTUAL WANTED DETAIL
expect() { if [ "$2" = "$3" ]; then pass "$1" "$4 ($2)"; else fail "$1" "$4: got '$2', want '$3'"; fi; }

swiveld() { "$BIN/swiveld" "$@"; }
ctl() { "$BIN/swivelctl" --socket "$SOCK" "$@"; }
# Commands that need system tracking off run in one session.
ctl_session() { { echo "tracking off"; for c in "$@"; do echo "$c"; done; } | ctl shell; }

# The gpio-sim bank of a chip made by the init script: its /dev node and the
# sysfs folder whose sim_gpioN/{value,pull} are the far end of each line.
sim_dev() { echo "/dev/$(cat /sys/kernel/config/gpio-sim/$1/bank0/chip_name)"; }
sim_dir() { echo "/sys/devices/platform/$(cat /sys/kernel/config/gpio-sim/$1/dev_name)/$(cat /sys/kernel/config/gpio-sim/$1/bank0/chip_name)"; }
level() { cat "$(sim_dir "$1")/sim_gpio$2/value"; }
pull() { echo "pull-$3" > "$(sim_dir "$1")/sim_gpio$2/pull"; }
# The kernel's global number of a line, as the gpio_value trace names it.
global() { echo $(($(cat /tmp/base-$1) + $2)); }
info_of() { "$BIN/../tools/swivel-guest" lineinfo "$(sim_dev "$1")" | grep "^$2 "; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }

# The mono clock: one clock for every CPU, so edges written from different
# CPUs (the step thread's and the loop's) sort and subtract correctly.
trace_on() { echo mono > $T/trace_clock; echo > $T/trace; echo 1 > $T/events/gpio/gpio_value/enable; echo 1 > $T/tracing_on; }
trace_off() { echo 0 > $T/tracing_on; cat $T/trace > "$1"; }
# sets_of FILE GLOBAL: the values written to one line, in order ("0 1 0 ...").
sets_of() { awk -v g="$2" '/gpio_value:/ && $(NF-1) == "set" && $(NF-2) == g { printf "%s ", $NF }' "$1"; }

# daemon_start BOARD [ARGS...]: swiveld in the background; waits until it
# listens (or has exited). DAEMON is its pid.
daemon_start() {
    board=$1; shift
    rm -f "$SOCK" "$LOG"
    # Run directly (not through a function): $! must be swiveld itself.
    "$BIN/swiveld" --board "$board" --serial none --socket "$SOCK" --state-dir none --vision none "$@" > "$LOG" 2>&1 &
    DAEMON=$!
    i=0
    while [ $i -lt 300 ]; do
        grep -q "running;" "$LOG" 2>/dev/null && return 0
        kill -0 $DAEMON 2>/dev/null || return 1
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
# daemon_stop: SIGTERM, then its exit status in DAEMON_EXIT; a daemon that
# had already exited is reported with its log.
daemon_stop() {
    if ! kill -TERM $DAEMON 2>/dev/null; then
        echo "swiveld had exited before SIGTERM; its log ends:"; tail -n 15 "$LOG"
    fi
    wait $DAEMON; DAEMON_EXIT=$?
    # The run's timing, for the record (docs/HARDWARE.md quotes it).
    grep -E "^swiveld: ran |wake latency|tick cost|motor faults [1-9]" "$LOG" | sed "s/^ */INFO $VARIANT $(basename $0 .sh): /"
    [ "$DAEMON_EXIT" -eq 0 ] || { echo "swiveld exited $DAEMON_EXIT; its log ends:"; tail -n 15 "$LOG"; }
}
# Lines of a chip still requested by anyone: "" when all are free.
used_lines() { "$BIN/../tools/swivel-guest" lineinfo "$(sim_dev "$1")" | awk '/used=1/ { printf "%s ", $1 }'; }
# position AXIS: the stand's reported (encoder) position, in rad.
position() { ctl status --json | sed -n "s/.*\"positions\":{[^}]*\"$1\":\([-0-9.e]*\).*/\1/p"; }
# The error watch reports now ("null" when none).
watch_error() { ctl watch --json | head -n 1 | sed -n 's/.*"error":\(.*\)}$/\1/p'; }
# near A B TOL: |A - B| <= TOL
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'; }
