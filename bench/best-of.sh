# Sourced by bench scripts: `best CMD [ARG ...]` prints the best wall time in seconds (4 decimals)
# of $runs runs of the command, its output discarded.
best() {
    local best="" s e t
    for _ in $(seq "$runs"); do
        s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
        t=$(awk -v a="$s" -v b="$e" 'BEGIN { printf "%.4f", b - a }')
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}
