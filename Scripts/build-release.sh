#!/usr/bin/env bash
# Builds plume and plume-sync as they are installed: release, with Swift's
# runtime and Foundation linked statically and no exported symbols.
#
#   Scripts/build-release.sh [DESTINATION]
#
# The binaries go to .build-release/release/plume and plume-sync; with
# DESTINATION, both are copied there (the demo's migrations are compiled
# into plume).
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

# Hardened as Debian's sqlite3: a PIE (the executable's own addresses
# randomized too), full RELRO and BIND_NOW, a non-executable stack (the
# `plume` target's linker settings in Package.swift), the stack protector
# (Swift's default). An earlier build linked a position-dependent plume
# to skip the ~89,000 relative relocations a PIE applies at launch; ASLR
# comes first. With PLUME_LINKER=lld (the lld of the Swift toolchain),
# those relocations are packed (`-z pack-relative-relocs`, DT_RELR, read by
# glibc 2.36 and later): a 17 KB table instead of 2.1 MB, but no faster a
# start (the pages the relocations write are the same; README.md has the
# figures). Gold, Swift's default linker on Linux, has no such option.
linker_flags=()
if [[ "${PLUME_LINKER:-}" == lld ]]; then
    linker_flags=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
fi
# Concrete type metadata through accessor functions, not mangled names the
# runtime demangles at first use: a generic type with a protocol
# requirement (the first `[String: Statement]`) made the runtime scan every
# protocol conformance record of the binary, ~290,000 instructions each
# time. `plume :memory: "SELECT 1"` runs 14% fewer instructions
# (4.11 → 3.52 million); the code the compiler emits for pre-5.1 runtimes.
swift build -c release --product plume --static-swift-stdlib \
    --scratch-path .build-release \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
    -Xlinker -L"$PWD/$static_cxx" \
    -Xlinker --version-script="$PWD/Scripts/plume.exports" \
    "${linker_flags[@]}"

# The hardening, as readelf sees it (exit 1 when something is missing).
Scripts/check-hardening.sh .build-release/release/plume

# No full Foundation (CoreFoundation, ICU): ~40,000 relocations and ~165
# pages more at every start (exit 1, naming the symbols, when one is used).
Scripts/foundation-references.sh .build-release release

# `plume sync` runs the plume-sync program installed next to plume: the
# HTTP client, the server and PostgreSQL's driver stay out of the shell.
# Hardened the same way, its symbols hidden the same way.
swift build -c release --product plume-sync --static-swift-stdlib \
    --scratch-path .build-release \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
    -Xlinker -L"$PWD/$static_cxx" \
    -Xlinker --version-script="$PWD/Scripts/plume.exports" \
    "${linker_flags[@]}"
Scripts/check-hardening.sh .build-release/release/plume-sync

if [[ $# -gt 0 ]]; then
    mkdir -p "$1"
    cp .build-release/release/plume .build-release/release/plume-sync "$1"/
fi
