#!/usr/bin/env bash
# A phone held to the reader, Apple Wallet (VAS) then Google Wallet (Smart Tap): phone-to-commit latency (p50/p99 over
# WALLET_TAPS taps, default 200) through real pcscd and the virtual phone, beside a bare client
# sending the same APDUs, as a ratio. (scripts/bench/wallet.sh is pass making, not reading.)
# Starts its own pcscd when none is running (and stops it afterwards).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/release}
"$BIN/memberdesk-bench" wallet-reading "${WALLET_TAPS:-200}"
