# The shipped Pi 5 board, unchanged, on a gpio-sim chip labelled pinctrl-rp1
# (the RP1's GPIO block) and its yaw AS5600 on "/dev/i2c-1": the kernel's
# i2c-stub at 0x36, reached through a /dev/i2c-1 node for its adapter (the
# stub is adapter 0; the Pi 5 board's bus is 1). The stand finds its chip by
# label, requests exactly its lines, reads the sensor's angle exactly through
# SMBus I2C block reads, and releases everything at SIGTERM.
. /checks/lib.sh
board=/boards/rpi5-stepper-pantilt.json5
i2c_bus() { rm -f /dev/i2c-1; mknod /dev/i2c-1 c 89 0; }
# magnet STATUS RAW: STATUS (0x0B) and the 12-bit RAW ANGLE (0x0C high nibble, 0x0D low byte)
magnet() { i2cset -y 0 0x36 0x0b $1 && i2cset -y 0 0x36 0x0c $(($2 >> 8)) && i2cset -y 0 0x36 0x0d $(($2 & 255)); }
raw_rad() { awk -v r=$1 'BEGIN { if (r >= 2048) r -= 4096; printf "%.9f", r * 2 * 3.141592653589793 / 4096 }'; }
i2c_bus
magnet 0x20 300     # magnet detected (MD), raw 300 = +0.4602 rad
if ! daemon_start $board; then fail pi5.start "swiveld did not start: $(tail -n 3 $LOG | tr '\n' ' ')"; exit 0; fi
sleep 1
used=$("/opt/tools/swivel-guest" lineinfo "$(sim_dev pi5)" | awk '/used=1/ { sub("consumer=", "", $2); printf "%s:%s ", $1, $2 }')
expect pi5.lines "$used" "16:swivel-pitch-encoder 17:swivel-yaw-step 19:swivel-button-shutter 20:swivel-button-tracking 22:swivel-yaw-enable 23:swivel-pitch-step 24:swivel-pitch-dir 25:swivel-pitch-enable 26:swivel-pitch-encoder 27:swivel-yaw-dir " \
    "lines in use on pinctrl-rp1 (line:consumer)"
expect pi5.other-chips "$(used_lines pi4)$(used_lines zero)" "" "lines in use on the other chips"
p=$(position yaw)
near "$p" "$(raw_rad 300)" 1e-6 && pass pi5.as5600.start "yaw $p rad from RAW ANGLE 300" || fail pi5.as5600.start "yaw $p rad, want $(raw_rad 300)"
# The sensor turns while the stand runs: within the following error (0.08 rad), so no fault.
magnet 0x20 330; sleep 0.5
p=$(position yaw)
near "$p" "$(raw_rad 330)" 1e-6 && pass pi5.as5600.turn "yaw $p rad from RAW ANGLE 330" || fail pi5.as5600.turn "yaw $p rad, want $(raw_rad 330)"
magnet 0x20 300; sleep 0.5
daemon_stop
expect pi5.exit "$DAEMON_EXIT" 0 "swiveld exit status after SIGTERM"
expect pi5.released "$(used_lines pi5)" "" "lines in use after exit"

# What a maker sees when the sensor cannot be read: exit 78, the reason, no line left requested.
refused() { # name expected-text [board]
    "$BIN/swiveld" --board ${3:-$board} --serial none --socket none --state-dir none --vision none --duration 3 > /tmp/err.out 2>&1
    status=$?
    message=$(grep -m 1 "error" /tmp/err.out | cut -c1-230)
    expect pi5.as5600.$1.exit "$status" 78 "exit status: $message"
    case "$message" in *"$2"*) pass pi5.as5600.$1.message "says: $2" ;; *) fail pi5.as5600.$1.message "$(head -n 3 /tmp/err.out)" ;; esac
    expect pi5.as5600.$1.released "$(used_lines pi5)" "" "lines in use afterwards"
}
magnet 0x00 300; refused no-magnet "no magnet detected"
magnet 0x30 300; refused weak-magnet "magnet too weak"
magnet 0x20 300
rm -f /dev/i2c-1; refused no-bus "/dev/i2c-1 does not exist"
i2c_bus
# No sensor at the address: the same board asking for 0x37, where nothing answers.
sed 's/i2cBus: 1,/i2cBus: 1, address: 55,/' $board > /tmp/pi5-0x37.json5
refused no-device "nothing answered at address 0x37" /tmp/pi5-0x37.json5
# An adapter without I2C block reads (i2c-stub's functionality mask, writable at run time).
functionality=$(cat /sys/module/i2c_stub/parameters/functionality)
echo 0x00180000 > /sys/module/i2c_stub/parameters/functionality
refused no-block-read "cannot do SMBus I2C block reads"
echo $functionality > /sys/module/i2c_stub/parameters/functionality
# A kernel driver bound at the address (i2c-core's dummy).
echo dummy 0x36 > /sys/bus/i2c/devices/i2c-0/new_device
refused kernel-driver "belongs to a kernel driver"
echo 0x36 > /sys/bus/i2c/devices/i2c-0/delete_device
# A bus error (EIO) or timeout cannot be made with i2c-stub, which answers or says ENODEV.
