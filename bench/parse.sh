#!/usr/bin/env bash
# Benchmark, not a test: `pacerctl parse --json` against gpsd's `gpsdecode -j` and pynmea2 on a
# generated 2-hour 10 Hz log (GGA+RMC every epoch, GSA+VTG every second, ~12 MB), timed in the
# same run (RUNS runs each, default 5), then peak RSS of pacerctl on that log and on a 10x larger
# one (it must not grow with the input). Needs gpsd-clients and time (scripts/install-deps) and
# reaches PyPI once to install pynmea2 into a venv under .build/bench.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
work=.build/bench
mkdir -p "$work"
python=/usr/bin/python3; [ -x "$python" ] || python=python3
swift build -c release >/dev/null
pacerctl=.build/release/pacerctl
[ -s "$work/2h-10hz.nmea" ] || "$python" bench/gen_nmea.py 2 "$work/2h-10hz.nmea"
[ -s "$work/20h-10hz.nmea" ] || "$python" bench/gen_nmea.py 20 "$work/20h-10hz.nmea"
if [ ! -x "$work/venv/bin/python" ] || ! "$work/venv/bin/python" -c "import pynmea2" 2>/dev/null; then
    "$python" -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet pynmea2
fi
echo "pynmea2 $("$work/venv/bin/python" -c 'import pynmea2; print(pynmea2.version)'), $(gpsdecode -V 2>&1 | head -1)"

"$python" bench/parse_bench.py "$runs" "$work/2h-10hz.nmea" \
    "pacerctl=$pacerctl parse --json" \
    "gpsdecode=sh -c 'exec gpsdecode -j < \"\$0\"'" \
    "pynmea2=$work/venv/bin/python bench/pynmea2_parse.py"

echo "peak RSS (GNU time, max resident set):"
for f in "$work/2h-10hz.nmea" "$work/20h-10hz.nmea"; do
    mb=$(( $(stat -c %s "$f") / 1000000 ))
    /usr/bin/time -o "$work/rss" -f "%M" "$pacerctl" parse --json "$f" > /dev/null 2>&1
    rss=$(tail -1 "$work/rss")
    /usr/bin/time -o "$work/rss" -f "%M" sh -c 'exec gpsdecode -j < "$0"' "$f" > /dev/null 2>&1
    grss=$(tail -1 "$work/rss")
    echo "  $(basename "$f") ${mb} MB: pacerctl ${rss} KB, gpsdecode ${grss} KB"
done
