#!/usr/bin/env bash
# Builds and tests the seeds' RxSwift view models against their specs (SpecConformance on RxTest's
# TestScheduler) with a local copy of RxSwift 6, for a machine that cannot reach GitHub
# (docs/conformance.md, issue 38):
#
#   git clone --branch 6.10.2 https://github.com/ReactiveX/RxSwift.git /somewhere/RxSwift
#   Examples/RxConformance/test.sh /somewhere/RxSwift
#
# The copy does not belong in this repository. With network access, `swift test --package-path
# Examples/RxConformance` resolves RxSwift from GitHub instead.
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 RXSWIFT_CHECKOUT" >&2
    exit 64
fi
rxswift="$(cd "$1" && pwd)"
cd "$(dirname "$0")"
export RXSWIFT_PATH="$rxswift"
swift build --build-tests
swift test
