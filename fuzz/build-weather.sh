#!/usr/bin/env bash
# Builds the libFuzzer target over PacerCore's METAR and TAF decoders as .build/fuzz/weather-fuzz
# (PACER_FUZZ=metar|taf picks the decoder at run time). Not part of the SwiftPM package.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/fuzz
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    fuzz/WeatherFuzzTarget.swift $(find Sources/PacerCore -name '*.swift' | sort) \
    -o .build/fuzz/weather-fuzz
echo ".build/fuzz/weather-fuzz"
