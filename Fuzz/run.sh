#!/bin/sh
# Runs the fuzzer at the lowest priority, one process, for SECONDS seconds in total (default 3600),
# restarting it after each finding so the campaign continues; findings land in Fuzz/artifacts/
# (crash-*, timeout-*, oom-*) and the log in Fuzz/fuzz.log.
# TARGET is 'spec' (spec files, the default) or 'compiled' (compiled programs); the latter's
# findings land in Fuzz/artifacts-compiled/ and its log in Fuzz/fuzz-compiled.log.
# Usage: Fuzz/build.sh && Fuzz/make-corpus.sh && Fuzz/run.sh [SECONDS] [TARGET]
set -u
here=$(cd "$(dirname "$0")" && pwd)
total=${1:-3600}
case "${2:-spec}" in
    spec) binary=specrun-fuzz; corpus=corpus; artifacts=artifacts; log=fuzz.log
          options="-dict=$here/specrun.dict -max_len=8192" ;;
    compiled) binary=specrun-compiled-fuzz; corpus=corpus-compiled; artifacts=artifacts-compiled; log=fuzz-compiled.log
          options="-dict=$here/compiled.dict -max_len=65536" ;;
    *) echo "usage: $0 [SECONDS] [spec|compiled]" >&2; exit 64 ;;
esac
mkdir -p "$here/$artifacts" "$here/$corpus"
start=$(date +%s)
while :; do
    left=$((total - ($(date +%s) - start)))
    [ "$left" -gt 0 ] || break
    # shellcheck disable=SC2086 # the options are words
    nice -n 19 "$here/.build/$binary" $options -timeout=10 \
        -rss_limit_mb=2048 -max_total_time="$left" -print_final_stats=1 \
        -artifact_prefix="$here/$artifacts/" "$here/$corpus" >>"$here/$log" 2>&1
    echo "=== fuzzer exited with $? after $(($(date +%s) - start)) s" >>"$here/$log"
done
echo "fuzzed for $(($(date +%s) - start)) s; findings: $(ls "$here/$artifacts" | wc -l) (see $here/$artifacts)"
