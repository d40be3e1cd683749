#!/usr/bin/env bash
# Builds the libFuzzer target over Pacer's other outside inputs (GATT values, journal bytes,
# socket requests, server replies, config files) as .build/fuzz/inputs-fuzz; PACER_FUZZ picks
# the target at run time. Not part of the SwiftPM package.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    fuzz/InputsFuzzTarget.swift fuzz/JournalExtremes.swift $(find Sources/PacerCore -name '*.swift' | sort) \
    -o .build/fuzz/inputs-fuzz
echo ".build/fuzz/inputs-fuzz"
