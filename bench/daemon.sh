#!/usr/bin/env bash
# pacerd vs gpsd on the same 10 Hz NMEA (issue 7's benchmark): peak RSS, CPU time, and the
# latency from an epoch written on the pty to a watcher receiving the report. Release build,
# Swift runtime linked statically as for installation (the README's Pi instructions). pacerd
# records a session while a second client asks for the session list 10 times a second.
# `bench/socket_send.py` prints what one STATE and one SESSIONS reply cost the kernel alone.
#   bench/daemon.sh [SECONDS]      (default 180)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps
swift build -c release --static-swift-stdlib --product pacerd >&2
swift build -c release --static-swift-stdlib --product pacerctl >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
exec /usr/bin/python3 bench/daemon_bench.py --pacerd "$bin/pacerd" --pacerctl "$bin/pacerctl" --seconds "${1:-180}"
