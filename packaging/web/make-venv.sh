#!/bin/sh
# Creates swivel-web's venv at @VENV@ from the pins beside this script
# (installed by `make install WEB=1`, which runs it; after a staged install
# with DESTDIR the target runs it once, as root). Uses PyPI: aiohttp and
# pyserial, nothing of the vision extra.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv="@VENV@"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    { echo "make-venv: python3 3.11 or later is needed" >&2; exit 1; }
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$here/web.txt"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps "$here/python"
ln -sf "$venv/bin/swivel-web" "@BINDIR@/swivel-web"
echo "make-venv: swivel-web is ready: $venv/bin/swivel-web (also @BINDIR@/swivel-web)"
