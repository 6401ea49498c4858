#!/usr/bin/env bash
# Compares instruction counts with the figures docs/performance.md states, and fails when one is
# more than 3 % off (either way: a figure that got better is stale too). Instructions, not seconds:
# callgrind counts the same on a loaded machine as on an idle one, so the check holds anywhere.
#
# The figures are the table between `<!-- instruction-figures -->` and
# `<!-- /instruction-figures -->` in docs/performance.md, one row per figure:
#
#   | what | `workload NAME N` | per | instructions |
#
# Each figure is (Ir of `workload NAME N` - Ir of `workload NAME 0`) / divisor, where the run at 0
# pays for loading the spec and starting up, so only the work remains. The divisor is N, except
# for a figure "per distinct state", whose divisor is the number of distinct states the N run
# reports minus the 0 run's. An environment assignment before `workload` (`SPEC=events`) is kept.
#
# Usage: Benchmarks/check-instructions.sh [--update] [--no-build] [--tolerance PERCENT]
#   --update     write the measured figures into the table instead of failing (the whole file
#                is written to a temporary file and moved into place)
#   --no-build   use the workload already built in Benchmarks/.build/release
# Needs valgrind (callgrind). Takes a few minutes: each figure is two runs under callgrind.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
doc="$root/docs/performance.md"
update=0
build=1
tolerance=3
while [ $# -gt 0 ]; do
    case "$1" in
        --update) update=1 ;;
        --no-build) build=0 ;;
        --tolerance) shift; tolerance="$1" ;;
        *) echo "usage: $0 [--update] [--no-build] [--tolerance PERCENT]" >&2; exit 64 ;;
    esac
    shift
done
command -v valgrind >/dev/null || { echo "check-instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
if [ "$build" = 1 ]; then
    swift build -c release --package-path "$root/Benchmarks" --product workload >&2
fi
workload="$root/Benchmarks/.build/release/workload"
[ -x "$workload" ] || { echo "check-instructions: $workload is not built" >&2; exit 2; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The rows of the table: what|command|per|figure, the cells without their padding and backticks.
rows="$(awk '
    /<!-- instruction-figures -->/ { inside = 1; next }
    /<!-- \/instruction-figures -->/ { inside = 0 }
    inside && /^\| / && !/^\| what / && !/^\|---/ {
        n = split($0, cell, "|")
        out = ""
        for (i = 2; i < n; i++) { c = cell[i]; gsub(/^ +| +$/, "", c); gsub(/`/, "", c); out = out (i > 2 ? "|" : "") c }
        print out
    }' "$doc")"
[ -n "$rows" ] || { echo "check-instructions: no figures found in $doc" >&2; exit 2; }

# Instructions of one run, and what it reported (the number after the workload's "what").
measure() { # measure ENVIRONMENT NAME SIZE -> "IR RESULT"
    local out="$scratch/cg.out" log="$scratch/run.log"
    env $1 valgrind --tool=callgrind --callgrind-out-file="$out" "$workload" "$2" "$3" < /dev/null > "$log" 2> "$scratch/valgrind.log" || {
        cat "$log" "$scratch/valgrind.log" >&2; echo "check-instructions: workload $2 $3 failed" >&2; exit 1; }
    local ir result
    ir="$(awk '/^summary:/ { print $2 }' "$out")"
    # "NAME SIZE: distinct states (…) 123 in …" or "NAME SIZE: emissions 456 in …": the last number before " in ".
    result="$(sed -n 's/.* \([0-9][0-9]*\) in .*/\1/p' "$log" | tail -1)"
    echo "$ir ${result:-0}"
}

failed=0
updated="$scratch/performance.md"
cp "$doc" "$updated"
printf '%-44s %14s %14s %9s\n' "figure" "docs" "measured" "change"
while IFS='|' read -r what command per figure; do
    # "SPEC=events workload explore-one 8" -> environment "SPEC=events", name, size.
    environment="$(echo "$command" | sed -n 's/^\(\([A-Z_]*=[^ ]* \)*\)workload .*/\1/p')"
    set -- $(echo "$command" | sed 's/^.*workload //')
    name="$1" size="$2"
    read -r ir_n result_n <<< "$(measure "$environment" "$name" "$size")"
    read -r ir_0 result_0 <<< "$(measure "$environment" "$name" 0)"
    case "$per" in
        "distinct state") divisor=$((result_n - result_0)) ;;
        *) divisor="$size" ;;
    esac
    [ "$divisor" -gt 0 ] || { echo "check-instructions: '$what' measured nothing to divide by" >&2; exit 1; }
    measured="$(awk -v a="$ir_n" -v b="$ir_0" -v d="$divisor" 'BEGIN { printf "%.1f", (a - b) / d }')"
    documented="$(echo "$figure" | tr -d ',')"
    change="$(awk -v m="$measured" -v d="$documented" 'BEGIN { printf "%+.2f", (m - d) / d * 100 }')"
    printf '%-44s %14s %14s %8s%%\n' "$what" "$documented" "$measured" "$change"
    if awk -v c="$change" -v t="$tolerance" 'BEGIN { exit !(c > t || c < -t) }'; then
        failed=1
    fi
    if [ "$update" = 1 ]; then
        pretty="$(awk -v m="$measured" 'BEGIN { s = sprintf("%.1f", m); split(s, p, "."); i = p[1]; o = "";
            while (length(i) > 3) { o = "," substr(i, length(i) - 2) o; i = substr(i, 1, length(i) - 3) } print i o "." p[2] }')"
        awk -v what="$what" -v old="$figure" -v new="$pretty" '
            /<!-- instruction-figures -->/ { inside = 1 }
            /<!-- \/instruction-figures -->/ { inside = 0 }
            inside && index($0, "| " what " |") == 1 { sub(old " \\|$", new " |") }
            { print }' "$updated" > "$updated.next"
        mv "$updated.next" "$updated"
    fi
done <<< "$rows"

if [ "$update" = 1 ]; then
    cp "$updated" "$doc.tmp.$$" && mv "$doc.tmp.$$" "$doc"
    echo "check-instructions: wrote the measured figures into docs/performance.md"
    exit 0
fi
if [ "$failed" = 1 ]; then
    echo "check-instructions: a figure is more than $tolerance % off docs/performance.md; if the change is meant, run with --update and say why in the docs" >&2
    exit 1
fi
echo "check-instructions: every figure within $tolerance % of docs/performance.md"
