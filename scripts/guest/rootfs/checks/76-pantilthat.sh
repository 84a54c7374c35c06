# The shipped Pi 4 Pimoroni Pan-Tilt HAT board, unchanged: the HAT's
# microcontroller is the kernel's i2c-stub at 0x15, reached through a
# /dev/i2c-1 node for its adapter (the stub is adapter 0; the board's bus is
# 1). The stand writes each servo's pulse in microseconds (low byte first)
# and the config byte's servo-enable bits from its writer thread, and clears
# them at SIGTERM; busybox's i2cget reads the registers back.
. /checks/lib.sh
board=/boards/rpi4-pimoroni-pantilt.json5
rm -f /dev/i2c-1; mknod /dev/i2c-1 c 89 0
reg() { i2cget -y 0 0x15 $(printf "0x%02x" $(($1))) b; }
pulse_of() { echo $(( $(reg $(($1 + 1))) << 8 | $(reg $1) )); }
servo_bits() { echo $(( $(reg 0x00) & 3 )); }
# The pulse (µs) for angle $1 on a servo whose pulse is $2 at -1.5708 and $3 at +1.5708.
pulse() { awk -v a=$1 -v lo=$2 -v hi=$3 'BEGIN { printf "%d", int(lo + (a + 1.5708) / 3.1416 * (hi - lo) + 0.5) }'; }
# Stale values where the stand must write.
i2cset -y 0 0x15 0x00 0x1f; i2cset -y 0 0x15 0x01 0x00; i2cset -y 0 0x15 0x03 0x00
if ! daemon_start $board; then fail pantilthat.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
expect pantilthat.idle "$(servo_bits)" 0 "servo-enable bits before the first move (servos limp)"
move() { # name yaw pitch
    ctl_session "move --yaw $2 --pitch $3 --wait" > /tmp/move.out 2>&1
    expect pantilthat.$1.move "$?" 0 "move yaw $2 pitch $3: $(tail -n 1 /tmp/move.out)"
    sleep 0.3
    got=$(pulse_of 0x01); want=$(pulse $2 575 2325)
    near "$got" "$want" 1 && pass pantilthat.$1.pan "servo 1 pulse $got us for yaw $2, want $want +- 1" \
        || fail pantilthat.$1.pan "servo 1 pulse $got us for yaw $2, want $want +- 1"
    got=$(pulse_of 0x03); want=$(pulse $3 2325 575)
    near "$got" "$want" 1 && pass pantilthat.$1.tilt "servo 2 pulse $got us for pitch $3 (inverted), want $want +- 1" \
        || fail pantilthat.$1.tilt "servo 2 pulse $got us for pitch $3 (inverted), want $want +- 1"
    expect pantilthat.$1.enabled "$(servo_bits)" 3 "servo-enable bits while moving and holding"
}
move turned 1.0 0.5
move center 0 0
daemon_stop
expect pantilthat.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
expect pantilthat.released "$(servo_bits)" 0 "servo-enable bits after exit (the servos go limp)"
