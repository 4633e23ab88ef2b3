# memberdesk: every target does its own set-up (Debian packages are installed when missing).
SWIFT ?= swift
export LANG := C.UTF-8
export LC_ALL := C.UTF-8

.PHONY: deps translations build run test bench faults fuzz deb deb-test clean

deps:
	@bash scripts/setup-deps.sh

# The .mo files (po/ compiled into .build/locale), checked complete: docs/languages.md.
translations: deps
	@bash scripts/translations.sh

build: deps translations
	$(SWIFT) build

run: build
	$(SWIFT) run memberdesk $(ARGS)

test: deps translations
	$(SWIFT) build --build-tests
	@# The packaging tests inspect the .deb; its release build is made here, outside the test watchdog.
	SWIFT="$(SWIFT)" bash scripts/build-deb.sh >/dev/null
	SWIFT="$(SWIFT)" bash scripts/test.sh

bench: deps
	$(SWIFT) build -c release
	bash scripts/bench.sh

# kill -9 at random moments (taps via stdin and the virtual card, import, sync, backup, the MQTT
# outbox) for at least COUNT kills from SEED, printing each round's checks and a summary. Holds the
# machine's pcscd lock: the virtual card needs the one vpcd reader.
SEED ?= $(shell date +%s)
COUNT ?= 50
faults: deps
	$(SWIFT) build --product memberdesk
	$(SWIFT) build --product memberdesk-bench
	flock /tmp/memberdesk-pcscd.lock .build/debug/memberdesk-bench faults $(SEED) $(COUNT)

# memberdesk_<VERSION>_<arch>.deb in .build/deb (a release build; no network).
deb: deps
	SWIFT="$(SWIFT)" bash scripts/build-deb.sh

# Installs the .deb into a clean Debian 12 root (debootstrap, cached) and checks it; needs root and the network.
deb-test: deps
	SWIFT="$(SWIFT)" bash scripts/deb-test.sh

fuzz: deps
	FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_JOBS=$(FUZZ_JOBS) bash scripts/fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz
