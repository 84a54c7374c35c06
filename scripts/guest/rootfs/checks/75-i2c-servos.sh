# The shipped Pi 4 Waveshare Pan-Tilt HAT board, unchanged: its PCA9685 is the
# kernel's i2c-stub at 0x40, reached through a /dev/i2c-1 node for its
# adapter (the stub is adapter 0; the board's bus is 1). The stand sets the
# chip up, writes each channel's counts through SMBus I2C block writes from its
# writer thread, and turns both channels full OFF at SIGTERM; busybox's
# i2cget reads the registers back.
. /checks/lib.sh
board=/boards/rpi4-waveshare-pantilt.json5
rm -f /dev/i2c-1; mknod /dev/i2c-1 c 89 0
# The register in hex: busybox's i2cget reads a bare "13" as 0x13.
reg() { i2cget -y 0 0x40 $(printf "0x%02x" $(($1))) b; }
# LEDn_OFF (12 bits) of channel $1, with its full-OFF bit (0x1000) kept.
off_of() { echo $(( ($(reg $((0x09 + 4 * $1))) & 0x1f) << 8 | $(reg $((0x08 + 4 * $1))) )); }
# The counts a pulse for angle $1 makes on a servo whose pulse is $2 at -1.5708 and $3 at +1.5708:
# the pulse to the ns, then round(ns x 25 MHz / (122 x 1e9)) (prescale 121, 50 Hz).
counts() { awk -v a=$1 -v lo=$2 -v hi=$3 'BEGIN { p = lo + (a + 1.5708) / 3.1416 * (hi - lo); p = int(p + 0.5); printf "%d", int((p * 25e6 + 61e9) / 122e9) }'; }
# Stale values where the set-up must write.
i2cset -y 0 0x40 0x00 0x11; i2cset -y 0 0x40 0xfe 0x1e; i2cset -y 0 0x40 0x09 0x00
if ! daemon_start $board; then fail i2cservo.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
expect i2cservo.mode1 "$(reg 0x00)" 0xa0 "MODE1 after set-up: RESTART | auto-increment, awake"
expect i2cservo.prescale "$(reg 0xfe)" 0x79 "PRE_SCALE for 50 Hz"
expect i2cservo.idle "$(off_of 0) $(off_of 1)" "4096 4096" "channels 0 and 1 full OFF before the first move"
move() { # name yaw pitch
    ctl_session "move --yaw $2 --pitch $3 --wait" > /tmp/move.out 2>&1
    expect i2cservo.$1.move "$?" 0 "move yaw $2 pitch $3: $(tail -n 1 /tmp/move.out)"
    sleep 0.3
    expect i2cservo.$1.yaw "$(off_of 1)" "$(counts $2 500000 2500000)" "LED1_OFF counts for yaw $2 (pan: channel 1)"
    expect i2cservo.$1.pitch "$(off_of 0)" "$(counts $3 2500000 500000)" "LED0_OFF counts for pitch $3 (tilt: channel 0, inverted)"
    expect i2cservo.$1.on "$(reg 0x06) $(reg 0x07) $(reg 0x0a) $(reg 0x0b)" "0x00 0x00 0x00 0x00" "LEDn_ON at count 0"
}
move turned 1.0 0.5
move center 0 0
daemon_stop
expect i2cservo.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
expect i2cservo.released "$(off_of 0) $(off_of 1)" "4096 4096" "channels 0 and 1 full OFF after exit (the servos go limp)"
