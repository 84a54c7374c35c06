#!/bin/sh
# Builds libgpiod 2.x from the C sources vendored in the `gpiod` Python sdist
# on PyPI into PREFIX/lib/libgpiod.so and PREFIX/include/gpiod.h, so the
# shim's 2.x branch (Sources/Backends/Linux/CSwivelGPIO) can be compiled on a machine whose
# system libgpiod is 1.6. Used by `make check-libgpiod2`; needs the network.
#
#   scripts/build-libgpiod2.sh PREFIX [GPIOD_PY_VERSION]
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 PREFIX [gpiod-python-version, default 2.2.1]" >&2
	exit 64
fi
prefix=$1
version=${2:-2.2.1}
cc=${CC:-cc}

work=$(mktemp -d "${TMPDIR:-/tmp}/swivel-libgpiod2.XXXXXX")
trap 'rm -rf "$work"' EXIT

sdist="$work/gpiod-$version.tar.gz"
if command -v pip3 >/dev/null 2>&1 || command -v pip >/dev/null 2>&1; then
	pip=$(command -v pip3 || command -v pip)
	"$pip" download --quiet --no-binary :all: --no-deps --dest "$work" "gpiod==$version"
else
	# Without pip: the sdist's URL from PyPI's JSON API.
	url=$(curl -fsSL "https://pypi.org/pypi/gpiod/$version/json" |
		tr ',' '\n' | sed -n 's/.*"url": *"\([^"]*\.tar\.gz\)".*/\1/p' | head -n 1)
	if [ -z "$url" ]; then
		echo "$0: PyPI lists no source distribution for gpiod $version" >&2
		exit 69
	fi
	curl -fsSL -o "$sdist" "$url"
fi
if [ ! -f "$sdist" ]; then
	echo "$0: gpiod $version: no sdist $sdist after the download" >&2
	exit 69
fi
tar -xzf "$sdist" -C "$work"
src="$work/gpiod-$version"
if [ ! -f "$src/include/gpiod.h" ] || [ ! -d "$src/lib" ]; then
	echo "$0: gpiod $version does not vendor the libgpiod C sources (include/gpiod.h, lib/*.c)" >&2
	exit 65
fi
# The sdist records which libgpiod it vendors; the Python build passes it the same way.
libversion=$(cat "$src/libgpiod-version.txt" 2>/dev/null || echo "$version")
case $libversion in
2.*) ;;
*)
	echo "$0: gpiod $version vendors libgpiod $libversion, not a 2.x" >&2
	exit 65
	;;
esac

mkdir -p "$prefix/lib" "$prefix/include"
# Sorted: the same object order on every run.
sources=$(ls "$src"/lib/*.c | sort)
# shellcheck disable=SC2086
"$cc" -shared -fPIC -O2 -std=gnu11 -D_GNU_SOURCE -DGPIOD_VERSION_STR="\"$libversion\"" \
	-fvisibility=hidden -I "$src/include" -I "$src/lib" \
	-Wl,-soname,libgpiod.so.3 -o "$prefix/lib/libgpiod.so.3" $sources
# The linker looks for libgpiod.so; the loader for the soname, as on Debian 13.
ln -sf libgpiod.so.3 "$prefix/lib/libgpiod.so"
cp "$src/include/gpiod.h" "$prefix/include/gpiod.h"
echo "libgpiod $libversion (from PyPI gpiod $version) in $prefix: lib/libgpiod.so.3 (and libgpiod.so), include/gpiod.h"
