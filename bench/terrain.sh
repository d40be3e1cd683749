#!/usr/bin/env bash
# Terrain elevation lookups (issue 47): ns per TerrainModel.elevation over a 1" SRTM tile written
# by the simulator (sim/scenario.py --dem), read as pacerd reads it (DirectoryTileSource,
# memory-mapped): the first lookup, a track of points 3 m apart, points scattered over the tile
# (first touch and again). Peer, when installed: GDAL's gdallocationinfo over the same tile and
# the same track points, fed on standard input to one process, its start-up (one point) taken
# off. Best of RUNS runs of the peer; release build.
#   bench/terrain.sh [LOOKUPS]      (default 1000000; the peer reads PEER_POINTS, default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
count=${1:-1000000}
peer_points=${PEER_POINTS:-100000}
swift build -c release --product terrain-bench >&2
bin=$(swift build -c release --show-bin-path)/terrain-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 sim/scenario.py steady-run --seed 1 --out "$work" --dem "$work/dem" --quiet
tile=$(ls "$work/dem")
read -r lat lon < <(/usr/bin/python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["dem"]["checks"][0]; print(c[1], c[2])' \
    "$work/steady-run.truth.json")
printf 'tile %s (1", %s bytes), start %s %s\n' "$tile" "$(stat -c %s "$work/dem/$tile")" "$lat" "$lon"
printf 'Pacer (TerrainModel, bilinear, mmap):\n'
"$bin" --dem "$work/dem" --lat "$lat" --lon "$lon" --count "$count" --points "$work/points.txt"

if ! command -v gdallocationinfo >/dev/null; then
    printf 'peer: none on this machine (gdallocationinfo, Debian package gdal-bin, is not installed): absolute figures only\n'
    exit 0
fi
source bench/best-of.sh
version=$(gdallocationinfo --version | sed 's/,.*//')
# -r bilinear came with GDAL 3.10; before it gdallocationinfo reads the nearest post.
resampling=()
method="nearest post (no -r before GDAL 3.10)"
if gdallocationinfo --help 2>&1 | grep -q -- '-r '; then resampling=(-r bilinear); method="bilinear"; fi
head -n "$peer_points" "$work/points.txt" > "$work/peer.txt"
head -n 1 "$work/points.txt" > "$work/one.txt"
all=$(best sh -c "gdallocationinfo -valonly -wgs84 ${resampling[*]} '$work/dem/$tile' < '$work/peer.txt'")
one=$(best sh -c "gdallocationinfo -valonly -wgs84 ${resampling[*]} '$work/dem/$tile' < '$work/one.txt'")
printf 'peer: %s gdallocationinfo, %s, %s track points on stdin: %.3f s, start-up %.3f s\n' \
    "$version" "$method" "$peer_points" "$all" "$one"
printf 'peer: %.1f ns/lookup (parsing each line and printing each value included)\n' \
    "$(awk -v a="$all" -v b="$one" -v n="$peer_points" 'BEGIN { print (a - b) / (n - 1) * 1e9 }')"
