#!/usr/bin/env bash
# Crash endurance (issue #12): SIGKILLs pacerd N times at random moments of a recording and checks
# that no committed sample is lost, session ids stay unique and the journal opens.
#   bench/crash.sh [N]      (default 1000; about 3 s a kill)
# Not in CI: it takes long. Extra options go to bench/crash_bench.py (--seed, --rate, --keep).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product pacerd >&2
swift build --product pacerctl >&2
bin=$(swift build --show-bin-path)
n=${1:-1000}; shift || true
exec /usr/bin/python3 bench/crash_bench.py --pacerd "$bin/pacerd" --pacerctl "$bin/pacerctl" --kills "$n" "$@"
