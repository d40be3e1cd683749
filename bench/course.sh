#!/usr/bin/env bash
# Course matching cost (issue 43): `pacerctl replay` of an hour at 10 Hz along a 300 km course
# (30 000 points) with and without `--course`, in the same run: the difference per epoch is
# what following the course costs (one minute of it off course, where the whole course ahead is
# searched). Then loading that course's GPX (`course info`) against starting pacerctl at all.
# Best of RUNS runs each, release build.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
km=${KM:-300}
swift build -c release --product pacerctl >/dev/null
bin=$(swift build -c release --show-bin-path)/pacerctl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 bench/gen_course.py "$work" "$km" 60
epochs=$(grep -c 'RMC' "$work/ride.nmea")
points=$(grep -c '<trkpt' "$work/course.gpx")

source bench/best-of.sh

without=$(best "$bin" replay --nmea "$work/ride.nmea" --activity ride --json)
with=$(best "$bin" replay --nmea "$work/ride.nmea" --activity ride --course "$work/course.gpx" --json)
load=$(best "$bin" course info "$work/course.gpx")
start=$(best "$bin" version)
printf 'course: %s points, %s bytes of GPX; ride: %s epochs at 10 Hz\n' "$points" "$(stat -c %s "$work/course.gpx")" "$epochs"
printf 'replay without a course            %8.3f s  %6.2f us/epoch\n' "$without" "$(awk -v t="$without" -v n="$epochs" 'BEGIN { print t / n * 1e6 }')"
printf 'replay with --course               %8.3f s  %6.2f us/epoch\n' "$with" "$(awk -v t="$with" -v n="$epochs" 'BEGIN { print t / n * 1e6 }')"
printf 'following the course costs         %8.2f us/epoch (%.1f %% of an epoch at 10 Hz)\n' \
    "$(awk -v a="$with" -v b="$without" -v n="$epochs" 'BEGIN { print (a - b) / n * 1e6 }')" \
    "$(awk -v a="$with" -v b="$without" -v n="$epochs" 'BEGIN { print (a - b) / n * 1e6 / 1e5 * 100 }')"
printf 'course info course.gpx             %8.3f s  (pacerctl version: %.3f s; loading: %.3f s)\n' "$load" "$start" \
    "$(awk -v a="$load" -v b="$start" 'BEGIN { print a - b }')"
"$bin" replay --nmea "$work/ride.nmea" --activity ride --course "$work/course.gpx" --events 2>/dev/null | grep -c '"type":"off_course"' |
    sed 's/^/off_course events in the ride: /'
