#!/bin/sh
# The error and fault types under Sources/ (issue 28's "38 error or fault
# types"): every struct, enum, class or actor declared, nested ones too and at
# any access level, whose name ends in Error, Fault, Problem or Failure, or
# whose inheritance clause names Error. Typealiases and extensions declare no
# type. Names are matched, not meanings: SwivelPOSIX's StandardError (a stream)
# counts, a kind enum such as FaultKind does not. Prints "module/file: Name"
# sorted, then the count.
# Usage: bench/error-types.sh [TREE]   (a checkout's root; default .)
set -eu
cd "${1:-.}"
grep -rnoE --include='*.swift' \
    '^[[:space:]]*((public|package|internal|fileprivate|private|final|indirect|@[A-Za-z]+)[[:space:]]+)*(struct|enum|class|actor)[[:space:]]+[A-Za-z0-9_]+[^{]*' Sources |
    awk '{
        split($0, parts, ":"); file = parts[1]; sub(/^[^:]*:[0-9]+:/, "")
        for (i = 1; i <= NF; i++) if ($i ~ /^(struct|enum|class|actor)$/) { name = $(i + 1); break }
        sub(/[<:(].*/, "", name)
        idx = index($0, ":"); clause = idx ? substr($0, idx) : ""
        if (name ~ /(Error|Fault|Problem|Failure)$/ || clause ~ /(^|[^A-Za-z])Error([^A-Za-z]|$)/) {
            sub(/^Sources\//, "", file); sub(/^(Core|Platform|Hardware|Runtime|Host|Tools|Backends\/[^\/]+)\//, "", file); sub(/\.swift$/, "", file); print file ": " name
        }
    }' | sort > "${TMPDIR:-/tmp}/error-types.$$"
cat "${TMPDIR:-/tmp}/error-types.$$"
echo "$(wc -l < "${TMPDIR:-/tmp}/error-types.$$") types"
rm -f "${TMPDIR:-/tmp}/error-types.$$"
