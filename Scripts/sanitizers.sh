#!/usr/bin/env bash
# The test suites under sanitizers (issue #25): nightly-style, since each
# needs a build of its own that does not fit CI's 25-minute budget on two
# cores beside the ordinary build.
#
#   Scripts/sanitizers.sh [address|thread|all]     (default: all)
#
# address: the Persistence and FetchedResults suites under AddressSanitizer
#          (heap errors in C and unsafe Swift; scratch path .build-asan).
# thread:  the observation, pool and delivery suites under ThreadSanitizer
#          (data races; scratch path .build-tsan).
# Exit status: non-zero when a suite fails or a sanitizer reports.
#
# On this project's 2-core machines (2026-11-26, with other work beside it):
# the AddressSanitizer build 14.5 minutes, its 340 tests 8 minutes; the
# ThreadSanitizer build 12 minutes, its 46 tests 1.5 minutes. Both clean.
set -euo pipefail
cd "$(dirname "$0")/.."

which="${1:-all}"
case "$which" in
    address|thread|all) ;;
    *) echo "usage: Scripts/sanitizers.sh [address|thread|all]" >&2; exit 2 ;;
esac

# Swift Testing names tests Module.Suite/test; swift test --filter takes a
# regular expression over those names.
address_filter='^(PersistenceTests|FetchedResultsTests)\.'
thread_filter='\.(ChangeObservationTests|ChangeHistoryObservationTests|ExternalCommitDetectionTests|ConcurrencyTests|ValueObservationTests|ValueObservationStartTests|TypedRequestLiveTests|SlowConsumerTests|ReaderRefetchTests|DelegateTests|LiveControllerTests|LiveFetchRequestTests|ObservableFetchedResultsTests|FileReplacementTests|DatabaseUndoStackTests|UndoManagerAdapterTests|ObserverRegistryTests)/'

run() {
    local sanitizer=$1 scratch=$2 filter=$3 start=$SECONDS
    echo "== $sanitizer sanitizer: building" >&2
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
    echo "== $sanitizer sanitizer: built in $((SECONDS - start)) s; testing" >&2
    local tested=$SECONDS
    # A report makes the sanitizer end the process with a non-zero status.
    # Leaks are the fuzzers' job (Fuzz/run.sh with FUZZ_ADDRESS=1): at the
    # end of a test run, the runner and Foundation still hold memory.
    TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" ASAN_OPTIONS="detect_leaks=0 ${ASAN_OPTIONS:-}" \
        swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$filter"
    echo "== $sanitizer sanitizer: tests passed in $((SECONDS - tested)) s" >&2
}

if [ "$which" = address ] || [ "$which" = all ]; then run address .build-asan "$address_filter"; fi
if [ "$which" = thread ] || [ "$which" = all ]; then run thread .build-tsan "$thread_filter"; fi
