#!/usr/bin/env bash
# Runs the METAR or TAF fuzzer: fuzz/run-weather.sh metar|taf [SECONDS, default 600], seeded
# with the real reports of Tests/PacerCoreTests/{METAR,TAF}DecoderTests.swift (one per file).
# Crashes land in .build/fuzz/artifacts-KIND/; the grown corpus in .build/fuzz/work-KIND/.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?metar or taf}; seconds=${2:-600}
[ -x .build/fuzz/weather-fuzz ] || fuzz/build-weather.sh
seeds=.build/fuzz/seeds-$kind; work=.build/fuzz/work-$kind; artifacts=.build/fuzz/artifacts-$kind
mkdir -p "$seeds" "$work" "$artifacts"
tests=Tests/PacerCoreTests/METARDecoderTests.swift; [ "$kind" = taf ] && tests=Tests/PacerCoreTests/TAFDecoderTests.swift
python=/usr/bin/python3; [ -x "$python" ] || python=python3
"$python" - "$tests" "$seeds" <<'PY'
import sys
src, out = open(sys.argv[1]).read(), sys.argv[2]
n = 0
for part in src.split('decode("')[1:]:
    report = part.split('")')[0]
    if len(report) > 3:
        open("%s/%03d" % (out, n), "w").write(report); n += 1
PY
PACER_FUZZ=$kind SWIFT_BACKTRACE=enable=no exec .build/fuzz/weather-fuzz -max_total_time="$seconds" -max_len=1024 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "$seeds"
