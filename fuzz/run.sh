#!/usr/bin/env bash
# Runs every fuzz target one after the other, SECONDS each (default 600), and prints one line per
# target: executions, seconds and the crash input if one was found. fuzz/run.sh [SECONDS]
# [TARGET...]; targets: nmea metar taf gatt journal extremes request reply config (default all). Builds
# what is missing first. Exits non-zero when any target found a crash.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}; shift || true
targets=${*:-nmea metar taf gatt journal extremes request reply config}
mkdir -p .build/fuzz/logs
status=0
for t in $targets; do
    log=.build/fuzz/logs/$t.log
    started=$(date +%s)
    case $t in
        nmea) fuzz/run-nmea.sh "$seconds" >"$log" 2>&1 ;;
        metar|taf) fuzz/run-weather.sh "$t" "$seconds" >"$log" 2>&1 ;;
        *) fuzz/run-inputs.sh "$t" "$seconds" >"$log" 2>&1 ;;
    esac
    rc=$?
    elapsed=$(( $(date +%s) - started ))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    [ $rc -ne 0 ] && status=1
    printf '%-8s %10s executions in %4ss  exit %d  %s\n' "$t" "${runs:-?}" "$elapsed" "$rc" "${crash:+crash: $crash}"
done
exit $status
