#!/bin/sh
# Smoke run: the shipped Pi 4 board file against a gpio-sim chip with its label.
# Usage: BOARDS_DIR=boards scripts/guest/initramfs.sh OUT KO this-file .build/release/swiveld
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t configfs configfs /sys/kernel/config
mount -t tmpfs tmpfs /tmp
chip=/sys/kernel/config/gpio-sim/pi
mkdir -p $chip/bank0
echo 58 > $chip/bank0/num_lines
echo pinctrl-bcm2711 > $chip/bank0/label
echo 1 > $chip/live
/usr/bin/swiveld check-board /boards/rpi4-stepper-pantilt.json5; echo "probe: check-board exit $?"
/usr/bin/swiveld --board /boards/rpi4-stepper-pantilt.json5 --duration 2 --serial none --socket none --state-dir none --vision none --no-demo; echo "probe: swiveld exit $?"
gpioinfo | grep -v unused | head -20
reboot -f
