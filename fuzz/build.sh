#!/usr/bin/env bash
# Builds the libFuzzer target over PacerCore's NMEA path (framer, decoders, fix assembly,
# parse output) as .build/fuzz/nmea-fuzz. Separate from the SwiftPM package on purpose:
# `swift build` and `swift test` never compile it.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz
# -parse-as-library: no Swift main; libFuzzer (linked by -sanitize=fuzzer) provides it.
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    fuzz/NMEAFuzzTarget.swift $(find Sources/PacerCore -name '*.swift' | sort) \
    -o .build/fuzz/nmea-fuzz
echo ".build/fuzz/nmea-fuzz"
