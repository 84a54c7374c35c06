#!/bin/sh
# First boot probe: a gpio-sim chip with a Pi's label, i2c-stub, then off.
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t configfs configfs /sys/kernel/config
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
chip=/sys/kernel/config/gpio-sim/pi
mkdir -p $chip/bank0
echo 58 > $chip/bank0/num_lines
echo pinctrl-bcm2711 > $chip/bank0/label
echo 1 > $chip/live
echo "probe: live=$(cat $chip/live)"
gpiodetect
insmod /modules/i2c-stub.ko chip_addr=0x36 && echo "probe: i2c-stub loaded"
ls /dev/i2c-* /dev/gpiochip*
ls /sys/kernel/tracing/events/gpio 2>&1
echo "probe: done"
# With -no-reboot, QEMU exits on a reboot; a poweroff only halts the CPU.
reboot -f
