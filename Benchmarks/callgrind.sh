#!/usr/bin/env bash
# Instruction counts of each contestant of a workload, its timed part only:
# repeatable whatever else the machine does (machines here are noisy).
#
#   Benchmarks/callgrind.sh WORKLOAD [ROWS] [CONTESTANTS...]
#   Benchmarks/callgrind.sh update.history 200000 plume plain floor
#
# Prints one line per contestant: its instructions, and its ratio to the
# last contestant named.
set -euo pipefail
cd "$(dirname "$0")"
workload="$1"; rows="${2:-200000}"; shift 2 || true
if [ $# -gt 0 ]; then contestants=("$@"); else contestants=(plume plain floor); fi
swift build -c release >/dev/null
# valgrind 3.19 cannot read the DWARF 5 of Swift's debug info: a copy without it.
binary=$(mktemp)
cp .build/release/plume-benchmarks "$binary"
strip --strip-debug "$binary"
chmod +x "$binary"
trap 'rm -f "$binary"' EXIT
declare -A counts
for contestant in ${contestants[@]}; do
    out=$(mktemp)
    PLUME_BENCH_ONLY="$contestant" PLUME_BENCH_MAIN_THREAD=1 valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='*measuredRun*' --callgrind-out-file="$out" \
        "$binary" --filter "$workload\$" --iterations 1 --rows "$rows" >/dev/null 2>&1
    callgrind_annotate "$out" > "$out.txt" 2>/dev/null
    counts[$contestant]=$(awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}' "$out.txt")
    rm -f "$out.txt"
    rm -f "$out"
done
last="${contestants[-1]}"
for contestant in ${contestants[@]}; do
    awk -v name="$contestant" -v n="${counts[$contestant]}" -v base="${counts[$last]}" -v w="$workload" \
        'BEGIN { printf "%s %s: %.0f instructions (%.3f× %s)\n", w, name, n, n / base, "'"$last"'" }'
done
