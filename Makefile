# Swivel: `make run` (the simulated stand) and `make test` (every test) are the
# two commands; both install what is missing first.
SWIFT ?= swift
BOARD ?= boards/sim.json5
ARGS ?=
STRICT := -Xswiftc -warnings-as-errors
CLANG := $(shell command -v clang 2>/dev/null || echo cc)
BENCH_OUT := bench/out

.PHONY: all deps build test run release bench clean check-libgpiod2

all: build

deps:
	@./scripts/ensure-deps.sh

build: deps
	$(SWIFT) build $(STRICT)

test: deps
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build

# Release mode: the real-time loop is what it will be on the stand.
# swivelctl is built too: in a second shell, `.build/release/swivelctl watch`.
run: deps
	$(SWIFT) build -c release $(STRICT) --product swiveld
	$(SWIFT) build -c release $(STRICT) --product swivelctl
	./.build/release/swiveld --board $(BOARD) $(ARGS)

# A static, stripped daemon that needs nothing on the target but libc and libgpiod.
release: deps
	$(SWIFT) build -c release $(STRICT) --static-swift-stdlib --product swiveld
	$(SWIFT) build -c release $(STRICT) --static-swift-stdlib --product swivelctl
	@mkdir -p dist
	strip -o dist/swiveld .build/release/swiveld
	strip -o dist/swivelctl .build/release/swivelctl
	@ls -l dist/swiveld dist/swivelctl

# Measures and prints; never asserts. Figures go in docs/BENCHMARKS.md.
bench: release
	$(SWIFT) build -c release $(STRICT) --product swivel-bench
	@mkdir -p $(BENCH_OUT)
	$(CLANG) -O2 -o $(BENCH_OUT)/nanosleep_loop bench/c/nanosleep_loop.c
	./.build/release/swivel-bench --c-loop $(BENCH_OUT)/nanosleep_loop --binary dist/swiveld --board $(BOARD) $(ARGS)

# Compiles the GPIO shim's libgpiod 2.x branch against libgpiod 2.x built from
# PyPI's `gpiod` sdist, links a probe and runs it. Needs the network, so it is
# not part of `make test`.
check-libgpiod2: deps
	@prefix=$$(mktemp -d "$${TMPDIR:-/tmp}/swivel-gpiod2-prefix.XXXXXX") && \
	trap 'rm -rf "$$prefix"' EXIT && \
	./scripts/build-libgpiod2.sh "$$prefix" && \
	SWIVEL_LIBGPIOD2_PREFIX="$$prefix" $(SWIFT) test --filter LibgpiodV2ShimTests

clean:
	$(SWIFT) package clean
	rm -rf dist $(BENCH_OUT)
