#!/usr/bin/env bash
# Builds Plume's fuzz targets with libFuzzer and runs them (Fuzz/README.md).
#
#   Fuzz/run.sh --list              the targets, one a line
#   Fuzz/run.sh --build             build only
#   Fuzz/run.sh [TARGET] [SECONDS]  run one target (or each in turn, for
#                                   TARGET `all` or none) for SECONDS
#                                   (default 60) each
#
# Exit status: 0 when every run ended without a finding; 1 on a crash, a
# hang (an input running over 10 s), a leak or an out-of-memory; 2 on a
# usage or build error. Findings are written to Fuzz/.work/TARGET/
# (crash-*, timeout-*, leak-*, oom-*); new corpus entries go to
# Fuzz/.work/TARGET/corpus, the committed seeds staying in Fuzz/Corpus/.
#
# How it builds: `plume-fuzz` is an executable target of the main package
# (so `swift build` type-checks the targets). SwiftPM cannot link it with
# libFuzzer itself: it links every executable with `--defsym main=…_main`,
# which clashes with libFuzzer's `main`. So the script compiles the target
# and its dependencies (`swift build --target plume-fuzz` with
# PLUME_FUZZ_SANITIZERS set, which Package.swift turns into
# `-sanitize=fuzzer` and `-DPLUME_FUZZING` for Plume's own modules only:
# coverage where the checks are, and dependencies such as swift-syntax
# left as built) and links their object files with `swiftc
# -sanitize=fuzzer`. Swift's own checks (bounds, overflow, force unwraps)
# trap, which libFuzzer reports as a crash.
# Environment: FUZZ_JOBS (build jobs, default 2), FUZZ_FLAGS (more
# libFuzzer flags), FUZZ_ADDRESS=1 (build with AddressSanitizer too, in a
# scratch path of its own: heap errors in C and unsafe Swift, and leaks,
# which LeakSanitizer reports when a run ends or an input leaks),
# FUZZ_SCRATCH and FUZZ_CONFIGURATION (build in another scratch path and
# configuration: CI builds in debug in the `.build` its tests left, where
# only Plume's modules are compiled again).
set -uo pipefail
cd "$(dirname "$0")"
fuzz_dir=$(pwd)
sanitizers=fuzzer
scratch="$fuzz_dir/.build-fuzz"
if [ "${FUZZ_ADDRESS:-0}" = 1 ]; then
    sanitizers=fuzzer,address
    scratch="$fuzz_dir/.build-fuzz-address"
fi
scratch=${FUZZ_SCRATCH:-$scratch}
configuration=${FUZZ_CONFIGURATION:-release}
binary="$scratch/plume-fuzz"
targets=(select-outline migration-file shell-input change-set row-decoding date-text json-column csv-import database-file)

if [ "${1:-}" = "--list" ]; then
    printf '%s\n' "${targets[@]}"
    exit 0
fi

build() {
    ( cd .. && PLUME_FUZZ_SANITIZERS=$sanitizers nice swift build -c "$configuration" --scratch-path "$scratch" \
        --target plume-fuzz -j "${FUZZ_JOBS:-2}" ) || return 2
    local objects list="$scratch/$configuration/plume-fuzz.product/Objects.LinkFileList"
    if [ -f "$list" ]; then
        # SwiftPM's own list of the product's objects, when a build of the
        # whole package (`swift build`, `swift test`) planned the product.
        objects=$(cat "$list")
    else
        # Every object of the build but those of the other executables and
        # tests (which `--target plume-fuzz` does not build afresh, but an
        # earlier build in this scratch path may have left).
        objects=$(find "$scratch/$configuration/" -path '*.build/*' -name '*.o' \
            | grep -v -E '/[^/]*Tests\.build/|/plume\.build/|/plume_oom_sweep\.build/|-tool\.build/|/PlumeCLI\.build/|/PlumeExamples\.build/')
    fi
    # Linked again only when an object is newer than the binary, so that
    # a second run.sh beside a first one leaves its binary alone.
    # shellcheck disable=SC2086
    if [ -x "$binary" ] && [ -z "$(find $objects -newer "$binary" -print -quit)" ]; then
        return 0
    fi
    rm -f "$binary"
    # gold warns that it cannot export some sanitizer symbols: harmless.
    # shellcheck disable=SC2086
    nice swiftc -sanitize=$sanitizers -Xlinker --gc-sections $objects -lsqlite3 -lreadline -lz -o "$binary" 2>&1 \
        | grep -v 'Cannot export' || true
    [ -x "$binary" ] || return 2
}

if [ "${1:-}" = "--build" ]; then
    build
    exit $?
fi

selected=("${targets[@]}")
if [ $# -ge 1 ] && [ "$1" != all ]; then
    if ! printf '%s\n' "${targets[@]}" | grep -qx -- "$1"; then
        echo "run.sh: unknown target '$1' (Fuzz/run.sh --list names them)" >&2
        exit 2
    fi
    selected=("$1")
fi
seconds=${2:-60}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "run.sh: SECONDS must be a whole number of seconds, not '$seconds'" >&2
    exit 2
fi

build || { echo "run.sh: the fuzz build failed" >&2; exit 2; }

status=0
for target in "${selected[@]}"; do
    work="$fuzz_dir/.work/$target"
    mkdir -p "$work/corpus"
    dictionary=()
    [ -f "$fuzz_dir/Dictionaries/$target.dict" ] && dictionary=(-dict="$fuzz_dir/Dictionaries/$target.dict")
    echo "== $target, $seconds s"
    # The target's working directory is its scratch directory: files it
    # writes (and any a fuzzed SQL statement might) land there.
    # SWIFT_BACKTRACE=enable=no: after a trap, Swift's backtracer would
    # otherwise hang the process instead of letting libFuzzer report it.
    # shellcheck disable=SC2086
    ( cd "$work" && PLUME_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no \
        timeout --kill-after=30 $((seconds + 120)) "$binary" "$work/corpus" "$fuzz_dir/Corpus/$target" \
        "${dictionary[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
        -print_final_stats=1 -artifact_prefix="$work/" ${FUZZ_FLAGS:-} ) 2>&1 | tee "$work/last-run.log" \
        | grep -E '^(#[0-9]+[[:space:]]+DONE|Done|stat::|==[0-9]+== ERROR|SUMMARY|.*Test unit written|.*Fatal error)'
    code=${PIPESTATUS[0]}
    if [ "$code" -ne 0 ]; then
        echo "run.sh: $target found something (exit $code): see $work/last-run.log" >&2
        # -close_fd_mask hid the target's own message: replay the input.
        finding=$(ls -t "$work"/crash-* "$work"/timeout-* "$work"/leak-* "$work"/oom-* 2>/dev/null | head -1)
        if [ -n "$finding" ]; then
            echo "run.sh: replaying $finding:" >&2
            ( cd "$work" && PLUME_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no timeout 60 "$binary" "$finding" 2>&1 \
                | grep -E 'Fatal error|ERROR' | head -5 ) >&2
        fi
        status=1
    fi
done
exit $status
