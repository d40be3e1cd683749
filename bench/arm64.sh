#!/usr/bin/env bash
# The Raspberry Pi build's figures (issue: Pacer on the Raspberry Pi, for real):
#   - the arm64 and x86_64 release binaries' sizes, as built and as packaged (stripped);
#   - the packages' installed sizes (arm64, amd64);
#   - the cross-build's time, cold (a new chroot in a scratch cache, then the build) and cached
#     (the chroot there, the build from an empty build folder);
#   - `pacerctl replay` of the 2-hour 10 Hz ride with heart rate, arm64 under qemu-user beside
#     the native x86_64 build in the same run: a sanity figure for emulation, not a Pi figure.
#   bench/arm64.sh [--no-cold]     (--no-cold: skip the cold cross-build, about 5 minutes)
# Needs root (the chroot) and the Debian archive, like scripts/cross-build.
set -euo pipefail
cd "$(dirname "$0")/.."
cold=1; [ "${1:-}" = --no-cold ] && cold=0
runs=${RUNS:-3}
work=$(mktemp -d /tmp/pacer-bench-arm64.XXXXXX)
trap 'rm -rf "$work"' EXIT
seconds() { local s=$SECONDS; "$@" >"$work/out.log" 2>&1 || { cat "$work/out.log" >&2; exit 1; }; echo $((SECONDS - s)); }

if ((cold)); then
    # A cache of its own (not under /tmp, which the chroot binds), removed afterwards.
    scratch_cache=/var/cache/pacer-cross-bench
    rm -rf "$scratch_cache" .build/cross/arm64-build
    cold_s=$(seconds env PACER_CROSS_CACHE="$scratch_cache" scripts/cross-build arm64 --out "$work/cold")
    rm -rf "$scratch_cache"
fi
scripts/cross-build arm64 >/dev/null 2>&1   # the cache, made if missing: not timed
rm -rf .build/cross/arm64-build
cached_s=$(seconds scripts/cross-build arm64)
swift build -c release --static-swift-stdlib >/dev/null
scripts/cross-build amd64 >/dev/null 2>&1
scripts/package arm64 --out "$work/deb" --no-check 2>/dev/null
scripts/package amd64 --out "$work/deb" --no-check 2>/dev/null

size() { stat -c %s "$1" | awk '{ printf "%.1f MB", $1 / 1e6 }'; }
installed() { dpkg-deb -f "$1" Installed-Size | awk '{ printf "%.1f MB", $1 / 1e3 }'; }
printf '%-34s %12s %12s\n' "" pacerd pacerctl
printf '%-34s %12s %12s\n' "x86_64, .build/release (Swift $(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p'))" \
    "$(size .build/release/pacerd)" "$(size .build/release/pacerctl)"
printf '%-34s %12s %12s\n' "amd64, trixie (Swift 6.0.3)" "$(size .build/cross/amd64/pacerd)" "$(size .build/cross/amd64/pacerctl)"
printf '%-34s %12s %12s\n' "arm64, trixie (Swift 6.0.3)" "$(size .build/cross/arm64/pacerd)" "$(size .build/cross/arm64/pacerctl)"
for deb in "$work"/deb/*.deb; do
    mkdir -p "$work/x" && dpkg-deb -x "$deb" "$work/x"
    printf '%-34s %12s %12s   package %s, installed %s\n' "$(dpkg-deb -f "$deb" Architecture), stripped in the package" \
        "$(size "$work/x/usr/bin/pacerd")" "$(size "$work/x/usr/bin/pacerctl")" "$(size "$deb")" "$(installed "$deb")"
    rm -rf "$work/x"
done
((cold)) && printf 'cross-build arm64, cold (new chroot + build): %d s\n' "$cold_s"
printf 'cross-build arm64, cached (build only):      %d s\n' "$cached_s"

/usr/bin/python3 sim/scenario.py ride-10hz --seed 1 --out "$work" --quiet
source bench/best-of.sh
args=(replay --nmea "$work/ride-10hz.nmea" --ble "$work/ride-10hz.ble" --activity ride --json)
native=$(best .build/release/pacerctl "${args[@]}")
emulated=$(best scripts/target-run arm64 .build/cross/arm64/pacerctl "${args[@]}")
printf 'replay of ride-10hz (72 000 epochs), best of %d: x86_64 native %.3f s, arm64 under qemu-user %.3f s (%.1fx)\n' \
    "$runs" "$native" "$emulated" "$(awk -v a="$emulated" -v b="$native" 'BEGIN { print a / b }')"
