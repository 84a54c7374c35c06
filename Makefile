# Swivel: `make run` (the simulated stand) and `make test` (every test) are the
# two commands; both install what is missing first.
SWIFT ?= swift
BOARD ?= boards/sim.json5
ARGS ?=
STRICT := -Xswiftc -warnings-as-errors
CLANG := $(shell command -v clang 2>/dev/null || echo cc)
BENCH_OUT := bench/out

.PHONY: all deps python-deps browser-deps build test test-python run run-vision run-web release bench bench-vision bench-web clean install uninstall check-libgpiod2 check-hardware

all: build

deps:
	@./scripts/ensure-deps.sh

# python/.venv with the pins of python/pyproject.toml, and the `swivel` package.
PYTHON := python/.venv/bin/python
python-deps:
	@./scripts/ensure-python.sh

# Debian's chromium, chromium-driver and iproute2, for swivel-web's tests (docs/WEB.md).
browser-deps:
	@./scripts/ensure-browser.sh

build: deps
	$(SWIFT) build $(STRICT)

test: deps python-deps
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build
	./tests/install-test.sh $(shell $(SWIFT) build --show-bin-path)
	$(MAKE) --no-print-directory test-python

# The Python client, swivel-vision and swivel-web (in Debian's Chromium), against the swiveld this build made.
test-python: python-deps browser-deps
	SWIVELD="$(shell $(SWIFT) build --show-bin-path)/swiveld" $(PYTHON) -m pytest -q python/tests $(PYTEST_ARGS)

# Release mode: the real-time loop is what it will be on the stand.
# swivelctl is built too: in a second shell, `.build/release/swivelctl watch`.
run: deps
	$(SWIFT) build -c release $(STRICT) --product swiveld
	$(SWIFT) build -c release $(STRICT) --product swivelctl
	./.build/release/swiveld --board $(BOARD) $(ARGS)

# The simulated stand following a rendered person (a real photograph) with the
# real detector: swivel-vision's virtual camera, live view on localhost.
run-vision: deps python-deps
	$(SWIFT) build -c release $(STRICT) --product swiveld
	$(SWIFT) build -c release $(STRICT) --product swivelctl
	SWIVELD=./.build/release/swiveld $(PYTHON) -m swivel_vision.demo --board $(BOARD) $(ARGS)

# The simulated stand, the virtual camera, swivel-vision's pipeline and swivel-web
# together: the page is http://127.0.0.1:8080/ until Ctrl-C (docs/WEB.md).
run-web: deps python-deps
	$(SWIFT) build -c release $(STRICT) --product swiveld
	$(SWIFT) build -c release $(STRICT) --product swivelctl
	SWIVELD=./.build/release/swiveld $(PYTHON) -m swivel_web.demo --board $(BOARD) $(ARGS)

# A static, stripped daemon that needs nothing on the target but libc and libgpiod.
release: deps
	$(SWIFT) build -c release $(STRICT) --static-swift-stdlib --product swiveld
	$(SWIFT) build -c release $(STRICT) --static-swift-stdlib --product swivelctl
	@mkdir -p dist
	strip -o dist/swiveld .build/release/swiveld
	strip -o dist/swivelctl .build/release/swivelctl
	@ls -l dist/swiveld dist/swivelctl

# Installs swiveld and swivelctl in $(PREFIX)/bin, BOARD as /etc/swivel/board.json5
# (an installed one is kept unless FORCE=1), the systemd unit and the sysusers.d
# entry for the swivel user; see boards/README.md. With DESTDIR it only stages
# files: no systemctl, no user. SWIVELD_BIN/SWIVELCTL_BIN install prebuilt
# binaries instead of building the static release ones. VISION=1 adds
# swivel-vision (docs/VISION.md): its venv (pip, from PyPI) and swivel-vision.service.
# WEB=1 adds swivel-web (docs/WEB.md): its venv, the command and swivel-web.service.
PREFIX ?= /usr/local
DESTDIR ?=
SWIVELD_BIN ?= dist/swiveld
SWIVELCTL_BIN ?= dist/swivelctl
INSTALL_ENV = DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" FORCE="$(FORCE)" PURGE="$(PURGE)" VISION="$(VISION)" WEB="$(WEB)" \
	SWIVELD_BIN="$(SWIVELD_BIN)" SWIVELCTL_BIN="$(SWIVELCTL_BIN)" \
	BOARD="$(if $(filter command line environment,$(origin BOARD)),$(BOARD))"

install: $(if $(filter dist/swiveld,$(SWIVELD_BIN)),release)
	@$(INSTALL_ENV) ./scripts/install.sh install

uninstall:
	@$(INSTALL_ENV) ./scripts/install.sh uninstall

# Measures and prints; never asserts. Figures go in docs/BENCHMARKS.md.
bench: release
	$(SWIFT) build -c release $(STRICT) --product swivel-bench
	@mkdir -p $(BENCH_OUT)
	$(CLANG) -O2 -o $(BENCH_OUT)/nanosleep_loop bench/c/nanosleep_loop.c
	./.build/release/swivel-bench --c-loop $(BENCH_OUT)/nanosleep_loop --binary dist/swiveld --board $(BOARD) $(ARGS)

# Detectors, capture-to-TRACK and capture-to-step latency on this machine;
# measures and prints, never asserts. Figures go in docs/BENCHMARKS.md.
bench-vision: deps python-deps
	$(SWIFT) build -c release $(STRICT) --product swiveld
	SWIVELD=./.build/release/swiveld $(PYTHON) -m swivel_vision.bench $(ARGS)

# The page's jog: press on swivel-web's WebSocket to the first MOTION_STATE in motion (docs/WEB.md).
bench-web: deps python-deps
	$(SWIFT) build -c release $(STRICT) --product swiveld
	SWIVELD=./.build/release/swiveld $(PYTHON) -m swivel_web.bench $(ARGS)

# Compiles the GPIO shim's libgpiod 2.x branch against libgpiod 2.x built from
# PyPI's `gpiod` sdist, links a probe and runs it. Needs the network, so it is
# not part of `make test`.
check-libgpiod2: deps
	@prefix=$$(mktemp -d "$${TMPDIR:-/tmp}/swivel-gpiod2-prefix.XXXXXX") && \
	trap 'rm -rf "$$prefix"' EXIT && \
	./scripts/build-libgpiod2.sh "$$prefix" && \
	SWIVEL_LIBGPIOD2_PREFIX="$$prefix" $(SWIFT) test --filter LibgpiodV2ShimTests

# swiveld against a real Linux kernel's GPIO and I2C (gpio-sim, i2c-stub) in a
# QEMU guest, linked against libgpiod 1.6 and 2.x: docs/HARDWARE.md. The first
# run builds the guest kernel into ~/.cache/swivel; later runs reuse it.
check-hardware: deps
	SWIFT="$(SWIFT)" ./scripts/check-hardware.sh

clean:
	$(SWIFT) package clean
	rm -rf dist $(BENCH_OUT)

# --- The reliability harness (docs/RELIABILITY.md): fuzz, soak, sanitize. ---
# Run by hand or before a release, not by `make test`: each takes minutes.
SECONDS ?= 600
SOAK_ARGS ?=
.PHONY: fuzz soak sanitize

# libFuzzer (the Swift toolchain's) and AddressSanitizer on the frame decoder,
# the message decoders and the link hub: 10⁷ executions and a timed hub run.
fuzz: deps
	./scripts/fuzz.sh

# The release daemon on BOARD (a simulated one), several random sessions, and
# an independent checker of every cap, the replies, RSS, descriptors and the
# loop's overruns, for SECONDS (default 600). SOAK_ARGS: e.g. --exclude absurd.
soak: deps
	$(SWIFT) build -c release $(STRICT) --product swiveld
	$(SWIFT) build -c release $(STRICT) --product swivel-soak
	./.build/release/swivel-soak --seconds $(SECONDS) --daemon .build/release/swiveld --board $(BOARD) $(SOAK_ARGS)

# The whole test suite under ThreadSanitizer, then under AddressSanitizer,
# each in its own build directory (.build-thread, .build-address).
sanitize: deps
	./scripts/sanitize.sh
