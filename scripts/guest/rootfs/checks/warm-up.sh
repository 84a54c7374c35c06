# Not a check: runs the daemon's motion paths once (see the init script).
. /checks/lib.sh
daemon_start /boards/guest/rpi4-slow.json5 || exit 0
{ echo "tracking off"; echo "move --yaw 0.02 --pitch 0.02 --wait"; echo "move --yaw 0 --pitch 0 --wait"; } | ctl shell > /dev/null 2>&1
sleep 0.5; ctl clear-fault > /dev/null 2>&1; sleep 0.3
{ echo "tracking off"; echo "move --yaw -0.02 --pitch -0.02 --wait"; echo "move --yaw 0 --pitch 0 --wait"; } | ctl shell > /dev/null 2>&1
daemon_stop > /dev/null
