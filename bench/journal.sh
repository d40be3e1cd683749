#!/usr/bin/env bash
# History speed over a journal of 10 000 sessions (about three years of daily training):
# `pacerctl sessions` and `pacerctl stats --by week` against sqlite3 running the same listing
# and the same aggregation over the same sessions loaded into a table, in the same run; then
# `pacerctl goals`, `habits`, `awards` and `load` (each from scratch over the whole history)
# against sqlite3 computing only the daily totals they all start from.
# Every timing is a whole process (start, read, compute, print), median of RUNS runs.
# Last: journal bytes per hour at 1 Hz for both sensor sets against the #11 targets.
# Usage: bench/journal.sh [SESSIONS] [SAMPLES_PER_SESSION] [RUNS]
#        bench/journal.sh --size     (only the journal bytes per hour)
set -euo pipefail
cd "$(dirname "$0")/.."
sessions=${1:-10000}
samples=${2:-60}
runs=${3:-21}
command -v sqlite3 >/dev/null || { echo "sqlite3 missing: run scripts/install-deps" >&2; exit 1; }
# Release build with the Swift runtime and Foundation linked statically, as shipped on a board:
# dynamic loading of libFoundation alone costs more than the whole query otherwise.
# PACERCTL=path uses that binary instead (the size rows do not depend on the build mode).
if [ -z "${PACERCTL:-}" ]; then
    swift build -c release --static-swift-stdlib --product pacerctl >/dev/null
    pacerctl=$(swift build -c release --static-swift-stdlib --show-bin-path)/pacerctl
else
    pacerctl=$PACERCTL
fi
work=$(mktemp -d)
trap 'rm -rf "$work" "${shm:-}"' EXIT
journal=$work/journal

# Journal size per hour of 1 Hz recording, as pacerd writes it: replay frames a session by
# session time exactly as the daemon commits it (one samples frame a second at sync_interval_s
# = 1), so a replay's journal is the daemon's to the byte. The whole segment counts (header,
# sessionStart, laps, events, sessionEnd), over the session's elapsed time.
size_row() {  # scenario, activity, what it carries, target KB/h
    local dir="$work/size-$1"
    /usr/bin/python3 sim/scenario.py "$1" --seed 1 --rate 1 --out "$dir" --quiet
    "$pacerctl" replay --nmea "$dir/$1.nmea" --ble "$dir/$1.ble" --activity "$2" --journal "$dir/j" --json 2>/dev/null |
        /usr/bin/python3 -c 'import json, os, sys
s = json.load(sys.stdin); b = os.path.getsize(sys.argv[1]); h = s["elapsed_s"] / 3600; kb = b / h / 1000
print("journal 1 Hz %-10s %-44s %8d bytes in %5.2f h: %6.1f KB/h  target <= %s KB/h  %s" % (sys.argv[4], sys.argv[2], b, h, kb, sys.argv[3], "(target met)" if kb <= float(sys.argv[3]) else "(target MISSED)"))' \
        "$dir/j/segment-00000001.pjl" "$3" "$4" "$1"
}
journal_size() {
    size_row steady-run run "position, altitude, HR + RR, cadence, steps" 60
    size_row ride-10hz ride "position, altitude, HR + RR, power, cadence" 80
}
if [ "${1:-}" = "--size" ]; then journal_size; exit 0; fi

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
                      moving_s REAL, distance_m REAL, steps INTEGER, calories REAL, trimp REAL, summary TEXT);
INSERT INTO sessions SELECT CAST(json_extract(value,'\$.id') AS INTEGER), json_extract(value,'\$.activity'),
    json_extract(value,'\$.start'), CAST(round((julianday(json_extract(value,'\$.start')) - 2440587.5) * 86400000) AS INTEGER),
    json_extract(value,'\$.elapsed_s'), json_extract(value,'\$.moving_s'), json_extract(value,'\$.distance_m'),
    json_extract(value,'\$.steps'), json_extract(value,'\$.calories_kcal'), json_extract(value,'\$.trimp'), value
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
row() {  # name, pacer ms, sqlite ms, [target]: the issues' target (< 20 ms and faster than sqlite3)
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

# Motivation: local days in one zone for both (sqlite3's 'localtime' follows TZ as well).
export TZ=Europe/Berlin
cat >"$work/pacer.conf" <<CONF
[goals]
daily_distance_km = 5
daily_active_min = 30
weekly_distance_km = 30
weekly_sessions = 4
[habit morning-run]
activity = run
days = mon,wed,fri
min_distance_km = 3
remind_at = 07:30
[habit move]
days = weekly:3
min_minutes = 20
CONF
today=2026-01-01
day_sql="SELECT date(start_ms/1000,'unixepoch','localtime') AS day, count(*), sum(distance_m), sum(moving_s), sum(steps),
         sum(calories), sum(trimp) FROM sessions GROUP BY day ORDER BY day;"
# Same answer first: the daily stress of `load` is sqlite3's daily TRIMP sum on every day with sessions.
"$pacerctl" load --config "$work/pacer.conf" --journal "$journal" --today $today --json |
    /usr/bin/python3 -c 'import json,sys; [print(d["date"], "%.1f" % d["stress"]) for d in json.load(sys.stdin) if d["stress"] > 0]' >"$work/pacer.days"
sqlite3 -separator ' ' "$work/sessions.db" "$day_sql" | awk '{printf "%s %.1f\n", $1, $7}' >"$work/sqlite.days"
if paste -d' ' "$work/pacer.days" "$work/sqlite.days" | awk '{ if ($1 != $3 || ($2 - $4) > 0.11 || ($4 - $2) > 0.11) bad = 1 } END { exit bad }' &&
    [ "$(wc -l <"$work/pacer.days")" = "$(wc -l <"$work/sqlite.days")" ]; then
    echo "# load: same $(wc -l <"$work/pacer.days") training days and daily TRIMP as sqlite3 (local days, TZ=$TZ)"
else
    echo "# MISMATCH between pacerctl load and sqlite3:"; diff "$work/pacer.days" "$work/sqlite.days" | head; exit 1
fi
s=$(median sqlite3 "$work/sessions.db" "$day_sql")
for verb in goals habits awards load; do
    p=$(median "$pacerctl" $verb --config "$work/pacer.conf" --journal "$journal" --today $today --json)
    row "$verb --json" "$p" "$s" target
done

# Report (#17): `pacerctl report` over the same sessions (with the [goals] and [habit]s above).
# Full: into an empty folder, against `cp -r` copying the finished folder (the same files
# written by the kernel's shortest path). Incremental: after one new session is appended
# (outside the timing), against `pacerctl sessions` run at the same point (it too must first
# bring the index up to date with the new session). Targets: full < 2 s, incremental < 200 ms.
report_runs=${REPORT_RUNS:-5}
timed() {  # prints the wall time in ms of one run of a command (output discarded)
    local t0 t1
    t0=$EPOCHREALTIME; "$@" >/dev/null; t1=$EPOCHREALTIME
    awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f\n", (b-a)*1000}'
}
mid() { sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
report() { "$pacerctl" report --out "$1" --journal "$journal" --config "$work/pacer.conf" --today $today; }
# Each run writes a new folder and nothing is deleted until the end: ext4 makes file creation
# slow right after thousands of deletions, which a board making its first report never sees.
full=() copy=()
for ((i = 0; i < report_runs; i++)); do
    full+=("$(timed report "$work/report-$i")")
    copy+=("$(timed cp -r "$work/report-$i" "$work/report-copy-$i")")
done
report_out=$work/report-0
pages=$(ls "$report_out" | grep -c '^session-')
echo "# report: $pages session pages + index.html + sessions.html, $(du -sh "$report_out" | cut -f1) in all"
rm -rf "$work"/report-[1-9]* "$work"/report-copy-*
row_target() {  # name, pacer ms, peer name, peer ms, target ms
    awk -v n="$1" -v p="$2" -v pn="$3" -v s="$4" -v t="$5" 'BEGIN{printf "%-24s pacerctl %8.2f ms   %-18s %8.2f ms   peer/pacerctl %5.2fx  %s\n", n, p, pn, s, s/p, p < t ? "(target < " t " ms met)" : "(target < " t " ms MISSED)"}'
}
row_target "report (full)" "$(printf '%s\n' "${full[@]}" | mid)" "cp -r of its pages" "$(printf '%s\n' "${copy[@]}" | mid)" 2000
# The same in memory (tmpfs), when there is one: the part of the time that is pacerctl's own,
# not the disk's (this machine's disk is shared with other builds).
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
    shm=$(mktemp -d /dev/shm/pacer-report.XXXXXX)
    full=() copy=()
    for ((i = 0; i < report_runs; i++)); do
        full+=("$(timed report "$shm/report-$i")")
        copy+=("$(timed cp -r "$shm/report-$i" "$shm/report-copy-$i")")
        rm -rf "$shm/report-$i" "$shm/report-copy-$i"
    done
    rm -rf "$shm"
    row_target "report (full, tmpfs)" "$(printf '%s\n' "${full[@]}" | mid)" "cp -r of its pages" "$(printf '%s\n' "${copy[@]}" | mid)" 2000
fi
incremental=() listing=()
for ((i = 0; i < report_runs; i++)); do
    "$pacerctl" journal-synth --journal "$journal" --sessions 1 --samples "$samples" --no-sync
    cp -a "$journal" "$work/journal-peer"
    incremental+=("$(timed report "$report_out")")
    listing+=("$(timed "$pacerctl" sessions --journal "$work/journal-peer")")
    rm -rf "$work/journal-peer"
done
report "$report_out" | grep -q ' and 0 session pages written' || { echo "# MISMATCH: a report with nothing new rewrote session pages"; exit 1; }
row_target "report (+1 session)" "$(printf '%s\n' "${incremental[@]}" | mid)" "pacerctl sessions" "$(printf '%s\n' "${listing[@]}" | mid)" 200

# Strength (#15): `strength` and `evaluate` over 100 000 sets (5 000 sessions of 20 sets, each
# with SAMPLES heart-rate samples) against sqlite3 computing the per-exercise, per-session
# aggregates both start from (sets, top weight, reps, volume, best Epley) over the same sets
# in a table. Target: under 20 ms each.
sets=${STRENGTH_SETS:-100000}
strength=$work/strength
"$pacerctl" journal-synth --journal "$strength" --sets "$sets" --samples "$samples" --span-days 7500 --no-sync --sets-csv "$work/sets.csv"
du -sh "$strength" | sed "s/^/# strength journal ($sets sets) size: /"
t0=$EPOCHREALTIME
"$pacerctl" strength --journal "$strength" >/dev/null
t1=$EPOCHREALTIME
echo "# strength index rebuilt from the segments in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", (b-a)*1000}') ms (once, then cached): $(stat -c %s "$strength/strength.pjs") bytes"
sqlite3 "$work/sets.db" <<SQL
CREATE TABLE sets(session INTEGER, time_ms INTEGER, exercise TEXT, weight_kg REAL, reps INTEGER);
.import --csv --skip 1 $work/sets.csv sets
SQL
strength_sql="SELECT exercise, session, count(*), max(weight_kg), sum(reps), sum(weight_kg * reps), max(weight_kg * (1 + reps / 30.0))
              FROM sets GROUP BY exercise, session ORDER BY exercise, min(time_ms);"
# Same answer first: sessions and total volume per exercise.
"$pacerctl" strength --journal "$strength" --json |
    /usr/bin/python3 -c 'import json,sys
for e in sorted(json.load(sys.stdin)["exercises"], key=lambda e: e["exercise"]):
    print(e["exercise"].replace(" ", "_"), len(e["sessions"]), "%.1f" % sum(s["volume_kg"] for s in e["sessions"]))' >"$work/pacer.strength"
sqlite3 -separator ' ' "$work/sets.db" "SELECT replace(exercise, ' ', '_'), count(DISTINCT session), printf('%.1f', sum(weight_kg * reps))
    FROM sets GROUP BY exercise ORDER BY exercise;" >"$work/sqlite.strength"
if cmp -s "$work/pacer.strength" "$work/sqlite.strength"; then
    echo "# strength: same sessions and volume per exercise as sqlite3 ($(wc -l <"$work/pacer.strength") exercises, $(sqlite3 "$work/sets.db" 'select count(*) from sets') sets)"
else
    echo "# MISMATCH between pacerctl strength and sqlite3:"; diff "$work/pacer.strength" "$work/sqlite.strength" | head; exit 1
fi
row20() {  # name, pacer ms, sqlite ms: the strength target is under 20 ms
    awk -v n="$1" -v p="$2" -v s="$3" 'BEGIN{printf "%-24s pacerctl %8.2f ms   sqlite3 %8.2f ms   ratio sqlite3/pacerctl %5.2fx  %s\n", n, p, s, s/p, p < 20 ? "(target < 20 ms met)" : "(target < 20 ms MISSED)"}'
}
s=$(median sqlite3 "$work/sets.db" "$strength_sql")
p=$(median "$pacerctl" strength --journal "$strength" --json); row20 "strength --json" "$p" "$s"
p=$(median "$pacerctl" strength --journal "$strength"); row20 "strength" "$p" "$s"
p=$(median "$pacerctl" evaluate --journal "$strength" --json); row20 "evaluate --json" "$p" "$s"
journal_size
