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

# libstdc++ statically too (the Swift runtime is its only user): a
# directory that holds only its archive, searched first, makes the
# driver's -lstdc++ find the archive. GCC's runtime library exception
# allows this.
static_cxx=.build-release/static-libstdc++
archive=$(c++ -print-file-name=libstdc++.a 2>/dev/null || clang -print-file-name=libstdc++.a)
mkdir -p "$static_cxx"
ln -sf "$archive" "$static_cxx/libstdc++.a"

# Position-dependent (-no-pie): a PIE plume has ~89,000 relative
# relocations, and applying them at launch writes (copies) some 250
# pages of Swift metadata that a short run never reads otherwise.
# Libraries, heap and stack stay randomized; the executable's own
# addresses do not.
swift build -c release --product plume --static-swift-stdlib \
    --scratch-path .build-release \
    -Xlinker -L"$PWD/$static_cxx" \
    -Xlinker -no-pie \
    -Xlinker --version-script="$PWD/Scripts/plume.exports"

if [[ $# -gt 0 ]]; then
    mkdir -p "$1"
    cp -R .build-release/release/plume .build-release/release/Plume_PlumeCLI.resources "$1"/
fi
