#!/bin/sh
# Runs the fuzzer at the lowest priority, one process, for SECONDS seconds in total (default 3600),
# restarting it after each finding so the campaign continues; findings land in Fuzz/artifacts/
# (crash-*, timeout-*, oom-*) and the log in Fuzz/fuzz.log.
# Usage: Fuzz/build.sh && Fuzz/make-corpus.sh && Fuzz/run.sh [SECONDS]
set -u
here=$(cd "$(dirname "$0")" && pwd)
total=${1:-3600}
mkdir -p "$here/artifacts" "$here/corpus"
start=$(date +%s)
while :; do
    left=$((total - ($(date +%s) - start)))
    [ "$left" -gt 0 ] || break
    nice -n 19 "$here/.build/specrun-fuzz" -dict="$here/specrun.dict" -max_len=8192 -timeout=10 \
        -rss_limit_mb=2048 -max_total_time="$left" -print_final_stats=1 \
        -artifact_prefix="$here/artifacts/" "$here/corpus" >>"$here/fuzz.log" 2>&1
    echo "=== fuzzer exited with $? after $(($(date +%s) - start)) s" >>"$here/fuzz.log"
done
echo "fuzzed for $(($(date +%s) - start)) s; findings: $(ls "$here/artifacts" | wc -l) (see $here/artifacts)"
