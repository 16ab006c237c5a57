#!/usr/bin/env bash
# Builds the plume binary as it is installed: release, with Swift's
# runtime and Foundation linked statically and no exported symbols.
#
#   Scripts/build-release.sh [DESTINATION]
#
# The binary goes to .build-release/release/plume (with its resource
# bundle beside it); with DESTINATION, both are copied there too.
#
# Why static: a dynamically linked plume loads 20 shared libraries
# (Foundation and ICU among them) and spends most of a short run in the
# dynamic loader: `plume :memory: "SELECT 1"` took ~7× sqlite3's CPU time
# dynamically, ~2.6× statically (Scripts/shell-speed.sh measures it). The
# binary grows from ~30 MB to ~100 MB (~80 MB without debug information).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product plume --static-swift-stdlib \
    --scratch-path .build-release \
    -Xlinker --version-script="$PWD/Scripts/plume.exports"

if [[ $# -gt 0 ]]; then
    mkdir -p "$1"
    cp -R .build-release/release/plume .build-release/release/Plume_PlumeCLI.resources "$1"/
fi
