#!/usr/bin/env bash
# Prints the hardening of ELF binaries as readelf reports it, one row
# each, and exits 1 when a binary lacks one of: PIE, full RELRO (GNU_RELRO
# and BIND_NOW), a non-executable stack, the stack protector.
#
#   Scripts/check-hardening.sh BINARY...
#   Scripts/check-hardening.sh .build-release/release/plume /usr/bin/sqlite3
#
# FORTIFY is reported (the *_chk functions a binary calls) but not
# required: Plume's own code is Swift, and the C it compiles (the header
# shims of CSQLite) calls no function FORTIFY checks.
set -uo pipefail
status=0
printf '%-40s %-4s %-6s %-9s %-7s %-12s %-8s %s\n' binary PIE RELRO BIND_NOW NX-stack stack-prot FORTIFY relocations
for binary in "$@"; do
    header=$(readelf -hW "$binary") || { echo "check-hardening: cannot read $binary" >&2; exit 2; }
    dynamic=$(readelf -dW "$binary")
    segments=$(readelf -lW "$binary")
    symbols=$(readelf -sW --dyn-syms "$binary" 2>/dev/null)
    pie=no; grep -q 'Type: *DYN' <<<"$header" && grep -q 'PIE' <<<"$dynamic" && pie=yes
    relro=no; grep -q 'GNU_RELRO' <<<"$segments" && relro=yes
    now=no; grep -Eq 'BIND_NOW|Flags:.* NOW' <<<"$dynamic" && now=yes
    nx=no; grep -E 'GNU_STACK' <<<"$segments" | grep -qv 'RWE' && nx=yes
    protector=no; grep -q '__stack_chk_fail' <<<"$symbols" && protector=yes
    fortify=$(grep -oE '__[a-z0-9_]+_chk' <<<"$symbols" | grep -v stack_chk | sort -u | wc -l)
    relocations=$(readelf -rW "$binary" | grep -cE 'R_X86_64_RELATIVE|R_AARCH64_RELATIVE')
    relr=$(readelf -dW "$binary" | grep -c 'RELR')
    [ "$relr" -gt 0 ] && relocations="$relocations (+RELR)"
    printf '%-40s %-4s %-6s %-9s %-7s %-12s %-8s %s\n' "$binary" $pie $relro $now $nx $protector "$fortify" "$relocations"
    for flag in $pie $relro $now $nx $protector; do [ "$flag" = yes ] || status=1; done
done
exit $status
