#!/bin/sh
# Builds the libFuzzer targets from the library sources, with the same compiler as the package
# (swiftc -sanitize=fuzzer): `Fuzz/.build/specrun-fuzz` (spec files, `Fuzz/Sources/FuzzEntry.swift`)
# and `Fuzz/.build/specrun-compiled-fuzz` (compiled programs, `Fuzz/Sources/CompiledFuzzEntry.swift`,
# linked with SpecRuntime and SpecProgram alone, as an app that plays compiled specs is).
# Usage: Fuzz/build.sh [--asan]   (run from anywhere; needs swiftc and libyaml-dev)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out="$here/.build"
mkdir -p "$out"
sanitize="fuzzer"
if [ "${1:-}" = "--asan" ]; then sanitize="fuzzer,address"; fi
flags="-O -g -sanitize=$sanitize -parse-as-library -package-name specrun -I $root/Sources/CYaml -I $out"

# SpecProgram (the checked program, Foundation only), SpecRuntime (the engine, on SpecProgram,
# which it re-exports) and ScreenSpec (the front end, on libyaml and both) are compiled as the
# package compiles them (three modules, `package` access between them, bottom first), into static
# libraries, then linked with the entry point.
swiftc $flags -module-name SpecProgram -emit-module -emit-module-path "$out/SpecProgram.swiftmodule" \
    -emit-library -static -o "$out/libSpecProgram.a" $(find "$root/Sources/SpecProgram" -name '*.swift' | sort)
swiftc $flags -module-name SpecRuntime -emit-module -emit-module-path "$out/SpecRuntime.swiftmodule" \
    -emit-library -static -o "$out/libSpecRuntime.a" $(find "$root/Sources/SpecRuntime" -name '*.swift' | sort)
swiftc $flags -module-name ScreenSpec -emit-module -emit-module-path "$out/ScreenSpec.swiftmodule" \
    -emit-library -static -o "$out/libScreenSpec.a" $(find "$root/Sources/ScreenSpec" -name '*.swift' | sort)
swiftc $flags -module-name SpecRunFuzz -o "$out/specrun-fuzz" "$here/Sources/FuzzEntry.swift" \
    -L "$out" -lScreenSpec -lSpecRuntime -lSpecProgram -lyaml
swiftc $flags -module-name SpecRunCompiledFuzz -o "$out/specrun-compiled-fuzz" "$here/Sources/CompiledFuzzEntry.swift" \
    -L "$out" -lSpecRuntime -lSpecProgram
echo "built $out/specrun-fuzz and $out/specrun-compiled-fuzz"
