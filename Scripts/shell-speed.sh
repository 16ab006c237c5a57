#!/usr/bin/env bash
# Runs sqlite3 and the release plume side by side, alternately, on the same
# queries, and prints the ratios (issue 26's targets are ratios, not times).
#
#   Scripts/shell-speed.sh [RUNS]          (default 3: best of 3 each)
#
# Environment: PLUME (default the installed build,
# .build-release/release/plume from Scripts/build-release.sh, then
# .build/release/plume), SQLITE3 (default sqlite3), ROWS (default 1000000),
# DATA (where the databases are made once, default /tmp/plume-shell-speed),
# MODES (default: every output mode), STARTS (start-up runs, default 50),
# SKIP (words among: item mixed watch start).
#
# Each cell is the best wall time of RUNS and the peak RSS of that run
# (`/usr/bin/time -f '%e %M'`), output to /dev/null. Do not run it while a
# build runs on the same machine: ratios within one run only.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS="${1:-3}"
ROWS="${ROWS:-1000000}"
DATA="${DATA:-/tmp/plume-shell-speed}"
SQLITE3="${SQLITE3:-sqlite3}"
STARTS="${STARTS:-50}"
SKIP="${SKIP:-}"
MODES="${MODES:-list csv json line column box table markdown quote html tabs ascii insert}"
if [[ -z "${PLUME:-}" ]]; then
    for candidate in .build-release/release/plume .build/release/plume; do
        [[ -x "$candidate" ]] && PLUME="$candidate" && break
    done
fi
[[ -x "${PLUME:-}" ]] || { echo "no release plume: Scripts/build-release.sh" >&2; exit 1; }

mkdir -p "$DATA"
DB="$DATA/speed-$ROWS.sqlite"
if [[ ! -f "$DB" ]]; then
    echo "making $DB ($ROWS rows per table)…" >&2
    "$SQLITE3" "$DB.tmp" <<SQL
CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, v REAL);
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < $ROWS)
INSERT INTO item SELECT x, 'item ' || x, x * 1.25 + 0.1 FROM c;
CREATE TABLE mixed(id INTEGER PRIMARY KEY, label TEXT, amount REAL, maybe INTEGER, data BLOB, note TEXT);
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < $ROWS)
INSERT INTO mixed SELECT x,
    CASE x % 4 WHEN 0 THEN 'it''s "quoted", ' || x WHEN 1 THEN 'café ' || x WHEN 2 THEN '日本語 ' || x ELSE 'plain' || x END,
    CASE WHEN x % 5 = 0 THEN NULL ELSE x / 7.0 END,
    CASE WHEN x % 3 = 0 THEN NULL ELSE x * 1000003 END,
    CASE WHEN x % 2 = 0 THEN NULL ELSE randomblob(6) END,
    CASE WHEN x % 7 = 0 THEN 'line one' || char(10) || 'line <two> & more' ELSE 'note ' || x END
FROM c;
SQL
    mv "$DB.tmp" "$DB"
fi

TIMES="$DATA/time.$$"
trap 'rm -f "$TIMES" "$TIMES.err"' EXIT

# best TOOL ARGS…: runs RUNS times; prints "seconds peakKB" of the fastest.
best() {
    local best_s="" best_kb=""
    for ((run = 0; run < RUNS; run++)); do
        if ! /usr/bin/time -o "$TIMES" -f '%e %M' "$@" >/dev/null 2>"$TIMES.err" </dev/null; then
            echo "failed: $* ($(head -c 200 "$TIMES.err"))" >&2
        fi
        tail -n 1 "$TIMES" > "$TIMES.last" && mv "$TIMES.last" "$TIMES"
        read -r s kb < "$TIMES"
        if [[ -z "$best_s" ]] || awk -v a="$s" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then
            best_s=$s; best_kb=$kb
        fi
    done
    echo "$best_s $best_kb"
}

# Alternates the two shells run by run, so that load hits both alike.
compare() {
    local label=$1; shift
    local sqlite_args=() plume_args=()
    while [[ $1 != "--" ]]; do sqlite_args+=("$1"); shift; done; shift
    plume_args=("$@")
    local s_s=99999 s_kb=0 p_s=99999 p_kb=0
    for ((round = 0; round < RUNS; round++)); do
        read -r s kb < <(RUNS=1 best "$SQLITE3" "${sqlite_args[@]}")
        if awk -v a="$s" -v b="$s_s" 'BEGIN { exit !(a < b) }'; then s_s=$s; s_kb=$kb; fi
        read -r s kb < <(RUNS=1 best "$PLUME" "${plume_args[@]}")
        if awk -v a="$s" -v b="$p_s" 'BEGIN { exit !(a < b) }'; then p_s=$s; p_kb=$kb; fi
    done
    awk -v l="$label" -v ss="$s_s" -v sk="$s_kb" -v ps="$p_s" -v pk="$p_kb" 'BEGIN {
        printf "| %-22s | %6.2f s %5.0f MB | %6.2f s %5.0f MB | %5.2f× | %5.2f× |\n",
            l, ss, sk / 1024, ps, pk / 1024, (ss > 0 ? ps / ss : 0), (sk > 0 ? pk / sk : 0) }'
}

header() {
    echo
    echo "$1"
    echo "| query                  | sqlite3            | plume              | time  | memory |"
    echo "|------------------------|--------------------|--------------------|-------|--------|"
}

# The options that choose a mode, in MODE_ARGS (sqlite3 3.40 has no
# -insert).
mode_args() {
    case $1 in
        insert) MODE_ARGS=(-cmd ".mode insert") ;;
        *) MODE_ARGS=("-$1") ;;
    esac
}

echo "plume: $PLUME; sqlite3 $("$SQLITE3" -version | cut -d' ' -f1); $ROWS rows; best of $RUNS"
for table in item mixed; do
    [[ " $SKIP " == *" $table "* ]] && continue
    if [[ $table == item ]]; then query="SELECT id, name, v FROM item ORDER BY id"
    else query="SELECT * FROM mixed ORDER BY id"; fi
    header "$query, to /dev/null"
    for mode in $MODES; do
        mode_args "$mode"
        compare "$mode" "${MODE_ARGS[@]}" "$DB" "$query" -- "${MODE_ARGS[@]}" "$DB" "$query"
    done
done

if [[ " $SKIP " != *" watch "* ]]; then
    # Time until plume watch has printed its initial line (it then waits
    # for changes: stopped there), against sqlite3 -json of the same query.
    header "initial state: plume watch --format jsonl against sqlite3 -json"
    query="SELECT id, name, v FROM item ORDER BY id"
    watch_best=99999
    sqlite_best=99999
    for ((round = 0; round < RUNS; round++)); do
        read -r s _ < <(RUNS=1 best "$SQLITE3" -json "$DB" "$query")
        if awk -v a="$s" -v b="$sqlite_best" 'BEGIN { exit !(a < b) }'; then sqlite_best=$s; fi
        w=$(python3 - "$PLUME" "$DB" "$query" <<'PY'
import subprocess, sys, time
start = time.monotonic()
process = subprocess.Popen([sys.argv[1], "watch", sys.argv[2], sys.argv[3], "--format", "jsonl"],
                           stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
while True:
    chunk = process.stdout.read1(1 << 20)
    if not chunk or b"\n" in chunk:
        break
elapsed = time.monotonic() - start
process.terminate()
process.wait()
print(f"{elapsed:.2f}")
PY
)
        if awk -v a="$w" -v b="$watch_best" 'BEGIN { exit !(a < b) }'; then watch_best=$w; fi
    done
    awk -v ss="$sqlite_best" -v ps="$watch_best" 'BEGIN {
        printf "| %-22s | %6.2f s           | %6.2f s           | %5.2f× |        |\n", "watch initial", ss, ps, ps / ss }'
fi

if [[ " $SKIP " != *" start "* ]]; then
    header "start-up: $STARTS runs of :memory: \"SELECT 1\""
    startup() {
        local start end
        start=$(date +%s%N)
        for ((run = 0; run < STARTS; run++)); do "$1" :memory: "SELECT 1" >/dev/null; done
        end=$(date +%s%N)
        echo $(((end - start) / STARTS / 1000))
    }
    s_us=999999999; p_us=999999999
    for ((round = 0; round < RUNS; round++)); do
        us=$(startup "$SQLITE3"); ((us < s_us)) && s_us=$us
        us=$(startup "$PLUME"); ((us < p_us)) && p_us=$us
    done
    awk -v ss="$s_us" -v ps="$p_us" 'BEGIN {
        printf "| %-22s | %6.1f ms          | %6.1f ms          | %5.2f× |        |\n", "start-up", ss / 1000, ps / 1000, ps / ss }'
fi
