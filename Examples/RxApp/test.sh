#!/usr/bin/env bash
# Builds and tests the RxSwift shape of generated screens against local copies of RxSwift 6 and
# Action 5, for a machine that cannot reach GitHub (docs/generated-code.md, "RxSwift"):
#
#   git clone --branch 6.10.2 https://github.com/ReactiveX/RxSwift.git /somewhere/RxSwift
#   git clone --branch 5.0.0 https://github.com/RxSwiftCommunity/Action.git /somewhere/Action
#   Examples/RxApp/test.sh /somewhere/RxSwift /somewhere/Action
#
# Neither copy belongs in this repository. With network access, `swift test --package-path
# Examples/RxApp` resolves both from GitHub instead.
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 RXSWIFT_CHECKOUT ACTION_CHECKOUT" >&2
    exit 64
fi
rxswift="$(cd "$1" && pwd)"
action="$(cd "$2" && pwd)"
cd "$(dirname "$0")"
export RXSWIFT_PATH="$rxswift" ACTION_PATH="$action"
swift build --build-tests
swift test
