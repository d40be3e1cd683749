#!/usr/bin/env bash
# Runs the NMEA fuzzer for SECONDS (default 600), seeded with every NMEA capture of
# ../shared/corpus cut into pieces of at most 3000 bytes at line ends.
# Crashes land in .build/fuzz/artifacts/; the growing corpus in .build/fuzz/work/.
taf [SECONDS] (fuzz/README.md).|taf [SECONDS] (fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
[ -x .build/fuzz/nmea-fuzz ] || fuzz/build.sh
mkdir -p .build/fuzz/seeds .build/fuzz/work .build/fuzz/artifacts
python=/usr/bin/python3; [ -x "$python" ] || python=python3
"$python" - <<'PY'
import glob, os
out = ".build/fuzz/seeds"
for f in sorted(glob.glob("../shared/corpus/gpsd/*.log") + glob.glob("../shared/corpus/nmea/*.log")):
    data = open(f, "rb").read()
    i = 0
    while i < len(data):
        j = min(i + 3000, len(data))
        k = data.rfind(b"\n", i, j)
        if j < len(data) and k > i:
            j = k + 1
        open(os.path.join(out, "%s.%07d" % (os.path.basename(f), i)), "wb").write(data[i:j])
        i = j
PY
SWIFT_BACKTRACE=enable=no exec .build/fuzz/nmea-fuzz -max_total_time="$seconds" -max_len=4096 \
    -print_final_stats=1 -artifact_prefix=.build/fuzz/artifacts/ .build/fuzz/work .build/fuzz/seeds
