#!/usr/bin/env bash
# Runs one target of InputsFuzzTarget.swift: fuzz/run-inputs.sh gatt|journal|extremes|request|reply|config
# [SECONDS, default 600], seeded by fuzz/seeds.py. Crashes land in .build/fuzz/artifacts-TARGET/;
# the grown corpus in .build/fuzz/work-TARGET/.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?gatt, journal, extremes, request, reply or config}; seconds=${2:-600}
[ -x .build/fuzz/inputs-fuzz ] || fuzz/build-inputs.sh
seeds=.build/fuzz/seeds-$kind; work=.build/fuzz/work-$kind; artifacts=.build/fuzz/artifacts-$kind
mkdir -p "$work" "$artifacts"
python=/usr/bin/python3; [ -x "$python" ] || python=python3
"$python" fuzz/seeds.py "$kind" "$seeds"
maxlen=4096; [ "$kind" = journal ] && maxlen=65536
PACER_FUZZ=$kind SWIFT_BACKTRACE=enable=no exec .build/fuzz/inputs-fuzz -max_total_time="$seconds" \
    -max_len="$maxlen" -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" "$seeds"
