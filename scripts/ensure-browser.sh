#!/bin/sh
# Installs what swivel-web's tests need from Debian (python/tests/test_web_*.py):
# chromium and chromium-driver (the page in a real browser, driven by selenium
# through /usr/bin/chromedriver: no browser is ever downloaded) and iproute2
# (`ip netns`: the non-loopback client is a network namespace on this machine),
# curl and jq (docs/WEB.md's examples, run by test_web_doc_examples.py).
# Says what it installs; does nothing when all is there.
set -eu

[ "$(uname -s)" = Linux ] || exit 0

missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
[ -x /usr/bin/chromedriver ] || missing="$missing chromium-driver"
command -v ip >/dev/null 2>&1 || missing="$missing iproute2"
# docs/WEB.md's examples are curl and jq commands; test_web_doc_examples.py runs them.
command -v curl >/dev/null 2>&1 || missing="$missing curl"
command -v jq >/dev/null 2>&1 || missing="$missing jq"
[ -n "$missing" ] || exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: swivel-web's tests need:$missing — install them with your package manager" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
    echo "make: installing$missing with apt (swivel-web's browser tests), using sudo"
else
    echo "make: installing$missing with apt (swivel-web's browser tests)"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "make: installed$missing"
