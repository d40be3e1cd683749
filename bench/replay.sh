#!/usr/bin/env bash
# Replay benchmark (issue 3): `pacerctl replay` of the 2-hour 10 Hz ride with heart rate,
# timed in the same run as gpsd's `gpsdecode -j` decoding the same NMEA (a decoder only, no
# metrics). Prints both, best of N runs each, and the ratio. Target: replay >= 5x faster, goal 10x.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
seed=${SEED:-1}
command -v gpsdecode >/dev/null || { echo "gpsdecode missing: run scripts/install-deps" >&2; exit 1; }
swift build -c release --product pacerctl >/dev/null
bin=$(swift build -c release --show-bin-path)/pacerctl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 sim/scenario.py ride-10hz --seed "$seed" --out "$work" --quiet
nmea=$work/ride-10hz.nmea ble=$work/ride-10hz.ble
epochs=$(grep -c 'RMC' "$nmea")

source bench/best-of.sh

gpsdecode_s=$(best sh -c "gpsdecode -j < '$nmea'")
replay_s=$(best "$bin" replay --nmea "$nmea" --ble "$ble" --activity ride --json)
printf 'input: %s (%s epochs at 10 Hz, %s bytes) + %s heart-rate notifications\n' \
    "ride-10hz seed $seed" "$epochs" "$(stat -c %s "$nmea")" "$(grep -c 2a37 "$ble")"
printf 'gpsdecode -j < ride.nmea                          %8.3f s\n' "$gpsdecode_s"
printf 'pacerctl replay --nmea ride.nmea --ble ride.ble --json %8.3f s\n' "$replay_s"
printf 'replay is %.1fx faster than gpsdecode (target 5x, goal 10x)\n' "$(awk -v g="$gpsdecode_s" -v r="$replay_s" 'BEGIN { print g / r }')"
"$bin" replay --nmea "$nmea" --ble "$ble" --activity ride --json | head -c 300; echo
