#!/usr/bin/env bash
# Runs the change history's seeded adversarial soak (HistorySoakTests) long:
# many seeds, many steps each, every step compared with a fresh fetch.
#
#   Scripts/history-soak.sh [STEPS] [SEEDS]     (defaults: 200 steps, 8 seeds)
#
# CI runs the same test with 10 steps and 2 seeds.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLUME_SOAK_STEPS="${1:-200}"
export PLUME_SOAK_SEEDS="${2:-8}"
swift build --build-tests
swift test --skip-build --filter 'HistorySoakTests|HistoryFastPathTests'
