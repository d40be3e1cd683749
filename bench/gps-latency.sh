#!/usr/bin/env bash
# Latency from writing one NMEA epoch into a pty to its fix leaving Pacer's GPS source
# adapter (the handler call), p50/p90/p99/max over N epochs written one at a time (issue 5:
# target p99 < 2 ms). The peer, measured in the same run on the same kind of pty: gpsd 3.22
# reading the pty, and Pacer's libgps source reading gpsd. Release build.
#   bench/gps-latency.sh [EPOCHS]      (default 10000)
# Figures depend on load: the pty hands bytes to the reader through a kernel work queue,
# so on a busy 2-core machine the tail is scheduling, not decoding.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps
swift build -c release --product gps-latency >&2
exec "$(swift build -c release --show-bin-path)/gps-latency" --epochs "${1:-10000}"
