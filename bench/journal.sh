#!/usr/bin/env bash
# History speed over a journal of 10 000 sessions (about three years of daily training):
# `pacerctl sessions` and `pacerctl stats --by week` against sqlite3 running the same listing
# and the same aggregation over the same sessions loaded into a table, in the same run.
# Every timing is a whole process (start, read, compute, print), median of RUNS runs.
# Last: journal bytes per hour at 1 Hz with and without power (`pacerctl journal-size`).
# Usage: bench/journal.sh [SESSIONS] [SAMPLES_PER_SESSION] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
sessions=${1:-10000}
samples=${2:-60}
runs=${3:-21}
command -v sqlite3 >/dev/null || { echo "sqlite3 missing: run scripts/install-deps" >&2; exit 1; }
# Release build with the Swift runtime and Foundation linked statically, as shipped on a board:
# dynamic loading of libFoundation alone costs more than the whole query otherwise.
swift build -c release --static-swift-stdlib --product pacerctl >/dev/null
pacerctl=$(swift build -c release --static-swift-stdlib --show-bin-path)/pacerctl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
journal=$work/journal

echo "# writing $sessions synthetic sessions ($samples samples each) into $journal"
"$pacerctl" journal-synth --journal "$journal" --sessions "$sessions" --samples "$samples" --no-sync
du -sh "$journal" | sed 's/^/# journal size: /'
t0=$EPOCHREALTIME
"$pacerctl" sessions --journal "$journal" >/dev/null
t1=$EPOCHREALTIME
echo "# index rebuilt from the segments in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", (b-a)*1000}') ms (once, then cached)"
ls -l "$journal/index.pjx" | awk '{print "# index size: " $5 " bytes"}'

# The same sessions in a SQLite table (summary columns + the full JSON), from pacerctl's JSON.
"$pacerctl" sessions --journal "$journal" --json >"$work/sessions.json"
sqlite3 "$work/sessions.db" <<SQL
CREATE TABLE sessions(id INTEGER PRIMARY KEY, activity TEXT, start TEXT, start_ms INTEGER, elapsed_s REAL,
                      moving_s REAL, distance_m REAL, steps INTEGER, calories REAL, summary TEXT);
INSERT INTO sessions SELECT CAST(json_extract(value,'\$.id') AS INTEGER), json_extract(value,'\$.activity'),
    json_extract(value,'\$.start'), CAST(round((julianday(json_extract(value,'\$.start')) - 2440587.5) * 86400000) AS INTEGER),
    json_extract(value,'\$.elapsed_s'), json_extract(value,'\$.moving_s'), json_extract(value,'\$.distance_m'),
    json_extract(value,'\$.steps'), json_extract(value,'\$.calories_kcal'), value
  FROM json_each(readfile('$work/sessions.json'));
SQL
echo "# sqlite3 table: $(sqlite3 "$work/sessions.db" 'select count(*) from sessions') rows, $(sqlite3 --version | cut -d' ' -f1)"

list_sql="SELECT id, start, activity, round(distance_m/1000,2), moving_s, elapsed_s FROM sessions ORDER BY id;"
week_sql="SELECT date(start_ms/1000,'unixepoch','weekday 0','-6 days') AS week, count(*), round(sum(distance_m),2),
          round(sum(moving_s),3), sum(steps), round(sum(calories),1) FROM sessions GROUP BY week ORDER BY week;"

# Same answer first: sessions per week and distance per week agree.
"$pacerctl" stats --by week --journal "$journal" --json |
    /usr/bin/python3 -c 'import json,sys; [print(b["sessions"], "%.2f" % b["distance_m"]) for b in json.load(sys.stdin)]' >"$work/pacer.weeks"
sqlite3 -separator ' ' "$work/sessions.db" "$week_sql" | awk '{printf "%d %.2f\n", $2, $3}' >"$work/sqlite.weeks"
# (the table was loaded from JSON with distances rounded to cm: allow 1 cm per session)
if paste -d' ' "$work/pacer.weeks" "$work/sqlite.weeks" |
    awk '{ if ($1 != $3 || ($2 - $4) > 0.01 * $1 || ($4 - $2) > 0.01 * $1) bad = 1 } END { exit bad }' &&
    [ "$(wc -l <"$work/pacer.weeks")" = "$(wc -l <"$work/sqlite.weeks")" ]; then
    echo "# stats --by week: same $(wc -l <"$work/pacer.weeks") weeks as sqlite3 (sessions and distance per week)"
else
    echo "# MISMATCH between pacerctl stats and sqlite3:"; diff "$work/pacer.weeks" "$work/sqlite.weeks" | head; exit 1
fi

# median wall time in ms of RUNS runs of a command (output discarded)
median() {
    local times=() i t0 t1
    for ((i = 0; i < runs; i++)); do
        t0=$EPOCHREALTIME; "$@" >/dev/null; t1=$EPOCHREALTIME
        times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", (b-a)*1000}')")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'
}
row() {  # name, pacer ms, sqlite ms, [target]: the issue's target (< 20 ms and faster than sqlite3) applies to list and stats
    awk -v n="$1" -v p="$2" -v s="$3" -v t="${4:-}" 'BEGIN{printf "%-24s pacerctl %8.2f ms   sqlite3 %8.2f ms   ratio sqlite3/pacerctl %5.2fx  %s\n", n, p, s, s/p, t == "" ? "(no target)" : (p < 20 && p < s) ? "(target met)" : "(target MISSED)"}'
}
p=$(median "$pacerctl" sessions --journal "$journal"); s=$(median sqlite3 "$work/sessions.db" "$list_sql")
row "list sessions" "$p" "$s" target
p=$(median "$pacerctl" stats --by week --journal "$journal"); s=$(median sqlite3 "$work/sessions.db" "$week_sql")
row "stats --by week" "$p" "$s" target
p=$(median "$pacerctl" sessions --json --journal "$journal"); s=$(median sqlite3 "$work/sessions.db" "SELECT summary FROM sessions ORDER BY id;")
row "list sessions --json" "$p" "$s"
p=$(median "$pacerctl" version); s=$(median sqlite3 ":memory:" "select 1;")
row "process start (baseline)" "$p" "$s"

# Journal size at 1 Hz as the daemon commits it (one samples frame a second), on simulated runs
# with their real noise: steady-run (GPS position + altitude + speed, strap HR + RR, footpod
# cadence + steps), replayed into a journal and re-encoded; then again with a power model added.
for seed in 1 2; do
    /usr/bin/python3 sim/scenario.py steady-run --seed "$seed" --out "$work/size" --quiet
    mv "$work/size/steady-run.nmea" "$work/size/run$seed.nmea"; mv "$work/size/steady-run.ble" "$work/size/run$seed.ble"
    "$pacerctl" replay --nmea "$work/size/run$seed.nmea" --ble "$work/size/run$seed.ble" --journal "$work/size/journal" >/dev/null 2>&1
done
size_row() {  # name, target bytes/hour, pacerctl journal-size output
    awk -v n="$1" -v t="$2" -v line="$3" 'BEGIN{split(line, f, " "); printf "%-44s %7d bytes/hour  target %d  ratio %.2f  %s  (%s)\n", n, f[1], t, f[1]/t, f[1] <= t ? "(target met)" : "(target MISSED)", line}'
}
size_row "journal 1 Hz: position, alt, speed, HR+RR, cad, steps" 60000 "$("$pacerctl" journal-size --journal "$work/size/journal")"
size_row "journal 1 Hz: the same + power" 80000 "$("$pacerctl" journal-size --journal "$work/size/journal" --power)"
