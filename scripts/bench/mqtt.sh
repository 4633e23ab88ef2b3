#!/usr/bin/env bash
# MQTT: a tap to its message at a subscriber on a local mosquitto, beside mosquitto_pub; a 10,000-event drain.
set -euo pipefail
"$BIN/memberdesk-bench" mqtt "${MQTT_BENCH_TAPS:-200}"
