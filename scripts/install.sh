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
set -eu

action=${1:?usage: install.sh install|uninstall}
DESTDIR=${DESTDIR:-}
PREFIX=${PREFIX:-/usr/local}
BOARD=${BOARD:-}
FORCE=${FORCE:-}
PURGE=${PURGE:-}
SWIVELD_BIN=${SWIVELD_BIN:-dist/swiveld}
SWIVELCTL_BIN=${SWIVELCTL_BIN:-dist/swivelctl}
here=$(cd "$(dirname "$0")/.." && pwd)

bindir="$DESTDIR$PREFIX/bin"
confdir="$DESTDIR/etc/swivel"
board_path="$confdir/board.json5"
unitdir="$DESTDIR/etc/systemd/system"
sysusersdir="$DESTDIR/etc/sysusers.d"
statedir="$DESTDIR/var/lib/swivel"

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

    if live; then
        create_user
        $sudo systemctl daemon-reload
        say "next: sudo systemctl enable --now swiveld; journalctl -u swiveld -f; swivelctl status"
    else
        say "DESTDIR set: the swivel user, systemctl daemon-reload and enabling the service are left to the target"
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
        $sudo systemctl disable --now swiveld.service 2>/dev/null || true
    fi
    $sudo rm -f "$bindir/swiveld" "$bindir/swivelctl" "$unitdir/swiveld.service" "$sysusersdir/swivel.conf"
    say "removed swiveld, swivelctl, the unit and the sysusers.d entry"
    if [ "$PURGE" = 1 ]; then
        $sudo rm -f "$board_path"
        $sudo rmdir "$confdir" 2>/dev/null || true
        $sudo rm -rf "$statedir"
        say "PURGE=1: removed $board_path and $statedir (the stand's UUID)"
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
