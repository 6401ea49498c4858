#!/bin/sh
# Fills Fuzz/corpus/ (libFuzzer's working corpus, not committed) with the seed specs: every spec
# in specs/ and every ```yaml block of docs/*.md, one file each.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mkdir -p "$here/corpus"
for spec in "$root"/specs/*.yaml; do cp "$spec" "$here/corpus/spec-$(basename "$spec")"; done
for doc in "$root"/docs/*.md; do
    awk -v out="$here/corpus/doc-$(basename "$doc" .md)" '
        /^```yaml/ { inside = 1; n += 1; file = out "-" n ".yaml"; printf "" > file; next }
        /^```/ && inside { inside = 0; close(file); next }
        inside { print >> file }
    ' "$doc"
done
echo "$(ls "$here/corpus" | wc -l) seeds in $here/corpus"
