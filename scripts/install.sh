#!/bin/sh
# `make install` / `make uninstall`: puts swiveld, swivelctl, the board file,
# the systemd unit and the sysusers.d entry in place, or takes them away.
# Never uses the network. Driven by the Makefile's variables (environment):
#   DESTDIR      staging root; when set, nothing outside it is touched:
#                no systemctl, no systemd-sysusers/useradd, no sudo
#   PREFIX       /usr/local: binaries go to $PREFIX/bin
#   BOARD        the board file to install as /etc/swivel/board.json5
#                (required unless one is installed already)
#   FORCE=1      replace an installed board file (otherwise it is kept)
#   PURGE=1      uninstall also removes the board file and /var/lib/swivel
#   SWIVELD_BIN, SWIVELCTL_BIN  the binaries to install
#   VISION=1     also swivel-vision (docs/VISION.md): a venv at
#                $PREFIX/lib/swivel/vision-venv with the pins of
#                python/pyproject.toml (the one step that uses the network:
#                PyPI), and swivel-vision.service. With DESTDIR the venv cannot
#                be staged (a venv is not relocatable): the Python tree, its
#                pins and lib/swivel/vision/make-venv.sh are staged instead,
#                and the target runs that script once.
#   WEB=1        also swivel-web (docs/WEB.md): a venv at
#                $PREFIX/lib/swivel/web-venv (aiohttp from PyPI), the command
#                $PREFIX/bin/swivel-web and swivel-web.service (127.0.0.1:8080);
#                staged like VISION=1 with DESTDIR (lib/swivel/web/make-venv.sh).
set -eu

action=${1:?usage: install.sh install|uninstall}
DESTDIR=${DESTDIR:-}
PREFIX=${PREFIX:-/usr/local}
BOARD=${BOARD:-}
FORCE=${FORCE:-}
PURGE=${PURGE:-}
SWIVELD_BIN=${SWIVELD_BIN:-dist/swiveld}
SWIVELCTL_BIN=${SWIVELCTL_BIN:-dist/swivelctl}
VISION=${VISION:-}
WEB=${WEB:-}
here=$(cd "$(dirname "$0")/.." && pwd)

bindir="$DESTDIR$PREFIX/bin"
confdir="$DESTDIR/etc/swivel"
board_path="$confdir/board.json5"
unitdir="$DESTDIR/etc/systemd/system"
sysusersdir="$DESTDIR/etc/sysusers.d"
statedir="$DESTDIR/var/lib/swivel"
# swivel-vision: the venv (created live only) and what staging leaves for the target.
venv="$PREFIX/lib/swivel/vision-venv"
visionlib="$DESTDIR$PREFIX/lib/swivel/vision"
webvenv="$PREFIX/lib/swivel/web-venv"
weblib="$DESTDIR$PREFIX/lib/swivel/web"

say() { echo "install: $*"; }
fail() { echo "install: error: $*" >&2; exit 1; }

# Installing into the running system needs root; a staging DESTDIR does not.
sudo=""
if [ -z "$DESTDIR" ] && [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "run as root (no sudo here)"
    sudo="sudo"
    say "installing into the system: using sudo"
fi
live() { [ -z "$DESTDIR" ]; }

check_board() {
    [ -f "$BOARD" ] || fail "BOARD=$BOARD: no such file"
    summary=$("$SWIVELD_BIN" check-board "$BOARD") || fail "BOARD=$BOARD is not valid (the problems are listed above)"
    case "$summary" in
        *", backend simulated,"*)
            fail "BOARD=$BOARD is a simulated board: a service drives hardware; run it with \`make run BOARD=$BOARD\` instead" ;;
    esac
    say "$summary"
}

do_install() {
    [ -x "$SWIVELD_BIN" ] || fail "$SWIVELD_BIN is missing: run \`make release\` (or set SWIVELD_BIN)"
    [ -x "$SWIVELCTL_BIN" ] || fail "$SWIVELCTL_BIN is missing: run \`make release\` (or set SWIVELCTL_BIN)"
    install_board=yes
    if [ -e "$board_path" ] && [ "$FORCE" != 1 ]; then
        install_board=no
    elif [ -z "$BOARD" ]; then
        fail "say which board: make install BOARD=boards/<your board>.json5 (see boards/README.md)"
    fi
    # Validate before anything is copied, so a bad board installs nothing.
    [ "$install_board" = no ] || check_board
    if [ "$VISION" = 1 ]; then
        if [ "$install_board" = yes ]; then check_vision "$BOARD"; else check_vision "$board_path"; fi
    fi

    $sudo install -d -m 0755 "$bindir" "$confdir" "$unitdir" "$sysusersdir"
    $sudo install -m 0755 "$SWIVELD_BIN" "$bindir/swiveld"
    $sudo install -m 0755 "$SWIVELCTL_BIN" "$bindir/swivelctl"
    say "installed $bindir/swiveld and $bindir/swivelctl"
    if [ "$install_board" = yes ]; then
        $sudo install -m 0644 "$BOARD" "$board_path"
        say "installed $BOARD as $board_path"
    else
        say "kept the existing $board_path (FORCE=1 replaces it${BOARD:+ with $BOARD})"
    fi
    sed "s|@BINDIR@|$PREFIX/bin|g" "$here/packaging/systemd/swiveld.service" > "${TMPDIR:-/tmp}/swiveld.service.$$"
    $sudo install -m 0644 "${TMPDIR:-/tmp}/swiveld.service.$$" "$unitdir/swiveld.service"
    rm -f "${TMPDIR:-/tmp}/swiveld.service.$$"
    $sudo install -m 0644 "$here/packaging/sysusers.d/swivel.conf" "$sysusersdir/swivel.conf"
    say "installed $unitdir/swiveld.service and $sysusersdir/swivel.conf"

    [ "$VISION" != 1 ] || install_vision
    [ "$WEB" != 1 ] || install_web

    if live; then
        create_user
        $sudo systemctl daemon-reload
        say "next: sudo systemctl enable --now swiveld; journalctl -u swiveld -f; swivelctl status"
        [ "$VISION" != 1 ] || say "next: sudo systemctl enable --now swivel-vision; journalctl -u swivel-vision -f"
        [ "$WEB" != 1 ] || say "next: sudo systemctl enable --now swivel-web; the page is http://127.0.0.1:8080/ (docs/WEB.md: sudo swivel-web passwd before opening it to the network)"
    else
        say "DESTDIR set: the swivel user, systemctl daemon-reload and enabling the service are left to the target"
    fi
}

# The board's vision section, checked by swivel-vision's own reader: it needs
# only the standard library (python3 3.11 or later), so it runs before any venv exists.
check_vision() {
    command -v python3 >/dev/null 2>&1 || fail "VISION=1 needs python3 (3.11 or later): sudo apt install python3 python3-venv"
    summary=$(PYTHONPATH="$here/python/src" python3 -m swivel_vision --board "$1" --check) ||
        fail "$1: its vision settings are not usable (the problems are listed above; docs/VISION.md)"
    say "swivel-vision: ${summary#*: }"
}

# The pins of python/pyproject.toml: vision.txt (the vision and mediapipe extras,
# installed with their dependencies) and nodeps.txt (mediapipe, whose declared
# dependencies are not needed). The mediapipe lines carry markers: pip on the
# target skips them under Python 3.13, where only face and haar run.
write_pins() {
    python3 - "$here/python/pyproject.toml" "$1" <<'PY'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))
p = project["project"]
with open(sys.argv[2] + "/vision.txt", "w") as out:
    extras = p["optional-dependencies"]
    out.write("\n".join(p["dependencies"] + extras["vision"] + extras["mediapipe"]) + "\n")
with open(sys.argv[2] + "/nodeps.txt", "w") as out:
    out.write("\n".join(project["tool"]["swivel"]["no-deps"]) + "\n")
PY
}

install_vision() {
    work=$(mktemp -d "${TMPDIR:-/tmp}/swivel-vision-install.XXXXXX")
    write_pins "$work"
    $sudo rm -rf "$visionlib"
    $sudo install -d -m 0755 "$visionlib/python"
    $sudo install -m 0644 "$work/vision.txt" "$work/nodeps.txt" "$visionlib/"
    # The Python tree without its development venv or caches.
    (cd "$here/python" && tar -cf - --exclude=.venv --exclude=__pycache__ --exclude='*.egg-info' --exclude=build \
        pyproject.toml src) | $sudo tar -xf - --no-same-owner -C "$visionlib/python"
    sed "s|@VENV@|$venv|g" "$here/packaging/vision/make-venv.sh" > "$work/make-venv.sh"
    $sudo install -m 0755 "$work/make-venv.sh" "$visionlib/make-venv.sh"
    sed "s|@VENV@|$venv|g" "$here/packaging/systemd/swivel-vision.service" > "$work/swivel-vision.service"
    $sudo install -d -m 0755 "$unitdir"
    $sudo install -m 0644 "$work/swivel-vision.service" "$unitdir/swivel-vision.service"
    rm -rf "$work"
    say "installed $unitdir/swivel-vision.service, and the Python tree and its pins in $visionlib"
    if live; then
        say "creating the venv $venv with pip (from PyPI: the one step that uses the network)"
        $sudo "$visionlib/make-venv.sh"
    else
        say "DESTDIR set: the venv is created at install time on the target, not staged (a venv is not relocatable): run $PREFIX/lib/swivel/vision/make-venv.sh there"
    fi
}

install_web() {
    work=$(mktemp -d "${TMPDIR:-/tmp}/swivel-web-install.XXXXXX")
    python3 - "$here/python/pyproject.toml" "$work/web.txt" <<'PY'
import sys, tomllib
p = tomllib.load(open(sys.argv[1], "rb"))["project"]
open(sys.argv[2], "w").write("\n".join(p["dependencies"] + p["optional-dependencies"]["web"]) + "\n")
PY
    $sudo rm -rf "$weblib"
    $sudo install -d -m 0755 "$weblib/python"
    $sudo install -m 0644 "$work/web.txt" "$weblib/"
    (cd "$here/python" && tar -cf - --exclude=.venv --exclude=__pycache__ --exclude='*.egg-info' --exclude=build \
        pyproject.toml src) | $sudo tar -xf - --no-same-owner -C "$weblib/python"
    sed -e "s|@VENV@|$webvenv|g" -e "s|@BINDIR@|$PREFIX/bin|g" "$here/packaging/web/make-venv.sh" > "$work/make-venv.sh"
    $sudo install -m 0755 "$work/make-venv.sh" "$weblib/make-venv.sh"
    sed "s|@VENV@|$webvenv|g" "$here/packaging/systemd/swivel-web.service" > "$work/swivel-web.service"
    $sudo install -d -m 0755 "$unitdir"
    $sudo install -m 0644 "$work/swivel-web.service" "$unitdir/swivel-web.service"
    rm -rf "$work"
    say "installed $unitdir/swivel-web.service, and the Python tree and its pins in $weblib"
    if live; then
        say "creating the venv $webvenv with pip (from PyPI: the one step that uses the network)"
        $sudo "$weblib/make-venv.sh"
    else
        say "DESTDIR set: run $PREFIX/lib/swivel/web/make-venv.sh on the target (a venv is not relocatable)"
    fi
}

# systemd-sysusers reads the file just installed; without it, useradd does the
# same (and adds the groups that exist).
create_user() {
    if command -v systemd-sysusers >/dev/null 2>&1; then
        $sudo systemd-sysusers "$sysusersdir/swivel.conf"
    else
        id swivel >/dev/null 2>&1 || $sudo useradd --system --user-group --home-dir /var/lib/swivel \
            --no-create-home --shell /usr/sbin/nologin --comment "Swivel camera stand daemon" swivel
        for group in gpio dialout i2c; do
            if getent group "$group" >/dev/null; then $sudo usermod -a -G "$group" swivel; fi
        done
    fi
    say "user swivel: $(id swivel)"
}

do_uninstall() {
    if live && command -v systemctl >/dev/null 2>&1; then
        $sudo systemctl disable --now swivel-web.service 2>/dev/null || true
        $sudo systemctl disable --now swivel-vision.service 2>/dev/null || true
        $sudo systemctl disable --now swiveld.service 2>/dev/null || true
    fi
    $sudo rm -f "$bindir/swiveld" "$bindir/swivelctl" "$unitdir/swiveld.service" "$sysusersdir/swivel.conf"
    say "removed swiveld, swivelctl, the unit and the sysusers.d entry"
    if [ -e "$unitdir/swivel-vision.service" ] || [ -e "$visionlib" ] || [ -e "$DESTDIR$venv" ]; then
        $sudo rm -rf "$unitdir/swivel-vision.service" "$visionlib" "$DESTDIR$venv"
        $sudo rmdir "$DESTDIR$PREFIX/lib/swivel" 2>/dev/null || true
        say "removed swivel-vision: its unit, venv and Python tree"
    fi
    if [ -e "$unitdir/swivel-web.service" ] || [ -e "$weblib" ] || [ -e "$DESTDIR$webvenv" ]; then
        $sudo rm -rf "$unitdir/swivel-web.service" "$weblib" "$DESTDIR$webvenv" "$bindir/swivel-web"
        $sudo rmdir "$DESTDIR$PREFIX/lib/swivel" 2>/dev/null || true
        say "removed swivel-web: its unit, venv, command and Python tree"
    fi
    if [ "$PURGE" = 1 ]; then
        $sudo rm -f "$board_path"
        $sudo rmdir "$confdir" 2>/dev/null || true
        $sudo rm -rf "$statedir" "$DESTDIR/var/lib/swivel-web" "$DESTDIR/var/lib/private/swivel-web"
        say "PURGE=1: removed $board_path, $statedir (the stand's UUID) and swivel-web's password, tokens and presets"
    elif [ -e "$board_path" ]; then
        say "kept $board_path and $statedir (PURGE=1 removes them too)"
    fi
    if live && command -v systemctl >/dev/null 2>&1; then
        $sudo systemctl daemon-reload
        say "the swivel user is left in place (userdel swivel removes it)"
    fi
}

case "$action" in
    install) do_install ;;
    uninstall) do_uninstall ;;
    *) fail "unknown action '$action'" ;;
esac
