#!/bin/sh
# Fills Fuzz/corpus/ (libFuzzer's working corpus, not committed) with the seed specs: every spec
# in specs/ and every ```yaml block of docs/*.md, one file each; then Fuzz/corpus-compiled/ with the
# compiled form ('specrun compile') of each of those that checks, of the test fixtures and of
# Tests/Fixtures/constructs/, which together use every operator, builtin, component kind and
# stream source of the catalogues (ConstructRoundTripTests fails when one is missing).
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

# The compiled seeds, with the specrun of this checkout (built if it is not yet).
bin="$(cd "$root" && swift build --product specrun >/dev/null && swift build --show-bin-path)/specrun"
mkdir -p "$here/corpus-compiled"
for spec in "$here"/corpus/*.yaml "$root"/Tests/Fixtures/*.yaml "$root"/Tests/Fixtures/constructs/*.yaml; do
    name=$(basename "$spec" .yaml)
    case "$spec" in "$root"/Tests/*) name="fixture-$name" ;; esac
    # A docs block that is a fragment, or a spec that is invalid on purpose, does not compile.
    (cd "$(dirname "$spec")" && "$bin" compile "$spec" --output "$here/corpus-compiled/$name.json") >/dev/null 2>&1 || true
done
echo "$(ls "$here/corpus-compiled" | wc -l) seeds in $here/corpus-compiled"
