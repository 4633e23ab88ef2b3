# memberdesk: every target does its own set-up (Debian packages are installed when missing).
SWIFT ?= swift
export LANG := C.UTF-8
export LC_ALL := C.UTF-8

.PHONY: deps build run test bench fuzz clean

deps:
	@bash scripts/setup-deps.sh

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run memberdesk $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	SWIFT="$(SWIFT)" bash scripts/test.sh

bench: deps
	$(SWIFT) build -c release
	bash scripts/bench.sh

fuzz: deps
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz
