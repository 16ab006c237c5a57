#!/usr/bin/env bash
# Lists, module by module, what the release plume's own object files use
# from full Foundation (swift-corelibs-foundation, and through it
# CoreFoundation, FoundationInternationalization and ICU) rather than from
# FoundationEssentials. One such reference makes the static link pull in
# full Foundation: ~36,000 more relative relocations, ~120 more imported
# symbols and ~165 more pages touched at launch (an empty static program
# using FoundationEssentials against one calling String(format:)).
#
#   Scripts/foundation-references.sh [SCRATCH [CONFIGURATION]]
#   Scripts/foundation-references.sh                  # .build-release release
#   Scripts/foundation-references.sh .build debug     # what CI runs
#
# Run it after Scripts/build-release.sh, or after any build of plume. Exits
# 1 when anything is listed: then the release plume links full Foundation
# again. CI checks the debug build its tests made (a debug object calls
# what the optimizer would inline: it lists more, seldom less);
# Scripts/build-release.sh checks the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-release}
configuration=${2:-release}
list=$(find "$scratch" -path "*/$configuration/plume.product/Objects.LinkFileList" | head -1)
[[ -n "$list" ]] || { echo "foundation-references: no $configuration plume link in $scratch (build plume first)" >&2; exit 2; }

# Foundation's Swift symbols carry the module in their mangling
# (10Foundation, also in extensions of standard-library types: $sSy10FoundationE...);
# FoundationInternationalization's likewise; CoreFoundation's are C.
pattern='10Foundation|31FoundationInternationalization|^_?_?CF[A-Z_]|^_?kCF'
status=0
for module in $(grep -oE "/$configuration/[^/]+\.build/" "$list" | sed "s|^/$configuration/||" | sort -u); do
    symbols=$(grep "/$configuration/$module" "$list" | xargs nm -u 2>/dev/null | awk '{print $2}' | grep -E "$pattern" | sort -u || true)
    [[ -z "$symbols" ]] && continue
    status=1
    echo "${module%.build/}: $(wc -l <<<"$symbols") symbols"
    swift demangle --simplified <<<"$symbols" | sed 's/^/    /'
done
exit $status
