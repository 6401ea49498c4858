#!/usr/bin/env bash
# What the build-tool plugin promises when a spec changes under the Swift that uses it
# (docs/generated-code.md), tried on this package in place and restored afterwards:
#  1. an output renamed in a spec fails the build at the Swift line that used the old name, and a
#     view model written by hand to the spec's contract no longer conforms to it;
#  2. a spec that does not check fails the build at the spec's line.
# Run after `swift build --build-tests --package-path Examples/TypedApp` (.ci/run does).
set -euo pipefail
cd "$(dirname "$0")"
spec=Sources/TypedScreens/specs/login.yaml
saved="$(mktemp)"
cp "$spec" "$saved"
restore() { cp "$saved" "$spec"; rm -f "$saved"; }
trap restore EXIT
log="$(mktemp)"

# 1. canLogin -> canSignIn, everywhere in the spec: the spec still checks, the Swift does not.
sed 's/canLogin/canSignIn/g' "$saved" > "$spec"
if swift build --target TypedScreensTests > "$log" 2>&1; then
    cat "$log"; echo "the build passed with an output renamed under its Swift users" >&2; exit 1
fi
line="$(grep -n 'let valid: Bool = screen.canLogin' Tests/TypedScreensTests/LoginScreenTests.swift | cut -d: -f1)"
if ! grep -Eq "LoginScreenTests.swift:$line:[0-9]+: error: value of type 'LoginScreen' has no member 'canLogin'" "$log"; then
    cat "$log"; echo "the renamed output did not fail at LoginScreenTests.swift:$line" >&2; exit 1
fi
echo "renamed output: the build failed at LoginScreenTests.swift:$line, as it should"
if swift build --target AppViewModels > "$log" 2>&1; then
    cat "$log"; echo "a view model without the renamed output still conformed to the contract" >&2; exit 1
fi
if ! grep -Eq "LoginViewModel.swift:[0-9]+:[0-9]+: error: type 'LoginViewModel' does not conform to protocol 'LoginViewModeling'" "$log"; then
    cat "$log"; echo "the renamed output did not break LoginViewModel's conformance" >&2; exit 1
fi
echo "renamed output: LoginViewModel no longer conforms to LoginViewModeling, as it should"

# 2. A misspelt name in the spec: the build fails at the spec's line and column.
sed 's/  canLogin: email.count/  canLogin: emial.count/' "$saved" > "$spec"
if swift build --target TypedScreens > "$log" 2>&1; then
    cat "$log"; echo "the build passed with a broken spec" >&2; exit 1
fi
if ! grep -Eq "login.yaml:11:13: error: unknown name 'emial'" "$log"; then
    cat "$log"; echo "the broken spec did not fail at login.yaml:11:13" >&2; exit 1
fi
echo "broken spec: the build failed at login.yaml:11:13, as it should"
restore
trap - EXIT
# Back to the shipped spec: the build passes again.
swift build --build-tests > "$log" 2>&1 || { cat "$log"; exit 1; }
rm -f "$log"
