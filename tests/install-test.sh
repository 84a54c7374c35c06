#!/bin/sh
# `make install` / `make uninstall` into a temporary DESTDIR, with the debug
# binaries of this build standing in for the static release ones (building
# those here would take minutes). Run by `make test`; takes a few seconds.
#   usage: tests/install-test.sh BIN_DIR   (where swiveld and swivelctl are built)
set -eu
cd "$(dirname "$0")/.."
bin=${1:?usage: install-test.sh BIN_DIR}
[ -x "$bin/swiveld" ] && [ -x "$bin/swivelctl" ] || { echo "install-test: no swiveld/swivelctl in $bin" >&2; exit 1; }

work=$(mktemp -d /tmp/swivel-install-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
check() { # check DESCRIPTION COMMAND...
    description=$1; shift
    if "$@" >/dev/null 2>&1; then :; else echo "install-test: FAIL: $description" >&2; failures=$((failures + 1)); fi
}
mode_is() { [ "$(stat -c %a "$2")" = "$1" ]; }
has_line() { grep -qxF "$2" "$1"; }

# Anything that would reach outside DESTDIR is a stand-in that records its call.
mkdir "$work/fakebin"
for tool in systemctl useradd usermod systemd-sysusers sudo; do
    printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\n' "$tool" "$work" > "$work/fakebin/$tool"
    chmod +x "$work/fakebin/$tool"
done
run_make() { PATH="$work/fakebin:$PATH" make --no-print-directory -s "$@" \
    SWIVELD_BIN="$bin/swiveld" SWIVELCTL_BIN="$bin/swivelctl"; }

root="$work/root"
pi4=boards/rpi4-stepper-pantilt.json5
pi5=boards/rpi5-stepper-pantilt.json5
unit="$root/etc/systemd/system/swiveld.service"

echo "install-test: make install DESTDIR=$root BOARD=$pi4"
run_make install DESTDIR="$root" BOARD="$pi4" > "$work/install.out"
check "swiveld installed, 0755" mode_is 755 "$root/usr/local/bin/swiveld"
check "swivelctl installed, 0755" mode_is 755 "$root/usr/local/bin/swivelctl"
check "swiveld is the given binary" cmp "$bin/swiveld" "$root/usr/local/bin/swiveld"
check "board installed, 0644" mode_is 644 "$root/etc/swivel/board.json5"
check "board is BOARD" cmp "$pi4" "$root/etc/swivel/board.json5"
check "unit installed, 0644" mode_is 644 "$unit"
check "sysusers.d entry installed, 0644" mode_is 644 "$root/etc/sysusers.d/swivel.conf"
check "the install printed the board's summary" grep -q "valid: 'Swivel Pi 4 Stepper Pan/Tilt'" "$work/install.out"
for line in \
    "ExecStart=/usr/local/bin/swiveld --board /etc/swivel/board.json5 --socket /run/swivel/swivel.sock" \
    "User=swivel" "RuntimeDirectory=swivel" "StateDirectory=swivel" "Restart=on-failure" \
    "LimitRTPRIO=49" "LimitMEMLOCK=infinity" "NoNewPrivileges=yes" "ProtectSystem=strict" \
    "ProtectHome=yes" "PrivateTmp=yes" "DevicePolicy=closed" "DeviceAllow=char-gpiochip rw" \
    "DeviceAllow=char-ttyS rw" "DeviceAllow=char-ttyAMA rw" "DeviceAllow=char-i2c rw" \
    "DeviceAllow=/dev/ptmx rw" "DeviceAllow=char-pts rw" \
    "ReadWritePaths=-/sys/class/pwm -/sys/devices/platform" "WantedBy=multi-user.target"; do
    check "unit has '$line'" has_line "$unit" "$line"
done
check "no @BINDIR@ left in the unit" sh -c "! grep -q @BINDIR@ '$unit'"
check "sysusers.d makes the swivel user" has_line "$root/etc/sysusers.d/swivel.conf" 'u swivel - "Swivel camera stand daemon" /var/lib/swivel /usr/sbin/nologin'
for group in gpio dialout i2c; do
    check "swivel joins $group" has_line "$root/etc/sysusers.d/swivel.conf" "m swivel $group"
done
check "the installed swiveld accepts the installed board" "$root/usr/local/bin/swiveld" check-board "$root/etc/swivel/board.json5"

if command -v systemd-analyze >/dev/null 2>&1; then
    # verify checks that ExecStart='s program exists: point it into DESTDIR.
    mkdir "$work/verify"
    sed "s|/usr/local/bin/|$root/usr/local/bin/|g" "$unit" > "$work/verify/swiveld.service"
    if systemd-analyze verify --man=no "$work/verify/swiveld.service" > "$work/verify.out" 2>&1 \
        && ! grep -q . "$work/verify.out"; then
        echo "install-test: systemd-analyze verify: the unit is clean"
    else
        echo "install-test: FAIL: systemd-analyze verify:" >&2; cat "$work/verify.out" >&2
        failures=$((failures + 1))
    fi
else
    echo "install-test: skipping systemd-analyze verify: systemd-analyze is not installed"
fi

echo "install-test: a second install keeps the board unless FORCE=1"
run_make install DESTDIR="$root" BOARD="$pi5" > "$work/again.out"
check "board kept" cmp "$pi4" "$root/etc/swivel/board.json5"
check "and it says so" grep -q "kept the existing $root/etc/swivel/board.json5 (FORCE=1 replaces it with $pi5)" "$work/again.out"
run_make install DESTDIR="$root" > /dev/null
check "an upgrade without BOARD keeps the board" cmp "$pi4" "$root/etc/swivel/board.json5"
run_make install DESTDIR="$root" BOARD="$pi5" FORCE=1 > /dev/null
check "FORCE=1 replaces it" cmp "$pi5" "$root/etc/swivel/board.json5"

echo "install-test: refusals install nothing"
fresh="$work/fresh"
check "a simulated board is refused" sh -c "! PATH='$work/fakebin:$PATH' make -s install DESTDIR='$fresh' BOARD=boards/sim.json5 SWIVELD_BIN='$bin/swiveld' SWIVELCTL_BIN='$bin/swivelctl' 2>'$work/sim.err'"
check "saying why" grep -q "is a simulated board" "$work/sim.err"
check "no BOARD on a fresh install is refused" sh -c "! PATH='$work/fakebin:$PATH' make -s install DESTDIR='$fresh' SWIVELD_BIN='$bin/swiveld' SWIVELCTL_BIN='$bin/swivelctl' 2>/dev/null"
sed 's/stepLine: 23/stepPin: 23/' "$pi4" > "$work/broken.json5"
check "an invalid board is refused" sh -c "! PATH='$work/fakebin:$PATH' make -s install DESTDIR='$fresh' BOARD='$work/broken.json5' SWIVELD_BIN='$bin/swiveld' SWIVELCTL_BIN='$bin/swivelctl' 2>'$work/broken.err'"
check "naming the key" grep -q "axes.pitch.motor.stepPin" "$work/broken.err"
check "nothing was staged" sh -c "[ ! -e '$fresh' ] || [ -z \"\$(find '$fresh' -type f)\" ]"

echo "install-test: make uninstall DESTDIR=$root"
mkdir -p "$root/var/lib/swivel" && echo "uuid" > "$root/var/lib/swivel/device-uuid"
run_make uninstall DESTDIR="$root" > /dev/null
for file in usr/local/bin/swiveld usr/local/bin/swivelctl etc/systemd/system/swiveld.service etc/sysusers.d/swivel.conf; do
    check "$file removed" test ! -e "$root/$file"
done
check "board kept without PURGE=1" test -f "$root/etc/swivel/board.json5"
check "state kept without PURGE=1" test -f "$root/var/lib/swivel/device-uuid"
run_make uninstall DESTDIR="$root" PURGE=1 > /dev/null
check "PURGE=1 removes the board" test ! -e "$root/etc/swivel"
check "PURGE=1 removes the state" test ! -e "$root/var/lib/swivel"
check "no file is left" test -z "$(find "$root" -type f)"

echo "install-test: make install VISION=1 DESTDIR=$root (swivel-vision staged, no venv)"
# The shipped Pi 4 board: swivel-vision on its vision pty, picamera2 at 30 Hz.
pi4v="$pi4"
check "the Pi 4 board has its vision entry" grep -q 'role: "vision"' "$pi4v"
vunit="$root/etc/systemd/system/swivel-vision.service"
vlib="$root/usr/local/lib/swivel/vision"
run_make install DESTDIR="$root" BOARD="$pi4v" VISION=1 > "$work/vision.out"
check "vision unit installed, 0644" mode_is 644 "$vunit"
for line in \
    "ExecStart=/usr/local/lib/swivel/vision-venv/bin/swivel-vision --board /etc/swivel/board.json5 --frames-socket /run/swivel/frames.sock" \
    "After=swiveld.service" "BindsTo=swiveld.service" "User=swivel" "Group=swivel" "Restart=on-failure" \
    "RestartPreventExitStatus=64 78" "SupplementaryGroups=video" "NoNewPrivileges=yes" "ProtectSystem=strict" \
    "IPAddressDeny=any" "WantedBy=multi-user.target"; do
    check "vision unit has '$line'" has_line "$vunit" "$line"
done
check "no @VENV@ left in the vision unit" sh -c "! grep -q @VENV@ '$vunit'"
check "the pins are staged" has_line "$vlib/vision.txt" "numpy==1.26.4; python_version < '3.13'"
check "with numpy 2 where Python 3.13 needs it" has_line "$vlib/vision.txt" "numpy==2.2.6; python_version >= '3.13'"
check "pyserial is pinned too" has_line "$vlib/vision.txt" "pyserial==3.5"
check "mediapipe is pinned without its dependencies" has_line "$vlib/nodeps.txt" "mediapipe==0.10.14; python_version < '3.13'"
check "make-venv.sh staged, 0755" mode_is 755 "$vlib/make-venv.sh"
check "make-venv.sh creates the venv the unit runs" grep -q '^venv="/usr/local/lib/swivel/vision-venv"$' "$vlib/make-venv.sh"
check "the Python tree is staged" test -f "$vlib/python/src/swivel_vision/cli.py"
check "with its pyproject" cmp python/pyproject.toml "$vlib/python/pyproject.toml"
check "without the development venv" test ! -e "$vlib/python/.venv"
check "no venv is staged" test ! -e "$root/usr/local/lib/swivel/vision-venv"
check "and it says so" grep -q "the venv is created at install time on the target" "$work/vision.out"
check "the install printed the vision settings" grep -q "swivel-vision: source picamera2.*640x480 at 30 fps, detector face" "$work/vision.out"
check "the staged tree reads the installed board" sh -c "PYTHONPATH='$vlib/python/src' python3 -m swivel_vision --board '$root/etc/swivel/board.json5' --check"
if command -v systemd-analyze >/dev/null 2>&1; then
    mkdir -p "$work/vverify/venv/bin" "$work/vverify/bin"
    printf '#!/bin/sh\n' > "$work/vverify/venv/bin/swivel-vision"
    printf '#!/bin/sh\n' > "$work/vverify/bin/swiveld"
    chmod +x "$work/vverify/venv/bin/swivel-vision" "$work/vverify/bin/swiveld"
    sed "s|/usr/local/lib/swivel/vision-venv/|$work/vverify/venv/|g" "$vunit" > "$work/vverify/swivel-vision.service"
    sed "s|/usr/local/bin/|$work/vverify/bin/|g" "$unit" > "$work/vverify/swiveld.service"
    if systemd-analyze verify --man=no "$work/vverify/swiveld.service" "$work/vverify/swivel-vision.service" > "$work/vverify.out" 2>&1 \
        && ! grep -q . "$work/vverify.out"; then
        echo "install-test: systemd-analyze verify: the vision unit is clean"
    else
        echo "install-test: FAIL: systemd-analyze verify (vision unit):" >&2; cat "$work/vverify.out" >&2
        failures=$((failures + 1))
    fi
fi

echo "install-test: VISION=1 refuses a board whose vision settings are unusable"
vfresh="$work/vfresh"
pi4nov="$work/pi4-no-vision-entry.json5"
sed '/role: "vision", device: "pty"/d' "$pi4" > "$pi4nov"
check "the variant lost its vision entry" sh -c "! grep -q 'role: \"vision\"' '$pi4nov'"
check "a board without a vision entry is refused" sh -c "! PATH='$work/fakebin:$PATH' make -s install DESTDIR='$vfresh' BOARD='$pi4nov' VISION=1 SWIVELD_BIN='$bin/swiveld' SWIVELCTL_BIN='$bin/swivelctl' 2>'$work/vnone.err'"
check "naming what is missing" grep -q 'role "vision", and serial has none' "$work/vnone.err"
check "nothing was staged for it" sh -c "[ ! -e '$vfresh' ] || [ -z \"\$(find '$vfresh' -type f)\" ]"

echo "install-test: make uninstall DESTDIR=$root removes swivel-vision"
run_make uninstall DESTDIR="$root" PURGE=1 > /dev/null
check "vision unit removed" test ! -e "$vunit"
check "vision tree removed" test ! -e "$root/usr/local/lib/swivel"
check "no file is left after the vision uninstall" test -z "$(find "$root" -type f)"

echo "install-test: make install WEB=1 DESTDIR=$root (swivel-web staged, no venv)"
wunit="$root/etc/systemd/system/swivel-web.service"
wlib="$root/usr/local/lib/swivel/web"
run_make install DESTDIR="$root" BOARD="$pi4" WEB=1 > "$work/web.out"
check "web unit installed, 0644" mode_is 644 "$wunit"
for line in \
    "ExecStart=/usr/local/lib/swivel/web-venv/bin/swivel-web --socket /run/swivel/swivel.sock --frames /run/swivel/frames.sock --listen 127.0.0.1:8080 --state-dir /var/lib/swivel-web" \
    "DynamicUser=yes" "SupplementaryGroups=swivel" "StateDirectory=swivel-web" "NoNewPrivileges=yes" \
    "ProtectSystem=strict" "IPAddressDeny=any" "IPAddressAllow=localhost" "WantedBy=multi-user.target"; do
    check "web unit has '$line'" has_line "$wunit" "$line"
done
check "no @VENV@ left in the web unit" sh -c "! grep -q @VENV@ '$wunit'"
check "aiohttp is pinned for the web venv" has_line "$wlib/web.txt" "$(grep -o 'aiohttp==[0-9.]*' python/pyproject.toml)"
check "web make-venv.sh staged, 0755" mode_is 755 "$wlib/make-venv.sh"
check "web make-venv.sh links the command" grep -q 'ln -sf "$venv/bin/swivel-web" "/usr/local/bin/swivel-web"' "$wlib/make-venv.sh"
check "the page is staged" test -f "$wlib/python/src/swivel_web/static/index.html"
check "no web venv is staged" test ! -e "$root/usr/local/lib/swivel/web-venv"
if command -v systemd-analyze >/dev/null 2>&1; then
    # swivel-web moves motors from a browser: its unit is to be no more exposed than swiveld's.
    exposure() { systemd-analyze security --offline=true "$1" 2>/dev/null | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p'; }
    mkdir -p "$work/wsec/venv/bin" "$work/wsec/bin"
    printf '#!/bin/sh\n' > "$work/wsec/venv/bin/swivel-web"; printf '#!/bin/sh\n' > "$work/wsec/bin/swiveld"
    chmod +x "$work/wsec/venv/bin/swivel-web" "$work/wsec/bin/swiveld"
    sed "s|/usr/local/lib/swivel/web-venv/|$work/wsec/venv/|g" "$wunit" > "$work/wsec/swivel-web.service"
    sed "s|/usr/local/bin/|$work/wsec/bin/|g" "$unit" > "$work/wsec/swiveld.service"
    web_exposure=$(exposure "$work/wsec/swivel-web.service"); daemon_exposure=$(exposure "$work/wsec/swiveld.service")
    echo "install-test: systemd-analyze security: swivel-web $web_exposure, swiveld $daemon_exposure"
    check "swivel-web's exposure ($web_exposure) is no worse than swiveld's ($daemon_exposure)" \
        awk -v w="$web_exposure" -v d="$daemon_exposure" 'BEGIN { exit !(w != "" && d != "" && w + 0 <= d + 0) }'
fi
run_make uninstall DESTDIR="$root" PURGE=1 > /dev/null
check "web unit removed" test ! -e "$wunit"
check "no file is left after the web uninstall" test -z "$(find "$root" -type f)"

check "with DESTDIR nothing called systemctl, useradd, systemd-sysusers or sudo" test ! -e "$work/calls"
[ ! -e "$work/calls" ] || cat "$work/calls" >&2

if [ "$failures" -ne 0 ]; then
    echo "install-test: $failures check(s) failed" >&2
    exit 1
fi
echo "install-test: all checks passed"
